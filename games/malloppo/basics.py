"""What every part of the Dammi il malloppo engine shares: the die, the coins, the phases, the
saved state's keys and its error, the default board. Pure Python.

Its own module so that the rules (:mod:`games.malloppo.rules`) and the reader of saved states
(:mod:`games.malloppo.saved`) both import it and neither imports the other at load time.
"""

from __future__ import annotations

import enum
from typing import Any

from datafiles.assets import read_once
from datafiles.userfile import shown
from games.core.errors import UserError
from games.malloppo.board import Board, default_board_path, load_board
from games.turnkit.grid import Square

DIE_SIDES = 6
TOTAL_COINS = 24
PLAYER_RANGE = (2, 4)


def coins_per_hand(players: int) -> int:
    """Coins each hand starts with: 4 with two players, else 2."""
    return 4 if players == 2 else 2


class Phase(str, enum.Enum):
    OPENING = "opening"
    ROLL = "roll"
    MOVE = "move"
    OVER = "over"


class StateError(UserError):
    """A saved state that cannot be read or is impossible; one line."""


SAVED_KEYS = (
    "board", "players", "hands", "bank", "phase", "current", "roll", "contenders",
    "opening_rolls", "winner",
)


def _parse_square(value: Any, key: str) -> Square:
    if (
        not isinstance(value, (list, tuple))
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise ValueError(f"turn.{key}: {shown(value)} is not a square [x, y] (two whole "
                         "numbers)")
    return Square(int(value[0]), int(value[1]))


def default_board() -> Board:
    """The board of the assets folder (read once per folder; a bad file: :class:`BoardError`)."""
    return read_once(load_board, default_board_path())
