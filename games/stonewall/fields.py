"""Checks of the fields of Stonewall's JSON, shared by actions and saved states. Pure Python.

:func:`games.stonewall.actions.action_from_json` and :mod:`games.stonewall.saved` read walls and
whole numbers the same strict way (a bool or a float is no whole number); a field refused is a
:class:`_Refused` naming the key and what is allowed, which each reader turns into its own
one-line error.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from datafiles.userfile import shown
from games.stonewall.board import Wall


class _Refused(Exception):
    def __init__(self, key: str, problem: str) -> None:
        super().__init__(f"{key}: {problem}")


def _whole(value: Any, key: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise _Refused(key, f"{shown(value)}; allowed: a whole number from {low} to {high}")
    return value


def _wall(value: Any, key: str) -> Wall:
    if not isinstance(value, Mapping) or set(value) != {"o", "x", "y", "len"}:
        raise _Refused(key, f"{shown(value)}; allowed: a wall {{o, x, y, len}}")
    orientation = value["o"]
    if orientation not in ("h", "v"):
        raise _Refused(f"{key}.o", f"{shown(orientation)}; allowed: 'h' or 'v'")
    return Wall(
        orientation,
        _whole(value["x"], f"{key}.x", 0, 100),
        _whole(value["y"], f"{key}.y", 0, 100),
        _whole(value["len"], f"{key}.len", 1, 3),
    )
