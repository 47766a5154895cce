"""One layout's :class:`~games.stonewall.joins.Joins` derived from another layout's. Pure.

Building a layout's Joins from its walls floods the sealed segments and sums every subtree
(:class:`~games.stonewall.joins.Joins`). In play the next Change-a-Wall listing's layout differs
from the last listed one by a few walls (one moved, a few placed), so
:meth:`games.stonewall.walls.WallLayout.joins` derives it from the last Joins worked out on the
board instead: its rooted forest changed segment by segment, and its paired masks by the
difference of the candidate masks.

* Taking a wall away first: each of its segments (not sealed without it) is a tree edge; the
  child's subtree leaves the sub masks of the parent and its ancestors and becomes a tree of its
  own, rooted at the child (a tree left with one point is a lone point again).
* Then placing the new walls: a legal layout's sealed segments make no loop, so each segment
  joins two different trees (or lone points). Tree B joins tree A at segment (x in A, y in B):
  B is rooted again at y (along y's old path to the root each node's new subtree is B less the
  old subtree of the node before it on the path, and the parent links turn round), then B's
  points join the sub masks of x and its ancestors. The border's tree stays rooted at the border
  (the other tree goes under it), and stays first.
* The paired masks (:meth:`Tables.to_paired` maps each candidate to one bit: it keeps xor) are
  the other Joins' with the difference's bits flipped. The one-way graph is the other Joins'
  (its groups renamed) when the same one-way edges are walled and their points fall in the same
  groups (the groups' trees may have grown elsewhere), else worked out afresh. Renaming makes
  anew only what holds a renamed group (a key, or a set found through the reverse graph): the
  rest is shared with the other Joins, read only.

``tests/stonewall/test_stonewall_joins_kept.py`` compares it with Joins built from the walls.
"""

from __future__ import annotations

from typing import TypeVar

from games.stonewall.joins import Joins, Tables

_V = TypeVar("_V")

# derive across at most this many walls taken away or placed, else build from the walls: on
# the shipped board (caches warm), deriving across 1 wall costs some 10 us, across 6 some 27 us
# and across 8 about as much as building (32 us)
MOST_WALLS_APART = 6
# a mask converted to paired ones a bit at a time up to this many bits, else by
# Tables.to_paired's masked shifts (on the shipped board, even at about 18 bits: 3.5 us)
FEW_BITS = 18
# the paired masks :func:`_flipped` changes, by their column in :func:`_flips`' rows
ALL, TWO_WAY, ODD = 1, 2, 3


def placed_mask(indices: list[int]) -> int:
    """The candidates of ``indices`` as a candidate mask."""
    placed = 0
    for index in indices:
        placed |= 1 << index
    return placed


def walls_apart(base: Joins, placed: int) -> int:
    """How many walls differ between ``base``'s layout and the walls of ``placed`` (a
    candidate mask)."""
    return (base.placed ^ placed).bit_count()


def derived(base: Joins, placed: int, placed_edges: int, refused: int, legal: int) -> Joins:
    """The Joins of the legal layout of the walls of ``placed`` (a candidate mask; its placed
    edges, its refused positions on no wall and across none, and its legal positions), derived
    from ``base`` (another legal layout's of the same board)."""
    table = base.table
    joins = Joins.__new__(Joins)
    joins.geo, joins.table = base.geo, table
    joins.placed = placed
    forest = Forest(base)
    links = table.links
    rest = base.placed & ~placed
    while rest:
        low = rest & -rest
        rest ^= low
        for a, b in links[low.bit_length() - 1]:
            forest.cut(a, b)
    rest = placed & ~base.placed
    while rest:
        low = rest & -rest
        rest ^= low
        for a, b in links[low.bit_length() - 1]:
            forest.link(a, b)
    joins.sub, joins.parent, joins.trees = forest.sub, forest.parent, forest.trees
    joins.left, joins.up = forest.left, forest.up
    joins.legal_mask, joins.refused_mask = legal, refused
    changed = legal ^ base.legal_mask
    joins.legal = _flipped(table, base.legal, changed, ALL) if changed else base.legal
    changed = refused ^ base.refused_mask
    if changed:
        joins.plain_refused = _flipped(table, base.plain_refused, changed, TWO_WAY)
        joins.odd_refused = _flipped(table, base.odd_refused, changed, ODD) \
            if table.any_odd else base.odd_refused
    else:
        joins.plain_refused, joins.odd_refused = base.plain_refused, base.odd_refused
    if not _one_way_kept(joins, base, placed_edges):
        joins._one_way(placed_edges)
    joins._new_caches()
    return joins


def _flips(table: Tables) -> list[tuple[int, int, int, int]]:
    """The per-candidate bits :func:`_flipped` turns (worked out once per board, kept on
    ``table``): per candidate, its length slot and its paired bit as it stands in the paired
    masks of every position, of those refused and two-way, and of the odd refused (0 where a
    mask never holds it)."""
    found = table.flips
    if found is None:
        found = table.flips = [
            (slot, 1 << at, 1 << at & table.ok[slot], 1 << at & table.odd[slot])
            for (_, slot, _, _), at in zip(table.walls, table.paired, strict=True)]
    return found


def _flipped(table: Tables, masks: list[int], changed: int, column: int) -> list[int]:
    """Paired masks (one per length, of every position: ``column`` ALL; of the two-way ones:
    TWO_WAY; of the odd ones: ODD) with the candidates of ``changed`` flipped: a bit at a time
    when it has few (the difference of two layouts' masks usually has a handful: cheaper than
    :meth:`Tables.to_paired`'s masked shifts, which cost the same for any mask)."""
    if changed.bit_count() > FEW_BITS:
        keep = table.ok if column == TWO_WAY else table.odd if column == ODD else None
        differ = table.to_paired(changed)
        if keep is not None:
            differ = [now & ok for now, ok in zip(differ, keep, strict=True)]
        return [was ^ now for was, now in zip(masks, differ, strict=True)]
    found = masks[:]
    flips = _flips(table)
    while changed:
        low = changed & -changed
        changed ^= low
        flip = flips[low.bit_length() - 1]
        found[flip[0]] ^= flip[column]
    return found


def _one_way_kept(joins: Joins, base: Joins, placed_edges: int) -> bool:
    """Give ``joins`` the one-way graph of ``base``, its groups renamed, when the same
    one-way edges are walled and their points fall in the same groups (True; else False)."""
    table = joins.table
    if placed_edges & table.arrow_edges != base.walled_arrows:
        return False
    points = table.arrow_points
    was = base.arrow_groups
    now: dict[int, int] = {}
    rename: dict[int, int] = {}  # old name -> new (plain loops: a listing finds them cold)
    for tree in joins.trees:
        ends = tree & points
        if ends:
            old = was.get(ends)
            if old is None:
                return False
            now[ends] = tree
            if old != tree:
                rename[old] = tree
    if len(now) != len(was):
        return False
    joins.walled_arrows, joins.arrow_groups = base.walled_arrows, now
    if rename:
        _rename_graph(joins, base, rename)
    else:  # the same groups: the same graph (read only)
        joins.arrows, joins.pairs, joins.ends = base.arrows, base.pairs, base.ends
        joins.following, joins.preceding = base.following, base.preceding
        joins.below, joins.above = base.below, base.above
    return True


def _rename_graph(joins: Joins, base: Joins, rename: dict[int, int]) -> None:
    """Give ``joins`` the one-way graph of ``base`` with the groups of ``rename`` renamed."""
    get = rename.get
    arrows = []
    for p, q, first, second in base.arrows:
        arrows.append((p, q, get(first, first), get(second, second)))
    pairs = []
    for first, second in base.pairs:
        pairs.append((get(first, first), get(second, second)))
    joins.arrows, joins.pairs = arrows, pairs
    joins.ends = _keys_renamed(base.ends, rename)
    following, preceding, below, above = base.following, base.preceding, base.below, base.above
    joins.following = _renamed(following, preceding, rename)
    joins.preceding = _renamed(preceding, following, rename)
    joins.below = _renamed(below, above, rename)
    joins.above = _renamed(above, below, rename)


def _keys_renamed(groups: dict[int, _V], rename: dict[int, int]) -> dict[int, _V]:
    """A copy of ``groups`` with the keys of ``rename`` renamed, the values shared. A renamed
    group's new name is no group's old one (a tree's points at one-way edges name it), so the
    keys can be moved one by one."""
    found = groups.copy()
    for old, new in rename.items():
        if old in found:
            found[new] = found.pop(old)
    return found


def _renamed(graph: dict[int, set[int]], reverse: dict[int, set[int]],
             rename: dict[int, int]) -> dict[int, set[int]]:
    """``graph`` (group -> groups; ``reverse``: the same edges the other way) with its groups
    renamed. Only what a renamed group touches is made anew: its key, and the sets holding it
    (found through ``reverse``); the other sets are shared, read only, with ``graph``."""
    found = _keys_renamed(graph, rename)
    get = rename.get
    for old, new in rename.items():
        for group in reverse.get(old, ()):
            key = get(group, group)
            others = found[key]
            if others is graph[group]:  # still shared: copied before it changes
                others = found[key] = others.copy()
            others.discard(old)
            others.add(new)
    return found


class Forest:
    """A Joins' rooted forest, copied to be changed a segment at a time (:func:`derived`)."""

    __slots__ = ("left", "low", "parent", "point_bits", "sub", "trees", "up", "width")

    def __init__(self, base: Joins) -> None:
        table = base.table
        self.sub, self.parent, self.trees = base.sub[:], base.parent[:], base.trees[:]
        self.left, self.up = base.left, base.up
        self.width, self.point_bits, self.low = table.width, table.point_bits, table.low

    def _tree_at(self, point: int) -> int:
        """The index in :attr:`trees` of ``point``'s tree (-1: a lone point)."""
        for at, tree in enumerate(self.trees):
            if tree >> point & 1:
                return at
        return -1

    def _set_parent(self, node: int, above: int) -> None:
        """Give ``node`` the parent ``above`` (-1: none), keeping :attr:`left` and :attr:`up`."""
        self.parent[node] = above
        bit = 1 << node
        if above < 0:
            self.left &= ~bit
            self.up &= ~bit
        elif above == node - 1:
            self.left |= bit
            self.up &= ~bit
        elif above == node - self.width:
            self.up |= bit
            self.left &= ~bit
        else:
            self.left &= ~bit
            self.up &= ~bit

    def cut(self, a: int, b: int) -> None:
        """Take away the tree edge between grid points ``a`` and ``b``."""
        parent, sub = self.parent, self.sub
        if parent[b] == a:
            child, top = b, a
        elif parent[a] == b:
            child, top = a, b
        else:  # two border points: no tree edge
            return
        below = sub[child]
        self._take_from_ancestors(top, below)
        self._set_parent(child, -1)
        trees = self.trees
        at = self._tree_at(child)
        rest = trees[at] ^ below
        low = self.low
        if at == 0 or rest & low & (rest & low) - 1:
            trees[at] = rest
        else:  # one point left: a lone point
            del trees[at]
        if below & low & (below & low) - 1:
            trees.append(below)

    def _take_from_ancestors(self, node: int, below: int) -> None:
        """Take ``below`` (a subtree cut off ``node``) from the sub masks of ``node`` and its
        ancestors."""
        parent, sub = self.parent, self.sub
        while node >= 0:
            sub[node] ^= below
            node = parent[node]

    def link(self, x: int, y: int) -> None:
        """Seal the segment between grid points ``x`` and ``y`` (in different trees)."""
        at_x, at_y = self._tree_at(x), self._tree_at(y)
        if at_x == at_y and at_x >= 0:  # two border points: not a tree edge
            return
        if at_y == 0:  # keep the border's tree rooted at the border
            x, y, at_x, at_y = y, x, at_y, at_x
        trees, sub, parent = self.trees, self.sub, self.parent
        joined = trees[at_y] if at_y >= 0 else self.point_bits[y]
        # root y's tree at y, under x
        node, above, inner = y, x, 0
        while node >= 0:
            old = sub[node]
            sub[node] = joined ^ inner
            following = parent[node]
            self._set_parent(node, above)
            node, above, inner = following, node, old
        self._add_to_ancestors(x, joined)
        if at_x >= 0:
            trees[at_x] |= joined
        else:
            trees.append(self.point_bits[x] | joined)
        if at_y >= 0:
            del trees[at_y]

    def _add_to_ancestors(self, node: int, joined: int) -> None:
        """Add ``joined`` (a tree put under ``node``) to the sub masks of ``node`` and its
        ancestors."""
        parent, sub = self.parent, self.sub
        while node >= 0:
            sub[node] |= joined
            node = parent[node]
