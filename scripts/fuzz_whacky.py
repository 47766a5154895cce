"""Fuzz Whacky Wit: the test suite's fuzz (tests/whacky/test_whacky_fuzz.py) on many more games.

Each seeded random game is played to the end by the test's own ``play_checked`` (random legal
moves and rolls, a stored power now and then; every other game with the accident rules), with
every invariant checked after every action: a possible state, dots and lives only going down,
and every 25th action undone, redone and sent through JSON. The suite plays its first 100
seeds; this plays 2,000 from seed 0 by default (what the suite played before), or any number.
A row per run as in ``scripts/fuzz_engines.py``, progress on stderr on a terminal, and every
failure with its seed (exit code 1).

    python scripts/fuzz_whacky.py [--games 2000] [--first-seed 0]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "whacky")]

from fuzz_engines import fuzz_seeds, print_failures, print_header, print_row  # noqa: E402
from test_whacky_fuzz import play_checked  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games to play (2,000)")
    parser.add_argument("--first-seed", type=int, default=0, help="the first game's seed (0)")
    args = parser.parse_args(argv)

    def play(seed: int) -> tuple[int, bool]:
        return len(play_checked(seed).history), True

    seeds = range(args.first_seed, args.first_seed + args.games)
    print_header()
    tally = fuzz_seeds("whacky", seeds, play, sys.stderr.isatty())
    print_row("whacky", tally)
    return print_failures([tally])


if __name__ == "__main__":
    raise SystemExit(main())
