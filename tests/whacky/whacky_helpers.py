"""Helpers for Whacky Wit tests: set a position up directly, list destinations, play randomly."""

from __future__ import annotations

import random
from collections.abc import Iterable

from games.core.rng import Chance
from games.whacky.board import Board, board_from_data
from games.whacky.fuzz import check_step, fuzz_game, random_step
from games.whacky.rules import Phase, State, default_board


def any_die_board() -> Board:
    """The default maze with a monsters' number die showing 1 to 12 (the shipped die shows
    only 1 to 4 and 7), for positions that need a 5, 6 or 8."""
    data = default_board().to_json()
    data["dice"]["monster_number"] = list(range(1, 13))
    return board_from_data(data)


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
    board: Board | None = None,
) -> State:
    """A state in ``phase``: Whacky on ``whacky`` (its dot down), monsters where named (the
    rest in the cage), ``down`` dots down (or every dot down but ``up_only``)."""
    state = State(board, accidents=accidents)
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


# The random policy, the invariants and a whole checked game live in games.whacky.fuzz (shared
# with scripts/fuzz_engines.py and scripts/bench_whacky.py).
__all__ = [
    "any_die_board", "check_step", "destinations", "fuzz_game", "play_random", "position",
    "random_step",
]
