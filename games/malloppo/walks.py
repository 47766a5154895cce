"""Every move a Dammi il malloppo hand can make with one roll, for the legal-turn listing.
Pure Python.

The listing (``State._turn_list`` in :mod:`games.malloppo.rules`) asks, for each hand of the
player to move, where it can end with exactly the roll (the destinations in the order the
rules' walk search, :func:`games.turnkit.graph.named_walks`, gives them, each with its witness
path) and, next to each destination, which hands it may take a coin from.

That search finds, for each destination, the first walk there in neighbour order (north, east,
south, west at every step; never straight back) that enters no hand's square, and lists the
destinations in the order of those walks: its layers keep, per (square, previous square), the
first walk that reached it, so the walk kept for a destination is the first in that order of
all the legal walks there. A board has few walks of 1 to 6 steps (at most 4 x 3**5 = 972 from
a square), so :class:`WalkIndex` lists them once per start square and roll, grouped by
destination, each with its rank in that order and the squares it enters as bits (leaving out a
walk that enters every square an earlier walk to its destination enters: it is never the first
free one); a listing then takes, per destination, the first walk whose squares hold no hand,
and sorts the destinations by its rank: the same destinations, order and witness paths,
without a search. The tables are worked out on first use (the whole 9 x 9 board in about half
a second) and kept for the process. (``scripts/malloppo_reference.py`` and the tests compare
the listing with the search's.)
"""

from __future__ import annotations

import functools
import itertools
from typing import TYPE_CHECKING

from games.turnkit.grid import Square

if TYPE_CHECKING:
    from games.malloppo.board import Board

# One start square and roll's walks, grouped by destination, in plain ints and one tuple of
# squares (so the garbage collector has next to nothing to walk: a tuple of ints is not
# tracked, tuples of squares would be, some 60,000 of them per board):
# per destination (the bits every walk there enters, the bits its first walk enters, its
# first walk, its last + 1);
# per walk its rank (a list), the bits of the squares it enters and its destination; every
# walk's squares, one after the other, ``steps`` each; and what a listing reads of a walk
# (:data:`About`), worked out for the first walks with the table, for the others as they are
# taken (a few per destination in all: the first walk there is free in most positions); then,
# per walk the bits of its destination's neighbours (the listing counts its turns in C).
Table = tuple[
    tuple[tuple[int, int, int, int], ...], list[int], tuple[int, ...], tuple[int, ...],
    tuple[Square, ...], list["About | None"], tuple[int, ...],
]
# what a listing reads of a walk it takes, worked out the first time: its destination, its
# squares (the witness path), the steal choices per bits of the destination's neighbours, and
# the bits of those neighbours
About = tuple[Square, tuple[Square, ...], dict[int, tuple[tuple[Square, ...], ...]], int]
# one hand's moves (:meth:`WalkIndex.moves`): the walks taken, the number of turns they make,
# the table's About per walk (each taken walk's is worked out) and the bits of the hands
Moves = tuple[tuple[int, ...], int, list["About | None"], int]

_TWO_TO = (1).__lshift__  # 2 ** n
MOVES_KEPT = 50_000  # the most moves :meth:`WalkIndex.moves` keeps (then it starts again)


@functools.lru_cache(maxsize=4096)
def steal_choices(squares: tuple[Square, ...]) -> tuple[tuple[Square, ...], ...]:
    """Every choice of neighbours to take a coin from, none first, in the order
    :func:`itertools.combinations` gives them, each sorted (as a ``Turn`` keeps it)."""
    return tuple(
        tuple(sorted(picked))
        for count in range(len(squares) + 1)
        for picked in itertools.combinations(squares, count)
    )


class WalkIndex:
    """One board's walks without turning back, per start square and number of steps (worked
    out on first use), and the steal choices per square and neighbours holding hands."""

    def __init__(self, board: Board) -> None:
        self.names = board.square_list
        self.adjacency = board.adjacency
        self.bits = tuple(1 << number for number in range(len(self.names)))
        self.size = board.size
        self.bit_of = dict(zip(self.names, self.bits, strict=True))  # square -> its bit
        self._destinations: dict[tuple[int, int], Table] = {}
        # per (start square, steps): the bits of the squares that matter, and the moves kept
        # per hands on them (:meth:`moves`)
        self._known: dict[tuple[int, int], tuple[int, dict[int, tuple[tuple[int, ...], int]]]] = {}
        self._kept = 0

    def destinations(self, start: int, steps: int) -> Table:
        """Every destination of a walk of ``steps`` steps from square ``start`` on an empty
        board, with its walks in neighbour order (:data:`Table`)."""
        found = self._destinations.get((start, steps))
        if found is None:
            found = self._destinations[start, steps] = self._walk(start, steps)
        return found

    def _walk(self, start: int, steps: int) -> Table:
        adjacency, bits, names = self.adjacency, self.bits, self.names
        grouped: dict[int, list[tuple[int, int, tuple[int, ...]]]] = {}
        rank = 0
        # depth first in neighbour order: (square, previous, squares entered, their bits)
        stack: list[tuple[int, int, tuple[int, ...], int]] = [(start, -1, (), 0)]
        while stack:
            here, previous, entered, mask = stack.pop()
            if len(entered) == steps:
                kept = grouped.setdefault(here, [])
                # a walk entering every square an earlier one there enters (and more) is
                # never the first free one: leave it out
                if not any(earlier & mask == earlier for _, earlier, _ in kept):
                    kept.append((rank, mask, entered))
                rank += 1
                continue
            for following in reversed(adjacency[here]):  # popped in neighbour order
                if following != previous:
                    stack.append((following, here, (*entered, following),
                                  mask | bits[following]))
        destinations: list[tuple[int, int, int, int]] = []
        ranks: list[int] = []
        masks: list[int] = []
        ends: list[int] = []
        squares: list[Square] = []
        for end, walks in grouped.items():
            common = functools.reduce(lambda a, b: a & b, (mask for _, mask, _ in walks))
            destinations.append((common, walks[0][1], len(ranks), len(ranks) + len(walks)))
            for walk_rank, mask, entered in walks:
                ranks.append(walk_rank)
                masks.append(mask)
                ends.append(end)
                squares.extend(names[number] for number in entered)
        paths: list[About | None] = [None] * len(ranks)
        ends_of, squares_of = tuple(ends), tuple(squares)
        for _, _, first, _ in destinations:  # first walks are taken in most positions
            paths[first] = self._about(first, steps, ends_of, squares_of)
        adjacent = self._adjacent_bits
        # the ranks a list: a list's __getitem__ is a quick sort key, a tuple's a slow call
        return (tuple(destinations), ranks, tuple(masks), ends_of, squares_of, paths,
                tuple(adjacent[end] for end in ends))

    @functools.cached_property
    def _steals_at(self) -> tuple[dict[int, tuple[tuple[Square, ...], ...]], ...]:
        """Per square: the bits of any set of its neighbours (none too) -> :func:`steal_choices`
        of those neighbours taken in neighbour order (``((),)`` for none)."""
        names, bits = self.names, self.bits
        found = []
        for around in self.adjacency:
            choices: dict[int, tuple[tuple[Square, ...], ...]] = {}
            for count in range(len(around) + 1):
                for picked in itertools.combinations(around, count):
                    near = sum(bits[other] for other in picked)
                    choices[near] = steal_choices(tuple(names[other] for other in picked))
            found.append(choices)
        return tuple(found)

    def steal_choices(self, number: int, near: int) -> tuple[tuple[Square, ...], ...]:
        """:func:`steal_choices` of the neighbours of square ``number`` whose bits are in
        ``near``, taken in neighbour order."""
        return self._steals_at[number][near & self._adjacent_bits[number]]

    def moves(self, start: Square, steps: int, blocked: int) -> Moves:
        """Every destination of a hand on ``start`` moving ``steps`` steps, when the squares
        whose bits are in ``blocked`` hold hands it may neither enter nor pass (and may take a
        coin from), as :data:`Moves`: the walks taken (one per destination, in the rules'
        order), the number of turns they make (each destination's steal choices), the table's
        :data:`About` per walk and the hands that matter (each walk's destination, witness
        path and steal choices: ``about[2][about[3] & hands]``, ``((),)`` for none).

        Kept per start square, roll and the hands that matter there (those on a square some
        walk enters or beside a destination): a position's hands recur (a third of the
        listings in random play, more the longer it plays), and the walks and count are a
        tuple of ints (nothing for the garbage collector to walk)."""
        number = start.y * self.size + start.x
        known = self._known.get((number, steps))
        if known is None:
            known = self._known[number, steps] = (self._matters(number, steps), {})
        matters, memo = known
        key = blocked & matters
        found = memo.get(key)
        if found is None:
            if self._kept >= MOVES_KEPT:  # a long process: start again
                for _, older in self._known.values():
                    older.clear()
                self._kept = 0
            found = memo[key] = self._find(number, steps, key)
            self._kept += 1
        return found[0], found[1], self._destinations[number, steps][5], key

    def forget(self) -> None:
        """Drop the moves :meth:`moves` keeps (the walk tables stay): as a fresh process."""
        self._known.clear()
        self._kept = 0

    def _matters(self, number: int, steps: int) -> int:
        """The bits of the squares whose hands can change the moves from square ``number``
        with ``steps``: every square a walk enters, and every destination's neighbours."""
        _, _, masks, ends, *_ = self.destinations(number, steps)
        found = 0
        for mask in masks:
            found |= mask
        for end in set(ends):
            found |= self._adjacent_bits[end]
        return found

    def _find(self, number: int, steps: int, blocked: int) -> tuple[tuple[int, ...], int]:
        """:meth:`moves` worked out: the walks taken and the number of turns they make."""
        destinations, ranks, masks, ends, squares, paths, arounds = self.destinations(
            number, steps)
        # per destination the first walk whose squares hold no hand: mostly its first walk,
        # and then the destinations stay in the order of their first walks
        chosen: list[int] = []
        taken = chosen.append
        late = False
        for common, first_mask, first, last in destinations:
            if not first_mask & blocked:
                taken(first)
            elif not common & blocked:  # else every walk there is blocked (its end, say)
                for walk in range(first + 1, last):
                    if not masks[walk] & blocked:
                        taken(walk)
                        if paths[walk] is None:
                            paths[walk] = self._about(walk, steps, ends, squares)
                        late = True
                        break
        if late:
            chosen.sort(key=ranks.__getitem__)  # ranks differ: the order of the walks kept
        # each destination's steal choices: every subset of the hands beside it
        count = sum(map(_TWO_TO, map(int.bit_count, map(blocked.__and__,
                                                         map(arounds.__getitem__, chosen)))))
        return tuple(chosen), count

    def _about(
        self, walk: int, steps: int, ends: tuple[int, ...], squares: tuple[Square, ...]
    ) -> About:
        """What a listing reads of a walk it takes (:data:`About`)."""
        end = ends[walk]
        return (self.names[end], squares[walk * steps:(walk + 1) * steps], self._steals_at[end],
                self._adjacent_bits[end])

    @functools.cached_property
    def _adjacent_bits(self) -> tuple[int, ...]:
        bits = self.bits
        return tuple(sum(bits[other] for other in around) for around in self.adjacency)


_INDEXES: dict[int, tuple[Board, WalkIndex]] = {}


def walk_index(board: Board) -> WalkIndex:
    """The :class:`WalkIndex` of ``board`` (one per board object, kept for the process)."""
    held = _INDEXES.get(id(board))
    if held is None or held[0] is not board:
        if len(_INDEXES) >= 8:  # boards read from many files: keep the last few
            _INDEXES.clear()
        held = _INDEXES[id(board)] = (board, WalkIndex(board))
    return held[1]
