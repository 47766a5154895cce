"""The physics config: a declarative schema, layered TOML files, one-line errors, live reload.

The default file ``assets/physics.toml`` holds every constant with its unit and allowed range.
A user file (``--config PATH`` or ``WOBBLETOP_CONFIG``) overrides any subset of its keys. The
merged result is validated by a pydantic schema: unknown keys, wrong types, NaN or infinity,
out-of-range values and malformed TOML each raise :class:`ConfigError`, whose message is one
line naming the file, the key and what is allowed.

Friction and restitution are given per *pair* of materials (``wood-felt = 0.6``); the world
applies the pair's value to each contact exactly, so the config never speaks of the per-shape
numbers pymunk multiplies.
"""

from __future__ import annotations

import itertools
import math
import os
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from physics.paths import default_config_path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised only on 3.10
    import tomli as tomllib

CONFIG_ENV = "WOBBLETOP_CONFIG"


class ConfigError(ValueError):
    """A config file that cannot be used; ``str()`` is one line for the user."""


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False, frozen=True)


class WorldSettings(_Section):
    gravity: float = Field(ge=0, le=100_000, description="mm/s² downward")
    step_hz: int = Field(ge=30, le=1000, description="fixed physics frames per second")
    substeps: int = Field(ge=1, le=64, description="solver steps per frame")
    iterations: int = Field(ge=1, le=200, description="solver iterations per substep")
    damping: float = Field(ge=0.01, le=1, description="velocity fraction kept after 1 s")
    collision_slop: float = Field(ge=0, le=2, description="mm of allowed overlap")
    collision_bias: float = Field(ge=1e-9, le=1, description="overlap fraction left after 1 s")
    sleep_time: float = Field(ge=0.05, le=60, description="s idle before a body sleeps")
    idle_speed: float = Field(ge=0, le=100, description="mm/s below which a body is idle")

    @property
    def frame_seconds(self) -> float:
        """Simulated seconds in one fixed physics frame."""
        return 1.0 / self.step_hz


class PieceSizes(_Section):
    disk_diameter: float = Field(ge=5, le=200, description="mm")
    disk_thickness: float = Field(ge=1, le=100, description="mm")
    cylinder_diameter: float = Field(ge=5, le=200, description="mm")
    cylinder_height: float = Field(ge=5, le=300, description="mm")
    marble_diameter: float = Field(ge=2, le=100, description="mm")
    lay_overlap: float = Field(ge=0, le=1, description="mm")


class GrabSettings(_Section):
    force_per_weight: float = Field(ge=1, le=500, description="× the held piece's weight")
    torque_per_weight: float = Field(ge=0.1, le=500, description="× weight × piece size")
    error_bias: float = Field(ge=1e-9, le=1, description="gap fraction left after 1 s")
    max_speed: float = Field(ge=10, le=100_000, description="mm/s")


_Density = Field(ge=10, le=20_000, description="kg/m³")
_Friction = Field(ge=0, le=2, description="coefficient")
_Restitution = Field(ge=0, le=1, description="0 = no bounce, 1 = elastic")


class PhysicsConfig(_Section):
    """Every physics constant of the sandbox, validated."""

    world: WorldSettings
    materials: dict[str, float]
    friction: dict[str, float]
    restitution: dict[str, float]
    pieces: PieceSizes
    grab: GrabSettings

    @model_validator(mode="after")
    def _check_tables(self) -> PhysicsConfig:
        for name, density in self.materials.items():
            _check_number(f"materials.{name}", density, _Density)
        for table, spec in (("friction", _Friction), ("restitution", _Restitution)):
            pairs: dict[str, float] = getattr(self, table)
            for key, value in pairs.items():
                _check_number(f"{table}.{key}", value, spec)
                _split_pair(f"{table}.{key}", key, self.materials)
            for a, b in itertools.combinations_with_replacement(sorted(self.materials), 2):
                if _pair_value(pairs, a, b) is None:
                    raise _KeyProblem(f"{table}.{a}-{b}", "missing: every pair of materials needs a value")
        return self

    def friction_of(self, a: str, b: str) -> float:
        """Friction coefficient of a contact between materials ``a`` and ``b``."""
        return _required_pair(self.friction, a, b)

    def restitution_of(self, a: str, b: str) -> float:
        """Restitution of a contact between materials ``a`` and ``b``."""
        return _required_pair(self.restitution, a, b)


class _KeyProblem(ValueError):
    def __init__(self, key: str, problem: str) -> None:
        super().__init__(f"{key}: {problem}")
        self.key = key
        self.problem = problem


def _check_number(key: str, value: float, spec: Any) -> None:
    low, high = _bounds(spec.metadata)
    if not math.isfinite(value) or (low is not None and value < low) or (high is not None and value > high):
        raise _KeyProblem(key, f"is {value!r}; allowed: a number from {low:g} to {high:g}")


def _split_pair(key: str, pair: str, materials: Mapping[str, float]) -> tuple[str, str]:
    parts = pair.split("-")
    if len(parts) != 2 or not all(p in materials for p in parts):
        raise _KeyProblem(
            key, f"not a pair of known materials; allowed: A-B with A, B in {', '.join(sorted(materials))}"
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


@dataclass(frozen=True)
class LoadedConfig:
    """A validated config plus the file each leaf value came from."""

    config: PhysicsConfig
    sources: dict[str, Path] = field(default_factory=dict)
    files: tuple[Path, ...] = ()

    def describe(self) -> Iterator[str]:
        """Lines ``key = value  # from FILE`` for every effective value, for ``wobbletop config``."""
        data = self.config.model_dump()
        for key, value in _flatten(data):
            source = self.sources.get(key)
            yield f"{key} = {value!r}  # from {source if source else 'built-in'}"


def read_toml(path: Path) -> dict[str, Any]:
    """Parse one TOML file or raise a one-line :class:`ConfigError` naming it."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError(f"{path}: no such config file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigError(f"{path}: cannot read: {error}") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: not valid TOML: {error}") from None


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
) -> LoadedConfig:
    """Read the defaults, lay the user file and in-memory overrides on top, and validate.

    ``overrides`` (from a scenario file, say) is a nested mapping laid on last.
    Raises :class:`ConfigError` with one line for the user on any problem.
    """
    default_path = default_path or default_config_path()
    layers: list[tuple[Path, dict[str, Any]]] = [(default_path, read_toml(default_path))]
    if user_path is not None:
        path = Path(user_path)
        layers.append((path, read_toml(path)))
    if overrides:
        layers.append((Path("<scenario overrides>"), dict(overrides)))
    merged: dict[str, Any] = {}
    sources: dict[str, Path] = {}
    for path, data in layers:
        _check_known_keys(path, data, merged if path != default_path else None)
        _merge(merged, data)
        sources.update({key: path for key, _ in _flatten(data)})
    config = _validate(merged, sources, default_path)
    return LoadedConfig(config, sources, tuple(p for p, _ in layers))


_OPEN_TABLES = {"materials", "friction", "restitution"}


def _check_known_keys(path: Path, data: Mapping[str, Any], base: Mapping[str, Any] | None) -> None:
    """An override may only name keys the defaults have (new materials and pairs excepted)."""
    if base is None:
        return
    for section, value in data.items():
        if section not in base:
            raise ConfigError(
                f"{path}: [{section}]: unknown section; allowed: {', '.join(sorted(base))}"
            )
        if isinstance(value, Mapping) and section not in _OPEN_TABLES:
            known = base[section]
            for key in value:
                if key not in known:
                    raise ConfigError(
                        f"{path}: {section}.{key}: unknown key; allowed in [{section}]: "
                        f"{', '.join(sorted(known))}"
                    )


def _merge(into: dict[str, Any], data: Mapping[str, Any]) -> None:
    for key, value in data.items():
        if isinstance(value, Mapping) and isinstance(into.get(key), dict):
            _merge(into[key], value)
        else:
            into[key] = dict(value) if isinstance(value, Mapping) else value


def _flatten(data: Mapping[str, Any], prefix: str = "") -> Iterator[tuple[str, Any]]:
    for key, value in data.items():
        dotted = f"{prefix}{key}"
        if isinstance(value, Mapping):
            yield from _flatten(value, dotted + ".")
        else:
            yield dotted, value


def _validate(merged: dict[str, Any], sources: Mapping[str, Path], default_path: Path) -> PhysicsConfig:
    try:
        return PhysicsConfig.model_validate(merged)
    except ValidationError as error:
        first = error.errors(include_url=False)[0]
        key = ".".join(str(part) for part in first["loc"])
        problem = _explain(first, key)
        if isinstance(first.get("ctx", {}).get("error"), _KeyProblem):
            key_problem = first["ctx"]["error"]
            key, problem = key_problem.key, key_problem.problem
        source = sources.get(key) or _source_of_section(key, sources) or default_path
        raise ConfigError(f"{source}: {key}: {problem}") from None


def _source_of_section(key: str, sources: Mapping[str, Path]) -> Path | None:
    prefix = key.split(".")[0] + "."
    hits = [path for dotted, path in sources.items() if dotted.startswith(prefix)]
    return hits[-1] if hits else None


def _explain(error: Mapping[str, Any], key: str) -> str:
    kind = error["type"]
    given = error.get("input")
    allowed = _allowed(key)
    if kind == "extra_forbidden":
        return f"unknown key; {allowed}"
    if kind == "missing":
        return f"missing; {allowed}"
    if kind in {"finite_number"}:
        return f"is {given!r}; {allowed} (NaN and infinity are not)"
    return f"is {given!r}; {allowed}"


def _allowed(key: str) -> str:
    parts = key.split(".")
    model: type[BaseModel] = PhysicsConfig
    for index, part in enumerate(parts):
        fields = model.model_fields
        if part not in fields:
            return "allowed keys here: " + ", ".join(fields)
        info = fields[part]
        annotation = info.annotation
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            model = annotation
            if index == len(parts) - 1:
                return "allowed: a table with " + ", ".join(annotation.model_fields)
            continue
        low, high = _bounds(info.metadata)
        unit = f" ({info.description})" if info.description else ""
        kind = "a whole number" if annotation is int else "a number" if annotation is float else "a table"
        if low is not None and high is not None:
            return f"allowed: {kind} from {low:g} to {high:g}{unit}"
        return f"allowed: {kind}{unit}"
    return "allowed: see assets/physics.toml"
