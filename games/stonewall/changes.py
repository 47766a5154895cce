"""The Change-a-Wall actions of a listing, from where each placed wall may move. Pure.

A listing is, per placed wall in the state's order, the wall removed and then moved to each
place it may go, in the board's candidate order (:meth:`games.stonewall.walls.WallLayout.
change_actions`); where a wall may go is a paired mask of its length's positions
(:mod:`games.stonewall.joins`), in the board's order when the board's candidates are numbered
that way (:attr:`games.stonewall.joins.Tables.in_order`; else each run is sorted).

Per placed wall a :class:`WallChanges` keeps its actions, made once per board and shared by
every layout (one per pair of positions of a length: some 50,000 on the 9 x 9 board), by paired
bit, and its run of them per mask it may move to (a wall's moves are often the same in the next
layouts); a run not kept yet is read off the mask a bit at a time. Push takes a listed action
unchecked when :meth:`WallChanges.listed` finds it is one of these very objects.

A state's listing is a :class:`ChangeListing`, made lazily like Dammi il malloppo's turns: it
counts each wall's actions from its mask and makes an action only when one is asked for, by
index (random play takes one of some two hundred) or by going over it (then the walls' runs).
"""

from __future__ import annotations

from bisect import bisect_right

from games.stonewall.actions import ChangeWall
from games.stonewall.board import Wall
from games.stonewall.geometry import Candidate, Geometry
from games.stonewall.joins import Tables
from games.turnkit.engine import LazyListing

RUNS_KEPT = 64  # runs kept per placed wall at most (then forgotten and made again)


class WallChanges:
    """One candidate wall's Change-a-Wall actions (it placed), made as listings ask for them."""

    __slots__ = ("moved", "old", "places", "removed", "runs", "slot")

    def __init__(self, cand: Candidate, table: Tables, geo: Geometry) -> None:
        self.old = cand.wall
        self.slot = slot = table.walls[cand.index][1]
        self.places = _places(table, geo)[slot]  # per paired bit: the wall there
        self.removed = ChangeWall(cand.wall, None)
        # per paired bit of its length's masks: it moved there (made when first asked)
        self.moved: list[ChangeWall | None] = [None] * (2 * table.half)
        # per mask of places it may move to: it removed, then moved to each
        self.runs: dict[int, list[ChangeWall]] = {}

    def run(self, moves: int, table: Tables) -> list[ChangeWall]:
        """The actions of this wall when it may move to ``moves`` (a paired mask): it removed,
        then moved to each, in the board's order (kept)."""
        found = self.runs.get(moves)
        if found is not None:
            return found
        found = [self.removed]
        moved = self.moved
        if table.in_order:  # a handful of bits set in some 200: a bit at a time, lowest first
            rest = moves
            while rest:
                low = rest & -rest
                rest ^= low
                at = low.bit_length() - 1
                action = moved[at]
                found.append(action if action is not None else self._moved(at))
        else:  # paired order is not the board's: each action, sorted
            back = table.back_index[self.slot]
            pairs = []
            rest = moves
            while rest:
                low = rest & -rest
                rest ^= low
                at = low.bit_length() - 1
                pairs.append((back[at], self._moved(at)))
            found.extend(action for _, action in sorted(pairs, key=lambda pair: pair[0]))
        if len(self.runs) >= RUNS_KEPT:
            self.runs.clear()
        self.runs[moves] = found
        return found

    def nth(self, moves: int, count: int, table: Tables) -> ChangeWall:
        """This wall moved to the ``count``-th place of ``moves`` (from 0), in its run's order
        (the same object as in the run)."""
        if not table.in_order:
            return self.run(moves, table)[count + 1]
        for _ in range(count):
            moves &= moves - 1
        return self._moved((moves & -moves).bit_length() - 1)

    def listed(self, change: ChangeWall, moves: int, geo: Geometry, table: Tables) -> bool:
        """Whether ``change`` is this very wall's removal, or one of its very moves to a place
        of ``moves`` (a paired mask): an action this board's listings made."""
        new = change.new
        if new is None:
            return change is self.removed
        cand = geo.candidate_of_any(new)
        if cand is None:
            return False
        at = table.paired[cand.index]
        return at < len(self.moved) and self.moved[at] is change and moves >> at & 1 == 1

    def _moved(self, at: int) -> ChangeWall:
        """This wall moved to the position at paired bit ``at`` (made once)."""
        action = self.moved[at]
        if action is None:
            action = self.moved[at] = ChangeWall(self.old, self.places[at])
        return action


class ChangeParts:
    """A layout's Change-a-Wall listing before its actions are made: per placed wall in the
    listing's order, its :class:`WallChanges` and the paired mask of places it may move to (kept
    with the layout, shared by every :class:`ChangeListing` of it)."""

    __slots__ = ("_whole", "count", "ends", "moves", "rows", "table")

    def __init__(self, rows: list[WallChanges], moves: list[int], ends: list[int],
                 table: Tables) -> None:
        self.rows = rows
        self.moves = moves
        self.ends = ends  # per wall: the actions up to and including its own (its mask's bits + 1)
        self.table = table
        self.count = ends[-1] if ends else 0
        self._whole: list[ChangeWall] | None = None

    @classmethod
    def of(cls, indices: list[int], moves_of: dict[int, int], rows: dict[int, WallChanges],
           table: Tables, geo: Geometry) -> ChangeParts:
        """The parts of the placed walls of ``indices`` (candidate indices, in the listing's
        order), each moving to ``moves_of[index]`` (paired); a wall's row taken from ``rows``
        (the board's, made there when first asked)."""
        walls, masks, ends = [], [], []
        count = 0
        candidates = geo.all_candidates
        for index in indices:
            row = rows.get(index)
            if row is None:
                row = rows[index] = WallChanges(candidates[index], table, geo)
            moves = moves_of[index]
            walls.append(row)
            masks.append(moves)
            count += moves.bit_count() + 1  # it removed, then moved to each
            ends.append(count)
        return cls(walls, masks, ends, table)

    def at(self, index: int) -> ChangeWall:
        """The action at ``index`` (0 <= index < count), made if not made yet."""
        wall = bisect_right(self.ends, index)
        count = index - (self.ends[wall - 1] if wall else 0)
        row = self.rows[wall]
        return row.removed if count == 0 else row.nth(self.moves[wall], count - 1, self.table)

    def whole(self) -> list[ChangeWall]:
        """Every action in order (kept: the caller must not change it)."""
        found = self._whole
        if found is None:
            found = []
            table = self.table
            for row, moves in zip(self.rows, self.moves, strict=True):
                found += row.run(moves, table)
            self._whole = found
        return found


class ChangeListing(LazyListing[ChangeWall]):
    """A state's Change-a-Wall listing: the actions of its layout's :class:`ChangeParts`, each
    made only when asked for, by index or by going over them, the same object every time. Not
    a ``list`` but it acts as one (:class:`games.turnkit.engine.LazyListing`): a list's changes
    make every action and change this listing's own copy, never the layout's."""

    __slots__ = ("_parts",)

    def __init__(self, parts: ChangeParts) -> None:
        self._parts = parts
        self._all = None

    def _size(self) -> int:
        return self._parts.count

    def _at(self, index: int) -> ChangeWall:
        return self._parts.at(self._place(index, self._parts.count))

    def _every(self) -> list[ChangeWall]:
        return self._parts.whole()[:]


def _places(table: Tables, geo: Geometry) -> list[list[Wall | None]]:
    """Per length slot of ``table``'s board, the wall at each paired bit (None where none is;
    worked out once, kept on ``table``)."""
    found = table.places
    if found is None:
        walls: list[list[Wall | None]] = [[None] * (2 * table.half) for _ in range(table.slots)]
        for cand, (_, slot, _, _), at in zip(geo.all_candidates, table.walls, table.paired,
                                            strict=True):
            walls[slot][at] = cand.wall
        found = table.places = walls
    return found
