"""Random-play fuzz: 2000 seeded random legal games (short ones, plus some played to the end),
checking after every action the invariants the rules promise."""

from __future__ import annotations

import json
import random

import pytest
from stonewall_helpers import random_action

from games.rng import Chance
from games.stonewall.rules import WALL_COUNT, State


def check_invariants(state: State) -> None:
    # every square reachable from every square (one search forwards, one backwards from a
    # square), and so every goal reachable; each player's legs are checked on their own too
    assert state.strongly_connected()
    for player in range(state.players):
        assert state._cut_leg(player) is None, f"{state.name(player)} has no path to the goal"
    assert state.wall_total() == WALL_COUNT
    assert State.from_json(json.loads(json.dumps(state.to_json()))) == state


def play_checked(seed: int, max_actions: int, check_every: int) -> State:
    rng, chance = random.Random(seed), Chance(seed)
    state = State(2 + seed % 3)
    for step in range(max_actions):
        if state.is_over():
            break
        if state.is_chance():
            state.roll_with(chance)
        else:
            before = state.to_json()
            state.push(random_action(state, rng))
            if step % 7 == 0:  # undo restores equality, redo is allowed again
                action = state.pop()
                assert state.to_json() == before
                state.push(action)
        if step % check_every == 0:
            check_invariants(state)
    check_invariants(state)
    return state


@pytest.mark.parametrize("block", range(8))
def test_thousands_of_short_random_games_keep_the_invariants(block: int) -> None:
    for seed in range(block * 250, (block + 1) * 250):  # 2000 games in all
        play_checked(seed, max_actions=16, check_every=1)


@pytest.mark.parametrize("seed", range(4))
def test_random_games_to_the_end_keep_the_invariants(seed: int) -> None:
    state = play_checked(10_000 + seed, max_actions=5000, check_every=3)
    assert state.is_over()
