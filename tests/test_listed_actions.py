"""An action a dice engine listed itself is pushed without being checked again; the same action
read back from JSON (a new object: checked in full) must lead to exactly the same game.

Two copies of each engine play the same seeded random game: one pushes the listed objects, the
other their JSON round trips. After every action the two states are equal, and popping back
to the start gives the first state again.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.core.rng import Chance
from games.malloppo import rules as malloppo
from games.stonewall import rules as stonewall
from games.whacky import rules as whacky

ENGINES: dict[str, tuple[Any, Any]] = {
    "stonewall": (lambda: stonewall.State(4), stonewall),
    "malloppo": (lambda: malloppo.State(4), malloppo),
    "whacky": (lambda: whacky.State(), whacky),
}


@pytest.mark.parametrize("game", sorted(ENGINES))
@pytest.mark.parametrize("seed", range(3))
def test_listed_and_parsed_actions_play_the_same_game(game: str, seed: int) -> None:
    new_state, module = ENGINES[game]
    listed, parsed = new_state(), new_state()
    start = listed.to_json()
    rng, chance = random.Random(seed), Chance(seed)
    for _ in range(400):
        if listed.is_over():
            break
        if listed.is_chance():
            action = listed.draw(chance)
        else:
            action = rng.choice(listed.legal_actions())
            parsed.legal_actions()  # listed too, but the pushed object is another one
        listed.push(action)
        parsed.push(module.action_from_json(module.action_to_json(action)))
        assert listed.to_json() == parsed.to_json()
    assert len(listed.history) > 50
    while listed.history:
        listed.pop()
    assert listed.to_json() == start


def _same_outcome(state: Any, twin: Any, action: Any, module: Any) -> None:
    """Pushing ``action`` on ``state`` and its JSON round trip on ``twin`` (an equal state)
    either both fail with the same message or lead to equal states."""
    errors = []
    for target, pushed in ((state, action),
                           (twin, module.action_from_json(module.action_to_json(action)))):
        try:
            target.push(pushed)
            errors.append(None)
        except module.IllegalMove as error:
            errors.append(str(error))
    assert errors[0] == errors[1]
    assert state.to_json() == twin.to_json()


@pytest.mark.parametrize("game", sorted(ENGINES))
@pytest.mark.parametrize("seed", range(3))
def test_listing_survives_a_push_and_pop_but_not_into_another_state(game: str, seed: int) -> None:
    """The search's path: list, push one action (and on to a choice in the same phase, listed
    too), pop back, push another. After the pops the state's own listing is taken unchecked
    again (the same game as checked pushes), while the listing of the position it had moved on
    to is checked in full (an action legal there but not here is refused with the message a
    parsed copy gets)."""
    new_state, module = ENGINES[game]
    state, twin = new_state(), new_state()
    rng, chance, ahead = random.Random(seed), Chance(seed), Chance(seed + 100)
    for _ in range(300):
        if state.is_over():
            break
        if state.is_chance():
            action = state.draw(chance)
            state.push(action)
            twin.push(action)
            continue
        legal = state.legal_actions()
        depth = len(state.history)
        phase = state.phase
        state.push(rng.choice(legal))
        later: list[Any] = []
        for _ in range(60):  # on to the next choice in the same phase (a roll of its own)
            if state.is_over():
                break
            if state.is_chance():
                state.roll_with(ahead)
                continue
            later = state.legal_actions()
            if state.phase is phase:
                break
            state.push(rng.choice(later))
        while len(state.history) > depth:
            state.pop()
        assert state.to_json() == twin.to_json()
        if later and rng.random() < 0.3:  # the later position's action, pushed here
            _same_outcome(state, twin, rng.choice(later), module)
        else:
            _same_outcome(state, twin, rng.choice(legal), module)
    assert len(state.history) > 30
