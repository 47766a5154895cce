"""Random-play fuzz: seeded random legal games for 2, 3 and 4 players, played to the end,
checking after every action the invariants the rules promise.

The suite plays :data:`GAMES_PER_COUNT` games per player count (kept to what runs in seconds);
``python scripts/fuzz_malloppo.py`` plays the issue's 2,000 per count in the suite's shape and
10,000 more on request, with the same checks.
"""

from __future__ import annotations

import json
import random

import pytest
from malloppo_helpers import random_action

from games.malloppo.rules import TOTAL_COINS, Phase, State, Turn
from games.rng import Chance

GAMES_PER_COUNT = 600
MAX_ACTIONS = 5_000  # a game ends long before: every odd roll takes a coin out of play


def check_invariants(state: State, deep: bool) -> None:
    # coins conserved: on hands or in the bank, never negative
    assert state.coin_total() == TOTAL_COINS and state.bank >= 0
    # no two hands on one square; a hand on the board has coins, one off the board none
    on_board = [sq for sq in state.squares if sq is not None]
    assert len(on_board) == len(set(on_board))
    assert state.at == {sq: h for h, sq in enumerate(state.squares) if sq is not None}
    for square, coins in zip(state.squares, state.coins, strict=True):
        assert (coins > 0) == (square is not None) and coins >= 0
        assert square is None or state.board.on_board(square)
    alive = state.alive()
    if state.is_over():
        assert alive == [state.winner]
    else:
        assert len(alive) >= 2 and state.current in alive  # eliminated players never act
    if deep:
        assert State.from_json(json.loads(json.dumps(state.to_json()))) == state


def play_checked(seed: int, players: int, deep_every: int = 1) -> State:
    rng, chance = random.Random(seed), Chance(seed)
    state = State(players)
    for step in range(MAX_ACTIONS):
        if state.is_over():
            break
        actor = state.current
        assert not state.is_out(actor)
        if state.is_chance():
            state.roll_with(chance)
        else:
            before = state.to_json() if step % 11 == 0 else None
            action = random_action(state, rng)
            state.push(action)
            if before is not None:  # undo restores the position exactly; redo is allowed
                assert state.pop() == action and state.to_json() == before
                state.push(action)
            assert isinstance(action, Turn) and state.phase in (Phase.ROLL, Phase.OVER)
        check_invariants(state, deep=step % deep_every == 0)
    assert state.is_over(), f"seed {seed}: no end after {MAX_ACTIONS} actions"
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_the_invariants_after_every_action(players: int) -> None:
    for seed in range(GAMES_PER_COUNT):
        play_checked(seed, players, deep_every=4)
