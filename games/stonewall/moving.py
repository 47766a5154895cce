"""Where every placed wall may move, all the walls of a layout in one loop. Pure.

A Change-a-Wall listing asks :func:`every_wall_moves` for every placed wall at once: the answer
of :meth:`games.stonewall.joins.Joins.moves` for each wall, from the same per-tree masks
(:meth:`Joins._bundle`, here for every length of a tree at once), with what one wall needs
written out straight for walls of one, two and three edges instead of lists of parts per wall:

* The parts a wall's tree splits into without it follow from which of the wall's points is its
  top (nearest the root): a wall of two edges has three cases, each two subtrees and the rest.
* The one-way paths: a part holding none of the tree's one-way edges' points is joined with
  nothing; when the parts that hold them are joined with the same groups (one such part, or a
  tree whose one-way edges all reach the same groups: every tree of the shipped board but the
  border's), a position stays refused when it touches those parts and a group they are joined
  with (:meth:`Joins._paths` worked out per part only when they differ).

Boards with odd positions (on one-way or dead edges) and walls on such edges take
:meth:`Joins.moves`. ``tests/stonewall/test_stonewall_moving.py`` compares this loop with
:meth:`Joins.moves` wall by wall.
"""

from __future__ import annotations

from games.stonewall.geometry import Geometry
from games.stonewall.joins import Joins, Tables

# A part of at most three grid points (each in both halves of a paired mask) is a path of
# sealed segments, or a point: two of its points in one position lie on a segment of it, and
# such a position is refused still (on a wall: the loop's last step; or never legal).
_FEW = 6


def every_wall_moves(joins: Joins, indices: list[int]) -> list[int | None]:
    """:meth:`Joins.moves` of each placed wall of ``indices`` (candidate indices), in order."""
    table = joins.table
    candidates = joins.geo.all_candidates
    if table.any_odd:
        return [joins.moves(candidates[index]) for index in indices]
    quick, conflicts_of = table.quick, _paired_conflicts(joins.geo, table)
    sub, left, up = joins.sub, joins.left, joins.up
    trees = sorted(joins.trees, key=int.bit_count, reverse=True)  # the likeliest first
    legal, ends_of, placed = joins.legal, joins.ends, joins.placed
    rows_of = joins._tree_bundles
    if rows_of is None:
        rows_of = joins._tree_bundles = {}
    found_of: list[int | None] = []
    append = found_of.append
    for index in indices:
        length, slot, points, step, plain_conflicts, itself = quick[index]
        if not itself or length > 3:  # a wall on a one-way or dead edge; a longer wall
            append(joins.moves(candidates[index]))
            continue
        a = points[0]
        for tree in trees:  # the wall's own tree (its points are joined by it)
            if tree >> a & 1:
                break
        rows = rows_of.get(tree)
        if rows is None:
            rows = _tree_bundles(joins, tree)
        base, keep, in_tree, joined, through = rows[slot]
        found: int | None = base | plain_conflicts & keep
        if not found:
            append(legal[slot] & itself)
            continue
        # nodes whose parent is the point before them along the wall
        ups = left if step == 1 else up
        if length == 1:
            b = points[1]
            below = sub[b] if ups >> b & 1 else sub[a]
            inside = found & in_tree
            if inside:  # both points in the tree: apart when one is below, the other not
                found ^= inside & ~(below ^ below >> 1)
            if through or found & joined:
                ends = ends_of[tree]
                if not ends & ~below:  # the one-way paths as they were, through a part
                    found &= ~(joined & (below | below >> 1))
                elif not ends & below:
                    above = tree & ~below
                    found &= ~(joined & (above | above >> 1))
                elif not through and _alike(joins, tree):  # both parts joined alike
                    found &= ~joined
                else:
                    found = joins._paths(tree, [below, tree & ~below], found, joined, 1)
        elif length == 2:
            m, b = points[1], points[2]
            if ups >> m & 1:  # a is the top: b below m below a
                low = sub[b]
                below = sub[m]
                mid = below & ~low
            elif ups >> b & 1:  # m is the top: a and b below it
                low = sub[a]
                mid = sub[b]
                below = low | mid
            else:  # b is the top: a below m below b
                low = sub[a]
                below = sub[m]
                mid = below & ~low
            top = tree & ~below
            inside = found & in_tree
            if inside:  # two points in this tree: apart only if none in one part
                found ^= inside
                inside &= below | below >> 1 | below >> 2
                if inside:
                    pairs = top & top >> 1
                    inside &= ~(pairs | pairs >> 1 | top & top >> 2)
                    if inside and low.bit_count() > _FEW:
                        pairs = low & low >> 1
                        inside &= ~(pairs | pairs >> 1 | low & low >> 2)
                    if inside and mid.bit_count() > _FEW:
                        pairs = mid & mid >> 1
                        inside &= ~(pairs | pairs >> 1 | mid & mid >> 2)
                    found |= inside
            if through or found & joined:
                if ends_of[tree] & below:
                    found = _zoned(joins, tree, [low, mid, top], found, joined, 2)
                else:  # the one-way paths as they were, through the top
                    found &= ~(joined & (top | top >> 1 | top >> 2))
        else:
            c, d, b = points[1], points[2], points[3]
            if ups >> c & 1:  # a is the top: b below d below c below a
                low = sub[b]
                mid = sub[d]
                below = sub[c]
                high = below & ~mid
                mid &= ~low
            elif ups >> d & 1:  # c is the top: a below it, b below d below it
                low = sub[a]
                high = sub[d]
                mid = sub[b]
                below = low | high
                high &= ~mid
            elif ups >> b & 1:  # d is the top: a below c below it, b below it
                low = sub[a]
                mid = sub[c]
                high = sub[b]
                below = mid | high
                mid &= ~low
            else:  # b is the top: a below c below d below b
                low = sub[a]
                mid = sub[c]
                below = sub[d]
                high = below & ~mid
                mid &= ~low
            top = tree & ~below
            inside = found & in_tree
            if inside:  # two points in this tree: apart only if none in one part
                found ^= inside
                inside &= below | below >> 1 | below >> 2 | below >> 3
                for part in (top, low, mid, high):
                    if not inside:
                        break
                    if part.bit_count() <= _FEW:
                        continue
                    pairs = part & part >> 1
                    pairs |= pairs >> 1 | part & part >> 2
                    inside &= ~(pairs | pairs >> 1 | part & part >> 3)
                found |= inside
            if through or found & joined:
                if ends_of[tree] & below:
                    found = _zoned(joins, tree, [low, mid, high, top], found, joined, 3)
                else:  # the one-way paths as they were, through the top
                    found &= ~(joined & (top | top >> 1 | top >> 2 | top >> 3))
        if found is None:
            append(None)
            continue
        crossing = found & plain_conflicts
        if crossing:  # on or across this wall: maybe on or across another one too
            others = placed & ~(1 << index)
            conflicts = conflicts_of[slot]
            while crossing:
                low = crossing & -crossing
                crossing ^= low
                if conflicts[low.bit_length() - 1] & others:
                    found ^= low
        append((legal[slot] | found) & itself)
    return found_of


def _zoned(joins: Joins, tree: int, parts: list[int], found: int, joined: int,
           length: int) -> int | None:
    """``found`` less the positions joining two groups by a one-way path with ``tree`` split
    into ``parts`` (None: a tree one-way paths go through split apart): those touching a part
    with one-way edges and a group it is joined with (:meth:`Joins._paths`)."""
    ends = joins.ends[tree]
    zones = 0
    count = 0
    for part in parts:
        if part & ends:
            zones |= part
            count += 1
    through = joins.preceding.get(tree) and joins.following.get(tree)
    if count > 1 and (through or not _alike(joins, tree)):  # parts joined with other groups
        return joins._paths(tree, parts, found, joined, length)
    touched = zones
    for shift in range(1, length + 1):
        touched |= zones >> shift
    return found & ~(joined & touched)


def _alike(joins: Joins, tree: int) -> bool:
    """Whether every one-way edge of ``tree`` (one no path goes through) joins it with the same
    groups (kept per layout)."""
    known = joins._alike
    if known is None:
        known = joins._alike = {}
    found = known.get(tree)
    if found is None:
        groups = joins.following.get(tree) if not joins.preceding.get(tree) \
            else joins.preceding.get(tree)
        if groups is not None and len(groups) == 1:  # every edge with the same group
            found = known[tree] = True
            return found
        if tree in joins._tree_ends:
            ends = joins._tree_ends[tree]
        else:
            ends = joins._tree_ends[tree] = joins._ends_of(tree)
        found = known[tree] = ends is not None and len(set(ends[1].values())) == 1
    return found


def _tree_bundles(joins: Joins, tree: int) -> list[tuple[int, ...]]:
    """:meth:`Joins._bundle` of ``tree`` for every length at once, per length slot (kept per
    layout in ``joins._tree_bundles``)."""
    rows_of = joins._tree_bundles
    assert rows_of is not None
    if list(joins.table.slot_of) != [1, 2, 3]:  # not the shipped lengths: one at a time
        rows = rows_of[tree] = [joins._bundle(tree, slot, length)
                                for length, slot in joins.table.slot_of.items()]
        return rows
    shared = joins._all_lengths
    if shared is None:
        shared = joins._all_lengths = _all_lengths(joins)
    twice_of, every_one, every_two, touch_of, all_bad = shared
    one, two, three = twice_of[tree]
    three_elsewhere = 0  # three edges: two points here may leave two in another tree
    for other, masks in twice_of.items():
        if other != tree:
            three_elsewhere |= masks[2]
    mine = touch_of.get(tree)
    if mine is None:
        bad_one, bad_two, bad_three = all_bad
        joined_one = joined_two = joined_three = 0
    else:
        bad_one = bad_two = bad_three = joined_one = joined_two = joined_three = 0
        for first, second in joins.pairs:
            if first == tree or second == tree:
                near = touch_of[second if first == tree else first]
                joined_one |= near[0]
                joined_two |= near[1]
                joined_three |= near[2]
            else:
                near, far = touch_of[first], touch_of[second]
                bad_one |= near[0] & far[0]
                bad_two |= near[1] & far[1]
                bad_three |= near[2] & far[2]
        # only a position touching this tree too may be joined through it
        joined_one &= mine[0]
        joined_two &= mine[1]
        joined_three &= mine[2]
    through = int(bool(joins.preceding.get(tree)) and bool(joins.following.get(tree)))
    refused = joins.plain_refused
    # two points in this tree leave at most one elsewhere (one or two edges)
    keep_one = ~(every_one & ~one | bad_one)
    keep_two = ~(every_two & ~two | bad_two)
    keep_three = ~(three_elsewhere | bad_three)
    rows = rows_of[tree] = [
        (refused[0] & keep_one, keep_one, one, joined_one, through),
        (refused[1] & keep_two, keep_two, two, joined_two, through),
        (refused[2] & keep_three, keep_three, three, joined_three, through)]
    return rows


def _all_lengths(joins: Joins) -> tuple[dict[int, tuple[int, int, int]], int, int,
                                          dict[int, tuple[int, int, int]], tuple[int, int, int]]:
    """For walls of one, two and three edges, paired: per tree the positions with two points
    in it; those with two points in one tree (one and two edges); per group at one-way edges
    the positions touching it; and those touching two groups joined by a one-way path."""
    twice_of = {}
    every_one = every_two = 0
    for tree in joins.trees:
        pairs = tree & tree >> 1
        gaps = tree & tree >> 2
        two = pairs | pairs >> 1 | gaps
        twice_of[tree] = (pairs, two, two | pairs >> 2 | gaps >> 1 | tree & tree >> 3)
        every_one |= pairs
        every_two |= two
    touch_of = {}
    for group in joins.ends:
        one = group | group >> 1
        two = one | group >> 2
        touch_of[group] = (one, two, two | group >> 3)
    bad_one = bad_two = bad_three = 0
    for first, second in joins.pairs:
        near, far = touch_of[first], touch_of[second]
        bad_one |= near[0] & far[0]
        bad_two |= near[1] & far[1]
        bad_three |= near[2] & far[2]
    return twice_of, every_one, every_two, touch_of, (bad_one, bad_two, bad_three)


def _paired_conflicts(geo: Geometry, table: Tables) -> list[list[int]]:
    """Per length slot and paired bit: the candidates the position there lies on or crosses
    (worked out once per board, kept on ``table``)."""
    found = table.paired_conflicts
    if found is None:
        found = table.paired_conflicts = [
            [geo.conflicts[bit.bit_length() - 1] if bit else 0 for bit in row]
            for row in table.back]
    return found
