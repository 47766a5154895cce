"""Benchmark Wallamoppi: game speed and the cost of our world over bare pymunk, in one run.

    python scripts/bench_wallamoppi.py [--seeds 0 1 2] [--frames 1200]

1. Full headless computer-vs-computer games: simulated seconds per wall-clock second
   (everything: rules, bots, the table world, the marble world, fall and stack checks).
2. Step cost: the finished wall with a 10-disk tower on it, stepped as a
   :class:`~physics.world.World` frame (substeps, per-pair material callbacks) against a bare
   ``pymunk.Space`` holding the same bodies and shapes (the room's table, floor and walls
   included: :func:`bench_physics.bare_space_like`) with the same solver settings, stepped the
   same substeps. Both measured here, now, on this machine: the ratio is what matters.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_physics import bare_space_like
from game_bench import bench_arguments, frame_costs, print_game_speeds

from games.core.protocol import SeatKind
from games.wallamoppi.rules import DARK, LIGHT, Disk
from games.wallamoppi.scene import WallScene
from games.wallamoppi.session import WallamoppiSession
from physics.config import PhysicsConfig, load_config


def built_scene(config: PhysicsConfig) -> WallScene:
    """The finished wall of seed 0 with ten disks stacked centred on the apex."""
    from games.core.protocol import SessionSetup

    session = WallamoppiSession(
        SessionSetup(config, 0, (SeatKind.HUMAN, SeatKind.HUMAN), {"wall": "auto"})
    )
    for n in range(10):
        session.scene.add_tower_disk(Disk(f"extra{n}", DARK if n % 2 else LIGHT))
    return session.scene


def step_cost(config: PhysicsConfig, frames: int, *, awake: bool) -> tuple[float, float]:
    """Seconds per frame: (our World, bare pymunk), the same bodies from the same start.

    ``awake`` keeps every body from sleeping in both spaces (the cost while things move).
    """
    scene = built_scene(config)
    space = bare_space_like(scene.world)
    if awake:
        scene.world.space.sleep_time_threshold = float("inf")
        space.sleep_time_threshold = float("inf")
    return frame_costs(scene.world, space, config, frames, time.perf_counter)


def main() -> int:
    args = bench_arguments(__doc__.splitlines()[0])
    config = load_config().config
    computers = (SeatKind.COMPUTER, SeatKind.COMPUTER)
    print_game_speeds("wallamoppi", config, args.seeds, computers, time.perf_counter, "wall-clock")

    for awake in (False, True):
        ours, bare = step_cost(config, args.frames, awake=awake)
        print(
            f"step cost, wall + 10-disk tower, {config.world.substeps} substeps, "
            f"{'never sleeping' if awake else 'sleeping allowed'}: World {ours * 1e3:.3f} "
            f"ms/frame, bare pymunk {bare * 1e3:.3f} ms/frame, ratio {ours / bare:.2f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
