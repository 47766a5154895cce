"""Where every placed wall may move, worked out for all the walls of a layout at once. Pure.

A Change-a-Wall listing asks, for each placed wall W, which positions of its length are legal
with W taken away (:meth:`games.stonewall.walls.WallLayout.move_mask`). This module answers it
from one structure per layout instead of a flood per wall, by planar duality:

* Squares and the arcs between them are a plane graph; its faces are the groups of grid points
  joined by *sealed* segments (walls, permanent walls, edges no arc crosses; the border points
  are one point). Every square reaches every square exactly when (1) the sealed segments make
  no loop (a forest: a loop shuts the squares inside in), and (2) the one-way edges, each taken
  between the groups of its two grid points the way its arc crosses from right to left, make no
  directed loop (a loop of them and sealed segments is a cut all of whose arcs go one way).
  A legal layout satisfies both.
* Take wall W away from a legal layout: W's tree of the forest splits into parts, one per
  grid point of W (rooted trees, each node's subtree as a bit mask over the grid points: the
  parts are differences of a few subtrees). A position P of W's length whose edges are all
  two-way is then legal exactly when it lies on no other wall and crosses none, its grid points
  lie in pairwise different groups (else it closes a loop of sealed segments), and no directed
  path of one-way edges joins two of its groups (else it closes a directed loop). Only
  positions refused with W in place (or lying on or across W) need asking: the others stay.
* The questions are asked for every position of one length and orientation at once, on bit
  masks indexed by a position's first grid point (its points are that bit shifted by 1, or by
  a row of points, per step): "two points in one part" is a few shifts and ands per part.
* Positions touching a one-way edge or an edge no arc crosses (none is ever legal on the
  shipped board) are checked by a flood, and a wall on such an edge, or a tree whose one-way
  edges the wall's removal splits apart, is left to the per-wall check of
  :mod:`games.stonewall.walls` (:meth:`Joins.freed` returns None).

``tests/stonewall/test_stonewall_joins.py`` compares it with the per-wall check.
"""

from __future__ import annotations

from games.stonewall.geometry import Candidate, Geometry

_BLOCK = 128  # bits per (length, orientation) block of the aligned masks


class Tables:
    """Per-board lookups of :class:`Joins` (worked out once per board)."""

    def __init__(self, geo: Geometry, never: int) -> None:
        self.width = width = geo.point_width
        self.border = geo.border_points
        self.point_bits = [1 << p for p in range(geo.point_count)]
        # the segments sealed without walls: permanent walls and edges no arc crosses
        sealed_h = sealed_v = 0
        permanent = geo.board.permanent_edges
        for edge, kind in enumerate(geo.edge_kind):
            if kind == 2 or edge in permanent:
                sealed_h |= geo.edge_segments[edge][0]
                sealed_v |= geo.edge_segments[edge][1]
        self.sealed = (sealed_h, sealed_v)
        lengths = sorted(geo.candidates)
        self.block_of = {length: 2 * i for i, length in enumerate(lengths)}
        blocks = 2 * len(lengths)
        # per candidate: its block (h; v is the next) and its first grid point; back again
        self.aligned: list[tuple[int, int]] = []
        self.back: list[list[int]] = [[0] * _BLOCK for _ in range(blocks)]
        ok = [0] * blocks  # two-way positions ever legal, per block
        odd = [0] * blocks  # the other positions ever legal (checked by a flood)
        for cand in geo.all_candidates:
            block = self.block_of[cand.wall.length] + (cand.wall.orientation == "v")
            start = cand.points[0]
            self.aligned.append((block, start))
            self.back[block][start] = cand.bit
            if never >> cand.index & 1:
                continue
            if cand.all_two_way:
                ok[block] |= 1 << start
            else:
                odd[block] |= 1 << start
        self.ok, self.odd = ok, odd
        # per candidate: the positions of its length it lies on or crosses, aligned (h, v)
        self.conflicts: list[tuple[int, int]] = []
        for cand in geo.all_candidates:
            same = [0, 0]
            rest = geo.conflicts[cand.index] & geo.length_mask[cand.wall.length] & ~cand.bit
            while rest:
                low = rest & -rest
                rest ^= low
                block, start = self.aligned[low.bit_length() - 1]
                same[block & 1] |= 1 << start
            self.conflicts.append((same[0], same[1]))
        # candidate-space masks to aligned ones, a byte at a time
        self.byte_tables: list[list[int]] = []
        for chunk in range((len(geo.all_candidates) + 7) // 8):
            row = [0] * 256
            for value in range(1, 256):
                total = 0
                for bit in range(8):
                    index = chunk * 8 + bit
                    if value >> bit & 1 and index < len(geo.all_candidates):
                        block, start = self.aligned[index]
                        total |= 1 << (block * _BLOCK + start)
                row[value] = total
            self.byte_tables.append(row)
        self.byte_count = len(self.byte_tables)
        self.blocks = blocks
        # per candidate: plain (two-way edges only, the wall's own segments all removable)
        self.plain = [cand.all_two_way for cand in geo.all_candidates]
        self.arrows = geo.arrows  # (edge bit, p, q): arcs cross from the right of p->q
        self.shift = (1, width)

    def to_blocks(self, mask: int) -> list[int]:
        """A candidate-space mask as aligned masks, one per block."""
        total = 0
        tables = self.byte_tables
        for chunk, value in enumerate(mask.to_bytes(self.byte_count, "little")):
            if value:
                total |= tables[chunk][value]
        full = (1 << _BLOCK) - 1
        return [total >> (block * _BLOCK) & full for block in range(self.blocks)]


_TABLES: dict[Geometry, Tables] = {}


def tables(geo: Geometry, never: int) -> Tables:
    """The :class:`Tables` of ``geo``'s board (``never``: positions legal in no layout)."""
    found = _TABLES.get(geo)
    if found is None:
        if len(_TABLES) > 16:
            _TABLES.clear()
        found = _TABLES[geo] = Tables(geo, never)
    return found


def twice(points: int, length: int, step: int) -> int:
    """Aligned positions of ``length`` (points ``step`` apart) with two points in ``points``."""
    pairs = points & points >> step
    if length == 1:
        return pairs
    if length == 2:
        return pairs | pairs >> step | points & points >> 2 * step
    found = 0
    for gap in range(1, length + 1):
        pairs = points & points >> gap * step
        for first in range(length - gap + 1):
            found |= pairs >> first * step
    return found


def touching(points: int, length: int, step: int) -> int:
    """Aligned positions of ``length`` with a point in ``points``."""
    found = points
    for i in range(1, length + 1):
        found |= points >> i * step
    return found


class Joins:
    """One layout's sealed forest and one-way graph, answering :meth:`freed` for each wall."""

    def __init__(
        self, geo: Geometry, table: Tables, walls_points: list[tuple[int, int]],
        placed_edges: int, refused: int,
    ) -> None:
        self.geo, self.table = geo, table
        width = table.width
        join_h, join_v = table.sealed
        for h, v in walls_points:
            join_h |= h
            join_v |= v
        # rooted forest: the border tree from the border, then the others from their lowest
        # point; per node, which neighbour is its parent (bit masks), and layers to climb
        left = right = up = down = 0
        layers: list[int] = []
        trees: list[int] = []
        seen = start = table.border
        rest = (join_h | join_h << 1 | join_v | join_v << width) & ~seen
        while True:
            frontier = start
            while True:
                a = (frontier & join_h) << 1 & ~seen
                b = frontier >> 1 & join_h & ~seen
                c = (frontier & join_v) << width & ~seen
                d = frontier >> width & join_v & ~seen
                grown = a | b | c | d
                if not grown:
                    break
                left |= a
                right |= b
                up |= c
                down |= d
                layers.append(grown)
                seen |= grown
                frontier = grown
            trees.append(seen & ~sum(trees))
            rest &= ~seen
            if not rest:
                break
            start = rest & -rest
            seen |= start
        self.trees = trees
        self.left, self.up = left, up
        sub = table.point_bits[:]
        for layer in reversed(layers):
            for mask, offset in ((layer & left, -1), (layer & right, 1), (layer & up, -width),
                                 (layer & down, width)):
                while mask:
                    low = mask & -mask
                    mask ^= low
                    node = low.bit_length() - 1
                    sub[node + offset] |= sub[node]
        self.sub = sub
        self.refused = table.to_blocks(refused)
        self._twice: dict[int, list[int]] = {}  # block -> per tree
        self._other_twice: dict[tuple[int, int], int] = {}  # (tree, block) -> the others'
        self._one_way(placed_edges)

    def _one_way(self, placed_edges: int) -> None:
        """The one-way edges not walled, as a graph between groups (tree or lone point): its
        edges, which groups reach which, and each group's points at one-way edges."""
        following: dict[int, set[int]] = {}
        preceding: dict[int, set[int]] = {}
        ends: dict[int, int] = {}
        arrows = []
        for bit, p, q in self.table.arrows:
            if placed_edges & bit:
                continue
            first, second = self.group(p), self.group(q)
            arrows.append((p, q, first, second))
            following.setdefault(first, set()).add(second)
            preceding.setdefault(second, set()).add(first)
            ends[first] = ends.get(first, 0) | 1 << p
            ends[second] = ends.get(second, 0) | 1 << q
        pairs: list[tuple[int, int]] = []
        below: dict[int, set[int]] = {}  # group -> the groups it reaches
        above: dict[int, set[int]] = {}  # group -> the groups reaching it
        for node in ends:
            reached: set[int] = set()
            todo = list(following.get(node, ()))
            while todo:
                nxt = todo.pop()
                if nxt not in reached:
                    reached.add(nxt)
                    todo.extend(following.get(nxt, ()))
            reached.discard(node)
            below[node] = reached
            for other in reached:
                above.setdefault(other, set()).add(node)
            pairs.extend((node, other) for other in reached)
        self.pairs, self.arrows = pairs, arrows
        self.following, self.preceding = following, preceding
        self.below, self.above = below, above
        self.ends = ends  # group -> its grid points at one-way edges
        self._bad: dict[tuple[int, int], tuple[int, int]] = {}
        self._touch: dict[tuple[int, int], int] = {}

    def _touching(self, group: int, block: int, length: int) -> int:
        """Aligned positions of ``block`` with a point in ``group`` (kept per layout)."""
        key = (group, block)
        found = self._touch.get(key)
        if found is None:
            found = self._touch[key] = touching(group, length, self.table.shift[block & 1])
        return found

    def _split(self, tree: int, zones: list[int]) -> list[tuple[int, set[int]]] | None:
        """``tree`` split into ``zones`` (parts holding its one-way edges' points): per zone,
        the groups it is joined with by one-way paths. Only for a tree no path goes through
        (no one-way edge into it, or none out of it): else None."""
        if not self.preceding.get(tree):  # a source: each zone reaches what its edges reach
            reach, out = self.below, True
        elif not self.following.get(tree):
            reach, out = self.above, False
        else:
            return None
        found = []
        for zone in zones:
            partners: set[int] = set()
            for p, q, first, second in self.arrows:
                if out and first == tree and zone >> p & 1:
                    partners.add(second)
                    partners |= reach.get(second, set())
                elif not out and second == tree and zone >> q & 1:
                    partners.add(first)
                    partners |= reach.get(first, set())
            found.append((zone, partners))
        return found

    def group(self, point: int) -> int:
        """The points of ``point``'s tree (or the point alone) as a bit mask."""
        for tree in self.trees:
            if tree >> point & 1:
                return tree
        return 1 << point

    def _tree_twice(self, block: int, length: int) -> list[int]:
        """Per tree: the aligned positions of ``block`` with two points in it."""
        found = self._twice.get(block)
        if found is None:
            step = self.table.shift[block & 1]
            found = self._twice[block] = [twice(tree, length, step) for tree in self.trees]
        return found

    def _others(self, tree: int, block: int, length: int) -> int:
        """Aligned positions of ``block`` with two points in one tree other than ``tree``."""
        key = (tree, block)
        found = self._other_twice.get(key)
        if found is None:
            found = 0
            for other, mask in zip(self.trees, self._tree_twice(block, length), strict=True):
                if other != tree:
                    found |= mask
            self._other_twice[key] = found
        return found

    def _d_bad(self, tree: int, block: int, length: int) -> tuple[int, int]:
        """Aligned positions of ``block`` touching two groups joined by a one-way path, those
        groups other than ``tree``; and those touching a group ``tree`` is joined with
        (``tree``'s partners)."""
        key = (tree, block)
        found = self._bad.get(key)
        if found is None:
            without = partners = 0
            for first, second in self.pairs:
                if first == tree:
                    partners |= self._touching(second, block, length)
                elif second == tree:
                    partners |= self._touching(first, block, length)
                else:
                    without |= (self._touching(first, block, length)
                                & self._touching(second, block, length))
            found = self._bad[key] = (without, partners)
        return found

    def freed(self, old: Candidate) -> tuple[int, int] | None:
        """The positions of ``old``'s length refused here (or on or across ``old``) that are
        legal with ``old`` taken away, as a candidate mask (still to be cleared of those on or
        across another wall); and the candidates of odd positions (one-way or dead edges) to
        check by a flood. None: ask the per-wall check."""
        table = self.table
        if not table.plain[old.index]:
            return None
        length = old.wall.length
        points = old.points
        tree = self.group(points[0])
        width = table.width
        step = 1 if old.wall.orientation == "h" else width
        up = self.left if step == 1 else self.up
        sub = self.sub
        children = []
        for a in points[:-1]:
            b = a + step
            children.append(sub[b] if up >> b & 1 else sub[a])
        parts = []
        inside = 0
        for i, mine in enumerate(children):
            inner = 0
            for j, other in enumerate(children):
                if i != j and other & mine and other != mine and other | mine == mine:
                    inner |= other
            parts.append(mine & ~inner)
            inside |= mine
        parts.append(tree & ~inside)
        ends = self.ends.get(tree)
        zone = 0
        split = None
        if ends is not None:
            zones = [part for part in parts if part & ends]
            if len(zones) == 1:
                zone = zones[0]
            else:  # the tree's one-way edges split apart
                split = self._split(tree, zones)
                if split is None:
                    return None  # a tree one-way paths go through: per-wall check
        block = table.block_of[length]
        conflicts = table.conflicts[old.index]
        freed = odd_found = 0
        for orient in (0, 1):
            b = block + orient
            cand = self.refused[b] | conflicts[orient]
            if not cand:
                continue
            step = table.shift[orient]
            plain = cand & table.ok[b]
            odd = cand & table.odd[b]
            sealed = self._others(tree, b, length)
            for part in parts:
                if part & (part - 1):
                    sealed |= twice(part, length, step)
            plain &= ~sealed  # (odd ones are flooded: a dead edge's points are joined)
            if plain and self.pairs:
                without, partners = self._d_bad(tree, b, length)
                bad = without
                if zone and plain & partners:
                    bad |= touching(zone, length, step) & partners
                elif split is not None and plain & partners:
                    for part, others in split:
                        joined = 0
                        for other in others:
                            joined |= self._touching(other, b, length)
                        bad |= touching(part, length, step) & joined
                plain &= ~bad
            back = table.back[b]
            while plain:
                low = plain & -plain
                plain ^= low
                freed |= back[low.bit_length() - 1]
            while odd:
                low = odd & -odd
                odd ^= low
                odd_found |= back[low.bit_length() - 1]
        return freed, odd_found
