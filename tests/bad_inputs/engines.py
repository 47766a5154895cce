"""The four turn engines behind one small interface, for tests that feed them bad input.

``ENGINES`` maps a name to an :class:`Engine`: how to start a game, play it on at random from
a seed (real states, not hand-made ones), save and load a state, and which exceptions are the
engine's own one-line refusals (a bad action, a bad saved state).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.animals import rules as animals
from games.animals.catalogue import load
from games.core.rng import Chance
from games.malloppo import rules as malloppo
from games.stonewall import rules as stonewall
from games.whacky import rules as whacky

CATALOGUE = load().catalogue


@dataclass(frozen=True)
class Engine:
    new: Callable[[int], Any]  # seed -> a fresh game (player count from the seed)
    load: Callable[[Any], Any]  # JSON data -> a state
    move_error: type[Exception]  # what push raises for an illegal or malformed action
    state_error: type[Exception]  # what load raises for a malformed or impossible state

    def legal(self, state: Any) -> list[Any]:
        return list(state.legal_actions())

    def over(self, state: Any) -> bool:
        if isinstance(state, animals.MemoryStacking):
            return state.outcome is not None
        return bool(state.is_over())

    def step(self, state: Any, rng: random.Random, chance: Chance) -> None:
        """One random legal action (a chance node: a roll from ``chance``)."""
        if not isinstance(state, animals.MemoryStacking) and state.is_chance():
            state.roll_with(chance)
            return
        actions = self.legal(state)
        state.push(actions[rng.randrange(len(actions))])

    def played(self, seed: int, steps: int) -> list[Any]:
        """Copies of the states of one seeded random game, up to ``steps`` actions."""
        state, rng, chance = self.new(seed), random.Random(seed), Chance(seed)
        states = [copy.deepcopy(state)]
        for _ in range(steps):
            if self.over(state):
                break
            self.step(state, rng, chance)
            states.append(copy.deepcopy(state))
        return states


ENGINES: dict[str, Engine] = {
    "animals": Engine(
        lambda seed: animals.MemoryStacking.new(CATALOGUE, animals.seat_names(2 + seed % 3)),
        lambda data: animals.MemoryStacking.from_json(data, CATALOGUE),
        animals.IllegalMove,
        animals.IllegalMove,
    ),
    "stonewall": Engine(
        lambda seed: stonewall.State(2 + seed % 3),
        stonewall.State.from_json,
        stonewall.IllegalMove,
        stonewall.StateError,
    ),
    "malloppo": Engine(
        lambda seed: malloppo.State(2 + seed % 3),
        malloppo.State.from_json,
        malloppo.IllegalMove,
        malloppo.StateError,
    ),
    "whacky": Engine(
        lambda seed: whacky.State(accidents=6 if seed % 2 else 0),
        whacky.State.from_json,
        whacky.IllegalMove,
        whacky.StateError,
    ),
}
