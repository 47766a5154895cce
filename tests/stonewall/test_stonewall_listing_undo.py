"""What the engine keeps between actions never changes a listing: after any pushes and pops,
every listing (moves, walls, Change-a-Wall) equals the one a fresh state loaded from the same
JSON works out from scratch (its wall layout built cold, no caches), and a listed action
pushed unchecked leads where its JSON round trip, checked in full, leads.

The engine shares a snapshot's lists with the state (copied on write), keeps its listings
weakly, derives a Change-a-Wall's escape index from the board's last one and frees positions
by the groups of grid points a wall leaves: each of these would show here as a listing that
differs from the fresh one after some undo.
"""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from games.core.rng import Chance
from games.stonewall.rules import Phase, State, action_from_json, action_to_json
from games.stonewall.walls import layout_cache
from scripts.stonewall_reference import reference_wall_listing
from tests.dice_helpers import read_lazily_and_push


def fresh_listing(state: State) -> list[object]:
    """The listing of a state loaded from ``state``'s JSON with every cache emptied."""
    cache = layout_cache(state.geo)
    cache.layouts.clear()
    cache.last_escapes = None
    state.geo.witnesses.clear()
    return State.from_json(state.to_json()).legal_actions()


def first_change(seed: int, players: int) -> State:
    """A seeded random game of ``players`` played to its first Change-a-Wall."""
    rng, chance = random.Random(seed), Chance(seed)
    state = State(players)
    while state.phase is not Phase.CHANGE:
        if state.is_chance():
            state.roll_with(chance)
        else:
            state.push(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("seed", range(6))
def test_listings_after_push_and_pop_equal_a_fresh_state(seed: int) -> None:
    rng, chance = random.Random(seed), Chance(seed)
    state = State((2, 3, 4)[seed % 3])
    phases: set[Phase] = set()
    compared = 0
    while not state.is_over() and len(state.history) < 1500:
        if state.is_chance():
            state.roll_with(chance)
            continue
        legal, before = state.legal_actions(), state.to_json()
        for _ in range(rng.randrange(3)):  # a search's detours, one or two deep
            state.push(rng.choice(legal))
            if not state.is_chance() and not state.is_over() and rng.random() < 0.5:
                state.push(rng.choice(state.legal_actions()))
                state.pop()
            state.pop()
        assert state.to_json() == before  # the pops gave every list back as it was
        if state.phase is Phase.CHANGE or rng.random() < 0.1:
            assert state.legal_actions() == legal
            assert legal == fresh_listing(state), state.to_json()
            phases.add(state.phase)
            compared += 1
        action = rng.choice(legal)
        twin = State.from_json(state.to_json())
        twin.push(action_from_json(action_to_json(action)))  # a new object: checked in full
        state.push(action)  # the listed object: taken unchecked
        assert state.to_json() == twin.to_json()
    assert compared > 10 and Phase.MOVE in phases and Phase.WALL in phases


def test_a_copy_keeps_its_own_lists() -> None:
    """Snapshots share the state's lists (copied on write); a copy for a computer does not."""
    rng, chance = random.Random(1), Chance(1)
    state = State(4)
    while len(state.placed) < 3:
        if state.is_chance():
            state.roll_with(chance)
        else:
            state.push(rng.choice(state.legal_actions()))
    before = state.to_json()
    twin = state.copy()
    twin.positions[0] = twin.positions[1]
    twin.stocks[0][0] = 0
    twin.blocked[0] ^= 1
    twin.placed.pop()
    twin.removed[0] += 1
    assert state.to_json() == before


@pytest.mark.parametrize("seed", range(4))
def test_a_change_listing_read_by_index_gives_the_actions_it_goes_over(seed: int) -> None:
    """The Change-a-Wall listing makes an action only when asked for: read by index in any
    order (and from the end), it gives the very objects going over it gives, in the
    reference's order, and pushing one takes that object."""
    rng, chance = random.Random(seed), Chance(seed)
    checked = 0
    while checked < 4:  # (a game has about three Change-a-Wall positions)
        state = State(rng.choice((2, 3, 4)))
        while not state.is_over() and len(state.history) < 1500:
            if state.is_chance():
                state.roll_with(chance)
            elif state.phase is Phase.CHANGE:
                twin = state.copy()
                read_lazily_and_push(state, rng)  # read by index before it is gone over
                assert twin.legal_actions() == reference_wall_listing(twin)
                checked += 1
            else:
                state.push(rng.choice(state.legal_actions()))


def test_a_callers_changes_to_its_change_listing_change_no_other_listing() -> None:
    """A listing is the caller's own: sorting, appending to or clearing it leaves the layout's
    actions and the next listing as they were; an index past either end is refused."""
    state = first_change(seed=5, players=3)
    listing = state.legal_actions()
    whole = list(listing)
    assert len(listing) == len(whole) > 1
    with pytest.raises(IndexError):
        listing[len(whole)]
    with pytest.raises(IndexError):
        listing[-len(whole) - 1]
    first = listing[0]
    listing.sort(key=str, reverse=True)
    assert listing[0] is sorted(whole, key=str, reverse=True)[0]
    listing.append(first)
    assert listing[-1] is first and len(listing) == len(whole) + 1
    again = state.legal_actions()
    assert again == whole and len(again) == len(whole)
    listing.clear()
    assert len(listing) == 0 and list(listing) == []
    assert list(state.legal_actions()) == whole
    assert state.layout.change_actions(tuple(state.placed)) == whole


def test_a_copy_or_pickle_of_a_change_listing_is_a_plain_list_of_its_actions() -> None:
    """Copied, deep-copied or pickled, a listing is a list of its actions (not the board's
    tables behind it), and the copy's changes are the copy's own."""
    state = first_change(seed=7, players=2)
    listing = state.legal_actions()
    whole = list(listing)
    shallow = copy.copy(listing)
    assert type(shallow) is list and shallow == whole
    assert all(a is b for a, b in zip(shallow, whole, strict=True))
    shallow.append(whole[0])
    assert len(listing) == len(whole)
    for twin in (copy.deepcopy(listing), pickle.loads(pickle.dumps(listing))):
        assert type(twin) is list and twin == whole
