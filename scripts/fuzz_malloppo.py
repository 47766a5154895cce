"""Fuzz Dammi il malloppo: many seeded random legal games per player count, invariants checked
after every action (coins conserved, no two hands on a square, coins only on hands on the board,
eliminated players never act, undo restores, JSON round trip, the game ends).

It runs the test suite's own checker (tests/malloppo/test_malloppo_fuzz.py) on more seeds: the
suite plays a few hundred games per count to stay fast; this plays the issue's 2,000 per count by
default, or any number (``--games 10000``), starting after the suite's seeds.

    python scripts/fuzz_malloppo.py [--games 2000] [--players 2 3 4] [--json-every 1]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "malloppo"))

from test_malloppo_fuzz import GAMES_PER_COUNT, play_checked  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per player count")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--json-every", type=int, default=1,
                        help="JSON round trip every N actions (1: after every action)")
    parser.add_argument("--first-seed", type=int, default=GAMES_PER_COUNT)
    args = parser.parse_args()
    for players in args.players:
        started, actions = time.perf_counter(), 0
        winners: dict[str, int] = {}
        for seed in range(args.first_seed, args.first_seed + args.games):
            state = play_checked(seed, players, deep_every=args.json_every)
            actions += len(state.history)
            name = state.name(state.winner or 0)
            winners[name] = winners.get(name, 0) + 1
        seconds = time.perf_counter() - started
        print(f"{players} players: {args.games} games, {actions} actions, all invariants held "
              f"({seconds:.1f} s); wins {winners}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
