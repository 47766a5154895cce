"""Whacky Wit's moves and errors: the action value objects, their JSON, the rule exceptions.

Chance events (:class:`Roll`, :class:`MonsterRoll`, :class:`Accident`) and choices
(:class:`Move`, :class:`UsePower`) as small frozen value objects; :func:`action_to_json` /
:func:`action_from_json`; :class:`IllegalMove` and its kinds, whose messages are in players'
words; the :class:`Result` of a finished game. The state that takes them is
:mod:`games.whacky.rules`, which re-exports all of this.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from operator import itemgetter
from typing import Any

from datafiles.userfile import shown
from games.core.errors import UserError
from games.turnkit.engine import LazyListing


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


class BlankMove:
    """A :class:`Move`'s layout without its frozen ``__setattr__``: the listing fills one with
    plain stores and then makes it a Move (``__class__`` assignment, allowed between classes of
    the same layout): half of what setting a frozen dataclass's ``__dict__`` costs."""

    piece: str
    path: tuple[str, ...]


class MoveListing(LazyListing[Move]):
    """A piece's moves as the rules list them (one per destination, in the search's order),
    made lazily: it keeps the witness paths (point numbers) and makes a :class:`Move` only when
    one is asked for, by index or by going over it (random play takes one), the same object
    every time. ``entry`` gives push a listed move (the very object) with its points. Not a
    ``list`` but it acts as one: equal to a list of the same moves, and a list's changes
    (append, sort, clear, ...) make every move first."""

    __slots__ = ("__weakref__", "_ids", "_labels", "_made", "_paths", "_piece")

    def __init__(self, piece: str, paths: list[tuple[int, ...]], labels: tuple[str, ...]) -> None:
        self._piece = piece
        self._paths = paths
        self._labels = labels
        self._made: dict[int, Move] = {}  # index -> the move made for it
        self._ids: dict[int, tuple[Move, tuple[int, ...]]] = {}  # id -> (move, its points)
        self._all = None

    def _size(self) -> int:
        return len(self._paths)

    def _at(self, index: int) -> Move:
        made = self._made.get(index)
        if made is not None:
            return made
        path = self._paths[index]  # IndexError as a list's
        at = operator.index(index)
        if at < 0:
            at += len(self._paths)
        made = self._made.get(at)
        if made is None:
            made = self._made[at] = self._make(path)
        return made

    def _make(self, path: tuple[int, ...]) -> Move:
        move = BlankMove()
        move.piece = self._piece
        # the points' labels, looked up in C (a tuple's own __getitem__ is a slow call)
        move.path = itemgetter(*path)(self._labels) if len(path) > 1 else (self._labels[path[0]],)
        move.__class__ = Move  # type: ignore[assignment]
        self._ids[id(move)] = (move, path)  # type: ignore[assignment]
        return move  # type: ignore[return-value]

    def _every(self) -> list[Move]:
        made = self._made
        return [made[at] if at in made else self._make(path)
                for at, path in enumerate(self._paths)]

    def entry(self, action: object) -> tuple[Any, ...] | None:
        """(the move, its points) if ``action`` is one of the very moves this listing made."""
        found = self._ids.get(id(action))
        return found if found is not None and found[0] is action else None

    def holds(self, action: object) -> bool:
        return self.entry(action) is not None


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
