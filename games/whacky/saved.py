"""Reading a saved Whacky Wit state: every field checked, and states play could never reach.

Pure Python, used by :meth:`games.whacky.rules.State.from_json`: :func:`load_fields` fills a
fresh state from the saved table (one-line :class:`~games.whacky.actions.StateError` naming
the key and what is allowed), :func:`impossibility` says why a state could never arise in a
game (lives, winner, dots, monsters, rolls and power that do not fit the phase).
"""

from __future__ import annotations

from typing import Any, Protocol

from datafiles.userfile import shown
from games.whacky.actions import StateError
from games.whacky.board import Board
from games.whacky.phases import LIVES, MONSTERS, POWER_ROLLS, SAVED_KEYS, WHACKY, Phase


class Restorable(Protocol):
    """What the reader sets and asks of :class:`games.whacky.rules.State` (the rules call this
    reader, so it names the parts it reads rather than importing the class): the saved fields
    and the searches that tell whether a saved move could be made at all."""

    board: Board
    accidents: int
    up: int
    whacky: int
    monsters: tuple[int, ...]
    lives: int
    phase: Phase
    roll: int | None
    chosen: int | None
    rolls_left: int
    power: int
    stored_power: int
    accident_dots: tuple[int, ...]
    winner: int | None
    reason: str

    def label(self, node: int) -> str: ...

    def monster_name(self, monster: int) -> str: ...

    def is_up(self, node: int) -> bool: ...

    def whacky_walks(self, start: int, steps: int) -> dict[int, tuple[int, ...]]: ...

    def monster_walks(self, monster: int, steps: int) -> dict[int, tuple[int, ...]]: ...


def load_fields(self: Restorable, data: dict[str, Any]) -> None:
    """Fill in a saved state. Keys that are None (no roll, no chosen monster, no winner)
    may be left out, and the dots may be given as ``up`` (the dots still up) instead of
    ``down``, so that a scenario file (TOML has no null) can hold a start position."""
    board = self.board

    def node(key: str, label: Any) -> int:
        # exactly a point's name as saved ("K9"), so a state saves back as it was given
        found = board.node(label) if isinstance(label, str) and label in names else None
        if found is None:
            raise StateError(f"saved Whacky Wit state: {key}: {shown(label)} is not a point")
        return found

    unknown = sorted(str(k) for k in set(data) - set(SAVED_KEYS))
    if unknown:
        raise StateError(f"saved Whacky Wit state: {shown(unknown[0])[1:-1]}: unknown key; "
                         f"allowed: {', '.join(SAVED_KEYS)}")

    def integer(key: str, default: int | None, low: int, high: int) -> int | None:
        value = data.get(key, default)
        if value is None and default is None:
            return None
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise StateError(f"saved Whacky Wit state: {key}: {shown(value)}; allowed: a "
                             f"whole number from {low} to {high}")
        return value

    names = set(board.labels)

    def points(key: str, value: Any) -> list[Any]:
        if not isinstance(value, list):
            raise StateError(f"saved Whacky Wit state: {key}: {shown(value)}; allowed: a list "
                             "of point names")
        return value

    if ("up" in data) == ("down" in data):
        raise StateError("saved Whacky Wit state: give the dots as either 'down' or 'up'")
    key = "up" if "up" in data else "down"
    listed = 0
    for i, label in enumerate(points(key, data[key])):
        n = node(f"{key}[{i}]", label)
        if n not in board.dots:
            raise StateError(f"saved Whacky Wit state: {key}[{i}]: {label} holds no dot")
        if listed >> n & 1:
            raise StateError(f"saved Whacky Wit state: {key}[{i}]: {label} is listed twice")
        listed |= 1 << n
    self.up = listed if key == "up" else board.dot_mask & ~listed
    self.whacky = node("whacky", data["whacky"])
    monsters = data["monsters"]
    if not isinstance(monsters, dict) or sorted(monsters) != sorted(board.monster_names):
        raise StateError(f"saved Whacky Wit state: monsters must name "
                         f"{', '.join(board.monster_names)}")
    self.monsters = tuple(node(f"monsters.{n}", monsters[n]) for n in board.monster_names)
    self.lives = int(integer("lives", LIVES, 0, LIVES) or 0)
    try:
        self.phase = Phase(data["phase"])
    except ValueError:
        raise StateError(f"saved Whacky Wit state: phase: {shown(data['phase'])} is not one of "
                         f"{', '.join(p.value for p in Phase)}") from None
    self.roll = integer("roll", None, 1, 99)
    chosen = data.get("chosen")
    self.chosen = None
    if chosen in board.monster_names:
        self.chosen = board.monster_names.index(chosen)
    if chosen is not None and self.chosen is None:
        raise StateError(f"saved Whacky Wit state: chosen: {shown(chosen)} is not a monster")
    self.rolls_left = int(integer("rolls_left", 1, 0, 99) or 0)
    self.power = int(integer("power", 0, 0, 99) or 0)
    self.stored_power = int(integer("stored_power", 0, 0, 99) or 0)
    accident_dots = points("accident_dots", data.get("accident_dots", []))
    self.accident_dots = tuple(
        node(f"accident_dots[{i}]", lb) for i, lb in enumerate(accident_dots)
    )
    self.winner = integer("winner", None, 0, 1)
    reason = data.get("reason", "")
    if not isinstance(reason, str) or len(reason) > 200:
        raise StateError(f"saved Whacky Wit state: reason: {shown(reason)}; allowed: a short "
                         "text")
    self.reason = reason

def impossibility(self: Restorable) -> str | None:
    """Why this state could never arise in a game, or None."""
    board, phase = self.board, self.phase
    over = phase is Phase.OVER
    if not 0 <= self.lives <= LIVES:
        return f"lives {self.lives} (Whacky has 0 to {LIVES})"
    if over != (self.winner is not None):
        return "a finished game needs a winner and a winner a finished game"
    if self.winner not in (None, WHACKY, MONSTERS):
        return f"winner {self.winner} (0 is Whacky, 1 the monsters)"
    if self.lives == 0 and self.winner != MONSTERS:
        return "Whacky has no life left but the monsters have not won"
    if self.up == 0 and self.winner is None:
        return "every dot is down but the game goes on"
    if self.whacky == board.cage:
        return "Whacky is in the monsters' cage"
    if self.is_up(self.whacky):
        return f"the dot under Whacky on {self.label(self.whacky)} is still up"
    placed = [p for p in self.monsters if p != board.cage]
    if len(placed) != len(set(placed)):
        return "two monsters on one dot"
    if not over and self.whacky in placed:
        return f"a monster stands on Whacky at {self.label(self.whacky)} and the game goes on"
    whacky_phase = phase in (Phase.WHACKY_ROLL, Phase.WHACKY_MOVE)
    # An accident comes after Whacky's move, with his next turn's rolls already set.
    if (whacky_phase or phase is Phase.ACCIDENT) and not 1 <= self.rolls_left <= POWER_ROLLS:
        return f"Whacky has {self.rolls_left} rolls left (1 to {POWER_ROLLS} on his turn)"
    if not 0 <= self.power <= min(POWER_ROLLS, self.rolls_left if whacky_phase else 0):
        return f"power {self.power} with {self.rolls_left} rolls left in phase {phase.value}"
    powers_down = sum(1 for n in board.power if not self.is_up(n))
    if not 0 <= self.stored_power <= powers_down:
        return f"{self.stored_power} stored powers but {powers_down} power dots down"
    if self.stored_power and not self.accidents:
        return "a stored power without the accident rules"
    if phase is Phase.WHACKY_MOVE:
        if self.roll not in board.whacky_die:
            return f"Whacky to move a roll of {self.roll}, which his die cannot show"
        if not self.whacky_walks(self.whacky, self.roll):
            return f"Whacky to move {self.roll} but no move of {self.roll} exists"
    elif phase is Phase.MONSTER_MOVE:
        if self.chosen is None or self.roll not in board.monster_die:
            return f"a monster to move needs a chosen monster and a roll, not " \
                   f"{self.chosen!r} and {self.roll!r}"
        if not self.monster_walks(self.chosen, self.roll):
            return f"the {self.monster_name(self.chosen)} monster to move {self.roll} " \
                   "but it has no legal way"
    elif self.roll is not None:
        return f"a roll of {self.roll} kept in phase {phase.value}"
    if phase is Phase.ACCIDENT:
        if not self.accidents or not self.accident_dots or self.chosen is None:
            return "an accident pending without the accident rules, its dots or its monster"
        if any(not self.is_up(n) for n in self.accident_dots):
            return "an accident pending on a dot already down"
    elif self.accident_dots:
        return f"accident dots kept in phase {phase.value}"
    return None
