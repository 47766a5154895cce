"""Random-play fuzz: seeded random legal games (every other one with the accident rules), with
the invariants checked after every action: a possible state (lives 0-3, no two monsters on a
dot, no dot up under Whacky ...), dots only go down, lives only go down, undo and the JSON round
trip restore the state exactly, and every game ends.

The suite plays :data:`GAMES` whole games (two blocks, so the parallel runner spreads them over
the cores; a few seconds of CPU). ``python scripts/fuzz_whacky.py`` runs the long version: the
same :func:`play_checked` on 2,000 games (``--games 10000`` for more).
"""

from __future__ import annotations

import pytest
from whacky_helpers import fuzz_game

from games.whacky.rules import State

GAMES = 100
BLOCKS = 2
MAX_ACTIONS = 20_000  # far more than a game takes: the monsters catch a wandering Whacky


def play_checked(seed: int) -> State:
    """One seeded random game to the end, every invariant checked after every action."""
    state = fuzz_game(seed, max_actions=MAX_ACTIONS, accidents=6 if seed % 2 else 0,
                      round_trip=25)
    assert state.is_over(), f"seed {seed}: no end after {MAX_ACTIONS} actions"
    assert state.winner in (0, 1)
    return state


@pytest.mark.parametrize("block", range(BLOCKS))
def test_random_games_to_the_end_keep_the_invariants_and_end(block: int) -> None:
    """The short run of scripts/fuzz_whacky.py (which plays 2,000 games, or ``--games N``)."""
    size = GAMES // BLOCKS
    for seed in range(block * size, (block + 1) * size):
        play_checked(seed)
