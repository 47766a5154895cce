"""``wobbletop sweep FILE --out RESULTS``: many headless games over a grid, one CSV row per game.

``FILE`` is a sweep file's path, or the name of a shipped one (``wobbletop sweep smoke`` runs
``assets/sweeps/smoke.toml`` of the installed wobbletop, from any folder): a file that exists
is taken as given; a bare name (no folder, no ``.toml``) is looked up among the shipped sweeps,
and an unknown one is one line listing them (:func:`sweep_path`). ``--dry-run`` checks the file
and ``--out`` and says how many games would run, running none and writing nothing.

A sweep file (TOML) names the game, its (computer) seats, the seeds, the physics config
overrides and game options to try, and which fields of each game's result to keep::

    game = "stonewall"
    description = "Does the search bot beat the greedy one?"
    players = 2                  # or seats = ["computer", "computer"]; human seats are refused
    seeds = 500                  # 0..499; or { start = 1000, count = 500 }; or a list [3, 7, 9]
    frames = 0                   # frame limit per game (0 or absent: the game's own limit)
    collect = ["winner", "reason", "turns", "frames", "digest"]   # dotted names reach inside

    [config]                     # overrides laid on assets/physics.toml for every game
    world.substeps = 8
    [options]                    # game options for every game (laid on the game's headless ones)
    bot_delay_frames = 0

    [grid.options]               # axes: every leaf is a list of values; the games run the
    bots = [["greedy", "expectimax"], ["expectimax", "greedy"]]   # product of all axes
    [grid.config.friction]
    wood-wood = [0.3, 0.6, 0.9]

    [[points]]                   # or (and) a list of points, each a table of the same kinds
    config = { world = { substeps = 4 } }

Axes may sit under ``grid.config`` (any physics key), ``grid.options`` (any game option) and
``grid.players``; the games are every seed at every point of ``points × grid``.

Everything is checked before the first game runs, as a config file is: one line naming the
file, the key and what is allowed, exit code 2, nothing written. The file's own problems (an
unknown key, a human seat, bad seeds, a game not built, an axis that is not a list), and every
point (:func:`make_plan`): its config through :func:`physics.config.load_config` (the validator
every config file uses), its options through the game's own options model
(:func:`games.core.options.check_options`, so an option a game adds later is checked with no change
here), and one session built and dropped for each distinct seat count and options, which
catches what only the game can judge (a saved start position it cannot set up). A point that
cannot run refuses the file: it would only ever give failed rows. Limits, so a typing slip
cannot start a sweep that never ends: at most :data:`MOST_SEEDS` seeds, :data:`MOST_POINTS`
points and :data:`MOST_GAMES` games (points × seeds); the seeds of a count or a
``{start, count}`` are a ``range`` and the jobs are made one at a time as the workers take them,
so ten million seeds start as fast as ten, progress bar first.

Results: one CSV file (stdlib ``csv``; pandas and polars read it directly), kept by
:mod:`games.runs.sweep_results` (what ``--out`` may be, what ``--resume`` accepts, a full disk). The
header is fixed by the sweep (``game, point, seed, players``, a column per axis, ``status,
error``, ``seats`` (the seat names in play, a JSON list), then the collected fields), so each
finished game is appended as one line and flushed at once: an interrupted sweep keeps every
finished game, and ``--resume`` runs the games whose inputs have no row yet and runs again those
whose row records a failed run (``game error``, ``worker died``: the code may have been fixed,
the machine may have been short of memory); their old rows are dropped from the file when the
new run starts, every other row stays as it was (a partly written last line is dropped first).
CSV, not Parquet: a Parquet file cannot be appended to row by row, and a table of a few columns
and 10^5 rows is small. Cells hold plain text: numbers, ``true``/``false``, JSON for lists and
tables, never a line break.

A row depends only on its job (game, seed, seats, the fully resolved config and the options,
all computed here and sent to the worker, which reads no file), so it is the same in any process
on any worker; no timings are recorded. ``status`` is ``ok``, ``game error`` (the game raised;
``error`` says what) or ``worker died`` (older files may hold ``config error`` rows, kept as
they are); each failure is also one line on stderr naming the point and seed, and the sweep goes
on.

Where the games run is :mod:`games.runs.pool`: a process per core by default (``-j N``), or a Dask
scheduler (``--scheduler ADDRESS``; ``--worker-wait SECONDS``, default 60, is how long one with
no worker is waited on before the sweep gives up, exit code 2). Like ``regress``, a sweep never
reads the user's config file: its rows must not depend on the machine that ran it.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import math
import os
import sys
from collections.abc import Container, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from datafiles.assets import assets_dir, bare_name, shipped_sweeps
from datafiles.userfile import one_line as safe_line
from datafiles.userfile import shown
from games.core import registry
from games.runs.pool import PoolError, run_jobs
from games.runs.sweep_results import GAME_ERROR, OK, WORKER_DIED, ResultsError, ResultsFile
from physics.config import ConfigError, load_config, read_toml

DEFAULT_COLLECT = ("winner", "reason", "frames", "turns", "tower_height", "digest")
INPUT_COLUMNS = ("game", "point", "seed", "players")
STATUS_COLUMNS = ("status", "error")
SEATS_COLUMN = "seats"  # the seat names in play, as the game reports them
MOST_SEEDS = 10_000_000
MOST_POINTS = 10_000  # each point is checked (and a session built) before any game runs
MOST_GAMES = 10_000_000  # points × seeds
AXIS_KINDS = ("config", "options", "players")


class SweepError(ValueError):
    """A sweep that cannot run (bad file, bad --out); ``str()`` is one line for the user."""


# --------------------------------------------------------------------------------------------
# The sweep file


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class SweepFile(_Strict):
    """The sweep file as written; :func:`make_plan` checks what a schema cannot."""

    game: str
    description: str = ""
    seats: list[str] | None = None
    players: int | None = None
    seeds: Any
    frames: int = Field(0, ge=0)
    collect: list[str] = Field(default_factory=lambda: list(DEFAULT_COLLECT))
    config: dict[str, Any] = Field(default_factory=dict)
    options: dict[str, Any] = Field(default_factory=dict)
    grid: dict[str, Any] = Field(default_factory=dict)
    points: list[dict[str, Any]] = Field(default_factory=list)


def sweep_path(text: str) -> Path:
    """The sweep file ``FILE`` names: an existing file as given, else a bare name looked up
    among the shipped sweeps; an unknown name is a one-line :class:`SweepError` listing them."""
    path = Path(text)
    if path.is_file():
        return path
    if not bare_name(text):
        if not path.exists() and path.suffix == ".toml" and path.stem in shipped_sweeps():
            raise SweepError(
                f"{text}: no such sweep file; the shipped sweep of that name runs from any "
                f"folder as `wobbletop sweep {path.stem}`"
            )
        return path  # a missing path is refused by load_sweep, naming it
    shipped = assets_dir() / "sweeps" / f"{text}.toml"
    if shipped.is_file():
        return shipped
    raise SweepError(
        f"{text}: no such sweep file, nor a shipped sweep of that name; allowed: a sweep file's "
        f"path or a shipped sweep: {', '.join(shipped_sweeps()) or '(none found)'}"
    )


def load_sweep(path: Path) -> SweepFile:
    """Read and check a sweep file's shape, or raise a one-line :class:`SweepError`."""
    try:
        data = read_toml(path)
    except ConfigError as error:
        raise SweepError(str(error).replace("config file", "sweep file")) from None
    try:
        return SweepFile.model_validate(data)
    except ValidationError as error:
        raise SweepError(f"{path}: {_first_problem(error)}") from None


FIELDS_ALLOWED = {
    "game": "the name of a game: " + ", ".join(registry.GAMES),
    "description": "text",
    "seats": 'a list of "computer" seats',
    "players": "a whole number of computer seats",
    "seeds": "a count, { start = S, count = N }, or a list of seeds",
    "frames": "a whole number of frames of at least 0 (0: the game's own limit)",
    "collect": "a list of result field names",
    "config": "a table of physics config keys",
    "options": "a table of the game's options",
    "grid": "a table of axes (config, options, players)",
    "points": "a list of tables ([[points]])",
}


def _first_problem(error: ValidationError) -> str:
    errors = error.errors(include_url=False)
    # A misspelt key first: it explains a "missing" one.
    first = min(errors, key=lambda problem: problem["type"] != "extra_forbidden")
    key = "".join(
        f"[{part}]" if isinstance(part, int) else f".{shown(str(part))[1:-1]}"
        for part in first["loc"]
    ).lstrip(".")
    if first["type"] == "extra_forbidden":
        return f"{key}: unknown key; allowed: {', '.join(SweepFile.model_fields)}"
    allowed = FIELDS_ALLOWED.get(str(first["loc"][0]), str(first["msg"]))
    if first["type"] == "missing":
        return f"{key}: missing; allowed: {allowed}"
    return f"{key}: is {shown(first.get('input'))}; allowed: {allowed}"


def seed_list(seeds: Any, where: str) -> Sequence[int]:
    """The seeds a ``seeds`` value names: a count or ``{start, count}`` (a ``range``: ten
    million seeds take no memory), or a list."""
    allowed = (
        f"allowed: a count (1 to {MOST_SEEDS}), {{ start = S, count = N }}, "
        "or a list of different whole numbers of at least 0"
    )
    if isinstance(seeds, int) and not isinstance(seeds, bool) and 1 <= seeds <= MOST_SEEDS:
        return range(seeds)
    if isinstance(seeds, dict) and set(seeds) == {"start", "count"}:
        start, count = seeds["start"], seeds["count"]
        if all(isinstance(v, int) and not isinstance(v, bool) for v in (start, count)) and (
            start >= 0 and 1 <= count <= MOST_SEEDS
        ):
            return range(start, start + count)
    if (
        isinstance(seeds, list)
        and seeds
        and all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in seeds)
        and len(set(seeds)) == len(seeds)
    ):
        return list(seeds)
    raise SweepError(f"{where}: seeds: is {shown(seeds)}; {allowed}")


# --------------------------------------------------------------------------------------------
# The plan: every game to play, as self-contained jobs, made one at a time


@dataclass(frozen=True)
class Job:
    """One headless game, with everything a worker needs (it reads no file)."""

    game: str
    point: int
    seed: int
    players: int
    frames: int
    config: Mapping[str, Any]  # the whole validated config, as a table
    options: Mapping[str, Any]
    inputs: tuple[tuple[str, str], ...]  # the axis columns' cells
    collect: tuple[str, ...]

    def first_cells(self) -> dict[str, str]:
        cells = {"game": self.game, "point": str(self.point), "seed": str(self.seed)}
        return {**cells, "players": str(self.players), **dict(self.inputs)}


@dataclass(frozen=True)
class Point:
    """One point of the grid, checked: its seat count, resolved config and options."""

    number: int
    players: int
    config: Mapping[str, Any]
    options: Mapping[str, Any]
    inputs: tuple[tuple[str, str], ...]


@dataclass
class Plan:
    """What a sweep file asks for: its header, its checked points and its seeds.

    The games are every seed at every point; :meth:`jobs` makes them one at a time, so ten
    million seeds cost no memory before the first game runs."""

    game: str
    header: list[str]
    points: list[Point]
    seeds: Sequence[int]  # a range, or the file's list
    frames: int
    collect: tuple[str, ...]

    @property
    def key_columns(self) -> list[str]:
        """The columns that say which game a row is (its inputs)."""
        return self.header[1 : self.header.index("status")]

    @property
    def total(self) -> int:
        return len(self.points) * len(self.seeds)

    def job(self, point: Point, seed: int) -> Job:
        return Job(
            self.game, point.number, seed, point.players, self.frames, point.config,
            point.options, point.inputs, self.collect,
        )  # fmt: skip

    def jobs(self, skip: Container[tuple[str, ...]] = frozenset()) -> Iterator[Job]:
        """Every game, point by point, seed by seed; those whose key is in ``skip`` left out."""
        for point in self.points:
            for seed in self.seeds:
                job = self.job(point, seed)
                if not skip or self.key_of(job) not in skip:
                    yield job

    def key_of(self, job: Job) -> tuple[str, ...]:
        cells = job.first_cells()
        return tuple(cells.get(name, "") for name in self.key_columns)

    def games_among(self, keys: Iterable[tuple[str, ...]]) -> int:
        """How many of ``keys`` (rows of a results file) are games of this plan."""
        by_number = {str(point.number): point for point in self.points}
        seeds = self.seeds if isinstance(self.seeds, range) else frozenset(self.seeds)
        found = 0
        for key in keys:
            point = by_number.get(key[0]) if key else None
            if point is None or not key[1].isdigit() or int(key[1]) not in seeds:
                continue
            found += key == self.key_of(self.job(point, int(key[1])))
        return found


def make_plan(sweep: SweepFile, path: Path, *, progress: bool = False) -> Plan:
    """Every point of ``sweep``, each checked as its games would be played: its config through
    the config file's validator, its options through the game's own options model, and one
    session of each distinct seat count and options built and thrown away (a start position
    the game cannot set up is refused here). Raises :class:`SweepError`: a point that cannot
    run is refused with the whole file, before any game runs. ``progress``: a bar on stderr
    while the points are checked, once that has taken a second (thousands of points)."""
    from tqdm import tqdm

    from games.runs.headless import HeadlessError, frame_limit

    try:
        spec = registry.load(sweep.game)
    except registry.UnknownGame:
        raise SweepError(
            f"{path}: game: is {shown(sweep.game)}; allowed: {', '.join(registry.GAMES)}"
        ) from None
    seeds = seed_list(sweep.seeds, str(path))
    players = _players(sweep, spec, path)
    points = _points(sweep, path, len(seeds))
    axes = list(dict.fromkeys(key for point in points for key in point))
    axes = [key for key in axes if key != "players"]
    collect = _collect(sweep.collect, axes, path)
    header = [*INPUT_COLUMNS, *axes, *STATUS_COLUMNS, SEATS_COLUMN, *collect]
    checked: list[Point] = []
    built: set[str] = set()
    bar = tqdm(
        total=len(points), unit="point", desc="checking", file=sys.stderr, leave=False,
        delay=1.0, disable=not progress,
    )  # fmt: skip
    for number, point in enumerate(points):
        bar.update(1)
        count = point.get("players", players)
        label = describe_point(number, {k: cell(v) for k, v in point.items()})
        _check_players(count, spec, f"{path}: {label}: players")
        config = _merged(sweep.config, _nested(point, "config"))
        inputs = tuple((key, cell(point[key])) for key in axes if key in point)
        try:
            loaded = load_config(overrides=config, overrides_source=path)
        except ConfigError as error:
            # Name the sweep's key (config.world.x); a problem blamed on the defaults file
            # (a value there clashing with the override) keeps that file's name.
            message = str(error)
            own = f"{path}: "
            problem = f"config.{message.removeprefix(own)}" if message.startswith(own) else message
            raise SweepError(f"{path}: {label}: {problem}") from None
        try:
            frame_limit(spec, loaded.config, sweep.frames or None, key="frames")
        except HeadlessError as error:
            raise SweepError(f"{path}: {error}") from None
        given = _merged(sweep.options, _nested(point, "options"))
        options = _merged(dict(spec.headless_options), given)
        setup = json.dumps([count, options], sort_keys=True, default=repr)
        if setup not in built:
            _try_options(spec, loaded.config, seeds[0], count, options, f"{path}: {label}")
            built.add(setup)
        checked.append(Point(number, count, loaded.config.model_dump(), options, inputs))
    bar.close()
    return Plan(sweep.game, header, checked, seeds, sweep.frames, tuple(collect))


def _try_options(
    spec: Any, config: Any, seed: int, players: int, options: Mapping[str, Any], where: str
) -> None:
    """Build one session with these options and drop it: what the game refuses is one line."""
    from games.core.errors import UserError
    from games.core.protocol import InputRefused, SeatKind
    from games.runs.headless import new_session

    try:
        new_session(spec, config, seed, (SeatKind.COMPUTER,) * players, options)
    except (UserError, InputRefused) as error:
        raise SweepError(f"{where}: {error}") from None
    except Exception as error:  # the game cannot be set up with these options at all
        raise SweepError(
            f"{where}: options: the game cannot start with them: {one_line(error)}"
        ) from None


def describe_point(number: int, inputs: Mapping[str, str]) -> str:
    """``point 3 (config.world.substeps=8, options.bots=[...])`` for messages."""
    values = ", ".join(f"{key}={value}" for key, value in inputs.items())
    return f"point {number}" + (f" ({values})" if values else "")


def _players(sweep: SweepFile, spec: Any, path: Path) -> int:
    if sweep.seats is not None and sweep.players is not None:
        raise SweepError(f"{path}: seats and players: give one of the two")
    if sweep.seats is not None:
        for index, seat in enumerate(sweep.seats):
            if seat != "computer":
                raise SweepError(
                    f"{path}: seats[{index}]: is {shown(seat)}; a sweep plays computer seats only; "
                    'allowed: "computer"'
                )
        count = len(sweep.seats)
        _check_players(count, spec, f"{path}: seats")
        return count
    count = spec.min_seats if sweep.players is None else sweep.players
    _check_players(count, spec, f"{path}: players")
    return count


def _check_players(count: Any, spec: Any, where: str) -> None:
    most = len(spec.seat_names)
    if not isinstance(count, int) or isinstance(count, bool) or not spec.min_seats <= count <= most:
        allowed = f"{most}" if spec.min_seats == most else f"{spec.min_seats} to {most}"
        raise SweepError(
            f"{where}: is {shown(count)}; allowed: {allowed} computer seats for {spec.id}"
        )


def _points(sweep: SweepFile, path: Path, seeds: int) -> list[dict[str, Any]]:
    """``points × grid`` as flat ``{dotted key: value}`` tables (one per point, in order).

    Their number is worked out first: more than :data:`MOST_POINTS` points, or more than
    :data:`MOST_GAMES` games in all, is refused before a single point is made."""
    listed: list[dict[str, Any]] = []
    for index, point in enumerate(sweep.points or [{}]):
        where = f"{path}: points[{index}]"
        _check_kinds(point, where, lists=False)
        listed.append(dict(_leaves(point)))
    axes: list[tuple[str, list[Any]]] = []
    _check_kinds(sweep.grid, f"{path}: grid", lists=True)
    for key, values in _leaves(sweep.grid):
        if not isinstance(values, list) or not values:
            raise SweepError(
                f"{path}: grid.{key}: is {shown(values)}; allowed: a non-empty list of values "
                "to try"
            )
        if any(key in point for point in listed):
            raise SweepError(f"{path}: grid.{key}: also set by points; allowed: one of the two")
        axes.append((key, values))
    count = len(listed) * math.prod(len(values) for _, values in axes)
    if count > MOST_POINTS:
        raise SweepError(
            f"{path}: grid: {count:,} points; allowed: at most {MOST_POINTS:,} points "
            "(split the sweep into several files)"
        )
    if count * seeds > MOST_GAMES:
        raise SweepError(
            f"{path}: seeds: {count:,} points × {seeds:,} seeds = {count * seeds:,} games; "
            f"allowed: at most {MOST_GAMES:,} games in one sweep (split it into several files)"
        )
    grid = [
        dict(zip([k for k, _ in axes], combo, strict=True))
        for combo in itertools.product(*(v for _, v in axes))
    ]
    return [{**point, **extra} for point in listed for extra in grid]


def _check_kinds(table: Mapping[str, Any], where: str, *, lists: bool) -> None:
    for kind, value in table.items():
        if kind not in AXIS_KINDS:
            raise SweepError(f"{where}.{kind}: unknown key; allowed: {', '.join(AXIS_KINDS)}")
        if kind == "players":
            if lists and not isinstance(value, list):
                raise SweepError(
                    f"{where}.players: is {shown(value)}; allowed: a list of seat counts"
                )
        elif not isinstance(value, dict):
            raise SweepError(f"{where}.{kind}: is {shown(value)}; allowed: a table of keys")


def _leaves(table: Mapping[str, Any], prefix: str = "") -> Iterator[tuple[str, Any]]:
    """Dotted keys and values; tables are walked into (a list is a value)."""
    for key, value in table.items():
        dotted = f"{prefix}{key}"
        if isinstance(value, dict):
            yield from _leaves(value, dotted + ".")
        else:
            yield dotted, value


def _nested(point: Mapping[str, Any], kind: str) -> dict[str, Any]:
    """The point's ``kind.*`` values as a nested table (``config.world.substeps`` -> {...})."""
    nested: dict[str, Any] = {}
    for key, value in point.items():
        head, _, rest = key.partition(".")
        if head != kind:
            continue
        parts = rest.split(".")
        table = nested
        for part in parts[:-1]:
            table = table.setdefault(part, {})
        table[parts[-1]] = value
    return nested


def _merged(base: Mapping[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in over.items():
        if isinstance(value, Mapping) and isinstance(merged.get(key), Mapping):
            merged[key] = _merged(dict(merged[key]), value)
        else:
            merged[key] = value
    return merged


def _collect(names: list[str], axes: Sequence[str], path: Path) -> list[str]:
    taken = {*INPUT_COLUMNS, *axes, *STATUS_COLUMNS, SEATS_COLUMN}
    seen: set[str] = set()
    for index, name in enumerate(names):
        if not name or any(not part for part in name.split(".")) or name in seen:
            raise SweepError(
                f"{path}: collect[{index}]: is {shown(name)}; allowed: different result field "
                "names (dotted to reach inside: turns_each.red)"
            )
        if name in taken:
            raise SweepError(
                f"{path}: collect[{index}]: {shown(name)} is already a column; allowed: result "
                "fields other than " + ", ".join(sorted(taken))
            )
        seen.add(name)
    return list(names)


# --------------------------------------------------------------------------------------------
# Playing one game (in a worker)


def play_job(job: Job) -> dict[str, str]:
    """Play ``job`` headless and return its row; a game that raises is a ``game error`` row."""
    from games.core.protocol import SeatKind
    from games.runs.headless import drive, frame_limit, new_session, summary
    from physics.config import validate_config

    first = job.first_cells()
    try:
        spec = registry.load(job.game)
        config = validate_config(job.config)
        seats = (SeatKind.COMPUTER,) * job.players
        session = new_session(spec, config, job.seed, seats, job.options)
        drive(session, frame_limit(spec, config, job.frames or None))
        result = summary(session)
    except Exception as error:  # a game that raises is recorded; the sweep goes on
        return {**first, "status": GAME_ERROR, "error": one_line(error)}
    cells = {name: cell(_lookup(result, name)) for name in job.collect}
    seat_names = seats_in_play(result, spec.seat_names, job.players)
    return {**first, "status": OK, "error": "", SEATS_COLUMN: cell(seat_names), **cells}


def seats_in_play(result: Mapping[str, Any], names: Sequence[str], players: int) -> list[str]:
    """The seats a game was played with: its result's ``seats`` table if it has one (Dammi il
    malloppo seats red and green at two players), else the game's first ``players`` names."""
    table = result.get("seats")
    if isinstance(table, Mapping) and table:
        return [str(name) for name in table]
    return list(names[:players])


def lost_row(job: Job, why: str) -> dict[str, str]:
    """The row of a game whose worker died."""
    return {**job.first_cells(), "status": WORKER_DIED, "error": one_line(why)}


def one_line(error: BaseException | str) -> str:
    text = error if isinstance(error, str) else f"{type(error).__name__}: {error}"
    return " ".join(text.split())


def cell(value: Any) -> str:
    """A CSV cell: numbers and text as they are, true/false, JSON for lists and tables."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return " ".join(value.split()) if "\n" in value or "\r" in value else value
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def _lookup(result: Mapping[str, Any], name: str) -> Any:
    value: Any = result
    for part in name.split("."):
        if not isinstance(value, Mapping) or part not in value:
            return None
        value = value[part]
    return value


# --------------------------------------------------------------------------------------------
# The command


def run_sweep(
    path: Path,
    out: Path,
    *,
    resume: bool = False,
    workers: int | None = None,
    scheduler: str | None = None,
    worker_wait: float | None = None,
    progress: bool = False,
    dry_run: bool = False,
) -> int:
    """Run the sweep; return 0 when every game ran, 1 when some rows record a failure.

    The file, every point and ``out`` are checked first (:class:`SweepError`, nothing run or
    written); then the games are made one at a time as workers take them, so the progress bar
    starts at once whatever the number of games. ``dry_run``: check, print what would run, and
    return 0 (nothing is run or written)."""
    from tqdm import tqdm

    sweep = load_sweep(path)
    plan = make_plan(sweep, path, progress=progress)
    results = ResultsFile(out, plan.header, plan.key_columns, plan.game)
    try:
        done = results.done(resume, look_only=dry_run)
    except ResultsError as error:
        raise SweepError(str(error)) from None
    skipped = plan.games_among(done)
    to_run = plan.total - skipped
    points = len(plan.points)
    if dry_run:
        kept = f" ({skipped} already in {out})" if resume else ""
        print(
            f"{path}: {to_run} {sweep.game} games to run{kept} at {points} "
            f"point{'s' if points != 1 else ''}; results would go to {out}; nothing run (--dry-run)"
        )
        return 0
    try:
        stream = run_jobs(
            play_job,
            plan.jobs(skip=done),
            total=to_run,
            lost=lost_row,
            workers=workers if workers is not None else os.cpu_count() or 1,
            scheduler=scheduler,
            worker_wait=worker_wait,
            progress=progress,
            unit="game",
        )
    except PoolError as error:
        raise SweepError(str(error)) from None
    failed = 0
    try:
        results.open()
        try:
            for _, row in stream:
                results.write(row)
                if row["status"] != OK:
                    failed += 1
                    label = describe_point(int(row["point"]), _inputs_of(row, plan))
                    tqdm.write(
                        f"wobbletop: sweep: {label} seed {row['seed']}: {row['status']}: "
                        f"{row['error']}",
                        file=sys.stderr,
                    )
        except PoolError as error:  # the scheduler went away: keep what ran, say how to go on
            raise SweepError(
                f"{error}; the games that finished are in {out}; --resume runs the rest"
            ) from None
        finally:
            stream.close()
        results.close()
    except ResultsError as error:
        raise SweepError(str(error)) from None
    finally:
        with contextlib.suppress(ResultsError):
            results.close()  # after Ctrl-C too: every row written so far reaches the file
    kept = f"; {skipped} already in {out}" if resume else ""
    if results.retried:
        kept += f"; {results.retried} that had failed ran again"
    print(f"{to_run} games: {to_run - failed} ok, {failed} failed{kept}; results in {out}")
    return 1 if failed else 0


def _inputs_of(row: Mapping[str, str], plan: Plan) -> dict[str, str]:
    axes = plan.header[len(INPUT_COLUMNS) : plan.header.index("status")]
    return {key: row[key] for key in axes if row.get(key)}


def sweep_command(args: Any) -> int:
    """``wobbletop sweep``: errors are one line on stderr and exit code 2."""
    if getattr(args, "config", None):
        print(
            f"wobbletop: note: sweep ignores --config {args.config}; "
            "each sweep uses only its own [config]",
            file=sys.stderr,
        )
    try:
        return run_sweep(
            sweep_path(args.file),
            Path(args.out),
            resume=args.resume,
            workers=args.jobs,
            scheduler=args.scheduler,
            worker_wait=args.worker_wait,
            progress=sys.stderr.isatty(),
            dry_run=args.dry_run,
        )
    except SweepError as error:
        print(f"wobbletop: {safe_line(str(error))}", file=sys.stderr)
        return 2
