"""Turn order shared by the dice games: the opening roll and passing the turn on."""

from __future__ import annotations

from games.turnkit.turns import next_player, opening_step


def test_highest_opening_roll_begins() -> None:
    contenders, rolls, nxt = opening_step([0, 1, 2], [], 3)
    assert (contenders, rolls, nxt) == ([0, 1, 2], [3], 1)
    contenders, rolls, nxt = opening_step(contenders, rolls, 5)
    assert opening_step(contenders, rolls, 4) == ([], [], 1)


def test_tied_highest_roll_again_among_themselves() -> None:
    state: tuple[list[int], list[int], int] = ([0, 1, 2, 3], [], 0)
    for value in (6, 2, 6, 1):
        state = opening_step(state[0], state[1], value)
    assert state == ([0, 2], [], 0)
    state = opening_step(state[0], state[1], 2)
    assert state == ([0, 2], [2], 2)
    assert opening_step(state[0], state[1], 5) == ([], [], 2)


def test_next_player_goes_round_skipping_those_out() -> None:
    assert next_player(3, 4) == 0
    assert next_player(0, 4, playing={0, 2, 3}) == 2
    assert next_player(2, 4, playing={2}) == 2
