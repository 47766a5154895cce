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
* The questions are asked for every position of one length at once, on bit masks indexed by a
  position's first grid point: across positions by the points' row-by-row numbers, down ones
  (above them) by their column-by-column numbers, so a position's points are its bit and the
  next ones either way, and every set of grid points is kept in both numberings side by side:
  "two points in one part" is a few shifts and ands per part for all positions.
* A tree the wall's removal splits so that its one-way edges fall in two parts keeps its
  one-way paths when no one-way edge enters it or none leaves it (each part then reaches what
  its own edges reach).
* Positions touching a one-way edge or an edge no arc crosses (none is ever legal on the
  shipped board) are checked by a flood, and a wall on such an edge, or one splitting apart the
  one-way edges of a tree one-way paths go through, is left to the per-wall check of
  :mod:`games.stonewall.walls` (:meth:`Joins.freed` returns None; never on the shipped board).

A listing asks :func:`games.stonewall.moving.every_wall_moves` for every placed wall at once
(:meth:`Joins.moves` of each, in one loop): each wall's moves as a paired mask of its length's
positions (legal here or freed, less those on or across another wall), which
:mod:`games.stonewall.changes` turns into actions (within a length the paired order is the
board's candidate order).

``tests/stonewall/test_stonewall_joins.py`` compares it with a flood per position.
"""

from __future__ import annotations

from itertools import pairwise

from games.stonewall.board import Wall
from games.stonewall.geometry import Candidate, Geometry


class Tables:
    """Per-board lookups of :class:`Joins` (worked out once per board).

    A *paired* mask is two halves of ``half`` bits: the low one numbers grid points row by row
    (:meth:`Board.point_index`), the high one column by column. A set of grid points is kept
    with its points in both halves (:attr:`point_bits`); a set of positions of one length has
    its across ones in the low half (by their first point) and its down ones in the high
    half, so either kind's points are its bit and the next ``length`` bits."""

    def __init__(self, geo: Geometry, never: int) -> None:
        self.width = width = geo.point_width
        # each half has spare bits above its grid points: a shift by up to a wall's length
        # brings the high half's lowest bits there, outside every position
        self.half = half = geo.point_count + max(geo.candidates) + 1
        self.low = (1 << half) - 1
        self.point_bits = [1 << p | 1 << (half + p % width * width + p // width)
                           for p in range(geo.point_count)]
        self.border = 0
        for p in range(geo.point_count):
            if geo.border[p]:
                self.border |= self.point_bits[p]
        # the segments sealed without walls: permanent walls and edges no arc crosses
        sealed_h = sealed_v = 0
        permanent = geo.board.permanent_edges
        for edge, kind in enumerate(geo.edge_kind):
            if kind == 2 or edge in permanent:
                sealed_h |= geo.edge_segments[edge][0]
                sealed_v |= geo.edge_segments[edge][1]
        # per candidate: its segments, across ones and down ones shifted by ``down``, in one
        # int (fewer objects to fetch than geo.segments' pairs)
        self.down = geo.point_count
        self.across = (1 << self.down) - 1
        self.segments = [h | v << self.down for h, v in geo.segments]
        self.sealed_joined = sealed_h | sealed_v << self.down
        lengths = sorted(geo.candidates)
        self.slot_of = {length: i for i, length in enumerate(lengths)}
        slots = len(lengths)
        # per candidate: its bit in its length's paired masks; and back again
        self.paired: list[int] = []
        self.back: list[list[int]] = [[0] * (2 * half) for _ in range(slots)]
        # per length and paired bit: the position's grid points (row by row)
        self.point_masks: list[list[int]] = [[0] * (2 * half) for _ in range(slots)]
        ok = [0] * slots  # two-way positions legal in some layout
        self.ok_mask = self.odd_mask = 0
        odd = [0] * slots  # the other positions legal in some layout (checked by a flood)
        for cand in geo.all_candidates:
            slot = self.slot_of[cand.wall.length]
            first = cand.points[0]
            at = first if cand.wall.orientation == "h" else \
                half + first % width * width + first // width
            self.paired.append(at)
            self.back[slot][at] = cand.bit
            self.point_masks[slot][at] = geo.points_mask[cand.index]
            if never >> cand.index & 1:
                continue
            if cand.all_two_way:
                ok[slot] |= 1 << at
                self.ok_mask |= cand.bit
            else:
                odd[slot] |= 1 << at
                self.odd_mask |= cand.bit
        self.ok, self.odd = ok, odd  # (ok_mask, odd_mask: the same as candidate masks)
        # per length and paired bit: the candidate index; whether paired order is the board's
        self.back_index = [[bit.bit_length() - 1 for bit in row] for row in self.back]
        self.in_order = all(
            [index for index in row if index >= 0] == sorted(index for index in row if index >= 0)
            for row in self.back_index)
        self.any_odd = any(odd)
        # per candidate: the positions of its length it lies on or crosses (plain, odd)
        self.conflicts: list[tuple[int, int]] = []
        for cand in geo.all_candidates:
            same = 0
            rest = geo.conflicts[cand.index] & geo.length_mask[cand.wall.length] & ~cand.bit
            while rest:
                low = rest & -rest
                rest ^= low
                same |= 1 << self.paired[low.bit_length() - 1]
            slot = self.slot_of[cand.wall.length]
            self.conflicts.append((same & ok[slot], same & odd[slot]))
        # candidate-space masks to paired ones (a paired mask per length side by side)
        self.expand = expand_steps([self.slot_of[cand.wall.length] * 2 * half + at
                                    for cand, at in zip(geo.all_candidates, self.paired,
                                                        strict=True)])
        self.slots = slots
        self.plain = [cand.all_two_way for cand in geo.all_candidates]
        # per candidate: its length, slot, grid points and their step (row by row)
        self.walls = [(cand.wall.length, self.slot_of[cand.wall.length], cand.points,
                       1 if cand.wall.orientation == "h" else width)
                      for cand in geo.all_candidates]
        self.arrows = geo.arrows  # (edge bit, p, q): arcs cross from the right of p->q
        self.arrow_points = self.arrow_edges = 0  # the grid points at one-way edges, the edges
        for bit, p, q in geo.arrows:
            self.arrow_points |= 1 << p | 1 << q
            self.arrow_edges |= bit
        # per-board tables of the modules that read these, worked out when first asked:
        # moving._paired_conflicts, joins_kept._flips, changes._places
        self.paired_conflicts: list[list[int]] | None = None
        self.flips: list[tuple[int, int, int, int]] | None = None
        self.places: list[list[Wall | None]] | None = None
        self.one_way_plans: dict[tuple[int, ...], OneWayPlan] = {}  # Joins._one_way's
        # per candidate: the pairs of grid points its segments join that are not sealed
        # without it (what placing it joins and taking it away parts: joins_kept.py)
        self.links: list[tuple[tuple[int, int], ...]] = []
        for cand in geo.all_candidates:
            step = 1 if cand.wall.orientation == "h" else width
            sealed = sealed_h if step == 1 else sealed_v
            self.links.append(tuple((p, p + step) for p in cand.points[:-1]
                                    if not sealed >> p & 1))
        # per candidate, for moving.every_wall_moves: its length, slot, grid points and step, its
        # plain conflicts of its length, and all but its own paired bit (0: not two-way)
        self.quick = [(*wall, conflicts[0], ~(1 << at) if plain else 0)
                      for wall, conflicts, at, plain in zip(self.walls, self.conflicts,
                                                            self.paired, self.plain,
                                                            strict=True)]

    def to_paired(self, mask: int) -> list[int]:
        """A candidate-space mask as paired masks, one per length."""
        steps = self.expand
        if steps is None:
            found = [0] * self.slots
            walls, paired = self.walls, self.paired
            while mask:
                low = mask & -mask
                mask ^= low
                index = low.bit_length() - 1
                found[walls[index][1]] |= 1 << paired[index]
            return found
        for moving, shift in steps:
            moved = mask & moving
            mask = mask ^ moved | moved << shift
        full, size = (1 << 2 * self.half) - 1, 2 * self.half
        found = []
        for _ in range(self.slots):  # a plain loop: quicker with the caches cold
            found.append(mask & full)
            mask >>= size
        return found


def expand_steps(targets: list[int]) -> list[tuple[int, int]] | None:
    """Masked shifts moving each bit ``i`` of a mask to bit ``targets[i]`` (increasing; else
    None): a few big-integer operations per step, where a table per byte of the mask is large
    and seldom in the memory cache. Bits move by their distance's binary digits, the highest
    first: as the distances never decrease, no two bits ever meet."""
    if any(a >= b for a, b in pairwise(targets)):
        return None
    moves = [target - bit for bit, target in enumerate(targets)]
    steps = []
    for digit in reversed(range(max(moves, default=0).bit_length())):
        moving = 0
        for bit, move in enumerate(moves):
            if move >> digit & 1:  # where it is now: moved by the higher digits
                moving |= 1 << (bit + (move >> digit + 1 << digit + 1))
        if moving:
            steps.append((moving, 1 << digit))
    return steps


_TABLES: dict[Geometry, Tables] = {}


def known_tables(geo: Geometry) -> Tables | None:
    """The :class:`Tables` of ``geo``'s board if worked out already."""
    return _TABLES.get(geo)


def tables(geo: Geometry, never: int) -> Tables:
    """The :class:`Tables` of ``geo``'s board (``never``: positions legal in no layout)."""
    found = _TABLES.get(geo)
    if found is None:
        if len(_TABLES) > 16:
            _TABLES.clear()
        found = _TABLES[geo] = Tables(geo, never)
    return found


def twice(points: int, length: int) -> int:
    """Paired positions of ``length`` with two points in ``points`` (a paired point mask)."""
    pairs = points & points >> 1
    if length == 1:
        return pairs
    gaps = points & points >> 2
    if length == 2:
        return pairs | pairs >> 1 | gaps
    if length == 3:
        return pairs | pairs >> 1 | pairs >> 2 | gaps | gaps >> 1 | points & points >> 3
    found = 0
    for gap in range(1, length + 1):
        pairs = points & points >> gap
        for first in range(length - gap + 1):
            found |= pairs >> first
    return found


def touching(points: int, length: int) -> int:
    """Paired positions of ``length`` with a point in ``points``."""
    found = points | points >> 1
    for i in range(2, length + 1):
        found |= points >> i
    return found


OneWayPlan = tuple[dict[int, int], list[tuple[int, int, int, int]], list[tuple[int, int]],
                   list[tuple[int, int]], list[list[tuple[int, tuple[int, ...]]]]]


def one_way_plan(table: Tables, walled: int, at_arrows: list[int]) -> OneWayPlan:
    """:meth:`Joins._one_way`'s graph with the one-way edges of ``walled`` walled and the
    points at one-way edges falling in trees as ``at_arrows`` (per tree, row by row), each tree
    named by those points (a lone point by its paired bit, as in the graph): the lone points'
    names (each its own); the edges (p, q, first and second group); the pairs; the groups with
    their points at one-way edges; and the following, preceding, below and above graphs (per
    group, the groups of it)."""
    point_bits = table.point_bits
    group_of: dict[int, int] = {}  # the points at one-way edges in trees: their tree's name
    for name in at_arrows:
        rest = name
        while rest:
            low = rest & -rest
            rest ^= low
            group_of[low.bit_length() - 1] = name
    lone: dict[int, int] = {}
    following: dict[int, set[int]] = {}
    preceding: dict[int, set[int]] = {}
    ends: dict[int, int] = {}
    arrows = []
    for bit, p, q in table.arrows:
        if walled & bit:
            continue
        first = group_of.get(p) or lone.setdefault(point_bits[p], point_bits[p])
        second = group_of.get(q) or lone.setdefault(point_bits[q], point_bits[q])
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
    return (lone, arrows, pairs, list(ends.items()),
            [[(group, tuple(others)) for group, others in graph.items()]
             for graph in (following, preceding, below, above)])


class Joins:
    """One layout's sealed forest and one-way graph, answering :meth:`freed` for each wall."""

    def __init__(
        self, geo: Geometry, table: Tables, indices: list[int], placed_edges: int, refused: int,
        legal: int,
    ) -> None:
        self.geo, self.table = geo, table
        # the layout's legal and refused positions (candidate masks: joins_kept.py derives
        # another layout's paired masks from the difference)
        self.legal_mask, self.refused_mask = legal, refused
        self.legal = table.to_paired(legal)  # per length, paired
        width = table.width
        segments = table.segments
        joined, placed = table.sealed_joined, 0
        for index in indices:
            joined |= segments[index]
            placed |= 1 << index
        self.placed = placed  # the placed walls' candidates
        join_h, join_v = joined & table.across, joined >> table.down
        # rooted forest: the border tree from the border, then the others from their lowest
        # point; which nodes have their parent just before them; each layer's nodes by where
        # their parent is, to sum the subtrees from the deepest up
        left = up = 0
        steps: list[tuple[int, int]] = []  # (nodes of a layer, their parent's offset)
        roots: list[int] = []  # per tree: its root (-1: the border)
        border = geo.border_points
        start = border
        free = ~border  # the points not reached yet
        rest = (join_h | join_h << 1 | join_v | join_v << width) & free
        first_layer = 0
        while True:
            frontier = start
            while True:
                a = (frontier & join_h) << 1 & free
                b = frontier >> 1 & join_h & free
                c = (frontier & join_v) << width & free
                d = frontier >> width & join_v & free
                grown = a | b | c | d
                if not grown:
                    break
                if frontier is border:
                    first_layer = grown
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
                free ^= grown
                frontier = grown
            roots.append(-1 if start is border else start.bit_length() - 1)
            rest &= free
            if not rest:
                break
            start = rest & -rest
            free ^= start
        self.left, self.up = left, up  # nodes whose parent is the point before them
        sub = table.point_bits[:]
        parent = [-1] * len(sub)  # -1: a root (a border point, a tree's root, a lone point)
        for mask, offset in reversed(steps):  # deepest first: each node's subtree is whole
            while mask:  # the nodes of a step have different parents: any order will do
                node = mask.bit_length() - 1
                mask ^= 1 << node
                parent[node] = above = node + offset
                sub[above] |= sub[node]
        self.sub, self.parent = sub, parent
        trees = []
        for root in roots:
            if root >= 0:
                trees.append(sub[root])
                continue
            tree = table.border
            while first_layer:
                low = first_layer & -first_layer
                first_layer ^= low
                tree |= sub[low.bit_length() - 1]
            trees.append(tree)
        self.trees = trees  # paired point masks, the border's tree first
        # to_paired moves bits: it keeps "and" (of table.ok and ok_mask, odd and odd_mask)
        self.plain_refused = table.to_paired(refused & table.ok_mask)
        self.odd_refused = table.to_paired(refused & table.odd_mask) if table.any_odd \
            else [0] * table.slots
        self._one_way(placed_edges)
        self._new_caches()

    def _one_way(self, placed_edges: int) -> None:
        """The one-way edges not walled, as a graph between groups (tree or lone point): its
        edges, which groups reach which, and each group's points at one-way edges. Worked
        out once per board for each way the one-way edges' points fall in trees and are
        walled (:func:`one_way_plan`, the trees named by those points), then renamed."""
        table = self.table
        arrow_points = table.arrow_points
        walled = placed_edges & table.arrow_edges
        # per tree with points at one-way edges: those points (row by row) -> the tree
        named: dict[int, int] = {}
        for tree in self.trees:
            at_arrows = tree & arrow_points
            if at_arrows:
                named[at_arrows] = tree
        self.arrow_groups = named
        plans = table.one_way_plans
        key = (walled, *named)
        plan = plans.get(key)
        if plan is None:
            if len(plans) > 256:
                plans.clear()
            plan = plans[key] = one_way_plan(table, walled, list(named))
        rename = named | plan[0]
        _, plan_arrows, plan_pairs, plan_ends, graphs = plan
        # plain loops, no comprehensions: the interpreter's paths the flood just took (quicker
        # when a listing comes with the caches cold)
        arrows = []
        for p, q, first, second in plan_arrows:
            arrows.append((p, q, rename[first], rename[second]))
        pairs = []
        for first, second in plan_pairs:
            pairs.append((rename[first], rename[second]))
        ends = {}
        for name, points in plan_ends:
            ends[rename[name]] = points
        found = []
        for graph in graphs:
            renamed = {}
            for name, others in graph:
                groups = set()
                for other in others:
                    groups.add(rename[other])
                renamed[rename[name]] = groups
            found.append(renamed)
        # ends: group -> its grid points at one-way edges (row by row)
        self.arrows, self.pairs, self.ends = arrows, pairs, ends
        self.following, self.preceding, self.below, self.above = found
        self.walled_arrows = walled  # the one-way edges walled

    def _new_caches(self) -> None:
        """The answers kept per layout, none worked out yet."""
        self._shared: dict[int, tuple[int, int, dict[int, int]]] = {}  # per slot
        self._touch: dict[tuple[int, int], int] = {}
        self._splits: dict[tuple[int, ...], list[int] | None] = {}
        self._tree_ends: dict[int, tuple[int, dict[int, int]] | None] = {}
        # per length slot: tree -> its bundle (:meth:`_bundle`)
        self._bundles: list[dict[int, tuple[int, ...]]] = []
        for _ in range(self.table.slots):
            self._bundles.append({})

    def group(self, point: int) -> int:
        """The points of ``point``'s tree (or the point alone) as a paired mask."""
        for tree in self.trees:
            if tree >> point & 1:
                return tree
        return self.table.point_bits[point]

    def _touching(self, group: int, length: int) -> int:
        """Paired positions of ``length`` with a point in ``group`` (kept per layout)."""
        key = (group, length)
        found = self._touch.get(key)
        if found is None:
            found = self._touch[key] = touching(group, length)
        return found

    def _split(self, tree: int, zones: list[int]) -> list[int] | None:
        """``tree`` split into ``zones`` (parts holding its one-way edges' points): per zone,
        the groups it is joined with by one-way paths (their points, paired). Only for a tree
        no path goes through (no one-way edge into it, or none out of it): else None."""
        if tree in self._tree_ends:
            ends = self._tree_ends[tree]
        else:
            ends = self._tree_ends[tree] = self._ends_of(tree)
        if ends is None:
            return None
        points, reach = ends
        found = []
        for zone in zones:
            partners = 0
            mine = zone & points
            while mine:
                low = mine & -mine
                mine ^= low
                partners |= reach[low.bit_length() - 1]
            found.append(partners)
        return found

    def _ends_of(self, tree: int) -> tuple[int, dict[int, int]] | None:
        """Of a tree no path goes through, its points at one-way edges (row by row) and per
        such point the groups joined with it through its edges (their points, paired); None:
        a tree one-way paths go through."""
        if not self.preceding.get(tree):  # a source: each zone reaches what its edges reach
            reach, out = self.below, True
        elif not self.following.get(tree):
            reach, out = self.above, False
        else:
            return None
        points = 0
        found: dict[int, int] = {}
        for p, q, first, second in self.arrows:
            if out and first == tree:
                point, other = p, second
            elif not out and second == tree:
                point, other = q, first
            else:
                continue
            for group in reach.get(other, ()):
                other |= group
            points |= 1 << point
            found[point] = found.get(point, 0) | other
        return points, found

    def _bundle(self, tree: int, slot: int, length: int) -> tuple[int, ...]:
        """Per tree and length, paired: the positions refused here that neither have two
        points in another tree nor touch two other groups joined by a one-way path (only those
        may be legal without a wall of this tree), the positions that do neither, those with
        two points in this tree, and those touching it and a group it is joined with; and
        whether one-way paths go through it (kept per layout)."""
        shared = self._shared.get(slot)
        if shared is None:
            shared = self._share(slot, length)
        every, all_bad, per_tree = shared
        in_tree = per_tree[tree]
        if length <= 2:  # two points in this tree leave at most one elsewhere
            others = every & ~in_tree
        else:
            others = 0
            for other, mask in per_tree.items():
                if other != tree:
                    others |= mask
        bad = all_bad
        joined = 0
        if tree in self.ends:
            bad = 0
            for first, second in self.pairs:
                if first == tree:
                    joined |= self._touching(second, length)
                elif second == tree:
                    joined |= self._touching(first, length)
                else:
                    bad |= self._touching(first, length) & self._touching(second, length)
        through = int(bool(self.preceding.get(tree)) and bool(self.following.get(tree)))
        keep = ~(others | bad)
        # only a position touching this tree too may be joined through it
        joined &= self._touching(tree, length)
        found = (self.plain_refused[slot] & keep, keep, in_tree, joined, through)
        self._bundles[slot][tree] = found
        return found

    def _share(self, slot: int, length: int) -> tuple[int, int, dict[int, int]]:
        """Per length, paired: the positions with two points in one tree, those touching two
        groups joined by a one-way path, and per tree those with two points in it."""
        per_tree = {}
        every = 0
        for tree in self.trees:
            pairs = tree & tree >> 1
            if length == 1:
                mask = pairs
            else:
                gaps = tree & tree >> 2
                mask = pairs | pairs >> 1 | gaps if length == 2 else twice(tree, length)
            per_tree[tree] = mask
            every |= mask
        all_bad = 0
        for first, second in self.pairs:
            all_bad |= self._touching(first, length) & self._touching(second, length)
        found = self._shared[slot] = (every, all_bad, per_tree)
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
        slot = table.walls[index][1]
        odd_found = 0
        if table.any_odd:
            odd = self.odd_refused[slot] | table.conflicts[index][1]
            if odd:
                odd_found = self._back(slot, odd)
        found = self._found(index)
        if found is None:
            return None
        return (self._back(slot, found) if found else 0), odd_found

    def moves(self, old: Candidate) -> int | None:
        """Where ``old`` may move, as a paired mask of its length's positions: those legal
        here and those freed without it, less any on or across another wall, itself
        excluded. None: ask the per-wall check (a wall :meth:`freed` leaves to it, or a board
        with odd positions)."""
        table = self.table
        index = old.index
        if table.any_odd or not table.plain[index]:
            return None
        found = self._found(index)
        if found is None:
            return None
        slot = table.walls[index][1]
        crossing = found & table.conflicts[index][0]
        if crossing:  # on or across old: maybe on or across another wall too
            placed = self.placed & ~old.bit
            back, conflicts = table.back[slot], self.geo.conflicts
            while crossing:
                low = crossing & -crossing
                crossing ^= low
                if conflicts[back[low.bit_length() - 1].bit_length() - 1] & placed:
                    found ^= low
        return (self.legal[slot] | found) & ~(1 << table.paired[index])

    # per tree no one-way path goes through: whether its one-way edges all join it with the
    # same groups (games.stonewall.moving, worked out when asked)
    _alike: dict[int, bool] | None = None
    # every length's bundles (:meth:`_bundle`) per tree, and what they share (moving.py)
    _tree_bundles: dict[int, list[tuple[int, ...]]] | None = None
    _all_lengths: tuple[dict[int, tuple[int, int, int]], int, int,
                        dict[int, tuple[int, int, int]], tuple[int, int, int]] | None = None

    def _found(self, index: int) -> int | None:
        """:meth:`freed`'s plain positions as a paired mask (None: ask the per-wall check)."""
        table = self.table
        length, slot, points, step = table.walls[index]
        plain_conflicts = table.conflicts[index][0]
        tree = self.group(points[0])
        bundle = self._bundles[slot].get(tree)
        if bundle is None:
            bundle = self._bundle(tree, slot, length)
        # refused still: two points in another tree, or joining two groups by a one-way path
        # (neither goes through this tree's parts)
        base, keep, in_tree, joined, through = bundle
        found = base | plain_conflicts & keep
        if not found:
            return 0
        parts = None
        inside = found & in_tree
        if inside:
            # two points in this tree: split apart only if one is in a part below the wall
            sub = self.sub
            if length == 1:
                b = points[1]
                below = sub[b] if (self.left if step == 1 else self.up) >> b & 1 \
                    else sub[points[0]]
                parts = [below, tree & ~below]
                # both points in the tree: apart when one is below, the other not
                found ^= inside & ~((below | below >> 1) & ~(below & below >> 1))
            else:
                parts = self._parts(tree, points, step)
                below = tree & ~parts[-1]
                found &= ~inside
                inside &= touching(below, length)
                if length == 2:  # no two points in one part
                    for part in parts:
                        inside &= ~twice(part, 2)
                        if not inside:
                            break
                    found |= inside
                elif inside:
                    found |= self._apart(inside, parts, table.point_masks[slot], table.low)
        if through or found & joined:
            if parts is None:
                parts = self._parts(tree, points, step)
            return self._paths(tree, parts, found, joined, length)
        return found

    def _paths(self, tree: int, parts: list[int], found: int, joined: int,
               length: int) -> int | None:
        """``found`` less the positions joining two groups by a one-way path with ``tree``
        split into ``parts`` (None: a tree one-way paths go through split apart)."""
        ends = self.ends[tree]
        zones = [part for part in parts if part & ends]
        if len(zones) == 1:  # the one-way paths as they were, through that part
            return found & ~(joined & touching(zones[0], length))
        key = (tree, *[zone & ends for zone in zones])
        if key in self._splits:
            split = self._splits[key]
        else:
            split = self._splits[key] = self._split(tree, zones)
        if split is None:
            return None  # a tree one-way paths go through split apart
        for zone, partners in zip(zones, split, strict=True):
            if partners:  # touching the zone and a group joined with it: refused still
                found &= ~(touching(zone, length) & touching(partners, length))
        return found

    @staticmethod
    def _apart(mask: int, parts: list[int], masks: list[int], low_half: int) -> int:
        """The paired positions of ``mask`` with no two points in one of ``parts``
        (``masks``: each position's grid points, row by row)."""
        rows = [part & low_half for part in parts]
        found = 0
        while mask:
            low = mask & -mask
            mask ^= low
            mine = masks[low.bit_length() - 1]
            for part in rows:
                both = mine & part
                if both & (both - 1):
                    break
            else:
                found |= low
        return found

    def _parts(self, tree: int, points: tuple[int, ...], step: int) -> list[int]:
        """The parts ``tree`` splits into without the wall through ``points`` (``step``
        apart, row by row), as paired point masks: the parts of the points below the wall's
        top point (the one nearest the root) in the wall's order, then the top point's."""
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

    def _back(self, slot: int, mask: int) -> int:
        """A paired mask of positions as a candidate mask."""
        back = self.table.back[slot]
        found = 0
        while mask:
            low = mask & -mask
            mask ^= low
            found |= back[low.bit_length() - 1]
        return found
