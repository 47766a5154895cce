"""Whacky Wit's listing worked out afresh: a reference for the listing the engine remembers.

The engine remembers the last search of Whacky's walks and of a monster's (the roll asks it,
then the listing: :meth:`games.whacky.rules.State.whacky_walks`, ``monster_walks``);
:func:`reference_moves` runs the searches as ``games.whacky.paths`` had them before their steps
were precomputed (:func:`previous_whacky_walks`, :func:`previous_monster_walks`: generic,
on the board's adjacency) afresh on the position. ``scripts/bench_engines.py``
checks on thousands of positions from random games that the engine lists the same moves
(destinations, order and witness paths), and ``tests/whacky/test_whacky_listing.py`` on a
sample.

    python scripts/whacky_reference.py [--games 100] [--seed 0]
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.core.rng import Chance
from games.turnkit.graph import exact_walks
from games.whacky.actions import Move
from games.whacky.board import Board
from games.whacky.paths import CAGED
from games.whacky.rules import Phase, State
from scripts.listing_check import listing_main


def previous_whacky_walks(
    board: Board,
    start: int,
    steps: int,
    monsters: tuple[int, ...],
    up: int,
    powered: bool,
) -> dict[int, tuple[int, ...]]:
    """Whacky's destinations in exactly ``steps`` -> a best witness path (start excluded):
    the engine's search before its steps were precomputed (``games.whacky.paths``).

    ``monsters``: the monsters' points (the cage among them is ignored); ``up``: the bit mask
    of dots still up. Unpowered, a monster's point may only end the walk; powered, a walk may
    pass it (and every monster it meets goes to the cage)."""
    if steps <= 0:
        return {}
    adjacency = board.whacky_adjacency
    occupied = 0
    for pos in monsters:
        if pos != board.cage:
            occupied |= 1 << pos
    worth = up | occupied if powered else up
    # key (point, counted points still within reach) -> (value, path)
    layer: dict[tuple[int, int], tuple[int, tuple[int, ...]]] = {(start, 0): (0, ())}
    for left in range(steps - 1, -1, -1):
        ball = board.balls(left)
        nxt: dict[tuple[int, int], tuple[int, tuple[int, ...]]] = {}
        for (node, counted), (value, path) in layer.items():
            if path and not powered and occupied >> node & 1:
                continue  # he ran into a monster: his walk ends here
            for following in adjacency[node]:
                bit = 1 << following
                gain, now = 0, counted
                if worth & bit and not counted & bit:
                    gain = (1 if up & bit else 0) + (CAGED if powered and occupied & bit else 0)
                    now = counted | bit
                key = (following, now & ball[following])
                held = nxt.get(key)
                if held is None or value + gain > held[0]:
                    nxt[key] = (value + gain, (*path, following))
        if not nxt:
            return {}
        layer = nxt
    best: dict[int, tuple[int, tuple[int, ...]]] = {}
    for (node, _), (value, path) in layer.items():
        held = best.get(node)
        if held is None or value > held[0]:
            best[node] = (value, path)
    return {node: path for node, (_, path) in best.items()}


def previous_monster_walks(
    board: Board, monster: int, steps: int, monsters: tuple[int, ...], whacky: int
) -> dict[int, tuple[int, ...]]:
    """A monster's destinations in exactly ``steps`` -> a witness path, one passing over (or
    ending on) Whacky on ``whacky`` when any walk to that destination does: the engine's
    search before it ran on numbered pairs (``games.whacky.paths``)."""
    start = monsters[monster]
    others = {pos for m, pos in enumerate(monsters) if m != monster}
    others.discard(board.cage)
    handles = board.handles
    return exact_walks(
        start, steps, board.monster_adjacency.__getitem__,
        may_end=lambda node: node not in others,
        step_rule=lambda prev, node, nxt: nxt != prev or node in handles,
        prefer=lambda node: node == whacky,  # one point: the layered choice is exact
    )


def reference_moves(state: State) -> list[Move]:
    """The moves of the piece to move, from the reference searches (in the listing's order)."""
    label = state.board.labels
    if state.phase is Phase.WHACKY_MOVE:
        walks = previous_whacky_walks(state.board, state.whacky, state.roll or 0, state.monsters,
                             state.up, state.powered())
        piece = "whacky"
    elif state.phase is Phase.MONSTER_MOVE and state.chosen is not None:
        walks = previous_monster_walks(state.board, state.chosen, state.roll or 0, state.monsters,
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
    return listing_main(__doc__ or "", whacky_positions, same_listing, 100, "moves")


if __name__ == "__main__":
    raise SystemExit(main())
