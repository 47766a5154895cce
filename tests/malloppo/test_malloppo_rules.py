"""Dammi il malloppo rules, one test per clause of the rulebook and of issue 8, named after it.

Squares are named as players read them: columns A-I from the left, rows 1-9 from the top. With
four players the colours are red, blue, green, yellow (players 0-3); with two, red and green.
"""

from __future__ import annotations

import json

import pytest
from malloppo_helpers import BLUE, GREEN, RED, YELLOW, position, sq, turn

from games.core.rng import Chance
from games.malloppo.rules import (
    TOTAL_COINS,
    BadPath,
    BadPayment,
    BadRoll,
    BadSteal,
    MustMove,
    NotYourHand,
    Phase,
    Roll,
    State,
    StateError,
    Turn,
    Unreachable,
    WrongPhase,
    action_from_json,
    action_to_json,
)
from games.turnkit.graph import is_walk, no_reversal
from tests.bad_inputs.helpers import refused_in_one_line

TWO_GREEN = 1  # with two players, player 1 is green


def dests(state: State, square: str, paid: str | None = None) -> set[str]:
    hand = state.hand_at(sq(square))
    assert hand is not None
    payer = state.hand_at(sq(paid)) if paid else None
    return {str(s) for s in state.destinations(hand, paid=payer)}


# --- set-up -------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_colour_has_three_hands_on_its_start_squares(players: int) -> None:
    """With 3 players red and green start towards the empty edge (board.toml's start_3)."""
    state = State(players)
    for p in range(players):
        colour = state.board.colour_index(state.name(p))
        starts = state.board.starts_for(players)[colour]
        assert [state.squares[h] for h in state.hands_of(p)] == list(starts)


@pytest.mark.parametrize("players", [1, 5])
def test_two_to_four_players_only(players: int) -> None:
    with pytest.raises(ValueError, match="2 to 4 players"):
        State(players)


def test_two_players_face_each_other() -> None:
    assert State(2).colours == ("red", "green")
    assert State(3).colours == ("red", "blue", "green")


@pytest.mark.parametrize(("players", "each", "bank"), [(2, 4, 0), (3, 2, 6), (4, 2, 0)])
def test_two_coins_per_hand_four_with_two_players_the_bank_holds_the_rest(
    players: int, each: int, bank: int
) -> None:
    state = State(players)
    assert set(state.coins) == {each} and state.bank == bank
    assert state.coin_total() == TOTAL_COINS == 24


# --- who begins ---------------------------------------------------------------------------
def test_who_begins_is_decided_by_a_roll_highest_begins() -> None:
    state, chance = State(3), Chance(0)
    chance.force(2, 5, 3)
    for _ in range(3):
        state.roll_with(chance)
    assert state.phase is Phase.ROLL and state.current == BLUE


def test_who_begins_tied_highest_roll_again_among_themselves() -> None:
    state, chance = State(4), Chance(0)
    chance.force(6, 2, 6, 1)
    for _ in range(4):
        state.roll_with(chance)
    assert state.phase is Phase.OPENING and state.contenders == [RED, GREEN]
    assert state.current == RED
    chance.force(3, 4)
    state.roll_with(chance)
    state.roll_with(chance)
    assert state.phase is Phase.ROLL and state.current == GREEN
    assert state.roll is None  # the starter rolls again for the first turn


# --- a turn -------------------------------------------------------------------------------
def test_a_turn_begins_with_a_roll() -> None:
    state = position(hands={RED: [("E5", 2)], BLUE: [("A1", 2)]})
    with pytest.raises(WrongPhase, match="red must roll first"):
        state.push(turn(None, "E5", "E6"))
    with pytest.raises(BadRoll, match="1 to 6, not 7"):
        state.push(Roll(7))
    state.push(Roll(4))
    assert state.phase is Phase.MOVE and state.roll == 4
    with pytest.raises(WrongPhase, match="no roll now"):
        state.push(Roll(3))


def test_odd_roll_one_coin_from_a_hand_of_your_choice_to_the_bank() -> None:
    state = position(hands={RED: [("E5", 2), ("A9", 3)], BLUE: [("A1", 2)]}, roll=1)
    bank = state.bank
    state.push(turn("A9", "E5", "E6"))
    assert state.coins[state.hand_at(sq("A9"))] == 2  # type: ignore[index]
    assert state.coins[state.hand_at(sq("E6"))] == 2  # type: ignore[index]
    assert state.bank == bank + 1


def test_odd_roll_must_say_which_hand_pays() -> None:
    state = position(hands={RED: [("E5", 2)], BLUE: [("A1", 2)]}, roll=3)
    with pytest.raises(BadPayment, match="a 3 is odd: first one of red's hands pays a coin"):
        state.push(turn(None, "E5", "E8"))
    with pytest.raises(BadPayment, match=r"red has no hand on A1 .*blue's hand is there"):
        state.push(turn("A1", "E5", "E8"))


def test_even_roll_just_move_no_coin_paid() -> None:
    state = position(hands={RED: [("E5", 2)], BLUE: [("A1", 2)]}, roll=2)
    with pytest.raises(BadPayment, match="a 2 is even: no coin is paid"):
        state.push(turn("E5", "E5", "E7"))
    state.push(turn(None, "E5", "E7"))
    assert state.coins[state.hand_at(sq("E7"))] == 2 and state.bank == 20  # type: ignore[index]


def test_odd_roll_hand_left_with_no_coin_leaves_the_board_at_once() -> None:
    # the paying hand on E6 leaves before the move, so it no longer blocks E5 going down
    state = position(hands={RED: [("E5", 2), ("E6", 1)], BLUE: [("A1", 2)]}, roll=1)
    assert "E6" not in dests(state, "E5")
    assert "E6" in dests(state, "E5", paid="E6")
    with pytest.raises(NotYourHand, match="the hand on E6 pays its last coin and leaves"):
        state.push(turn("E6", "E6", "E7"))
    state.push(turn("E6", "E5", "E6"))
    assert state.squares[3 * RED + 1] is None and state.coins[3 * RED + 1] == 0


def test_odd_roll_paying_the_last_coin_of_the_last_hand_puts_the_player_out() -> None:
    state = position(hands={RED: [("E5", 1)], BLUE: [("A1", 2)], GREEN: [("I9", 1)]},
                     roll=5)
    assert list(state.legal_turns()) == [turn("E5", None, None)]
    state.push(turn("E5", None, None))
    assert state.is_out(RED) and state.current == BLUE and state.phase is Phase.ROLL


# --- the move -----------------------------------------------------------------------------
def test_move_exactly_the_roll_in_orthogonal_steps() -> None:
    state = position(hands={RED: [("E5", 2)], BLUE: [("A1", 2)]}, roll=1)
    assert dests(state, "E5") == {"E4", "F5", "E6", "D5"}
    state = position(hands={RED: [("E5", 2)], BLUE: [("A1", 2)]}, roll=2)
    assert dests(state, "E5") == {"E3", "F4", "G5", "F6", "E7", "D6", "C5", "D4"}


def test_move_never_straight_back_onto_the_square_just_left() -> None:
    state = position(hands={RED: [("E5", 2)], BLUE: [("A1", 2)]}, roll=2)
    assert "E5" not in dests(state, "E5")  # a 2 never ends where it began
    state = position(hands={RED: [("E5", 2)], BLUE: [("A1", 2)]}, roll=4)
    back = tuple(sq(s) for s in ("E4", "E5", "E6", "E7"))  # E7 is reachable, but not so
    with pytest.raises(BadPath, match="straight back from E4 to E5"):
        state.push(Turn(None, sq("E5"), sq("E7"), (), back))


def test_move_path_may_cross_itself_and_end_on_its_starting_square() -> None:
    state = position(hands={RED: [("E5", 2)], BLUE: [("A1", 2)]}, roll=4)
    assert "E5" in dests(state, "E5")  # round a 2 x 2 block
    state = position(hands={RED: [("E5", 2)], BLUE: [("A1", 2)]}, roll=6)
    loop = ("E4", "F4", "F5", "E5", "D5", "D6")  # passes its own start square
    state.push(Turn(None, sq("E5"), sq("D6"), (), tuple(sq(s) for s in loop)))
    assert state.squares[0] == sq("D6")


def test_move_no_passing_through_a_hand_own_or_opponent() -> None:
    # A1 to A3 in two steps goes only over A2
    for owner in (RED, BLUE):
        hands = {RED: [("A1", 2)], BLUE: [("I9", 2)]}
        hands[owner].append(("A2", 2))
        state = position(hands=hands, roll=2)
        assert "A3" not in dests(state, "A1")


def test_move_no_ending_on_a_hand() -> None:
    state = position(hands={RED: [("E5", 2), ("E6", 2)], BLUE: [("F5", 2)]}, roll=1)
    assert dests(state, "E5") == {"E4", "D5"}
    with pytest.raises(Unreachable, match="the blue hand on F5 is there"):
        state.push(turn("E5", "E5", "F5"))


def test_move_must_use_the_roll_if_any_hand_can() -> None:
    state = position(hands={RED: [("E5", 2)], BLUE: [("A1", 2)]}, roll=2)
    with pytest.raises(MustMove, match="red must move: the hand on E5 can move 2 squares"):
        state.push(turn(None, None, None))


def test_roll_no_hand_can_use_ends_the_turn_without_a_move() -> None:
    # red's only hand in the corner, walled in by blue: no 1 is possible; the odd roll still
    # costs its coin
    state = position(hands={RED: [("A1", 2)], BLUE: [("A2", 2), ("B1", 2)]}, roll=1)
    assert list(state.legal_turns()) == [turn("A1", None, None)]
    state.push(turn("A1", None, None))
    assert state.coins[0] == 1 and state.squares[0] == sq("A1") and state.current == BLUE


# --- landing and coins --------------------------------------------------------------------
def test_landing_take_one_coin_from_each_adjacent_hand_opponents_and_own() -> None:
    state = position(
        hands={RED: [("E3", 2), ("D5", 2)], BLUE: [("F5", 2)], GREEN: [("E6", 3)]}, roll=2
    )
    state.push(turn(None, "E3", "E5", "D5", "F5", "E6"))
    lander = state.hand_at(sq("E5"))
    assert lander is not None and state.coins[lander] == 5
    assert [state.coins[state.hand_at(sq(s))] for s in ("D5", "F5", "E6")] == [1, 1, 2]  # type: ignore[index]
    assert state.coin_total() == TOTAL_COINS


def test_landing_each_coin_is_a_choice() -> None:
    state = position(hands={RED: [("E3", 2)], BLUE: [("F5", 2)], GREEN: [("E6", 2)]}, roll=2)
    choices = {t.steals for t in state.legal_turns() if t.to == sq("E5")}
    assert choices == {(), (sq("F5"),), (sq("E6"),), (sq("E6"), sq("F5"))}
    state.push(turn(None, "E3", "E5"))
    assert state.coins == [2, 0, 0, 2, 0, 0, 2, 0, 0, 0, 0, 0]


def test_landing_at_most_three_neighbours_the_square_left_is_empty() -> None:
    state = position(
        hands={RED: [("E4", 2)], BLUE: [("D5", 2), ("F5", 2)], GREEN: [("E6", 2)]}, roll=1
    )
    most = max(len(t.steals) for t in state.legal_turns())
    assert most == 3


def test_landing_only_adjacent_hands_orthogonally() -> None:
    state = position(hands={RED: [("E3", 2)], BLUE: [("F6", 2)], GREEN: [("A1", 2)]}, roll=2)
    with pytest.raises(BadSteal, match="the blue hand on F6 is not next to E5"):
        state.push(turn(None, "E3", "E5", "F6"))
    with pytest.raises(BadSteal, match="no hand on C3"):
        state.push(turn(None, "E3", "E5", "C3"))


def test_hand_left_with_no_coin_after_a_steal_leaves_at_once() -> None:
    state = position(hands={RED: [("E3", 2)], BLUE: [("F5", 1), ("A1", 2)]}, roll=2)
    state.push(turn(None, "E3", "E5", "F5"))
    assert state.hand_at(sq("F5")) is None and state.squares[3 * BLUE] is None
    assert not state.is_out(BLUE)


def test_player_with_no_hands_left_is_out_and_never_plays_again() -> None:
    state = position(
        hands={RED: [("E3", 2)], BLUE: [("F5", 1)], GREEN: [("A1", 2)], YELLOW: [("I9", 2)]},
        roll=2,
    )
    state.push(turn(None, "E3", "E5", "F5"))
    assert state.is_out(BLUE) and state.current == GREEN  # blue is skipped
    assert BLUE not in state.alive()


def test_last_player_with_a_hand_wins_and_the_result_counts_coins() -> None:
    state = position(2, hands={RED: [("E3", 2), ("A1", 1)], TWO_GREEN: [("F5", 1)]}, roll=2)
    state.push(turn(None, "E3", "E5", "F5"))
    result = state.outcome()
    assert state.is_over() and result is not None
    assert result.name == "red" and result.coins == {"red": 4, "green": 0}
    assert state.legal_actions() == []
    with pytest.raises(WrongPhase, match="the game is over"):
        state.push(Roll(3))


def test_start_squares_are_ordinary_squares_for_everyone() -> None:
    # blue ends on red's start square C1 and takes from the red hand beside it
    state = position(hands={RED: [("D1", 2)], BLUE: [("C3", 2)]}, current=BLUE, roll=2)
    assert sq("C1") in state.board.starts[0]
    state.push(turn(None, "C3", "C1", "D1"))
    assert state.hand_at(sq("C1")) == 3 * BLUE and state.coins[0] == 1


# --- the engine ---------------------------------------------------------------------------
def test_legal_turns_list_destinations_not_paths_with_one_witness_path() -> None:
    state = position(hands={RED: [("E5", 2)], BLUE: [("A1", 2)]}, roll=6)
    turns = list(state.legal_turns())
    assert len(turns) == len({t.to for t in turns})  # one per destination (nothing to take)
    for t in turns:
        assert len(t.path) == 6 and t.path[-1] == t.to
        assert is_walk(sq("E5"), t.path, state.board.neighbours.__getitem__,
                       step_rule=no_reversal) is None


def test_push_pop_restores_the_state() -> None:
    state = position(hands={RED: [("E3", 2)], BLUE: [("F6", 1)], GREEN: [("A1", 2)]}, roll=3)
    before = state.to_json()
    state.push(turn("E3", "E3", "E6", "F6"))
    assert state.to_json() != before and state.hand_at(sq("F6")) is None
    assert state.pop() == turn("E3", "E3", "E6", "F6")
    assert state.to_json() == before and state.history == []


def test_actions_round_trip_through_json() -> None:
    for action in (Roll(3), turn("E3", "E3", "E6", "F5", "D6"), turn(None, None, None)):
        assert action_from_json(json.loads(json.dumps(action_to_json(action)))) == action
    with pytest.raises(ValueError, match="unknown action type 'fly'"):
        action_from_json({"type": "fly"})
    with pytest.raises(ValueError, match=r"turn.to: \[1\] is not a square"):
        action_from_json({"type": "turn", "pay": None, "hand": [1, 1], "to": [1]})


def test_state_round_trips_through_json() -> None:
    state, chance = State(3), Chance(5)
    for _ in range(30):
        if state.is_over():
            break
        if state.is_chance():
            state.roll_with(chance)
        else:
            state.push(next(state.legal_turns()))
        assert State.from_json(json.loads(json.dumps(state.to_json()))) == state


def _saved(**changes: object) -> dict[str, object]:
    data = position(hands={RED: [("E3", 2)], BLUE: [("F5", 1)]}, roll=2).to_json()
    data.update(changes)
    return data


def _with_hand(index: int, **fields: object) -> dict[str, object]:
    data = _saved()
    hands = data["hands"]
    assert isinstance(hands, list)
    hands[index] = {**hands[index], **fields}
    return data


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (_saved(bank=5), r"bank: hands \(3\) \+ bank \(5\) must be 24 coins, not 8"),
        (_with_hand(3, square=[4, 2]), r"hands\[3\].square: E3 already has hand 0"),
        (_with_hand(1, square=[0, 0]), r"hands\[1\]: a hand on the board \(A1\) has at least"),
        (_with_hand(2, coins=1), r"hands\[2\]: a hand off the board holds no coins, not 1"),
        (_with_hand(0, square=[9, 0]), r"hands\[0\].square: \[9, 0\] is off the board"),
        (_with_hand(0, colour="blue"), r"hands\[0\].colour: 'blue' should be 'red'"),
        (_saved(current=2), "current: green is out and never plays again"),
        (_saved(phase="over", roll=None), "over, but 2 players still have hands"),
        (_saved(phase="roll"), "roll: 2: a roll waits only in phase move"),
        (_saved(players=7), "players: 7 must be a whole number from 2 to 4"),
        (_saved(phase="dance"), "phase: 'dance'; allowed: opening, roll, move, over"),
        ({"players": 2}, "hands: missing"),
    ],
)
def test_json_refuses_impossible_states_with_one_line(data: object, message: str) -> None:
    with pytest.raises(StateError, match=message) as error:
        State.from_json(data)
    assert "\n" not in str(error.value)


# --- precise errors -----------------------------------------------------------------------
def test_error_names_the_hand_in_the_way() -> None:
    state = position(2, hands={RED: [("A1", 2)], TWO_GREEN: [("A2", 1)]}, roll=2)
    with pytest.raises(Unreachable) as error:
        state.push(turn(None, "A1", "A3"))
    assert str(error.value) == (
        "the hand on A1 cannot reach A3 in 2 steps without passing the green hand on A2"
    )


def test_error_too_far_and_wrong_parity() -> None:
    state = position(hands={RED: [("E5", 2)], BLUE: [("A1", 2)]}, roll=2)
    with pytest.raises(Unreachable, match="cannot reach E9 in 2 steps: it is 4 steps away"):
        state.push(turn(None, "E5", "E9"))
    with pytest.raises(Unreachable, match="it is 1 step away, and a 2 always ends an even"):
        state.push(turn(None, "E5", "E6"))


def test_error_not_your_hand() -> None:
    state = position(hands={RED: [("E5", 2)], BLUE: [("A1", 2)]}, roll=2)
    with pytest.raises(NotYourHand, match=r"red has no hand on A1 \(blue's hand is there\)"):
        state.push(turn(None, "A1", "A3"))
    with pytest.raises(NotYourHand, match=r"red has no hand on C3$"):
        state.push(turn(None, "C3", "C5"))


def test_refused_actions_leave_the_state_unchanged() -> None:
    state = position(hands={RED: [("E5", 2)], BLUE: [("E7", 2)]}, roll=2)
    before = state.to_json()
    for bad in (turn(None, "E5", "E7"), turn(None, "E5", "E3", "E7"), turn("E5", "E5", "E3")):
        with pytest.raises(ValueError):
            state.push(bad)
        assert state.to_json() == before and state.history == []


# --- "takes the last coin from an opponent's hand ... he is eliminated" ---------------------
def test_taking_the_last_coin_of_an_opponents_hand_removes_the_hand_he_plays_on_with_others(
) -> None:
    # the rulebook's "that opponent must remove the hand from the board, and he is eliminated
    # from the game" read as the hand leaving: blue keeps his hand on A1 and plays on
    state = position(
        hands={RED: [("E3", 2)], BLUE: [("F5", 1), ("A1", 2)], GREEN: [("I9", 2)]}, roll=2
    )
    state.push(turn(None, "E3", "E5", "F5"))
    assert state.hand_at(sq("F5")) is None and state.coins[0] == 3
    assert not state.is_out(BLUE) and BLUE in state.alive() and state.current == BLUE
    assert not state.is_over()


def test_taking_the_last_coin_of_an_opponents_last_hand_eliminates_him() -> None:
    state = position(
        hands={RED: [("E3", 2)], BLUE: [("F5", 1)], GREEN: [("I9", 2)]}, roll=2
    )
    state.push(turn(None, "E3", "E5", "F5"))
    assert state.is_out(BLUE) and state.current == GREEN


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"type": "roll", "value": 3.7}, "roll.value: 3.7; allowed: a whole number from 1 to 6"),
        ({"type": "roll", "value": True}, "roll.value: True; allowed: a whole number"),
        ({"type": "roll", "value": "1"}, "roll.value: '1'; allowed: a whole number"),
        ({"type": "roll", "value": 7}, "roll.value: 7; allowed: a whole number from 1 to 6"),
        ({"type": "roll", "value": 3, "hand": [1, 1]}, "roll.hand: unknown key; allowed: value"),
        ({"type": "turn", "hand": [1.0, 2], "to": [1, 4]}, r"turn.hand: \[1.0, 2\] is not a "
                                                           "square"),
        ({"type": "turn", "hand": [True, 2], "to": [1, 4]}, r"turn.hand: \[True, 2\] is not"),
        ({"type": "turn", "hand": "1", "to": [1, 4]}, "turn.hand: '1' is not a square"),
        ({"type": "turn", "steals": [[1, "2"]]}, r"turn.steals\[0\]: \[1, '2'\] is not"),
        ({"type": "turn", "steals": "C3"}, "turn.steals: 'C3'; allowed: a list of squares"),
        ({"type": True}, "unknown action type True; allowed: roll, turn"),
    ],
)
def test_action_from_json_takes_an_action_as_written_or_refuses_it(
    data: dict[str, object], message: str
) -> None:
    refused_in_one_line(action_from_json, data, message)


def test_three_players_start_red_and_green_towards_the_empty_edge() -> None:
    three, four = State(3), State(4)
    red_3 = [three.squares[h] for h in three.hands_of(0)]
    assert red_3 == [sq("A4"), sq("A2"), sq("D1")]
    assert [four.squares[h] for h in four.hands_of(0)] == [sq("C1"), sq("E1"), sq("G1")]
    assert [three.squares[h] for h in three.hands_of(1)] == [four.squares[h]
                                                            for h in four.hands_of(1)]
