"""Random-play fuzz: seeded random legal games for 2, 3 and 4 players, played to the end,
checking after every action the invariants the rules promise.

The suite plays :data:`GAMES_PER_COUNT` games per player count (one test per count, so the
parallel runner spreads them over the cores; a few seconds of CPU); the JSON round trip is
checked every tenth action (the cheap invariants after every one). ``python
scripts/fuzz_malloppo.py`` runs the long version: the same :func:`play_checked` on 2,000 games
per count (``--games 10000`` for more), the JSON round trip after every action.
"""

from __future__ import annotations

import random

import pytest

from games.core.rng import Chance
from games.malloppo.fuzz import check_invariants, random_turn
from games.malloppo.rules import Phase, State, Turn

GAMES_PER_COUNT = 150
MAX_ACTIONS = 5_000  # a game ends long before: every odd roll takes a coin out of play


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
            action = random_turn(state, rng)
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
    """The short run of scripts/fuzz_malloppo.py (2,000 games per count, or ``--games N``)."""
    for seed in range(GAMES_PER_COUNT):
        play_checked(seed, players, deep_every=10)
