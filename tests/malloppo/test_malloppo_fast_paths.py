"""Dammi il malloppo's quick ways (issue 26) play the same game as the full rules: the listing
after a push and a pop equals the listing of a fresh state read from the same JSON (the same
turns, order and witness paths), a roll popped leaves the position it was rolled in, and only
the very turns a state listed skip the check (one appended to the list by its caller is
checked in full), and the listing, which makes its turns when asked, gives the same objects
however it is read; random sequences of pushes popped back leave the state as it was."""

from __future__ import annotations

import random

import pytest

from games.core.rng import Chance
from games.malloppo.rules import (
    BadRoll,
    IllegalMove,
    Phase,
    Roll,
    State,
    Turn,
    action_from_json,
    action_to_json,
)
from games.turnkit.grid import Square
from tests.dice_helpers import read_lazily_and_push


def _same_turns(listed: list[object], fresh: list[object]) -> bool:
    return listed == fresh and all(
        isinstance(a, Turn) and isinstance(b, Turn) and a.path == b.path
        for a, b in zip(listed, fresh, strict=True)
    )


@pytest.mark.parametrize("seed", range(4))
def test_listing_after_push_and_pop_is_that_of_a_fresh_state(seed: int) -> None:
    rng, chance = random.Random(seed), Chance(seed)
    checked = 0
    for game in range(3):
        state = State(2 + (seed + game) % 3)
        while not state.is_over():
            before, depth = state.to_json(), len(state.history)
            if state.is_chance():
                state.push(state.draw(chance))
                if state.phase is Phase.MOVE and rng.random() < 0.5:  # the roll's undo
                    state.pop()
                    assert state.to_json() == before
                    assert state.legal_actions() == State.from_json(before).legal_actions()
                    state.roll_with(chance)
                continue
            legal = state.legal_actions()
            assert _same_turns(legal, State.from_json(before).legal_actions())
            state.push(rng.choice(legal))
            if state.is_chance() and not state.is_over():
                state.roll_with(chance)
            while len(state.history) > depth:
                state.pop()
            assert state.to_json() == before
            pick = rng.choice(legal)  # the listing held across the push and pop: unchecked
            state.push(pick)
            fresh = State.from_json(before)
            fresh.push(action_from_json(action_to_json(pick)))  # a new object: checked in full
            assert state.to_json() == fresh.to_json()
            state.pop()
            again = state.legal_actions()
            assert _same_turns(again, State.from_json(before).legal_actions())
            state.push(rng.choice(again))
            checked += 1
    assert checked > 80


def test_a_turn_the_caller_adds_to_the_listing_is_checked_in_full() -> None:
    rng, chance = random.Random(5), Chance(5)
    state = State(4)
    while state.phase is not Phase.MOVE or not state.legal_actions()[0].hand:
        if state.is_chance():
            state.roll_with(chance)
        else:
            state.push(rng.choice(state.legal_actions()))
    legal = state.legal_actions()
    listed = legal[0]
    assert isinstance(listed, Turn) and listed.hand is not None
    stranger = Turn(listed.pay, listed.hand, Square(8, 99))  # off the board
    legal.append(stranger)
    before = state.to_json()
    with pytest.raises(IllegalMove):
        state.push(stranger)
    assert state.to_json() == before
    legal.clear()  # the listing keeps its own turns: the first is still taken as listed
    state.push(listed)
    assert state.history[-1][0] is listed


def test_a_roll_the_quick_way_refuses_what_the_rules_refuse() -> None:
    state = State(2)
    chance = Chance(3)
    while state.phase is not Phase.ROLL:
        state.roll_with(chance)
    before = state.to_json()
    for bad in (Roll(7), Roll(0), Roll(True), Roll(2.0)):  # type: ignore[arg-type]
        with pytest.raises(IllegalMove):
            state.push(bad)
        assert state.to_json() == before
    with pytest.raises(BadRoll):
        state.push(Roll(7))
    state.push(Roll(3))
    assert state.phase is Phase.MOVE and state.roll == 3
    assert state.pop() == Roll(3)
    assert state.to_json() == before and state.legal_actions() == [Roll(v) for v in range(1, 7)]


@pytest.mark.parametrize("seed", range(3))
def test_a_listing_gives_the_same_turn_objects_however_it_is_read(seed: int) -> None:
    """The listing makes its turns when asked: by index, from the end, by going over it or
    sorted, each is the one object pushed as listed; asked in any order, they are the turns
    of a fresh state's listing in order."""
    rng, chance = random.Random(seed), Chance(seed)
    state = State(4)
    checked = 0
    for _ in range(300):
        if state.is_over():
            break
        if state.is_chance():
            state.roll_with(chance)
            continue
        read_lazily_and_push(state, rng)
        checked += 1
    assert checked > 25


@pytest.mark.parametrize("seed", range(3))
def test_random_push_sequences_popped_back_leave_the_state_as_it_was(seed: int) -> None:
    """Deep undo (a search's walk): from positions of random games, up to ten actions (rolls,
    listed turns, hands leaving, games won) pushed and all popped again give the same JSON,
    squares-to-hands, history and listing as before, and the game plays on from there."""
    rng, chance = random.Random(seed), Chance(seed)
    sequences = 0
    for game in range(4):
        state = State(2 + (seed + game) % 3)
        while not state.is_over():
            before, depth, at = state.to_json(), len(state.history), dict(state.at)
            listed = None if state.is_chance() else state.legal_actions()
            for _ in range(rng.randint(1, 10)):
                if state.is_over():
                    break
                if state.is_chance():
                    state.roll_with(chance)
                else:
                    state.push(rng.choice(state.legal_actions()))
            while len(state.history) > depth:
                state.pop()
            sequences += 1
            assert state.to_json() == before
            assert state.at == at
            assert state.at == {sq: h for h, sq in enumerate(state.squares) if sq is not None}
            if listed is not None:
                assert _same_turns(state.legal_actions(), listed)
                assert _same_turns(listed, State.from_json(before).legal_actions())
            if state.is_chance():
                state.roll_with(chance)
            else:
                state.push(rng.choice(state.legal_actions()))
    assert sequences > 100
