"""The legal-turn listing from the board's walk index (games.malloppo.walks) lists exactly what
the layered walk search listed before (scripts/malloppo_reference.py): the same turns, in the
same order, with the same witness paths, on seeded random positions with every roll, and where
a hand paying its last coin opens the way. The long check is
``python scripts/malloppo_reference.py --games 300``. The history holds a listing only while its
caller does (games.turnkit.engine.Listing)."""

from __future__ import annotations

import copy
import itertools
import pickle
import weakref

import pytest
from malloppo_helpers import BLUE, RED, position, sq

from games.malloppo.rules import Phase, Turn
from scripts.malloppo_reference import malloppo_positions, reference_turns, same_listing


@pytest.mark.parametrize("seed", range(6))
def test_listing_is_the_reference_listing_with_every_roll(seed: int) -> None:
    checked = 0
    for state in itertools.islice(malloppo_positions(games=8, seed=seed), 0, None, 5):
        for roll in range(1, 7):
            twin = state.copy()
            twin.phase, twin.roll = Phase.MOVE, roll
            assert same_listing(twin), f"seed {seed}, position {checked}, roll {roll}"
        checked += 1
    assert checked > 10


def test_a_hand_paying_its_last_coin_opens_the_way() -> None:
    # red's hand on A1 is boxed in by its own hand on B1 (1 coin) and blue's on A2: with a 1,
    # paying from B1 empties that square, and A1 can step there
    state = position(4, {RED: [("A1", 2), ("B1", 1)], BLUE: [("A2", 2)]}, current=RED, roll=1)
    listed = state.legal_actions()
    assert listed == reference_turns(state)
    assert Turn(sq("B1"), sq("A1"), sq("B1")) in listed
    assert Turn(sq("A1"), sq("A1"), sq("B1")) not in listed  # B1 still stands there


def test_a_listed_turn_copies_and_pickles_with_its_path() -> None:
    state = position(4, {RED: [("E5", 2)], BLUE: [("E7", 2)]}, current=RED, roll=3)
    for turn in state.legal_actions():
        assert isinstance(turn, Turn)
        for twin in (copy.deepcopy(turn), pickle.loads(pickle.dumps(turn))):
            assert twin == turn and twin.path == turn.path and len(twin.path) == 3


def test_a_game_played_on_keeps_no_old_listing_but_a_search_gets_its_own_back() -> None:
    state = position(4, {RED: [("E5", 2), ("A1", 2)], BLUE: [("E7", 2)]}, current=RED, roll=3)
    legal = state.legal_actions()
    kept = weakref.ref(legal)
    state.push(legal[0])
    state.pop()
    assert state._listed is legal  # held by its caller: the pop gives it back
    state.push(legal[1])
    del legal
    assert kept() is None  # dropped by its caller: the history does not keep it
    state.pop()
    again = state.legal_actions()
    state.push(again[1])  # a fresh listing after the pop, pushed as before
    assert state.history[-1][0] is again[1]
