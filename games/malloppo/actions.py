"""Dammi il malloppo's actions: the die roll and the turn as small frozen value objects, their
JSON, and the listing of turns the rules fill (:class:`TurnListing`). Pure Python.

Its own module so that the rules (:mod:`games.malloppo.rules`, which re-exports all of this)
stay one thing: the state and its rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from datafiles.userfile import shown
from games.malloppo.basics import DIE_SIDES, _parse_square
from games.turnkit.engine import Listing
from games.turnkit.grid import Square


# --- actions ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Roll:
    """A chance event: the die shows ``value``."""

    value: int


@dataclass(frozen=True, slots=True)
class Turn:
    """The rest of a turn after the roll, as one action.

    Slotted (one object each, no ``__dict__``): the legal listing builds some fifty a position.
    ``pay``: the square of the hand that pays the odd roll's coin (None on an even roll).
    ``hand``/``to``: the square of the hand that moves and where it ends (both None when no
    hand can use the roll). ``steals``: the squares of the neighbouring hands it takes a coin
    from, sorted. ``path``: one witness path (the squares entered, in order) for display; it is
    not part of the turn's identity (many paths reach one square; any legal one will do).
    """

    pay: Square | None
    hand: Square | None
    to: Square | None
    steals: tuple[Square, ...] = ()
    path: tuple[Square, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        try:
            steals = tuple(sorted(self.steals))
        except TypeError:  # not squares: left as given, for push to refuse in one line
            return
        object.__setattr__(self, "steals", steals)

    # copy and pickle a frozen slotted dataclass on Python 3.10 too (3.11 adds these itself)
    def __getstate__(self) -> tuple[Any, ...]:
        return self.pay, self.hand, self.to, self.steals, self.path

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        for name, value in zip(("pay", "hand", "to", "steals", "path"), state, strict=True):
            object.__setattr__(self, name, value)


class BlankTurn:
    """A Turn's slots without its frozen ``__setattr__``: the listing fills one with plain
    stores and then makes it a :class:`Turn` (``__class__`` assignment, which Python allows
    between classes of the same slots). No ``__post_init__``: the listing's steals are sorted
    already. About a third of what the slots' own setters cost, some fifty turns a listing."""

    __slots__ = ("hand", "path", "pay", "steals", "to")
    pay: Square | None
    hand: Square | None
    to: Square | None
    steals: tuple[Square, ...]
    path: tuple[Square, ...]


ROLLS = tuple(Roll(value) for value in range(1, DIE_SIDES + 1))  # immutable: shared


class TurnListing(Listing[Turn]):
    """A listing of turns as :meth:`State._turn_list` fills it, its turns kept alive by a tuple
    of its own whatever the caller does to the list (so no other object can have one of their
    ids): push asks whether it holds an action by its id alone, the first two times by a scan
    (at C speed: random play asks once), then by a set (a search pushing each of them in turn).
    Cheaper than the generic id -> entry table, built for every listing."""

    __slots__ = ("_asked", "_ids", "_kept")

    def __init__(self) -> None:
        list.__init__(self)

    def close(self) -> None:
        """The listing is complete: remember its turns (call once, before it is returned)."""
        self._kept = tuple(self)
        self._ids: set[int] | None = None
        self._asked = 0

    def entry(self, action: object) -> tuple[Any, ...] | None:
        return (action,) if self.holds(action) else None

    def holds(self, action: object) -> bool:
        ids = self._ids
        if ids is None:
            self._asked += 1
            if self._asked <= 2:  # play, or a search's one try and its move
                return id(action) in map(id, self._kept)
            ids = self._ids = set(map(id, self._kept))
        return id(action) in ids


Action = Roll | Turn


def _square_json(square: Square | None) -> list[int] | None:
    return None if square is None else [square.x, square.y]


def action_to_json(action: Action) -> dict[str, Any]:
    if isinstance(action, Roll):
        return {"type": "roll", "value": action.value}
    data: dict[str, Any] = {
        "type": "turn",
        "pay": _square_json(action.pay),
        "hand": _square_json(action.hand),
        "to": _square_json(action.to),
        "steals": [[s.x, s.y] for s in action.steals],
    }
    if action.path:
        data["path"] = [[s.x, s.y] for s in action.path]
    return data


def _parse_optional(value: Any, key: str) -> Square | None:
    return None if value is None else _parse_square(value, key)


_FIELDS = {"roll": ("value",), "turn": ("pay", "hand", "to", "steals", "path")}


def action_from_json(data: Any) -> Action:
    """Parse an action exactly as written; ``ValueError`` with one line naming the field, the
    value and what is allowed (``3.7``, ``true`` or ``"1"`` is no roll; no unknown field)."""
    if not isinstance(data, dict) or "type" not in data:
        raise ValueError(f"not an action: {shown(data)} (want a table with 'type')")
    kind = data["type"]
    fields = _FIELDS.get(kind) if isinstance(kind, str) else None
    if fields is None:
        raise ValueError(f"unknown action type {shown(kind)}; allowed: roll, turn")
    for key in sorted(str(k) for k in set(data) - {"type", *fields}):
        raise ValueError(f"{kind}.{shown(key)[1:-1]}: unknown key; allowed: {', '.join(fields)}")
    if kind == "roll":
        value = data.get("value")
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= DIE_SIDES:
            raise ValueError(f"roll.value: {shown(value)}; allowed: a whole number from 1 to "
                             f"{DIE_SIDES}")
        return Roll(value)
    lists = {key: data.get(key, []) for key in ("steals", "path")}
    for key, value in lists.items():
        if not isinstance(value, list):
            raise ValueError(f"turn.{key}: {shown(value)}; allowed: a list of squares [x, y]")
    pay, hand, to = (_parse_optional(data.get(key), key) for key in ("pay", "hand", "to"))
    return Turn(pay, hand, to, *(
        tuple(_parse_square(s, f"{key}[{i}]") for i, s in enumerate(value))
        for key, value in lists.items()
    ))
