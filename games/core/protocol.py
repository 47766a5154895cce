"""The game protocol every game plugs into. No pygame here.

A game is a :class:`GameSpec`: its id, title, brief rules for the help overlay, its seats, a
factory for :class:`Session` objects and the dotted name of its pygame view module (imported
only by the window, so a headless run never imports pygame).

A :class:`Session` is one game in progress: a pure rules object, an optional physics
:class:`~physics.world.World`, and the seats. The shell advances it one fixed frame at a time
with :meth:`Session.tick` and feeds it player inputs as :class:`InputEvent` values. Every input
that changed the game is recorded with the frame it took effect on, so a session can be saved
as a scenario and replayed headless to the same outcome.

A live config edit is an input too: ``InputEvent(action="config", data={"config": <the whole
PhysicsConfig as a table>})``. :class:`Session` handles it for every game (validated, then laid
onto the world with ``World.apply_config``; a game without physics only keeps it), so a replay
changes the constants at the same frame. ``session.initial_setup`` keeps what the game started
with; ``session.setup`` is what it runs with now.

:meth:`Session.digest` hashes the physics world (if any), the frame and the game's own state
(:meth:`Session.state_json`) into 64 hex digits, the same for every game.

Layers: this module imports neither pymunk nor pygame (the physics types are for type checking
only), so a game's ``rules.py`` and its ``GameSpec`` load without them.
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from datafiles.sha import sha256
from games.core.options import check_input_values, check_options

if TYPE_CHECKING:
    from physics.config import PhysicsConfig
    from physics.world import World

# The input action that carries a new physics config (a live edit of the config file).
CONFIG_ACTION = "config"


class SeatKind(str, enum.Enum):
    HUMAN = "human"
    COMPUTER = "computer"


class InputRefused(ValueError):
    """A player's input that the rules do not allow; ``str()`` says why, for the player."""


@dataclass(frozen=True)
class InputEvent:
    """One player action, taking effect at physics ``frame``.

    ``action`` names what happened: for physics games "grab", "move" and "release" with a point
    ``(x, y)`` in world millimetres; for turn-based games a game-specific action with ``data``
    (a JSON-able move). Values are plain so they round-trip through scenario files.
    """

    frame: int
    action: str
    x: float = 0.0
    y: float = 0.0
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        record: dict[str, Any] = {"frame": self.frame, "action": self.action}
        if self.x or self.y:
            record.update(x=self.x, y=self.y)
        if self.data:
            record["data"] = dict(self.data)
        return record

    @classmethod
    def from_json(cls, record: Mapping[str, Any]) -> InputEvent:
        return cls(
            frame=int(record["frame"]),
            action=str(record["action"]),
            x=float(record.get("x", 0.0)),
            y=float(record.get("y", 0.0)),
            data=dict(record.get("data", {})),
        )


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the winning seat (None for a draw or a sandbox), why, and extras."""

    winner: str | None
    reason: str
    details: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "reason": self.reason, **dict(self.details)}


@dataclass(frozen=True)
class SessionSetup:
    """What a new session is made from: constants, the seed of all its luck, who sits where."""

    config: PhysicsConfig
    seed: int = 0
    seats: tuple[SeatKind, ...] = ()
    options: Mapping[str, Any] = field(default_factory=dict)


class Session(ABC):
    """One game in progress, advanced in fixed frames by the shell or a headless runner."""

    game_id: str = ""

    def __init__(self, setup: SessionSetup) -> None:
        self.initial_setup = setup  # what the game started with (a recording stores this)
        self.setup = setup  # what it runs with now (a config input replaces the config)
        self.frame = 0
        self.recorded: list[InputEvent] = []

    @property
    def world(self) -> World | None:
        """The physics world, for games that have one."""
        return None

    def sound_worlds(self) -> list[World]:
        """The worlds whose contacts the window's sound hears (Wallamoppi adds its marble box)."""
        world = self.world
        return [world] if world is not None else []

    @property
    def seed(self) -> int:
        return self.setup.seed

    @property
    def frame_seconds(self) -> float:
        return self.setup.config.world.frame_seconds

    def handle(self, event: InputEvent) -> None:
        """Apply a player's input now; raise :class:`InputRefused` if the rules forbid it.

        Accepted inputs are recorded with the current frame so a replay applies them alike.
        A :data:`CONFIG_ACTION` input is handled here, the same for every game. Coordinates
        and data that no game could use (NaN, infinity, 1e300, huge strings) are refused here
        for every game (:func:`games.core.options.check_input_values`).
        """
        problem = check_input_values(event.x, event.y, event.data)
        if problem is not None:
            raise InputRefused(problem)
        stamped = InputEvent(self.frame, event.action, event.x, event.y, event.data)
        if stamped.action == CONFIG_ACTION:
            self._apply_config_input(stamped)
        else:
            self._apply_input(stamped)
        self.recorded.append(stamped)

    def _apply_config_input(self, event: InputEvent) -> None:
        from physics.config import ConfigProblem, validate_config

        try:
            config = validate_config(event.data.get("config"))
        except ConfigProblem as error:
            raise InputRefused(f"config: {error}") from None
        self.setup = dataclasses.replace(self.setup, config=config)
        self.apply_config(config)

    def apply_config(self, config: PhysicsConfig) -> None:
        """Use new constants from now on: the world's (a game with more to tune extends this)."""
        world = self.world
        if world is not None:
            world.apply_config(config)

    @abstractmethod
    def _apply_input(self, event: InputEvent) -> None:
        """Carry out one input (raise :class:`InputRefused` to refuse it, changing nothing)."""

    def tick(self) -> None:
        """Advance one fixed frame: computer seats act, physics steps, the rules look on."""
        self._tick()
        self.frame += 1

    @abstractmethod
    def _tick(self) -> None:
        """One frame of the game's own work."""

    def rest_key(self) -> object | None:
        """None while the game may change by itself (a computer to act, a timer, a piece
        moving); else a value that changes whenever the game does. The window rests (draws
        nothing, waits for input: games.ui.rest) while it stays the same from frame to frame;
        it still ticks every frame, so a rest changes no frame number. By default never at rest.
        """
        return None

    def idle_frames(self, most: int) -> int:
        """How many of the next frames (at most ``most``) would change nothing but counters
        (nothing moves, no computer acts, no rule looks at anything new): a headless run
        (games/runs/headless.py) takes them at once with :meth:`skip`, to the same state and digest
        as ticking them one by one. 0 by default: every frame is ticked."""
        return 0

    def skip(self, frames: int) -> None:
        """Take ``frames`` frames that :meth:`idle_frames` promised are idle."""
        raise NotImplementedError(f"{type(self).__name__} has no idle frames to skip")

    @property
    @abstractmethod
    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on."""

    def status(self) -> str:
        """One line for the window's status bar: whose turn, what to do."""
        return ""

    def result(self) -> dict[str, Any]:
        """A JSON-able summary for headless runs and scenario checks."""
        outcome = self.outcome
        summary: dict[str, Any] = {
            "game": self.game_id,
            "seed": self.seed,
            "frames": self.frame,
            "sim_seconds": round(self.frame * self.frame_seconds, 6),
        }
        summary.update(outcome.to_json() if outcome else {"winner": None, "reason": "unfinished"})
        return summary

    @abstractmethod
    def state_json(self) -> Mapping[str, Any]:
        """The game's own state beyond the physics bodies, as JSON-able values (for the digest)."""

    def digest(self) -> str:
        """SHA-256 (64 hex digits) of the whole game state: world, frame and the game's state."""
        world = self.world
        state = {"frame": self.frame, "game": self.state_json()}
        hasher = sha256()
        hasher.update((world.digest() if world is not None else "").encode())
        hasher.update(json.dumps(state, sort_keys=True, separators=(",", ":")).encode())
        return hasher.hexdigest()


@dataclass(frozen=True)
class GameSpec:
    """Everything the shell and the CLI need to know of one game."""

    id: str
    title: str
    blurb: str  # one line for the menu
    help_text: str  # the rules in brief, for the help overlay
    seat_names: tuple[str, ...]  # the most seats; the first min_seats are always there
    min_seats: int
    # Builds a session (call :meth:`new_session`, which checks the options first). Games pass
    # :func:`session_made_by`, which imports their session module only when called, so loading
    # the spec (the menu, the CLI) imports neither pymunk nor pygame.
    make_session: Callable[[SessionSetup], Session]
    view_module: str  # dotted module with ``make_view(app, session)``; imported by the window only
    physics: bool = True
    # A headless run (``wobbletop run GAME --headless``): the session's options, and a limit in
    # simulated seconds (0: the game ends by itself, within the runner's safety limit).
    headless_options: Mapping[str, Any] = field(default_factory=dict)
    headless_seconds: float = 0.0
    # Ctrl+Z in the window takes back the last drag by replaying the game without it
    # (games.runs.undo); for sandboxes, not for games whose rules forbid taking a move back.
    undo_by_replay: bool = False
    # The options a session takes, declared beside the spec: a games.core.option_models.GameOptions
    # subclass (pydantic) or a games.core.options.WordOptions (a few fixed words, no pydantic);
    # unknown keys, wrong types, unknown bots are one-line errors. None: no options.
    options: Any = None
    # Reads the game's own data files (a board map) and raises a one-line
    # :class:`games.core.errors.UserError` for a bad one, so ``wobbletop play`` refuses it before
    # any window opens (:func:`files_read_by`: the game's loader, imported only when called).
    # None: the game has no files of its own.
    check_files: Callable[[], None] | None = None

    def new_session(self, setup: SessionSetup) -> Session:
        """A new session of this game; options it does not take are a one-line
        :class:`~games.core.options.OptionsError` before anything is built."""
        if setup.options:
            check_options(self, setup.options)
        return self.make_session(setup)


def _imported(dotted: str) -> Any:
    """The object named ``dotted`` ("package.module.name"), its module imported now."""
    module, _, name = dotted.rpartition(".")
    return getattr(importlib.import_module(module), name)


def session_made_by(session_class: str) -> Callable[[SessionSetup], Session]:
    """A :attr:`GameSpec.make_session` building ``session_class`` (its dotted name) from the
    setup, its module (and with it pymunk, for a physics game) imported only when called."""

    def make_session(setup: SessionSetup) -> Session:
        made: Callable[[SessionSetup], Session] = _imported(session_class)
        return made(setup)

    return make_session


def files_read_by(loader: str) -> Callable[[], None]:
    """A :attr:`GameSpec.check_files` calling ``loader`` (its dotted name: a function reading the
    game's data files, raising one line for a bad one; what it returns is dropped), its module
    imported only when called."""

    def check_files() -> None:
        read: Callable[[], object] = _imported(loader)
        read()

    return check_files
