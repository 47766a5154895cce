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
        # per block and first grid point: the position's grid points as a bit mask
        self.point_masks: list[list[int]] = [[0] * _BLOCK for _ in range(blocks)]
        ok = [0] * blocks  # two-way positions ever legal, per block
        odd = [0] * blocks  # the other positions ever legal (checked by a flood)
        for cand in geo.all_candidates:
            block = self.block_of[cand.wall.length] + (cand.wall.orientation == "v")
            start = cand.points[0]
            self.aligned.append((block, start))
            self.back[block][start] = cand.bit
            self.point_masks[block][start] = geo.points_mask[cand.index]
            if never >> cand.index & 1:
                continue
            if cand.all_two_way:
                ok[block] |= 1 << start
            else:
                odd[block] |= 1 << start
        self.ok, self.odd = ok, odd
        self.any_odd = any(odd)
        # per candidate: the positions of its length it lies on or crosses, aligned (h, v)
        self.conflicts: list[tuple[int, int, int, int]] = []
        for cand in geo.all_candidates:
            same = [0, 0]
            rest = geo.conflicts[cand.index] & geo.length_mask[cand.wall.length] & ~cand.bit
            while rest:
                low = rest & -rest
                rest ^= low
                block, start = self.aligned[low.bit_length() - 1]
                same[block & 1] |= 1 << start
            block = self.block_of[cand.wall.length]
            self.conflicts.append((same[0] & ok[block], same[1] & ok[block + 1],
                                   same[0] & odd[block], same[1] & odd[block + 1]))
        # candidate-space masks to aligned ones, a byte at a time
        self.byte_tables: list[list[int]] = []
        for chunk in range((len(geo.all_candidates) + 7) // 8):
            single = []
            for bit in range(8):
                index = chunk * 8 + bit
                if index < len(geo.all_candidates):
                    block, start = self.aligned[index]
                    single.append(1 << (block * _BLOCK + start))
                else:
                    single.append(0)
            row = [0] * 256
            for value in range(1, 256):
                low = value & -value
                row[value] = row[value ^ low] | single[low.bit_length() - 1]
            self.byte_tables.append(row)
        self.byte_count = len(self.byte_tables)
        self.blocks = blocks
        # per candidate: plain (two-way edges only, the wall's own segments all removable)
        self.plain = [cand.all_two_way for cand in geo.all_candidates]
        # per candidate: its length, block (h), grid points and their step
        self.walls = [(cand.wall.length, self.block_of[cand.wall.length], cand.points,
                       1 if cand.wall.orientation == "h" else width)
                      for cand in geo.all_candidates]
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
    if length == 3:
        gaps = points & points >> 2 * step
        return (pairs | pairs >> step | pairs >> 2 * step | gaps | gaps >> step
                | points & points >> 3 * step)
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
        left = up = 0
        steps: list[tuple[int, int]] = []  # (nodes of a layer, their parent's offset)
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
                if a:
                    left |= a
                    steps.append((a, -1))
                if b:
                    steps.append((b, 1))
                if c:
                    up |= c
                    steps.append((c, -width))
                if d:
                    steps.append((d, width))
                seen |= grown
                frontier = grown
            trees.append(seen & ~sum(trees))
            rest &= ~seen
            if not rest:
                break
            start = rest & -rest
            seen |= start
        self.trees = trees
        self.left, self.up = left, up  # nodes whose parent is the point before them
        sub = table.point_bits[:]
        for mask, offset in reversed(steps):  # deepest first: each node's subtree is whole
            while mask:
                low = mask & -mask
                mask ^= low
                node = low.bit_length() - 1
                sub[node + offset] |= sub[node]
        self.sub = sub
        refused_blocks = table.to_blocks(refused)
        self.plain_refused = [mask & ok for mask, ok in zip(refused_blocks, table.ok,
                                                             strict=True)]
        self.odd_refused = [mask & odd for mask, odd in zip(refused_blocks, table.odd,
                                                             strict=True)]
        self._twice: dict[tuple[int, int], tuple[int, int]] = {}  # (tree, block) -> h, v
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
        self._touch: dict[tuple[int, int], int] = {}
        self._splits: dict[tuple[int, ...], list[set[int]] | None] = {}
        self._bundles: dict[tuple[int, int], tuple[int, ...]] = {}

    def group(self, point: int) -> int:
        """The points of ``point``'s tree (or the point alone) as a bit mask."""
        for tree in self.trees:
            if tree >> point & 1:
                return tree
        return 1 << point

    def _touching(self, group: int, block: int, length: int) -> int:
        """Aligned positions of ``block`` with a point in ``group`` (kept per layout)."""
        key = (group, block)
        found = self._touch.get(key)
        if found is None:
            found = self._touch[key] = touching(group, length, self.table.shift[block & 1])
        return found

    def _split(self, tree: int, zones: list[int]) -> list[set[int]] | None:
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
            partners = set()
            for p, q, first, second in self.arrows:
                if out and first == tree and zone >> p & 1:
                    partners.add(second)
                    partners |= reach.get(second, set())
                elif not out and second == tree and zone >> q & 1:
                    partners.add(first)
                    partners |= reach.get(first, set())
            found.append(partners)
        return found

    def _bundle(self, tree: int, block: int, length: int) -> tuple[int, ...]:
        """Per tree and block (h; the next is v), aligned: the positions refused here that
        neither have two points in another tree nor touch two other groups joined by a one-way
        path (only those may be legal without a wall of this tree), the positions that do
        neither, those with two points in this tree, and those touching a group this tree is
        joined with; and whether one-way paths go through it (kept per layout)."""
        others_h = others_v = twice_h = twice_v = 0
        for other in self.trees:
            h, v = self._twice_of(other, block, length)
            if other == tree:
                twice_h, twice_v = h, v
            else:
                others_h |= h
                others_v |= v
        bad_h = bad_v = joined_h = joined_v = 0
        for first, second in self.pairs:
            if first == tree or second == tree:
                partner = second if first == tree else first
                joined_h |= self._touching(partner, block, length)
                joined_v |= self._touching(partner, block + 1, length)
            else:
                bad_h |= (self._touching(first, block, length)
                          & self._touching(second, block, length))
                bad_v |= (self._touching(first, block + 1, length)
                          & self._touching(second, block + 1, length))
        through = bool(self.preceding.get(tree)) and bool(self.following.get(tree))
        keep_h, keep_v = ~(others_h | bad_h), ~(others_v | bad_v)
        found = (self.plain_refused[block] & keep_h, self.plain_refused[block + 1] & keep_v,
                 keep_h, keep_v, twice_h, twice_v, joined_h, joined_v, through)
        self._bundles[(tree, block)] = found
        return found

    def _twice_of(self, tree: int, block: int, length: int) -> tuple[int, int]:
        """Aligned positions of ``block`` (h) and the next (v) with two points in ``tree``."""
        key = (tree, block)
        found = self._twice.get(key)
        if found is None:
            found = self._twice[key] = (twice(tree, length, 1),
                                        twice(tree, length, self.table.width))
        return found

    def freed(self, old: Candidate) -> tuple[int, int] | None:
        """The positions of ``old``'s length refused here (or on or across ``old``) that are
        legal with ``old`` taken away, as a candidate mask (still to be cleared of those on or
        across another wall); and the candidates of odd positions (one-way or dead edges) to
        check by a flood. None: ask the per-wall check."""
        table = self.table
        index = old.index
        if not table.plain[index]:
            return None
        length, block, points, step = table.walls[index]
        conflicts = table.conflicts[index]  # (h, v) plain, (h, v) odd
        odd_found = 0
        if table.any_odd:
            odd_refused = self.odd_refused
            odd_across = odd_refused[block] | conflicts[2]
            odd_down = odd_refused[block + 1] | conflicts[3]
            if odd_across | odd_down:
                odd_found = self._back(block, odd_across, odd_down)
        tree = self.group(points[0])
        bundle = self._bundles.get((tree, block))
        if bundle is None:
            bundle = self._bundle(tree, block, length)
        # refused still: two points in another tree, or joining two groups by a one-way path
        # (neither goes through this tree's parts)
        (base_h, base_v, keep_h, keep_v, twice_h, twice_v, joined_h, joined_v,
         through) = bundle
        across = base_h | conflicts[0] & keep_h
        down = base_v | conflicts[1] & keep_v
        if not (across | down):
            return 0, odd_found
        width = table.width
        parts = None
        in_h, in_v = across & twice_h, down & twice_v
        if in_h | in_v:
            # two points in this tree: split apart only if one is in a part below the wall
            if length == 1:
                b = points[1]
                below = self.sub[b] if (self.left if step == 1 else self.up) >> b & 1 \
                    else self.sub[points[0]]
                parts = [below, tree & ~below]
            else:
                parts = self._parts(tree, points, step)
                below = tree & ~parts[-1]
            across &= ~in_h
            down &= ~in_v
            if length == 1:  # both points in the tree: apart when one is below, one not
                across |= in_h & (below | below >> 1) & ~(below & below >> 1)
                down |= in_v & (below | below >> width) & ~(below & below >> width)
            elif length == 2:  # no two points in one part
                in_h &= touching(below, 2, 1)
                in_v &= touching(below, 2, width)
                for part in parts:
                    if in_h:
                        in_h &= ~twice(part, 2, 1)
                    if in_v:
                        in_v &= ~twice(part, 2, width)
                across |= in_h
                down |= in_v
            else:
                across |= self._apart(in_h & touching(below, length, 1), parts,
                                      table.point_masks[block])
                down |= self._apart(in_v & touching(below, length, width), parts,
                                    table.point_masks[block + 1])
        if through or across & joined_h or down & joined_v:
            if parts is None:
                parts = self._parts(tree, points, step)
            ends = self.ends[tree]
            zones = [part for part in parts if part & ends]
            if len(zones) == 1:  # the one-way paths as they were, through that part
                zone = zones[0]
                if across & joined_h:
                    across &= ~(joined_h & touching(zone, length, 1))
                if down & joined_v:
                    down &= ~(joined_v & touching(zone, length, width))
            else:
                key = (tree, *[zone & ends for zone in zones])
                if key in self._splits:
                    split = self._splits[key]
                else:
                    split = self._splits[key] = self._split(tree, zones)
                if split is None:
                    return None  # a tree one-way paths go through split apart
                for zone, groups in zip(zones, split, strict=True):
                    near_h = across & touching(zone, length, 1)
                    near_v = down & touching(zone, length, width)
                    for group in groups:
                        across &= ~(near_h & self._touching(group, block, length))
                        down &= ~(near_v & self._touching(group, block + 1, length))
        found = 0
        if across:
            back = table.back[block]
            while across:
                low = across & -across
                across ^= low
                found |= back[low.bit_length() - 1]
        if down:
            back = table.back[block + 1]
            while down:
                low = down & -down
                down ^= low
                found |= back[low.bit_length() - 1]
        return found, odd_found

    @staticmethod
    def _apart(mask: int, parts: list[int], masks: list[int]) -> int:
        """The aligned positions of ``mask`` with no two points in one of ``parts``
        (``masks``: each position's grid points)."""
        found = 0
        while mask:
            low = mask & -mask
            mask ^= low
            mine = masks[low.bit_length() - 1]
            for part in parts:
                both = mine & part
                if both & (both - 1):
                    break
            else:
                found |= low
        return found

    def _parts(self, tree: int, points: tuple[int, ...], step: int) -> list[int]:
        """The parts ``tree`` splits into without the wall through ``points`` (``step``
        apart), as grid point masks: the parts of the points below the wall's top point (the
        one nearest the root) in the wall's order, then the top point's."""
        sub = self.sub
        up = self.left if step == 1 else self.up
        a = points[0]
        b = a + step
        if len(points) == 2:  # one edge: below it, and the rest
            below = sub[b] if up >> b & 1 else sub[a]
            return [below, tree & ~below]
        top = 0  # the edges before the top point have their first point below them
        for a in points[:-1]:
            if up >> (a + step) & 1:
                break
            top += 1
        parts = []
        inner = 0
        for point in points[:top]:  # climbing towards the top
            mine = sub[point]
            parts.append(mine & ~inner)
            inner = mine
        outer = inner
        inner = 0
        for point in reversed(points[top + 1:]):  # climbing back from the far end
            mine = sub[point]
            parts.append(mine & ~inner)
            inner = mine
        parts.append(tree & ~(outer | inner))
        return parts

    def _back(self, block: int, across: int, down: int) -> int:
        """Aligned masks of ``block`` (h) and the next (v) as one candidate mask."""
        found = 0
        for back, mask in ((self.table.back[block], across), (self.table.back[block + 1], down)):
            while mask:
                low = mask & -mask
                mask ^= low
                found |= back[low.bit_length() - 1]
        return found
