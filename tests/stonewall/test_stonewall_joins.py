"""Where each placed wall may move (a Change-a-Wall), as the all-walls structure of
games/stonewall/joins.py works it out, equals the per-wall exact check on seeded layouts: every
position of the wall's length that lies on no other wall and crosses none, checked by a flood
over the squares with the wall taken away. On the shipped board (one-way corner bays, trees of
walls joining them) and on a board with one-way arrows and edges no arc crosses in the middle."""

from __future__ import annotations

import random

import pytest

from games.stonewall.actions import ChangeWall
from games.stonewall.board import Board, Square, Wall
from games.stonewall.geometry import Geometry, geometry
from games.stonewall.joins import Joins, Tables, expand_steps
from games.stonewall.moving import every_wall_moves
from games.stonewall.rules import default_board
from games.stonewall.walls import WallLayout, empty_layout, set_bits


def arrows_board(size: int = 7) -> Board:
    """A ``size`` x ``size`` board whose one-way arrows lie in the middle: lanes of them one
    way and back (one-way edges at their ends, edges no arc crosses along their sides)."""
    arrows = (
        (Square(2, 1), "S"), (Square(2, 2), "S"), (Square(3, 1), "S"),
        (Square(4, 4), "N"), (Square(4, 5), "N"), (Square(1, 4), "E"), (Square(2, 4), "E"),
    )
    last = size - 1
    return Board(size=size,
                 corners=(Square(0, 0), Square(last, 0), Square(last, last), Square(0, last)),
                 corner_names=("red", "blue", "green", "yellow"), roll_again=Square(3, 3),
                 permanent_edges=frozenset(), arrows=arrows)


def seeded_layout(geo: Geometry, rng: random.Random, walls: int) -> WallLayout:
    """A layout of up to ``walls`` legal walls placed one by one at random."""
    layout = empty_layout(geo)
    for _ in range(walls):
        legal = set_bits(layout.legal)
        if not legal:
            break
        layout = layout.with_wall(geo.all_candidates[rng.choice(legal)].wall)
    return layout


def moves_by_flood(layout: WallLayout, wall: Wall) -> int:
    """Where ``wall`` may move, each position checked by a flood over the squares."""
    geo = layout.geo
    old = geo.candidate_of[wall]
    less = layout._less(wall, old, light=True)
    found = 0
    for index in set_bits(geo.length_mask[wall.length] & ~less.excluded & ~old.bit):
        if less.connected_with(geo.all_candidates[index]):
            found |= 1 << index
    return found


def differences(layout: WallLayout) -> list[str]:
    """Per placed wall whose moves differ from the flood's: the positions too many or missing."""
    geo = layout.geo
    found = []
    for wall in layout.walls:
        expected = moves_by_flood(layout, wall)
        got = layout.move_mask(wall)
        if got != expected:
            extra = [str(geo.all_candidates[i].wall) for i in set_bits(got & ~expected)]
            missing = [str(geo.all_candidates[i].wall) for i in set_bits(expected & ~got)]
            found.append(f"{wall}: {extra} freed wrongly, {missing} missed")
    return found


@pytest.mark.parametrize("seed", range(12))
def test_every_walls_moves_equal_the_flood_on_the_shipped_board(seed: int) -> None:
    geo = geometry(default_board())
    rng = random.Random(seed)
    for walls in (8, 20, 34, 60):
        layout = seeded_layout(geo, rng, walls)
        assert differences(layout) == []
        joins = layout.joins()
        # the structure answers every wall here (none left to the per-wall check)
        assert all(joins.freed(geo.candidate_of[wall]) is not None for wall in layout.walls)
        assert None not in every_wall_moves(joins, layout._indices())


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("board", ["shipped", "arrows"])
def test_the_listing_moves_each_wall_where_the_flood_says(seed: int, board: str) -> None:
    """The Change-a-Wall listing, every wall answered at once (a layout built afresh, nothing
    asked before): each wall removed, then moved to each place the flood finds, in order."""
    geo = geometry(default_board() if board == "shipped" else arrows_board(12))
    rng = random.Random(300 + seed)
    for walls in (10, 34, 60):
        placed = seeded_layout(geo, rng, walls).walls
        layout = WallLayout.built(geo, placed)
        flood = {wall: moves_by_flood(layout, wall) for wall in placed}
        expected = []
        for wall in placed:
            expected.append(ChangeWall(wall, None))
            expected.extend(ChangeWall(wall, geo.all_candidates[index].wall)
                            for index in set_bits(flood[wall]))
        assert WallLayout.built(geo, placed).change_actions(placed) == expected


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("size", [7, 12])
def test_every_walls_moves_equal_the_flood_with_arrows_in_the_middle(
    seed: int, size: int
) -> None:
    """Also on a board of more grid points than the shipped one's (the masks' halves grow)."""
    geo = geometry(arrows_board(size))
    assert geo.one_way_mask and geo.dead_mask  # one-way edges and an edge no arc crosses
    rng = random.Random(100 + seed)
    for walls in (4, 10, 18, 30) if size == 7 else (10, 30, 60):
        assert differences(seeded_layout(geo, rng, walls)) == []


def test_a_wrong_freed_set_is_seen() -> None:
    """The comparison fails when a wall's moves are wrong (a position freed too many)."""
    geo = geometry(default_board())
    layout = seeded_layout(geo, random.Random(5), 30)
    wall = layout.walls[0]
    old = geo.candidate_of[wall]
    table = layout.joins().table
    slot = table.slot_of[wall.length]
    moves = layout._paired_moves(old)  # the listing's answer, as the joins keep it
    refused = table.ok[slot] & ~moves & ~(1 << table.paired[old.index])
    layout._removals[old.index] = moves | (refused & -refused)
    assert differences(layout) and differences(layout)[0].startswith(str(wall))


def paired_bit_by_bit(table: Tables, mask: int) -> list[int]:
    """:meth:`Tables.to_paired` worked out a candidate at a time."""
    found = [0] * table.slots
    for index in set_bits(mask):
        found[table.walls[index][1]] |= 1 << table.paired[index]
    return found


@pytest.mark.parametrize("board", ["shipped", "arrows 7", "arrows 12"])
def test_candidate_masks_become_paired_ones_as_bit_by_bit(board: str) -> None:
    """The masked shifts of to_paired (and its fallback for candidates out of paired order)
    move every candidate to its bit of its length's paired mask."""
    geo = geometry(default_board() if board == "shipped" else arrows_board(int(board[7:])))
    table = Tables(geo, geo.all_mask & ~empty_layout(geo).legal)
    assert table.expand is not None  # the candidates are in paired order
    rng = random.Random(7)
    count = len(geo.all_candidates)
    masks = [1 << index for index in range(count)] + [geo.all_mask] + [
        rng.getrandbits(count) & rng.getrandbits(count) for _ in range(300)]
    for mask in masks:
        assert table.to_paired(mask) == paired_bit_by_bit(table, mask)
    table.expand = None
    for mask in masks[count:]:
        assert table.to_paired(mask) == paired_bit_by_bit(table, mask)


def test_masked_shifts_move_bits_to_increasing_targets_only() -> None:
    steps = expand_steps([1, 2, 6, 7, 13])
    assert steps is not None
    moved = 0b10110
    for moving, shift in steps:
        part = moved & moving
        moved = moved ^ part | part << shift
    assert moved == 1 << 2 | 1 << 6 | 1 << 13
    assert expand_steps([0, 3, 2]) is None
    assert expand_steps([0, 0]) is None  # two bits to one place


def plain_one_way(joins: Joins, placed_edges: int) -> dict[str, object]:
    """The one-way graph of ``joins`` worked out from its trees, edge by edge (no plan)."""
    table = joins.table
    group_of = {p: tree for tree in joins.trees for p in set_bits(tree & table.arrow_points)}
    graph: dict[str, object] = {}
    arrows = []
    following: dict[int, set[int]] = {}
    preceding: dict[int, set[int]] = {}
    ends: dict[int, int] = {}
    for bit, p, q in table.arrows:
        if not placed_edges & bit:
            first = group_of.get(p, table.point_bits[p])
            second = group_of.get(q, table.point_bits[q])
            arrows.append((p, q, first, second))
            following.setdefault(first, set()).add(second)
            preceding.setdefault(second, set()).add(first)
            ends[first] = ends.get(first, 0) | 1 << p
            ends[second] = ends.get(second, 0) | 1 << q
    below: dict[int, set[int]] = {}
    for node in ends:
        reached, todo = set(), [node]
        while todo:
            for nxt in following.get(todo.pop(), ()):
                if nxt not in reached:
                    reached.add(nxt)
                    todo.append(nxt)
        below[node] = reached - {node}
    above: dict[int, set[int]] = {}
    for node, reached in below.items():
        for other in reached:
            above.setdefault(other, set()).add(node)
    graph.update(arrows=sorted(arrows), ends=ends, following=following, preceding=preceding,
                 below=below, above=above,
                 pairs=sorted((node, other) for node, reached in below.items()
                              for other in reached),
                 arrow_groups={tree & table.arrow_points: tree for tree in joins.trees
                               if tree & table.arrow_points},
                 walled_arrows=placed_edges & table.arrow_edges)
    return graph


@pytest.mark.parametrize("board", ["shipped", "arrows 7", "arrows 12"])
def test_the_one_way_graph_from_a_kept_plan_equals_one_worked_out_plainly(board: str) -> None:
    """Joins rename a plan kept per board (per way the one-way edges' points fall in trees):
    every layout's graph is the one worked out from its own trees."""
    geo = geometry(default_board() if board == "shipped" else arrows_board(int(board[7:])))
    rng = random.Random(11)
    table = Tables(geo, geo.all_mask & ~empty_layout(geo).legal)
    kept = 0
    for _ in range(40):
        for walls in (3, 12, 30, 60):
            layout = seeded_layout(geo, rng, walls)
            joins = Joins(geo, table, layout._indices(), layout.key[0], layout._refused(),
                          layout.legal)
            kept = len(table.one_way_plans)
            # also as if some one-way edges were walled (no legal layout walls one)
            walled = [bit for bit, _, _ in table.arrows if rng.random() < 0.3]
            for placed_edges in (layout.key[0], layout.key[0] | sum(walled)):
                joins._one_way(placed_edges)
                got = {name: getattr(joins, name) for name in (
                    "ends", "following", "preceding", "below", "above", "arrow_groups",
                    "walled_arrows")}
                got.update(arrows=sorted(joins.arrows), pairs=sorted(joins.pairs))
                assert got == plain_one_way(joins, placed_edges)
    assert 1 < kept < 240, kept  # plans are shared by layouts
