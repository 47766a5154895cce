"""Saved Dammi il malloppo and Whacky Wit states: a state loaded from JSON is one the game could
reach, or a one-line :class:`StateError` naming the key; the caller's data is never changed.

No command reads a saved state on its own (scenario files do, as ``options.position`` /
``options.start``, covered in test_bad_scenarios.py), so these call ``State.from_json``
directly: hand-written cases per game, then generated ones (any one field replaced by junk
loads exactly as saved, or is refused in one line: never another exception).
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core.errors import UserError
from games.core.rng import Chance
from games.malloppo import rules as malloppo
from games.malloppo.fuzz import random_turn
from games.whacky import rules as whacky
from games.whacky.fuzz import random_step
from tests.bad_inputs.helpers import Edit, refused_state, setter


def malloppo_base() -> dict[str, Any]:
    """Three players some turns in, red to move a roll of 4 (a hand of red's is off the
    board); the board is left out, as a hand-written position may."""
    state = malloppo.State(3)
    rng, chance = random.Random(140), Chance(140)  # 140: the 3-player start squares of board.toml
    for _ in range(30):
        if state.is_chance():
            state.roll_with(chance)
        else:
            state.push(random_turn(state, rng))
    data = json.loads(json.dumps(state.to_json()))
    assert data["phase"] == "move" and data["hands"][0]["square"] is None
    del data["board"]
    return data


def whacky_base() -> dict[str, Any]:
    """A game with the accident rules some moves in, Whacky to roll."""
    state = whacky.State(accidents=6)
    rng, chance = random.Random(5), Chance(5)
    for _ in range(40):
        random_step(state, rng, chance)
    data = json.loads(json.dumps(state.to_json()))
    assert data["phase"] == "whacky_roll" and data["lives"] == 3
    return data


MALLOPPO = malloppo_base()
WHACKY = whacky_base()


def hand(index: int, **change: Any) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        data["hands"][index].update(change)

    return edit


def dropped(key: str) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        del data[key]

    return edit


def monster(name: str, label: Any) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        data["monsters"][name] = label

    return edit


def coins_moved(data: dict[str, Any]) -> None:  # one coin from the bank onto a hand: 25 coins
    data["hands"][1]["coins"] += 1


def two_on_a_square(data: dict[str, Any]) -> None:
    data["hands"][2]["square"] = data["hands"][1]["square"]


def bank_paid_back(data: dict[str, Any]) -> None:  # 24 coins, but a bank coin back on a hand
    data["hands"][1]["coins"] += data["bank"] - 5
    data["bank"] = 5


def over_with_two_left(data: dict[str, Any]) -> None:
    data.update(phase="over", winner=0, roll=None)


def down_twice(data: dict[str, Any]) -> None:
    data["down"].append(data["down"][0])


def whacky_on_an_up_dot(data: dict[str, Any]) -> None:
    data["down"].remove(data["whacky"])


# (id, edit, a fragment the error must hold)
MALLOPPO_CASES: list[tuple[str, Edit, str]] = [
    ("unknown_key", setter("cheat", 1), "cheat: unknown key"),
    ("key_with_escape", setter("x\x1b[31m\n", 1), "unknown key"),
    ("players_missing", dropped("players"), "players: missing"),
    ("players_five", setter("players", 5), "players: 5"),
    ("players_bool", setter("players", True), "players: True"),
    ("players_inf", setter("players", float("inf")), "players: inf"),
    ("hands_short", lambda d: d["hands"].pop(), "hands: must list 9 hands"),
    ("hands_text", setter("hands", "all"), "hands: must list"),
    ("hand_not_a_table", lambda d: d["hands"].__setitem__(0, [1, 2]), "hands[0]: must be a table"),
    ("hand_unknown_key", hand(1, gold=2), "hands[1].gold: unknown key"),
    ("hand_wrong_colour", hand(1, colour="blue"), "hands[1].colour: 'blue' should be 'red'"),
    ("hand_off_board", hand(1, square=[9, 0]), "hands[1].square: [9, 0] is off the board"),
    ("hand_square_huge", hand(1, square=[1e300, 0]), "hands[1].square"),
    ("hand_square_nan", hand(1, square=[float("nan"), 0]), "hands[1].square"),
    ("hand_square_three", hand(1, square=[1, 2, 3]), "hands[1].square"),
    ("hand_coins_negative", hand(1, coins=-1), "hands[1].coins: -1"),
    ("hand_coins_float", hand(1, coins=3.0), "hands[1].coins: 3.0"),
    ("hand_on_board_no_coins", hand(1, coins=0), "hands[1]: a hand on the board"),
    ("hand_off_board_with_coins", hand(0, coins=1), "hands[0]: a hand off the board holds no"),
    ("two_hands_one_square", two_on_a_square, "already has hand 1 on it"),
    ("coins_do_not_add_up", coins_moved, "must be 24 coins, not 25"),
    ("bank_negative", setter("bank", -1), "bank: -1"),
    ("coins_back_from_the_bank", bank_paid_back, "but only 18 were dealt to 3 players"),
    ("phase_unknown", setter("phase", "dance"), "phase: 'dance'"),
    ("current_out_of_range", setter("current", 3), "current: 3"),
    ("roll_seven", setter("roll", 7), "roll: 7"),
    ("roll_text", setter("roll", "4"), "roll: '4'"),
    ("roll_in_phase_roll", setter("phase", "roll"), "roll: 4: a roll waits only in phase move"),
    ("winner_not_over", setter("winner", 0), "winner: 0 but the game is not over"),
    ("over_with_players_left", over_with_two_left, "over, but 3 players still have hands"),
    ("contenders_after_opening", setter("contenders", [0, 1]), "contenders"),
    ("opening_rolls_text", setter("opening_rolls", "66"), "contenders and opening_rolls"),
    ("board_bad", setter("board", {"size": 3}), "state.board: state.board: size: 3"),
]

WHACKY_CASES: list[tuple[str, Edit, str]] = [
    ("unknown_key", setter("cheat", 1), "cheat: unknown key"),
    ("board_missing", dropped("board"), "missing key 'board'"),
    ("board_bad", lambda d: d["board"].update(columns=2), "state.board: columns: 2"),
    ("accidents_one", setter("accidents", 1), "accidents: 1"),
    ("accidents_inf", setter("accidents", float("inf")), "accidents: inf"),
    ("accidents_text", setter("accidents", "6"), "accidents: '6'"),
    ("up_and_down", setter("up", []), "either 'down' or 'up'"),
    ("down_not_a_point", lambda d: d["down"].append("Z99"), "'Z99' is not a point"),
    ("down_start_point", lambda d: d["down"].append("J9"), "J9 holds no dot"),
    ("down_twice", down_twice, "down"),
    ("down_number", setter("down", 5), "down: 5; allowed: a list of point names"),
    ("down_lower_case", lambda d: d["down"].append("a3"), "]: 'a3' is not a point"),
    ("accident_dots_text", setter("accident_dots", ""), "accident_dots: ''; allowed: a list"),
    ("whacky_in_cage", setter("whacky", "J7"), "Whacky is in the monsters' cage"),
    ("whacky_on_up_dot", whacky_on_an_up_dot, "is still up"),
    ("whacky_not_text", setter("whacky", 10), "whacky: 10 is not a point"),
    ("monster_missing", lambda d: d["monsters"].pop("red"), "monsters must name"),
    ("monsters_share_a_dot", lambda d: monster("red", d["monsters"]["blue"])(d),
     "two monsters on one dot"),
    ("monster_off_board", monster("red", "A99"), "monsters.red: 'A99' is not a point"),
    ("lives_four", setter("lives", 4), "lives: 4"),
    ("lives_nan", setter("lives", float("nan")), "lives: nan"),
    ("lives_fraction", setter("lives", 2.9), "lives: 2.9"),
    ("lives_zero_game_on", setter("lives", 0), "no life left"),
    ("phase_unknown", setter("phase", "dance"), "phase: 'dance'"),
    ("roll_kept", setter("roll", 3), "a roll of 3 kept in phase whacky_roll"),
    ("roll_huge", setter("roll", 10**30), "roll:"),
    ("rolls_left_zero", setter("rolls_left", 0), "Whacky has 0 rolls left"),
    ("rolls_left_inf", setter("rolls_left", float("inf")), "rolls_left: inf"),
    ("power_without_rolls", setter("power", 2), "power 2 with 1 rolls left"),
    ("stored_power_none_down", setter("stored_power", 3), "stored powers but"),
    ("chosen_unknown", setter("chosen", "pink"), "chosen: 'pink' is not a monster"),
    ("accident_dots_kept", setter("accident_dots", ["A1"]), "accident dots kept"),
    ("winner_two", setter("winner", 2), "winner: 2"),
    ("winner_game_on", setter("winner", 0), "a finished game needs a winner"),
    ("reason_huge", setter("reason", "r" * 100_000), "reason:"),
]

GAMES = {
    "malloppo": (malloppo.State, malloppo.StateError, MALLOPPO, MALLOPPO_CASES),
    "whacky": (whacky.State, whacky.StateError, WHACKY, WHACKY_CASES),
}
ALL_CASES = [(game, *case) for game, (_, _, _, cases) in GAMES.items() for case in cases]


@pytest.mark.parametrize("game", list(GAMES))
def test_the_corpus_is_big_enough(game: str) -> None:
    assert len(GAMES[game][3]) >= 20


@pytest.mark.parametrize("game", list(GAMES))
def test_the_base_state_loads_as_it_was_saved(game: str) -> None:
    state_class, _, base, _ = GAMES[game]
    loaded = state_class.from_json(copy.deepcopy(base)).to_json()
    assert loaded == {**loaded, **base}


@pytest.mark.parametrize(
    ("game", "edit", "fragment"),
    [(c[0], *c[2:]) for c in ALL_CASES],
    ids=[f"{c[0]}-{c[1]}" for c in ALL_CASES],
)
def test_an_unreachable_saved_state_is_one_line(game: str, edit: Edit, fragment: str) -> None:
    state_class, error_class, base, _ = GAMES[game]
    error = refused_state(state_class.from_json, error_class, base, edit)
    message = str(error)
    assert isinstance(error, UserError)
    assert message.isprintable() and len(message) < 700, message[:800]
    assert fragment in message, message


def malloppo_opening(players: int) -> dict[str, Any]:
    state = malloppo.State(players)
    state.push(malloppo.Roll(3))  # the first contender has rolled
    return json.loads(json.dumps(state.to_json()))


def opening_hand_moved(data: dict[str, Any]) -> None:
    free = [x for x in range(9) if [x, 4] not in [h["square"] for h in data["hands"]]]
    data["hands"][0]["square"] = [free[0], 4]


def opening_hand_paid(data: dict[str, Any]) -> None:
    data["hands"][0]["coins"] -= 1
    data["bank"] += 1


def opening_coins_moved(data: dict[str, Any]) -> None:
    data["hands"][0]["coins"] -= 1
    data["hands"][4]["coins"] += 1


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize(
    ("edit", "fragment"),
    [
        (opening_hand_moved, "hands[0]: in the opening every hand is on its start square"),
        (opening_hand_paid, "hands[0]: in the opening every hand is on its start square"),
        (opening_coins_moved, "hands[0]: in the opening every hand is on its start square"),
        (setter("contenders", [1, 0]), "contenders: the contenders roll in seat order"),
    ],
)
def test_a_malloppo_opening_where_hands_moved_or_paid_is_refused(
    players: int, edit: Edit, fragment: str
) -> None:
    data = malloppo_opening(players)
    assert malloppo.State.from_json(copy.deepcopy(data)).to_json() == data
    if fragment.startswith("contenders") and players == 2:
        data["opening_rolls"] = []
        data["current"] = 1
    edit(data)
    with pytest.raises(malloppo.StateError) as caught:
        malloppo.State.from_json(data)
    assert fragment in str(caught.value) and str(caught.value).isprintable()


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("data", [None, [], "state", 3, {}])
def test_what_is_not_a_state_table_is_one_line(game: str, data: Any) -> None:
    state_class, error_class, _, _ = GAMES[game]
    with pytest.raises(error_class) as caught:
        state_class.from_json(data)
    assert str(caught.value).isprintable()


JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-5, max_value=30),
    st.integers(min_value=10**20),
    st.floats(allow_nan=True),
    st.text(max_size=4),
    st.lists(st.one_of(st.integers(min_value=-2, max_value=20), st.text(max_size=3)), max_size=4),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(list(GAMES)),
    key_index=st.integers(0, 40),
    value=JUNK,
    index=st.integers(0, 40),
)
def test_a_state_loads_exactly_as_saved_or_not_at_all(
    game: str, key_index: int, value: Any, index: int
) -> None:
    """Whatever one field (or one item of a list or table field) is changed to, loading either
    refuses it in one line or gives a state that saves back to exactly that data (nothing moved
    or rounded silently), and the data given is not changed."""
    state_class, error_class, base, _ = GAMES[game]
    data = copy.deepcopy(base)
    keys = sorted(k for k in data if k != "board")
    key = keys[key_index % len(keys)]
    target = data[key]
    if isinstance(target, list) and target:
        target[index % len(target)] = value
    elif isinstance(target, dict) and target:
        target[sorted(target)[index % len(target)]] = value
    else:
        data[key] = value
    kept = copy.deepcopy(data)
    try:
        state = state_class.from_json(data)
    except error_class as error:
        assert str(error).isprintable() and len(str(error)) < 700
        assert data == kept
        return
    assert data == kept
    saved = json.loads(json.dumps(state.to_json()))
    if key in ("down", "up"):  # a set of dots: its order is free
        assert sorted(saved[key]) == sorted(data[key])
        return
    assert {k: saved[k] for k in data if k in saved} == {k: data[k] for k in data if k in saved}
