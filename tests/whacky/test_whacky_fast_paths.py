"""Whacky Wit's quick ways (issue 26) play the same game as the full rules: the listing after a
push and a pop equals the listing of a fresh state read from the same JSON (the same moves,
order and witness paths), a move taken from a listing held across them plays as its JSON round
trip does, the search without dots in reach finds the walks the full search finds, and the
listing, which makes its moves when asked, gives the same objects however it is read."""

from __future__ import annotations

import random

import pytest

from games.core.rng import Chance
from games.whacky import paths
from games.whacky.rules import Move, State, action_from_json, action_to_json
from scripts.whacky_reference import previous_whacky_walks
from tests.dice_helpers import read_lazily_and_push


def _same_moves(listed: list[object], fresh: list[object]) -> bool:
    return listed == fresh and all(isinstance(move, Move) for move in listed)


@pytest.mark.parametrize("seed", range(3))
def test_listing_after_push_and_pop_is_that_of_a_fresh_state(seed: int) -> None:
    rng, chance = random.Random(seed), Chance(seed)
    checked = 0
    state = State(accidents=4 if seed == 2 else 0)
    while not state.is_over() and checked < 150:
        before, depth = state.to_json(), len(state.history)
        if state.is_chance():
            state.roll_with(chance)
            continue
        legal = state.legal_actions()
        assert _same_moves(legal, State.from_json(before).legal_actions())
        state.push(rng.choice(legal))
        while not state.is_over() and state.is_chance():
            state.roll_with(chance)  # on to the next choice, its search remembered
        if not state.is_over():
            state.legal_actions()
        while len(state.history) > depth:
            state.pop()
        assert state.to_json() == before
        pick = rng.choice(legal)  # the listing held across the pushes and pops: unchecked
        state.push(pick)
        fresh = State.from_json(before)
        fresh.push(action_from_json(action_to_json(pick)))  # a new object: checked in full
        assert state.to_json() == fresh.to_json() and state.said == fresh.said
        state.pop()
        again = state.legal_actions()
        assert _same_moves(again, State.from_json(before).legal_actions())
        state.push(rng.choice(again))
        checked += 1
    assert checked > 40


@pytest.mark.parametrize("steps", range(1, 11))
def test_the_search_with_no_dot_in_reach_is_the_full_search(steps: int) -> None:
    board = State().board
    for monsters in ((board.cage,) * 4, tuple(board.dots[i] for i in (3, 40, 77, 120))):
        for start in range(0, board.node_count, 3):
            if start == board.cage:
                continue
            for up in (0, 1 << start, board.dot_mask & ~board.ball(start, steps)):
                found = paths.whacky_walks(board, start, steps, monsters, up, False)
                assert list(found.items()) == list(
                    previous_whacky_walks(board, start, steps, monsters, up, False).items()
                )


@pytest.mark.parametrize("seed", range(3))
def test_a_listing_gives_the_same_move_objects_however_it_is_read(seed: int) -> None:
    """The listing makes its moves when asked: by index, from the end, by going over it or
    sorted, each is the one object pushed as listed, and they are a fresh state's moves."""
    rng, chance = random.Random(seed), Chance(seed)
    state = State()
    checked = 0
    for _ in range(400):
        if state.is_over():
            break
        if state.is_chance():
            state.roll_with(chance)
            continue
        legal = state.legal_actions()
        if not legal or not isinstance(legal[0], Move):
            state.push(rng.choice(legal))
            continue
        read_lazily_and_push(state, rng)
        checked += 1
    assert checked > 25
