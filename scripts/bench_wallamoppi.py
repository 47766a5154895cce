"""Benchmark Wallamoppi: game speed and the cost of our world over bare pymunk, in one run.

    python scripts/bench_wallamoppi.py [--seeds 0 1 2] [--frames 1200]

1. Full headless computer-vs-computer games: simulated seconds per wall-clock second
   (everything: rules, bots, the table world, the marble world, fall and stack checks).
2. Step cost: the finished wall with a 10-disk tower on it, stepped as a
   :class:`~physics.world.World` frame (substeps, per-pair material callbacks) against a bare
   ``pymunk.Space`` holding the same bodies with the same solver settings, stepped the same
   substeps. Both measured here, now, on this machine: the ratio is what matters.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import pymunk

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.core.protocol import SeatKind
from games.core.registry import load
from games.runs.headless import drive, frame_limit, new_session
from games.wallamoppi.rules import DARK, LIGHT, Disk
from games.wallamoppi.scene import WallScene
from games.wallamoppi.session import WallamoppiSession
from physics.config import PhysicsConfig, load_config


def game_speed(config: PhysicsConfig, seed: int) -> tuple[float, float, dict[str, object]]:
    """(simulated s, wall-clock s, result) of one full headless game."""
    spec = load("wallamoppi")
    session = new_session(spec, config, seed, (SeatKind.COMPUTER, SeatKind.COMPUTER), {})
    started = time.perf_counter()
    drive(session, frame_limit(spec, config, None))
    elapsed = time.perf_counter() - started
    return session.frame * session.frame_seconds, elapsed, session.result()


def built_scene(config: PhysicsConfig) -> WallScene:
    """The finished wall of seed 0 with ten disks stacked centred on the apex."""
    from games.core.protocol import SessionSetup

    session = WallamoppiSession(
        SessionSetup(config, 0, (SeatKind.HUMAN, SeatKind.HUMAN), {"wall": "auto"})
    )
    for n in range(10):
        session.scene.add_tower_disk(Disk(f"extra{n}", DARK if n % 2 else LIGHT))
    return session.scene


def bare_space(scene: WallScene) -> pymunk.Space:
    """A plain pymunk space with copies of the scene's bodies and the same solver settings."""
    source = scene.world.space
    space = pymunk.Space(threaded=False)
    for attribute in (
        "gravity",
        "iterations",
        "damping",
        "collision_slop",
        "collision_bias",
        "sleep_time_threshold",
        "idle_speed_threshold",
    ):
        setattr(space, attribute, getattr(source, attribute))
    for piece in scene.world.pieces.values():
        shape = piece.shape
        if piece.is_static:
            assert isinstance(shape, pymunk.Segment)
            copy = pymunk.Segment(space.static_body, shape.a, shape.b, shape.radius)
            copy.friction = 0.5
            space.add(copy)
            continue
        body = pymunk.Body(piece.body.mass, piece.body.moment)
        body.position = piece.body.position
        body.angle = piece.body.angle
        assert isinstance(shape, pymunk.Poly)
        poly = pymunk.Poly(body, shape.get_vertices())
        poly.friction = 0.5**0.5
        poly.elasticity = shape.elasticity
        space.add(body, poly)
    return space


def step_cost(config: PhysicsConfig, frames: int, *, awake: bool) -> tuple[float, float]:
    """Seconds per frame: (our World, bare pymunk), the same bodies from the same start.

    ``awake`` keeps every body from sleeping in both spaces (the cost while things move).
    """
    scene = built_scene(config)
    space = bare_space(scene)
    if awake:
        scene.world.space.sleep_time_threshold = float("inf")
        space.sleep_time_threshold = float("inf")
    substeps = config.world.substeps
    dt = config.world.frame_seconds / substeps
    started = time.perf_counter()
    for _ in range(frames):
        scene.world.step()
    ours = (time.perf_counter() - started) / frames
    started = time.perf_counter()
    for _ in range(frames):
        for _ in range(substeps):
            space.step(dt)
    bare = (time.perf_counter() - started) / frames
    return ours, bare


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2])
    parser.add_argument("--frames", type=int, default=1200, help="frames for the step-cost test")
    args = parser.parse_args()
    config = load_config().config

    total_sim = total_wall = 0.0
    for seed in args.seeds:
        sim, wall, result = game_speed(config, seed)
        total_sim += sim
        total_wall += wall
        print(
            f"game seed {seed}: {sim:6.1f} sim s in {wall:5.2f} s = {sim / wall:5.1f}× real time"
            f"  ({result['winner']} wins, {result['reason']}, tower {result['tower_height']})"
        )
    print(f"all games: {total_sim / total_wall:.1f} simulated seconds per wall-clock second")

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
