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

from games.malloppo import rules as malloppo
from games.rng import Chance
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
