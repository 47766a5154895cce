"""The Change-a-Wall listing's fast paths agree with the plain ones on many layouts:
games/stonewall/moving.py's all-walls loop (each wall length written out, every length's
per-tree masks at once, one-way parts joined alike taken together) with :meth:`Joins.moves`
wall by wall, and games/stonewall/changes.py's actions (a wall's run decoded a bit at a time,
kept per mask) with the actions made one by one from each wall's moves; push takes a listing's
very actions unchecked, and only where they are legal. The flood comparisons
of test_stonewall_joins.py check :meth:`Joins.moves` itself."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator

import pytest
from test_stonewall_joins import seeded_layout

from games.stonewall import changes
from games.stonewall.actions import ChangeWall
from games.stonewall.board import Wall
from games.stonewall.changes import WallChanges
from games.stonewall.geometry import geometry
from games.stonewall.joins import Joins
from games.stonewall.moving import _alike, _zoned, every_wall_moves
from games.stonewall.rules import (
    IllegalMove,
    State,
    action_from_json,
    action_to_json,
    default_board,
)
from games.stonewall.walls import WallLayout, layout_cache, set_bits
from scripts.stonewall_reference import change_positions


def layouts(seed: int, count: int) -> Iterator[WallLayout]:
    """Layouts of the shipped board: as random games reach Change-a-Wall, and seeded ones of
    few to many walls (built afresh: nothing asked of them yet)."""
    geo = geometry(default_board())
    for state in change_positions(count, seed=seed):
        yield WallLayout.built(geo, state.placed)
    rng = random.Random(seed)
    for _ in range(count):
        yield WallLayout.built(geo, seeded_layout(geo, rng, rng.choice((6, 15, 30, 45, 70))).walls)


def fresh_joins(layout: WallLayout) -> Joins:
    """A twin of the layout's joins with nothing worked out yet."""
    joins = layout.joins()
    return Joins(layout.geo, joins.table, layout._indices(), layout.key[0], layout._refused(),
                 layout.legal)


def loop_differences(layout: WallLayout, joins: Joins) -> list[str]:
    """The walls whose moves from the all-walls loop differ from :meth:`Joins.moves` asked
    wall by wall (on a twin of ``joins``)."""
    indices = layout._indices()
    alone = fresh_joins(layout)
    candidates = layout.geo.all_candidates
    expected = [alone.moves(candidates[index]) for index in indices]
    got = every_wall_moves(joins, indices)
    return [str(candidates[index].wall) for index, want, have
            in zip(indices, expected, got, strict=True) if want != have]


@pytest.mark.parametrize("seed", range(4))
def test_the_all_walls_loop_answers_each_wall_as_moves_does(seed: int) -> None:
    """Walls of one, two and three edges, in the border's tree and others, their tree's one-way
    edges in one part or several: the loop's masks are :meth:`Joins.moves`'s."""
    checked = 0
    for layout in layouts(40 + seed, 150):
        assert loop_differences(layout, fresh_joins(layout)) == []
        checked += 1
    assert checked == 300


@pytest.mark.parametrize("seed", range(2))
def test_parts_joined_alike_taken_together_agree_with_each_part_apart(seed: int) -> None:
    """The shortcut for a tree whose one-way edges all join it with the same groups (its parts
    with one-way edges taken together) against :meth:`Joins._paths` part by part (the shortcut
    turned off): the same masks, and the shortcut is taken."""
    taken = 0
    for layout in layouts(60 + seed, 100):
        plain = fresh_joins(layout)
        plain._alike = {tree: False for tree in plain.trees}  # never alike: part by part
        shortcut = fresh_joins(layout)
        indices = layout._indices()
        assert every_wall_moves(plain, indices) == every_wall_moves(shortcut, indices)
        taken += sum(shortcut._alike.values()) if shortcut._alike else 0
    assert taken > 50


@pytest.mark.parametrize("seed", range(2))
def test_every_lengths_masks_of_a_tree_are_the_bundles_of_each_length(seed: int) -> None:
    for layout in layouts(80 + seed, 100):
        joins = fresh_joins(layout)
        every_wall_moves(joins, layout._indices())
        assert joins._tree_bundles
        alone = fresh_joins(layout)
        for tree, rows in joins._tree_bundles.items():
            assert rows == [alone._bundle(tree, slot, length)
                            for length, slot in alone.table.slot_of.items()]


def test_a_wrong_answer_of_the_loop_is_seen() -> None:
    """The comparison fails when the loop gets one wall wrong (a part's masks changed)."""
    layout = next(layouts(5, 1))
    joins = fresh_joins(layout)
    every_wall_moves(joins, layout._indices())
    assert joins._tree_bundles
    rows = next(iter(joins._tree_bundles.values()))
    base, keep, _, joined, through = rows[0]
    rows[0] = (base, keep, 0, joined, through)  # no position with two points in the tree
    assert loop_differences(layout, joins) != []


def actions_one_by_one(layout: WallLayout) -> list[ChangeWall]:
    """The Change-a-Wall listing made plainly: each wall removed, then moved to each position
    of :meth:`WallLayout.move_mask`, in the board's order."""
    candidates = layout.geo.all_candidates
    found = []
    for wall in layout.walls:
        found.append(ChangeWall(wall, None))
        found.extend(ChangeWall(wall, candidates[index].wall)
                     for index in set_bits(layout.move_mask(wall)))
    return found


@pytest.mark.parametrize("kept", [changes.RUNS_KEPT, 2])
def test_the_listings_actions_are_each_walls_moves_in_order(
    kept: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Runs made, kept, forgotten (two kept per wall) and found again; actions made once and
    shared: the listing is the plain one on every layout."""
    monkeypatch.setattr(changes, "RUNS_KEPT", kept)
    geo = geometry(default_board())
    layout_cache(geo).changes.clear()
    checked = 0
    for layout in layouts(90, 120):
        listing = layout.change_actions(layout.walls)
        assert listing == actions_one_by_one(layout)
        checked += 1
    assert checked == 240
    rows = layout_cache(geo).changes
    assert all(len(row.runs) <= kept for row in rows.values())
    # each action made once per board: a wall's moves to one place are one object
    for row in rows.values():
        made = [action for action in row.moved if action is not None]
        assert len({id(action) for action in made}) == len(made)
        for run in row.runs.values():
            assert run[0] is row.removed and all(action in made for action in run[1:])


def test_a_run_out_of_the_boards_order_is_sorted() -> None:
    """A board whose paired order is not its candidate order: each run sorted by candidate
    (here the same order, taken the slow way), and each place read by its number in it."""
    geo = geometry(default_board())
    for layout in layouts(95, 20):
        table = layout.joins().table
        unordered = copy.copy(table)
        unordered.in_order = False
        for index in layout._indices():
            cand = geo.all_candidates[index]
            moves = layout._paired_moves(cand)
            straight = WallChanges(cand, table, geo).run(moves, table)
            sorted_run = WallChanges(cand, table, geo).run(moves, unordered)
            assert sorted_run == straight
            for order in (table, unordered):  # each place by its number (a listing's index)
                row = WallChanges(cand, table, geo)
                assert [row.nth(moves, count, order) for count in range(moves.bit_count())] \
                    == straight[1:]


def test_a_tree_is_joined_alike_when_all_its_one_way_edges_reach_the_same_groups() -> None:
    """Whether a tree's one-way edges all join it with the same groups, as the loop keeps it,
    against each edge's groups worked out (the border's tree joins several: not alike)."""
    seen = set()
    for layout in layouts(70, 60):
        joins = fresh_joins(layout)
        for tree in joins.trees:
            if tree not in joins.ends or (joins.preceding.get(tree)
                                          and joins.following.get(tree)):
                continue
            ends = joins._ends_of(tree)
            assert ends is not None
            expected = len(set(ends[1].values())) == 1
            assert _alike(joins, tree) == expected
            seen.add(expected)
    assert seen == {True, False}


def touching(points: int, length: int) -> int:
    """Paired positions of ``length`` with a point in ``points``."""
    found = 0
    for shift in range(length + 1):
        found |= points >> shift
    return found


def test_parts_joined_with_different_groups_are_taken_one_by_one() -> None:
    """A tree split so that its one-way edges fall in two parts joined with different groups
    (made up here: no tree of the shipped board is): a position stays refused when it touches
    a part and a group that part is joined with, each part with its own groups."""
    checked = 0
    for layout in layouts(75, 40):
        joins = fresh_joins(layout)
        everything = (1 << 2 * joins.table.half) - 1
        for tree, ends in joins.ends.items():
            if tree not in joins.trees or ends.bit_count() < 2:
                continue
            first = ends & -ends  # its lowest one-way point in a part of its own
            low = joins.table.point_bits[first.bit_length() - 1]
            rest = tree & ~low
            others = [group for group in joins.ends if group != tree]
            if len(others) < 2 or (joins.preceding.get(tree) and joins.following.get(tree)):
                continue
            one, two = others[0], others[1]
            reach = {point: one if point == first.bit_length() - 1 else two
                     for point in range(joins.table.half) if ends >> point & 1}
            joins._tree_ends[tree] = (ends, reach)
            joins._alike = {tree: False}
            joined = touching(tree, 2) & (touching(one, 2) | touching(two, 2))
            expected = everything & ~(touching(low, 2) & touching(one, 2)) \
                & ~(touching(rest, 2) & touching(two, 2))
            assert _zoned(joins, tree, [low, rest], everything, joined, 2) == expected
            checked += 1
    assert checked > 20


def test_push_takes_the_listings_very_changes_unchecked_and_only_where_legal(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    """A listed Change-a-Wall is pushed without the full check (the layout knows it for its
    own); an equal new object gets the full check; the engine's own action for a move that is
    not legal here (onto another placed wall) is refused as a player's would be."""
    checked: list[object] = []
    full_check = State._check_change

    def spy(state: State, change: ChangeWall) -> object:
        checked.append(change)
        return full_check(state, change)

    monkeypatch.setattr(State, "_check_change", spy)
    rng = random.Random(7)
    tried = 0
    for state in change_positions(12, seed=31):
        listing = state.legal_actions()
        action = rng.choice(listing)
        twin = State.from_json(state.to_json())
        twin.push(action_from_json(action_to_json(action)))  # a new object: checked in full
        assert checked == [action]
        checked.clear()
        mover = state.copy()
        mover.push(action)  # the listed object itself
        assert checked == [] and mover.to_json() == twin.to_json()
        geo, layout = state.geo, state.layout
        table = layout.joins().table
        same_length = [(old, other) for old in state.placed for other in state.placed
                       if other is not old and other.length == old.length]
        if not same_length:
            continue
        old, other = same_length[0]
        row = layout_cache(geo).changes[geo.candidate_of[old].index]
        onto = row._moved(table.paired[geo.candidate_of[other].index])
        assert onto.new == other and onto not in listing  # the engine's own, not legal here
        with pytest.raises(IllegalMove):
            state.push(onto)
        assert checked == [onto]  # refused by the full check
        checked.clear()
        for garbled in (ChangeWall(Wall("h", [1], 2, 1), None),  # type: ignore[arg-type]
                        ChangeWall(old, Wall("h", [1], 2, 1))):  # type: ignore[arg-type]
            with pytest.raises(IllegalMove, match="allowed: a whole number"):
                state.push(garbled)  # said in one line, not a TypeError from a lookup
        tried += 1
    assert tried > 5
