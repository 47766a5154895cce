"""Where a grid board lies on the screen: its cells, lattice corners and walls along grid lines,
and the mouse picking that goes with them (the dice games' boards). Re-exported by
:mod:`games.ui.render`, which draws the boards.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from games.ui.canvas import Cell, Colour, Point


@dataclass(frozen=True)
class GridWall:
    """A wall along grid lines from lattice point ``start`` to ``end`` (column, row corners).

    Lattice points run 0..cols and 0..rows; a wall between cells (2, 3) and (3, 3) is
    ``GridWall((3, 3), (3, 4))``. ``style`` is "permanent", "placed", "legal" or "illegal"
    (the last two for a drag preview).
    """

    start: Cell
    end: Cell
    colour: Colour | None = None
    style: str = "placed"


@dataclass(frozen=True)
class GridGeometry:
    """Where a drawn grid lies on screen: pixel ↔ cell, lattice points and guide lines."""

    left: float
    top: float
    cell: float  # px per cell side (cells are square)
    cols: int
    rows: int

    @classmethod
    def fit(cls, rect: pygame.Rect, cols: int, rows: int, margin: int = 12) -> GridGeometry:
        inner = rect.inflate(-2 * margin, -2 * margin)
        cell = max(min(inner.width / cols, inner.height / rows), 1.0)
        left = inner.centerx - cell * cols / 2
        top = inner.centery - cell * rows / 2
        return cls(left, top, cell, cols, rows)

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(
            round(self.left),
            round(self.top),
            round(self.cell * self.cols),
            round(self.cell * self.rows),
        )

    def cell_rect(self, cell: Cell) -> pygame.Rect:
        col, row = cell
        x0, y0 = self.corner((col, row))
        x1, y1 = self.corner((col + 1, row + 1))
        return pygame.Rect(round(x0), round(y0), round(x1) - round(x0), round(y1) - round(y0))

    def cell_center(self, cell: Cell) -> tuple[float, float]:
        return (self.left + (cell[0] + 0.5) * self.cell, self.top + (cell[1] + 0.5) * self.cell)

    def point_center(self, point: Point) -> tuple[float, float]:
        """Screen pixel of a (fractional) cell position, as a sliding piece has."""
        return (self.left + (point[0] + 0.5) * self.cell, self.top + (point[1] + 0.5) * self.cell)

    def cell_at(self, pixel: Point) -> Cell | None:
        """The cell under a screen pixel, or None outside the board."""
        col = math.floor((pixel[0] - self.left) / self.cell)
        row = math.floor((pixel[1] - self.top) / self.cell)
        if 0 <= col < self.cols and 0 <= row < self.rows:
            return (col, row)
        return None

    def corner(self, lattice: Cell) -> tuple[float, float]:
        """Screen pixel of lattice point (i, j), 0 ≤ i ≤ cols, 0 ≤ j ≤ rows."""
        return (self.left + lattice[0] * self.cell, self.top + lattice[1] * self.cell)

    def nearest_line(self, pixel: Point) -> tuple[Cell, str]:
        """The lattice point and direction ("h" rightwards, "v" downwards) of the nearest guide
        line segment: where a wall dragged to ``pixel`` would start."""
        fx = (pixel[0] - self.left) / self.cell
        fy = (pixel[1] - self.top) / self.cell
        dist_to_vertical = abs(fx - round(fx))
        dist_to_horizontal = abs(fy - round(fy))
        if dist_to_horizontal <= dist_to_vertical:
            return (
                (min(max(math.floor(fx), 0), self.cols - 1), min(max(round(fy), 0), self.rows)),
                "h",
            )
        return (
            (min(max(round(fx), 0), self.cols), min(max(math.floor(fy), 0), self.rows - 1)),
            "v",
        )
