"""Stonewall's moves and errors: the action value objects, their JSON, the rule exceptions.

Small frozen value objects in the manner of python-chess's ``Move``: a :class:`Roll` (a chance
event), :class:`MovePiece`, :class:`NoMove`, :class:`PlaceWall`, :class:`ChangeWall` and
:class:`Pass`; :func:`action_to_json` / :func:`action_from_json` (strict: one line saying what
is wrong); :class:`IllegalMove` and its kinds, whose messages are in players' words; the
:class:`Result` of a finished game. The state that takes them is :mod:`games.stonewall.rules`,
which re-exports all of this.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from datafiles.userfile import shown
from games.stonewall.board import Square, Wall
from games.stonewall.fields import _Refused, _wall, _whole

DIE_SIDES = 6


@dataclass(frozen=True, slots=True)
class Roll:
    """A chance event: the die shows ``value``."""

    value: int


@dataclass(frozen=True, slots=True)
class MovePiece:
    """Move the current piece along ``path`` (the squares entered, in order)."""

    path: tuple[Square, ...]

    @property
    def destination(self) -> Square:
        return self.path[-1]


@dataclass(frozen=True, slots=True)
class NoMove:
    """The roll cannot be moved: no path of that length exists."""


@dataclass(frozen=True, slots=True)
class PlaceWall:
    wall: Wall


@dataclass(frozen=True, slots=True)
class ChangeWall:
    """Move placed wall ``old`` to ``new`` (same length), or remove it when ``new`` is None."""

    old: Wall
    new: Wall | None


@dataclass(frozen=True, slots=True)
class Pass:
    """Skip the wall placement option."""


Action = Roll | MovePiece | NoMove | PlaceWall | ChangeWall | Pass


def action_to_json(action: Action) -> dict[str, Any]:
    if isinstance(action, Roll):
        return {"type": "roll", "value": action.value}
    if isinstance(action, MovePiece):
        return {"type": "move", "path": [list(sq) for sq in action.path]}
    if isinstance(action, NoMove):
        return {"type": "no_move"}
    if isinstance(action, PlaceWall):
        return {"type": "place", "wall": action.wall.to_json()}
    if isinstance(action, ChangeWall):
        new = action.new.to_json() if action.new else None
        return {"type": "change", "old": action.old.to_json(), "new": new}
    return {"type": "pass"}


_ACTION_KEYS = {
    "roll": ("value",),
    "move": ("path",),
    "no_move": (),
    "place": ("wall",),
    "change": ("old", "new"),
    "pass": (),
}


def action_from_json(data: Any) -> Action:
    """Parse an action; ``ValueError`` with one line saying what is wrong.

    Strict: every field its exact type (a whole number is not a bool or a float), no field
    missing or unknown; a Change-a-Wall's ``new`` is a wall or ``null`` (remove), never ``{}``.
    """
    if not isinstance(data, dict) or "type" not in data:
        raise ValueError(f"not an action: {shown(data)} (want a table with 'type')")
    kind = data["type"]
    if not isinstance(kind, str) or kind not in _ACTION_KEYS:
        raise ValueError(
            f"unknown action type {shown(kind)}; allowed: {', '.join(_ACTION_KEYS)}"
        )
    fields = _ACTION_KEYS[kind]
    for key in data:
        if key != "type" and key not in fields:
            raise ValueError(
                f"action {kind!r}: unknown field {shown(key)}; allowed: "
                f"{', '.join(fields) or 'none'}"
            )
    for key in fields:
        if key not in data:
            raise ValueError(f"action {kind!r}: {key}: missing")
    try:
        if kind == "roll":
            return Roll(_whole(data["value"], "value", 1, DIE_SIDES))
        if kind == "move":
            steps = data["path"]
            if not isinstance(steps, list) or not 1 <= len(steps) <= 2 * DIE_SIDES:
                raise _Refused("path", f"{shown(steps)}; allowed: a list of 1 to 6 squares")
            squares = []
            for i, step in enumerate(steps):
                if not isinstance(step, list) or len(step) != 2:
                    raise _Refused(f"path[{i}]", f"{shown(step)}; allowed: a square [x, y]")
                squares.append(Square(
                    _whole(step[0], f"path[{i}][0]", -1000, 1000),
                    _whole(step[1], f"path[{i}][1]", -1000, 1000),
                ))
            return MovePiece(tuple(squares))
        if kind == "no_move":
            return NoMove()
        if kind == "place":
            return PlaceWall(_wall(data["wall"], "wall"))
        if kind == "change":
            new = data["new"]
            return ChangeWall(_wall(data["old"], "old"), None if new is None else _wall(new, "new"))
        return Pass()
    except _Refused as refused:
        raise ValueError(f"action {kind!r}: {refused}") from None




class IllegalMove(ValueError):
    """An action the rules forbid; ``str()`` says why in players' words (squares like ``C2``,
    walls like "the double wall under C2-D2"). The state is left unchanged.

    The structured fields are for code: ``wall`` the wall tried (placed or changed to),
    ``blocker`` the wall in the way (placed, or permanent as a one-square :class:`Wall`),
    ``player`` the player whose path a wall would cut, ``square`` the square concerned (shut
    off, off the board, or the step's target).
    """

    def __init__(
        self,
        message: str,
        *,
        wall: Wall | None = None,
        blocker: Wall | None = None,
        player: int | None = None,
        square: Square | None = None,
    ) -> None:
        super().__init__(message)
        self.wall, self.blocker, self.player, self.square = wall, blocker, player, square


class WrongPhase(IllegalMove):
    pass


class BadRoll(IllegalMove):
    pass


class PathBlocked(IllegalMove):
    """A move path that crosses a wall, goes against an arrow, or leaves the board."""


class BadPath(IllegalMove):
    """A move path of the wrong length, with a non-orthogonal step, or revisiting a square."""


class NoWallInStock(IllegalMove):
    pass


class WallOffBoard(IllegalMove):
    pass


class WallOverlaps(IllegalMove):
    """A wall on top of a permanent or placed wall, or crossing one."""


class WallCutsPath(IllegalMove):
    """A wall that would cut a player's path to their goal."""


class WallIsolatesSquare(IllegalMove):
    """A wall that would leave some square out of reach."""


class NotAPlacedWall(IllegalMove):
    pass


class StateError(ValueError):
    """A saved state that cannot be read; one line."""


@dataclass(frozen=True)
class Result:
    """The end of a game: the winning player's index and name."""

    winner: int
    name: str
    reason: str = "home"
