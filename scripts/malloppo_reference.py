"""Dammi il malloppo's legal-turn listing as the engine had it before the walk table: a reference.

:func:`reference_turns` is ``State._turn_list`` before :mod:`games.malloppo.walks` (one
layered walk search, :func:`games.turnkit.graph.named_walks`, per hand and payment, the hands
to steal from looked up per destination), kept verbatim but for ``self`` becoming ``state``
and the listing not being remembered for ``push``. ``scripts/bench_engines.py`` checks on
thousands of positions from random games that the engine lists the same turns in the same
order with the same witness paths, and ``tests/malloppo/test_malloppo_walks.py`` on a sample.

    python scripts/malloppo_reference.py [--games 200] [--seed 0]
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.core.rng import Chance
from games.malloppo.basics import Phase
from games.malloppo.rules import State, Turn
from games.malloppo.walks import steal_choices
from games.turnkit.grid import Square
from scripts.listing_check import listing_main


def reference_turns(state: State) -> list[Turn]:
    """Every legal turn, as the engine listed them before (in the same order)."""
    if state.phase is not Phase.MOVE:
        return []
    p, squares, steps, at = state.current, state.squares, state.roll or 0, state.at
    neighbours = state.board.neighbours
    turns: list[Turn] = []
    searched: dict[tuple[int, Square | None], dict[Square, tuple[Square, ...]]] = {}
    for paid in state.pay_options():
        pay = squares[paid] if paid is not None else None
        leaving = state._leaving(paid)
        gone = squares[leaving] if leaving is not None else None
        moved = False
        for hand in state.hands_of(p):
            if hand == leaving:
                continue
            start = squares[hand]
            assert start is not None
            walks = searched.get((hand, gone))
            if walks is None:
                walks = searched[hand, gone] = state._walks(start, steps, gone)
            for to, path in walks.items():
                moved = True
                near: list[Square] | None = None
                for square in neighbours[to]:
                    if square in at:
                        other = at[square]
                        if other != hand and other != leaving:
                            if near is None:
                                near = [square]
                            else:
                                near.append(square)
                for steals in ((),) if near is None else steal_choices(tuple(near)):
                    turns.append(Turn(pay, start, to, steals, path))
        if not moved:
            turns.append(Turn(pay, None, None))
    return turns


def same_listing(state: State) -> bool:
    """The engine's listing equals the reference: the same turns, order and witness paths."""
    listed = state.legal_actions()
    reference = reference_turns(state)
    return listed == reference and all(
        isinstance(turn, Turn) and turn.path == old.path
        for turn, old in zip(listed, reference, strict=True)
    )


def malloppo_positions(games: int, seed: int) -> Iterator[State]:
    """Every position with a turn to choose in ``games`` seeded random games (2 to 4 players);
    the state is played on after it is yielded."""
    rng, chance = random.Random(seed), Chance(seed)
    for game in range(games):
        state = State(2 + game % 3)
        while not state.is_over():
            if state.is_chance():
                state.roll_with(chance)
                continue
            yield state
            state.push(rng.choice(state.legal_actions()))


def main() -> int:
    return listing_main(__doc__ or "", malloppo_positions, same_listing, 200, "turns")


if __name__ == "__main__":
    raise SystemExit(main())
