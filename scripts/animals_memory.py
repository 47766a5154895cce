"""Perfect memory against a forgetful one: Animal upon Animal, computer against computer.

Run from the repository root: ``python scripts/animals_memory.py [--games 200] [--forgetful
0.3] [--skill 0.8]``. Each game is a full headless physics game (the same session a window
plays, both hands through the same inputs) with seed 0, 1, 2, ...; the perfect-memory seat
is red on even seeds and blue on odd ones, so neither gets the opening advantage. Prints the
wins of each and how the games ended. Deterministic: the same arguments print the same table.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.animals.session import AnimalsSession
from games.core.protocol import SeatKind, SessionSetup
from games.core.registry import load
from games.runs.headless import drive, frame_limit
from physics.config import load_config


def play(seed: int, forgetful: float, skill: float) -> tuple[str, str]:
    """One game; returns (who won: "perfect", "forgetful" or "both", the reason)."""
    perfect_seat, other_seat = ("red", "blue") if seed % 2 == 0 else ("blue", "red")
    config = load_config().config
    options = {"memory": {perfect_seat: 1.0, other_seat: forgetful}, "skill": skill}
    session = AnimalsSession(
        SessionSetup(config, seed, (SeatKind.COMPUTER, SeatKind.COMPUTER), options)
    )
    drive(session, frame_limit(load("animals"), config, None))
    outcome = session.rules.outcome
    if outcome is None:
        return "unfinished", "unfinished"
    winners = set(outcome.winners)
    if winners == {"red", "blue"}:
        return "both", outcome.reason
    return ("perfect" if perfect_seat in winners else "forgetful"), outcome.reason


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--forgetful", type=float, default=0.3, help="memory of the other seat")
    parser.add_argument("--skill", type=float, default=0.8, help="both seats' dexterity")
    args = parser.parse_args()
    started = time.perf_counter()
    winners: Counter[str] = Counter()
    reasons: Counter[tuple[str, str]] = Counter()
    for seed in range(args.games):
        who, reason = play(seed, args.forgetful, args.skill)
        winners[who] += 1
        reasons[(who, reason)] += 1
    print(
        f"{args.games} games, perfect memory (1.0) against memory {args.forgetful}, "
        f"skill {args.skill} both, {time.perf_counter() - started:.0f} s"
    )
    for who in ("perfect", "forgetful", "both", "unfinished"):
        print(f"  {who:<10} wins {winners[who]:>4}")
    print("how the games ended (winner: reason):")
    for (who, reason), count in sorted(reasons.items(), key=lambda item: -item[1]):
        print(f"  {count:>4}  {who}: {reason}")


if __name__ == "__main__":
    main()
