"""The physics config: a declarative schema, layered TOML files, one-line errors, live reload.

The default file ``assets/physics.toml`` holds every constant with its unit and allowed range.
A user file (``--config PATH`` or ``WOBBLETOP_CONFIG``) overrides any subset of its keys. The
merged result is validated by the schema declared here (frozen sections whose fields carry
their range and unit, checked by :mod:`physics.schema`; no pydantic, so a headless run
starts fast): unknown keys, wrong types, NaN or infinity, out-of-range values and malformed
TOML each raise :class:`ConfigError`, whose message is one line naming the file, the key and
what is allowed. A whole config given as a table (a live edit's input, a sweep job) goes
through :func:`validate_config`.

Friction, restitution and rolling resistance are given per *pair* of materials
(``wood-felt = 0.6``); the world applies the pair's value to each contact exactly, so the
config never speaks of the per-shape numbers pymunk multiplies.
"""

from __future__ import annotations

import itertools
import math
import os
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from datafiles.assets import default_config_path
from datafiles.userfile import (
    MAX_CONFIG_BYTES,
    UserFileError,
    one_line,
    read_user_toml,
    shown,
)
from physics.schema import FieldInfo, SchemaProblem, Section, rule, setting

CONFIG_ENV = "WOBBLETOP_CONFIG"


class ConfigError(ValueError):
    """A config file that cannot be used; ``str()`` is one line for the user."""

    def __init__(self, message: str = "") -> None:
        super().__init__(one_line(str(message)))


PIECE_MATERIALS = ("wood", "glass", "felt")
MAX_SOLVER_WORK = 600_000  # solver iterations per simulated second (default 120 × 6 × 70)
MAX_SETTLE_WORK = 1_000_000  # solver iterations in one settle-in (default 120 × 6 × 100 × 0.5)


class WorldSettings(Section):
    gravity: float = setting(ge=0, le=100_000, description="mm/s² downward")
    step_hz: int = setting(ge=30, le=1000, description="fixed physics frames per second")
    substeps: int = setting(ge=1, le=64, description="solver steps per frame")
    iterations: int = setting(
        ge=1, le=200, description="solver iterations per substep for a 36-piece stack"
    )
    low_stack_iterations: int = setting(
        20,
        ge=1,
        le=200,
        description="solver iterations per substep at least, for a scene of low stacks",
    )
    damping: float = setting(ge=0.01, le=1, description="velocity fraction kept after 1 s")
    collision_slop: float = setting(ge=0, le=2, description="mm of allowed overlap")
    collision_bias: float = setting(ge=1e-9, le=1, description="overlap fraction left after 1 s")
    sleeping: bool = setting(True, description="false: no body ever falls asleep")
    sleep_time: float = setting(ge=0.05, le=60, description="s idle before a body sleeps")
    idle_speed: float = setting(
        ge=0, le=100, description="mm/s below which a body is idle (0: only a body at rest)"
    )
    settle_iterations: int = setting(
        100, ge=1, le=1000, description="solver iterations per substep in World.settle_in"
    )
    settle_seconds: float = setting(
        0.25, ge=0, le=10, description="s over which World.settle_in ramps gravity up"
    )

    @property
    def frame_seconds(self) -> float:
        """Simulated seconds in one fixed physics frame."""
        return 1.0 / self.step_hz


class PieceSizes(Section):
    disk_diameter: float = setting(ge=5, le=200, description="mm")
    disk_thickness: float = setting(ge=1, le=100, description="mm")
    cylinder_diameter: float = setting(ge=5, le=200, description="mm")
    cylinder_height: float = setting(ge=5, le=300, description="mm")
    marble_diameter: float = setting(ge=2, le=100, description="mm")
    lay_overlap: float = setting(ge=0, le=1, description="mm")


class GrabSettings(Section):
    force_per_weight: float = setting(ge=1, le=500, description="× the held piece's weight")
    torque_per_weight: float = setting(ge=0.1, le=500, description="× weight × piece size")
    error_bias: float = setting(ge=1e-9, le=1, description="gap fraction left after 1 s")
    max_speed: float = setting(ge=10, le=100_000, description="mm/s")
    pinch_torque_per_weight: float = setting(
        default=0.3, ge=0, le=50, description="× weight × piece size, the pinch's hold on turning"
    )


class WallamoppiSettings(Section):
    """Wallamoppi's wall, tower-fall test and marble timer (``[wallamoppi]``)."""

    wall_gap: float = setting(
        default=0.3, ge=0, le=5, description="mm between neighbours in a wall row"
    )
    pull_drag: float = setting(
        default=0.25, ge=0, le=1, description="share of pull speed given to touching wall disks"
    )
    pull_drag_min_speed: float = setting(
        default=120.0, ge=0, le=10_000, description="mm/s below which a pull drags nothing"
    )
    pull_drag_max_speed: float = setting(
        default=250.0, ge=0, le=10_000, description="mm/s the most a neighbour is given"
    )
    fall_tilt_deg: float = setting(
        default=15.0, ge=1, le=89, description="degrees a tower disk may tilt before it has fallen"
    )
    fall_drop_mm: float = setting(
        default=3.0, ge=0.1, le=50, description="mm a tower disk may sink below its seat"
    )
    footprint_mm: float = setting(
        default=30.0, ge=1, le=200, description="mm a tower disk's centre may leave the apex's axis"
    )
    stack_settle_seconds: float = setting(
        default=0.25, ge=0.01, le=5, description="s a released disk rests before it is stacked"
    )
    stack_settle_speed: float = setting(
        default=6.0, ge=0.1, le=500, description="mm/s below which a released disk is at rest"
    )
    min_iterations: int = setting(
        default=60,
        ge=1,
        le=1000,
        description="solver iterations per substep at least, in Wallamoppi's table world",
    )
    timer_ramps: int = setting(default=10, ge=1, le=20, description="ramps in the marble box")
    timer_ramp_deg: float = setting(
        default=1.5, ge=0.2, le=45, description="degrees each box ramp slopes"
    )
    timer_chute_deg: float = setting(
        default=1.5, ge=0.2, le=45, description="degrees the outside chute slopes"
    )
    nudge_force_per_weight: float = setting(
        default=3.0,
        ge=0.1,
        le=100,
        description="× a nudged disk's weight: the most a nudge pushes",
    )
    count_in_seconds: float = setting(
        default=3.0,
        ge=0,
        le=60,
        description="s the computer counts in before releasing the marble",
    )


class AnimalsSettings(Section):
    """Animal upon Animal: the hand, the fall test and the settle test (``[animals]``)."""

    hand_max_acceleration: float = setting(
        default=6000.0, ge=100, le=1_000_000, description="mm/s² the hand speeds up or brakes"
    )
    fall_tilt_deg: float = setting(
        default=30.0, ge=1, le=89, description="degrees an animal may tilt before it has toppled"
    )
    stack_gap_mm: float = setting(
        default=2.0, ge=0.1, le=20, description="mm between two animals still counted as stacked"
    )
    settle_seconds: float = setting(
        default=0.5, ge=0.05, le=10, description="s the tower stands still before a turn ends"
    )
    settle_speed: float = setting(
        default=4.0, ge=0.1, le=500, description="mm/s below which an animal is still"
    )


class SoundSettings(Section):
    """The window's sound (``[sound]``): synthesised knocks, rolls and rattles; no files."""

    enabled: bool = setting(default=True, description="true or false: play sounds at all")
    volume: float = setting(default=0.7, ge=0, le=1, description="0 (silent) to 1 (full)")
    voices: int = setting(default=4, ge=1, le=16, description="sounds that may play at once")


_Density = rule(ge=10, le=20_000, description="kg/m³")
_Friction = rule(ge=0, le=2, description="coefficient")
_Restitution = rule(ge=0, le=1, description="0 = no bounce, 1 = elastic")
_RollingResistance = rule(ge=0, le=0.5, description="coefficient, resisting force ÷ normal force")


class PhysicsConfig(Section):
    """Every physics constant of the sandbox, validated."""

    world: WorldSettings
    materials: dict[str, float]
    friction: dict[str, float]
    restitution: dict[str, float]
    rolling_resistance: dict[str, float]
    pieces: PieceSizes
    grab: GrabSettings
    wallamoppi: WallamoppiSettings = setting(default_factory=WallamoppiSettings)
    animals: AnimalsSettings = setting(default_factory=AnimalsSettings)
    sound: SoundSettings = setting(default_factory=SoundSettings)

    def check(self) -> None:
        """The rules across keys, run once every key has a value of the right kind."""
        self._check_tables()
        self._pieces_materials_present()
        self._solver_work_runs()
        self._overlap_below_slop()

    def _check_tables(self) -> None:
        for name, density in self.materials.items():
            _check_material_name(name)
            _check_number(f"materials.{name}", density, _Density)
        for table, spec in (
            ("friction", _Friction),
            ("restitution", _Restitution),
            ("rolling_resistance", _RollingResistance),
        ):
            pairs: dict[str, float] = getattr(self, table)
            for key, value in pairs.items():
                _check_number(f"{table}.{key}", value, spec)
                a, b = _split_pair(f"{table}.{key}", key, self.materials)
                if a != b and f"{b}-{a}" in pairs:
                    raise ConfigProblem(
                        f"{table}.{key}",
                        f"given twice (also as {b}-{a}); allowed: one of the two",
                        blame=(f"{table}.{key}", f"{table}.{b}-{a}"),
                    )
            for a, b in itertools.combinations_with_replacement(sorted(self.materials), 2):
                if _pair_value(pairs, a, b) is None:
                    low, high = _bounds(spec.metadata)
                    raise ConfigProblem(
                        f"{table}.{a}-{b}",
                        f"missing: every pair of materials needs a value; allowed: a number "
                        f"from {low:g} to {high:g} ({spec.description})",
                        blame=(f"materials.{a}", f"materials.{b}"),
                    )

    def _pieces_materials_present(self) -> None:
        # The pieces are made of these (physics/pieces.py); a config without one cannot build
        # or keep running a table (a live edit dropping one would stop the game).
        for name in PIECE_MATERIALS:
            if name not in self.materials:
                raise ConfigProblem(
                    f"materials.{name}",
                    f"missing: the pieces are made of {', '.join(PIECE_MATERIALS)}; allowed: "
                    "a table that keeps those (and adds any others)",
                )

    def _solver_work_runs(self) -> None:
        # Each limit alone allows settings that together never finish: the solver's work per
        # simulated second (and per settle-in) must stay within what a machine runs.
        world = self.world
        per_second = world.step_hz * world.substeps
        most = max(world.iterations, self.wallamoppi.min_iterations)
        if per_second * most > MAX_SOLVER_WORK:
            raise ConfigProblem(
                "world.iterations",
                f"step_hz × substeps × iterations (at least wallamoppi.min_iterations) is "
                f"{per_second * most:,}; allowed: at most {MAX_SOLVER_WORK:,} solver iterations "
                "per simulated second (the default is 50,400)",
                blame=("world.step_hz", "world.substeps", "world.iterations"),
            )
        settle = per_second * world.settle_iterations * world.settle_seconds
        if settle > MAX_SETTLE_WORK:
            raise ConfigProblem(
                "world.settle_iterations",
                f"step_hz × substeps × settle_iterations × settle_seconds is {settle:,.0f}; "
                f"allowed: at most {MAX_SETTLE_WORK:,} (the default is 36,000)",
                blame=("world.settle_iterations", "world.settle_seconds", "world.step_hz"),
            )

    def _overlap_below_slop(self) -> None:
        # Pieces laid deeper into each other than the solver's slop are pushed apart on the
        # first step: a stack would jump. No overlap at all is always fine.
        overlap, slop = self.pieces.lay_overlap, self.world.collision_slop
        if overlap > 0 and overlap >= slop:
            raise ConfigProblem(
                "pieces.lay_overlap",
                f"is {overlap:g}, not below world.collision_slop = {slop:g}; "
                "allowed: 0, or less than world.collision_slop (mm)",
                blame=("pieces.lay_overlap", "world.collision_slop"),
            )

    def friction_of(self, a: str, b: str) -> float:
        """Friction coefficient of a contact between materials ``a`` and ``b``."""
        return _required_pair(self.friction, a, b)

    def restitution_of(self, a: str, b: str) -> float:
        """Restitution of a contact between materials ``a`` and ``b``."""
        return _required_pair(self.restitution, a, b)

    def rolling_resistance_of(self, a: str, b: str) -> float:
        """Rolling-resistance coefficient of a round piece of ``a`` rolling on ``b``."""
        return _required_pair(self.rolling_resistance, a, b)


class ConfigProblem(ValueError):
    """A problem with one key; ``str()`` is ``key: problem``, one line without the file.

    ``blame`` are the keys whose file :func:`load_config` names (the latest file that set one).
    """

    def __init__(self, key: str, problem: str, blame: tuple[str, ...] = ()) -> None:
        super().__init__(f"{key}: {problem}")
        self.key = key
        self.problem = problem
        self.blame = blame or (key,)


def _check_number(key: str, value: float, spec: Any) -> None:
    low, high = _bounds(spec.metadata)
    too_low = low is not None and value < low
    too_high = high is not None and value > high
    if not math.isfinite(value) or too_low or too_high:
        raise ConfigProblem(
            key,
            f"is {shown(value)}; allowed: a number from {low:g} to {high:g} "
            f"({spec.description})",
        )


MATERIAL_NAME = re.compile(r"[A-Za-z0-9_]+")


def _check_material_name(name: str) -> None:
    # '-' joins the two names of a pair key (wood-felt), so it cannot be part of a name.
    if not MATERIAL_NAME.fullmatch(name):
        raise ConfigProblem(
            f"materials.{name}", "not a material name; names may use letters, digits and _"
        )


def _split_pair(key: str, pair: str, materials: Mapping[str, float]) -> tuple[str, str]:
    parts = pair.split("-")
    if len(parts) != 2 or not all(p in materials for p in parts):
        names = ", ".join(sorted(materials))
        raise ConfigProblem(
            key, f"not a pair of known materials; allowed: A-B with A, B in {names}"
        )
    return parts[0], parts[1]


def _pair_value(pairs: Mapping[str, float], a: str, b: str) -> float | None:
    value = pairs.get(f"{a}-{b}")
    return pairs.get(f"{b}-{a}") if value is None else value


def _required_pair(pairs: Mapping[str, float], a: str, b: str) -> float:
    value = _pair_value(pairs, a, b)
    if value is None:
        raise KeyError(f"no value for the material pair {a}-{b}")
    return value


def _bounds(metadata: list[Any]) -> tuple[float | None, float | None]:
    low = high = None
    for item in metadata:
        low = getattr(item, "ge", low)
        high = getattr(item, "le", high)
    return low, high


# --------------------------------------------------------------------------------------------
# Loading, merging and explaining errors

SCENARIO_OVERRIDES = Path("<scenario overrides>")

# The tables whose keys are free (new materials and their pairs), and the rule for their values.
_OPEN_TABLES: dict[str, FieldInfo] = {
    "materials": _Density,
    "friction": _Friction,
    "restitution": _Restitution,
    "rolling_resistance": _RollingResistance,
}


@dataclass(frozen=True)
class LoadedConfig:
    """A validated config plus the file each leaf value came from."""

    config: PhysicsConfig
    sources: dict[str, Path] = field(default_factory=dict)
    files: tuple[Path, ...] = ()

    def describe(self) -> Iterator[str]:
        """The effective config as a table grouped by section: key, value, unit, source.

        The first file (the defaults) is named once at the top; a row says where its value came
        from only when that is another file (an override stands out, and the table fits a
        terminal).
        """
        defaults = self.files[0] if self.files else None
        rows_by_section: dict[str, list[tuple[str, str, str, str]]] = {}
        for key, value in _flatten(self.config.model_dump()):
            section, _, name = key.partition(".")
            source = self.sources.get(key)
            origin = "defaults" if source == defaults else str(source) if source else "built-in"
            rows_by_section.setdefault(section, []).append(
                (name, _format_value(value), unit_of(key), origin)
            )
        if defaults is not None:
            yield f"# every value is from {defaults} unless a row says otherwise"
        for section, rows in rows_by_section.items():
            widths = [max(len(row[i]) for row in rows) for i in range(3)]
            yield ""
            yield f"[{section}]"
            for name, value, unit, origin in rows:
                columns = f"{name:<{widths[0]}}  {value:>{widths[1]}}  {unit:<{widths[2]}}"
                yield (
                    f"  {columns}  from {origin}"
                    if origin != "defaults"
                    else f"  {columns}".rstrip()
                )


def _format_value(value: Any) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def unit_of(key: str) -> str:
    """The unit (schema description) of a dotted key such as ``world.gravity``, or ""."""
    section, _, name = key.partition(".")
    if section in _OPEN_TABLES:
        return str(_OPEN_TABLES[section].description or "")
    model = _section_model(section)
    leaf = model.model_fields.get(name) if model is not None else None
    return str(leaf.description or "") if leaf else ""


def range_of(key: str) -> tuple[float | None, float | None]:
    """The allowed range (low, high; None: open) of a dotted key's value, or (None, None)."""
    section, _, name = key.partition(".")
    if section in _OPEN_TABLES:
        return _bounds(_OPEN_TABLES[section].metadata)
    model = _section_model(section)
    leaf = model.model_fields.get(name) if model is not None else None
    return _bounds(leaf.metadata) if leaf else (None, None)


def read_toml(
    path: Path,
    *,
    what: str = "config file",
    max_bytes: int = MAX_CONFIG_BYTES,
    content: bytes | None = None,
) -> dict[str, Any]:
    """Parse one TOML file (or its ``content`` as already read) or raise a one-line
    :class:`ConfigError` naming it.

    Anything that is not a regular file of sane size is refused before it is read
    (:func:`datafiles.userfile.read_user_toml`, the reader of every user TOML file).
    """
    try:
        return read_user_toml(path, what=what, max_bytes=max_bytes, content=content)
    except UserFileError as error:
        raise ConfigError(str(error)) from None


def user_config_path(cli_path: str | os.PathLike[str] | None) -> Path | None:
    """The user's override file: the ``--config`` argument, else ``WOBBLETOP_CONFIG``, else none."""
    if cli_path:
        return Path(cli_path)
    env = os.environ.get(CONFIG_ENV)
    return Path(env) if env else None


def load_config(
    user_path: str | os.PathLike[str] | None = None,
    *,
    default_path: Path | None = None,
    overrides: Mapping[str, Any] | None = None,
    overrides_source: str | os.PathLike[str] | None = None,
    contents: Mapping[Path, bytes] | None = None,
) -> LoadedConfig:
    """Read the defaults, lay the user file and in-memory overrides on top, and validate.

    ``overrides`` (from a scenario file, say) is a nested mapping laid on last; errors in it
    name ``overrides_source`` (the scenario file). ``contents`` holds files' bytes as already
    read (the live-reload watcher's, :mod:`physics.live`): those are parsed, not read again.
    Raises :class:`ConfigError` with one line for the user on any problem.
    """
    default_path = default_path or default_config_path()
    known = contents or {}
    layers: list[tuple[Path, dict[str, Any]]] = [
        (default_path, read_toml(default_path, content=known.get(default_path)))
    ]
    if user_path is not None:
        path = Path(user_path)
        layers.append((path, read_toml(path, content=known.get(path))))
    if overrides:
        source = Path(overrides_source) if overrides_source else SCENARIO_OVERRIDES
        layers.append((source, _plain(overrides)))
    merged: dict[str, Any] = {}
    sources: dict[str, Path] = {}
    for index, (path, data) in enumerate(layers):
        if index:
            _check_known_keys(path, data)
        _merge(merged, data)
        for key in _dotted_keys(data):
            # Re-inserted, so the order of first appearance of the files is the layer order
            # (_blamed_file relies on it).
            sources.pop(key, None)
            sources[key] = path
    config = _validate(merged, sources, default_path)
    leaves = {key: sources[key] for key, _ in _flatten(merged) if key in sources}
    return LoadedConfig(config, leaves, tuple(p for p, _ in layers))


def _plain(data: Mapping[str, Any]) -> dict[str, Any]:
    return {key: _plain(v) if isinstance(v, Mapping) else v for key, v in data.items()}


def _check_known_keys(path: Path, data: Mapping[str, Any]) -> None:
    """An override may only name keys the schema has (new materials and pairs excepted)."""
    schema = PhysicsConfig.model_fields
    for section, value in data.items():
        if section not in schema:
            sections = ", ".join(f"[{name}]" for name in schema)
            raise ConfigError(f"{path}: {section}: unknown section; allowed: {sections}")
        if not isinstance(value, Mapping):
            raise ConfigError(
                f"{path}: {section}: is {shown(value)}; allowed: a table [{section}] of keys"
            )
        model = _section_model(section)
        if section in _OPEN_TABLES or model is None:
            continue
        for key in value:
            if key not in model.model_fields:
                raise ConfigError(
                    f"{path}: {section}.{key}: unknown key; allowed in [{section}]: "
                    f"{', '.join(model.model_fields)}"
                )


def _section_model(section: str) -> type[Section] | None:
    """The schema class of a fixed section such as ``world``, or None for an open table."""
    info = PhysicsConfig.model_fields.get(section)
    model = info.annotation if info else None
    return model if isinstance(model, type) and issubclass(model, Section) else None


def _merge(into: dict[str, Any], data: Mapping[str, Any]) -> None:
    for key, value in data.items():
        if isinstance(value, Mapping) and isinstance(into.get(key), dict):
            _merge(into[key], value)
        else:
            into[key] = _plain(value) if isinstance(value, Mapping) else value


def _flatten(data: Mapping[str, Any], prefix: str = "") -> Iterator[tuple[str, Any]]:
    for key, value in data.items():
        dotted = f"{prefix}{key}"
        if isinstance(value, Mapping):
            yield from _flatten(value, dotted + ".")
        else:
            yield dotted, value


def _dotted_keys(data: Mapping[str, Any], prefix: str = "") -> Iterator[str]:
    """Every key of ``data``, tables included, as dotted paths."""
    for key, value in data.items():
        dotted = f"{prefix}{key}"
        yield dotted
        if isinstance(value, Mapping):
            yield from _dotted_keys(value, dotted + ".")


def _validate(
    merged: dict[str, Any], sources: Mapping[str, Path], default_path: Path
) -> PhysicsConfig:
    try:
        return validate_config(merged)
    except ConfigProblem as problem:
        source = _blamed_file(problem.blame, sources, default_path)
        raise ConfigError(f"{source}: {problem.key}: {problem.problem}") from None


def validate_config(data: Any) -> PhysicsConfig:
    """``data`` (a whole config as a nested table) as a :class:`PhysicsConfig`, or the first
    problem as a :class:`ConfigProblem` (a ``ValueError``) whose ``str()`` is ``key: problem``."""
    try:
        return PhysicsConfig.model_validate(data)
    except SchemaProblem as error:
        raise ConfigProblem(error.key, _explain(error, error.key)) from None


def _blamed_file(keys: tuple[str, ...], sources: Mapping[str, Path], default_path: Path) -> Path:
    """The latest file among those that set ``keys`` (or their nearest enclosing table)."""
    order = list(dict.fromkeys(sources.values()))
    found: list[Path] = []
    for key in keys:
        parts = key.split(".")
        for length in range(len(parts), 0, -1):
            source = sources.get(".".join(parts[:length]))
            if source is not None:
                found.append(source)
                break
    return max(found, key=order.index) if found else default_path


def _explain(error: SchemaProblem, key: str) -> str:
    kind = error.kind
    given = error.given
    allowed = _allowed(key)
    if kind == "extra_forbidden":
        return f"unknown key; {allowed}"
    if kind == "missing":
        return f"missing; {allowed}"
    if kind == "finite_number":
        return f"is {shown(given)}; NaN and infinity are not allowed; {allowed}"
    return f"is {shown(given)}; {allowed}"


def _allowed(key: str) -> str:
    parts = key.split(".")
    if parts[0] in _OPEN_TABLES:
        spec = _OPEN_TABLES[parts[0]]
        if len(parts) == 1:
            return "allowed: a table of names to numbers"
        return _range_text("a number", spec.metadata, spec.description)
    model: type[Section] = PhysicsConfig
    for index, part in enumerate(parts):
        fields = model.model_fields
        if part not in fields:
            return "allowed keys here: " + ", ".join(fields)
        info = fields[part]
        annotation = info.annotation
        if isinstance(annotation, type) and issubclass(annotation, Section):
            model = annotation
            if index == len(parts) - 1:
                return "allowed: a table with " + ", ".join(annotation.model_fields)
            continue
        kinds = {int: "a whole number", float: "a number", bool: "true or false"}
        kind = kinds.get(annotation, "a value") if isinstance(annotation, type) else "a value"
        return _range_text(kind, info.metadata, info.description)
    return "allowed: see assets/physics.toml"


def _range_text(kind: str, metadata: list[Any], description: str | None) -> str:
    low, high = _bounds(metadata)
    unit = f" ({description})" if description else ""
    if low is not None and high is not None:
        return f"allowed: {kind} from {low:g} to {high:g}{unit}"
    return f"allowed: {kind}{unit}"


# --------------------------------------------------------------------------------------------
# Live tuning


# Keys a running world cannot take up: they shape pieces and scenes as they are built
# (sizes, densities, wall gaps, timer ramps, the settle-in) or count time in frames fixed at
# the start (step_hz). Live tuning stores them; they apply at the next (re)start.
RESTART_ONLY_KEYS = (
    "pieces.",
    "materials.",
    "world.step_hz",
    "world.settle_iterations",
    "world.settle_seconds",
    "wallamoppi.wall_gap",
    "wallamoppi.timer_",
)


def changed_keys(old: PhysicsConfig, new: PhysicsConfig) -> list[str]:
    """The dotted keys whose value differs between ``old`` and ``new`` (added or removed too)."""
    before = dict(_flatten(old.model_dump()))
    after = dict(_flatten(new.model_dump()))
    return sorted(key for key in before.keys() | after.keys() if before.get(key) != after.get(key))


def waits_for_restart(key: str) -> bool:
    """True for a key live tuning cannot apply to a running world (see RESTART_ONLY_KEYS)."""
    return any(
        key == prefix or (prefix.endswith((".", "_")) and key.startswith(prefix))
        for prefix in RESTART_ONLY_KEYS
    )


def reload_notice(old: PhysicsConfig, new: PhysicsConfig, most: int = 3) -> str:
    """One line for the window after a live reload: what applies now, what waits for F5."""
    changed = changed_keys(old, new)
    later = [key for key in changed if waits_for_restart(key)]
    applied = len(changed) - len(later)
    if not changed:
        return "Config reloaded: no value changed"
    if not later:
        return "Config reloaded: new constants applied"
    names = ", ".join(later[:most]) + (
        f" and {len(later) - most} more" if len(later) > most else ""
    )
    now = f"; {applied} other change{'s' if applied > 1 else ''} applied now" if applied else ""
    verb = "waits" if len(later) == 1 else "wait"
    return f"Config reloaded: {names} {verb} for a restart (F5){now}"

