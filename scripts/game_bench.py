"""What scripts/bench_animals.py and scripts/bench_wallamoppi.py share (not a script of its
own): full headless computer games timed seed by seed, and one frame of a game's World against
a bare ``pymunk.Space`` with the same bodies stepped the same substeps.

The clock is the caller's: ``time.process_time`` (CPU seconds, what a busy machine does not
skew) or ``time.perf_counter`` (wall-clock seconds).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence

import pymunk

from games.core.protocol import SeatKind
from games.core.registry import load
from games.runs.headless import drive, frame_limit, new_session
from physics.config import PhysicsConfig
from physics.world import World

Clock = Callable[[], float]


def bench_arguments(description: str) -> argparse.Namespace:
    """``--seeds`` (the games) and ``--frames`` (the step-cost test), parsed."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2])
    parser.add_argument("--frames", type=int, default=1200, help="frames for the step-cost test")
    return parser.parse_args()


def game_speed(
    game_id: str, config: PhysicsConfig, seed: int, seats: Sequence[SeatKind], clock: Clock
) -> tuple[float, float, dict[str, object]]:
    """(simulated s, ``clock`` s, result) of one full headless game."""
    spec = load(game_id)
    session = new_session(spec, config, seed, tuple(seats), {})
    started = clock()
    drive(session, frame_limit(spec, config, None))
    elapsed = clock() - started
    return session.frame * session.frame_seconds, elapsed, session.result()


def print_game_speeds(
    game_id: str,
    config: PhysicsConfig,
    seeds: Sequence[int],
    seats: Sequence[SeatKind],
    clock: Clock,
    clock_name: str,
) -> None:
    """One line per seeded game, then simulated seconds per ``clock_name`` second overall."""
    total_sim = total_spent = 0.0
    for seed in seeds:
        sim, spent, result = game_speed(game_id, config, seed, seats, clock)
        total_sim += sim
        total_spent += spent
        winner = str(result["winner"])
        verb = "win" if ", " in winner else "wins"  # Animals: "red, yellow win"
        print(
            f"game seed {seed}: {sim:6.1f} sim s in {spent:5.2f} {clock_name} s = "
            f"{sim / spent:5.1f}× real time"
            f"  ({winner} {verb}, {result['reason']}, tower {result['tower_height']})"
        )
    print(f"all games: {total_sim / total_spent:.1f} simulated seconds per {clock_name} second")


def frame_costs(
    world: World, space: pymunk.Space, config: PhysicsConfig, frames: int, clock: Clock
) -> tuple[float, float]:
    """Seconds per frame, ``frames`` of each: (``world``, ``space`` stepped ``config``'s
    substeps a frame)."""
    substeps = config.world.substeps
    dt = config.world.frame_seconds / substeps
    started = clock()
    for _ in range(frames):
        world.step()
    ours = (clock() - started) / frames
    started = clock()
    for _ in range(frames):
        for _ in range(substeps):
            space.step(dt)
    return ours, (clock() - started) / frames
