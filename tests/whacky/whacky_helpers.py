"""Helpers for Whacky Wit tests: set a position up directly, list destinations, play randomly."""

from __future__ import annotations

import random
from collections.abc import Iterable

from games.rng import Chance
from games.whacky.rules import Phase, State, UsePower


def position(
    *,
    whacky: str = "J9",
    monsters: dict[str, str] | None = None,
    phase: Phase = Phase.WHACKY_ROLL,
    roll: int | None = None,
    chosen: str | None = None,
    down: Iterable[str] = (),
    up_only: Iterable[str] | None = None,
    lives: int = 3,
    rolls_left: int = 1,
    power: int = 0,
    accidents: int = 0,
) -> State:
    """A state in ``phase``: Whacky on ``whacky`` (its dot down), monsters where named (the
    rest in the cage), ``down`` dots down (or every dot down but ``up_only``)."""
    state = State(accidents=accidents)
    board = state.board
    state.whacky = _node(state, whacky)
    if up_only is not None:
        state.up = 0
        for label in up_only:
            state.up |= 1 << _node(state, label)
    for label in down:
        state.up &= ~(1 << _node(state, label))
    state.up &= ~(1 << state.whacky)
    places = [board.cage] * 4
    for name, label in (monsters or {}).items():
        index = board.monster_index(name)
        assert index is not None, name
        places[index] = _node(state, label)
    state.monsters = tuple(places)
    state.phase, state.roll, state.lives = phase, roll, lives
    state.rolls_left, state.power = rolls_left, power
    state.chosen = None if chosen is None else board.monster_index(chosen)
    problem = state.impossibility()
    assert problem is None, problem
    return state


def _node(state: State, label: str) -> int:
    node = state.board.node(label)
    assert node is not None, label
    return node


def destinations(state: State) -> set[str]:
    return {move.destination for move in state.legal_moves()}


def play_random(state: State, seed: int, max_actions: int) -> None:
    """Advance ``state`` by up to ``max_actions`` random legal actions and seeded rolls."""
    rng, chance = random.Random(seed), Chance(seed)
    for _ in range(max_actions):
        if state.is_over():
            break
        random_step(state, rng, chance)


def random_step(state: State, rng: random.Random, chance: Chance) -> None:
    """One seeded roll (now and then a stored power used first) or one random legal move."""
    if state.is_chance():
        if state.can_use_power() and rng.random() < 0.5:
            state.push(UsePower())
        else:
            state.roll_with(chance)
    else:
        state.push(rng.choice(state.legal_actions()))


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
    import json

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
