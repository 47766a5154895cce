"""A small schema for the physics config: frozen sections whose fields carry their bounds.

Why not pydantic (which the config used until issue 11): a headless run pays for its import
and its model construction in every process. Measured here in CPU time, bytecode cached:
``import pydantic`` ≈ 23 ms, then ``physics.config`` with its seven pydantic models ≈ 55 ms
(with ``defer_build``: ≈ 35 ms, and 13 ms more at the first validation, which every run does);
the first ``load_config`` ≈ 1 ms after either. The same module on this schema: ≈ 16 ms, its
imports (tomllib, pathlib, the user-file reader) included, ≈ 1 ms to load. msgspec (not
measured: not installed) imports in ~2 ms and checks bounds, but it is one more compiled
dependency for a hundred lines of ours, and its messages are not ours: the config's one-line
errors (``world.gravity: is 'fast'; allowed: a number from 0 to 100000 (mm/s²)``) are built
from the schema anyway. So the schema is frozen records that type checkers see as dataclasses
(:class:`Section`: cheap to import and to declare, picklable for the sweep's workers), each
field's allowed range and unit given where it is declared (:func:`setting`), and
:func:`validate` below checks a nested table against them. pydantic stays where start-up does
not matter (scenario and sweep files, the dice games' and the dexterity games' options).

The rules are those of pydantic's strict mode, which the config's messages and tests were
written against:

- a ``float`` field takes an int or a float (kept as a float), never a bool; NaN and infinity
  are refused (``finite_number``); an ``int`` field takes only a whole int (not ``2.0``, not a
  bool); a ``bool`` field only true or false;
- ``dict[str, float]`` is a table of names to such numbers (its ranges are checked by the
  config's own rules, which know what each table means);
- a section is a table: a key it does not have is refused (``extra_forbidden``), one without a
  default is ``missing``;
- the problem reported is the first one in declaration order (a section's fields, then its
  unknown keys), as :class:`SchemaProblem` with the dotted key, the kind and the value given.

A section class keeps the small part of pydantic's API the project uses: ``model_fields``
(``annotation``, ``metadata`` with ``ge``/``le``, ``description``), ``model_validate``,
``model_validate_json``, ``model_dump``, ``model_dump_json`` and ``model_copy(update=...)``
(which, as pydantic's, does not validate).
"""

from __future__ import annotations

import inspect
import json
import math
import sys
import typing
from collections.abc import Callable, Mapping
from dataclasses import FrozenInstanceError
from typing import Any, ClassVar, TypeVar

if sys.version_info >= (3, 11):
    from typing import dataclass_transform
else:  # Python 3.10: the same decorator from typing_extensions (a dependency only there)
    from typing_extensions import dataclass_transform

S = TypeVar("S", bound="Section")


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()


class Bounds:
    """The allowed range of a number (either end may be open), as pydantic's ``Ge``/``Le``."""

    __slots__ = ("ge", "le")

    def __init__(self, ge: float | None = None, le: float | None = None) -> None:
        self.ge = ge
        self.le = le


class FieldInfo:
    """What the schema says of one field: its type, range and unit or description."""

    __slots__ = ("annotation", "default", "default_factory", "description", "metadata")

    def __init__(
        self,
        annotation: Any,
        metadata: list[Any] | None = None,
        description: str | None = None,
        default: Any = MISSING,
        default_factory: Callable[[], Any] | None = None,
    ) -> None:
        self.annotation = annotation
        self.metadata = metadata if metadata is not None else []
        self.description = description
        self.default = default
        self.default_factory = default_factory

    @property
    def required(self) -> bool:
        return self.default is MISSING and self.default_factory is None

    def make_default(self) -> Any:
        return self.default_factory() if self.default_factory is not None else self.default


def rule(*, ge: float | None = None, le: float | None = None, description: str) -> FieldInfo:
    """The rule for the values of an open table (materials, friction pairs...): a number."""
    return FieldInfo(float, [Bounds(ge, le)], description)


def setting(
    default: Any = MISSING,
    *,
    ge: float | None = None,
    le: float | None = None,
    description: str | None = None,
    default_factory: Callable[[], Any] | None = None,
) -> Any:
    """A field with its allowed range and unit (``Field(...)`` in pydantic's words)."""
    bounds = [Bounds(ge, le)] if ge is not None or le is not None else []
    return FieldInfo(None, bounds, description, default, default_factory)


class SchemaProblem(ValueError):
    """The first problem :func:`validate` found: ``key`` (dotted), ``kind`` and the value given.

    ``kind`` is one of ``missing``, ``extra_forbidden``, ``finite_number``, ``type`` (not a
    number, a whole number, true/false or a table as the schema asks) and ``range``.
    """

    def __init__(self, key: str, kind: str, given: Any = None) -> None:
        super().__init__(f"{key}: {kind}")
        self.key = key
        self.kind = kind
        self.given = given


_PLAIN_TYPES: dict[str, Any] = {
    "float": float,
    "int": int,
    "bool": bool,
    "dict[str, float]": dict[str, float],
}


def _resolve(annotation: Any, module: str) -> Any:
    """A field's annotation (a string under ``from __future__ import annotations``) as a type:
    one of :data:`_PLAIN_TYPES`, or the name of a section declared earlier in ``module``."""
    if not isinstance(annotation, str):
        return annotation
    plain = _PLAIN_TYPES.get(annotation)
    if plain is not None:
        return plain
    found = vars(sys.modules[module]).get(annotation) if annotation.isidentifier() else None
    if found is None:
        raise TypeError(f"{module}: the schema has no rule for the annotation {annotation!r}")
    return found


@dataclass_transform(kw_only_default=True, frozen_default=True, field_specifiers=(setting,))
class Section:
    """Base of a config section: a frozen record of the fields its class annotates.

    ``class WorldSettings(Section): gravity: float = setting(ge=0, le=100_000, ...)``: keyword
    construction, equality, ``repr`` and immutability as a frozen dataclass (type checkers treat
    it as one), made without the dataclass decorator's code generation (≈ 0.6 ms a class, a
    few ms of every start-up). Constructing one does not validate (code builds sections from
    values it trusts); :meth:`model_validate` does. A subclass may define ``check(self)``, run
    by :func:`validate` after its fields are valid (pydantic's ``model_validator(mode="after")``),
    raising its own ``ValueError``.
    """

    model_fields: ClassVar[dict[str, FieldInfo]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        fields: dict[str, FieldInfo] = {}
        for base in reversed(cls.__mro__[1:]):
            fields.update(getattr(base, "model_fields", {}))
        for name, annotation in inspect.get_annotations(cls).items():
            if str(annotation).startswith(("ClassVar", "typing.ClassVar")):
                continue
            declared = cls.__dict__.get(name, MISSING)
            info = (
                declared if isinstance(declared, FieldInfo) else FieldInfo(None, [], None, declared)
            )
            info.annotation = _resolve(annotation, cls.__module__)
            fields[name] = info
            if isinstance(declared, FieldInfo):
                delattr(cls, name)
        cls.model_fields = fields

    def __init__(self, **values: Any) -> None:
        fields = type(self).model_fields
        for name in values:
            if name not in fields:
                raise TypeError(f"{type(self).__name__}: unknown field {name!r}")
        state = self.__dict__
        for name, info in fields.items():
            if name in values:
                state[name] = values[name]
            elif info.required:
                raise TypeError(f"{type(self).__name__}: missing field {name!r}")
            else:
                state[name] = info.make_default()

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.__dict__ == other.__dict__

    def __hash__(self) -> int:
        return hash(tuple(self.__dict__.values()))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={value!r}" for name, value in self.__dict__.items())
        return f"{type(self).__name__}({shown})"

    def check(self) -> None:
        """Rules across fields; none by default."""

    @classmethod
    def model_validate(cls: type[S], data: Any) -> S:
        """``data`` (a nested table) checked against the schema; :class:`SchemaProblem` if not."""
        return validate(cls, data)

    @classmethod
    def model_validate_json(cls: type[S], text: str | bytes) -> S:
        return validate(cls, json.loads(text))

    def model_dump(self) -> dict[str, Any]:
        """The section as a nested table of plain values (tables copied)."""
        return {name: _dump(value) for name, value in self.__dict__.items()}

    def model_dump_json(self) -> str:
        return json.dumps(self.model_dump(), separators=(",", ":"), ensure_ascii=False)

    def model_copy(self: S, *, update: Mapping[str, Any] | None = None) -> S:
        """A copy with ``update`` laid on (not validated, as pydantic's)."""
        copy = object.__new__(type(self))
        copy.__dict__.update(self.__dict__)
        for name, value in (update or {}).items():
            if name not in type(self).model_fields:
                raise TypeError(f"{type(self).__name__}: unknown field {name!r}")
            copy.__dict__[name] = value
        return copy


def _dump(value: Any) -> Any:
    if isinstance(value, Section):
        return value.model_dump()
    if isinstance(value, dict):
        return {key: _dump(item) for key, item in value.items()}
    return value


def validate(cls: type[S], data: Any, key: str = "") -> S:
    """An instance of ``cls`` from ``data`` or :class:`SchemaProblem` for its first problem.

    Errors raised by a section's ``check`` pass through unchanged (after its fields are valid).
    """
    if isinstance(data, cls):
        return data
    if not isinstance(data, dict):
        raise SchemaProblem(key, "type", data)
    values: dict[str, Any] = {}
    for name, info in cls.model_fields.items():
        dotted = f"{key}.{name}" if key else name
        if name not in data:
            if info.required:
                raise SchemaProblem(dotted, "missing")
            continue
        values[name] = _value(info, data[name], dotted)
    for name in data:
        if name not in values and name not in cls.model_fields:
            dotted = f"{key}.{name}" if key else str(name)
            raise SchemaProblem(dotted, "extra_forbidden", data[name])
    section = cls(**values)
    section.check()
    return section


def _value(info: FieldInfo, value: Any, key: str) -> Any:
    kind = info.annotation
    if isinstance(kind, type) and issubclass(kind, Section):
        return validate(kind, value, key)
    checked = _typed(kind, value, key)
    for bounds in info.metadata:
        low, high = getattr(bounds, "ge", None), getattr(bounds, "le", None)
        if (low is not None and checked < low) or (high is not None and checked > high):
            raise SchemaProblem(key, "range", value)
    return checked


def _typed(kind: Any, value: Any, key: str) -> Any:
    if kind is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise SchemaProblem(key, "type", value)
        try:
            number = float(value)
        except OverflowError:
            raise SchemaProblem(key, "finite_number", value) from None
        if not math.isfinite(number):
            raise SchemaProblem(key, "finite_number", value)
        return number
    if kind is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise SchemaProblem(key, "type", value)
        return value
    if kind is bool:
        if not isinstance(value, bool):
            raise SchemaProblem(key, "type", value)
        return value
    if typing.get_origin(kind) is dict:
        key_kind, value_kind = typing.get_args(kind)
        if not isinstance(value, dict):
            raise SchemaProblem(key, "type", value)
        table = {}
        for name, item in value.items():
            if not isinstance(name, key_kind):
                raise SchemaProblem(f"{key}.{name}", "type", name)
            table[name] = _typed(value_kind, item, f"{key}.{name}")
        return table
    raise TypeError(f"{key}: the schema has no rule for {kind!r}")  # a programming error
