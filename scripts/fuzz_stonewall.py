"""Fuzz Stonewall: the test suite's fuzz (tests/stonewall/test_stonewall_fuzz.py) on many more
games.

Two kinds of seeded random legal games, played by the test's own functions: short games
(``play_short``: 16 actions of the opening, where walls are placed and changed most, every
invariant checked after every action) and games to the end (``play_whole``: checked every
third action and at the end, and the game must end). The invariants: every square reachable
from every square, each player's path to the goal open, 60 walls in all, the JSON round trip
equal, undo restoring the state. The suite plays 240 short games from seed 0 and 4 whole ones
from seed 10,000; this plays 2,000 short games (what the suite played before) and 20 whole
ones by default, or any number. A row per kind as in ``scripts/fuzz_engines.py``, progress on
stderr on a terminal, and every failure with its seed (exit code 1).

    python scripts/fuzz_stonewall.py [--games 2000] [--whole 20] [--first-seed 0]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "stonewall")]

from fuzz_engines import fuzz_seeds, print_failures, print_header, print_row  # noqa: E402
from test_stonewall_fuzz import WHOLE_SEED, play_short, play_whole  # noqa: E402

from games.stonewall.rules import State  # noqa: E402


def ended(state: State) -> tuple[int, bool]:
    return len(state.history), state.is_over()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="short games (2,000)")
    parser.add_argument("--whole", type=int, default=20, help="games to the end (20)")
    parser.add_argument("--first-seed", type=int, default=0,
                        help=f"the first short game's seed (0); whole games start {WHOLE_SEED} "
                        "after it")
    args = parser.parse_args(argv)
    progress = sys.stderr.isatty()
    first = args.first_seed
    print_header("stonewall")
    short = fuzz_seeds(  # "finished": the few short games that end within their 16 actions
        "short", range(first, first + args.games), lambda seed: ended(play_short(seed)), progress
    )
    print_row("short", short)
    whole_first = first + WHOLE_SEED
    whole = fuzz_seeds(
        "whole", range(whole_first, whole_first + args.whole),
        lambda seed: ended(play_whole(seed)), progress,
    )
    print_row("whole", whole)
    return print_failures([short, whole])


if __name__ == "__main__":
    raise SystemExit(main())
