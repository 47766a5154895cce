"""Ctrl-C, SIGTERM and SIGHUP in the window keep the unfinished game as a save that resumes.

Each test runs ``wobbletop play`` in a child process (SDL's dummy driver, its own process
group) through a small wrapper that adds one observation: once the game has got somewhere (a
few actions played), a ready file appears. The signal is sent only then, never after a guessed
time; every wait is a bounded poll. One test sends the signal from *inside* a physics tick (the
worst moment: the world stepped, the frame not yet counted) and checks that the save kept on
the way out still resumes to its digest.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from games.runs.saves import load_save, resume

REPO_ROOT = Path(__file__).resolve().parent.parent
WAIT_SECONDS = 120.0  # a bound so nothing hangs, not a time anything should take

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="POSIX signals")

# ``python -c READY_WRAPPER READY ARGS``: ``wobbletop ARGS`` (games.cli.command, as ``python -m
# games`` runs it), creating READY once the game on the table has had three actions.
READY_WRAPPER = """\
import os, sys
from games.ui.app import App

ready = sys.argv.pop(1)
step_frame = App.step_frame


def announcing_step_frame(self, seconds=None):
    running = step_frame(self, seconds)
    session = self.session
    if session is not None and len(getattr(session, "records", ())) >= 3:
        if not os.path.exists(ready):
            os.close(os.open(ready, os.O_CREAT | os.O_WRONLY, 0o644))
    return running


App.step_frame = announcing_step_frame
from games.cli import command

raise SystemExit(command())
"""

# ``python -c MID_TICK ARGS``: ``wobbletop ARGS`` in Free play; once the disk has been dragged
# with (posted) mouse events, the process sends itself SIGTERM from inside a physics tick.
MID_TICK = """\
import os, signal, sys
import pygame
from games.ui.app import App

step_frame = App.step_frame
state = {"frames": 0, "armed": False}


def post(kind, **fields):
    pygame.event.post(pygame.event.Event(kind, **fields))


def driving_step_frame(self, seconds=None):
    running = step_frame(self, seconds)
    game = self.game
    if game is None:
        return running
    state["frames"] += 1
    n = state["frames"]
    if n == 10:
        x, y = game.session.world.pieces["disk4"].position
        state["points"] = [game.view.camera.to_screen(p) for p in
                           [(x, y), (x, y + 40), (x + 40, y + 60), (x + 90, 40.0)]]
        post(pygame.MOUSEBUTTONDOWN, pos=state["points"][0], button=1)
    elif 11 <= n <= 13:
        post(pygame.MOUSEMOTION, pos=state["points"][n - 10], rel=(1, 1), buttons=(1, 0, 0))
    elif n == 20:
        post(pygame.MOUSEBUTTONUP, pos=state["points"][-1], button=1)
    elif n == 40 and not state["armed"]:
        state["armed"] = True
        session = game.session
        own_tick = session._tick

        def tick_then_signal():
            own_tick()
            session._tick = own_tick  # once
            os.kill(os.getpid(), signal.SIGTERM)  # before tick() counts the frame

        session._tick = tick_then_signal
    return running


App.step_frame = driving_step_frame
from games.cli import command

raise SystemExit(command())
"""


def environment() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "WOBBLETOP_CONFIG"}
    env.update(PYTHONPATH=str(REPO_ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return env


def _default_sigint() -> None:
    # A job started in the background by a non-interactive shell inherits SIGINT ignored; a
    # terminal's foreground job has the default disposition: give the command that.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.fixture
def child() -> Iterator[Callable[..., subprocess.Popen[str]]]:
    """Start ``python ARGS`` in its own process group; killed with its group afterwards."""
    started: list[subprocess.Popen[str]] = []

    def start(*args: str) -> subprocess.Popen[str]:
        process = subprocess.Popen(
            [sys.executable, *args], cwd=REPO_ROOT, env=environment(), text=True,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
            preexec_fn=_default_sigint,
        )
        started.append(process)
        return process

    yield start
    for process in started:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)
        process.communicate(timeout=WAIT_SECONDS)


def wait_for(path: Path, process: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + WAIT_SECONDS
    while not path.exists():
        if process.poll() is not None:
            pytest.fail(f"the command ended (exit {process.returncode}) before {path.name}: "
                        f"{process.communicate()}")
        if time.monotonic() > deadline:
            pytest.fail(f"not within {WAIT_SECONDS:.0f} s: {path.name}")
        time.sleep(0.02)


def finish(process: subprocess.Popen[str]) -> str:
    try:
        return process.communicate(timeout=WAIT_SECONDS)[1]
    except subprocess.TimeoutExpired:
        pytest.fail(f"the command did not end within {WAIT_SECONDS:.0f} s")


def the_one_save(folder: Path) -> Path:
    saves = sorted(folder.glob("*.toml"))
    assert len(saves) == 1, saves
    assert not list(folder.glob(".*.tmp"))  # nothing half written
    return saves[0]


@pytest.mark.parametrize(
    ("signum", "code", "last_line"),
    [
        (signal.SIGINT, 130, "wobbletop: interrupted"),
        (signal.SIGTERM, 143, "wobbletop: stopped by SIGTERM"),
        (signal.SIGHUP, 129, "wobbletop: stopped by SIGHUP"),
    ],
)
def test_a_signal_keeps_the_unfinished_game_as_a_save_that_resumes(
    child, tmp_path: Path, signum: int, code: int, last_line: str
) -> None:
    ready, saves = tmp_path / "ready", tmp_path / "saves"
    process = child("-c", READY_WRAPPER, str(ready), "play", "malloppo", "--seats",
                    "computer,computer", "--seed", "5", "--saves", str(saves))
    wait_for(ready, process)
    os.killpg(process.pid, signum)
    stderr = finish(process)
    assert process.returncode == code, stderr
    assert "Traceback" not in stderr
    assert stderr.strip().splitlines()[-1] == last_line
    path = the_one_save(saves)
    assert f"saved malloppo to {path}" in stderr
    scenario = load_save(path)
    assert scenario.seats is not None and [seat.value for seat in scenario.seats] == [
        "computer", "computer"
    ]
    session = resume(scenario, path)
    assert session.digest() == scenario.expect.digest and session.outcome is None


def test_a_signal_inside_a_physics_tick_waits_for_the_tick_so_the_save_resumes(
    child, tmp_path: Path
) -> None:
    saves = tmp_path / "saves"
    process = child("-c", MID_TICK, "play", "freeplay", "--seed", "4", "--saves", str(saves))
    stderr = finish(process)
    assert process.returncode == 143, stderr
    assert stderr.strip().splitlines()[-1] == "wobbletop: stopped by SIGTERM"
    path = the_one_save(saves)
    scenario = load_save(path)
    assert [event.action for event in scenario.input][:1] == ["grab"]
    session = resume(scenario, path)  # a torn tick would not reach the saved digest
    assert session.digest() == scenario.expect.digest
