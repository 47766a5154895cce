"""Random play and the invariants of Whacky Wit, shared by the test suite's fuzz
(tests/whacky/test_whacky_fuzz.py), scripts/bench_whacky.py and scripts/fuzz_engines.py.
Pure Python.

:func:`random_step` makes one seeded roll (now and then using a stored power dot first) or one
uniformly random legal move; random games end (the monsters catch a wandering Whacky soon
enough). :func:`check_step` raises ``AssertionError`` naming the broken rule.
"""

from __future__ import annotations

import json
import random

from games.core.rng import Chance
from games.whacky.rules import Action, State, UsePower


def random_step(state: State, rng: random.Random, chance: Chance) -> Action:
    """One seeded roll (now and then a stored power used first) or one random legal move;
    returns the action pushed."""
    if state.is_chance():
        if state.can_use_power() and rng.random() < 0.5:
            action: Action = UsePower()
            state.push(action)
            return action
        return state.roll_with(chance)
    action = rng.choice(state.legal_actions())
    state.push(action)
    return action


def check_step(before: State | None, after: State) -> None:
    """The invariants after every action: a possible state (lives 0-3, no two monsters on a
    dot, nobody on an up dot ...), dots only go down, lives only go down, JSON round trip."""
    problem = after.impossibility()
    assert problem is None, problem
    assert 0 <= after.lives <= 3
    placed = [p for p in after.monsters if p != after.board.cage]
    assert len(placed) == len(set(placed)), "two monsters on one dot"
    if before is not None:
        assert after.up & ~before.up == 0, "a dot came back up"
        assert after.lives <= before.lives


def fuzz_game(seed: int, max_actions: int, *, accidents: int = 0, round_trip: int = 0) -> State:
    """One seeded random game, invariants checked after every action; every ``round_trip``-th
    action also undone and redone, and the state sent through JSON. Returns the end state."""
    rng, chance = random.Random(seed), Chance(seed)
    state = State(accidents=accidents)
    check_step(None, state)
    for step in range(max_actions):
        if state.is_over():
            break
        previous = state.copy()
        random_step(state, rng, chance)
        check_step(previous, state)
        if round_trip and step % round_trip == 0:
            action = state.pop()
            assert state == previous
            state.push(action)
            assert State.from_json(json.loads(json.dumps(state.to_json()))) == state
    return state
