"""Random play and the invariants of Dammi il malloppo, shared by the test suite's fuzz
(tests/malloppo/test_malloppo_fuzz.py), scripts/fuzz_malloppo.py and scripts/fuzz_engines.py.
Pure Python.

:func:`random_turn` draws one random legal turn without listing them all (a random payer, a
random hand with somewhere to go, a random destination, each steal with probability one half);
every game it plays ends, since every odd roll takes a coin out of play. :func:`check_invariants`
raises ``AssertionError`` naming the broken rule.
"""

from __future__ import annotations

import json
import random

from games.malloppo.rules import TOTAL_COINS, State, Turn


def random_turn(state: State, rng: random.Random) -> Turn:
    """A random legal turn of the player to move (after the roll)."""
    payer = rng.choice(state.pay_options())
    pay = state.squares[payer] if payer is not None else None
    hands = state.hands_of(state.current)
    rng.shuffle(hands)
    for hand in hands:
        walks = state.destinations(hand, paid=payer)
        if walks:
            to = rng.choice(sorted(walks))
            robbed = [state.squares[h] for h in state.neighbours_to_rob(hand, to, payer)]
            steals = tuple(s for s in robbed if s is not None and rng.random() < 0.5)
            return Turn(pay, state.squares[hand], to, steals, walks[to])
    return Turn(pay, None, None)


def check_invariants(state: State, deep: bool = False) -> None:
    """Coins conserved, no two hands on a square, coins only on hands on the board, the
    player to move still in the game, the winner the last one left; ``deep``: the JSON round
    trip gives an equal state."""
    assert state.coin_total() == TOTAL_COINS and state.bank >= 0, "coins not conserved"
    on_board = [sq for sq in state.squares if sq is not None]
    assert len(on_board) == len(set(on_board)), "two hands on one square"
    assert state.at == {sq: h for h, sq in enumerate(state.squares) if sq is not None}, (
        "the square index disagrees with the hands"
    )
    for square, coins in zip(state.squares, state.coins, strict=True):
        assert (coins > 0) == (square is not None) and coins >= 0, "coins on a hand off board"
        assert square is None or state.board.on_board(square), "a hand off the board's edge"
    alive = state.alive()
    if state.is_over():
        assert alive == [state.winner], "the winner is not the last player left"
    else:
        assert len(alive) >= 2 and state.current in alive, "a player who is out is to move"
    if deep:
        assert State.from_json(json.loads(json.dumps(state.to_json()))) == state, (
            "the JSON round trip changed the state"
        )
