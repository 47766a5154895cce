"""Deeper searches tried for *hard* against hard: ``python scripts/hard_duel.py``

Per dice game, a deeper search (:data:`CONTENDERS`, a class of games/GAME/bots.py, not a
strength) against *hard* (``ExpectimaxBot``: one chance node, every reply to every roll):
Stonewall's ``LookaheadBot``, Dammi il malloppo's ``AnswerBot``, Whacky Wit's ``DeeperBot``
(what each searches: its docstring, and docs/computers.md with the figures). It plays seeded
2-player games between the two on the rule engine itself, every seed twice with the seats
swapped (in Whacky Wit: the deeper computer plays Whacky against hard's monsters, then the
monsters against hard's Whacky), the same dice both times, and prints per game: the games,
the deeper computer's share of the games won with its 95 % interval (Wilson's), its wins per
seat, and each computer's median and worst CPU per decision (ms) in the same run.

    python scripts/hard_duel.py [--games 200] [--only stonewall,malloppo,whacky] [--first 0]

``--games`` counts games, both seatings of a seed included (so 200 is 100 seeds).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ladder import wilson  # a sibling script

from games.core.rng import Chance
from games.turnkit.bot_luck import bot_seed

DICE = ("stonewall", "malloppo", "whacky")
# per game: (the deeper search, the search it plays against), classes of games/GAME/bots.py
CONTENDERS = {
    "stonewall": ("LookaheadBot", "ExpectimaxBot"),
    "malloppo": ("AnswerBot", "ExpectimaxBot"),
    "whacky": ("DeeperBot", "ExpectimaxBot"),
}
def play(game: str, seed: int, bots: list[Any], times: list[list[float]]) -> int | None:
    """Play one seeded 2-player game; the winning seat (None if it did not end)."""
    rules = __import__(f"games.{game}.rules", fromlist=["State"])
    state = rules.State() if game == "whacky" else rules.State(2)
    chance = Chance(seed)
    for _ in range(50_000):
        if state.is_over():
            return state.winner
        seat = min(state.current, 1)
        bot = bots[seat]
        if state.is_chance():
            if game == "whacky" and bot.wants_power(state):
                from games.whacky.rules import UsePower

                state.push(UsePower())
            else:
                state.roll_with(chance)
            continue
        view = state.copy()
        cpu = time.process_time()
        action = bot.choose(view)
        times[seat].append(time.process_time() - cpu)
        state.push(action)
    return None


def duel(game: str, games: int, first: int) -> dict[str, Any]:
    module = __import__(f"games.{game}.bots", fromlist=list(CONTENDERS[game]))
    new_cls, old_cls = (getattr(module, name) for name in CONTENDERS[game])
    wins = 0
    seat_wins = [0, 0]
    seat_games = [0, 0]
    unfinished = 0
    cpu: dict[str, list[float]] = {"new": [], "old": []}
    for index in range(games):
        seed, new_seat = first + index // 2, index % 2
        classes = [new_cls, old_cls] if new_seat == 0 else [old_cls, new_cls]
        bots = [cls(bot_seed(seed, seat)) for seat, cls in enumerate(classes)]
        times: list[list[float]] = [[], []]
        winner = play(game, seed, bots, times)
        cpu["new"].extend(times[new_seat])
        cpu["old"].extend(times[1 - new_seat])
        seat_games[new_seat] += 1
        if winner is None:
            unfinished += 1
        elif winner == new_seat:
            wins += 1
            seat_wins[new_seat] += 1
    return {"wins": wins, "games": games, "seat_wins": seat_wins, "seat_games": seat_games,
            "unfinished": unfinished, "cpu": cpu}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per game (even)")
    parser.add_argument("--only", default="", help="comma-separated games (default: all three)")
    parser.add_argument("--first", type=int, default=0, help="the first seed")
    args = parser.parse_args(argv)
    only = [g for g in args.only.split(",") if g] or list(DICE)
    seats = {"whacky": ("as Whacky", "as the monsters")}
    print("| game | deeper / against | games | deeper's share (95 % interval) | its wins by seat "
          "| deeper's CPU median / worst ms | the other's CPU median / worst ms |")
    print("|---|---|---:|---|---|---:|---:|")
    for game in only:
        r = duel(game, args.games, args.first)
        low, high = wilson(r["wins"], r["games"])
        names = seats.get(game, ("first seat", "second seat"))
        by_seat = ", ".join(
            f"{names[s]} {r['seat_wins'][s]}/{r['seat_games'][s]}" for s in (0, 1)
        )
        if r["unfinished"]:
            by_seat += f", {r['unfinished']} unfinished"
        cells = []
        for who in ("new", "old"):
            ms = [t * 1000 for t in r["cpu"][who]]
            cells.append(f"{statistics.median(ms):.3f} / {max(ms):.1f}")
        print(f"| {game} | {' / '.join(CONTENDERS[game])} | {r['games']} | "
              f"{100 * r['wins'] / r['games']:.1f} % "
              f"({100 * low:.1f}–{100 * high:.1f} %) | {by_seat} | {cells[0]} | {cells[1]} |",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
