"""The fast wall listing (union-find over guide-line points) agrees exactly with the naive one
(a full strong-connectivity search per candidate wall) on many seeded random positions."""

from __future__ import annotations

import random

import pytest
from stonewall_helpers import play_random

from games.stonewall.rules import State


@pytest.mark.parametrize("seed", range(40))
def test_fast_wall_listing_agrees_with_naive_search(seed: int) -> None:
    rng = random.Random(seed)
    state = State(rng.choice([2, 3, 4]))
    play_random(state, seed, rng.randrange(20, 400))
    lengths = [1, 2, 3]
    assert state.legal_wall_placements(lengths) == state.legal_wall_placements_naive(lengths)
    for old in rng.sample(state.placed, min(3, len(state.placed))):
        fast = state.legal_wall_placements([old.length], ignore=old)
        assert fast == state.legal_wall_placements_naive([old.length], ignore=old)


def test_fast_listing_refuses_what_cuts_and_keeps_what_does_not() -> None:
    state = State(4)
    legal = set(state.legal_wall_placements([1, 2, 3]))
    everything = [c.wall for n in (1, 2, 3) for c in state.geo.candidates[n]]
    refused = [w for w in everything if w not in legal]
    assert refused and len(legal) > 200
    assert all(state.wall_problem(w) is not None for w in refused)
