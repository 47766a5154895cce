"""Whacky Wit's listing worked out afresh: a reference for the listing the engine remembers.

The engine remembers the last search of Whacky's walks and of a monster's (the roll asks it,
then the listing: :meth:`games.whacky.rules.State.whacky_walks`, ``monster_walks``);
:func:`reference_moves` runs :func:`games.whacky.paths.whacky_walks` or
:func:`games.whacky.paths.monster_walks` afresh on the position. ``scripts/bench_engines.py``
checks on thousands of positions from random games that the engine lists the same moves
(destinations, order and witness paths), and ``tests/whacky/test_whacky_listing.py`` on a
sample.

    python scripts/whacky_reference.py [--games 100] [--seed 0]
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.core.rng import Chance
from games.whacky.actions import Move
from games.whacky.paths import monster_walks, whacky_walks
from games.whacky.rules import Phase, State


def reference_moves(state: State) -> list[Move]:
    """The moves of the piece to move, from the reference searches (in the listing's order)."""
    label = state.board.labels
    if state.phase is Phase.WHACKY_MOVE:
        walks = whacky_walks(state.board, state.whacky, state.roll or 0, state.monsters,
                             state.up, state.powered())
        piece = "whacky"
    elif state.phase is Phase.MONSTER_MOVE and state.chosen is not None:
        walks = monster_walks(state.board, state.chosen, state.roll or 0, state.monsters,
                              state.whacky)
        piece = state.monster_name(state.chosen)
    else:
        return []
    return [Move(piece, tuple(label[n] for n in path)) for path in walks.values()]


def same_listing(state: State) -> bool:
    """The engine lists the reference's moves, in the same order (a Move is its path)."""
    return state.legal_moves() == reference_moves(state)


def whacky_positions(games: int, seed: int) -> Iterator[State]:
    """Every position with a move to choose in ``games`` seeded random games (the state is
    played on after it is yielded; the power used at random when it may be)."""
    rng, chance = random.Random(seed), Chance(seed)
    for _ in range(games):
        state = State()
        for _ in range(5000):
            if state.is_over():
                break
            if state.is_chance():
                if state.can_use_power() and rng.random() < 0.3:
                    state.push(rng.choice(state.legal_actions()[-1:]))
                else:
                    state.roll_with(chance)
                continue
            yield state
            state.push(rng.choice(state.legal_actions()))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    checked = 0
    for state in whacky_positions(args.games, args.seed):
        if not same_listing(state):
            print(f"position {checked}: the listing differs from the reference", file=sys.stderr)
            return 1
        checked += 1
    print(f"{checked} positions from {args.games} random games: the same moves, order and paths")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
