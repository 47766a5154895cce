"""The recording probe: ``wobbletop play GAME --record F`` in a real child process (SDL's dummy
driver), ended by each of the ways a player ends a game, then every recording checked.

:func:`start_game` runs the command through :data:`WRAPPER`, which adds observations and, for
the endings that happen in the window, the player's own key presses (posted as real pygame
events into the app's loop). Nothing is timed: the wrapper writes a *ready* file once the game
has got somewhere (``READY_FRAMES`` physics frames, and in Free play a drag of the top disk
done), and the test acts only then. The wrapper also appends one JSON line to a *log* each time
a game is left (its frame and digest at that moment), so the test knows what each recording
must replay to.

The endings (:data:`ENDINGS`):

* ``close``: the window's close button (a ``QUIT`` event);
* ``esc``: Esc to the menu, then Esc again, which quits from the menu;
* ``f5``: F5 restarts (the first game's recording), the next game gets somewhere, then the
  window is closed (the second game's recording);
* ``sigint2``: Ctrl-C twice in a row, as a double tap;
* ``sigterm``, ``sighup``: ``kill`` and a hang-up sent to the process group;
* ``terminal``: the command runs on a pseudo-terminal as its controlling terminal, and the
  terminal is closed (the kernel sends SIGHUP, and writing to it fails from then on).
"""

from __future__ import annotations

import fcntl
import json
import os
import pty
import signal
import sys
import termios
from dataclasses import dataclass
from pathlib import Path

from games.runs.regress import check_file
from games.runs.scenario import load_scenario
from tests.waiting import Spawn, finish, wait_until

REPO_ROOT = Path(__file__).resolve().parent.parent
READY_FRAMES = 90  # physics frames played before the test ends the game (1.5 s of play)
GAMES = ("freeplay", "wallamoppi", "animals", "stonewall", "malloppo", "whacky")
ENDINGS = ("close", "esc", "f5", "sigint2", "sigterm", "sighup", "terminal")
SIGNAL_CODES = {"sigint2": 130, "sigterm": 143, "sighup": 129, "terminal": 129}

# ``python -c WRAPPER READY LOG ENDING ARGS``: ``wobbletop ARGS`` (games.cli.command, as
# ``python -m games`` runs it) with the observations and key presses described above.
WRAPPER = """\
import json, os, sys
import pygame
from games.ui.app import App

ready, log, ending = sys.argv[1:4]
del sys.argv[1:4]
READY_FRAMES = int(os.environ["PROBE_READY_FRAMES"])
state = {"games": 0, "ready": 0, "done": set(), "drag": {}}
step_frame, leave_game = App.step_frame, App.leave_game


def post(kind, **fields):
    pygame.event.post(pygame.event.Event(kind, **fields))


def key(code):
    post(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)
    post(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0)


def drag_free_play(game):
    # Free play has no computer seats: drag the top disk aside, as a player would.
    drag = state["drag"].setdefault(state["games"], {"step": 0})
    step = drag["step"]
    if step == 0:
        x, y = game.session.world.pieces["disk4"].position
        drag["points"] = [game.view.camera.to_screen(p) for p in
                          [(x, y), (x, y + 40), (x + 40, y + 60), (x + 90, 40.0)]]
        post(pygame.MOUSEBUTTONDOWN, pos=drag["points"][0], button=1)
    elif step <= 3:
        post(pygame.MOUSEMOTION, pos=drag["points"][step], rel=(1, 1), buttons=(1, 0, 0))
    elif step == 10:
        post(pygame.MOUSEBUTTONUP, pos=drag["points"][-1], button=1)
    drag["step"] = step + 1
    return step > 10


def got_somewhere(game):
    dragged = game.spec.id != "freeplay" or drag_free_play(game)
    return dragged and game.session.frame >= READY_FRAMES


def announce(path, text):
    with open(path + ".tmp", "w") as handle:
        handle.write(text)
    os.replace(path + ".tmp", path)


def probing_step_frame(self, seconds=None):
    running = step_frame(self, seconds)
    game = self.game
    if game is None:
        if ending == "esc" and "esc1" in state["done"] and "esc2" not in state["done"]:
            state["done"].add("esc2")
            key(pygame.K_ESCAPE)  # Esc on the menu quits
        return running
    if not got_somewhere(game) or state["ready"] > state["games"]:
        return running
    state["ready"] = state["games"] + 1
    if ending == "close" or (ending == "f5" and "f5" in state["done"]):
        post(pygame.QUIT)
    elif ending == "esc":
        state["done"].add("esc1")
        key(pygame.K_ESCAPE)
    elif ending == "f5" and "f5" not in state["done"]:
        state["done"].add("f5")
        key(pygame.K_F5)
    else:
        announce(ready, json.dumps({"frame": game.session.frame}))
    return running


def noting_leave_game(self):
    game = self.game
    if game is not None and not game.replay:
        state["games"] += 1
        with open(log, "a") as handle:
            handle.write(json.dumps({"game": game.session.game_id, "frame": game.session.frame,
                                     "digest": game.session.digest()}) + "\\n")
    return leave_game(self)


in_save = os.environ.get("PROBE_SIGNAL_IN_SAVE")
if in_save:  # the worst moment: the signal (twice) comes while the first recording is written
    import signal
    import games.runs.scenario as scenario

    write = scenario.write_text_atomically

    def signalling_write(path, text):
        if "signalled" not in state["done"]:
            state["done"].add("signalled")
            os.kill(os.getpid(), getattr(signal, in_save))
            os.kill(os.getpid(), getattr(signal, in_save))
        return write(path, text)

    scenario.write_text_atomically = signalling_write
App.step_frame = probing_step_frame
App.leave_game = noting_leave_game
from games.cli import command

raise SystemExit(command())
"""


@dataclass
class Ended:
    """What one probe run left: the exit code, stderr, each game's note and the recordings."""

    code: int
    stderr: str
    notes: list[dict[str, object]]
    recordings: list[Path]


def game_arguments(game: str) -> list[str]:
    seats = [] if game == "freeplay" else ["--seats", "computer,computer"]
    return ["play", game, "--seed", "3", *seats]


def environment() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "WOBBLETOP_CONFIG"}
    env.update(
        PYTHONPATH=str(REPO_ROOT),
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PROBE_READY_FRAMES=str(READY_FRAMES),
    )
    return env


def _foreground_job(terminal: int | None) -> None:
    """In the child before it runs: a terminal's foreground job (Ctrl-C not ignored), on the
    pseudo-terminal ``terminal`` as its controlling terminal when given."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    if terminal is not None:
        fcntl.ioctl(terminal, termios.TIOCSCTTY, 0)


def play_and_end(
    spawn: Spawn, tmp_path: Path, game: str, ending: str, *, signal_in_save: str = ""
) -> Ended:
    """Play ``game`` with ``--record`` in a child process and end it by ``ending``; with
    ``signal_in_save`` (a signal's name), that signal comes twice while the first recording
    is being written."""
    record, ready, log = tmp_path / "rec.toml", tmp_path / "ready", tmp_path / "log.jsonl"
    argv = [sys.executable, "-c", WRAPPER, str(ready), str(log), ending,
            *game_arguments(game), "--record", str(record)]
    master = slave = None
    popen: dict[str, object] = {}
    if ending == "terminal":
        master, slave = pty.openpty()
        popen = {"stdin": slave, "stdout": slave, "stderr": slave}
    env = environment()
    if signal_in_save:
        env["PROBE_SIGNAL_IN_SAVE"] = signal_in_save
    process = spawn(argv, env=env,
                    preexec_fn=lambda: _foreground_job(0 if slave is not None else None),
                    **popen)
    stderr = ""
    try:
        if ending in SIGNAL_CODES:
            wait_until(ready.exists, f"{game} getting somewhere", process=process)
            if ending == "terminal":
                assert slave is not None and master is not None
                os.close(slave)
                slave = None
                os.close(master)  # the terminal window closes
                master = None
            else:
                signum = signal.SIGINT if ending == "sigint2" else getattr(
                    signal, ending.upper())
                os.killpg(process.pid, signum)
                if ending == "sigint2":
                    os.killpg(process.pid, signum)  # the double tap
        _, stderr = finish(process, f"{game} ending by {ending}")
    finally:
        for fd in (slave, master):
            if fd is not None:
                os.close(fd)
    notes = [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []
    recordings = sorted(tmp_path.glob("rec*.toml"), key=lambda p: (len(p.name), p.name))
    return Ended(process.returncode, stderr or "", notes, recordings)


def check_recordings(ended: Ended, game: str, ending: str, *, signal_in_save: str = "") -> None:
    """Every game played left a complete recording that replays to where it was left: the
    frame and digest it had then. Two games after F5 (unless a signal in the first one's
    save ended the command: then the second may or may not have started)."""
    what = f"{game} ended by {ending}: {ended.stderr}"
    if signal_in_save:
        assert ended.code == 128 + getattr(signal, signal_in_save), what
        assert len(ended.notes) >= 1, what
    else:
        assert ended.code == SIGNAL_CODES.get(ending, 0), what
        assert len(ended.notes) == (2 if ending == "f5" else 1), what
    assert "Traceback" not in ended.stderr, what
    assert len(ended.recordings) == len(ended.notes), f"{ended.recordings}; {what}"
    assert not list(ended.recordings[0].parent.glob(".*.tmp")), what
    assert ended.notes[0]["frame"] >= READY_FRAMES, what  # the first game got somewhere
    for note, path in zip(ended.notes, ended.recordings, strict=True):
        scenario = load_scenario(path)
        assert scenario.game == game
        assert scenario.frames == note["frame"], what
        assert scenario.expect.digest == note["digest"], what
        report = check_file(path)
        assert report.ok, f"{path.name}: {report.error or report.replay}; {what}"

