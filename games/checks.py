"""Checks an engine's ``push`` makes on the numbers inside an action, before any rule.

An action may come from a save, a network message or a script, so a roll, an index or a
count may be a bool, a float or a string. :func:`whole_number` refuses those with the
engine's own ``IllegalMove`` (one line naming the field and what is allowed) so a bad action
never reaches the rules (where it would raise ``TypeError`` or be silently accepted).
Pure Python.
"""

from __future__ import annotations

from typing import Any

from games.userfile import shown


def is_whole(value: Any) -> bool:
    """An ``int`` that is not a ``bool``."""
    return isinstance(value, int) and not isinstance(value, bool)


def whole_number(value: Any, field: str, allowed: str, error: type[Exception]) -> int:
    """``value`` if it is a whole number, else raise ``error`` naming ``field`` and
    ``allowed`` (the range in words, e.g. "1 to 6")."""
    if not is_whole(value):
        raise error(f"{field}: {shown(value)} is not a whole number; allowed: {allowed}")
    return int(value)


def whole_squares(squares: Any, field: str, error: type[Exception]) -> None:
    """Every entry of ``squares`` is a pair of whole numbers (x, y), else ``error``."""
    if not isinstance(squares, (tuple, list)):
        raise error(f"{field}: {shown(squares)} is not a list of squares")
    for entry in squares:
        if (
            not isinstance(entry, (tuple, list))
            or len(entry) != 2
            or not all(is_whole(v) for v in entry)
        ):
            raise error(f"{field}: {shown(entry)} is not a square (two whole numbers x, y)")
