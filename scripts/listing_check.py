"""The command line the reference listing scripts share (scripts/malloppo_reference.py,
scripts/whacky_reference.py): play ``--games`` seeded random games and compare the engine's
listing with the reference's at every position; exit 1 at the first difference."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from typing import TypeVar

S = TypeVar("S")


def listing_main(
    doc: str,
    positions: Callable[[int, int], Iterator[S]],
    same_listing: Callable[[S], bool],
    default_games: int,
    what: str,
) -> int:
    """``main()`` of a reference script: ``positions(games, seed)`` checked one by one."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--games", type=int, default=default_games)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    checked = 0
    for state in positions(args.games, args.seed):
        if not same_listing(state):
            print(f"position {checked}: the listing differs from the reference", file=sys.stderr)
            return 1
        checked += 1
    print(f"{checked} positions from {args.games} random games: the same {what}, order and paths")
    return 0
