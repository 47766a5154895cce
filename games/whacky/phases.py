"""Whacky Wit's phases and fixed numbers, shared by the rules and the saved-state reader.

Pure Python. :mod:`games.whacky.rules` re-exports all of it (its public face); the reader of
saved states (:mod:`games.whacky.saved`) imports it from here, so it needs no import of the
rules.
"""

from __future__ import annotations

import enum

WHACKY, MONSTERS = 0, 1
PLAYER_NAMES = ("whacky", "monsters")
LIVES = 3
OPENING_ROLLS = 2
POWER_ROLLS = 3
CAGE_LEAVE_MAX = 6


class Phase(str, enum.Enum):
    WHACKY_ROLL = "whacky_roll"
    WHACKY_MOVE = "whacky_move"
    MONSTER_ROLL = "monster_roll"
    MONSTER_MOVE = "monster_move"
    ACCIDENT = "accident"
    OVER = "over"


CHANCE_PHASES = (Phase.WHACKY_ROLL, Phase.MONSTER_ROLL, Phase.ACCIDENT)


SAVED_KEYS = (
    "board", "accidents", "down", "up", "whacky", "monsters", "lives", "phase", "roll", "chosen",
    "rolls_left", "power", "stored_power", "accident_dots", "winner", "reason",
)

MAX_ACCIDENTS = 1000  # the accident rules' 1-in-N chance: N at most this
