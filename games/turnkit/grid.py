"""Square grids of the board games: squares, their names for players, orthogonal steps. Pure.

A square is ``(x, y)`` with ``x`` to the right and ``y`` downwards from the top-left. Players
read squares like a chessboard seen from the top: the column letter from ``A`` (left) and the
row number from ``1`` (top), so ``(2, 1)`` is ``C2``; the windows write the letters and numbers
round the board's frame. Every grid game names squares this way in its messages and logs.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

DIRECTIONS: dict[str, tuple[int, int]] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
COLUMN_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def column_label(x: int) -> str:
    """The letter of column ``x`` (0 is ``A``)."""
    return COLUMN_LETTERS[x] if 0 <= x < len(COLUMN_LETTERS) else f"col{x}"


def square_label(x: int, y: int) -> str:
    """A square's name for players: column letter, row number from 1 at the top (``C2``)."""
    if 0 <= x < len(COLUMN_LETTERS) and y >= 0:
        return f"{COLUMN_LETTERS[x]}{y + 1}"
    return f"({x},{y})"


class Square(NamedTuple):
    """One square of a board, ``x`` to the right and ``y`` downwards from the top-left."""

    x: int
    y: int

    def __str__(self) -> str:
        return square_label(self.x, self.y)


def orthogonal_steps(square: Square, width: int, height: int) -> Iterator[Square]:
    """The squares one orthogonal step from ``square`` on a ``width`` x ``height`` board
    (north, east, south, west)."""
    for dx, dy in DIRECTIONS.values():
        x, y = square.x + dx, square.y + dy
        if 0 <= x < width and 0 <= y < height:
            yield Square(x, y)
