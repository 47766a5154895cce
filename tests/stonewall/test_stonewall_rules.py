"""Stonewall rules, one test (or a few) per clause of the rulebook and of issue 4.

Board coordinates: red starts at (0,0) and heads for (8,8); blue (8,0) -> (0,8); green
(8,8) -> (0,0); yellow (0,8) -> (8,0). The Roll Again square is (4,4).
"""

from __future__ import annotations

import dataclasses
import json
import random
import re

import pytest
from stonewall_helpers import BLUE, GREEN, RED, YELLOW, destinations, play_random, position

from games.core.rng import Chance
from games.stonewall.board import Square, Wall
from games.stonewall.rules import (
    WALL_COUNT,
    BadPath,
    BadRoll,
    ChangeWall,
    IllegalMove,
    MovePiece,
    NoMove,
    NoWallInStock,
    Pass,
    PathBlocked,
    Phase,
    PlaceWall,
    Roll,
    State,
    StateError,
    WallCutsPath,
    WallIsolatesSquare,
    WallOffBoard,
    WallOverlaps,
    WrongPhase,
    default_board,
)


def path(*squares: tuple[int, int]) -> MovePiece:
    return MovePiece(tuple(Square(*sq) for sq in squares))


def finish_turn(state: State) -> None:
    state.push(Pass())


# --- set-up -------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_to_four_players_start_on_their_corners(players: int) -> None:
    state = State(players)
    assert [state.position(p) for p in range(players)] == list(state.board.corners[:players])


@pytest.mark.parametrize("players", [1, 5])
def test_one_or_five_players_are_refused(players: int) -> None:
    with pytest.raises(ValueError, match="2 to 4 players"):
        State(players)


def test_two_players_take_adjacent_corners() -> None:
    state = State(2)
    red, blue = state.position(RED), state.position(BLUE)
    assert red.y == blue.y and red.x != blue.x  # same board edge


@pytest.mark.parametrize("players", [2, 3, 4])
def test_sixty_walls_are_divided_equally(players: int) -> None:
    state = State(players)
    assert all(stock == state.stocks[0] for stock in state.stocks)
    totals = [sum(stock[i] for stock in state.stocks) for i in range(3)]
    assert totals == [24, 24, 12]
    assert state.wall_total() == WALL_COUNT == 60


def test_each_corner_is_the_change_a_wall_corner_of_the_diagonal_player() -> None:
    state = State(4)
    for player in range(4):
        assert state.far_corner(player) == state.home((player + 2) % 4)
        home = state.board.square(state.home(player))
        far = state.board.square(state.far_corner(player))
        assert home.x != far.x and home.y != far.y


# --- opening and order --------------------------------------------------------------------
def test_opening_highest_roll_starts() -> None:
    state, chance = State(4), Chance(0)
    chance.force(2, 5, 3, 1)
    for _ in range(4):
        assert state.phase is Phase.OPENING
        state.roll_with(chance)
    assert state.phase is Phase.ROLL and state.current == BLUE


def test_opening_ties_reroll_among_the_tied_only() -> None:
    state, chance = State(4), Chance(0)
    chance.force(3, 6, 6, 1)
    for _ in range(4):
        state.roll_with(chance)
    assert state.phase is Phase.OPENING and state.contenders == [BLUE, GREEN]
    assert state.current == BLUE
    chance.force(2, 5)
    state.roll_with(chance)
    state.roll_with(chance)
    assert state.phase is Phase.ROLL and state.current == GREEN


def test_play_goes_clockwise() -> None:
    state = position(4, current=RED, roll=1)
    order = []
    for _ in range(4):
        state.push(state.legal_moves()[0])
        finish_turn(state)
        order.append(state.current)
        state.push(Roll(1))
    assert order == [BLUE, GREEN, YELLOW, RED]


# --- moving -------------------------------------------------------------------------------
def test_move_is_exactly_the_roll_in_orthogonal_steps() -> None:
    state = position(roll=3, at={RED: (4, 2)})
    for move in state.legal_moves():
        assert len(move.path) == 3
        steps = zip((Square(4, 2), *move.path), move.path, strict=False)
        assert all(abs(a.x - b.x) + abs(a.y - b.y) == 1 for a, b in steps)
    with pytest.raises(BadPath, match="2 squares for a roll of 3"):
        state.push(path((4, 3), (4, 4)))
    with pytest.raises(BadPath, match="not one square straight across"):
        state.push(path((5, 3), (5, 4), (5, 5)))


def test_a_move_never_enters_a_square_twice() -> None:
    state = position(roll=4, at={RED: (4, 2)})
    assert Square(4, 2) not in destinations(state)  # a loop back to the start is not allowed
    with pytest.raises(BadPath, match="twice"):
        state.push(path((5, 2), (5, 3), (5, 2), (6, 2)))
    with pytest.raises(BadPath, match="twice"):
        state.push(path((5, 2), (5, 3), (4, 3), (4, 2)))


def test_placed_walls_cannot_be_moved_through() -> None:
    wall = Wall("h", 4, 3, 1)  # between (4,2) and (4,3)
    state = position(roll=1, at={RED: (4, 2)}, walls=(wall,))
    assert destinations(state) == {Square(3, 2), Square(5, 2), Square(4, 1)}
    with pytest.raises(PathBlocked, match="the single wall under E3 blocks the step from E3 to E4"
                       ) as refused:
        state.push(path((4, 3)))
    assert refused.value.blocker == wall and refused.value.square == Square(4, 3)


def test_permanent_corner_walls_cannot_be_moved_through() -> None:
    state = position(roll=1, at={RED: (1, 1)})
    assert Square(1, 0) not in destinations(state) and Square(0, 1) not in destinations(state)
    with pytest.raises(PathBlocked, match="permanent wall blocks the step from B2 to B1") as no:
        state.push(path((1, 0)))
    assert no.value.blocker == Wall("h", 1, 1, 1)


def test_arrow_squares_are_entered_and_left_only_in_their_direction() -> None:
    at_home = position(roll=1, at={RED: (0, 0)})
    assert destinations(at_home) == {Square(0, 1)}  # (1,0) points west, into the corner
    with pytest.raises(PathBlocked, match="against the arrow"):
        at_home.push(path((1, 0)))
    below = position(roll=1, at={RED: (0, 2)})
    assert Square(0, 1) not in destinations(below)  # (0,1) points south
    beside = position(roll=1, at={RED: (2, 0)})
    assert Square(1, 0) in destinations(beside)


def test_pieces_move_over_opponents_without_stomping() -> None:
    state = position(roll=3, at={RED: (2, 3), BLUE: (2, 5)})
    state.push(path((2, 4), (2, 5), (2, 6)))
    assert state.position(BLUE) == Square(2, 5)


def test_no_move_is_refused_while_a_move_exists() -> None:
    state = position(roll=3, at={RED: (4, 2)})
    with pytest.raises(IllegalMove, match="can move 3 squares"):
        state.push(NoMove())


# --- Roll Again ---------------------------------------------------------------------------
def test_roll_again_square_counts_one_when_passed() -> None:
    state = position(roll=3, at={RED: (4, 2)})
    state.push(path((4, 3), (4, 4), (4, 5)))
    assert state.position(RED) == Square(4, 5)
    finish_turn(state)
    assert state.current == BLUE  # passing through gives no extra turn


def test_ending_on_roll_again_gives_another_turn() -> None:
    state = position(roll=2, at={RED: (4, 2)})
    state.push(path((4, 3), (4, 4)))
    finish_turn(state)
    assert (state.current, state.phase) == (RED, Phase.ROLL)
    state.push(Roll(1))
    state.push(path((4, 5)))
    finish_turn(state)
    assert state.current == BLUE


def test_ending_on_roll_again_with_a_four_gives_two_more_turns() -> None:
    state = position(roll=4, at={RED: (4, 0)})
    state.push(path((4, 1), (4, 2), (4, 3), (4, 4)))
    finish_turn(state)
    for square in ((4, 5), (4, 6)):
        assert (state.current, state.phase) == (RED, Phase.ROLL)
        state.push(Roll(1))
        state.push(path(square))
        finish_turn(state)
    assert state.current == BLUE


def test_roll_again_may_be_left_by_the_entry_doorway_after_ending_there() -> None:
    state = position(roll=2, at={RED: (4, 2)})
    state.push(path((4, 3), (4, 4)))
    finish_turn(state)
    state.push(Roll(1))
    assert Square(4, 3) in destinations(state)


def test_passing_through_roll_again_leaves_by_another_doorway() -> None:
    state = position(roll=3, at={RED: (4, 2)})
    middle = state.board.index((4, 4))
    through = [p for p, _ in state.walks(3) if middle in p[:-1]]
    assert through
    for walk in through:
        i = walk.index(middle)
        before = walk[i - 1] if i else state.positions[RED]
        assert walk[i + 1] != before


def test_roll_again_doorway_closed_by_a_placed_wall() -> None:
    state = position(roll=1, at={RED: (4, 4)}, walls=(Wall("h", 4, 5, 1),))
    assert destinations(state) == {Square(3, 4), Square(5, 4), Square(4, 3)}


# --- fours --------------------------------------------------------------------------------
def test_a_four_gives_another_turn() -> None:
    state = position(roll=4, at={RED: (2, 2)})
    state.push(path((2, 3), (2, 4), (2, 5), (2, 6)))
    finish_turn(state)
    assert (state.current, state.phase) == (RED, Phase.ROLL)


def test_there_is_no_limit_to_fours() -> None:
    state = position(roll=4, at={RED: (2, 0)})
    for _ in range(3):
        state.push(state.legal_moves()[0])
        finish_turn(state)
        assert state.current == RED
        state.push(Roll(4))


def test_a_four_counts_even_without_a_possible_move_or_a_wall() -> None:
    state = position(roll=1, at={RED: (2, 2)})
    state.push(state.legal_moves()[0])
    state.push(PlaceWall(Wall("h", 5, 6, 1)))
    assert state.current == BLUE


# --- stomping -----------------------------------------------------------------------------
def test_stomp_sends_opponent_home_and_restores_wall_change() -> None:
    state = position(roll=2, at={RED: (2, 3), BLUE: (2, 5)}, reached={BLUE: True})
    state.push(path((2, 4), (2, 5)))
    assert state.position(BLUE) == Square(8, 0)
    assert state.reached_far[BLUE] is False
    assert state.goal(BLUE) == state.board.index((0, 8))


def test_stomped_player_must_change_a_wall_again() -> None:
    wall = Wall("v", 4, 2, 2)
    state = position(roll=2, current=BLUE, at={BLUE: (6, 6), RED: (6, 8)},
                     reached={RED: True}, walls=(wall,))
    state.push(path((6, 7), (6, 8)))  # blue stomps red, who had used their change
    finish_turn(state)
    state.positions[RED] = state.board.index((5, 8))  # red races back to the corner
    state.current, state.phase, state.roll = RED, Phase.MOVE, 3
    state.push(path((6, 8), (7, 8), (8, 8)))
    assert state.phase is Phase.CHANGE


# --- Change a Wall ------------------------------------------------------------------------
def test_landing_on_change_a_wall_corner_obliges_a_wall_change() -> None:
    wall = Wall("v", 4, 2, 2)
    state = position(roll=3, at={RED: (5, 8)}, walls=(wall,))
    state.push(path((6, 8), (7, 8), (8, 8)))
    assert state.phase is Phase.CHANGE and state.reached_far[RED]
    with pytest.raises(WrongPhase):
        state.push(Pass())  # the change replaces the placement option
    with pytest.raises(WrongPhase):
        state.push(PlaceWall(Wall("h", 2, 2, 1)))
    state.push(ChangeWall(wall, None))
    assert state.placed == [] and state.removed == [0, 1, 0]
    assert state.current == BLUE and state.wall_total() == 60


def test_passing_through_change_a_wall_corner_obliges_a_wall_change() -> None:
    state = position(roll=5, at={RED: (5, 8)}, walls=(Wall("v", 4, 2, 2),))
    state.push(path((6, 8), (7, 8), (8, 8), (8, 7), (8, 6)))
    assert state.phase is Phase.CHANGE


def test_paths_with_and_without_the_change_corner_are_both_offered() -> None:
    state = position(roll=5, at={RED: (5, 8)})
    to_86 = [m for m in state.legal_moves() if m.destination == Square(8, 6)]
    assert sorted(Square(8, 8) in m.path for m in to_86) == [False, True]


def test_wall_change_moves_a_wall() -> None:
    old, new = Wall("v", 4, 2, 2), Wall("h", 2, 6, 2)
    state = position(roll=3, at={RED: (5, 8)}, walls=(old,))
    state.push(path((6, 8), (7, 8), (8, 8)))
    state.push(ChangeWall(old, new))
    assert state.placed == [new] and state.removed == [0, 0, 0]
    assert state.wall_total() == 60


def test_changed_wall_obeys_the_same_checks() -> None:
    old = Wall("v", 4, 2, 1)
    state = position(roll=3, at={RED: (5, 8)}, walls=(old,))
    state.push(path((6, 8), (7, 8), (8, 8)))
    before = state.to_json()
    with pytest.raises(WallCutsPath, match="green"):
        state.push(ChangeWall(old, Wall("h", 0, 2, 1)))  # would close green's exit at (0,0)
    with pytest.raises(WallOverlaps, match="permanent"):
        state.push(ChangeWall(old, Wall("h", 1, 1, 1)))
    with pytest.raises(IllegalMove, match="length 1, not 2"):
        state.push(ChangeWall(old, Wall("h", 2, 2, 2)))
    assert state.to_json() == before


def test_wall_change_happens_only_once_per_game() -> None:
    state = position(roll=2, at={RED: (6, 8)}, reached={RED: True}, walls=(Wall("v", 4, 2, 2),))
    state.push(path((7, 8), (8, 8)))
    assert state.phase is Phase.WALL


def test_wall_change_lapses_when_no_wall_is_placed() -> None:
    state = position(roll=3, at={RED: (5, 8)})
    state.push(path((6, 8), (7, 8), (8, 8)))
    assert state.phase is Phase.WALL and state.reached_far[RED]


# --- placing walls ------------------------------------------------------------------------
def test_wall_placement_option_may_be_passed() -> None:
    state = position(roll=1, at={RED: (2, 2)})
    state.push(state.legal_moves()[0])
    stock = list(state.stocks[RED])
    state.push(Pass())
    assert state.stocks[RED] == stock and state.placed == [] and state.current == BLUE


def test_placing_a_wall_of_any_length_takes_it_from_stock() -> None:
    for length in (1, 2, 3):
        state = position(roll=1, at={RED: (2, 2)})
        state.push(state.legal_moves()[0])
        wall = Wall("h", 3, 6, length)
        state.push(PlaceWall(wall))
        assert state.placed == [wall]
        assert state.stocks[RED][length - 1] == {1: 6, 2: 6, 3: 3}[length] - 1


def test_a_wall_not_in_stock_is_refused() -> None:
    state = position(roll=1, at={RED: (2, 2)})
    state.push(state.legal_moves()[0])
    state.stocks[RED][2] = 0
    message = r"red has no triple wall left \(has 6 single, 6 double, 0 triple\)"
    with pytest.raises(NoWallInStock, match=message):
        state.push(PlaceWall(Wall("h", 3, 6, 3)))


def wall_phase(*walls: Wall) -> State:
    state = position(roll=1, at={RED: (2, 2)}, walls=walls)
    state.push(path((2, 3)))
    return state


@pytest.mark.parametrize("wall", [Wall("h", 7, 3, 3), Wall("h", 0, 0, 1), Wall("v", 9, 2, 1),
                                  Wall("v", 0, 3, 2), Wall("h", -1, 4, 2)])
def test_a_wall_partly_off_the_board_is_refused(wall: Wall) -> None:
    with pytest.raises(WallOffBoard, match="off the board"):
        wall_phase().push(PlaceWall(wall))


@pytest.mark.parametrize(("wall", "allowed"), [
    (Wall("h", [3], 5, 1), "Wall.x: [3]; allowed: a whole number"),  # type: ignore[arg-type]
    (Wall(["h"], 3, 5, 1), "Wall.orientation: ['h']; allowed: text"),  # type: ignore[arg-type]
])
def test_a_wall_of_unhashable_fields_is_refused_in_one_line(wall: Wall, allowed: str) -> None:
    state = wall_phase()
    state.legal_actions()  # the wall placements listed: push looks its action up first
    before = state.to_json()
    with pytest.raises(IllegalMove, match=re.escape(allowed)):
        state.push(PlaceWall(wall))  # not a TypeError from the lookup of listed walls
    assert state.to_json() == before


def test_a_wall_on_a_permanent_wall_is_refused() -> None:
    with pytest.raises(WallOverlaps, match="The double wall under A1-B1 would lie on the permanent "
                       "wall between B1 and B2") as refused:
        wall_phase().push(PlaceWall(Wall("h", 0, 1, 2)))
    assert refused.value.wall == Wall("h", 0, 1, 2)
    assert refused.value.blocker == Wall("h", 1, 1, 1)


def test_a_wall_on_a_placed_wall_is_refused() -> None:
    with pytest.raises(WallOverlaps, match="The single wall under E5 would lie on top of the "
                       "triple wall under D5-F5") as refused:
        wall_phase(Wall("h", 3, 5, 3)).push(PlaceWall(Wall("h", 4, 5, 1)))
    assert refused.value.blocker == Wall("h", 3, 5, 3)


def test_a_wall_crossing_a_placed_wall_is_refused_but_touching_is_fine() -> None:
    crossing = "The double wall right of D5-D6 would cross the triple wall under D5-F5"
    with pytest.raises(WallOverlaps, match=crossing):
        wall_phase(Wall("h", 3, 5, 3)).push(PlaceWall(Wall("v", 4, 4, 2)))
    end_to_end = wall_phase(Wall("h", 3, 5, 3))
    end_to_end.push(PlaceWall(Wall("v", 3, 3, 2)))  # L at the wall's end
    t_junction = wall_phase(Wall("h", 3, 5, 3))
    t_junction.push(PlaceWall(Wall("v", 4, 3, 2)))  # T onto the wall's middle
    assert len(end_to_end.placed) == len(t_junction.placed) == 2


def test_a_wall_shutting_off_a_square_is_refused() -> None:
    box = (Wall("h", 4, 2, 1), Wall("h", 4, 3, 1), Wall("v", 4, 2, 1))
    state = wall_phase(*box)
    with pytest.raises(WallIsolatesSquare, match=r"The single wall right of E3 would wall off "
                       r"square E3 \(no way in or out\)") as refused:
        state.push(PlaceWall(Wall("v", 5, 2, 1)))
    assert refused.value.square == Square(4, 2)


def test_a_wall_making_a_dead_end_names_the_square_with_no_way_out() -> None:
    # Review case: red on B3. The wall under A2-B2 leaves A2 entered from A1 by its one-way
    # arrow with no way on; B1 is still reached from C1 and must not be blamed.
    state = position(2, roll=3)
    state.push(path((0, 1), (0, 2), (1, 2)))
    with pytest.raises(WallIsolatesSquare, match=r"^The double wall under A2-B2 would leave no "
                       r"way out of square A2$") as refused:
        state.push(PlaceWall(Wall("h", 0, 2, 2)))
    assert refused.value.square == Square(0, 1)


def test_a_wall_closing_a_one_way_entrance_names_the_square_with_no_way_in() -> None:
    board = default_board()
    one_way_e3 = dataclasses.replace(board, arrows=(*board.arrows, (Square(4, 2), "E")))
    state = State(2, one_way_e3)
    state.phase, state.contenders = Phase.WALL, []
    with pytest.raises(WallIsolatesSquare, match=r"^The single wall right of D3 would leave no "
                       r"way into square E3$") as refused:
        state.push(PlaceWall(Wall("v", 4, 2, 1)))  # E3 is entered only from D3, moving east
    assert refused.value.square == Square(4, 2)
    state.push(PlaceWall(Wall("v", 4, 3, 1)))  # beside it: E4 keeps its other doorways
    assert state.placed == [Wall("v", 4, 3, 1)]


def test_a_wall_cutting_a_players_path_is_refused_and_names_them() -> None:
    state = position(current=BLUE, roll=1, at={BLUE: (5, 5)})  # red still at home (0,0)
    state.push(path((5, 6)))
    with pytest.raises(WallCutsPath, match="The single wall under A2 would cut red's path to their "
                       "Change-a-Wall corner I9") as refused:
        state.push(PlaceWall(Wall("h", 0, 2, 1)))  # red's only way out of (0,0)
    assert refused.value.player == RED and refused.value.wall == Wall("h", 0, 2, 1)


def test_a_wall_cutting_the_way_home_is_refused() -> None:
    state = position(roll=1, at={RED: (4, 4)}, reached={RED: True})
    state.push(path((4, 5)))
    with pytest.raises(WallCutsPath, match="red's path home"):
        state.push(PlaceWall(Wall("v", 2, 0, 1)))  # the only way into red's corner bay


# --- winning ------------------------------------------------------------------------------
def test_first_home_wins_without_the_exact_roll() -> None:
    state = position(roll=6, at={RED: (3, 0)}, reached={RED: True})
    assert Square(0, 0) in destinations(state)
    state.push(path((2, 0), (1, 0), (0, 0)))
    assert state.is_over() and state.outcome() is not None
    assert state.outcome().name == "red"  # type: ignore[union-attr]
    assert state.legal_actions() == []


def test_a_move_stops_at_home() -> None:
    state = position(roll=6, at={RED: (3, 0)}, reached={RED: True})
    with pytest.raises(BadPath, match="ends at home"):
        state.push(path((2, 0), (1, 0), (0, 0), (0, 1), (0, 2), (0, 3)))


def test_home_before_the_far_corner_is_just_a_square() -> None:
    state = position(roll=3, at={RED: (3, 0)})
    state.push(path((2, 0), (1, 0), (0, 0)))
    assert not state.is_over() and state.phase is Phase.WALL


# --- engine contract ----------------------------------------------------------------------
def test_dice_are_explicit_chance_events() -> None:
    state = position(current=RED)
    assert state.is_chance()
    assert state.legal_actions() == [Roll(v) for v in range(1, 7)]
    assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)
    with pytest.raises(BadRoll):
        state.push(Roll(7))
    chance = Chance(123)
    chance.force(5)
    state.roll_with(chance)
    assert state.roll == 5 and state.phase is Phase.MOVE


def test_illegal_actions_leave_the_state_unchanged() -> None:
    state = wall_phase(Wall("h", 3, 5, 3))
    before, history = state.to_json(), len(state.history)
    for action in (Roll(3), path((2, 4)), PlaceWall(Wall("h", 0, 2, 1)),
                   PlaceWall(Wall("v", 4, 4, 2)), ChangeWall(Wall("h", 3, 5, 3), None)):
        with pytest.raises(IllegalMove):
            state.push(action)
    assert state.to_json() == before and len(state.history) == history


@pytest.mark.parametrize("seed", range(5))
def test_json_round_trip_gives_an_equal_state(seed: int) -> None:
    state = State(4)
    play_random(state, seed, 120)
    again = State.from_json(json.loads(json.dumps(state.to_json())))
    assert again == state
    assert again.legal_actions() == state.legal_actions()


def test_a_malformed_saved_state_is_one_clear_error() -> None:
    data = State(3).to_json()
    del data["positions"]
    with pytest.raises(StateError, match="saved Stonewall state: positions: missing"):
        State.from_json(data)
    data = State(3).to_json()
    data["board"]["arrow"][0]["direction"] = "Q"
    with pytest.raises(StateError, match=r"arrow\[0\].direction"):
        State.from_json(data)


def test_undo_restores_the_previous_state() -> None:
    state = State(4)
    play_random(state, 7, 60)
    snapshots = []
    rng, chance = random.Random(1), Chance(1)
    for _ in range(30):
        if state.is_over():
            break
        snapshots.append(state.to_json())
        if state.is_chance():
            state.roll_with(chance)
        else:
            state.push(rng.choice(state.legal_actions()))
    while snapshots:
        state.pop()
        assert state.to_json() == snapshots.pop()
