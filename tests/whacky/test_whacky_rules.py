"""Whacky Wit rules: one test per clause of the rulebook (and per reading in rules.py).

Points on the default board (assets/whacky/board.toml): Whacky starts on J9 (neighbours I9 and
K9); the cage J7 opens onto J6; the aisle runs along row 7 with its handles A7 and S7; the
power dots are A1, S1, A13, S13; row 5 has the corridor A5-E5 and column A the corridor A1-A5.
"""

from __future__ import annotations

import json

import pytest
from whacky_helpers import any_die_board, destinations, position

from games.core.rng import Chance
from games.whacky.rules import (
    MONSTERS,
    WHACKY,
    Accident,
    BadPath,
    BadRoll,
    Blocked,
    IllegalMove,
    MonsterRoll,
    Move,
    Phase,
    Roll,
    State,
    StateError,
    UsePower,
    WrongPhase,
    WrongPiece,
    action_from_json,
    action_to_json,
)
from tests.bad_inputs.helpers import refused_in_one_line


def node(state: State, label: str) -> int:
    found = state.board.node(label)
    assert found is not None
    return found


def at(state: State, monster: str) -> str:
    index = state.board.monster_index(monster)
    assert index is not None
    return state.label(state.monsters[index])


# --- Start ----------------------------------------------------------------------------------
def test_start_whacky_on_his_start_point_monsters_in_the_cage_every_dot_up() -> None:
    state = State()
    assert state.label(state.whacky) == "J9"
    assert all(at(state, m) == "J7" for m in ("red", "green", "blue", "purple"))
    assert state.dots_up() == 152 and state.lives == 3


# --- Turns ----------------------------------------------------------------------------------
def test_whacky_begins_and_rolls_twice_then_the_sides_alternate() -> None:
    state = State()
    assert state.phase is Phase.WHACKY_ROLL and state.current == WHACKY
    for _ in range(2):
        state.push(Roll(1))
        state.push(state.legal_moves()[0])
    assert state.phase is Phase.MONSTER_ROLL and state.current == MONSTERS
    state.push(MonsterRoll("red", 7))  # stays in the cage
    assert state.phase is Phase.WHACKY_ROLL and state.rolls_left == 1
    state.push(Roll(1))
    state.push(state.legal_moves()[0])
    assert state.phase is Phase.MONSTER_ROLL


def test_whacky_rolls_twice_at_the_start_of_each_life() -> None:
    state = position(whacky="C5", monsters={"red": "A5"}, phase=Phase.MONSTER_MOVE, roll=2,
                     chosen="red")
    state.push(Move("red", ("B5", "C5")))
    assert state.lives == 2 and state.phase is Phase.WHACKY_ROLL and state.rolls_left == 2


def test_monsters_roll_both_dice_the_colour_chooses_the_monster_the_number_how_far() -> None:
    state = position(monsters={"blue": "A3"}, phase=Phase.MONSTER_ROLL)
    state.push(MonsterRoll("blue", 2))
    assert state.phase is Phase.MONSTER_MOVE and state.chosen == state.board.monster_index("blue")
    assert all(move.piece == "blue" and len(move.path) == 2 for move in state.legal_moves())
    with pytest.raises(WrongPiece, match="colour die chose the blue monster"):
        state.push(Move("red", ("J6", "I6")))


def any_number_die_state() -> State:
    """The monsters to roll, all in the cage, their number die showing 1 to 12."""
    return position(phase=Phase.MONSTER_ROLL, board=any_die_board())


@pytest.mark.parametrize("value", [1, 2, 3, 4, 5, 6])
def test_a_monster_in_the_cage_leaves_on_1_to_6(value: int) -> None:
    state = any_number_die_state()
    state.push(MonsterRoll("green", value))
    assert state.phase is Phase.MONSTER_MOVE and state.legal_moves()


@pytest.mark.parametrize("value", [7, 8, 12])
def test_a_monster_in_the_cage_stays_on_7_or_more_and_it_is_whackys_turn(value: int) -> None:
    state = any_number_die_state()
    state.push(MonsterRoll("green", value))
    assert state.phase is Phase.WHACKY_ROLL and at(state, "green") == "J7"
    assert state.said == ("the green monster stays in the cage",)


def test_the_monsters_number_die_is_slower_than_whackys() -> None:
    board = State().board
    assert sum(board.monster_die) / 12 < sum(board.whacky_die) / 12
    assert sum(1 for v in board.monster_die if v <= 6) > 6  # leaves the cage more often than not


# --- Whacky's moves ---------------------------------------------------------------------------
def test_whacky_moves_exactly_the_number_rolled() -> None:
    state = position(phase=Phase.WHACKY_MOVE, roll=3)
    assert all(len(move.path) == 3 for move in state.legal_moves())
    with pytest.raises(BadPath, match="move exactly 3 steps, not 2"):
        state.push(Move("whacky", ("K9", "L9")))


def test_whacky_may_reverse_within_a_turn() -> None:
    state = position(phase=Phase.WHACKY_MOVE, roll=2)
    assert "J9" in destinations(state)
    state.push(Move("whacky", ("K9", "J9")))
    assert state.label(state.whacky) == "J9" and not state.is_up(node(state, "K9"))


def test_whacky_puts_down_every_dot_he_passes() -> None:
    state = position(phase=Phase.WHACKY_MOVE, roll=4)
    state.push(Move("whacky", ("K9", "L9", "M9", "M8")))
    assert not any(state.is_up(node(state, p)) for p in ("K9", "L9", "M9", "M8"))
    assert state.dots_up() == 148


def test_the_witness_path_puts_down_dots_still_up() -> None:
    state = position(whacky="K9", down=["L9", "M9"], phase=Phase.WHACKY_MOVE, roll=3)
    # K9 -> J9 -> I9 -> H9: two dots; the way back and forth over L9 would put down none
    move = next(m for m in state.legal_moves() if m.destination == "H9")
    assert move.path == ("J9", "I9", "H9")


def test_the_start_point_counts_one_step() -> None:
    state = position(whacky="I9", phase=Phase.WHACKY_MOVE, roll=2)
    assert "K9" in destinations(state)  # I9 -> J9 (start point) -> K9
    state = position(whacky="I9", phase=Phase.WHACKY_MOVE, roll=1)
    assert "J9" in destinations(state)


def test_the_cage_counts_one_step_a_1_puts_the_monster_on_the_exit() -> None:
    state = position(phase=Phase.MONSTER_ROLL)
    state.push(MonsterRoll("red", 1))
    assert destinations(state) == {"J6"}
    state.push(state.legal_moves()[0])
    assert at(state, "red") == "J6"
    state = position(phase=Phase.MONSTER_MOVE, roll=2, chosen="red")
    assert destinations(state) == {"I6", "K6"}


def test_whacky_wraps_through_the_aisle() -> None:
    state = position(whacky="B7", phase=Phase.WHACKY_MOVE, roll=2)
    assert "S7" in destinations(state)
    state.push(Move("whacky", ("A7", "S7")))
    assert state.label(state.whacky) == "S7"


def test_a_roll_whacky_cannot_move_passes_at_once() -> None:
    state = position(monsters={"green": "I9", "blue": "K9"})  # both ways out taken
    state.push(Roll(2))  # a 1 could only run into a monster; 2 steps are impossible
    assert state.said == ("Whacky cannot move 2",) and state.phase is Phase.MONSTER_ROLL
    state.pop()
    state.push(Roll(1))
    assert destinations(state) == {"I9", "K9"}  # a suicide is still a move


def test_whacky_cannot_pass_through_a_monster() -> None:
    state = position(whacky="A3", monsters={"red": "A4"}, phase=Phase.WHACKY_MOVE, roll=2)
    assert "A5" not in destinations(state)
    with pytest.raises(Blocked, match="cannot pass the red monster on A4"):
        state.push(Move("whacky", ("A4", "A5")))


# --- Monsters' moves --------------------------------------------------------------------------
def test_only_whacky_uses_the_aisle_monsters_bounce_on_the_handle() -> None:
    state = position(monsters={"red": "B7"}, phase=Phase.MONSTER_MOVE, roll=2, chosen="red")
    assert "S7" not in destinations(state) and "B7" in destinations(state)
    with pytest.raises(Blocked, match="only Whacky uses the aisle"):
        state.push(Move("red", ("A7", "S7")))
    state.push(Move("red", ("A7", "B7")))  # the bounce
    assert at(state, "red") == "B7"


def test_monsters_move_one_way_never_back_except_at_a_handle() -> None:
    state = position(monsters={"red": "C5"}, phase=Phase.MONSTER_MOVE, roll=2, chosen="red")
    assert "C5" not in destinations(state)
    with pytest.raises(Blocked, match="cannot turn back from B5 to C5"):
        state.push(Move("red", ("B5", "C5")))


def test_monsters_may_jump_over_each_other() -> None:
    state = position(monsters={"red": "C5", "blue": "D5"}, phase=Phase.MONSTER_MOVE, roll=2,
                     chosen="red")
    state.push(Move("red", ("D5", "E5")))
    assert at(state, "red") == "E5" and at(state, "blue") == "D5"


def test_a_monster_never_ends_on_another_and_must_take_another_way() -> None:
    state = position(monsters={"red": "C5", "blue": "E5"}, phase=Phase.MONSTER_MOVE, roll=2,
                     chosen="red")
    assert "E5" not in destinations(state) and "A5" in destinations(state)
    with pytest.raises(Blocked, match="cannot end on the blue monster at E5: it must take "
                                      "another way"):
        state.push(Move("red", ("D5", "E5")))


def test_a_monster_with_no_legal_way_does_not_move() -> None:
    state = position(monsters={"blue": "J6"}, phase=Phase.MONSTER_ROLL)
    state.push(MonsterRoll("red", 1))  # the exit is taken
    assert state.phase is Phase.WHACKY_ROLL and at(state, "red") == "J7"
    assert state.said == ("the red monster cannot leave the cage",)


# --- Catching ---------------------------------------------------------------------------------
def test_a_monster_ending_on_whacky_catches_him_he_restarts_and_the_monsters_stay() -> None:
    state = position(whacky="C5", monsters={"red": "A5", "blue": "S3"},
                     phase=Phase.MONSTER_MOVE, roll=2, chosen="red")
    state.push(Move("red", ("B5", "C5")))
    assert state.lives == 2 and state.label(state.whacky) == "J9"
    assert at(state, "red") == "C5" and at(state, "blue") == "S3"


def test_a_monster_passing_over_whacky_onto_a_free_point_catches_him() -> None:
    # figure 1's "cannot kill Whacky ... because the destination is already occupied": onto a
    # free point, the same four (here two) steps over him kill him
    state = position(whacky="B5", monsters={"red": "A5", "blue": "S3"},
                     phase=Phase.MONSTER_MOVE, roll=2, chosen="red")
    (move,) = [m for m in state.legal_moves() if m.destination == "C5"]
    assert move.path == ("B5", "C5") and state.catches(move)
    state.push(move)
    assert state.lives == 2 and state.label(state.whacky) == "J9"
    assert at(state, "red") == "C5" and at(state, "blue") == "S3"
    assert state.said == ("the red monster caught Whacky passing over him on B5",
                          "Whacky starts life 2 on J9")


def test_a_monsters_witness_path_passes_over_whacky_when_a_way_there_does() -> None:
    # the loop A3-E3-E5-A5: red on A3 reaches E5 in 6 either way round; Whacky is on C5
    state = position(whacky="C5", monsters={"red": "A3"}, phase=Phase.MONSTER_MOVE, roll=6,
                     chosen="red", board=any_die_board())
    (move,) = [m for m in state.legal_moves() if m.destination == "E5"]
    assert move.path == ("A4", "A5", "B5", "C5", "D5", "E5") and state.catches(move)
    other_way = Move("red", ("B3", "C3", "D3", "E3", "E4", "E5"))
    assert not state.catches(other_way)
    state.push(other_way)  # the monsters' player may choose it: Whacky is not caught
    assert state.lives == 3 and state.label(state.whacky) == "C5"


def test_a_monster_on_the_start_point_goes_back_to_the_cage_at_a_new_life() -> None:
    state = position(whacky="C5", monsters={"red": "A5", "green": "J9"},
                     phase=Phase.MONSTER_MOVE, roll=2, chosen="red")
    state.push(Move("red", ("B5", "C5")))
    assert at(state, "green") == "J7" and state.label(state.whacky) == "J9"
    assert not state.is_over()


def test_checkmate_two_monsters_beside_the_start_point_figure_2() -> None:
    state = position(whacky="C5", monsters={"red": "A5", "green": "I9", "blue": "K9"},
                     phase=Phase.MONSTER_MOVE, roll=2, chosen="red")
    state.push(Move("red", ("B5", "C5")))
    assert state.is_over() and state.winner == MONSTERS and state.lives == 2
    assert "checkmate" in state.reason


def test_one_monster_beside_the_start_point_is_no_checkmate() -> None:
    state = position(whacky="C5", monsters={"red": "A5", "green": "I9"},
                     phase=Phase.MONSTER_MOVE, roll=2, chosen="red")
    state.push(Move("red", ("B5", "C5")))
    assert not state.is_over()


def test_whacky_between_two_monsters_cannot_be_caught_that_way_figure_1() -> None:
    # red on A5 rolls 3: B5, C5 (Whacky), D5 (blue): that way ends on blue, so it is illegal
    state = position(whacky="C5", monsters={"red": "A5", "blue": "D5"},
                     phase=Phase.MONSTER_MOVE, roll=3, chosen="red")
    assert "D5" not in destinations(state) and destinations(state)  # another way exists
    with pytest.raises(Blocked, match="must take another way"):
        state.push(Move("red", ("B5", "C5", "D5")))
    state.push(state.legal_moves()[0])
    assert state.lives == 3 and state.label(state.whacky) == "C5"


# --- Power dots -------------------------------------------------------------------------------
def test_a_power_dot_gives_three_rolls_while_the_monsters_wait() -> None:
    state = position(whacky="B1", phase=Phase.WHACKY_MOVE, roll=1, monsters={"red": "S3"})
    state.push(Move("whacky", ("A1",)))
    assert state.phase is Phase.WHACKY_ROLL and state.rolls_left == 3 and state.power == 3
    for _ in range(3):
        assert state.phase is Phase.WHACKY_ROLL
        state.push(Roll(1))
        state.push(state.legal_moves()[0])
    assert state.phase is Phase.MONSTER_ROLL and state.power == 0


def test_rolls_still_owed_are_part_of_the_three_power_rolls() -> None:
    # the first roll of a new life takes the power dot: three rolls follow, not four
    state = position(whacky="B1", phase=Phase.WHACKY_MOVE, roll=1, rolls_left=2)
    state.push(Move("whacky", ("A1",)))
    assert state.rolls_left == 3 and state.power == 3


def test_a_power_dot_during_the_power_rolls_starts_three_new_ones() -> None:
    state = position(whacky="R13", phase=Phase.WHACKY_MOVE, roll=1, rolls_left=2, power=2)
    state.push(Move("whacky", ("S13",)))
    assert state.rolls_left == 3 and state.power == 3


def test_powered_whacky_landing_on_a_monster_sends_it_back_to_the_cage() -> None:
    state = position(whacky="A3", monsters={"red": "A5"}, phase=Phase.WHACKY_MOVE, roll=2,
                     rolls_left=3, power=3)
    state.push(Move("whacky", ("A4", "A5")))
    assert at(state, "red") == "J7" and state.lives == 3 and state.label(state.whacky) == "A5"
    assert state.power == 2 and state.rolls_left == 2


def test_powered_whacky_passing_over_a_monster_sends_it_back_to_the_cage() -> None:
    state = position(whacky="A5", monsters={"red": "A4", "blue": "A2"}, phase=Phase.WHACKY_MOVE,
                     roll=4, rolls_left=3, power=3)
    assert "A1" in destinations(state)  # through both monsters
    state.push(Move("whacky", ("A4", "A3", "A2", "A1")))
    assert at(state, "red") == "J7" and at(state, "blue") == "J7" and state.lives == 3
    assert state.label(state.whacky) == "A1" and not state.is_up(node(state, "A4"))
    assert state.said[:2] == ("Whacky sent the red monster back to the cage",
                              "Whacky sent the blue monster back to the cage")


def test_a_powered_whackys_witness_hunts_a_monster_before_it_puts_down_dots() -> None:
    # to C5 in 3: A5-B5-C5 sends red (A5, its dot down) to the cage; C5-D5-C5 puts down
    # two dots and hunts nobody
    state = position(whacky="B5", monsters={"red": "A5"}, down=["A5"],
                     phase=Phase.WHACKY_MOVE, roll=3, rolls_left=3, power=3)
    (move,) = [m for m in state.legal_moves() if m.destination == "C5"]
    assert move.path == ("A5", "B5", "C5")
    unpowered = position(whacky="B5", monsters={"red": "A5"}, down=["A5"],
                         phase=Phase.WHACKY_MOVE, roll=3)
    (move,) = [m for m in unpowered.legal_moves() if m.destination == "C5"]
    assert move.path == ("C5", "D5", "C5")  # unpowered, red's point only ends a walk


def test_the_move_that_puts_the_power_dot_down_is_not_powered() -> None:
    state = position(whacky="A3", monsters={"red": "A1"}, down=[], phase=Phase.WHACKY_MOVE,
                     roll=2)
    state.push(Move("whacky", ("A2", "A1")))  # runs into red on the power dot: suicide
    assert state.lives == 2 and at(state, "red") == "A1"


# --- Suicide ----------------------------------------------------------------------------------
def test_suicide_puts_down_the_dot_under_the_monster_and_costs_a_life() -> None:
    state = position(whacky="A3", monsters={"red": "A5"}, phase=Phase.WHACKY_MOVE, roll=2)
    assert "A5" in destinations(state)
    state.push(Move("whacky", ("A4", "A5")))
    assert not state.is_up(node(state, "A5")) and state.lives == 2
    assert state.label(state.whacky) == "J9" and at(state, "red") == "A5"


def test_suicide_on_a_power_dot_gives_no_power_to_the_new_life() -> None:
    state = position(whacky="A3", monsters={"red": "A1"}, phase=Phase.WHACKY_MOVE, roll=2)
    state.push(Move("whacky", ("A2", "A1")))
    assert not state.is_up(node(state, "A1"))
    assert state.power == 0 and state.rolls_left == 2


def test_suicide_on_the_last_dot_with_a_life_left_wins() -> None:
    state = position(whacky="A4", monsters={"red": "A5"}, up_only=["A5"],
                     phase=Phase.WHACKY_MOVE, roll=1, lives=2)
    state.push(Move("whacky", ("A5",)))
    assert state.winner == WHACKY and "suicide" in state.reason


def test_suicide_on_the_last_dot_on_the_last_life_loses() -> None:
    state = position(whacky="A4", monsters={"red": "A5"}, up_only=["A5"],
                     phase=Phase.WHACKY_MOVE, roll=1, lives=1)
    state.push(Move("whacky", ("A5",)))
    assert state.winner == MONSTERS and state.lives == 0


# --- Winning ----------------------------------------------------------------------------------
def test_the_last_dot_wins_at_once_even_if_the_walk_then_ends_on_a_monster() -> None:
    # last life: A4 is the last dot; the walk goes on onto red on A5 (its dot down)
    state = position(whacky="A3", monsters={"red": "A5"}, up_only=["A4"],
                     phase=Phase.WHACKY_MOVE, roll=2, lives=1)
    state.push(Move("whacky", ("A4", "A5")))
    assert state.winner == WHACKY and state.reason == "every dot is down"
    assert state.lives == 1 and state.label(state.whacky) == "A4"  # he stops on the last dot
    assert state.said == ("the last dot is down on A4: Whacky wins at once",)
    assert State.from_json(state.to_json()) == state


def test_whacky_wins_when_every_dot_power_dots_included_is_down() -> None:
    state = position(whacky="A2", up_only=["A1"], phase=Phase.WHACKY_MOVE, roll=1)
    state.push(Move("whacky", ("A1",)))
    assert state.winner == WHACKY and state.reason == "every dot is down"
    assert state.legal_actions() == []


def test_whacky_wins_in_the_middle_of_his_power_rolls() -> None:
    # found by the 10,000-game fuzz (seed 1272): the unused power rolls made the end state
    # impossible
    state = position(whacky="A2", up_only=["A1"], phase=Phase.WHACKY_MOVE, roll=1,
                     rolls_left=3, power=3)
    state.push(Move("whacky", ("A1",)))
    assert state.winner == WHACKY and state.impossibility() is None
    assert State.from_json(state.to_json()) == state


def test_the_monsters_win_when_they_have_caught_whacky_three_times() -> None:
    state = position(whacky="C5", monsters={"red": "A5"}, phase=Phase.MONSTER_MOVE, roll=2,
                     chosen="red", lives=1)
    state.push(Move("red", ("B5", "C5")))
    assert state.winner == MONSTERS and state.lives == 0 and "three times" in state.reason
    with pytest.raises(WrongPhase, match="the game is over"):
        state.push(Roll(3))


# --- Accident rules (option) --------------------------------------------------------------------
def test_accidents_are_off_by_default() -> None:
    state = position(monsters={"red": "A5"}, phase=Phase.MONSTER_MOVE, roll=2, chosen="red")
    state.push(Move("red", ("A4", "A3")))
    assert state.phase is Phase.WHACKY_ROLL and state.is_up(node(state, "A4"))


def test_accident_a_monster_puts_down_a_dot_to_whackys_advantage() -> None:
    state = position(monsters={"red": "A5"}, phase=Phase.MONSTER_MOVE, roll=2, chosen="red",
                     accidents=12)
    state.push(Move("red", ("A4", "A3")))
    assert state.phase is Phase.ACCIDENT
    assert [a for a, _ in state.chance_outcomes()] == [Accident(0), Accident(1), Accident(2)]
    assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1)
    state.push(Accident(0))
    assert not state.is_up(node(state, "A4")) and state.is_up(node(state, "A3"))
    assert state.phase is Phase.WHACKY_ROLL
    state.pop()
    state.push(Accident(2))  # no accident
    assert state.is_up(node(state, "A4")) and state.is_up(node(state, "A3"))


def test_accident_a_scatty_monster_puts_down_a_power_dot_and_goes_back_to_the_cage() -> None:
    state = position(monsters={"red": "A3"}, phase=Phase.MONSTER_MOVE, roll=2, chosen="red",
                     accidents=12)
    state.push(Move("red", ("A2", "A1")))
    state.push(Accident(1))
    assert not state.is_up(node(state, "A1")) and at(state, "red") == "J7"
    assert state.stored_power == 1 and state.can_use_power()
    assert UsePower() in state.legal_actions()
    state.push(UsePower())  # the power can be used at any time of the game
    assert state.power == 3 and state.rolls_left == 3 and state.stored_power == 0


def test_accident_draws_come_from_the_seeded_dice() -> None:
    state = position(monsters={"red": "A5"}, phase=Phase.MONSTER_MOVE, roll=2, chosen="red",
                     accidents=12)
    state.push(Move("red", ("A4", "A3")))
    chance = Chance(0, forced=[1, 0])  # A4: a 2 (index 1) stays up; A3: a 1 (index 0) falls
    assert state.roll_with(chance) == Accident(1) and chance.history == [1, 0]
    state.pop()
    chance = Chance(0, forced=[7, 11])  # neither dot's 1-in-12 came up
    assert state.roll_with(chance) == Accident(2) and chance.history == [7, 11]
    state.pop()
    chance = Chance(0, forced=[0, 5])  # the first dot falls: no second draw
    assert state.roll_with(chance) == Accident(0) and chance.history == [0]


@pytest.mark.parametrize(("one_in", "dots"), [(2, 3), (6, 2), (6, 6), (3, 8)])
def test_accident_chance_is_one_in_n_for_each_dot_passed(one_in: int, dots: int) -> None:
    # column O runs O1 to O13: a monster on O1 walks ``dots`` steps down it, every dot up
    state = position(whacky="A1", monsters={"red": "O1"}, phase=Phase.MONSTER_MOVE, roll=dots,
                     chosen="red", accidents=one_in, board=any_die_board())
    path = tuple(f"O{row}" for row in range(2, 2 + dots))
    state.push(Move("red", path))
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == [Accident(i) for i in range(dots + 1)]
    p, miss = 1 / one_in, 1 - 1 / one_in
    for i in range(dots):  # the i-th dot falls: the ones before it stayed up
        assert outcomes[i][1] == pytest.approx(miss ** i * p)
    assert outcomes[dots][1] == pytest.approx(miss ** dots)  # none fell: never certain
    assert outcomes[dots][1] > 0 and sum(q for _, q in outcomes) == pytest.approx(1)
    # each dot on its own: the chance it fell given the ones before it did not is 1 in N
    for i in range(dots):
        assert outcomes[i][1] / (1 - sum(q for _, q in outcomes[:i])) == pytest.approx(p)


# --- Chance, push/pop, errors, JSON ----------------------------------------------------------
def test_chance_outcomes_cover_every_face_with_probability_one() -> None:
    state = State()
    assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1)
    state.push(Roll(1))
    state.push(state.legal_moves()[0])
    state.push(Roll(1))
    state.push(state.legal_moves()[0])
    outcomes = state.chance_outcomes()
    faces = len(set(state.board.monster_die))
    assert sum(p for _, p in outcomes) == pytest.approx(1) and len(outcomes) == 4 * faces


def test_rolls_come_from_the_dice_faces_by_seeded_index() -> None:
    state = State()
    assert state.roll_with(Chance(0, forced=[9])) == Roll(10)
    state = position(phase=Phase.MONSTER_ROLL)
    assert state.roll_with(Chance(0, forced=[6, 11])) == MonsterRoll("blue", 7)


def test_push_pop_restores_the_state_exactly() -> None:
    state = position(whacky="C5", monsters={"red": "A5", "green": "J9"},
                     phase=Phase.MONSTER_MOVE, roll=2, chosen="red")
    before = state.to_json()
    state.push(Move("red", ("B5", "C5")))
    assert state.to_json() != before
    assert state.pop() == Move("red", ("B5", "C5")) and state.to_json() == before


@pytest.mark.parametrize(
    ("action", "error", "message"),
    [
        (Roll(13), BadRoll, "Whacky's die shows 1, 2, 3"),
        (MonsterRoll("red", 2), WrongPhase, "MonsterRoll is not allowed now: whacky is in phase "
                                            "whacky_roll"),
        (Move("whacky", ("K9",)), WrongPhase, "no move now: whacky must roll"),
        (Accident(0), WrongPhase, "Accident is not allowed now"),
    ],
)
def test_illegal_actions_say_why_and_change_nothing(
    action: object, error: type[IllegalMove], message: str
) -> None:
    state = State()
    before = state.to_json()
    with pytest.raises(error, match=message):
        state.push(action)  # type: ignore[arg-type]
    assert state.to_json() == before


def test_bad_paths_name_the_step() -> None:
    state = position(phase=Phase.WHACKY_MOVE, roll=2)
    with pytest.raises(BadPath, match="step 2: M9 is not one step from K9"):
        state.push(Move("whacky", ("K9", "M9")))
    with pytest.raises(BadPath, match="'Z99' is not a point of the maze"):
        state.push(Move("whacky", ("K9", "Z99")))
    with pytest.raises(WrongPiece, match="it is Whacky's move"):
        state.push(Move("red", ("K9", "L9")))


def test_json_round_trip() -> None:
    state = position(whacky="C5", monsters={"red": "A5", "blue": "D5"},
                     phase=Phase.MONSTER_MOVE, roll=3, chosen="red", down=["A1", "E5"],
                     lives=2)
    text = json.dumps(state.to_json())
    assert State.from_json(json.loads(text)) == state


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"lives": 4}, "lives: 4; allowed: a whole number from 0 to 3"),
        ({"monsters": {"red": "A5", "green": "A5", "blue": "J7", "purple": "J7"}},
         "two monsters on one dot"),
        ({"whacky": "J7"}, "Whacky is in the monsters' cage"),
        ({"down": []}, "the dot under Whacky on C5 is still up"),
        ({"roll": 9}, "a monster to move needs a chosen monster and a roll"),
        ({"phase": "whacky_move", "roll": 13}, "his die cannot show"),
        ({"winner": 0}, "a finished game needs a winner"),
        ({"whacky": "Q99"}, "whacky: 'Q99' is not a point"),
        ({"phase": "dance"}, "phase: 'dance' is not one of"),
        ({"monsters": {"red": "A5"}}, "monsters must name red, green, blue, purple"),
    ],
)
def test_from_json_refuses_impossible_states_in_one_line(
    change: dict[str, object], message: str
) -> None:
    state = position(whacky="C5", monsters={"red": "A5", "blue": "D5"},
                     phase=Phase.MONSTER_MOVE, roll=3, chosen="red")
    data = {**state.to_json(), **change}
    with pytest.raises(StateError, match=message) as caught:
        State.from_json(data)
    assert "\n" not in str(caught.value)


def test_from_json_refuses_a_monster_on_whacky_while_the_game_goes_on() -> None:
    data = position(whacky="C5", monsters={"red": "A5"}).to_json()
    data["monsters"]["red"] = "C5"
    with pytest.raises(StateError, match="a monster stands on Whacky at C5"):
        State.from_json(data)


def test_a_start_position_may_list_the_dots_up_and_leave_out_empty_keys() -> None:
    board = State().board.to_json()
    state = State.from_json({"board": board, "phase": "whacky_roll", "whacky": "A4",
                             "up": ["A5"], "monsters": {"red": "A5", "green": "J7",
                                                        "blue": "J7", "purple": "J7"}})
    assert state.dots_up() == 1 and state.lives == 3 and state.roll is None
    with pytest.raises(StateError, match="give the dots as either 'down' or 'up'"):
        State.from_json({**state.to_json(), "up": ["A5"]})


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"type": "roll", "value": 3.7}, "action 'roll': value: 3.7; allowed: a whole number "
                                         "from 1 to 20"),
        ({"type": "roll", "value": True}, "action 'roll': value: True; allowed: a whole number"),
        ({"type": "roll", "value": "1"}, "action 'roll': value: '1'; allowed: a whole number"),
        ({"type": "roll"}, "action 'roll': value: missing"),
        ({"type": "roll", "value": 3, "extra": 1}, "action 'roll': unknown field 'extra'; "
                                                   "allowed: value"),
        ({"type": "monster_roll", "monster": "red", "value": 2.0},
         "action 'monster_roll': value: 2.0; allowed: a whole number"),
        ({"type": "monster_roll", "monster": 1, "value": 2},
         "action 'monster_roll': monster: 1; allowed: a monster's name"),
        ({"type": "accident", "index": "1"}, "action 'accident': index: '1'; allowed: a whole "
                                             "number from 0"),
        ({"type": "accident", "index": True}, "action 'accident': index: True"),
        ({"type": "accident", "index": 1.5}, "action 'accident': index: 1.5"),
        ({"type": "move", "piece": True, "path": ["K9"]}, "action 'move': piece: True"),
        ({"type": "move", "piece": "whacky", "path": "K9"}, "action 'move': path: 'K9'; "
                                                            "allowed: a list of 1 to 20"),
        ({"type": "move", "piece": "whacky", "path": [10]}, "action 'move': path\\[0\\]: 10; "
                                                            "allowed: a point name"),
        ({"type": "use_power", "value": 1}, "action 'use_power': unknown field 'value'; "
                                            "allowed: none"),
        ({"type": 1}, "unknown action type 1; allowed: roll, monster_roll"),
    ],
)
def test_action_from_json_takes_an_action_as_written_or_refuses_it(
    data: dict[str, object], message: str
) -> None:
    refused_in_one_line(action_from_json, data, message)


def test_action_from_json_reads_back_every_action_as_written() -> None:
    for action in (Roll(3), MonsterRoll("red", 7), Accident(0), Accident(4), UsePower(),
                   Move("whacky", ("K9", "L9"))):
        assert action_from_json(json.loads(json.dumps(action_to_json(action)))) == action
