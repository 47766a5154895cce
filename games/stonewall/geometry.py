"""Per-board lookups of the Stonewall rule engine, computed once per board and shared.

The arcs between squares that the arrows allow (and their reverses for searches backwards),
each edge's kind (two-way, one-way, closed by arrows), the inner grid points each wall would
cross, and every candidate wall position of each length, numbered, with the bitmasks the wall
listing of :mod:`games.stonewall.walls` works on (a bit per square, per edge, per candidate).
:mod:`games.stonewall.rules` uses them for move paths and the wall listing; the layouts of
walls already worked out are cached by :mod:`games.stonewall.walls`, per board, and the
squares that last refused each candidate (its witnesses) here.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from games.stonewall.actions import PlaceWall
from games.stonewall.board import DIRECTIONS, WALL_NAMES, Board, Wall

TWO_WAY, ONE_WAY, NO_WAY = 0, 1, 2
BIT_DIRECTIONS = ("E", "W", "S", "N")  # the order of WallLayout.opens and Candidate.clear


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
        self.size = n
        self.full = (1 << (n * n)) - 1
        self.squares = tuple(board.square(i) for i in range(n * n))
        self.roll_again = board.index(board.roll_again)
        # per edge: the (direction, square bit) of every arc across it
        self.edge_arcs_bits: list[list[tuple[int, int]]] = [[] for _ in range(board.edge_count)]
        opens = [0, 0, 0, 0]
        # per direction E, W, S, N: square -> the edge its arc that way crosses (-1: none)
        self.arc_edge = [[-1] * (n * n) for _ in BIT_DIRECTIONS]
        for i, arcs in enumerate(self.arcs):
            for _, edge, d in arcs:
                way = BIT_DIRECTIONS.index(d)
                self.arc_edge[way][i] = edge
                self.edge_arcs_bits[edge].append((way, 1 << i))
                if edge not in board.permanent_edges:
                    opens[way] |= 1 << i
        self.open_arcs = (opens[0], opens[1], opens[2], opens[3])
        self.candidates: dict[int, list[Candidate]] = {}
        self.all_candidates: list[Candidate] = []
        for length in WALL_NAMES:
            self.candidates[length] = []
            for wall in _all_walls(board, length):
                cand = self._candidate(wall, len(self.all_candidates))
                self.candidates[length].append(cand)
                self.all_candidates.append(cand)
        self.candidate_of = {cand.wall: cand for cand in self.all_candidates}
        self.length_mask = {
            length: sum(c.bit for c in cands) for length, cands in self.candidates.items()
        }
        self.all_mask = (1 << len(self.all_candidates)) - 1
        self.touching = [0] * self.point_count  # per grid point: the candidates through it
        for cand in self.all_candidates:
            for p in cand.points:
                self.touching[p] |= cand.bit
        self._index_conflicts()
        # positions with an edge no arc crosses, and those touching a one-way edge
        self.dead_mask = sum(c.bit for c in self.all_candidates if not all(c.crossed))
        self.one_way_mask = sum(c.bit for c in self.all_candidates if c.touches_one_way)
        self.arrow_edges = [e for e, kind in enumerate(self.edge_kind) if kind == ONE_WAY]
        self.arrows = [self._arrow(e) for e in self.arrow_edges]
        self._index_point_joins()
        self._base_labels: list[int] | None = None
        self._sealed_labels: list[int] | None = None
        # per candidate: sets of squares no open arc left when it was last refused
        self.witnesses: dict[int, list[int]] = {}

    def _candidate(self, wall: Wall, index: int) -> Candidate:
        board = self.board
        edges = board.wall_edges(wall)
        orient_other = "v" if wall.orientation == "h" else "h"
        inner = tuple((p, orient_other) for p in wall.inner_points())
        one_way = any(self.edge_kind[e] == ONE_WAY for e in edges)
        first, second = board.edge_squares(edges[0])
        clear = [0, 0, 0, 0]
        ends = 0
        for edge in edges:
            for way, bit in self.edge_arcs_bits[edge]:
                clear[way] |= bit
            for i, j in self.edge_arcs[edge]:
                ends |= 1 << i | 1 << j
        return Candidate(
            wall, edges, inner, one_way,
            index=index,
            bit=1 << index,
            edge_mask=sum(1 << e for e in edges),
            cross_mask=sum(1 << self.cross_id(p, wall.orientation) for p in wall.inner_points()),
            points=tuple(board.point_index(p) for p in wall.points()),
            two_way=tuple(self.edge_kind[e] == TWO_WAY for e in edges),
            all_two_way=all(self.edge_kind[e] == TWO_WAY for e in edges),
            crossed=tuple(self.edge_kind[e] != NO_WAY for e in edges),
            clear=(clear[0], clear[1], clear[2], clear[3]),
            action=PlaceWall(wall),
            sides=(board.index(first), board.index(second)),
            ends=ends,
        )

    def cross_id(self, point: tuple[int, int], orientation: str) -> int:
        """The bit of a wall of ``orientation`` passing through grid point ``point``."""
        return 2 * self.board.point_index(point) + (orientation == "v")

    def _index_conflicts(self) -> None:
        """Per candidate: the candidates it lies on or crosses (``conflicts``), and those on a
        permanent wall (``on_permanent``)."""
        by_edge: dict[int, int] = {}
        by_crossing: dict[int, int] = {}
        for cand in self.all_candidates:
            for edge in cand.edges:
                by_edge[edge] = by_edge.get(edge, 0) | cand.bit
            for point, other in cand.crossings:
                cross = self.cross_id(point, other)
                by_crossing[cross] = by_crossing.get(cross, 0) | cand.bit
        self.conflicts = []
        for cand in self.all_candidates:
            mask = 0
            for edge in cand.edges:
                mask |= by_edge[edge]
            for cross in _bits(cand.cross_mask):
                mask |= by_crossing.get(cross, 0)
            self.conflicts.append(mask)
        permanent = self.board.permanent_edges
        self.on_permanent = sum(
            c.bit for c in self.all_candidates if any(e in permanent for e in c.edges)
        )

    def _index_point_joins(self) -> None:
        """The joins of :meth:`point_labels` as bit masks over grid points, for floods
        (:meth:`point_group`): a segment from point p to p + 1 (``join_h``) or to p + the row
        of points (``join_v``) sets bit p; per candidate its segments (``segments``), and the
        segments joined without walls (``base_joins``: permanent walls, edges not two-way; the
        border points are joined as one)."""
        width = self.size + 1
        self.point_width = width
        self.border_points = sum(1 << p for p in range(self.point_count) if self.border[p])
        edge_segments: list[tuple[int, int]] = []
        for a, b in self.edge_point_ids:
            low = min(a, b)
            edge_segments.append((1 << low, 0) if abs(a - b) == 1 else (0, 1 << low))
        self.edge_segments = edge_segments
        base_h = base_v = 0
        for edge, kind in enumerate(self.edge_kind):
            if kind != TWO_WAY or edge in self.board.permanent_edges:
                base_h |= edge_segments[edge][0]
                base_v |= edge_segments[edge][1]
        self.base_joins = (base_h, base_v)
        # per candidate: its grid points as a bit mask
        self.points_mask = [sum(1 << p for p in cand.points) for cand in self.all_candidates]
        self.segments: list[tuple[int, int]] = []
        for cand in self.all_candidates:
            h = v = 0
            for edge in cand.edges:
                h |= edge_segments[edge][0]
                v |= edge_segments[edge][1]
            self.segments.append((h, v))

    def point_group(self, start: int, join_h: int, join_v: int) -> int:
        """The grid points joined to the points of ``start`` (a bit mask) by the segments of
        ``join_h`` and ``join_v`` (:meth:`_index_point_joins`) and the border: one group of
        :meth:`point_labels` with those joins, as a bit mask."""
        border, width = self.border_points, self.point_width
        group = start
        while True:
            if group & border:
                group |= border
            grown = (group | (group & join_h) << 1 | (group >> 1) & join_h
                     | (group & join_v) << width | (group >> width) & join_v)
            if grown == group:
                return group
            group = grown

    def point_groups(self) -> tuple[list[int], dict[int, tuple[list[int], int]]]:
        """Grid points in groups joined by the border, permanent walls and edges that are not
        two-way (union-find), each group with the mask of candidates touching its points."""
        label = self.point_labels(())
        groups: dict[int, tuple[list[int], int]] = {}
        for p, root in enumerate(label):
            points, mask = groups.get(root, ([], 0))
            points.append(p)
            groups[root] = (points, mask | self.touching[p])
        return label, groups

    def candidate_of_any(self, wall: object) -> Candidate | None:
        """The candidate of ``wall`` if it is a :class:`Wall` on this board; None for anything
        else (a wall of unhashable fields too: never the engine's own)."""
        if type(wall) is not Wall:
            return None
        try:
            return self.candidate_of.get(wall)
        except TypeError:
            return None

    def point_labels(self, walls: Iterable[Wall]) -> list[int]:
        """Grid point -> its group, the groups joined by the border, permanent walls, edges
        that are not two-way and ``walls`` (union-find; the groups without walls once)."""
        if self._base_labels is None:
            self._base_labels = self._labels(
                [self.edge_point_ids[e] for e, kind in enumerate(self.edge_kind)
                 if kind != TWO_WAY or e in self.board.permanent_edges],
                list(range(self.point_count)), border=True,
            )
        joins = [self.edge_point_ids[e] for w in walls for e in self.candidate_of[w].edges]
        return self._labels(joins, self._base_labels[:]) if joins else self._base_labels[:]

    def sealed_labels(self, walls: Iterable[Wall]) -> list[int]:
        """Grid point -> its group, the groups joined by the border, permanent walls, edges no
        arc crosses and ``walls``: no arc crosses a loop of these, so a wall that closes one
        shuts the squares inside it in (union-find; the groups without walls once)."""
        if self._sealed_labels is None:
            self._sealed_labels = self._labels(
                [self.edge_point_ids[e] for e, kind in enumerate(self.edge_kind)
                 if kind == NO_WAY or e in self.board.permanent_edges],
                list(range(self.point_count)), border=True,
            )
        joins = [self.edge_point_ids[e] for w in walls for e in self.candidate_of[w].edges]
        return self._labels(joins, self._sealed_labels[:]) if joins else self._sealed_labels[:]

    def _arrow(self, edge: int) -> tuple[int, int, int]:
        """A one-way edge as (its edge bit, grid point p, grid point q), in the order that
        has its arc crossing from the right of the way from p to q to the left of it."""
        (px, py), (qx, qy) = self.board.edge_points(edge)
        (i, j), = self.edge_arcs[edge]
        (ix, iy), (jx, jy) = self.squares[i], self.squares[j]
        p, q = self.board.point_index((px, py)), self.board.point_index((qx, qy))
        left = (qx - px) * (jy - iy) - (qy - py) * (jx - ix) > 0
        return 1 << edge, (p if left else q), (q if left else p)

    def with_arrows(self, sealed: list[int]) -> list[int]:
        """:meth:`point_labels` from :meth:`sealed_labels` of the same walls: the groups
        joined along the one-way edges too."""
        return self._labels([self.edge_point_ids[e] for e in self.arrow_edges], sealed[:])

    def trap_closers(self, sealed: list[int], placed_edges: int) -> int:
        """The positions joining two groups of ``sealed`` (:meth:`sealed_labels`) when one
        reaches the other along one-way edges not walled, each taken only the way its arc
        crosses it from right to left. Every arc crossing such a loop crosses it the same way
        (all into the squares inside or all out), so a position with two-way edges that closes
        one shuts the squares inside in."""
        following: dict[int, set[int]] = {}
        for bit, p, q in self.arrows:
            if not placed_edges & bit and sealed[p] != sealed[q]:
                following.setdefault(sealed[p], set()).add(sealed[q])
        if not following:
            return 0
        touching = self.touching
        touch: dict[int, int] = {}
        for point, root in enumerate(sealed):
            touch[root] = touch.get(root, 0) | touching[point]
        closers = 0
        for start, firsts in following.items():
            reached, todo = set(firsts), list(firsts)
            while todo:
                for nxt in following.get(todo.pop(), ()):
                    if nxt not in reached:
                        reached.add(nxt)
                        todo.append(nxt)
            ahead = 0
            for group in reached - {start}:
                ahead |= touch[group]
            closers |= touch[start] & ahead
        return closers

    def loop_closers(self, label: list[int]) -> int:
        """The positions with two grid points in one group of ``label``: with every edge of
        theirs counted, exactly those that close a loop of the groups' joins."""
        touching = self.touching
        once: dict[int, int] = {}
        twice = 0
        for point, root in enumerate(label):
            seen, here = once.get(root, 0), touching[point]
            twice |= seen & here
            once[root] = seen | here
        return twice

    def _labels(
        self, joins: list[tuple[int, ...]], parent: list[int], border: bool = False
    ) -> list[int]:

        def find(p: int) -> int:
            while parent[p] != p:
                parent[p] = parent[parent[p]]
                p = parent[p]
            return p

        def join(a: int, b: int) -> None:
            ra, rb = find(a), find(b)
            if ra != rb:
                parent[ra] = rb

        if border:
            for p in range(self.point_count):
                if self.border[p]:
                    join(p, 0)
        for a, b in joins:
            join(a, b)
        return [find(p) for p in range(self.point_count)]

    def witness(self, index: int, shut: int) -> None:
        """Keep ``shut`` (squares no open arc leaves) as a reason candidate ``index`` was
        refused (the last few per candidate)."""
        kept = self.witnesses.setdefault(index, [])
        kept.insert(0, shut)
        del kept[3:]


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@dataclass(frozen=True, eq=False)
class Candidate:
    """One position a wall may take, numbered, with its bitmasks."""

    wall: Wall
    edges: tuple[int, ...]
    crossings: tuple[tuple[tuple[int, int], str], ...]  # (inner point, perpendicular orient.)
    touches_one_way: bool
    index: int
    bit: int  # 1 << index
    edge_mask: int  # the edges it covers
    cross_mask: int  # Geometry.cross_id of its inner points (where others would cross it)
    points: tuple[int, ...]  # its grid points, end to end
    two_way: tuple[bool, ...]  # per edge: is it a two-way edge?
    all_two_way: bool  # all(two_way)
    crossed: tuple[bool, ...]  # per edge: does an arc cross it (one way or two)?
    clear: tuple[int, int, int, int]  # squares whose E/W/S/N arc it closes
    sides: tuple[int, int]  # the squares either side of its first edge
    ends: int  # the squares at either end of the arcs it closes
    action: PlaceWall  # the action that places it (one shared object)


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
