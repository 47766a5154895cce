"""Stonewall's legal wall positions, kept per wall layout and updated as walls go down. Pure.

A wall position is legal when it lies on no wall, crosses no placed wall, and leaves every
square reachable from every square (:mod:`games.stonewall.rules` says the rule). Which positions
are legal depends only on the walls on the board (not on the pieces or whose turn it is), so a
:class:`WallLayout` holds the answer for one layout of walls as a bitmask over the board's
candidate positions (:class:`games.stonewall.geometry.Geometry`), and layouts are shared:

* Walls only ever take paths away, so a position refused once stays refused after more walls:
  placing a wall (:meth:`WallLayout.with_wall`) re-checks only the positions still legal.
  A wall that closes no loop of the joins below and touches no one-way edge changes no
  verdict but those of the positions closing a loop through it (next point).
* Of those, only a position whose guide-line segment would close a loop with the walls (planar
  duality: such a set of edges splits the two-way square graph) or that touches a one-way edge
  can change reachability. The grid points are kept in groups joined by walls, arrows and the
  border, each group with the mask of positions touching it; a new wall joins groups, and the
  positions touching two of the groups it joins are the new loop closers. Only those (and the
  few legal positions that already close a loop through one-way arcs) get a full check.
* The full check is a flood fill on bitboards (one bit per square, one mask of open arcs per
  direction), forwards and backwards from a square beside the wall, stopping as soon as it has
  met the ends of every arc the wall closes (the board without the wall is strongly connected,
  so that is enough), which for a legal wall is a few steps round its end. A refused position
  leaves a *witness*: a set of squares no open arc leaves. Walls only close arcs, so the next
  time the position is tried the witness usually still holds and refuses it at once.
* Taking a wall away (a Change-a-Wall) can only free positions. Where every placed wall may
  move is worked out for all the walls of a layout from one structure
  (:mod:`games.stonewall.joins`: the forest of sealed segments rooted, with subtree masks, and
  the one-way edges between its trees; per wall, the parts its removal splits its tree into),
  derived from the board's last one worked out when their walls differ by a few (in play the
  next Change-a-Wall listing usually comes one moved wall and a few placed ones after the
  last: :mod:`games.stonewall.joins_kept`).
  The per-wall check stays for the walls that structure leaves (on a one-way edge, or
  splitting a tree one-way paths go through; none on the shipped board) and for the layout
  less a wall (:meth:`WallLayout.without`): it keeps every legal position and checks only the
  others: those whose witness an arc across the wall would leave (the escape index, derived
  from the board's last one), and of those, one that closes no loop of the groups of grid
  points the wall leaves (its group split by floods over the grid points) is legal without a
  flood over the squares.
* Layouts are cached per board by their walls (edges and crossing points), so a search that
  places and takes back the same walls finds them again (:class:`LayoutCache`, one per board's
  :class:`~games.stonewall.geometry.Geometry`; the layout without placed walls is kept apart).
* A layout keeps where each placed wall may move (a bit mask per wall) and its Change-a-Wall
  listing per order of the placed walls (:meth:`WallLayout.change_parts`: a state's listing
  makes each action when asked for, :class:`~games.stonewall.changes.ChangeListing`);
  the :class:`~games.stonewall.actions.ChangeWall` actions are made once per board and shared,
  and so are each wall's run of them per set of places it may move to (``LayoutCache.changes``,
  :mod:`games.stonewall.changes`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from games.stonewall.actions import ChangeWall, PlaceWall
from games.stonewall.board import Wall
from games.stonewall.changes import ChangeListing, ChangeParts, WallChanges
from games.stonewall.geometry import Candidate, Geometry
from games.stonewall.joins import Joins, known_tables, tables
from games.stonewall.joins_kept import MOST_WALLS_APART, derived, placed_mask, walls_apart
from games.stonewall.moving import every_wall_moves

LAYOUT_CACHE = 1024  # layouts kept per board, about 7 KB each: at most some 7 MiB


def set_bits(mask: int) -> list[int]:
    """The indices of the bits set in ``mask``, lowest first (a list: cheaper to loop over
    than a generator resumed per bit)."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


class WallLayout:
    """One layout of placed walls and its legal wall positions (immutable once built)."""

    __slots__ = (
        "_actions",
        "_changes",
        "_conflict_sides",
        "_escape_index",
        "_groups",
        "_joins",
        "_listings",
        "_point_joins",
        "_removals",
        "_wall_indices",
        "cache",
        "excluded",
        "fragile",
        "geo",
        "key",
        "label",
        "legal",
        "opens",
        "walls",
    )

    def __init__(self, geo: Geometry, cache: LayoutCache) -> None:
        self.geo = geo
        self.cache = cache  # the board's layouts worked out so far, this one among them
        self.key: tuple[int, int] = (0, 0)  # placed edges, placed crossing points
        self.walls: tuple[Wall, ...] = ()
        self.opens: tuple[int, int, int, int] = geo.open_arcs  # E, W, S, N arcs still open
        self.excluded = geo.on_permanent  # positions on a wall or crossing one
        self.label: list[int] | None = None  # grid point -> its group (worked out lazily)
        self._groups: dict[int, tuple[list[int], int]] | None = None
        self.legal = 0
        self.fragile = 0  # legal positions that close a loop or touch a one-way edge
        self._listings: dict[tuple[int, ...], list[Wall]] = {}
        self._actions: dict[tuple[int, ...], list[PlaceWall]] = {}
        self._removals: dict[int, int] = {}  # placed wall's index -> where it may move (paired)
        self._changes: dict[tuple[int, ...], ChangeParts] = {}  # by the walls' indices
        self._escape_index: tuple[dict[int, int], int] | None = None
        # the conflicts of the walls before and after each, and where each wall is in walls
        self._conflict_sides: tuple[list[int], list[int], dict[int, int], list[int]] | None \
            = None
        self._point_joins: tuple[int, int] | None = None
        self._joins: Joins | None = None  # where every wall may move (worked out when asked)
        self._wall_indices: list[int] | None = None

    # --- building -----------------------------------------------------------------------
    @classmethod
    def built(cls, geo: Geometry, walls: Iterable[Wall]) -> WallLayout:
        """The layout of ``walls`` worked out in one pass (a loaded state, a cold listing).

        Refused at once, without a flood: a position that closes a loop of walls, the border
        and edges no arc crosses (no arc crosses the loop: the squares inside are shut in),
        and a two-way position that closes a loop through one-way edges whose arcs all cross
        it the same way (:meth:`Geometry.trap_closers`). Of the others, every one that closes
        a loop with the arrows or touches a one-way edge gets the full check."""
        layout = cls.bare(geo, walls)
        sealed = geo.sealed_labels(layout.walls)
        layout.label = geo.with_arrows(sealed)
        shut_in = geo.loop_closers(sealed) & ~geo.dead_mask
        for index in set_bits(geo.dead_mask & ~layout.excluded):
            cand = geo.all_candidates[index]
            if _closes(sealed, cand, cand.crossed):
                shut_in |= cand.bit
        plain = ~geo.one_way_mask & ~geo.dead_mask
        shut_in |= geo.trap_closers(sealed, layout.key[0]) & plain
        open_ = geo.all_mask & ~layout.excluded & ~shut_in
        suspects = open_ & (geo.loop_closers(layout.label) | geo.one_way_mask | geo.dead_mask)
        legal, fragile = open_ & ~suspects, 0
        for index in set_bits(suspects):
            cand = geo.all_candidates[index]
            if not cand.touches_one_way and not layout._closes_loop(cand):
                legal |= cand.bit  # a dead edge made it a suspect, but it closes no loop
            elif layout.connected_with(cand):
                legal |= cand.bit
                fragile |= cand.bit
        layout.legal, layout.fragile = legal, fragile
        return layout

    @classmethod
    def bare(cls, geo: Geometry, walls: Iterable[Wall]) -> WallLayout:
        """A layout of ``walls`` with its key, open arcs and exclusions, the legal positions
        not yet worked out."""
        layout = cls(geo, layout_cache(geo))
        layout.walls = tuple(walls)
        edges = crossings = 0
        excluded = geo.on_permanent
        clear = [0, 0, 0, 0]
        indices = layout._wall_indices = []
        for wall in layout.walls:
            cand = geo.candidate_of[wall]
            indices.append(cand.index)
            edges |= cand.edge_mask
            crossings |= cand.cross_mask
            excluded |= geo.conflicts[cand.index]
            for way in range(4):
                clear[way] |= cand.clear[way]
        base = geo.open_arcs
        layout.key = (edges, crossings)
        layout.opens = (base[0] & ~clear[0], base[1] & ~clear[1], base[2] & ~clear[2],
                        base[3] & ~clear[3])
        layout.excluded = excluded
        return layout

    def with_wall(self, wall: Wall) -> WallLayout:
        """This layout and ``wall`` (a legal position now), from the cache or built."""
        geo = self.geo
        cand = geo.candidate_of[wall]
        key = (self.key[0] | cand.edge_mask, self.key[1] | cand.cross_mask)
        cached = self.cache.layouts.get(key)
        if cached is not None:
            return cached
        child = WallLayout(geo, self.cache)
        child.key, child.walls = key, (*self.walls, wall)
        clear = cand.clear
        child.opens = (self.opens[0] & ~clear[0], self.opens[1] & ~clear[1],
                       self.opens[2] & ~clear[2], self.opens[3] & ~clear[3])
        child.excluded = self.excluded | geo.conflicts[cand.index]
        if self._wall_indices is not None:
            child._wall_indices = [*self._wall_indices, cand.index]
        still = self.legal & ~child.excluded
        label = self.labels()
        suspects = self._join(child, cand)
        if cand.touches_one_way or len({label[p] for p in cand.points}) < len(cand.points):
            suspects |= self.fragile
        # else the wall closes no loop and no one-way arc: the squares that reach each other
        # both ways stay so (a cut is a loop of the joins), and so with any position that does
        # not close a loop through it (touch two groups it joins): those keep their verdict
        legal, fragile = still, self.fragile
        candidates, rest = geo.all_candidates, suspects & still
        while rest:  # set_bits inlined: this loop runs at every wall placed
            low = rest & -rest
            rest ^= low
            if child.connected_with(candidates[low.bit_length() - 1]):
                fragile |= low
            else:
                legal &= ~low
        child.legal, child.fragile = legal, fragile & legal
        self.cache.remember(key, child)
        return child

    def labels(self) -> list[int]:
        """Grid point -> its group (joined by walls, arrows and the border)."""
        if self.label is None:
            self.label = self.geo.point_labels(self.walls)
        return self.label

    def groups(self) -> dict[int, tuple[list[int], int]]:
        """Group -> (its grid points, the mask of positions touching them)."""
        if self._groups is None:
            touching = self.geo.touching
            groups: dict[int, tuple[list[int], int]] = {}
            for point, root in enumerate(self.labels()):
                points, mask = groups.get(root, ([], 0))
                points.append(point)
                groups[root] = (points, mask | touching[point])
            self._groups = groups
        return self._groups

    def _join(self, child: WallLayout, cand: Candidate) -> int:
        """Give ``child`` this layout's groups with ``cand``'s points joined; return the
        positions touching two of the groups joined (they now close a loop)."""
        label, groups = self.labels(), self.groups()
        roots = list(dict.fromkeys(label[p] for p in cand.points))
        child.label, child._groups = label, groups
        if len(roots) == 1:
            return 0
        touching = [groups[root][1] for root in roots]
        closers = 0
        for i, first in enumerate(touching):
            for second in touching[i + 1:]:
                closers |= first & second
        keep = max(roots, key=lambda root: len(groups[root][0]))
        new_label = label[:]
        new_groups = dict(groups)
        points, positions = list(groups[keep][0]), groups[keep][1]
        for root in roots:
            if root == keep:
                continue
            moved, touched = new_groups.pop(root)
            for point in moved:
                new_label[point] = keep
            points.extend(moved)
            positions |= touched
        new_groups[keep] = (points, positions)
        child.label, child._groups = new_label, new_groups
        return closers

    def _closes_loop(self, cand: Candidate) -> bool:
        """Would ``cand``'s segments close a loop with the walls, arrows and border?"""
        return _closes(self.labels(), cand, cand.two_way)

    def without(self, wall: Wall) -> WallLayout:
        """This layout less ``wall`` (a placed wall), from the cache or built: every position
        legal now stays legal; only the others are checked."""
        geo = self.geo
        old = geo.candidate_of[wall]
        key = (self.key[0] & ~old.edge_mask, self.key[1] & ~old.cross_mask)
        cached = self.cache.layouts.get(key)
        if cached is not None:
            return cached
        layout = self._less(wall, old)
        layout.key = key
        freed, closers = self._freed(layout, self._may_free(old, layout, geo.all_mask), old)
        layout.legal = self.legal | freed
        layout.fragile = self.fragile | closers
        self.cache.remember(key, layout)
        return layout

    def moves_of(self, wall: Wall) -> list[Wall]:
        """Where placed ``wall`` may move (a Change-a-Wall): the legal positions of its length
        with it taken away, itself excluded."""
        candidates = self.geo.all_candidates
        return [candidates[i].wall for i in set_bits(self.move_mask(wall))]

    def move_mask(self, wall: Wall) -> int:
        """:meth:`moves_of` as a bit mask over the board's candidate positions."""
        return self._moves(self.geo.candidate_of[wall])

    def _moves(self, old: Candidate) -> int:
        """:meth:`move_mask` of a placed wall's candidate."""
        joins = self.joins()
        return joins._back(joins.table.slot_of[old.wall.length], self._paired_moves(old))

    def _paired_moves(self, old: Candidate) -> int:
        """Where a placed wall may move, as a paired mask of its length's positions
        (:meth:`Joins.moves`; kept per layout)."""
        found = self._removals.get(old.index)
        if found is None:
            found = every_wall_moves(self.joins(), [old.index])[0]
            if found is None:
                found = self._checked_paired(old)
            self._removals[old.index] = found
        return found

    def _checked_paired(self, old: Candidate) -> int:
        """:meth:`_checked_moves` as a paired mask."""
        table = self.joins().table
        return table.to_paired(self._checked_moves(old))[table.slot_of[old.wall.length]]

    def _checked_moves(self, old: Candidate) -> int:
        """:meth:`move_mask` where :meth:`Joins.moves` leaves it to the per-wall check."""
        geo = self.geo
        length = geo.length_mask[old.wall.length]
        answer = self.joins().freed(old)
        if answer is None:  # a wall the joins leave to the per-wall check
            full = self.cache.layouts.get((self.key[0] & ~old.edge_mask,
                                           self.key[1] & ~old.cross_mask))
            if full is not None:
                found = full.legal & length & ~old.bit
            else:
                less = self._less(old.wall, old, light=True)
                freed, _ = self._freed(less, self._may_free(old, less, length), old)
                found = ((self.legal & length) | freed) & ~old.bit
        else:
            freed, odd = answer
            # a refused position lies on no wall and crosses none; one on or across old may
            # lie on or across another
            if freed & geo.conflicts[old.index] or odd:
                excluded = self._excluded_without(old)
                freed &= ~excluded
                odd &= ~excluded
                if odd:  # positions on one-way or dead edges: a flood each
                    less = self._less(old.wall, old, light=True)
                    for index in set_bits(odd):
                        if less.connected_with(geo.all_candidates[index]):
                            freed |= 1 << index
            found = ((self.legal & length) | freed) & ~old.bit
        return found

    def joins(self) -> Joins:
        """This layout's sealed forest and one-way graph (:mod:`games.stonewall.joins`):
        derived from the board's last one worked out when their walls differ little
        (:mod:`games.stonewall.joins_kept`), else built from the walls."""
        if self._joins is None:
            geo = self.geo
            table = known_tables(geo)
            if table is None:
                table = tables(geo, geo.all_mask & ~empty_layout(geo).legal)
            last, indices = self.cache.last_joins, self._indices()
            placed = placed_mask(indices)
            if last is not None and last.table is table \
                    and walls_apart(last, placed) <= MOST_WALLS_APART:
                found = derived(last, placed, self.key[0], self._refused(), self.legal)
            else:
                found = Joins(geo, table, indices, self.key[0], self._refused(), self.legal)
            self._joins = self.cache.last_joins = found
        return self._joins

    def _indices(self) -> list[int]:
        """The candidate index of each placed wall, in order (worked out once per layout)."""
        if self._wall_indices is None:
            candidate_of = self.geo.candidate_of
            self._wall_indices = [candidate_of[placed].index for placed in self.walls]
        return self._wall_indices

    def _excluded_without(self, old: Candidate) -> int:
        """The positions on or across a wall here but ``old``."""
        before, after, where, _ = self._sides()
        at = where[old.index]
        return before[at] | after[at + 1]

    def change_actions(self, placed: tuple[Wall, ...]) -> list[ChangeWall]:
        """Every Change-a-Wall here, the walls taken in ``placed`` order (the state's): each
        removed, then moved to each of :meth:`moves_of`, in the board's candidate order; the
        actions are shared by every layout of the board (:attr:`LayoutCache.changes`). The
        layout's own list: the caller must not change it."""
        return self.change_parts(placed).whole()

    def change_listing(self, placed: tuple[Wall, ...]) -> ChangeListing:
        """:meth:`change_actions` as a state lists them: each action made when asked for."""
        return ChangeListing(self.change_parts(placed))

    def change_parts(self, placed: tuple[Wall, ...]) -> ChangeParts:
        """Per wall of ``placed``, in order, its actions' row and where it may move (kept per
        order of the walls)."""
        if placed is self.walls or placed == self.walls:
            indices = self._indices()
        else:
            candidate_of = self.geo.candidate_of
            indices = [candidate_of[wall].index for wall in placed]
        key = tuple(indices)
        found = self._changes.get(key)
        if found is None:
            geo = self.geo
            candidates, removals = geo.all_candidates, self._removals
            todo = [index for index in indices if index not in removals] if removals \
                else indices
            if todo:  # every wall at once
                for index, paired in zip(todo, every_wall_moves(self.joins(), todo), strict=True):
                    removals[index] = paired if paired is not None \
                        else self._checked_paired(candidates[index])
            found = self._changes[key] = ChangeParts.of(
                indices, removals, self.cache.changes, self.joins().table, geo)
        return found

    def listed_change(self, change: ChangeWall) -> bool:
        """Whether ``change`` is one of the very actions a Change-a-Wall listing of this layout
        gave (legal here, its fields the engine's own: push takes it unchecked)."""
        cand = self.geo.candidate_of_any(change.old)
        if cand is None:
            return False
        moves, row = self._removals.get(cand.index), self.cache.changes.get(cand.index)
        if moves is None or row is None:
            return False
        joins = self.joins()
        return joins.placed >> cand.index & 1 == 1 \
            and row.listed(change, moves, self.geo, joins.table)

    def _may_free(self, old: Candidate, less: WallLayout, among: int) -> int:
        """Of the positions in ``among`` refused here, those that taking ``old`` away may
        make legal: those on or across ``old`` only, and those whose witness (squares no open
        arc leaves with the position placed) an arc across ``old`` would leave."""
        refused = among & ~self.legal & ~less.excluded
        escapes, unknown = self._escapes()
        suspects = unknown
        for edge in old.edges:
            suspects |= escapes.get(edge, 0)
        return refused & (self.excluded | suspects)

    def _escapes(self) -> tuple[dict[int, int], int]:
        """Per placed edge, the refused positions (not on or across a wall) whose witness an
        arc across that edge would leave; and the positions without a witness (always
        suspects). Worked out once per layout, when a Change-a-Wall is first listed: from the
        board's last layout that worked them out (:meth:`_escapes_from`), else afresh."""
        if self._escape_index is None:
            last = self.cache.last_escapes
            if last is not None and last._escape_index is not None:
                self._escape_index = self._escapes_from(last, last._escape_index)
            else:
                self._escape_index = self._escapes_of(self._refused(), {}, 0)
            self.cache.last_escapes = self
        return self._escape_index

    def _refused(self) -> int:
        """The positions refused here that lie on no wall and cross none."""
        return self.geo.all_mask & ~self.legal & ~self.excluded

    def _escapes_from(
        self, base: WallLayout, escapes: tuple[dict[int, int], int]
    ) -> tuple[dict[int, int], int]:
        """:meth:`_escapes` from another layout's (any walls): a refused position there and
        here keeps its witness unless an arc leaving it crosses an edge walled there and
        open here (walls only close arcs otherwise: a set no open arc left still has none
        leaving, and no arc leaving it crosses an edge walled here only, which would have
        been open there); its entries are the same. Only the others are worked out."""
        index, unknown = escapes
        placed = self.key[0]
        invalid = unknown
        for edge, mask in index.items():
            if not placed >> edge & 1:
                invalid |= mask
        refused = self._refused()
        keep = refused & base._refused() & ~invalid
        kept = {}
        for edge, mask in index.items():
            if placed >> edge & 1 and mask & keep:
                kept[edge] = mask & keep
        return self._escapes_of(refused & ~keep, kept, 0)

    def _escapes_of(
        self, positions: int, index: dict[int, int], unknown: int
    ) -> tuple[dict[int, int], int]:
        """``index`` and ``unknown`` (:meth:`_escapes`) with ``positions`` (refused here) added."""
        geo = self.geo
        size, full, base, placed = geo.size, geo.full, geo.open_arcs, self.key[0]
        arc_edge = geo.arc_edge
        for i in set_bits(positions):
            cand = geo.all_candidates[i]
            shut = self._witness(cand)
            if not shut:
                unknown |= cand.bit
                continue
            leaving = (shut & base[0] & ~(shut >> 1), shut & base[1] & ~(shut << 1),
                       shut & base[2] & ~(shut >> size), shut & base[3] & ~(shut << size))
            for way, squares in enumerate(leaving):
                for square in set_bits(squares & full):
                    edge = arc_edge[way][square]
                    if placed >> edge & 1:
                        index[edge] = index.get(edge, 0) | cand.bit
        return index, unknown

    def _opens_with(self, cand: Candidate) -> tuple[int, int, int, int]:
        """The open arcs (east, west, south, north bit masks) with ``cand`` placed."""
        clear = cand.clear
        east, west, south, north = self.opens
        return east & ~clear[0], west & ~clear[1], south & ~clear[2], north & ~clear[3]

    def _witness(self, cand: Candidate) -> int:
        """A set of squares no open arc leaves with ``cand`` placed (a refused position), or
        0 if none is found."""
        east, west, south, north = self._opens_with(cand)
        geo = self.geo
        size, full = geo.size, geo.full
        for _ in range(2):
            for shut in geo.witnesses.get(cand.index, ()):
                if not ((shut & east) << 1 | (shut & west) >> 1 | (shut & south) << size
                        | (shut & north) >> size) & ~shut:
                    return shut
            stuck = full & ~(east | west | south | north)  # no way out of these
            if stuck:
                return stuck & -stuck
            sealed = full & ~(east << 1 | west >> 1 | south << size | north >> size)
            if sealed:  # no way into these: no arc leaves the rest
                return full & ~(sealed & -sealed)
            if self.connected_with(cand):  # refused before: not expected
                return 0
        return 0

    def _less(self, wall: Wall, old: Candidate, light: bool = False) -> WallLayout:
        """A layout with this one's walls but ``wall`` (legal positions not worked out): its
        arcs open again (no other wall closes them), and the positions the other walls
        exclude, from the walls before it and after it (worked out once per layout)."""
        geo = self.geo
        before, after, where, _ = self._sides()
        at = where[old.index]
        if light:  # only what connected_with and _freed read
            less = WallLayout.__new__(WallLayout)
            less.geo = geo
        else:
            less = WallLayout(geo, self.cache)
            less.walls = self.walls[:at] + self.walls[at + 1:]
            less.key = (self.key[0] & ~old.edge_mask, self.key[1] & ~old.cross_mask)
        base, clear, opens = geo.open_arcs, old.clear, self.opens
        less.opens = (opens[0] | base[0] & clear[0], opens[1] | base[1] & clear[1],
                      opens[2] | base[2] & clear[2], opens[3] | base[3] & clear[3])
        less.excluded = before[at] | after[at + 1]
        return less

    def _sides(self) -> tuple[list[int], list[int], dict[int, int], list[int]]:
        """The conflicts of the walls before and after each, where each wall is among the
        walls, and their candidate indices (worked out once per layout)."""
        if self._conflict_sides is None:
            geo = self.geo
            indices = self._indices()
            conflicts = geo.conflicts
            before, after, running = [geo.on_permanent], [0], geo.on_permanent
            for index in indices:
                running |= conflicts[index]
                before.append(running)
            running = 0
            for index in reversed(indices):
                running |= conflicts[index]
                after.append(running)
            where = {index: i for i, index in enumerate(indices)}
            self._conflict_sides = (before, after[::-1], where, indices)
        return self._conflict_sides

    def _freed(self, less: WallLayout, lengths: int, old: Candidate) -> tuple[int, int]:
        """Of the positions in ``lengths`` refused here, those legal in ``less`` (this layout
        without ``old``), and which of them may close a loop there.

        A position that closes no loop in ``less`` (with its groups of grid points: this
        layout's, but for the group ``old`` was in, which may split without it) and touches
        no one-way edge is legal there; only the others get the full check."""
        freed = closers = 0
        rest = lengths & ~self.legal & ~less.excluded
        if not rest:
            return 0, 0
        closes = self._closes_without(old)
        candidates, connected_with = self.geo.all_candidates, less.connected_with
        while rest:  # set_bits inlined
            low = rest & -rest
            rest ^= low
            cand = candidates[low.bit_length() - 1]
            if not cand.touches_one_way and not closes(cand):
                freed |= low
            elif connected_with(cand):
                freed |= low
                closers |= low
        return freed, closers

    def _closes_without(self, old: Candidate) -> Callable[[Candidate], bool]:
        """Would a candidate's two-way segments close a loop of the groups of grid points
        with ``old`` taken away? Only the group ``old`` is in may split, into parts that
        each hold one of its points (a way from any point of the group to ``old`` reaches
        one of its points before using its segments): floods over the grid points
        (:meth:`Geometry.point_group`) from them give the parts."""
        geo, label = self.geo, self.labels()
        join_h, join_v = self.point_joins()
        old_h, old_v = geo.segments[old.index]
        base_h, base_v = geo.base_joins
        join_h, join_v = join_h & ~old_h | base_h, join_v & ~old_v | base_v
        parts: list[int] = []
        split = 0  # the grid points of the group old was in
        for point in old.points:
            if not split >> point & 1:
                part = geo.point_group(1 << point, join_h, join_v)
                parts.append(part)
                split |= part
        points_mask = geo.points_mask

        def group(point: int) -> int:
            if split >> point & 1:
                return -1 - next(i for i, part in enumerate(parts) if part >> point & 1)
            return label[point]

        def closes(cand: Candidate) -> bool:
            if not cand.all_two_way:  # an edge no arc crosses is not counted: in order
                points = cand.points
                seen = {group(points[0])}
                for point, counts in zip(points[1:], cand.two_way, strict=True):
                    here = group(point)
                    if counts and here in seen:
                        return True
                    seen.add(here)
                return False
            # every segment counted: a loop is two of its points in one group
            inside = points_mask[cand.index] & split
            if inside & (inside - 1):
                for part in parts:
                    both = part & inside
                    if both & (both - 1):
                        return True
            outside = [label[point] for point in cand.points if not split >> point & 1]
            return len(set(outside)) < len(outside)

        return closes

    def point_joins(self) -> tuple[int, int]:
        """The segments joining grid points here (the base joins and the walls'), as the bit
        masks of :meth:`Geometry.point_group`."""
        if self._point_joins is None:
            join_h, join_v = self.geo.base_joins
            segments, candidate_of = self.geo.segments, self.geo.candidate_of
            for wall in self.walls:
                h, v = segments[candidate_of[wall].index]
                join_h |= h
                join_v |= v
            self._point_joins = (join_h, join_v)
        return self._point_joins

    # --- queries ------------------------------------------------------------------------
    def connected_with(self, cand: Candidate) -> bool:
        """Does every square still reach every square with ``cand`` placed too?

        Refused at once: a square left with no open arc out or in, or a witness of an earlier
        refusal that still holds. Else a flood fill forwards and one backwards from a square
        beside the wall, each until it has met the ends of every arc the wall closes (legal)
        or stalls (refused; the squares it stalled in are the new witness)."""
        east, west, south, north = self._opens_with(cand)
        geo = self.geo
        size, full = geo.size, geo.full
        if (east | west | south | north) != full or \
                (east << 1 | west >> 1 | south << size | north >> size) != full:
            return False
        witnesses = geo.witnesses.get(cand.index)
        if witnesses:
            for shut in witnesses:
                if not ((shut & east) << 1 | (shut & west) >> 1 | (shut & south) << size
                        | (shut & north) >> size) & ~shut:
                    return False
        # The layout without it is strongly connected, so it stays so exactly when the ends
        # of every arc it closes still reach each other: when one square beside it reaches
        # them all and is reached from them all. The floods stop as soon as they have.
        ends = cand.ends
        reached = 1 << cand.sides[0]
        while reached & ends != ends:
            grown = (reached | (reached & east) << 1 | (reached & west) >> 1
                     | (reached & south) << size | (reached & north) >> size)
            if grown == reached:
                geo.witness(cand.index, reached)
                return False
            reached = grown
        reached = 1 << cand.sides[0]
        while reached & ends != ends:
            grown = (reached | (reached >> 1) & east | (reached << 1) & west
                     | (reached >> size) & south | (reached << size) & north)
            if grown == reached:
                geo.witness(cand.index, full & ~reached)
                return False
            reached = grown
        return True

    def is_legal(self, wall: Wall) -> bool:
        cand = self.geo.candidate_of.get(wall)
        return cand is not None and bool(self.legal >> cand.index & 1)

    def listing(self, lengths: Iterable[int]) -> list[Wall]:
        """The legal walls of the given lengths, in the board's candidate order per length."""
        key = tuple(lengths)
        found = self._listings.get(key)
        if found is None:
            found = self._listings[key] = [cand.wall for cand in self._legal_candidates(key)]
        return found

    def place_actions(self, lengths: tuple[int, ...]) -> list[PlaceWall]:
        """:meth:`listing` as the actions that place them (shared objects, in the same order)."""
        found = self._actions.get(lengths)
        if found is None:
            found = self._actions[lengths] = [
                cand.action for cand in self._legal_candidates(lengths)
            ]
        return found

    def _legal_candidates(self, lengths: tuple[int, ...]) -> list[Candidate]:
        """The legal positions of the given lengths, in the board's candidate order per length."""
        geo = self.geo
        candidates = geo.all_candidates
        return [candidates[index] for length in lengths
                for index in set_bits(self.legal & geo.length_mask.get(length, 0))]


def _closes(label: list[int], cand: Candidate, counted: tuple[bool, ...]) -> bool:
    """Would ``cand``'s segments (those ``counted``, per edge) close a loop of the groups of
    grid points ``label`` gives?"""
    seen = {label[cand.points[0]]}
    for point, counts in zip(cand.points[1:], counted, strict=True):
        group = label[point]
        if counts and group in seen:
            return True
        seen.add(group)
    return False


def layout_of(geo: Geometry, walls: Iterable[Wall]) -> WallLayout:
    """The layout of ``walls`` (placed legally): from the cache, or worked out in one pass."""
    walls = tuple(walls)
    layout = WallLayout.bare(geo, walls)
    cached = layout.cache.layouts.get(layout.key)
    if cached is None:
        cached = WallLayout.built(geo, walls)
        layout.cache.remember(cached.key, cached)
    return cached


def empty_layout(geo: Geometry) -> WallLayout:
    """The legal walls of the board without placed walls (worked out once per board)."""
    cache = layout_cache(geo)
    if cache.empty is None:
        cache.empty = WallLayout.built(geo, ())
    return cache.empty


class LayoutCache:
    """One board's layouts worked out so far, by key (placed edges, crossing points), and its
    layout without placed walls (kept apart: never dropped)."""

    __slots__ = ("changes", "empty", "last_escapes", "last_joins", "layouts")

    def __init__(self) -> None:
        self.layouts: dict[tuple[int, int], WallLayout] = {}
        self.empty: WallLayout | None = None
        # the last layout whose escapes were worked out (the next are derived from them)
        self.last_escapes: WallLayout | None = None
        # the last layout's Joins worked out (the next are derived from it)
        self.last_joins: Joins | None = None
        # per placed wall's candidate index: its Change-a-Wall actions listed so far, shared
        # (at most one per pair of positions of a length: some 50,000 on the 9 x 9 board), and
        # its run of them per set of places it may move to (:mod:`games.stonewall.changes`)
        self.changes: dict[int, WallChanges] = {}

    def remember(self, key: tuple[int, int], layout: WallLayout) -> None:
        if len(self.layouts) >= LAYOUT_CACHE:
            self.layouts.clear()
        self.layouts[key] = layout


_CACHES: dict[Geometry, LayoutCache] = {}


def layout_cache(geo: Geometry) -> LayoutCache:
    """The layouts of ``geo``'s board (shared, as :func:`games.stonewall.geometry.geometry`
    shares the geometry of equal boards)."""
    cache = _CACHES.get(geo)
    if cache is None:
        if len(_CACHES) > 16:
            _CACHES.clear()
        cache = _CACHES[geo] = LayoutCache()
    return cache
