"""Random-play fuzz: seeded random legal games (roughly half with the accident rules), with the
invariants checked after every action: a possible state (lives 0-3, no two monsters on a dot,
no dot up under Whacky ...), dots only go down, lives only go down, undo and the JSON round
trip restore the state exactly, and every game ends.

The suite plays 2,000 games: 1,980 short ones (the first 30 actions: opening, cage exits,
first catches and power dots) and 20 to the end; ``scripts/bench_whacky.py --fuzz 10000``
plays 10,000 whole games with the same checks (about 500 actions each, too slow for CI).
"""

from __future__ import annotations

import pytest
from whacky_helpers import fuzz_game


@pytest.mark.parametrize("block", range(6))
def test_thousands_of_short_random_games_keep_the_invariants(block: int) -> None:
    for seed in range(block * 330, (block + 1) * 330):  # 1,980 games in all
        fuzz_game(seed, max_actions=30, accidents=6 if seed % 2 else 0, round_trip=5)


@pytest.mark.parametrize("block", range(4))
def test_random_games_to_the_end_keep_the_invariants_and_end(block: int) -> None:
    for seed in range(100_000 + block * 5, 100_000 + (block + 1) * 5):  # 20 games
        state = fuzz_game(seed, max_actions=20_000, accidents=6 if seed % 2 else 0,
                          round_trip=50)
        assert state.is_over() and state.winner in (0, 1)
