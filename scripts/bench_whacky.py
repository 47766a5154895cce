"""Benchmark and batch runs for Whacky Wit.

Default: time Whacky's legal-move listing (``games.whacky.paths.whacky_walks``, an exact
layered search with a best witness path per destination) against a naive baseline measured in
this same run (a depth-first enumeration of every walk, exact but growing like 3**steps), on
seeded mid-game positions; the destinations are checked to agree and each witness compared
with the best any walk there does (the most dots; powered, the most monsters hunted first).
Then a full game between the expectimax bots against a full game between the greedy bots (ratio).

    python scripts/bench_whacky.py [--positions 20] [--repeats 3]
    python scripts/bench_whacky.py --matches 200     # the 2 x 2 table of bot pairings
    python scripts/bench_whacky.py --matches 200 --board my.toml --jobs 2   # another board

``--matches`` prints, per pairing, Whacky's win rate and how the monsters threaten him: the
games ending in the rulebook's checkmate (figure 2), the monsters' turns until their first
catch (median), and the share of games with a catch within the monsters' first 10 turns.
    python scripts/bench_whacky.py --fuzz 10000      # random games, invariants every action
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TypeVar

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "whacky"))

from games.core.rng import Chance  # noqa: E402
from games.whacky.board import load_board  # noqa: E402
from games.whacky.bots import Bot, make_bot, play  # noqa: E402
from games.whacky.paths import CAGED  # noqa: E402
from games.whacky.rules import MONSTERS, Phase, State, UsePower  # noqa: E402


def mid_game(seed: int) -> State:
    """A position after seeded greedy play, Whacky to move a big roll."""
    rng, chance = random.Random(seed), Chance(seed)
    state, bot = State(), make_bot("greedy")
    for _ in range(rng.randrange(20, 120)):
        if state.is_over():
            break
        if state.is_chance():
            state.roll_with(chance)
        else:
            state.push(bot.choose(state))
    while not state.is_over() and state.phase is not Phase.WHACKY_ROLL:
        if state.is_chance():
            state.roll_with(chance)
        else:
            state.push(bot.choose(state))
    if state.is_over():
        return mid_game(seed + 1000)
    return state


def naive_walks(state: State, steps: int) -> dict[int, int]:
    """Destination -> the best value any walk of Whacky there has (dots put down; powered,
    monsters hunted first: :func:`value_of`), found by enumerating every walk one by one (the
    baseline: exact, but it grows like 3**steps)."""
    adjacency = state.board.whacky_adjacency
    occupied = set(state.monsters) - {state.board.cage}
    powered = state.powered()
    best: dict[int, int] = {}

    def walk(node: int, left: int, path: tuple[int, ...]) -> None:
        if left == 0:
            best[node] = max(best.get(node, 0), value_of(state, path))
            return
        if node in occupied and path and not powered:
            return
        for nxt in adjacency[node]:
            walk(nxt, left - 1, (*path, nxt))

    walk(state.whacky, steps, ())
    return best


def value_of(state: State, path: tuple[int, ...]) -> int:
    """A walk's worth: the dots it puts down, and (powered) CAGED for each monster hunted."""
    hunted = set(state.monsters) - {state.board.cage} if state.powered() else set()
    return len({n for n in path if state.is_up(n)}) + CAGED * len(hunted & set(path))


def dots_on(state: State, path: tuple[int, ...]) -> int:
    return len({n for n in path if state.is_up(n)})


T = TypeVar("T")


def best_ms(func: Callable[[], T], repeats: int) -> tuple[float, T]:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        result = func()
        times.append((time.perf_counter() - start) * 1000)
    return min(times), result


def bench(positions: int, repeats: int) -> None:
    print(f"{'position':>8} {'roll':>4} {'moves':>5} {'search ms':>9} {'naive ms':>9} "
          f"{'ratio':>6} {'dots':>9}")
    fast_total = naive_total = 0.0
    optimal = listed = 0
    for i in range(positions):
        state = mid_game(i)
        roll = 6 + i % 5  # 6 to 10, the die's longest moves
        fast, walks = best_ms(partial(state.whacky_walks, state.whacky, roll), repeats)
        naive, best = best_ms(partial(naive_walks, state, roll), repeats)
        assert set(walks) == set(best), f"position {i}: the searches disagree"
        got = sum(dots_on(state, path) for path in walks.values())
        most = sum(best.values())
        optimal += sum(value_of(state, path) == best[d] for d, path in walks.items())
        listed += len(walks)
        fast_total, naive_total = fast_total + fast, naive_total + naive
        print(f"{i:>8} {roll:>4} {len(best):>5} {fast:>9.2f} {naive:>9.2f} "
              f"{naive / max(fast, 1e-6):>5.1f}x {got:>4}/{most:<4}")
    print(f"{'total':>8} {'':>4} {'':>5} {fast_total:>9.2f} {naive_total:>9.2f} "
          f"{naive_total / fast_total:>5.1f}x")
    print(f"witness paths as good as the best walk there (the most dots; powered, the most "
          f"monsters hunted first): {optimal} of {listed}")
    for name in ("greedy", "expectimax"):
        start = time.perf_counter()
        games = 5
        for seed in range(games):
            play(State(), make_bot(name), make_bot(name), Chance(seed))
        per_game = (time.perf_counter() - start) / games
        if name == "greedy":
            base = per_game
        print(f"full game, {name} against {name}: {per_game * 1000:.0f} ms a game "
              f"({per_game / base:.1f}x greedy)")


def one_match(job: tuple[str | None, str, str, int]) -> tuple[bool, bool, int | None, bool]:
    """(Whacky won, checkmate, monsters' turns before the first catch or None, unfinished
    after 5,000 actions as :func:`games.whacky.bots.play` stops) of one game."""
    board_path, whacky, monsters, seed = job
    state = State(load_board(board_path)) if board_path else State()
    bots = make_bot(whacky), make_bot(monsters)
    chance = Chance(seed)
    turns, first = 0, None
    lives = state.lives
    for _ in range(5000):
        if state.is_over():
            break
        if state.phase is Phase.MONSTER_ROLL:
            turns += 1
        play_step(state, bots, chance)
        if state.lives < lives and first is None and "caught" in " ".join(state.said):
            first = turns
        lives = state.lives
    return state.winner == 0, state.reason.startswith("checkmate"), first, not state.is_over()


def play_step(state: State, bots: tuple[Bot, Bot], chance: Chance) -> None:
    """One action, as :func:`games.whacky.bots.play` takes it."""
    bot = bots[1] if state.current == MONSTERS else bots[0]
    if state.is_chance():
        if bot.wants_power(state):
            state.push(UsePower())
        else:
            state.roll_with(chance)
    else:
        state.push(bot.choose(state))


def matches(games: int, board: str | None, jobs: int) -> None:
    from multiprocessing import Pool

    print(f"{games} seeded games per pairing (seeds 0..{games - 1}); Whacky's win rate")
    pool = Pool(jobs) if jobs > 1 else None
    for whacky in ("greedy", "expectimax"):
        for monsters in ("greedy", "expectimax"):
            start = time.perf_counter()
            work = [(board, whacky, monsters, seed) for seed in range(games)]
            results = pool.map(one_match, work) if pool else [one_match(w) for w in work]
            wins = sum(r[0] for r in results)
            mates = sum(r[1] for r in results)
            firsts = sorted(r[2] for r in results if r[2] is not None)
            median = firsts[len(firsts) // 2] if firsts else None
            early = sum(1 for r in results if r[2] is not None and r[2] <= 10)
            stuck = sum(r[3] for r in results)
            print(f"Whacky {whacky:>10} vs monsters {monsters:>10}: Whacky wins {wins:>4}/{games}"
                  f" ({100 * wins / games:.1f} %), checkmates {mates}, first catch after "
                  f"{median} monster turns (median), within 10: {100 * early / games:.0f} %, "
                  f"unfinished {stuck}  "
                  f"{time.perf_counter() - start:.0f} s", flush=True)
    if pool:
        pool.close()


def fuzz(games: int) -> None:
    from games.whacky.fuzz import fuzz_game

    start = time.perf_counter()
    for seed in range(games):
        state = fuzz_game(seed, 20_000, accidents=6 if seed % 2 else 0, round_trip=25)
        assert state.is_over(), f"seed {seed}: the game did not end"
    print(f"{games} random games to the end, invariants after every action: ok "
          f"({time.perf_counter() - start:.0f} s)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--matches", type=int, default=0, help="games per bot pairing")
    parser.add_argument("--fuzz", type=int, default=0, help="random games to play")
    parser.add_argument("--board", default=None, help="a board file (default: the assets')")
    parser.add_argument("--jobs", type=int, default=1, help="processes for --matches")
    args = parser.parse_args()
    if args.matches:
        matches(args.matches, args.board, args.jobs)
    elif args.fuzz:
        fuzz(args.fuzz)
    else:
        bench(args.positions, args.repeats)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
