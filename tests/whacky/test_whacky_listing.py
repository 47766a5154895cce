"""Whacky Wit lists the moves of a fresh search (scripts/whacky_reference.py) though it
remembers the last search of Whacky's walks and of a monster's (the roll asks it, then the
listing): on seeded random positions, and when the position changes under a remembered
search. The long check is ``python scripts/whacky_reference.py --games 100``."""

from __future__ import annotations

import itertools

import pytest

from games.whacky.rules import Phase
from scripts.whacky_reference import reference_moves, same_listing, whacky_positions


@pytest.mark.parametrize("seed", range(4))
def test_listing_is_a_fresh_search(seed: int) -> None:
    checked = 0
    for state in itertools.islice(whacky_positions(games=6, seed=seed), 0, None, 9):
        assert same_listing(state), f"seed {seed}, position {checked}"
        checked += 1
    assert checked > 20


def test_a_monster_search_remembered_is_not_taken_for_another_position() -> None:
    for state in whacky_positions(games=20, seed=7):
        if state.phase is Phase.MONSTER_MOVE and state.legal_moves():
            break
    else:
        pytest.fail("no monster move in 20 games")
    before = state.legal_moves()  # remembered for this position
    assert state.chosen is not None
    label = state.board.labels
    end = label.index(before[0].destination)
    other = next(m for m in range(len(state.monsters)) if m != state.chosen)
    monsters = list(state.monsters)
    monsters[other] = end  # another monster now stands where the first move ended
    state.monsters = tuple(monsters)
    after = state.legal_moves()
    assert after == reference_moves(state)
    assert before[0].destination not in {move.destination for move in after}
