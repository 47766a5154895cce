"""Random-play fuzz: seeded random legal games (roughly half with the accident rules), with the
invariants checked after every action: a possible state (lives 0-3, no two monsters on a dot,
no dot up under Whacky ...), dots only go down, lives only go down, undo and the JSON round
trip restore the state exactly, and every game ends.

The suite plays 2,000 whole games (in blocks, so the parallel runner spreads them over the
cores; about 70 s of CPU); ``scripts/bench_whacky.py --fuzz 10000`` plays 10,000 with the same
checks.
"""

from __future__ import annotations

import pytest
from whacky_helpers import fuzz_game

GAMES = 2_000
BLOCKS = 8


@pytest.mark.parametrize("block", range(BLOCKS))
def test_random_games_to_the_end_keep_the_invariants_and_end(block: int) -> None:
    size = GAMES // BLOCKS
    for seed in range(block * size, (block + 1) * size):
        state = fuzz_game(seed, max_actions=20_000, accidents=6 if seed % 2 else 0,
                          round_trip=25)
        assert state.is_over() and state.winner in (0, 1)
