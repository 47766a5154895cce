"""Benchmark Dammi il malloppo: listing every legal turn, and the bots' strength.

1. Listing (default): every legal turn (pay, hand, destination, steal choice) in busy 4-player
   mid-game positions (seeded random play until some coins have changed hands, every hand still
   in play), for every roll 1-6. The fast way is ``State.legal_turns`` (one exact-length walk
   search per hand with :func:`games.turnkit.graph.exact_walks`: destinations with one witness
   path); the naive way enumerates every path of the roll's length depth first and then merges those
   that end alike. Both run in this one process on the same positions, are checked to list the
   same turns, and the medians and their ratio are printed. The issue's bar: the fast median
   is at most 5 ms.
2. ``--duel N``: N seeded games per player count, the expectimax bot in one seat (rotating
   round the table from game to game) and greedy in the others; prints expectimax's wins.

    python scripts/bench_malloppo.py [--positions 12] [--repeats 5] [--duel 200]
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.core.rng import Chance
from games.malloppo.bots import make_bot
from games.malloppo.rules import Phase, State, Turn
from games.turnkit.grid import Square


def mid_game(seed: int) -> State:
    """A busy 4-player position: random play until a few coins changed hands, all 12 hands
    (or nearly) still on the board."""
    rng, chance, state = random.Random(seed), Chance(seed), State(4)
    for _ in range(10_000):
        if state.is_chance():
            state.roll_with(chance)
            continue
        turns = list(state.legal_turns())
        state.push(rng.choice(turns))
        taken = sum(len(a.steals) for a, _ in state.history if isinstance(a, Turn))
        if taken >= 4 or sum(1 for sq in state.squares if sq) < 11:
            break
    state.history = []
    return state


Key = tuple[Square | None, Square | None, Square | None, tuple[Square, ...]]


def _movers(state: State) -> list[tuple[int | None, set[Square], list[int]]]:
    """Per pay option: (paying hand, squares blocked, hands that may move)."""
    out = []
    for paid in state.pay_options():
        leaving = paid if paid is not None and state.coins[paid] == 1 else None
        blocked = {sq for sq, h in state.at.items() if h != leaving}
        out.append((paid, blocked, [h for h in state.hands_of(state.current) if h != leaving]))
    return out


def naive_destinations(state: State) -> tuple[list[dict[int, set[Square]]], int]:
    """Every path of exactly the roll, enumerated one by one (depth first), merged into
    destinations per pay option and hand; also the number of paths walked."""
    roll, neighbours = state.roll or 0, state.board.neighbours
    result, paths = [], 0
    for _, blocked, hands in _movers(state):
        per_hand: dict[int, set[Square]] = {}
        for hand in hands:
            start = state.squares[hand]
            assert start is not None
            ends: set[Square] = set()
            stack: list[tuple[Square, Square | None, int]] = [(start, None, roll)]
            while stack:
                here, previous, left = stack.pop()
                for nxt in neighbours[here]:
                    if nxt == previous or (nxt in blocked and nxt != start):
                        continue
                    if left == 1:
                        ends.add(nxt)
                        paths += 1
                    else:
                        stack.append((nxt, here, left - 1))
            per_hand[hand] = ends
        result.append(per_hand)
    return result, paths


def fast_destinations(state: State) -> list[dict[int, set[Square]]]:
    """The same with one exact-length walk search per hand (games.turnkit.graph.exact_walks)."""
    return [
        {hand: set(state.destinations(hand, paid=paid)) for hand in hands}
        for paid, _, hands in _movers(state)
    ]


def naive_turns(state: State) -> set[Key]:
    """Whole turns from the naive destinations (to check the engine's list)."""
    found: set[Key] = set()
    per_pay, _ = naive_destinations(state)
    for (paid, blocked, _), per_hand in zip(_movers(state), per_pay, strict=True):
        pay = state.squares[paid] if paid is not None else None
        moved = False
        for hand, ends in per_hand.items():
            start = state.squares[hand]
            for to in ends:
                moved = True
                robbed = sorted(sq for sq in state.board.neighbours[to]
                                if sq in blocked and sq != start)
                for count in range(len(robbed) + 1):
                    for steals in itertools.combinations(robbed, count):
                        found.add((pay, start, to, steals))
        if not moved:
            found.add((pay, None, None, ()))
    return found


def best_ms(func: Callable[[State], object], state: State, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        func(state)
        times.append((time.perf_counter() - started) * 1000)
    return min(times)


def bench_listing(positions: int, repeats: int) -> int:
    print(f"{'pos':>3} {'roll':>4} {'hands':>5} {'turns':>5} {'paths':>6} {'turns ms':>8} "
          f"{'walks ms':>8} {'naive ms':>8} {'ratio':>6}")
    listing, fast_all, naive_all = [], [], []
    for seed in range(positions):
        base = mid_game(seed)
        for roll in range(1, 7):
            state = base.copy()
            state.phase, state.roll = Phase.MOVE, roll
            turns = {(t.pay, t.hand, t.to, t.steals) for t in state.legal_turns()}
            if turns != naive_turns(state) or fast_destinations(state) != \
                    naive_destinations(state)[0]:
                print(f"position {seed} roll {roll}: fast and naive lists differ", file=sys.stderr)
                return 1
            paths = naive_destinations(state)[1]
            turns_ms = best_ms(lambda s: list(s.legal_turns()), state, repeats)
            fast_ms = best_ms(fast_destinations, state, repeats)
            naive_ms = best_ms(naive_destinations, state, repeats)
            listing.append(turns_ms)
            fast_all.append(fast_ms)
            naive_all.append(naive_ms)
            hands = sum(1 for sq in state.squares if sq)
            print(f"{seed:>3} {roll:>4} {hands:>5} {len(turns):>5} {paths:>6} {turns_ms:>8.2f} "
                  f"{fast_ms:>8.2f} {naive_ms:>8.2f} {naive_ms / fast_ms:>5.1f}x")
    med = statistics.median
    print(f"{'median':>10} {'':>5} {'':>5} {'':>6} {med(listing):>8.2f} {med(fast_all):>8.2f} "
          f"{med(naive_all):>8.2f} {med(naive_all) / med(fast_all):>5.1f}x")
    print(f"{'max':>10} {'':>5} {'':>5} {'':>6} {max(listing):>8.2f} {max(fast_all):>8.2f} "
          f"{max(naive_all):>8.2f}")
    verdict = "meets" if med(listing) <= 5.0 else "MISSES"
    print(f"listing every legal turn: median {med(listing):.2f} ms, {verdict} the 5 ms bar")
    return 0


def duel(games: int) -> None:
    for players in (2, 3, 4):
        wins, started = 0, time.perf_counter()
        for seed in range(games):
            names = ["expectimax" if (p + seed) % players == 0 else "greedy"
                     for p in range(players)]
            bots = [make_bot(name) for name in names]
            state, chance = State(players), Chance(seed)
            while not state.is_over():
                if state.is_chance():
                    state.roll_with(chance)
                else:
                    state.push(bots[state.current].choose(state.copy()))
            wins += names[state.winner or 0] == "expectimax"
        seconds = time.perf_counter() - started
        print(f"{players} players: expectimax won {wins} of {games} against "
              f"{players - 1} greedy ({100 * wins / games:.0f} %; a fair share is "
              f"{100 / players:.0f} %) in {seconds:.1f} s")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--duel", type=int, default=0, help="games per player count")
    args = parser.parse_args()
    if args.duel:
        duel(args.duel)
        return 0
    return bench_listing(args.positions, args.repeats)


if __name__ == "__main__":
    raise SystemExit(main())
