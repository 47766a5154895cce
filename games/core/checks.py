"""Checks an engine's ``push`` makes on the values inside an action, before any rule.

An action may come from a save, a network message or a script, so a roll, an index or a
square may be a bool, a float or a string. :func:`check_action` refuses those with the
engine's own ``IllegalMove`` (one line naming the field and what is allowed), so a bad
action never reaches the rules (where it would raise ``TypeError``, or be silently accepted
and break the next ``legal_actions()``). Pure Python.

The fields are read from the action dataclass's annotations: ``int``, ``str``, ``Square``
(two whole numbers), tuples of those, ``... | None``, and nested dataclasses (a wall).
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from typing import Any

from datafiles.userfile import shown


def is_whole(value: Any) -> bool:
    """An ``int`` that is not a ``bool``."""
    return isinstance(value, int) and not isinstance(value, bool)


def _is_square(value: Any) -> bool:
    return isinstance(value, tuple) and len(value) == 2 and all(is_whole(v) for v in value)


def _problem(kind: str, value: Any) -> str | None:
    """What ``value`` is not, for a field annotated ``kind``; None if it fits."""
    kind = kind.strip()
    if kind.endswith("| None"):
        return None if value is None else _problem(kind[: -len("| None")], value)
    if kind.startswith("tuple[") and kind.endswith(", ...]"):
        if not isinstance(value, tuple):
            return "a tuple"
        for item in value:
            problem = _problem(kind[len("tuple["): -len(", ...]")], item)
            if problem:
                return f"a tuple of {problem}s"
        return None
    if kind == "int":
        return None if is_whole(value) else "a whole number"
    if kind == "str":
        return None if isinstance(value, str) else "text"
    if kind == "Square":
        return None if _is_square(value) else "a square (two whole numbers x, y)"
    if kind in ("", "Any", "object"):
        return None
    # Another action or value class (a wall): check_action walks its fields.
    return None if dataclasses.is_dataclass(value) and type(value).__name__ == kind else f"a {kind}"


@functools.cache
def _kinds(cls: type) -> tuple[tuple[str, str], ...]:
    """(field name, annotation as text) of a dataclass, read once per class."""
    return tuple(
        (f.name, f.type if isinstance(f.type, str) else getattr(f.type, "__name__", ""))
        for f in dataclasses.fields(cls)
    )


def check_action(
    action: Any, error: type[Exception], allowed: Mapping[str, str] | None = None
) -> None:
    """Raise ``error`` if a field of ``action`` has the wrong type: "Roll.value: 2.5 is not a
    whole number; allowed: 1 to 6" (``allowed`` maps "Class.field" to the range in words)."""
    if not dataclasses.is_dataclass(action) or isinstance(action, type):
        return
    name = type(action).__name__
    for field, kind in _kinds(type(action)):
        value = getattr(action, field)
        label = f"{name}.{field}"
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            check_action(value, error, allowed)
            continue
        problem = _problem(kind, value)
        if problem:
            extra = (allowed or {}).get(label)
            range_ = f" ({extra})" if extra else ""
            raise error(f"{label}: {shown(value)}; allowed: {problem}{range_}")
