"""Benchmark: list every legal Stonewall wall placement, fast way against the naive way.

The fast way (``State.legal_wall_placements``) reads the legal positions of the layout of
walls, kept as walls go down (:mod:`games.stonewall.walls`); the naive way
(``scripts/stonewall_reference.py``'s ``naive_wall_placements``) runs the rules' own check,
a full strong-connectivity search, for every candidate. Both are timed in this one run on the
same 4-player mid-game positions (seeded random play until some walls stand), checked to
agree, and printed as a table with the ratio. (``scripts/bench_engines.py`` times the listing
cold and beside the previous engine's.)

    python scripts/bench_stonewall.py [--positions 8] [--repeats 5]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.core.rng import Chance
from games.stonewall.board import Wall
from games.stonewall.rules import Pass, Phase, PlaceWall, State
from scripts.stonewall_reference import naive_wall_placements


def mid_game(seed: int, walls: int) -> State:
    """A 4-player position after seeded random play with about ``walls`` walls placed."""
    rng, chance, state = random.Random(seed), Chance(seed), State(4)
    while len(state.placed) < walls and not state.is_over():
        if state.is_chance():
            state.roll_with(chance)
        elif state.phase is Phase.WALL:
            legal = state.legal_wall_placements()
            state.push(PlaceWall(rng.choice(legal)) if legal else Pass())
        else:
            state.push(rng.choice(state.legal_actions()))
    return state


def best_ms(func: Callable[[], list[Wall]], repeats: int) -> tuple[float, list[Wall]]:
    times, result = [], []
    for _ in range(repeats):
        start = time.perf_counter()
        result = func()
        times.append((time.perf_counter() - start) * 1000)
    return min(times), result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    lengths = [1, 2, 3]
    print(f"{'position':>8} {'walls':>5} {'legal':>5} {'fast ms':>8} {'naive ms':>9} {'ratio':>6}")
    total_fast = total_naive = 0.0
    for seed in range(args.positions):
        state = mid_game(seed, walls=8 + 2 * seed)
        fast_ms, fast = best_ms(partial(state.legal_wall_placements, lengths), args.repeats)
        naive_ms, naive = best_ms(partial(naive_wall_placements, state, lengths), args.repeats)
        if fast != naive:
            print(f"position {seed}: fast and naive lists differ", file=sys.stderr)
            return 1
        total_fast, total_naive = total_fast + fast_ms, total_naive + naive_ms
        print(f"{seed:>8} {len(state.placed):>5} {len(fast):>5} {fast_ms:>8.2f} {naive_ms:>9.2f} "
              f"{naive_ms / fast_ms:>5.1f}x")
    count = args.positions
    print(f"{'mean':>8} {'':>5} {'':>5} {total_fast / count:>8.2f} {total_naive / count:>9.2f} "
          f"{total_naive / total_fast:>5.1f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
