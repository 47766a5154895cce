"""Scenario files: a game, a seed, config overrides, inputs at given frames, and the goldens.

A scenario is a TOML file (read with ``tomllib``, written with ``tomli_w``)::

    game = "freeplay"
    seed = 0
    description = "A disk dragged onto the stack"
    frames = 900                 # the frame limit (0 or absent: the game's own limit)
    stop_at_outcome = true       # false: run exactly `frames` frames (what recordings use)
    seats = ["human"]            # absent: every seat a computer (`players` of them)
    options = { script = "drop" }

    [config]                     # overrides of assets/physics.toml, any subset
    world.gravity = 1635.0

    [[input]]                    # inputs, in frame order, handled just before that frame's tick
    frame = 60
    action = "grab"
    x = 90.0
    y = 4.0

    [[input]]                    # a live config edit: the whole new config, from this frame on
    frame = 300
    action = "config"
    [input.data.config.world]
    gravity = 2000.0             # … and every other key of the config

    [expect]                     # the goldens, written by `wobbletop regress --update`
    digest = "…"                 # 64 hex digits: hash of the world and the game state at the end
    [expect.outcome]             # session.result() without game/seed and without empty values
    reason = "settled"
    frames = 597
    [expect.bodies]              # a physics game: where each movable body ended, [x, y] mm
    disk-1 = [12.5, 4.0]

``wobbletop regress --update`` rewrites only the values under ``[expect]``, keeping the file's
comments and layout (:mod:`games.runs.goldens`); a mismatch is said field by field and body by body.

The file is validated by a pydantic schema; every problem is one line naming the file and the
key. The ``[config]`` table goes through :func:`physics.config.load_config` (errors name the
scenario file). A scenario never reads the user's config file or ``WOBBLETOP_CONFIG``: it
must replay alike on any machine.

Replay builds the session fresh from seed and config (never from a copy of a space), handles
each input at its frame, ticks until the outcome or the limit, and compares the result and the
digest with the goldens.

Recordings (:func:`write_recording`) store the config the session *started* with (its
``initial_setup``, as differences from the defaults); a live edit made while playing is one of
the recorded inputs (``action = "config"``), so the user's config file is never read again
when saving: a bad or half-written file on disk then neither breaks nor pollutes the recording.

Recordings of scripted sessions: a session whose ``options`` carry a ``script`` generates some
of its own inputs, and those land in ``session.recorded`` too. :func:`write_recording` keeps the
options (so the replay runs the script again) and stores only the inputs the script did *not*
generate; it finds the script's own inputs by running a fresh copy of the session without any
player input for the same number of frames.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import tempfile
import threading
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import tomli_w
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from datafiles.userfile import MAX_SCENARIO_BYTES, shown
from games.core import registry
from games.core.errors import UserError
from games.core.options import MAX_COORDINATE, check_input_values
from games.core.protocol import CONFIG_ACTION, InputEvent, InputRefused, SeatKind, Session
from physics.config import ConfigError, LoadedConfig, load_config, read_toml


class ScenarioError(UserError):
    """A scenario file that cannot be used; ``str()`` is one line naming the file and key."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False)


class InputRecord(_Strict):
    frame: int = Field(ge=0, description="physics frame the input takes effect on")
    action: str = Field(min_length=1, description="grab, move, release or a game's own move")
    x: float = Field(default=0.0, ge=-MAX_COORDINATE, le=MAX_COORDINATE, description="mm")
    y: float = Field(default=0.0, ge=-MAX_COORDINATE, le=MAX_COORDINATE, description="mm")
    data: dict[str, Any] = Field(default_factory=dict, description="a game's move as a table")

    @model_validator(mode="after")
    def _data_usable(self) -> InputRecord:
        problem = check_input_values(self.x, self.y, self.data)
        if problem is not None:
            raise ValueError(problem)
        return self

    @model_validator(mode="after")
    def _config_has_its_table(self) -> InputRecord:
        if self.action == CONFIG_ACTION and not isinstance(self.data.get("config"), dict):
            raise ValueError(
                "data.config: missing; allowed: a config input carries the whole config as a "
                "table (data.config.world, data.config.materials, ...)"
            )
        return self

    def event(self) -> InputEvent:
        return InputEvent.from_json(self.model_dump())


class Expect(_Strict):
    digest: str = Field(pattern=r"^[0-9a-f]{64}$", description="SHA-256 of the final state, hex")
    outcome: dict[str, Any] = Field(default_factory=dict, description="the expected result")
    bodies: dict[str, list[float]] | None = Field(
        default=None, description="where each movable body ended, name = [x, y] in mm"
    )


class SaveInfo(_Strict):
    """The ``[save]`` table of a saved game (the format is :mod:`games.runs.saves`)."""

    format: int = Field(ge=1, description="the save format's version")
    wobbletop: str = Field(min_length=1, max_length=40, description="the version that wrote it")
    saved_at: str = Field(
        pattern=r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$", description="UTC, ISO 8601"
    )
    summary: str = Field(default="", max_length=200, description="how far, for a player")
    files: dict[str, str] = Field(default_factory=dict, description="data file -> SHA-256")
    state: str = Field(
        default="", max_length=2_000_000, description="the game's own state as JSON text"
    )

    @field_validator("state")
    @classmethod
    def _state_is_a_json_table(cls, state: str) -> str:
        import json

        if not state:
            return state
        try:
            value = json.loads(state)
        except ValueError as error:
            raise ValueError(f"not JSON ({error})") from None
        if not isinstance(value, dict):
            raise ValueError("allowed: the game's state as a JSON object")
        return state

    @field_validator("files")
    @classmethod
    def _hashes(cls, files: dict[str, str]) -> dict[str, str]:
        for name, digest in files.items():
            if not re.fullmatch(r"[0-9a-f]{64}", digest):
                raise ValueError(f"files.{name}: {digest!r}; allowed: 64 hex digits (SHA-256)")
        return files


class Scenario(_Strict):
    """One scenario file, validated."""

    game: str
    seed: int = Field(default=0, ge=0)
    description: str = ""
    frames: int = Field(default=0, ge=0, le=100_000_000, description="frame limit; 0: the game's")
    stop_at_outcome: bool = True
    players: int | None = Field(default=None, ge=1, le=16)
    seats: list[SeatKind] | None = None
    options: dict[str, Any] = Field(default_factory=dict)
    config: dict[str, Any] = Field(default_factory=dict)
    input: list[InputRecord] = Field(default_factory=list)
    expect: Expect | None = None
    save: SaveInfo | None = None

    @field_validator("game")
    @classmethod
    def _known_game(cls, game: str) -> str:
        if game not in registry.KNOWN_IDS:
            raise ValueError(f"unknown game {game!r}; allowed: {', '.join(registry.KNOWN_IDS)}")
        return game

    @field_validator("seats", mode="before")
    @classmethod
    def _seat_names(cls, seats: Any) -> Any:
        # Seats are written as plain strings; strict mode would refuse them as enum values.
        if isinstance(seats, list):
            return [_seat_kind(seat) for seat in seats]
        return seats

    @model_validator(mode="after")
    def _inputs_in_order(self) -> Scenario:
        previous = 0
        for index, record in enumerate(self.input):
            if record.frame < previous:
                raise ValueError(
                    f"input[{index}].frame: {record.frame} comes before the previous input's "
                    f"frame {previous}; allowed: inputs in frame order"
                )
            if self.frames and record.frame > self.frames:
                raise ValueError(
                    f"input[{index}].frame: {record.frame} is after the last frame "
                    f"{self.frames}; allowed: 0 to {self.frames}"
                )
            previous = record.frame
        return self

    def events(self) -> list[InputEvent]:
        return [record.event() for record in self.input]


def _seat_kind(seat: Any) -> SeatKind:
    try:
        return SeatKind(seat)
    except ValueError:
        allowed = ", ".join(kind.value for kind in SeatKind)
        raise ValueError(f"{seat!r} is not a kind of seat; allowed: {allowed}") from None


# --------------------------------------------------------------------------------------------
# Reading


def load_scenario(path: str | os.PathLike[str]) -> Scenario:
    """Read and validate a scenario file, or raise a one-line :class:`ScenarioError`."""
    path = Path(path)
    return parse_scenario(read_scenario_data(path), path)


def read_scenario_data(path: Path) -> dict[str, Any]:
    """A scenario file's TOML tables, not yet validated (a one-line :class:`ScenarioError` for
    a file that cannot be read or is not TOML)."""
    try:
        return read_toml(path, what="scenario file", max_bytes=MAX_SCENARIO_BYTES)
    except ConfigError as error:
        raise ScenarioError(str(error)) from None


def parse_scenario(data: Mapping[str, Any], path: Path) -> Scenario:
    try:
        return Scenario.model_validate(data)
    except ValidationError as error:
        raise ScenarioError(f"{path}: {_describe(error)}") from None


def _describe(error: ValidationError) -> str:
    first = error.errors(include_url=False)[0]
    key = "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in first["loc"])
    key = key.lstrip(".")
    kind = first["type"]
    given = first.get("input")
    if kind == "value_error":
        message = str(first["ctx"]["error"])
        return f"{key}: {message}" if key else message
    if kind == "extra_forbidden":
        return f"{key}: unknown key; allowed: {_allowed_keys(first['loc'])}"
    if kind == "missing":
        return f"{key}: missing; it is required"
    if kind == "enum":
        return f"{key}: is {shown(given)}; allowed: {first['ctx']['expected']}"
    return f"{key}: is {shown(given)}; allowed: {first['msg'].lower()}"


def _allowed_keys(loc: tuple[Any, ...]) -> str:
    model: type[BaseModel] = Scenario
    if len(loc) >= 2 and loc[0] == "input":
        model = InputRecord
    elif len(loc) >= 2 and loc[0] == "expect":
        model = Expect
    elif len(loc) >= 2 and loc[0] == "save":
        model = SaveInfo
    return ", ".join(model.model_fields)


def scenario_config(scenario: Scenario, path: Path) -> LoadedConfig:
    """The defaults with the scenario's ``[config]`` laid on top (errors name ``path``)."""
    return load_config(None, overrides=scenario.config, overrides_source=path)


# --------------------------------------------------------------------------------------------
# Replaying


@dataclass(frozen=True)
class Replay:
    """What a scenario did when replayed, against what it expected."""

    outcome: dict[str, Any]
    digest: str
    expected: Expect | None
    notes: tuple[str, ...] = ()  # what the user should know though nothing failed
    bodies: dict[str, list[float]] = field(default_factory=dict)  # name: [x, y] mm at the end

    @property
    def outcome_ok(self) -> bool:
        return self.expected is not None and self.expected.outcome == self.outcome

    @property
    def digest_ok(self) -> bool:
        return self.expected is not None and self.expected.digest == self.digest

    @property
    def ok(self) -> bool:
        return self.outcome_ok and self.digest_ok

    @property
    def bodies_missing(self) -> bool:
        """True if the run has body positions its goldens do not keep yet (``--update`` adds)."""
        return bool(self.bodies) and (self.expected is None or self.expected.bodies is None)

    def differences(self) -> list[str]:
        """Lines saying what moved against the goldens: the outcome's fields, then which
        bodies and by how many mm (:func:`games.runs.goldens.explain`), then the digests."""
        from games.runs.goldens import explain

        if self.expected is None:
            return ["no [expect] goldens yet (run with --update)"]
        lines = explain(self.expected.outcome, self.outcome, self.expected.bodies, self.bodies)
        if not self.digest_ok:
            lines.append(f"digest: expected {self.expected.digest[:12]}…, got {self.digest[:12]}…")
        return lines


def replay(scenario: Scenario, path: Path, *, progress: bool = False) -> Replay:
    """Build the scenario's session fresh, feed its inputs, run it, and compare with the goldens.

    Raises :class:`ScenarioError` for a game not built yet, a config problem or a refused input.
    """
    session, left = start_session(scenario, path, progress=progress)
    notes: tuple[str, ...] = ()
    if left:  # a planned sequence the game's end cut short: said, not silently dropped
        notes = (
            f"note: the game ended at frame {session.frame}; the last {len(left)} input"
            f"{'s were' if len(left) > 1 else ' was'} not played",
        )
    from games.runs.goldens import body_positions

    return Replay(
        expected_outcome(session),
        session.digest(),
        scenario.expect,
        notes,
        body_positions(session),
    )


def start_session(
    scenario: Scenario, path: Path, *, progress: bool = False, to_frame: int | None = None
) -> tuple[Session, list[InputEvent]]:
    """The scenario's session built fresh and run through its inputs to its last frame (or its
    outcome); returns it with the inputs never played. Errors as :func:`replay`'s.

    ``to_frame``: run exactly to this frame whatever the outcome (a save resumes there; 0 is
    the game as it starts, where a scenario's ``frames = 0`` means the game's own limit)."""
    from games.runs.headless import drive

    prepared = prepare_session(scenario, path, to_frame=to_frame)
    session = prepared.session
    try:
        left = drive(
            session,
            prepared.limit,
            prepared.events,
            stop_at_outcome=prepared.stop_at_outcome,
            progress=progress,
        )
    except InputRefused as error:
        raise ScenarioError(
            f"{path}: an input at frame {session.frame} was refused: {error}"
        ) from None
    return session, left


@dataclass(frozen=True)
class Prepared:
    """A scenario's session as it starts (frame 0, no input handled yet) and how to run it:
    to frame ``limit``, stopping at the outcome or not, with ``events`` at their frames."""

    session: Session
    limit: int
    stop_at_outcome: bool
    events: tuple[InputEvent, ...]


def prepare_session(scenario: Scenario, path: Path, *, to_frame: int | None = None) -> Prepared:
    """The scenario's session built fresh, not yet run, with the frame limit and inputs that
    :func:`start_session` runs it with (``to_frame`` as there). Errors as :func:`replay`'s."""
    from games.runs.headless import frame_limit, new_session

    try:
        spec = registry.load(scenario.game)
    except registry.UnknownGame as error:
        raise ScenarioError(f"{path}: {error}") from None
    try:
        config = scenario_config(scenario, path).config
    except ConfigError as error:
        raise ScenarioError(_config_problem(error, path)) from None
    if scenario.seats is not None:
        _check_seats(spec, scenario.seats, path)
    seats = tuple(scenario.seats) if scenario.seats else _computer_seats(spec, scenario, path)
    try:
        session = new_session(spec, config, scenario.seed, seats, scenario.options)
    except (UserError, InputRefused) as error:  # options or seats the game cannot start with
        raise ScenarioError(f"{path}: {error}") from None
    try:
        limit = frame_limit(spec, config, scenario.frames or None, key="frames:")
    except UserError as error:
        raise ScenarioError(f"{path}: {error}") from None
    stop_at_outcome = scenario.stop_at_outcome
    if to_frame is not None:
        limit, stop_at_outcome = to_frame, False
    events = scenario.events()
    late = [index for index, event in enumerate(events) if event.frame > limit]
    if late:
        raise ScenarioError(
            f"{path}: input[{late[0]}].frame: {events[late[0]].frame} is after {spec.id}'s own "
            f"frame limit {limit}; allowed: 0 to {limit}, or set frames"
        )
    return Prepared(session, limit, stop_at_outcome, tuple(events))


def _config_problem(error: ConfigError, path: Path) -> str:
    """``FILE: config.KEY: problem`` for a problem in the scenario's own ``[config]`` table."""
    message = str(error)
    own = f"{path}: "
    if message.startswith(own):
        return f"{path}: config.{message.removeprefix(own)}"
    return f"{path}: {message}"  # the defaults themselves are broken: name that file too


def _check_seats(spec: Any, seats: list[SeatKind], path: Path) -> None:
    most = len(spec.seat_names)
    if not spec.min_seats <= len(seats) <= most:
        allowed = f"{most}" if spec.min_seats == most else f"{spec.min_seats} to {most}"
        raise ScenarioError(
            f"{path}: seats: {len(seats)} given; allowed: {allowed} "
            f"seat{'s' if most > 1 else ''} for {spec.id}"
        )


def _computer_seats(spec: Any, scenario: Scenario, path: Path) -> tuple[SeatKind, ...]:
    from games.runs.headless import HeadlessError, seats_for

    try:
        return seats_for(spec, scenario.players)
    except HeadlessError as error:
        problem = str(error).removeprefix("--players ")  # the file's key, not the CLI flag
        raise ScenarioError(f"{path}: players: {problem}") from None


def expected_outcome(session: Session) -> dict[str, Any]:
    """The session's result as a golden: without game and seed (the file has them) and empties."""
    result = session.result()
    result.pop("game", None)
    result.pop("seed", None)
    return _tomlable(result)


def _tomlable(value: Any) -> Any:
    """``value`` as TOML can hold it: None dropped, tuples as lists, keys as strings."""
    if isinstance(value, Mapping):
        return {str(k): _tomlable(v) for k, v in value.items() if v is not None}
    if isinstance(value, (list, tuple)):
        return [_tomlable(item) for item in value if item is not None]
    return value


def run_scenario_file(
    path: str | os.PathLike[str], *, progress: bool = False
) -> tuple[Scenario, Replay]:
    """Load and replay one scenario file (``progress``: a frame bar on stderr)."""
    path = Path(path)
    scenario = load_scenario(path)
    return scenario, replay(scenario, path, progress=progress)


# --------------------------------------------------------------------------------------------
# Writing


def dump_scenario(scenario: Scenario) -> str:
    """The scenario as TOML text, keys in the documented order, empty parts left out."""
    data = scenario.model_dump(mode="json", exclude_none=True)
    for key in ("description", "options", "config", "input"):
        if not data.get(key):
            data.pop(key, None)
    data["input"] = [_compact_input(record) for record in data.get("input", [])]
    if not data["input"]:
        del data["input"]
    return tomli_w.dumps(_tomlable(data))


def _compact_input(record: dict[str, Any]) -> dict[str, Any]:
    return InputEvent.from_json(record).to_json()


def write_text_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file, so a crash never leaves half a file.

    A symlink is written through (its target gets the text, the link stays); an existing file
    keeps its permissions, a new one gets ``0666`` less the umask, as any editor's would. On
    any failure (read-only folder, full disk) the temporary file is removed, the original is
    intact, and :class:`OSError` says why.
    """
    target = Path(os.path.realpath(path))
    folder = target.parent
    if not folder.is_dir():
        folder.mkdir(parents=True, exist_ok=True)
    try:
        mode = target.stat().st_mode & 0o7777
    except FileNotFoundError:
        mode = 0o666 & ~_umask()
    with signals_deferred():
        _write_and_replace(target, folder, text, mode)


def _write_and_replace(target: Path, folder: Path, text: str, mode: int) -> None:
    handle = tempfile.NamedTemporaryFile(  # noqa: SIM115 - closed below, unlinked on failure
        "w", encoding="utf-8", dir=folder, prefix=f".{target.name}.", suffix=".tmp", delete=False
    )
    try:
        with handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(handle.name, mode)
        os.replace(handle.name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(handle.name)
        raise


_DEFERRED = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)


@contextlib.contextmanager
def signals_deferred() -> Iterator[None]:
    """Ctrl-C (a second one too), SIGTERM and SIGHUP wait until the file is written: they are
    delivered the moment the block ends. Blocked in the main thread where the OS lets us, and
    kept by :func:`games.runs.interrupts.deferred` when another thread (SDL's) takes the signal."""
    from games.runs.interrupts import deferred

    if not hasattr(signal, "pthread_sigmask") or (
        threading.current_thread() is not threading.main_thread()
    ):
        with deferred():
            yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, _DEFERRED)
    try:
        with deferred():
            yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def numbered_path(path: Path, taken: set[Path] | frozenset[Path] = frozenset()) -> Path:
    """``path`` if nothing is there (not even a dangling symlink), else the first free
    ``NAME-2.toml``, ``NAME-3.toml``...: a recording never replaces a file."""
    candidate, number = path, 1
    while candidate in taken or os.path.lexists(candidate):
        number += 1
        candidate = path.with_name(f"{path.stem}-{number}{path.suffix}")
    return candidate


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def update_goldens(path: Path, replayed: Replay) -> None:
    """Rewrite the ``[expect]`` values of ``path`` to what ran, keeping the rest of the file
    (comments, order, layout): :func:`games.runs.goldens.with_goldens`."""
    from games.runs.goldens import with_goldens

    text = path.read_text(encoding="utf-8-sig")  # as read_toml: a BOM is fine
    bodies = replayed.bodies or None
    write_text_atomically(path, with_goldens(text, replayed.digest, replayed.outcome, bodies))


def write_recording(
    path: str | os.PathLike[str], session: Session, user_config_path: Path | None
) -> None:
    """Save what was played in ``session`` as a scenario that replays to the same state.

    Stores the seed, the seats and options, the config the session started with (every value
    that differs from the defaults), the inputs the player made, live config edits included
    (see the module docstring for scripted sessions), the frame count (the replay runs exactly
    that many frames) and, as goldens, the result and digest at this moment.
    ``user_config_path`` only names the file in the description; it is not read.
    """
    scenario = recording_of(session, user_config_path, command=f"wobbletop play {session.game_id}")
    write_text_atomically(Path(path), dump_scenario(scenario))


def recording_of(
    session: Session, user_config_path: Path | None, *, command: str, verb: str = "Recorded"
) -> Scenario:
    """What :func:`write_recording` writes, as a scenario (``command`` and ``verb`` for the
    description; a save adds its ``[save]`` table to this, :mod:`games.runs.saves`)."""
    start = session.initial_setup
    overrides = _config_overrides(start.config.model_dump())
    source = f" with {user_config_path}" if user_config_path else ""
    stamp = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    return Scenario(
        game=session.game_id,
        seed=session.seed,
        description=f"{verb} with `{command}`{source} on {stamp}",
        frames=session.frame,
        stop_at_outcome=False,
        seats=list(start.seats) or None,
        options=dict(start.options),
        config=overrides,
        input=[InputRecord.model_validate(event.to_json()) for event in player_inputs(session)],
        expect=Expect(digest=session.digest(), outcome=expected_outcome(session)),
    )


def player_inputs(session: Session) -> list[InputEvent]:
    """The inputs in ``session.recorded`` that a scripted session did not generate itself."""
    inputs = list(session.recorded)
    if "script" not in session.initial_setup.options:
        return inputs
    spec = registry.load(session.game_id)
    reference = spec.new_session(session.initial_setup)
    while reference.frame < session.frame:
        reference.tick()
    for scripted in reference.recorded:
        if scripted in inputs:
            inputs.remove(scripted)
    return inputs


def _config_overrides(config: Mapping[str, Any]) -> dict[str, Any]:
    """The values of ``config`` (a dumped PhysicsConfig) that differ from the defaults."""
    overrides: dict[str, Any] = {}
    _lay_differences(overrides, config, load_config(None).config.model_dump())
    return overrides


def _lay_differences(into: dict[str, Any], actual: Mapping[str, Any], defaults: Any) -> None:
    for key, value in actual.items():
        default = defaults.get(key) if isinstance(defaults, Mapping) else None
        if isinstance(value, Mapping):
            table = into.setdefault(key, {})
            _lay_differences(table, value, default)
            if not table:
                del into[key]
        elif value != default:
            into[key] = value
