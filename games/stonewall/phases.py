"""Stonewall's phases, the walls in the box and the board the game uses. Pure Python.

Shared by the rules (:mod:`games.stonewall.rules`, which re-exports all of it) and the reader of
saved states (:mod:`games.stonewall.saved`), which so needs no import of the rules.
"""

from __future__ import annotations

import enum
from typing import Any

from datafiles.assets import parse_once, read_once
from games.stonewall.actions import DIE_SIDES, Pass, Roll
from games.stonewall.board import Board, board_from_data, default_board_path, load_board

PASS = Pass()
ROLLS = tuple(Roll(value) for value in range(1, DIE_SIDES + 1))  # shared: Roll(v) is ROLLS[v - 1]
WALL_TOTALS = {1: 24, 2: 24, 3: 12}  # single, double, triple walls in the box
WALL_COUNT = sum(WALL_TOTALS.values())
EXTRA_TURN_ROLL = 4


class Phase(str, enum.Enum):
    OPENING = "opening"
    ROLL = "roll"
    MOVE = "move"
    WALL = "wall"
    CHANGE = "change"
    OVER = "over"


CHANCE_PHASES = (Phase.OPENING, Phase.ROLL)




def board_of(data: Any) -> Board:
    """The board of a saved state (boards already read are reused: saved states repeat them)."""
    return parse_once(board_from_data, data, "state.board")


def default_board() -> Board:
    """The board of the assets folder (read once per folder; a bad file: :class:`BoardError`)."""
    return read_once(load_board, default_board_path())
