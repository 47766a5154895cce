"""Random-play fuzz: seeded random legal games (many short ones, plus some played to the end),
checking after every action the invariants the rules promise.

The suite plays :data:`SHORT_GAMES` short games (two blocks, so the parallel runner spreads
them over the cores) and :data:`WHOLE_GAMES` to the end. ``python scripts/fuzz_stonewall.py``
runs the long version: the same :func:`play_checked` on 2,000 short games (``--games N``) and
more whole ones (``--whole N``).
"""

from __future__ import annotations

import json
import random

import pytest
from stonewall_helpers import random_action

from games.core.rng import Chance
from games.stonewall.rules import WALL_COUNT, State

SHORT_GAMES = 240
SHORT_ACTIONS = 16  # a short game: the opening, where walls are placed and changed most
BLOCKS = 2
WHOLE_GAMES = 4
WHOLE_SEED = 10_000  # the first whole game's seed: not a short game's
WHOLE_ACTIONS = 5000


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


def play_short(seed: int) -> State:
    """A short game, every invariant checked after every action."""
    return play_checked(seed, max_actions=SHORT_ACTIONS, check_every=1)


def play_whole(seed: int) -> State:
    """A game to the end, the invariants checked every third action and at the end."""
    state = play_checked(seed, max_actions=WHOLE_ACTIONS, check_every=3)
    assert state.is_over(), f"seed {seed}: no end after {WHOLE_ACTIONS} actions"
    return state


@pytest.mark.parametrize("block", range(BLOCKS))
def test_short_random_games_keep_the_invariants(block: int) -> None:
    """The short run of scripts/fuzz_stonewall.py (2,000 short games, or ``--games N``)."""
    size = SHORT_GAMES // BLOCKS
    for seed in range(block * size, (block + 1) * size):
        play_short(seed)


@pytest.mark.parametrize("seed", range(WHOLE_SEED, WHOLE_SEED + WHOLE_GAMES))
def test_random_games_to_the_end_keep_the_invariants(seed: int) -> None:
    """scripts/fuzz_stonewall.py ``--whole N`` plays more of these."""
    play_whole(seed)
