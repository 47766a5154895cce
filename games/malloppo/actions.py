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
from games.malloppo.walks import Moves
from games.turnkit.engine import LazyListing
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


# one part of a listing: (its number of turns, the paying hand's square, the moving hand's
# square, its moves as the walk index gives them; None for the one turn "no hand can use the
# roll")
Part = tuple[int, "Square | None", "Square | None", "Moves | None"]


class TurnListing(LazyListing[Turn]):
    """A listing of turns as :meth:`State._turn_list` fills it, made lazily: it keeps its
    parts (per payment and hand, the hand's moves as the walk index gives them, shared
    between the payments that leave every hand) and makes a :class:`Turn` only when one is
    asked for, by index or by going over it (random play takes one of some fifty, a search a
    few), the same object every time it is asked for again. Push asks whether it holds an
    action by its id among the turns it made (no other object can be one of them: it keeps
    them alive). Not a ``list`` but it acts as one: it compares equal to a list of the same
    turns, and a list's changes (append, sort, clear, ...) make every turn and change them.
    About a quarter of random play was making the fifty turns of each listing."""

    __slots__ = ("__weakref__", "_count", "_ids", "_made", "_parts")

    def __init__(self, parts: list[Part], count: int) -> None:
        self._parts = parts
        self._count = count
        self._made: dict[int, Turn] = {}  # index -> the turn made for it
        self._ids: dict[int, Turn] = {}  # id -> turn, of those made
        self._all = None

    def _size(self) -> int:
        return self._count

    def _at(self, index: int) -> Turn:
        made = self._made.get(index)
        if made is not None:
            return made
        at = self._place(index, self._count)
        made = self._made.get(at)
        if made is None:
            made = self._made[at] = self._make(at)
            self._ids[id(made)] = made
        return made

    def _make(self, at: int) -> Turn:
        for count, pay, hand, moves in self._parts:
            if at >= count:
                at -= count
                continue
            if moves is None:
                return Turn(pay, None, None)
            walks, _, abouts, hands = moves
            for walk in walks:
                to, path, steals_of, around = abouts[walk]  # type: ignore[misc]
                choices = steals_of[around & hands]
                if at >= len(choices):
                    at -= len(choices)
                    continue
                return _turn(pay, hand, to, choices[at], path)
        raise IndexError("listing index out of range")  # pragma: no cover (checked above)

    def _every(self) -> list[Turn]:
        made, ids = self._made, self._ids
        found: list[Turn] = []
        append = found.append
        for _, pay, hand, moves in self._parts:
            if moves is None:
                at = len(found)
                turn = made.get(at)
                if turn is None:
                    turn = made[at] = Turn(pay, None, None)
                    ids[id(turn)] = turn
                append(turn)
                continue
            walks, _, abouts, hands = moves
            for walk in walks:
                to, path, steals_of, around = abouts[walk]  # type: ignore[misc]
                for steals in steals_of[around & hands]:
                    at = len(found)
                    turn = made.get(at)
                    if turn is None:
                        turn = made[at] = _turn(pay, hand, to, steals, path)
                        ids[id(turn)] = turn
                    append(turn)
        return found

    def entry(self, action: object) -> tuple[Any, ...] | None:
        return (action,) if self.holds(action) else None

    def holds(self, action: object) -> bool:
        """Whether ``action`` is one of the very turns this listing made."""
        return self._ids.get(id(action)) is action


def _turn(
    pay: Square | None, hand: Square | None, to: Square, steals: tuple[Square, ...],
    path: tuple[Square, ...],
) -> Turn:
    """A listed turn: a blank of the slots filled and made a :class:`Turn` (its steals sorted
    already: no ``__post_init__``, no frozen ``__setattr__``)."""
    turn = BlankTurn()
    turn.pay = pay
    turn.hand = hand
    turn.to = to
    turn.steals = steals
    turn.path = path
    turn.__class__ = Turn  # type: ignore[assignment]
    return turn  # type: ignore[return-value]


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
