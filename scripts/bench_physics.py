"""Physics benchmark: tower drift and step cost of ``World`` against bare pymunk, in one run.

Two measurements, both printed as tables:

1. **Stillness with speed** (``tower_rows``): a centred stack of 36 flat disks (40 × 8 mm, wood,
   on the felt table) is laid, optionally settled in (:meth:`World.settle_in`), and run for 60
   simulated seconds. Lean and tilt are where the top disk is when play starts, measured from
   where it was *laid* (a lean made during the settle-in shows here, never in the drift).
   Drift is the largest distance of the top disk from where it was when play started (after
   the settle-in, or after 0.5 s without one), horizontally and vertically, mm.
   Cost is wall-clock microseconds per frame over the whole run; "asleep" is when the tower
   fell asleep. The default config in ``assets/physics.toml`` was chosen from this table
   (see docs/physics-tuning.md).
2. **A tower built one disk at a time** (``built_rows``): as in play, each disk laid at rest on
   the top 0.5 s after the last, no settle-in between; how far the disks below the top moved
   sideways from where they were laid, on the felt table and on Wallamoppi's wall.
3. **Disks dropped onto a tower** (``dropped_rows``): 25 disks let go onto Wallamoppi's tower
   the way the computer lets them go (1.5 mm above the top, 75 mm/s down, a seeded aim error),
   seeds 0-7: how far the disks below moved after they came to rest, with and without the
   landing carry of ``physics/landing.py``, and the cures measured before it.
4. **World overhead** (``overhead_rows``): the same bodies and settings stepped by ``World`` and by
   a bare ``pymunk.Space`` built shape for shape, no callbacks; the ratio is measured in the
   same run, so a noisy machine shifts both.

Run ``python scripts/bench_physics.py`` (about three minutes), ``--built-only`` for 2 and 3
(about two), or ``--grid`` for the full settings grid.
The renderer's frame cost lives in ``scripts/bench_render.py``; :func:`main` composes sections.
"""

from __future__ import annotations

import argparse
import math
import subprocess
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pymunk

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from physics import pieces
from physics.config import PhysicsConfig, load_config
from physics.world import World

TOWER_DISKS = 36
TOWER_SECONDS = 60.0
NO_SETTLE_START = 0.5  # s: without a settle-in, drift counts from here


def build_tower(config: PhysicsConfig, disks: int = TOWER_DISKS) -> World:
    """A tower of Wallamoppi disks, centred on the felt table, laid with the config's overlap."""
    world = World(config)
    world.add(pieces.table())
    pieces.disk_stack(world, disks, prefix="disk", tags={"tower"})
    return world


@dataclass
class TowerResult:
    label: str
    lean: float  # mm the top's centre is to the side of where it was laid, when play starts
    tilt: float  # degrees the top disk is tilted when play starts
    sag: float  # mm the top sank before play started
    drift_x: float  # mm, largest during play
    drift_y: float
    asleep_at: float | None  # s of play
    us_per_frame: float
    standing: bool


def measure_tower(
    label: str, overrides: dict[str, Any], *, settle: bool, seconds: float
) -> TowerResult:
    """Lay the tower, start play, and track the top disk for ``seconds`` of simulated time."""
    config = load_config(overrides=overrides).config
    started = time.perf_counter()
    world = build_tower(config)
    top = world.pieces[f"disk{TOWER_DISKS - 1:02d}"]
    laid = top.body.position
    if settle:
        world.settle_in()
    else:
        world.run(NO_SETTLE_START)
    start = top.body.position
    lean, tilt = start.x - laid.x, math.degrees(top.body.angle)
    drift_x = drift_y = 0.0
    asleep_at = None
    frames = round(seconds / world.frame_seconds)
    for frame in range(frames):
        world.step()
        offset = top.body.position - start
        drift_x = max(drift_x, abs(offset.x))
        drift_y = max(drift_y, abs(offset.y))
        if asleep_at is None and top.body.is_sleeping:
            asleep_at = (frame + 1) * world.frame_seconds
    elapsed = time.perf_counter() - started
    standing = top.body.position.y > laid.y - 10.0
    us_per_frame = elapsed / frames * 1e6
    return TowerResult(
        label, lean, tilt, laid.y - start.y, drift_x, drift_y, asleep_at, us_per_frame, standing
    )


def world_overrides(substeps: int, iterations: int, **extra: Any) -> dict[str, Any]:
    return {"world": {"substeps": substeps, "iterations": iterations, **extra}}


NO_SLEEP = {"sleeping": False}


def default_tower_cases() -> list[tuple[str, dict[str, Any], bool]]:
    """A short list for the default run: the chosen config and its nearest alternatives."""
    return [
        ("default (6 sub, 60 it), settle-in", {}, True),
        ("default, settle-in, held awake", {"world": NO_SLEEP}, True),
        (
            "settle-in at 100 it (before), held awake",
            {"world": {**NO_SLEEP, "settle_iterations": 100}},
            True,
        ),
        ("default, no settle-in, held awake", {"world": NO_SLEEP}, False),
        ("6 sub, 10 it, settle-in", world_overrides(6, 10), True),
        ("6 sub, 10 it, settle-in, held awake", world_overrides(6, 10, **NO_SLEEP), True),
        ("6 sub, 30 it, settle-in, held awake", world_overrides(6, 30, **NO_SLEEP), True),
        ("4 sub, 80 it, settle-in, held awake", world_overrides(4, 80, **NO_SLEEP), True),
        ("bare-like: 1 substep, 10 it, no settle-in", world_overrides(1, 10), False),
        ("8 substeps, 10 it, no settle-in", world_overrides(8, 10), False),
    ]


def grid_tower_cases() -> list[tuple[str, dict[str, Any], bool]]:
    cases = []
    for substeps in (2, 3, 4, 6, 8):
        for iterations in (10, 20, 40, 60, 80):
            for settle in (False, True):
                label = f"{substeps} sub, {iterations} it, {'settle-in' if settle else 'no settle'}"
                cases.append((label, world_overrides(substeps, iterations), settle))
    for settle_iterations in (30, 60, 100, 200):
        for settle_seconds in (0.25, 0.5, 1.0):
            label = f"4 sub, 10 it, settle-in {settle_iterations} it over {settle_seconds} s"
            extra = {"settle_iterations": settle_iterations, "settle_seconds": settle_seconds}
            cases.append((label, world_overrides(4, 10, **extra), True))
    return cases


def tower_rows(
    cases: Iterable[tuple[str, dict[str, Any], bool]], seconds: float
) -> list[list[str]]:
    rows = []
    for label, overrides, settle in cases:
        result = measure_tower(label, overrides, settle=settle, seconds=seconds)
        asleep = f"{result.asleep_at:.2f}" if result.asleep_at is not None else "never"
        rows.append(
            [
                result.label,
                f"{result.lean:+.3f}",
                f"{result.tilt:+.3f}",
                f"{result.sag:.3f}",
                f"{result.drift_x:.3f}",
                f"{result.drift_y:.3f}",
                asleep,
                "yes" if result.standing else "FELL",
                f"{result.us_per_frame:.0f}",
            ]
        )
    return rows


# --------------------------------------------------------------------------------------------
# A tower built one disk at a time, as in play

BUILD_GAP = 0.5  # s between two disks laid on the top
BUILD_AFTER = 2.0  # s of play after the last disk


@dataclass
class BuiltResult:
    label: str
    moved: float  # mm: the most any disk but the top one moved sideways from where it was laid
    moved_lower: float  # mm: the same for the lower half
    cpu_per_disk: float  # CPU ms per disk laid (the frames until the next one included)


def measure_built_tower(
    label: str,
    overrides: dict[str, Any],
    *,
    disks: int = TOWER_DISKS,
    wall: bool = False,
    boost: tuple[int, int] | None = None,
) -> BuiltResult:
    """Build a tower one disk at a time and see how far its disks moved from where they were laid.

    On the felt table (a first disk laid and settled in) or, with ``wall``, on Wallamoppi's
    finished wall (the game's own world, 70 iterations). Every :data:`BUILD_GAP` s a disk is laid
    at rest on the top, centred on the top disk as it is then, with no settle-in; after
    :data:`BUILD_AFTER` s more every disk is compared with where it was laid. ``boost`` =
    (iterations, frames): the solver runs that many iterations for that many frames after each
    new disk (a measured cure, not adopted).
    """
    config = load_config(overrides=overrides).config
    height = config.pieces.disk_thickness
    if wall:
        from games.core.protocol import SeatKind, SessionSetup
        from games.wallamoppi.rules import DARK, LIGHT, Disk
        from games.wallamoppi.session import WallamoppiSession

        session = WallamoppiSession(
            SessionSetup(config, 0, (SeatKind.HUMAN, SeatKind.HUMAN), {"wall": "auto"})
        )
        scene = session.scene
        world = scene.world
        tower = [scene.disks[scene.tower[0]]]

        def lay(level: int) -> pieces.Piece:
            return scene.add_tower_disk(Disk(f"built{level}", DARK if level % 2 else LIGHT))

    else:
        world = World(config)
        world.add(pieces.table())
        tower = [
            world.add(
                pieces.flat_disk(config, "d00", (0.0, pieces.stack_height(config, 0, height)))
            )
        ]
        world.settle_in()

        def lay(level: int) -> pieces.Piece:
            centre = (tower[-1].body.position.x, pieces.stack_height(config, level, height))
            return world.add(pieces.flat_disk(config, f"d{level:02d}", centre))

    # in play the scene freezes the wall once it sleeps (World.freeze), after every frame
    after_frame = scene.update_fallen if wall else None
    laid = [tower[0].body.position]
    base_iterations = world.space.iterations
    gap_frames = round(BUILD_GAP / world.frame_seconds)
    started = time.process_time()
    for level in range(1, disks):
        tower.append(lay(level))
        laid.append(tower[-1].body.position)
        for frame in range(gap_frames):
            if boost is not None:
                world.space.iterations = boost[0] if frame < boost[1] else base_iterations
            world.step()
            if after_frame is not None:
                after_frame(None)
    world.space.iterations = base_iterations
    for _ in range(round(BUILD_AFTER / world.frame_seconds)):
        world.step()
        if after_frame is not None:
            after_frame(None)
    cpu = time.process_time() - started
    moved = [abs(d.body.position.x - p.x) for d, p in zip(tower, laid, strict=True)][:-1]
    return BuiltResult(label, max(moved), max(moved[: len(moved) // 2]), cpu / (disks - 1) * 1e3)


def built_cases() -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
    awake = {"world": NO_SLEEP}
    return [
        ("table, 36 disks, default", {}, {}),
        ("table, 36 disks, held awake", awake, {}),
        ("table, 36, held awake, 20 iterations", {"world": {**NO_SLEEP, "iterations": 20}}, {}),
        ("table, 36, held awake, 30 iterations", {"world": {**NO_SLEEP, "iterations": 30}}, {}),
        ("table, 36, held awake, 12 substeps", {"world": {**NO_SLEEP, "substeps": 12}}, {}),
        ("table, 36, held awake, 300 it x 6 frames per disk", awake, {"boost": (300, 6)}),
        ("table, 36, held awake, 300 it x 12 frames per disk", awake, {"boost": (300, 12)}),
        ("table, 36, default, 300 it x 6 frames per disk", {}, {"boost": (300, 6)}),
        ("Wallamoppi wall + 25 disks, default", {}, {"wall": True, "disks": 26}),
        ("Wallamoppi wall + 25 disks, held awake", awake, {"wall": True, "disks": 26}),
        ("Wallamoppi wall + 35 disks, default", {}, {"wall": True, "disks": 36}),
    ]


def built_rows() -> list[list[str]]:
    rows = []
    for label, overrides, options in built_cases():
        result = measure_built_tower(label, overrides, **options)
        rows.append(
            [
                result.label,
                f"{result.moved:.3f}",
                f"{result.moved_lower:.3f}",
                f"{result.cpu_per_disk:.1f}",
            ]
        )
    return rows


BUILT_HEADER = ["build", "moved mm", "lower half mm", "CPU ms/disk"]


DROP_SPEED = 75.0  # mm/s down when let go: the computer's release speed at its default skill
DROP_AIM_MM = 1.9  # the standard deviation of its aim, mm
DROP_LIFT_MM = 1.5  # how far above the top it is let go, mm
DROP_SEEDS = tuple(range(8))


@dataclass
class DroppedResult:
    moved: float  # mm: the most a disk below the top three moved sideways after it came to rest
    off_centre: float  # mm: how far the weight above some tower interface is from its middle
    cpu_per_disk: float  # CPU ms per disk dropped (the 0.5 s until the next one included)


def measure_dropped_tower(
    iterations: int,
    seed: int,
    disks: int = 25,
    *,
    aim: float = DROP_AIM_MM,
    lift: float = DROP_LIFT_MM,
    speed: float = DROP_SPEED,
    boost: tuple[int, int] | None = None,
    damping: tuple[float, int] | None = None,
    carry: bool = True,
    freeze: bool = True,
) -> DroppedResult:
    """A tower built on Wallamoppi's wall as the computer builds it, disks *dropped*.

    Each disk is let go ``lift`` mm above the top, moving down at ``speed``, aimed at the top
    disk with a seeded error of ``aim`` (standard deviation, clipped to ±6 mm, as the computer
    aims: so the tower's disks wander off its axis like a random walk); 0.5 s later the next.
    ``moved`` is the most any disk but the apex and the top three moved sideways from where it
    came to rest (mm), 2 s after the last. ``off_centre`` says how crooked the tower stands then:
    the largest distance, over the tower's interfaces, of the centre of mass of the disks above
    from the middle of the overlap they rest on (0 for a straight tower; 20 mm tips it).
    ``carry`` False switches off the cure adopted (physics/landing.py: the column under a
    landing carries its load from the first substep). ``freeze`` (as in play) lets the scene
    freeze the wall once it sleeps after every frame (``WallScene.update_fallen``,
    ``World.freeze``); False keeps it a moving part of the tower's island (before). Cures
    measured and not adopted (with ``carry`` off): ``boost`` = (iterations, frames): the
    solver runs that many iterations for that many frames after each disk is let go;
    ``damping`` = (damping, frames): the space's damping for that many frames after each disk
    is let go.
    """
    import random

    from games.core.protocol import SeatKind, SessionSetup
    from games.wallamoppi.rules import DARK, LIGHT, Disk
    from games.wallamoppi.session import WallamoppiSession

    overrides = {"world": {"iterations": iterations}, "wallamoppi": {"min_iterations": iterations}}
    config = load_config(overrides=overrides).config
    session = WallamoppiSession(
        SessionSetup(config, 0, (SeatKind.HUMAN, SeatKind.HUMAN), {"wall": "auto"})
    )
    scene, world = session.scene, session.world
    world.carry_landings = carry
    space = world.space
    base_iterations, base_damping = space.iterations, space.damping
    gap_frames = round(BUILD_GAP / world.frame_seconds)
    aiming = random.Random(seed)
    rest: dict[str, pymunk.Vec2d] = {}
    started = time.process_time()
    for level in range(disks):
        offset = max(-6.0, min(6.0, aiming.gauss(0.0, aim)))
        disk = scene.add_tower_disk(
            Disk(f"drop{level}", DARK if level % 2 else LIGHT), offset=offset
        )
        disk.body.position = (disk.body.position.x, disk.body.position.y + lift)
        disk.body.velocity = (0.0, -speed)
        space.reindex_shapes_for_body(disk.body)
        world.renumber(disk)
        for frame in range(gap_frames):
            if boost is not None:
                space.iterations = boost[0] if frame < boost[1] else base_iterations
            if damping is not None:
                space.damping = damping[0] if frame < damping[1] else base_damping
            world.step()
            if freeze:
                scene.update_fallen(None)
        rest[disk.name] = disk.body.position
    space.iterations, space.damping = base_iterations, base_damping
    for _ in range(round(BUILD_AFTER / world.frame_seconds)):
        world.step()
        if freeze:
            scene.update_fallen(None)
    cpu = time.process_time() - started
    names = [name for name in scene.tower[1:-3] if name in rest]
    moved = max(abs(scene.disks[name].body.position.x - rest[name].x) for name in names)
    tower = [scene.disks[name].body.position.x for name in scene.tower]
    half = config.pieces.disk_diameter / 2
    off_centre = 0.0
    for level in range(1, len(tower)):
        above = tower[level:]
        weight_x = sum(above) / len(above)
        middle = (tower[level - 1] + tower[level]) / 2  # of the overlap of two equal disks
        off_centre = max(off_centre, min(half, abs(weight_x - middle)))
    return DroppedResult(moved, off_centre, cpu / disks * 1e3)


def dropped_cases() -> list[tuple[str, int, dict[str, Any]]]:
    """(label, iterations, options): the solver settings and the cures measured."""
    off = {"carry": False}
    return [
        ("60 iterations, landings carried (default)", 60, {}),
        ("30 iterations, landings carried", 30, {}),
        ("70 iterations, landings carried", 70, {}),
        ("60, carried, aimed without error (straight)", 60, {"aim": 0.0}),
        ("60, carried, wall never frozen (before)", 60, {"freeze": False}),
        ("60, not carried (before)", 60, off),
        ("30, not carried", 30, off),
        ("70, not carried", 70, off),
        ("60, not carried, aimed without error", 60, {**off, "aim": 0.0}),
        ("60, laid at rest with the aim error (no landing)", 60, {"lift": 0.0, "speed": 0.0}),
        ("60, not carried, 120 it x 30 frames per disk", 60, {**off, "boost": (120, 30)}),
        ("60, not carried, 200 it x 24 frames per disk", 60, {**off, "boost": (200, 24)}),
        ("60, not carried, 500 it x 12 frames per disk", 60, {**off, "boost": (500, 12)}),
        ("60, not carried, damping 1e-6 x 30 frames", 60, {**off, "damping": (1e-6, 30)}),
    ]


def dropped_rows(cases: list[tuple[str, int, dict[str, Any]]] | None = None) -> list[list[str]]:
    rows = []
    crooked: list[float] = []
    for label, iterations, options in dropped_cases() if cases is None else cases:
        results = [measure_dropped_tower(iterations, seed, **options) for seed in DROP_SEEDS]
        moved = [result.moved for result in results]
        cpu = sum(result.cpu_per_disk for result in results) / len(results)
        rows.append([label, *(f"{m:.3f}" for m in moved), f"{max(moved):.3f}", f"{cpu:.1f}"])
        if not crooked or "(default)" in label:
            crooked = [result.off_centre for result in results]
    # the tower as the default (else the first row) left it
    rows.append(["(how crooked: off-centre mm)", *(f"{c:.1f}" for c in crooked), "", ""])
    return rows


DROPPED_HEADER = [
    "solver",
    *(f"seed {seed}" for seed in DROP_SEEDS),
    "most mm",
    "CPU ms/disk",
]


# --------------------------------------------------------------------------------------------
# World against bare pymunk


def bare_space_like(world: World, *, brakes: bool = False) -> pymunk.Space:
    """A plain pymunk space with the same bodies, shapes and settings, and no callbacks.

    With ``brakes`` the round pieces keep their rolling-resistance brake (a ``SimpleMotor`` to
    the world with the torque it has now), so only the World's own overhead differs.
    """
    source = world.space
    space = pymunk.Space()
    for attribute in ("gravity", "iterations", "damping", "collision_slop", "collision_bias"):
        setattr(space, attribute, getattr(source, attribute))
    space.sleep_time_threshold = source.sleep_time_threshold
    space.idle_speed_threshold = source.idle_speed_threshold
    for piece in world.pieces.values():
        old = piece.body
        body = space.static_body
        if old.body_type != pymunk.Body.STATIC:
            body = pymunk.Body(old.mass, old.moment)
            body.position, body.angle, body.velocity = old.position, old.angle, old.velocity
            space.add(body)
            if brakes:
                for constraint in old.constraints:
                    if (
                        isinstance(constraint, pymunk.SimpleMotor)
                        and constraint.a is source.static_body
                    ):
                        brake = pymunk.SimpleMotor(space.static_body, body, 0.0)
                        brake.max_force = constraint.max_force
                        space.add(brake)
        space.add(copy_shape(piece.shape, body))
    return space


def copy_shape(shape: pymunk.Shape, body: pymunk.Body) -> pymunk.Shape:
    copy: pymunk.Shape
    if isinstance(shape, pymunk.Poly):
        copy = pymunk.Poly(body, shape.get_vertices(), radius=shape.radius)
    elif isinstance(shape, pymunk.Circle):
        copy = pymunk.Circle(body, shape.radius, shape.offset)
    elif isinstance(shape, pymunk.Segment):
        copy = pymunk.Segment(body, shape.a, shape.b, shape.radius)
    else:  # pragma: no cover - the factories make only these
        raise TypeError(type(shape))
    copy.friction, copy.elasticity, copy.filter = shape.friction, shape.elasticity, shape.filter
    return copy


def time_steps(step: Callable[[], None], frames: int) -> float:
    """Microseconds per call of ``step`` over ``frames`` calls."""
    started = time.perf_counter()
    for _ in range(frames):
        step()
    return (time.perf_counter() - started) / frames * 1e6


def overhead_row(label: str, world: World, frames: int) -> list[str]:
    """Step cost of ``world`` and of a bare copy of it, from the same starting state."""
    bare = bare_space_like(world)
    substeps = world.config.world.substeps
    dt = world.frame_seconds / substeps

    def bare_frame() -> None:
        for _ in range(substeps):
            bare.step(dt)

    world_us = time_steps(world.step, frames)
    bare_us = time_steps(bare_frame, frames)
    return [label, f"{world_us:.0f}", f"{bare_us:.0f}", f"{world_us / bare_us:.2f}"]


def overhead_rows(frames: int) -> list[list[str]]:
    config = load_config().config
    awake = load_config(overrides={"world": NO_SLEEP}).config
    from games.freeplay.scene import build_freeplay  # physics layer only: no pygame

    rows = []
    tower = build_tower(awake)
    rows.append(overhead_row(f"{TOWER_DISKS}-disk tower, awake (no sleeping)", tower, frames))
    rows.append(overhead_row("Free play scene, default config", build_freeplay(config), frames))
    rows.append(overhead_row("Free play scene, awake (no sleeping)", build_freeplay(awake), frames))
    return rows


# --------------------------------------------------------------------------------------------


def print_table(title: str, header: list[str], rows: list[list[str]]) -> None:
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    print(f"\n{title}")
    print("  ".join(cell.ljust(width) for cell, width in zip(header, widths, strict=True)))
    print("  ".join("-" * width for width in widths))
    for row in rows:
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)))


TOWER_HEADER = [
    "settings",
    "lean mm",
    "tilt deg",
    "sag mm",
    "drift x mm",
    "drift y mm",
    "asleep s",
    "standing",
    "us/frame",
]
OVERHEAD_HEADER = ["scene", "World us/frame", "bare us/frame", "ratio"]


def physics_section(grid: bool, seconds: float, frames: int) -> None:
    cases = grid_tower_cases() if grid else default_tower_cases()
    title = f"Tower of {TOWER_DISKS} disks, {seconds:g} s of play (drift of the top disk)"
    print_table(title, TOWER_HEADER, tower_rows(cases, seconds))
    built_title = (
        f"A tower built one disk at a time ({BUILD_GAP:g} s apart, laid at rest on the top): "
        "how far its disks moved sideways from where they were laid (all but the top one)"
    )
    print_table(built_title, BUILT_HEADER, built_rows())
    dropped_title = (
        "25 disks dropped onto the tower on Wallamoppi's wall as the computer drops them "
        f"({DROP_SPEED:g} mm/s, aim error {DROP_AIM_MM:g} mm): how far the disks below moved"
    )
    print_table(dropped_title, DROPPED_HEADER, dropped_rows())
    print_table(f"World vs bare pymunk, {frames} frames", OVERHEAD_HEADER, overhead_rows(frames))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--grid", action="store_true", help="the full settings grid (minutes)")
    parser.add_argument(
        "--built-only", action="store_true", help="only the tower built one disk at a time"
    )
    parser.add_argument("--seconds", type=float, default=TOWER_SECONDS, help="simulated s of play")
    parser.add_argument("--frames", type=int, default=1200, help="frames per overhead timing")
    parser.add_argument(
        "--no-render", action="store_true", help="skip the renderer's frame cost (needs pygame)"
    )
    args = parser.parse_args(argv)
    if args.built_only:
        print_table("A tower built one disk at a time", BUILT_HEADER, built_rows())
        print_table("Disks dropped onto the tower", DROPPED_HEADER, dropped_rows())
        return 0
    physics_section(args.grid, args.seconds, args.frames)
    if not args.no_render:
        # The renderer's frame cost against pymunk's DrawOptions, in its own process so that
        # this script's physics part never imports pygame.
        render_script = Path(__file__).with_name("bench_render.py")
        print(flush=True)
        subprocess.run([sys.executable, str(render_script)], check=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
