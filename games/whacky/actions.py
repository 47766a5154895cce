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

from games.errors import UserError


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


def action_from_json(data: Any) -> Action:
    """Parse an action; ``ValueError`` with one line saying what is wrong."""
    if not isinstance(data, dict) or "type" not in data:
        raise ValueError(f"not an action: {data!r} (want a table with 'type')")
    kind = data["type"]
    try:
        if kind == "roll":
            return Roll(int(data["value"]))
        if kind == "monster_roll":
            return MonsterRoll(str(data["monster"]), int(data["value"]))
        if kind == "accident":
            return Accident(int(data["index"]))
        if kind == "move":
            path = data["path"]
            if isinstance(path, str) or not all(isinstance(p, str) for p in path):
                raise TypeError("path must be a list of point names like [\"J8\", \"K8\"]")
            return Move(str(data["piece"]), tuple(p.strip().upper() for p in path))
        if kind == "use_power":
            return UsePower()
    except (KeyError, TypeError, ValueError) as error:
        raise ValueError(f"action {kind!r} is missing or has a bad field: {error}") from None
    raise ValueError(
        f"unknown action type {kind!r}; allowed: roll, monster_roll, accident, move, use_power"
    )



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
