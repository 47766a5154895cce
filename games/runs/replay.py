"""Replays: a game file (a save, a ``--record`` recording, a scenario) played back on a timeline
that scrubs forward *and* back, exactly. No pygame here: the window's part is
:mod:`games.ui.replay_view`.

A replay advances a session the way :func:`games.runs.headless.drive` does (the inputs due at a
frame are handled just before that frame's tick; a scenario with ``stop_at_outcome`` ends at the
frame its outcome appears), so at every frame the session's digest is the one a re-simulation
from the start reaches (:func:`simulate_to`), and at the last frame it is the file's golden.
:class:`Cursor` is one session on its way through the file.

Going back needs a session at an earlier frame, and what is exact there was measured:

- A dice game's session is pure Python: :func:`snapshot` (``copy.deepcopy``, sharing what the
  game shares between sessions anyway, such as the board) gives a copy that plays on to the
  same digests, frame for frame (tests/test_replay.py checks it for every dice scenario). So
  :class:`Timeline` keeps snapshots as it goes and a jump back starts from the nearest one.
- A physics session cannot be copied exactly: Chipmunk carries state from step to step that
  pymunk's ``space.copy()`` does not copy (which bodies sleep: 35 of 43 at frame 6633 of a
  Wallamoppi game, none in its copy; the contact impulses it warm-starts from; the shape ids
  that order the solver). A copied Wallamoppi space differs from its original after one
  substep, and one frame on its bodies are 0.03 mm apart at frame 2211, 0.27 mm at frame 11055
  (scripts/bench_replay.py); a session's deep copy is refused outright (its cffi handles).
  So a physics replay never copies: its checkpoints are whole
  sessions simulated from the start, parked at their frame (a session left behind by a jump
  back, and sessions a builder simulates from frame 0 in spare time to fill the largest gap).
  A parked session is used up when a jump starts from it. A jump back costs the ticks from the
  nearest parked session before the target: a fraction of a second once the gaps are small,
  where a re-simulation from frame 0 costs the whole game so far (scripts/bench_replay.py).

A *scout* runs ahead to the end in spare time: it finds where the game ends and the markers a
player looks for (:class:`Marker`: each turn's start, the outcome, a refused input). The work
is done in slices (:meth:`Timeline.work` with a time budget), so the window stays live.
"""

from __future__ import annotations

import copy
import itertools
import os
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from datafiles.assets import assets_dir
from games.core import registry
from games.core.errors import UserError
from games.core.protocol import GameSpec, InputEvent, InputRefused, SeatKind, Session, SessionSetup
from games.runs.scenario import Scenario, ScenarioError, load_scenario, prepare_session

SAVES_ENV = "WOBBLETOP_SAVES"
# Checkpoints kept at most (a Wallamoppi session is about 0.1 MB; a dice snapshot less).
MAX_LIVE_POINTS = 40
MAX_SNAPSHOTS = 120
# A jump back should cost at most about this much ticking once the gaps are filled (the
# builder fills gaps wider than what the measured tick rate runs in this time).
QUICK_SECONDS = 0.2
MIN_GAP_FRAMES = 60
# A dice snapshot is taken once this much ticking (and at least 20 copies' worth) was done
# since the last one: copies then cost a few per cent of the replay.
SNAPSHOT_WORK_SECONDS = 0.05


class ReplayError(UserError):
    """A file that cannot be replayed; ``str()`` is one line naming the file."""


# --------------------------------------------------------------------------------------------
# The file


@dataclass(frozen=True)
class ReplayFile:
    """A game file, checked, with what it takes to play it from the start."""

    path: Path
    scenario: Scenario
    spec: GameSpec
    setup: SessionSetup  # what every fresh session of the file is made from
    limit: int  # the last frame
    stop_at_outcome: bool
    events: tuple[InputEvent, ...]

    @property
    def kind(self) -> str:
        """"save", "recording" or "scenario"."""
        if self.scenario.save is not None:
            return "save"
        return "scenario" if self.stop_at_outcome else "recording"

    @property
    def golden(self) -> str | None:
        """The digest the file expects at its last frame, if it has one."""
        return self.scenario.expect.digest if self.scenario.expect else None

    @property
    def seats(self) -> tuple[SeatKind, ...]:
        return tuple(self.setup.seats)

    @property
    def step_hz(self) -> int:
        return int(self.setup.config.world.step_hz)

    def fresh(self) -> Session:
        """A new session of the file at frame 0, no input handled yet."""
        return self.spec.new_session(self.setup)


def load_replay(path: str | os.PathLike[str]) -> ReplayFile:
    """Read a file to replay and check it can start here, or raise a one-line
    :class:`ReplayError` (a save is checked as :func:`games.runs.saves.load_save` checks it: its
    format and the game's data files)."""
    from games.runs.saves import load_save

    path = Path(path)
    try:
        scenario = load_scenario(path)
        if scenario.save is not None:
            scenario = load_save(path)
        prepared = prepare_session(scenario, path)
    except UserError as error:  # ScenarioError, SaveError: one line naming the file
        raise ReplayError(str(error)) from None
    spec = registry.load(scenario.game)
    return ReplayFile(
        path=path,
        scenario=scenario,
        spec=spec,
        setup=prepared.session.initial_setup,
        limit=prepared.limit,
        stop_at_outcome=prepared.stop_at_outcome,
        events=prepared.events,
    )


def simulate_to(file: ReplayFile, frame: int) -> Session:
    """A fresh session run to ``frame`` (at most the end) the way a replay runs: the reference
    every checkpoint is checked against."""
    from games.runs.headless import drive

    session = file.fresh()
    try:
        drive(session, min(frame, file.limit), file.events, stop_at_outcome=file.stop_at_outcome)
    except InputRefused as error:
        raise ReplayError(
            f"{file.path}: the input at frame {session.frame} was refused: {error}"
        ) from None
    return session


# --------------------------------------------------------------------------------------------
# Copies of dice sessions


def copyable(session: Session) -> bool:
    """True if :func:`snapshot` gives an exact copy: a session without a physics world (the
    rule engines are pure Python) that deep-copies."""
    if session.world is not None:
        return False  # Chipmunk's copies drift (module docstring): never copied
    try:
        snapshot(session)
    except Exception:  # something in it that cannot be copied: replay it instead
        return False
    return True


def snapshot(session: Session, shared: tuple[object, ...] = ()) -> Session:
    """A deep copy of ``session`` that plays on exactly as the original would.

    What needs no copy is shared: ``shared`` (objects two fresh sessions of the game share
    anyway, :func:`shared_parts`), the frozen setups, and the list of frozen records."""
    memo: dict[int, Any] = {id(part): part for part in shared}
    memo[id(session.initial_setup)] = session.initial_setup
    memo[id(session.setup)] = session.setup
    records = getattr(session, "records", None)
    if isinstance(records, list):
        memo[id(records)] = list(records)  # Record is frozen: the entries themselves are shared
    return copy.deepcopy(session, memo)


_PLAIN = (int, float, str, bytes, bool, type(None), tuple, frozenset)


def shared_parts(file: ReplayFile) -> tuple[object, ...]:
    """What two fresh sessions of the file hold as the very same object (a board, its
    geometry): the game treats them as constants, so a snapshot need not copy them."""
    one, two = file.fresh(), file.fresh()
    shared: list[object] = []
    for left, right in ((one, two), *_attribute_pairs(one, two)):
        for name, value in vars(left).items():
            if vars(right).get(name) is value and not isinstance(value, _PLAIN):
                shared.append(value)
    return tuple(shared)


def _attribute_pairs(one: object, two: object) -> Iterator[tuple[object, object]]:
    for name, value in vars(one).items():
        other = vars(two).get(name)
        if hasattr(value, "__dict__") and type(value) is type(other) and value is not other:
            yield value, other


# --------------------------------------------------------------------------------------------
# One session on its way


class Cursor:
    """A session of the file at some frame, with the file's inputs up to that frame handled
    (as :func:`games.runs.headless.drive` handles them). ``ended``: the last frame is reached (the
    limit, the outcome of a scenario that stops at it, or an input the game refused)."""

    def __init__(self, file: ReplayFile, session: Session, next_input: int = 0) -> None:
        self.file = file
        self.session = session
        self.next_input = next_input
        self.ended = False
        self.refused: str | None = None

    @classmethod
    def start(cls, file: ReplayFile) -> Cursor:
        cursor = cls(file, file.fresh())
        cursor._arrive()
        return cursor

    @property
    def frame(self) -> int:
        return self.session.frame

    def step(self) -> None:
        """One frame on: the tick, then the inputs due at the new frame (or the end)."""
        if self.ended:
            return
        self.session.tick()
        self._arrive()

    def _arrive(self) -> None:
        session, file = self.session, self.file
        if file.stop_at_outcome and session.outcome is not None:
            self.ended = True
            return
        events = file.events
        while self.next_input < len(events) and events[self.next_input].frame <= session.frame:
            event = events[self.next_input]
            try:
                session.handle(event)
            except InputRefused as error:
                self.refused = (
                    f"the input at frame {session.frame} ({event.action}) was refused: {error}"
                )
                self.ended = True
                return
            self.next_input += 1
        if session.frame >= file.limit:
            self.ended = True

    def copy(self, shared: tuple[object, ...] = ()) -> Cursor:
        """A snapshot of this cursor (dice games only: see :func:`copyable`)."""
        twin = Cursor(self.file, snapshot(self.session, shared), self.next_input)
        twin.ended, twin.refused = self.ended, self.refused
        return twin


# --------------------------------------------------------------------------------------------
# The timeline


@dataclass
class Marker:
    """A moment a player looks for: a turn's start, the outcome, a refused input."""

    frame: int
    kind: str  # "turn", "end" or "refused"
    label: str


@dataclass
class _Job:
    """A cursor on its way to ``goal`` (a seek's target, a checkpoint's frame)."""

    cursor: Cursor
    goal: int
    ticks: int = 0


@dataclass
class Stats:
    """What the timeline measured of itself (for the benchmark and the report)."""

    ticks: int = 0
    tick_seconds: float = 0.0
    snapshots: int = 0
    snapshot_seconds: float = 0.0
    seek_ticks: list[int] = field(default_factory=list)  # ticks each finished seek took

    @property
    def ticks_per_second(self) -> float:
        return self.ticks / self.tick_seconds if self.tick_seconds > 0 else 0.0


class Timeline:
    """The replay's present (:attr:`current`), its checkpoints, scout and seeks.

    ``gap_frames`` fixes the widest gap between checkpoints the builder leaves (default: what
    the measured tick rate runs in :data:`QUICK_SECONDS`); ``snapshot_every`` fixes the frames
    between dice snapshots (default: by the work done, :data:`SNAPSHOT_WORK_SECONDS`). Both
    change only how fast a jump is, never where it lands.
    """

    def __init__(
        self,
        file: ReplayFile,
        *,
        gap_frames: int | None = None,
        snapshot_every: int | None = None,
        max_points: int | None = None,
    ) -> None:
        self.file = file
        self.stats = Stats()
        self._gap_frames = gap_frames
        self._snapshot_every = snapshot_every
        first = Cursor.start(file)
        self.copies = copyable(first.session)
        self._shared = shared_parts(file) if self.copies else ()
        self.max_points = max_points or (MAX_SNAPSHOTS if self.copies else MAX_LIVE_POINTS)
        self.current = first
        self.points: dict[int, Cursor] = {}  # exact checkpoints by frame
        self.markers: list[Marker] = []
        self.end: int | None = None
        self.refused: str | None = None
        self.frontier = 0  # the furthest frame any cursor has reached (and observed)
        self._records_seen = 0
        self._turns_seen: int | None = None
        self._outcome_seen = False
        self._since_snapshot = 0.0
        self._frames_since_snapshot = 0
        self._observe(first, 0)
        self.scout: Cursor | None = None
        self.seek: _Job | None = None
        self.build: _Job | None = None
        self.revision = 0  # counts the times :attr:`current` became another session
        if self.end is None:
            self.scout = Cursor.start(file)

    # -- what is known ---------------------------------------------------------------------

    @property
    def frame(self) -> int:
        """The frame shown."""
        return self.current.frame

    @property
    def session(self) -> Session:
        return self.current.session

    @property
    def length(self) -> int:
        """The last frame, once known; until then the file's limit for a recording or a save
        (they run to it), else the furthest frame reached so far."""
        if self.end is not None:
            return self.end
        if not self.file.stop_at_outcome:
            return self.file.limit
        return self.frontier

    @property
    def target(self) -> int:
        """Where the replay is going: the seek's target, else the frame shown."""
        return self.seek.goal if self.seek is not None else self.current.frame

    @property
    def seeking(self) -> bool:
        return self.seek is not None

    @property
    def scouted(self) -> bool:
        """True once the whole game has been run through (the end and every marker known)."""
        return self.end is not None

    def turns(self) -> list[Marker]:
        return [marker for marker in self.markers if marker.kind == "turn"]

    def next_marker(self, after: int) -> Marker | None:
        return next((m for m in self.markers if m.frame > after), None)

    def previous_marker(self, before: int) -> Marker | None:
        return next((m for m in reversed(self.markers) if m.frame < before), None)

    def turn_at(self, frame: int) -> int | None:
        """The index in :meth:`turns` of the turn ``frame`` is in, or None before the first."""
        index = None
        for number, marker in enumerate(self.turns()):
            if marker.frame <= frame:
                index = number
        return index

    def quick_frames(self) -> list[int]:
        """The frames a jump can start from without ticking: checkpoints and live cursors."""
        frames = set(self.points) | {self.current.frame}
        for job in (self.seek, self.build):
            if job is not None:
                frames.add(job.cursor.frame)
        if self.scout is not None:
            frames.add(self.scout.frame)
        return sorted(frames)

    # -- commands ---------------------------------------------------------------------------

    def seek_to(self, target: int) -> None:
        """Go to frame ``target`` (clamped to the timeline): at once if a session is there,
        else a seek that :meth:`work` carries out from the nearest exact point before it."""
        target = max(0, min(int(target), self.length))
        if self.seek is not None:
            if self.seek.cursor.frame <= target:
                self.seek.goal = target
                self._finish_seek_if_there()
                return
            self._park(self.seek.cursor)  # exact where it got to: a checkpoint
            self.seek = None
        if target == self.current.frame:
            return
        cursor = self._start_cursor(target, current_ok=True)
        self.seek = _Job(cursor, target)
        self._finish_seek_if_there()

    def step(self, frames: int = 1) -> None:
        """Play ``frames`` frames on from the present (playback), not past the end."""
        if self.seek is not None:
            return
        for _ in range(frames):
            if self.current.ended:
                break
            self._step(self.current)

    def take_session(self) -> Session:
        """The session shown, handed over (Play from here); the timeline is finished with it."""
        session = self.current.session
        self.points.clear()
        self.scout = self.seek = self.build = None
        return session

    # -- work in slices ----------------------------------------------------------------------

    def work(self, seconds: float) -> bool:
        """Spend up to ``seconds`` on the seek (returning when it arrives), then the scout, then
        the checkpoints' builder; True while any of them may have work left."""
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            if self.seek is not None:
                self.seek.ticks += 1
                self._step(self.seek.cursor)
                self._finish_seek_if_there()
                if self.seek is None:
                    return True  # arrived: the caller shows it before anything else
                continue
            if self._scout_step():
                continue
            if self._build_step():
                continue
            return False
        return self.busy

    @property
    def busy(self) -> bool:
        return self.seek is not None or self.end is None or self._next_build() is not None

    def finish(self) -> None:
        """Do all the work there is (tests and the benchmark)."""
        while self.work(1.0):
            pass

    def scout_all(self) -> None:
        """Run the seek and the scout until the end is known (not the builder)."""
        while self.seek is not None or self.end is None:
            if self.seek is not None:
                self.work(1.0)
            else:
                self._scout_step()

    # -- inside ------------------------------------------------------------------------------

    def _step(self, cursor: Cursor) -> None:
        before = cursor.frame
        observing = before == self.frontier and self.end is None
        started = time.perf_counter()
        cursor.step()
        spent = time.perf_counter() - started
        self.stats.ticks += 1
        self.stats.tick_seconds += spent
        if observing and cursor.frame > before:
            self.frontier = cursor.frame
            self._since_snapshot += spent
            self._frames_since_snapshot += 1
            self._observe(cursor, before)

    def _observe(self, cursor: Cursor, before: int) -> None:
        """The frontier moved to ``cursor``'s frame: note turns, the outcome, the end; a dice
        game keeps a snapshot now and then."""
        session = cursor.session
        records = getattr(session, "records", None)
        if isinstance(records, list):
            if len(records) != self._records_seen:
                self._records_seen = len(records)
                self._note_turn_log(session, before)
        else:
            turns = session.result().get("turns")
            if isinstance(turns, int) and turns != self._turns_seen:
                self._turns_seen = turns
                status = session.status()
                label = f"Turn {turns + 1}" + (f": {status}" if status else "")
                self.markers.append(Marker(cursor.frame, "turn", label))
        outcome = session.outcome
        if outcome is not None and not self._outcome_seen:
            self._outcome_seen = True
            winner = f"{outcome.winner} wins: " if outcome.winner else ""
            self.markers.append(Marker(cursor.frame, "end", f"{winner}{outcome.reason}"))
        if cursor.ended:
            self.end = cursor.frame
            if cursor.refused:
                self.refused = cursor.refused
                self.markers.append(Marker(cursor.frame, "refused", cursor.refused))
            return
        if self.copies and self._snapshot_due():
            started = time.perf_counter()
            self._park(cursor.copy(self._shared))
            self.stats.snapshots += 1
            self.stats.snapshot_seconds += time.perf_counter() - started
            self._since_snapshot, self._frames_since_snapshot = 0.0, 0

    def _note_turn_log(self, session: Session, before: int) -> None:
        log: list[str] = session.turn_log()  # type: ignore[attr-defined]
        turns = [index for index, marker in enumerate(self.markers) if marker.kind == "turn"]
        while len(turns) > len(log):  # an undo took a turn back
            del self.markers[turns.pop()]
        for index, line in zip(turns, log, strict=False):
            self.markers[index].label = line
        for line in log[len(turns):]:
            self.markers.append(Marker(before, "turn", line))

    def _snapshot_due(self) -> bool:
        if self._snapshot_every is not None:
            return self._frames_since_snapshot >= self._snapshot_every
        stats = self.stats
        copy_cost = stats.snapshot_seconds / stats.snapshots if stats.snapshots else 0.0
        return self._since_snapshot >= max(SNAPSHOT_WORK_SECONDS, 20 * copy_cost)

    def _finish_seek_if_there(self) -> None:
        seek = self.seek
        if seek is None:
            return
        cursor = seek.cursor
        if cursor.frame < seek.goal and not cursor.ended:
            return
        self.stats.seek_ticks.append(seek.ticks)
        self.seek = None
        if cursor is not self.current:
            left, self.current = self.current, cursor
            self._park(left)  # exact where it was: going forward again is free
        self.revision += 1  # a jump: the window shows the new present afresh

    def _start_cursor(self, target: int, *, current_ok: bool = False) -> Cursor:
        """An exact cursor at the latest frame at most ``target`` there is: the present (if
        ``current_ok``: it is used in place), a checkpoint (a dice snapshot is copied, a
        parked physics session taken), the builder's session, or a fresh one at frame 0."""
        best_frame, source = -1, ""
        if current_ok and self.current.frame <= target:
            best_frame, source = self.current.frame, "current"
        for frame in self.points:
            if best_frame < frame <= target:
                best_frame, source = frame, "point"
        if self.build is not None and best_frame < self.build.cursor.frame <= target:
            best_frame, source = self.build.cursor.frame, "build"
        if source == "current":
            return self.current
        if source == "point":
            if self.copies:
                return self.points[best_frame].copy(self._shared)
            return self.points.pop(best_frame)
        if source == "build" and self.build is not None:
            cursor, self.build = self.build.cursor, None
            return cursor
        return Cursor.start(self.file)

    def _park(self, cursor: Cursor) -> None:
        """Keep ``cursor`` as a checkpoint at its frame (dropping the least useful one if there
        are too many)."""
        if cursor is self.current or cursor.frame in self.points:
            return
        self.points[cursor.frame] = cursor
        while len(self.points) > self.max_points:
            # the checkpoint whose neighbours are closest together is the least missed
            frames = [0, *sorted(self.points), max(self.length, *self.points)]
            spans = [
                (after - before, frame)
                for before, frame, after in zip(frames, frames[1:], frames[2:], strict=False)
                if frame != cursor.frame
            ]
            del self.points[min(spans)[1]]

    def _scout_step(self) -> bool:
        """One frame of the scout: on to the end, observing once it is at the frontier (a
        playback or a seek that got there first observes meanwhile; the scout catches up)."""
        if self.end is not None:
            if self.scout is not None:
                self._park(self.scout)  # the last frame: End jumps there at once
                self.scout = None
            return False
        if self.scout is None:
            if self.copies and self.current.frame == self.frontier:
                self.scout = self.current.copy(self._shared)
            else:
                self.scout = self._start_cursor(self.frontier)
        self._step(self.scout)
        return True

    def gap_frames(self) -> int:
        """The widest gap between checkpoints the builder leaves."""
        if self._gap_frames is not None:
            return self._gap_frames
        rate = self.stats.ticks_per_second or 2000.0
        return max(MIN_GAP_FRAMES, round(rate * QUICK_SECONDS))

    def _next_build(self) -> int | None:
        """The frame of the next checkpoint to build (a physics replay only): the middle of
        the widest gap between the frames a jump can start from, if wider than allowed."""
        if self.copies or len(self.points) >= self.max_points:
            return None
        end = self.end if self.end is not None else self.frontier
        frames = sorted({0, *self.quick_frames(), end})
        gaps = [(b - a, -a, a, b) for a, b in itertools.pairwise(frames)]
        if not gaps:
            return None
        width, _, low, high = max(gaps)
        if width <= self.gap_frames():
            return None
        return (low + high) // 2

    def _build_step(self) -> bool:
        if self.build is None:
            goal = self._next_build()
            if goal is None:
                return False
            self.build = _Job(Cursor.start(self.file), goal)
        job = self.build
        self._step(job.cursor)
        if job.cursor.frame >= job.goal or job.cursor.ended:
            self.build = None
            self._park(job.cursor)
        return True


# --------------------------------------------------------------------------------------------
# What there is to replay


def saves_folder() -> Path:
    """The player's saves, where the window keeps them (:func:`games.runs.saves.saves_folder`)."""
    from games.runs.saves import saves_folder as window_saves

    return window_saves()


@dataclass(frozen=True)
class Entry:
    """One file the menu's Replays list offers."""

    path: Path
    section: str  # "Your saves" or "Scenarios"
    game: str  # the game's title ("" if unreadable)
    name: str  # the file's name in words
    detail: str  # the description, or the save's summary and date
    problem: str = ""  # why it cannot be replayed (one line), if so


def replay_entries(games: list[str] | None = None, folder: Path | None = None) -> list[Entry]:
    """The saves in ``folder`` (default: :func:`saves_folder`) newest first, then the shipped
    scenarios of ``games`` (default: every available game), each read far enough to describe
    it."""
    folder = saves_folder() if folder is None else folder
    saves = sorted(folder.glob("*.toml"), key=_mtime, reverse=True) if folder.is_dir() else []
    entries = [_entry(path, "Your saves") for path in saves]
    for game in games if games is not None else registry.available():
        scenarios = assets_dir() / "scenarios" / game
        if scenarios.is_dir():
            entries += [_entry(path, "Scenarios") for path in sorted(scenarios.glob("*.toml"))]
    return entries


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _entry(path: Path, section: str) -> Entry:
    name = path.stem.replace("_", " ").replace("-", " ")
    try:
        scenario = load_scenario(path)
        title = registry.load(scenario.game).title
    except (ScenarioError, registry.UnknownGame) as error:
        return Entry(path, section, "", name, "", problem=str(error))
    if scenario.save is not None:
        detail = " · ".join(
            part
            for part in (scenario.save.summary, _when(scenario.save.saved_at))
            if part
        )
    else:
        detail = scenario.description
    return Entry(path, section, title, name, detail)


def _when(saved_at: str) -> str:
    """``2026-12-01T21:30:00Z`` as ``saved 2026-12-01 21:30 UTC``."""
    return f"saved {saved_at.replace('T', ' ')[:16]} UTC" if saved_at else ""
