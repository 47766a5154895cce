"""How long each strength's computer thinks, per game: ``python scripts/bench_decisions.py``

A person waits for a computer's move; *hard* must never keep them waiting more than a second.
For every game with computers and every strength (easy / normal / hard, games/core/skill.py):

* the dice games (Stonewall, Dammi il malloppo, Whacky Wit): seeded games between two (or, with
  ``--players``, more) computers of that strength, played on the rule engine itself; every
  decision (``bot.choose`` on the copy a session hands it) is timed;
* the physics games (Wallamoppi, Animal upon Animal): seeded headless games of that strength;
  the computer acts once per physics frame (a hand target, a grab, a call), and every call of
  its ``act`` is timed. The physics the frame then steps is the game's, not the computer's.

Printed per game and strength: the decisions timed, the median and the worst (ms) of the wall
time and of the process's CPU time, and the median's ratio to *normal*'s median measured in the
same run (the baseline). The wall time counts whatever else the machine is doing (on a shared
machine it is several times the CPU time); the CPU time is what the computer's thinking costs,
what a person waits on a machine that runs only the game. The bar (1 s) is checked on the
worst CPU time of *hard*; the worst wall time is printed beside it.

    python scripts/bench_decisions.py [--games 4] [--frames 6000] [--only stonewall,whacky]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.core.rng import Chance
from games.core.skill import STRENGTHS
from games.turnkit.bot_luck import bot_seed

DICE = ("stonewall", "malloppo", "whacky")
PHYSICS = ("wallamoppi", "animals")
BAR_MS = 1000.0


Times = list[tuple[float, float]]  # (wall, CPU) seconds per decision


def dice_times(game: str, word: str, games: int, players: int) -> Times:
    """Seconds of every decision in ``games`` seeded games between computers of ``word``."""
    module = __import__(f"games.{game}.bots", fromlist=["make_bot"])
    rules = __import__(f"games.{game}.rules", fromlist=["State"])
    times: Times = []
    for seed in range(games):
        state = rules.State() if game == "whacky" else rules.State(players)
        seats = 2 if game == "whacky" else players
        bots = [module.make_bot(word, bot_seed(seed, i)) for i in range(seats)]
        chance = Chance(seed)
        for _ in range(20_000):
            if state.is_over():
                break
            bot = bots[min(state.current, seats - 1)]
            if state.is_chance():
                if game == "whacky" and bot.wants_power(state):
                    from games.whacky.rules import UsePower

                    state.push(UsePower())
                else:
                    state.roll_with(chance)
                continue
            view = state.copy()
            start, cpu = time.perf_counter(), time.process_time()
            action = bot.choose(view)
            times.append((time.perf_counter() - start, time.process_time() - cpu))
            state.push(action)
    return times


def physics_times(game: str, word: str, games: int, frames: int) -> Times:
    """Seconds of every computer ``act`` in ``games`` seeded headless games of ``word``."""
    from games.core import registry
    from games.runs.headless import drive, new_session, seats_for
    from physics.config import load_config

    spec = registry.load(game)
    config = load_config(None).config
    times: Times = []
    for seed in range(games):
        session = new_session(spec, config, seed, seats_for(spec, None),
                              {**spec.headless_options, "skill": word})
        for bot in vars(session)["bots"].values():
            bot.act = timed(bot.act, times)
        drive(session, frames)
    return times


def timed(act: Callable[[], Any], times: Times) -> Callable[[], Any]:
    def wrapper() -> Any:
        start, cpu = time.perf_counter(), time.process_time()
        result = act()
        times.append((time.perf_counter() - start, time.process_time() - cpu))
        return result

    return wrapper


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="seeded games per strength")
    parser.add_argument("--players", type=int, default=4,
                        help="players in Stonewall and Dammi il malloppo (the slowest: 4)")
    parser.add_argument("--frames", type=int, default=6000,
                        help="frames per physics game (at most; 6000 = 50 s of play)")
    parser.add_argument("--only", default="", help="comma-separated games (default: all)")
    args = parser.parse_args(argv)
    only = [g for g in args.only.split(",") if g] or [*DICE, *PHYSICS]
    print("| game | strength | decisions | CPU median ms | CPU worst ms | wall median ms "
          "| wall worst ms | CPU median / normal's |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    worst_hard = worst_wall = 0.0
    for game in only:
        medians: dict[str, float] = {}
        rows = []
        for word in STRENGTHS:
            if game in DICE:
                times = dice_times(game, word, args.games, args.players)
            else:
                times = physics_times(game, word, args.games, args.frames)
            wall = [w * 1000 for w, _ in times]
            cpu = [c * 1000 for _, c in times]
            medians[word] = statistics.median(cpu)
            rows.append((word, len(times), statistics.median(cpu), max(cpu),
                         statistics.median(wall), max(wall)))
            if word == "hard":
                worst_hard, worst_wall = max(worst_hard, max(cpu)), max(worst_wall, max(wall))
        for word, count, median, worst, wall_median, wall_worst in rows:
            ratio = median / medians["normal"] if medians["normal"] else float("nan")
            print(f"| {game} | {word} | {count:,} | {median:.3f} | {worst:.1f} | "
                  f"{wall_median:.3f} | {wall_worst:.1f} | {ratio:.2f}× |", flush=True)
    verdict = "within" if worst_hard <= BAR_MS else "OVER"
    print(f"\nhard's worst decision: {worst_hard:.1f} ms of CPU ({verdict} the {BAR_MS:.0f} ms "
          f"bar), {worst_wall:.1f} ms of wall time on this machine as it was")
    return 0 if worst_hard <= BAR_MS else 1


if __name__ == "__main__":
    sys.exit(main())
