"""Benchmark Animal upon Animal: game speed, physics frame cost and window frame time, in one run.

    python scripts/bench_animals.py [--seeds 0 1 2] [--frames 1200]

1. Full headless computer-vs-computer games (3 seats): simulated seconds per CPU second
   (everything: rules, minds, hands, the table world, the column, settle and fall checks).
2. Physics frame cost: a tower of all 15 animals on the board held awake, stepped as a
   :class:`~physics.world.World` frame against a bare ``pymunk.Space`` with the same bodies and
   solver settings, the same substeps; then the World's cost once the tower sleeps.
3. Window frame time: the whole window (room, table, panel, template) drawn under SDL's dummy
   driver while the computer plays, as :meth:`App.step_frame` pays it (physics included).

Ratios measured in the same run are what to compare across machines.
"""

from __future__ import annotations

import atexit
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import pymunk

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# the window section's autosave goes to a folder of its own, not the player's (as bench_render)
if "WOBBLETOP_HOME" not in os.environ:  # removed at exit
    os.environ["WOBBLETOP_HOME"] = tempfile.mkdtemp(prefix="bench-animals-")
    atexit.register(shutil.rmtree, os.environ["WOBBLETOP_HOME"], ignore_errors=True)
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_physics import bare_space_like
from game_bench import bench_arguments, frame_costs, print_game_speeds

from games.animals.catalogue import load as load_pieces
from games.animals.scene import AnimalScene
from games.core.protocol import SeatKind
from games.core.registry import load
from physics.config import PhysicsConfig, load_config


def tower_scene(config: PhysicsConfig) -> AnimalScene:
    pieces_file = load_pieces()
    scene = AnimalScene(config, pieces_file)
    scene.lay_tower(list(pieces_file.catalogue.order))
    scene.world.settle_in()
    return scene


def bare_space(scene: AnimalScene) -> pymunk.Space:
    """A plain pymunk space with copies of the scene's bodies and shapes (the room's table,
    floor and walls included: :func:`bench_physics.bare_space_like`) and the same solver
    settings."""
    space = bare_space_like(scene.world)
    space.iterations = scene.world.space.iterations
    return space


def step_cost(config: PhysicsConfig, frames: int, *, awake: bool) -> tuple[float, float]:
    """Seconds per frame: (our World, bare pymunk), the same 15-animal tower."""
    scene = tower_scene(config)
    space = bare_space(scene)
    if awake:
        scene.world.space.sleep_time_threshold = float("inf")
        space.sleep_time_threshold = float("inf")
        for body in scene.world.space.bodies:
            body.activate()
    return frame_costs(scene.world, space, config, frames, time.process_time)


def window_frame_ms(seconds: float) -> float:
    """Median milliseconds per window frame while three computer seats play."""
    from games.ui.app import App

    app = App(size=(1280, 800), seed=3)
    app.start_game(load("animals"), (SeatKind.COMPUTER,) * 3)
    times = []
    for _ in range(round(seconds * 60)):
        started = time.process_time()
        app.step_frame(1 / 60)
        times.append(time.process_time() - started)
    app.close()
    return statistics.median(times) * 1e3


def main() -> int:
    args = bench_arguments(__doc__.splitlines()[0])
    config = load_config().config
    computers = (SeatKind.COMPUTER,) * 3
    print_game_speeds("animals", config, args.seeds, computers, time.process_time, "CPU")
    ours, bare = step_cost(config, args.frames, awake=True)
    print(
        f"physics frame, 15-animal tower held awake, {config.world.substeps} substeps: "
        f"World {ours * 1e3:.3f} ms, bare pymunk {bare * 1e3:.3f} ms, ratio {ours / bare:.2f}"
    )
    asleep, _ = step_cost(config, args.frames, awake=False)
    print(f"the same tower once asleep (as it stands between turns): World {asleep * 1e3:.3f} ms")
    print(f"window frame (1280x800, 3 computers playing): {window_frame_ms(10.0):.2f} ms median")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
