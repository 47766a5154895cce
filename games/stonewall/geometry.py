"""Per-board lookups of the Stonewall rule engine, computed once per board and shared.

The arcs between squares that the arrows allow (and their reverses for searches backwards),
each edge's kind (two-way, one-way, closed by arrows), the inner grid points each wall would
cross, and every candidate wall position of each length. :mod:`games.stonewall.rules` uses them
for move paths and the fast wall listing.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from games.stonewall.board import DIRECTIONS, WALL_NAMES, Board, Wall

TWO_WAY, ONE_WAY, NO_WAY = 0, 1, 2


class Geometry:
    """Per-board lookups: arcs between squares allowed by arrows, edge kinds, wall candidates."""

    def __init__(self, board: Board) -> None:
        self.board = board
        n = board.size
        arrow_of = {board.index(sq): d for sq, d in board.arrows}
        self.arrow_of = arrow_of
        # arcs[i] = [(neighbour, edge, direction)], only steps the arrows allow
        self.arcs: list[list[tuple[int, int, str]]] = [[] for _ in range(n * n)]
        self.rarcs: list[list[tuple[int, int]]] = [[] for _ in range(n * n)]
        allowed_ways: list[int] = [0] * board.edge_count
        for i in range(n * n):
            x, y = i % n, i // n
            for d in ("N", "E", "S", "W"):
                dx, dy = DIRECTIONS[d]
                if not (0 <= x + dx < n and 0 <= y + dy < n):
                    continue
                j = (y + dy) * n + x + dx
                if arrow_of.get(i, d) != d or arrow_of.get(j, d) != d:
                    continue
                edge = board.edge_between((x, y), (x + dx, y + dy))
                self.arcs[i].append((j, edge, d))
                self.rarcs[j].append((i, edge))
                allowed_ways[edge] += 1
        self.steps = [tuple((j, edge) for j, edge, _ in arcs) for arcs in self.arcs]
        self.back_steps = [tuple(arcs) for arcs in self.rarcs]
        self.edge_arcs: list[list[tuple[int, int]]] = [[] for _ in range(board.edge_count)]
        for i, arcs in enumerate(self.arcs):
            for j, edge, _ in arcs:
                self.edge_arcs[edge].append((i, j))
        self.edge_kind = [
            TWO_WAY if ways == 2 else ONE_WAY if ways == 1 else NO_WAY for ways in allowed_ways
        ]
        self.edge_point_ids = [
            tuple(board.point_index(p) for p in board.edge_points(e))
            for e in range(board.edge_count)
        ]
        self.outer = -1  # union-find id of the board border (all border points)
        self.point_count = (n + 1) * (n + 1)
        self.border = [
            board.on_border((p % (n + 1), p // (n + 1))) for p in range(self.point_count)
        ]
        self.candidates: dict[int, list[Candidate]] = {}
        for length in WALL_NAMES:
            self.candidates[length] = [
                self._candidate(w) for w in _all_walls(board, length)
            ]

    def _candidate(self, wall: Wall) -> Candidate:
        edges = self.board.wall_edges(wall)
        orient_other = "v" if wall.orientation == "h" else "h"
        inner = tuple((p, orient_other) for p in wall.inner_points())
        one_way = any(self.edge_kind[e] == ONE_WAY for e in edges)
        return Candidate(wall, edges, inner, one_way)


@dataclass(frozen=True)
class Candidate:
    wall: Wall
    edges: tuple[int, ...]
    crossings: tuple[tuple[tuple[int, int], str], ...]  # (inner point, perpendicular orient.)
    touches_one_way: bool


def _all_walls(board: Board, length: int) -> Iterator[Wall]:
    for orientation in ("h", "v"):
        for line in range(1, board.size):
            for start in range(board.size - length + 1):
                if orientation == "h":
                    yield Wall("h", start, line, length)
                else:
                    yield Wall("v", line, start, length)


_GEOMETRY: dict[Board, Geometry] = {}


def geometry(board: Board) -> Geometry:
    """The lookups of ``board``, shared by every state on an equal board."""
    cached = _GEOMETRY.get(board)
    if cached is None:
        if len(_GEOMETRY) > 16:
            _GEOMETRY.clear()
        cached = _GEOMETRY[board] = Geometry(board)
    return cached
