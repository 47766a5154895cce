"""Saved games: one versioned format for every game, and resuming one exactly where it was.

A save is a scenario file (:mod:`games.runs.scenario`) of the game so far, plus a ``[save]`` table::

    game = "stonewall"
    seed = 3
    description = "Saved with `wobbletop run stonewall` on 2026-12-01 21:30 UTC"
    frames = 20                  # the frame the game had reached: a resume replays to it
    stop_at_outcome = false
    seats = ["human", "computer"]
    options = { ... }            # the menu's choices (skill, bots, players)
    [config]                     # the config the game started with, as differences from the
    ...                          # defaults; live edits made while playing are inputs below
    [[input]]                    # every input a player made, at its frame (computers' moves
    ...                          # are not stored: they follow from the seed and the inputs)
    [save]
    format = 1                   # SAVE_FORMAT; a newer one is refused, not guessed at
    wobbletop = "0.1.0"          # the version that wrote it
    saved_at = "2026-12-01T21:30:00Z"
    summary = "turn 37"          # how far, in a player's words (the menu shows it)
    state = '{"rules": ...}'     # the game's own state (a dice game's rule engine: board,
                                 # hands, turn, dice) as JSON; a resume checks it is reached
    [save.files]                 # SHA-256 of the game's data files when it was saved
    "stonewall/board.toml" = "…"
    [expect]
    digest = "…"                 # the state at `frames`: a resume checks it reaches it
    [expect.outcome]
    ...

Why a scenario: the game's whole history is its seed, its config and the players' inputs at
their frames, and every game already replays those to the bit (that is what ``regress``
checks). So a save of a dice game and of a physics game are the same kind of file, ``wobbletop
regress`` can check one, and a resume is a replay to the saved frame that must reach the saved
digest and the saved state (else the game, its config or its files changed, and the save is
refused rather than resumed into a different game). The game's own state (for a dice game the
rule engine's state; its action log is the inputs) is stored too, so a save can be read
without replaying it, but it is never *loaded* from the file: the resumed state is what the
replay rebuilds, and must equal the stored one, so a save cannot bring in a state the rules
could never reach.

Refused with one line naming the file (:class:`SaveError`): a file without ``[save]`` (a plain
scenario or recording: replay it instead), a format newer than this program's, a data file
changed since the save, anything the scenario loader refuses, and a replay that does not reach
the saved digest.

Where the window keeps saves (:func:`saves_folder`): ``--saves DIR``, else ``$WOBBLETOP_SAVES``,
else ``saves`` in the player's data folder (:func:`games.core.userdirs.user_data_dir`). A save is
named after its game and the local time it was first saved (:func:`save_name`:
``stonewall-2026-12-01-2130.toml``, then ``-2``, ``-3``... as recordings are numbered).
:func:`saved_games` lists a folder's saves newest first, each with its line for the menu
("Stonewall, 4 players, turn 37, 12 min ago") or the one line saying why it cannot be resumed;
:class:`Resuming` is :func:`resume` a slice of frames at a time, for a window that keeps
drawing (and showing how far it is) while the game is rebuilt.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from datafiles.assets import assets_dir
from games import __version__
from games.core import registry
from games.core.errors import UserError
from games.core.protocol import InputRefused, SeatKind, Session
from games.runs.scenario import (
    SaveInfo,
    Scenario,
    ScenarioError,
    dump_scenario,
    load_scenario,
    numbered_path,
    recording_of,
    start_session,
    write_text_atomically,
)

SAVE_FORMAT = 1
SUFFIX = ".toml"
SAVES_ENV = "WOBBLETOP_SAVES"  # a folder for the window's saves instead of the default


class SaveError(UserError):
    """A save that cannot be resumed; ``str()`` is one line naming the file."""


def data_files(game_id: str) -> dict[str, str]:
    """The game's own data files (``assets/<game>/*.toml``) by name, with their SHA-256."""
    folder = assets_dir() / game_id
    if not folder.is_dir():
        return {}
    return {
        f"{game_id}/{path.name}": hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(folder.glob("*.toml"))
    }


def summary_of(session: Session) -> str:
    """How far the game is, for a player: the turn in a turn-based game, else the time."""
    result = session.result()
    turns = result.get("turns")
    if isinstance(turns, int) and turns >= 0:
        return f"turn {turns + 1}" if session.outcome is None else f"over after {turns} turns"
    seconds = session.frame / max(1, session.initial_setup.config.world.step_hz)
    if seconds < 60:
        return f"{seconds:.0f} s of play"
    return f"{seconds / 60:.0f} min of play"


def save_of(session: Session, user_config_path: Path | None, *, how: str) -> Scenario:
    """The save of ``session`` as it is now (``how`` says where it was made, for the
    description: ``wobbletop play stonewall``, say)."""
    scenario = recording_of(session, user_config_path, command=how, verb="Saved")
    info = SaveInfo(
        format=SAVE_FORMAT,
        wobbletop=__version__,
        saved_at=datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        summary=summary_of(session),
        files=data_files(session.game_id),
        state=game_state(session),
    )
    return scenario.model_copy(update={"save": info})


def game_state(session: Session) -> str:
    """The game's own state (the rule engine's, for a dice game: its board, hands, turn and
    dice), as the compact JSON text a save stores beside the history."""
    return json.dumps(session.state_json(), sort_keys=True, separators=(",", ":"))


def check_reached(scenario: Scenario, session: Session, path: Path) -> None:
    """Refuse a save whose history does not reach the state it recorded: the digest of the
    whole game, and the game's own state (a save edited by hand, or another program's)."""
    assert scenario.expect is not None and scenario.save is not None
    if session.digest() != scenario.expect.digest:
        raise SaveError(
            f"{path}: the game replayed to frame {session.frame} does not reach the saved state "
            "(the digest differs): the program or the save was changed since"
        )
    if scenario.save.state and game_state(session) != scenario.save.state:
        raise SaveError(
            f"{path}: save.state: not the state the game's history reaches at frame "
            f"{session.frame}; a save's state cannot be edited"
        )


def write_save(
    path: str | os.PathLike[str], session: Session, user_config_path: Path | None, *, how: str
) -> Path:
    """Write the save of ``session`` to ``path`` (atomically); returns the path."""
    path = Path(path)
    write_text_atomically(path, dump_scenario(save_of(session, user_config_path, how=how)))
    return path


def load_save(path: str | os.PathLike[str]) -> Scenario:
    """Read a save and check it can be resumed here, or raise a one-line :class:`SaveError`."""
    path = Path(path)
    try:
        scenario = load_scenario(path)
    except ScenarioError as error:
        raise SaveError(str(error)) from None
    info = scenario.save
    if info is None:
        raise SaveError(
            f"{path}: not a save (no [save] table); a scenario or recording is replayed "
            f"with `wobbletop regress {path}`"
        )
    if info.format > SAVE_FORMAT:
        raise SaveError(
            f"{path}: save.format: {info.format} was written by a newer wobbletop "
            f"({info.wobbletop}); this one ({__version__}) reads format {SAVE_FORMAT}"
        )
    if scenario.expect is None:
        raise SaveError(f"{path}: expect: missing; a save holds the digest it resumes to")
    try:
        registry.load(scenario.game)
    except registry.UnknownGame as error:
        raise SaveError(f"{path}: {error}") from None
    now = data_files(scenario.game)
    for name, digest in info.files.items():
        if now.get(name) != digest:
            state = "is gone" if name not in now else "has changed since"
            raise SaveError(
                f"{path}: save.files: {name} {state} the game was saved; the game would not "
                "be the one saved (put the old file back to resume it)"
            )
    return scenario


def resume(scenario: Scenario, path: Path, *, progress: bool = False) -> Session:
    """The saved game, rebuilt by replaying it to its frame and checked against its digest.

    ``progress``: a bar on stderr while the replay takes longer than a second.
    """
    session, _ = start_session(scenario, path, progress=progress, to_frame=scenario.frames)
    check_reached(scenario, session, path)
    return session


def describe(scenario: Scenario, path: Path) -> dict[str, Any]:
    """What the menu and ``--help`` show of a save: game, seats, summary, when, the file."""
    info = scenario.save
    assert info is not None
    seats = scenario.seats or []
    return {
        "path": str(path),
        "game": scenario.game,
        "seats": [seat.value for seat in seats],
        "summary": info.summary,
        "saved_at": info.saved_at,
    }


# --------------------------------------------------------------------------------------------
# Where saves live, and what the menu lists


def saves_folder(override: str | os.PathLike[str] | None = None) -> Path:
    """The folder of the window's saves: ``override`` (``--saves``), else ``$WOBBLETOP_SAVES``,
    else ``saves`` in the player's data folder. Not created here (the first save creates it)."""
    from games.core.userdirs import user_data_dir

    chosen = override if override is not None else os.environ.get(SAVES_ENV) or None
    if chosen is not None:
        return Path(chosen).expanduser().absolute()
    return user_data_dir() / "saves"


def save_name(game_id: str, when: datetime | None = None) -> str:
    """A save's file name: the game and the local time, ``stonewall-2026-12-01-2130.toml``."""
    when = when or datetime.now()
    return f"{game_id}-{when:%Y-%m-%d-%H%M}{SUFFIX}"


@dataclass(frozen=True)
class SavedGame:
    """One file of the saves folder: a save to resume (``scenario``) or why it cannot be."""

    path: Path
    when: datetime  # saved_at (UTC), else the file's time
    scenario: Scenario | None = None
    problem: str = ""  # the SaveError's one line

    def line(self, now: datetime | None = None) -> str:
        """What the menu shows: "Stonewall, 4 players, turn 37, 12 min ago"; for a save that
        cannot be resumed, its file name and "cannot be resumed"."""
        age = ago(self.when, now)
        if self.scenario is None:
            return f"{self.path.name}: cannot be resumed ({age})"
        info = describe(self.scenario, self.path)
        try:
            title = registry.load(info["game"]).title
        except registry.UnknownGame:
            title = info["game"]
        seats = len(info["seats"]) or self.scenario.players or 1
        parts = [title, f"{seats} player{'s' if seats != 1 else ''}"]
        if info["summary"]:
            parts.append(info["summary"])
        return ", ".join([*parts, age])


def saved_games(folder: Path) -> list[SavedGame]:
    """The saves in ``folder`` (``*.toml``), newest first, then those that cannot be resumed
    (newest first too); a missing folder has none."""
    try:
        paths = [path for path in folder.glob(f"*{SUFFIX}") if path.is_file()]
    except OSError:
        return []
    found: list[SavedGame] = []
    for path in paths:
        try:
            mtime = datetime.fromtimestamp(path.stat().st_mtime, timezone.utc)
        except OSError:
            continue
        try:
            scenario = load_save(path)
        except SaveError as error:
            found.append(SavedGame(path, mtime, problem=str(error)))
            continue
        assert scenario.save is not None
        when = datetime.strptime(scenario.save.saved_at, "%Y-%m-%dT%H:%M:%SZ")
        found.append(SavedGame(path, when.replace(tzinfo=timezone.utc), scenario))
    # Newest first; the ones that cannot be resumed after them (they are there to be fixed).
    found.sort(key=lambda saved: (saved.scenario is not None, saved.when, saved.path.name),
               reverse=True)
    return found


def ago(when: datetime, now: datetime | None = None) -> str:
    """How long ago ``when`` (aware) was, in a player's words: "just now", "12 min ago",
    "3 h ago", "yesterday", "5 days ago", then the date."""
    now = now or datetime.now(timezone.utc)
    seconds = (now - when).total_seconds()
    if seconds < 60:
        return "just now"
    if seconds < 3600:
        return f"{seconds // 60:.0f} min ago"
    if seconds < 86400:
        return f"{seconds // 3600:.0f} h ago"
    if seconds < 2 * 86400:
        return "yesterday"
    if seconds < 14 * 86400:
        return f"{seconds // 86400:.0f} days ago"
    local = when.astimezone()
    return f"on {local.day} {local:%b %Y}"


class Resuming:
    """:func:`resume` a slice at a time: ``step(frames)`` until :attr:`done`, then
    :attr:`session` is the game where it was saved (the digest checked, as :func:`resume`).

    The slices drive the fresh session exactly as one :func:`resume` does (each input just
    before its frame's tick), so where the slices end changes nothing. A problem (an input
    refused, a digest that differs) is a :class:`SaveError` from the step that meets it.
    """

    def __init__(self, scenario: Scenario, path: Path) -> None:
        self.scenario, self.path = scenario, path
        self.target = scenario.frames
        events = scenario.events()
        late = [event for event in events if event.frame > self.target]
        if late:
            raise SaveError(
                f"{path}: an input at frame {late[0].frame} is after the saved frame "
                f"{self.target}"
            )
        try:  # built and checked as start_session builds it: the inputs come in the steps
            self.session, _ = start_session(
                scenario.model_copy(update={"input": []}), path, to_frame=0
            )
        except ScenarioError as error:
            raise SaveError(str(error)) from None
        self._pending = events
        self.done = False
        if self.target == 0:
            self.step(0)

    @property
    def fraction(self) -> float:
        """How far the replay is, 0 to 1."""
        return 1.0 if self.target == 0 else min(self.session.frame / self.target, 1.0)

    def step(self, frames: int) -> bool:
        """Replay up to ``frames`` more frames; True once the game is where it was saved."""
        from games.runs.headless import drive

        if self.done:
            return True
        limit = min(self.session.frame + max(frames, 0), self.target)
        try:
            self._pending = drive(self.session, limit, self._pending, stop_at_outcome=False)
        except InputRefused as error:
            raise SaveError(
                f"{self.path}: an input at frame {self.session.frame} was refused: {error}"
            ) from None
        if self.session.frame < self.target:
            return False
        check_reached(self.scenario, self.session, self.path)
        self.done = True
        return True


# --------------------------------------------------------------------------------------------
# Headless: ``wobbletop run GAME --save FILE`` and ``wobbletop run --resume FILE``


def save_when_done(path: Path, config_path: Path | None) -> Callable[[Session], None]:
    """What ``run --save FILE`` hands the headless run: save the session where it stopped (to
    ``path``, or the first free ``NAME-2.toml``...: a file is never replaced)."""

    def save(session: Session) -> None:
        written = write_save(
            numbered_path(path), session, config_path, how=f"wobbletop run {session.game_id}"
        )
        print(f"wobbletop: saved the game at frame {session.frame} to {written}", file=sys.stderr)

    return save


def resume_headless(
    path: Path,
    *,
    frames: int | None = None,
    progress: bool = False,
    after: Callable[[Session], None] | None = None,
) -> dict[str, Any]:
    """Resume a save whose seats are all computers and play it on to its end (or to frame
    ``frames``, counted from the game's start, as ``wobbletop run --frames`` counts)."""
    from games.runs.headless import HeadlessError, drive, frame_limit, summary

    scenario = load_save(path)
    if scenario.seats and any(seat is not SeatKind.COMPUTER for seat in scenario.seats):
        raise SaveError(
            f"{path}: seats: {', '.join(seat.value for seat in scenario.seats)}; a game with "
            f"people at it resumes in the window: wobbletop play --resume {path}"
        )
    session = resume(scenario, path, progress=progress)
    spec = registry.load(scenario.game)
    limit = frame_limit(spec, session.initial_setup.config, frames)
    if limit < session.frame:
        raise HeadlessError(
            f"--frames {limit}: the save is at frame {session.frame} already; allowed: more"
        )
    drive(session, limit, progress=progress)
    if after is not None:
        after(session)
    return summary(session)


def run_resumed(
    path: Path, *, frames: int | None = None, after: Callable[[Session], None] | None = None
) -> int:
    """``wobbletop run --resume FILE``: the summary of the game played on, as one JSON line."""
    result = resume_headless(path, frames=frames, progress=sys.stderr.isatty(), after=after)
    print(json.dumps(result))
    return 0
