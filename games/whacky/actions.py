"""Whacky Wit's moves and errors: the action value objects, their JSON, the rule exceptions.

Chance events (:class:`Roll`, :class:`MonsterRoll`, :class:`Accident`) and choices
(:class:`Move`, :class:`UsePower`) as small frozen value objects; :func:`action_to_json` /
:func:`action_from_json`; :class:`IllegalMove` and its kinds, whose messages are in players'
words; the :class:`Result` of a finished game. The state that takes them is
:mod:`games.whacky.rules`, which re-exports all of this.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from datafiles.userfile import shown
from games.core.errors import UserError


@dataclass(frozen=True)
class Roll:
    """Chance: Whacky's die shows ``value``."""

    value: int


@dataclass(frozen=True)
class MonsterRoll:
    """Chance: the colour die names ``monster``, the number die shows ``value``."""

    monster: str
    value: int


@dataclass(frozen=True)
class Accident:
    """Chance (accident rules): the ``index``-th dot still up on the monster's path went down;
    an index past the last such dot means no accident."""

    index: int


@dataclass(frozen=True)
class Move:
    """Move ``piece`` ("whacky" or a monster's name) along ``path`` (the points entered)."""

    piece: str
    path: tuple[str, ...]

    @property
    def destination(self) -> str:
        return self.path[-1]


@dataclass(frozen=True)
class UsePower:
    """Whacky uses a power a scatty monster left him (accident rules): three powered rolls."""


Action = Roll | MonsterRoll | Accident | Move | UsePower


def action_to_json(action: Action) -> dict[str, Any]:
    if isinstance(action, Roll):
        return {"type": "roll", "value": action.value}
    if isinstance(action, MonsterRoll):
        return {"type": "monster_roll", "monster": action.monster, "value": action.value}
    if isinstance(action, Accident):
        return {"type": "accident", "index": action.index}
    if isinstance(action, Move):
        return {"type": "move", "piece": action.piece, "path": list(action.path)}
    return {"type": "use_power"}


_FIELDS = {
    "roll": ("value",),
    "monster_roll": ("monster", "value"),
    "accident": ("index",),
    "move": ("piece", "path"),
    "use_power": (),
}
MAX_FACE = 20  # a die face is a number from 1 to 20 (games.whacky.board)
MAX_STEPS = 20
MAX_INDEX = 1000  # an accident's dot index (a monster passes far fewer dots)


def _whole(kind: str, key: str, value: Any, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ValueError(f"action {kind!r}: {key}: {shown(value)}; allowed: a whole number "
                         f"from {low} to {high}")
    return value


def _text(kind: str, key: str, value: Any, allowed: str) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > 40:
        raise ValueError(f"action {kind!r}: {key}: {shown(value)}; allowed: {allowed}")
    return value


def action_from_json(data: Any) -> Action:
    """Parse an action exactly as written; ``ValueError`` with one line naming the field, the
    value and what is allowed. Strict: a number is a whole number (not ``3.7``, not ``true``,
    not ``"1"``), a name is text, no field is missing or unknown."""
    if not isinstance(data, dict) or "type" not in data:
        raise ValueError(f"not an action: {shown(data)} (want a table with 'type')")
    kind = data["type"]
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise ValueError(f"unknown action type {shown(kind)}; allowed: {', '.join(_FIELDS)}")
    fields = _FIELDS[kind]
    for key in data:
        if key != "type" and key not in fields:
            raise ValueError(f"action {kind!r}: unknown field {shown(key)}; allowed: "
                             f"{', '.join(fields) or 'none'}")
    for key in fields:
        if key not in data:
            raise ValueError(f"action {kind!r}: {key}: missing")
    if kind == "roll":
        return Roll(_whole(kind, "value", data["value"], 1, MAX_FACE))
    if kind == "monster_roll":
        monster = _text(kind, "monster", data["monster"], "a monster's name like \"red\"")
        return MonsterRoll(monster, _whole(kind, "value", data["value"], 1, MAX_FACE))
    if kind == "accident":
        return Accident(_whole(kind, "index", data["index"], 0, MAX_INDEX))
    if kind == "move":
        piece = _text(kind, "piece", data["piece"], "\"whacky\" or a monster's name")
        path = data["path"]
        if not isinstance(path, list) or not 1 <= len(path) <= MAX_STEPS:
            raise ValueError(f"action 'move': path: {shown(path)}; allowed: a list of 1 to "
                             f"{MAX_STEPS} point names like [\"J8\", \"K8\"]")
        for i, point in enumerate(path):
            _text(kind, f"path[{i}]", point, "a point name like \"J8\"")
        return Move(piece, tuple(p.strip().upper() for p in path))
    return UsePower()


class IllegalMove(ValueError):
    """An action the rules forbid; ``str()`` says why in players' words (points like ``J9``).
    The state is left unchanged."""


class WrongPhase(IllegalMove):
    """Not this kind of action now (or not this player's)."""


class BadRoll(IllegalMove):
    """A roll no die can show."""


class WrongPiece(IllegalMove):
    """Not the piece that moves now."""


class BadPath(IllegalMove):
    """A path of the wrong length, or with a step that is not a path of the maze."""


class Blocked(IllegalMove):
    """A step or an end the rules forbid (a monster in the way, no turning back, the aisle)."""


class StateError(UserError):
    """A saved state that is malformed or impossible; ``str()`` is one line."""


@dataclass(frozen=True)
class Result:
    winner: int
    name: str
    reason: str
