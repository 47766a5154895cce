"""The engine's wall listing (wall layouts kept as walls go down, games.stonewall.walls) agrees
exactly with the naive one (the rules' own check of every candidate wall) and with the engine's
previous listing (scripts/stonewall_reference.py) on many seeded random positions; the long
check is ``python scripts/stonewall_reference.py --positions 5000``."""

from __future__ import annotations

import random

import pytest
from stonewall_helpers import play_random

from games.stonewall.rules import State
from games.stonewall.walls import layout_cache
from scripts.stonewall_reference import (
    change_differences,
    change_positions,
    differences,
    naive_wall_placements,
    reference_wall_placements,
    stonewall_positions,
)


@pytest.mark.parametrize("seed", range(40))
def test_fast_wall_listing_agrees_with_naive_search(seed: int) -> None:
    rng = random.Random(seed)
    state = State(rng.choice([2, 3, 4]))
    play_random(state, seed, rng.randrange(20, 400))
    lengths = [1, 2, 3]
    assert state.legal_wall_placements(lengths) == naive_wall_placements(state, lengths)
    assert state.legal_wall_placements(lengths) == reference_wall_placements(state, lengths)
    for old in rng.sample(state.placed, min(3, len(state.placed))):
        moves = state.layout.moves_of(old)  # before the layout without ``old`` is cached
        fast = state.legal_wall_placements([old.length], ignore=old)
        assert fast == naive_wall_placements(state, [old.length], ignore=old)
        assert [w for w in fast if w != old] == moves


@pytest.mark.parametrize("seed", range(40))
def test_a_loaded_state_works_its_walls_out_as_the_naive_search(seed: int) -> None:
    """A state read from JSON with no layout cached (as in a fresh process) works out its wall
    positions in one pass (shortcuts refuse positions that shut squares in without a flood):
    the same as the naive check."""
    rng = random.Random(seed)
    state = State(rng.choice([2, 3, 4]))
    play_random(state, seed, rng.randrange(20, 400))
    layout_cache(state.geo).layouts.clear()
    state.geo.witnesses.clear()
    loaded = State.from_json(state.to_json())
    lengths = [1, 2, 3]
    assert loaded.legal_wall_placements(lengths) == naive_wall_placements(state, lengths)


def test_listing_equals_the_reference_through_whole_games() -> None:
    """Wall and change phases of random games, sparse to full boards (the script's sample):
    the listing also after a push and a pop, the naive check (and where every placed wall
    could move) on every 5th."""
    checked = 0
    rng = random.Random(3)
    for state in stonewall_positions(150, seed=3):
        assert differences(state, naive=checked % 5 == 0, rng=rng) is None
        checked += 1
    assert checked == 150


def test_change_a_wall_listing_equals_the_reference_as_play_reaches_it() -> None:
    """Change-a-Wall positions as random games reach them (full boards, every placed wall
    removed or moved): the whole listing as play left the layout, again after a push and a
    pop, and worked out cold, is the reference's (the long check: ``python
    scripts/stonewall_reference.py --changes 3000``)."""
    rng = random.Random(5)
    checked = 0
    for state in change_positions(24, seed=5):
        assert change_differences(state, rng) is None
        checked += 1
    assert checked == 24


def test_fast_listing_refuses_what_cuts_and_keeps_what_does_not() -> None:
    state = State(4)
    legal = set(state.legal_wall_placements([1, 2, 3]))
    everything = [c.wall for n in (1, 2, 3) for c in state.geo.candidates[n]]
    refused = [w for w in everything if w not in legal]
    assert refused and len(legal) > 200
    assert all(state.wall_problem(w) is not None for w in refused)
