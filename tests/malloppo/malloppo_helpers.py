"""Helpers for Dammi il malloppo tests: set a position up directly, play random games."""

from __future__ import annotations

import random

from games.core.rng import Chance
from games.malloppo.fuzz import random_turn
from games.malloppo.rules import TOTAL_COINS, Phase, State, Turn
from games.turnkit.grid import Square
from tests.dice_helpers import play_on

RED, BLUE, GREEN, YELLOW = 0, 1, 2, 3


def sq(name: str) -> Square:
    """``"C4"`` -> ``Square(2, 3)``."""
    return Square(ord(name[0]) - ord("A"), int(name[1:]) - 1)


def position(
    players: int = 4,
    hands: dict[int, list[tuple[str, int]]] | None = None,
    *,
    current: int = RED,
    roll: int | None = None,
) -> State:
    """A state past the opening: each player's hands given as (square name, coins); hands
    not listed are off the board; the bank takes the rest of the 24 coins. ``current`` is to
    play ``roll`` (or to roll if None). The position is checked by a JSON round trip."""
    state = State(players)
    state.squares = [None] * (3 * players)
    state.coins = [0] * (3 * players)
    state.at = {}
    for player, listed in (hands or {}).items():
        for k, (name, coins) in enumerate(listed):
            hand = 3 * player + k
            state.squares[hand], state.coins[hand] = sq(name), coins
            state.at[sq(name)] = hand
    state.bank = TOTAL_COINS - sum(state.coins)
    state.phase = Phase.MOVE if roll is not None else Phase.ROLL
    state.current, state.roll, state.contenders, state.opening_rolls = current, roll, [], []
    return State.from_json(state.to_json())


def turn(pay: str | None, hand: str | None, to: str | None, *steals: str) -> Turn:
    def opt(name: str | None) -> Square | None:
        return sq(name) if name else None

    return Turn(opt(pay), opt(hand), opt(to), tuple(sq(s) for s in steals))


random_action = random_turn  # the fuzz's random policy lives in games.malloppo.fuzz


def play_random(state: State, seed: int, max_actions: int = 100_000) -> None:
    rng = random.Random(seed)
    play_on(state, Chance(seed), lambda now: random_action(now, rng), max_actions)
