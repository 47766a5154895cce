"""A layout's Joins derived from another layout's (games/stonewall/joins_kept.py) equals the
Joins built from its walls: the same trees, paired masks and one-way graph, the same answer for
every placed wall, and a rooted forest whose every subtree mask is whole. Checked along seeded
random walks of layouts (walls placed one by one, walls moved or taken away), each layout's
Joins derived from the one before (derived in turn: the chain play makes) and from an earlier
one several walls away, on the shipped board and on the boards with one-way lanes in the
middle; and a derivation made wrong on purpose is caught."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from games.stonewall import joins_kept
from games.stonewall.geometry import Geometry, geometry
from games.stonewall.joins import Joins, tables
from games.stonewall.moving import every_wall_moves
from games.stonewall.rules import default_board
from games.stonewall.walls import WallLayout, empty_layout, layout_of, set_bits
from tests.stonewall.test_stonewall_joins import arrows_board

BOARDS = {"shipped": default_board, "arrows 7": lambda: arrows_board(7),
          "arrows 12": lambda: arrows_board(12)}


def built_joins(layout: WallLayout) -> Joins:
    """``layout``'s Joins built from its walls (as if nothing were kept)."""
    geo = layout.geo
    table = tables(geo, geo.all_mask & ~empty_layout(geo).legal)
    return Joins(layout.geo, table, layout._indices(), layout.key[0], layout._refused(),
                 layout.legal)


def derived_joins(base: Joins, layout: WallLayout) -> Joins:
    """``layout``'s Joins derived from ``base`` (another layout's)."""
    return joins_kept.derived(base, joins_kept.placed_mask(layout._indices()), layout.key[0],
                              layout._refused(), layout.legal)


def walk(geo: Geometry, rng: random.Random, steps: int, most: int) -> Iterator[WallLayout]:
    """Layouts of a random walk: a legal wall placed (from the layout before), or, once there
    are ``most`` walls or at random, a placed wall moved where it may go or taken away (the
    layout worked out from its walls, as after a Change-a-Wall)."""
    layout = empty_layout(geo)
    for _ in range(steps):
        legal = set_bits(layout.legal)
        if layout.walls and (len(layout.walls) >= most or not legal or rng.random() < 0.3):
            old = rng.choice(layout.walls)
            layout._joins = built_joins(layout)  # its moves from the Joins built afresh
            moves = layout.moves_of(old)
            walls = [wall for wall in layout.walls if wall != old]
            if moves and rng.random() < 0.85:
                walls.append(rng.choice(moves))
            layout = layout_of(geo, walls)
        elif legal:
            layout = layout.with_wall(geo.all_candidates[rng.choice(legal)].wall)
        yield layout


def forest_errors(joins: Joins) -> list[str]:
    """Where ``joins``' rooted forest is not whole: a sub mask that is not the node and its
    children's subtrees, a left/up bit not matching the parent, a tree that is not its root's
    subtree (the border's tree: the border and its points' subtrees)."""
    table, sub, parent = joins.table, joins.sub, joins.parent
    expected = table.point_bits[:]
    for node, above in enumerate(parent):
        if above >= 0:
            expected[above] |= sub[node]
    errors = [f"sub of {node}" for node in range(len(sub)) if sub[node] != expected[node]]
    for node, above in enumerate(parent):
        if bool(joins.left >> node & 1) != (above >= 0 and above == node - 1) or \
                bool(joins.up >> node & 1) != (above >= 0 and above == node - table.width):
            errors.append(f"left/up of {node}")
    border = table.border
    for node in range(len(sub)):
        if table.point_bits[node] & table.border:
            border |= sub[node]
    if joins.trees[0] != border:
        errors.append("the border's tree")
    for tree in joins.trees[1:]:
        roots = [node for node in range(len(sub))
                 if parent[node] < 0 and tree >> node & 1 and sub[node] == tree]
        if len(roots) != 1:
            errors.append(f"tree {tree:x} has roots {roots}")
    return errors


def joins_differences(got: Joins, built: Joins, indices: list[int]) -> list[str]:
    """Where a derived Joins differs from the one built from the walls."""
    found = forest_errors(got)
    if set(got.trees) != set(built.trees) or len(got.trees) != len(built.trees):
        found.append("trees")
    for name in ("placed", "legal", "plain_refused", "odd_refused", "ends", "following",
                 "preceding", "below", "above", "walled_arrows", "arrow_groups"):
        if getattr(got, name) != getattr(built, name):
            found.append(name)
    if sorted(got.pairs) != sorted(built.pairs) or sorted(got.arrows) != sorted(built.arrows):
        found.append("one-way pairs")
    if every_wall_moves(got, indices) != every_wall_moves(built, indices):
        found.append("every_wall_moves")
    return found


def walk_differences(board: str, seed: int, steps: int, most: int) -> list[str]:
    """Per layout of a walk whose derived Joins differ from the built one: what differs."""
    geo = geometry(BOARDS[board]())
    rng = random.Random(seed)
    found: list[str] = []
    chain: Joins | None = None  # derived from the one before, all the way
    earlier: list[Joins] = []
    for step, layout in enumerate(walk(geo, rng, steps, most)):
        built = built_joins(layout)
        indices = layout._indices()
        bases = [] if chain is None else [chain]
        if len(earlier) > 4:  # one several walls away (walls both placed and taken away)
            bases.append(earlier[rng.randrange(len(earlier) - 4)])
        for base in bases:
            got = derived_joins(base, layout)
            wrong = joins_differences(got, built, indices)
            if wrong:
                found.append(f"{board} seed {seed} step {step}: {wrong}")
        chain = got if bases else built
        earlier = [*earlier[-30:], built]
    return found


@pytest.mark.parametrize("seed", range(4))
def test_derived_joins_equal_built_ones_on_the_shipped_board(seed: int) -> None:
    assert walk_differences("shipped", seed, 400, 38) == []


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("board", ["arrows 7", "arrows 12"])
def test_derived_joins_equal_built_ones_with_one_way_lanes(board: str, seed: int) -> None:
    assert walk_differences(board, 100 + seed, 250, 24 if board == "arrows 7" else 60) == []


def test_the_layouts_joins_are_derived_in_play_and_equal_built_ones() -> None:
    """WallLayout.joins derives from the board's last Joins (here: the layout before, or the
    one before a Change-a-Wall), and its answers are those of the Joins built afresh."""
    geo = geometry(default_board())
    derived = 0
    original = joins_kept.derived

    def counting(*args: object, **kwargs: object) -> Joins:
        nonlocal derived
        derived += 1
        return original(*args, **kwargs)  # type: ignore[arg-type]

    rng = random.Random(7)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("games.stonewall.walls.derived", counting)
        for layout in walk(geo, rng, 300, 36):
            joins = layout.joins()
            indices = layout._indices()
            assert joins_differences(joins, built_joins(layout), indices) == []
    assert derived > 200


@pytest.mark.parametrize("broken", ["ancestors not joined", "ancestors not parted",
                                    "root kept", "one-way groups not renamed",
                                    "the base's graph changed"])
def test_a_wrong_derivation_is_seen(broken: str) -> None:
    """The comparison fails when a step of the derivation is left out."""
    with pytest.MonkeyPatch.context() as patch:
        if broken == "ancestors not joined":  # the joined tree only under x, not above it
            def joined_at_node(forest: joins_kept.Forest, node: int, joined: int) -> None:
                forest.sub[node] |= joined
            patch.setattr(joins_kept.Forest, "_add_to_ancestors", joined_at_node)
        elif broken == "ancestors not parted":
            def parted_at_node(forest: joins_kept.Forest, node: int, below: int) -> None:
                forest.sub[node] ^= below
            patch.setattr(joins_kept.Forest, "_take_from_ancestors", parted_at_node)
        elif broken == "root kept":  # the joined tree not rooted again at its new point
            def rooted_as_before(forest: joins_kept.Forest, x: int, y: int) -> None:
                at_x, at_y = forest._tree_at(x), forest._tree_at(y)
                if at_x == at_y >= 0:
                    return
                joined = forest.trees[at_y] if at_y >= 0 else forest.point_bits[y]
                forest._set_parent(y, x)
                forest._add_to_ancestors(x, joined)
                if at_x >= 0:
                    forest.trees[at_x] |= joined
                else:
                    forest.trees.append(forest.point_bits[x] | joined)
                if at_y >= 0:
                    del forest.trees[at_y]
            patch.setattr(joins_kept.Forest, "link", rooted_as_before)
        elif broken == "the base's graph changed":  # renamed in the base, shared read only
            renamed = joins_kept._rename_graph

            def renamed_in_base(joins: Joins, base: Joins, rename: dict[int, int]) -> None:
                renamed(joins, base, rename)
                for name in ("following", "preceding", "below", "above"):
                    graph = getattr(base, name)
                    graph.clear()
                    graph.update(getattr(joins, name))
            patch.setattr(joins_kept, "_rename_graph", renamed_in_base)
        else:
            def shared(joins: Joins, base: Joins, placed_edges: int) -> bool:
                if placed_edges & joins.table.arrow_edges != base.walled_arrows:
                    return False
                for name in ("arrows", "pairs", "ends", "following", "preceding", "below",
                             "above", "walled_arrows", "arrow_groups"):
                    setattr(joins, name, getattr(base, name))
                return True
            patch.setattr(joins_kept, "_one_way_kept", shared)
        board = "arrows 7" if broken == "one-way groups not renamed" else "shipped"
        assert walk_differences(board, 1, 120, 30)
