"""Helpers for Stonewall tests: set a position up directly and list destinations."""

from __future__ import annotations

import random

from games.core.rng import Chance
from games.stonewall.board import Square, Wall
from games.stonewall.rules import (
    Action,
    ChangeWall,
    Pass,
    Phase,
    PlaceWall,
    State,
)
from tests.dice_helpers import play_on

RED, BLUE, GREEN, YELLOW = 0, 1, 2, 3


def position(
    players: int = 4,
    *,
    current: int = RED,
    roll: int | None = None,
    at: dict[int, tuple[int, int]] | None = None,
    reached: dict[int, bool] | None = None,
    walls: tuple[Wall, ...] = (),
) -> State:
    """A state past the opening: ``current`` to move ``roll`` (or to roll if None)."""
    state = State(players)
    state.phase = Phase.MOVE if roll is not None else Phase.ROLL
    state.current, state.roll, state.contenders = current, roll, []
    for player, square in (at or {}).items():
        state.positions[player] = state.board.index(square)
    for player, flag in (reached or {}).items():
        state.reached_far[player] = flag
    for wall in walls:
        assert state.wall_problem(wall) is None, f"test wall {wall} is illegal"
        state.stocks[current][wall.length - 1] -= 1
        state._put_wall(wall)
    return state


def destinations(state: State) -> set[Square]:
    return {move.destination for move in state.legal_moves()}


def random_action(state: State, rng: random.Random) -> Action:
    """A random legal action for a non-chance phase (walls placed about half the time)."""
    if state.phase is Phase.WALL:
        walls = state.legal_wall_placements() if rng.random() < 0.5 else []
        return PlaceWall(rng.choice(walls)) if walls else Pass()
    if state.phase is Phase.CHANGE:
        old = rng.choice(state.placed)
        moves = [w for w in state.legal_wall_placements([old.length], ignore=old) if w != old]
        if moves and rng.random() < 0.5:
            return ChangeWall(old, rng.choice(moves))
        return ChangeWall(old, None)
    return rng.choice(state.legal_actions())


def play_random(state: State, seed: int, max_actions: int) -> None:
    """Advance ``state`` by up to ``max_actions`` random legal actions and seeded rolls."""
    rng = random.Random(seed)
    play_on(state, Chance(seed), lambda now: random_action(now, rng), max_actions)
