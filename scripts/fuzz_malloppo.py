"""Fuzz Dammi il malloppo: the test suite's fuzz (tests/malloppo/test_malloppo_fuzz.py) on many
more games per player count.

Each seeded random legal game is played to the end by the test's own ``play_checked``, the
invariants checked after every action (coins conserved, no two hands on a square, coins only
on hands on the board, eliminated players never act, undo restores, JSON round trip, the game
ends). The suite plays its first 150 seeds per count with the JSON round trip every tenth
action; this plays 2,000 per count from seed 0 by default (what the suite played before), or
any number (``--games 10000``), the round trip after every action unless ``--json-every N``.
A row per player count as in ``scripts/fuzz_engines.py``, progress on stderr on a terminal,
and every failure with its seed (exit code 1).

    python scripts/fuzz_malloppo.py [--games 2000] [--players 2 3 4] [--json-every 1]
        [--first-seed 0]
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "malloppo")]

from fuzz_engines import (  # noqa: E402
    Tally,
    fuzz_seeds,
    print_failures,
    print_header,
    print_row,
)
from test_malloppo_fuzz import play_checked  # noqa: E402


def player_count(
    players: int, json_every: int, wins: dict[str, int]
) -> Callable[[int], tuple[int, bool]]:
    """One checked game of ``players`` by seed: (its actions, True); its winner counted."""

    def play(seed: int) -> tuple[int, bool]:
        state = play_checked(seed, players, deep_every=json_every)
        winner = state.name(state.winner or 0)
        wins[winner] = wins.get(winner, 0) + 1
        return len(state.history), True

    return play


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per player count")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--json-every", type=int, default=1,
                        help="JSON round trip every N actions (1: after every action)")
    parser.add_argument("--first-seed", type=int, default=0, help="the first game's seed (0)")
    args = parser.parse_args(argv)
    seeds = range(args.first_seed, args.first_seed + args.games)
    tallies: list[Tally] = []
    print_header("players")
    for players in args.players:
        wins: dict[str, int] = {}
        play = player_count(players, args.json_every, wins)
        tally = fuzz_seeds(f"{players} players", seeds, play, sys.stderr.isatty())
        tallies.append(tally)
        print_row(f"{players} players", tally)
        print(f"{'':<12} wins: {wins}", flush=True)
    return print_failures(tallies)


if __name__ == "__main__":
    raise SystemExit(main())
