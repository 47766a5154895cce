"""How fast headless play is, in CPU seconds, and what our World costs over bare pymunk.

    python scripts/bench_speed.py [--seeds 0 1 2] [--frames 600] [--rounds 5]
        [--part wallamoppi animals freeplay world census]

CPU time (``time.process_time``, or the child's rusage for a process), so other work on a
shared machine does not count; every A/B pair is measured alternately in this one process.

1. **Headless Wallamoppi and Animal upon Animal**: full computer-vs-computer games, as
   ``wobbletop run GAME --seed N`` plays them (rules, bots, the table world, the marble timer,
   stack and fall checks): simulated seconds per CPU second, and a game frame's mean CPU
   against a **reference frame** measured in the same run, alternated with the games: bare
   pymunk stepping a centred tower of 36 boxes 40 × 8 mm (Wallamoppi's disks on the felt
   table) held awake at the shipped substeps and iterations and frame rate (6 × 60, 120 Hz).
   Goal (issue 26): a game frame ≤ 0.1 reference frame, about 300× real time per CPU second
   where the reference frame costs 270 µs. The reference is a ratio that travels between
   machines; the absolute speed does not.
2. **Headless Free play process**: ``python -m games run freeplay --headless`` as a user runs it,
   start-up included: simulated seconds per CPU second of the whole process. Goal: ≥ 50×.
   Each seed ``--rounds`` times, alternating three children: the command in this shell's
   environment; the same with Python's bytecode cache on (``PYTHONDONTWRITEBYTECODE`` unset,
   the cache in a temporary folder, warmed once: what an installed or used checkout does; a
   shell that sets the variable recompiles every module of ours at each start, ≈ 20 ms); and
   ``python -c pass`` with the cache, the interpreter's own start-up (the baseline nothing of
   ours can go below).
``--part census`` prints where those games' frames and CPU go, by how many bodies were awake.

3. **World against bare pymunk** in every shipped scene (Free play's table, Wallamoppi's wall
   with a 10-disk tower, the marble timer's box with its marble rolling): A steps
   :class:`~physics.world.World` frames (substeps, contact callbacks, rolling resistance), B a
   plain ``pymunk.Space`` holding copies of the same bodies and shapes with the same solver
   settings and per-shape values, stepped the same substeps; each from a fresh copy of the
   same start, alternated ``--rounds`` times; medians. Goal: A / B ≤ 1.2. B' adds the rolling
   brakes to B; B'' steps B' through :func:`physics.stepper.direct_stepper` as World does
   (cpSpaceStep without pymunk's idle per-step Python), so A / B'' is what World adds itself.
"""

from __future__ import annotations

import argparse
import math
import os
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pymunk
from bench_physics import TOWER_DISKS, bare_space_like, build_tower, copy_shape

from games.core.protocol import SeatKind
from games.core.registry import load
from games.runs.headless import drive, frame_limit, new_session, seats_for
from physics.config import PhysicsConfig, load_config
from physics.stepper import direct_stepper, set_next_shape_id
from physics.world import SPATIAL_HASH_CELL_MM, World

ROOT = Path(__file__).resolve().parents[1]


def headless_game(
    config: PhysicsConfig, game_id: str, seed: int
) -> tuple[int, float, float, dict[str, object]]:
    """(frames, simulated s, CPU s, result) of one full headless computer game, as
    ``wobbletop run GAME --seed N`` plays it (its headless options, the fewest seats)."""
    spec = load(game_id)
    seats = seats_for(spec, None)
    session = new_session(spec, config, seed, seats, dict(spec.headless_options))
    started = time.process_time()
    drive(session, frame_limit(spec, config, None))
    cpu = time.process_time() - started
    return session.frame, session.frame * session.frame_seconds, cpu, session.result()


def awake_census(config: PhysicsConfig, game_id: str, seeds: list[int]) -> None:
    """Print where a headless game's frames and CPU go, by how many bodies were awake in the
    table world at the end of the frame (30 or more: the wall and the tower, one island); the
    frames a headless run jumps over (nothing moves, no computer acts) are a row of their own.
    pymunk's step is the table world's: its frames and :meth:`World.settle_in`'s steps (a
    finished wall, an opening animal laid); the marble timer's world counts as ours."""
    jumped = "jumped (idle)"
    buckets = ((0, "nothing awake"), (1, "1-9 awake"), (10, "10-29 awake"), (30, "30+ awake"))
    frames = {label: 0 for label in (jumped, *(name for _, name in buckets))}
    cpu = dict.fromkeys(frames, 0.0)
    in_pymunk = dict.fromkeys(frames, 0.0)  # of which inside cpSpaceStep (pymunk's own work)
    stepping = [0.0]
    for seed in seeds:
        spec = load(game_id)
        session = new_session(spec, config, seed, seats_for(spec, None), {})
        limit = frame_limit(spec, config, None)
        world = session.world
        assert world is not None
        world._step_space = timed_step(world._step_space, stepping)
        # World.settle_in (a finished wall, an opening animal laid) steps the space itself
        world.space.step = timed_step(world.space.step, stepping)  # type: ignore[method-assign]
        while session.frame < limit and session.outcome is None:
            stepping[0] = 0.0
            started = time.process_time()
            idle = session.idle_frames(limit - session.frame)  # as games.runs.headless.drive does
            if idle > 0:
                session.skip(idle)
                frames[jumped] += idle
                cpu[jumped] += time.process_time() - started
                continue
            session.tick()
            spent = time.process_time() - started
            awake = sum(
                1
                for body in world.space.bodies
                if body.body_type == pymunk.Body.DYNAMIC and not body.is_sleeping
            )
            label = [name for least, name in buckets if awake >= least][-1]
            frames[label] += 1
            cpu[label] += spent
            in_pymunk[label] += stepping[0]
    total_frames, total_cpu = sum(frames.values()), sum(cpu.values())
    print(f"{game_id}, seeds {seeds}: frames and CPU by bodies awake after the frame")
    for label in frames:
        if frames[label]:
            print(
                f"  {label:<14} {frames[label] / total_frames:6.1%} of frames, "
                f"{cpu[label] / total_cpu:6.1%} of CPU, {cpu[label] / frames[label] * 1e6:7.1f} us"
                f" a frame, of which pymunk's step {in_pymunk[label] / frames[label] * 1e6:6.1f}"
                f" us and ours {(cpu[label] - in_pymunk[label]) / frames[label] * 1e6:6.1f} us"
            )


def timed_step(step: Callable[[float], None], spent: list[float]) -> Callable[[float], None]:
    """``step`` adding the CPU seconds it takes to ``spent[0]``."""
    clock = time.process_time

    def timed(dt: float) -> None:
        started = clock()
        step(dt)
        spent[0] += clock() - started

    return timed


def reference_space(config: PhysicsConfig) -> pymunk.Space:
    """Bare pymunk holding a centred, settled tower of 36 Wallamoppi disks (40 × 8 mm boxes)
    on the felt table, held awake, at the config's solver iterations: the reference frame's
    world (issue 26)."""
    world = build_tower(config, TOWER_DISKS)
    world.settle_in()
    space = pymunk.Space()
    for attribute in ("gravity", "damping", "collision_slop", "collision_bias"):
        setattr(space, attribute, getattr(world.space, attribute))
    space.iterations = config.world.iterations
    space.sleep_time_threshold = math.inf
    # Chipmunk's own settings that World uses: its spatial hash, shapes numbered so that the
    # solver meets the stack's contacts in alternating order (physics/world.py). In
    # Chipmunk's default order the same tower held awake leans over and falls within 2 s.
    space.use_spatial_hash(SPATIAL_HASH_CELL_MM, 8 * TOWER_DISKS)
    for piece in world.pieces.values():
        old = piece.body
        body = space.static_body
        if old.body_type != pymunk.Body.STATIC:
            body = pymunk.Body(old.mass, old.moment)
            body.position, body.angle = old.position, old.angle
            space.add(body)
        set_next_shape_id(space, piece.shape._hashid)
        space.add(copy_shape(piece.shape, body))
    return space


def reference_frame_cpu(config: PhysicsConfig, frames: int) -> float:
    """CPU seconds per frame of the reference: ``substeps`` plain ``Space.step`` calls."""
    space = reference_space(config)
    substeps = config.world.substeps
    dt = config.world.frame_seconds / substeps
    started = time.process_time()
    for _ in range(frames):
        for _ in range(substeps):
            space.step(dt)
    cpu = (time.process_time() - started) / frames
    top = max(space.bodies, key=lambda body: body.position.y)
    if abs(top.position.x) > 5.0:  # a reference that fell would not be the reference
        raise SystemExit(f"the reference tower fell (top disk at x = {top.position.x:.1f} mm)")
    return cpu


def child_cpu(argv: list[str], env: dict[str, str] | None = None) -> tuple[str, float]:
    """(stdout, CPU s of the whole child process: user + system, from its rusage)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    output = subprocess.run(
        [sys.executable, *argv], cwd=ROOT, env=env, check=True, capture_output=True, text=True
    ).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return output, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def freeplay_process(seed: int, env: dict[str, str] | None = None) -> tuple[float, float]:
    """(simulated s, CPU s of the whole process) of ``wobbletop run freeplay --headless``."""
    import json

    argv = ["-m", "games", "run", "freeplay", "--headless", "--seed", str(seed)]
    output, cpu = child_cpu(argv, env)
    return float(json.loads(output.splitlines()[-1])["sim_seconds"]), cpu


def bytecode_cached(folder: str) -> dict[str, str]:
    """This environment with Python's bytecode cache on, kept in ``folder`` (not the checkout)."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = folder
    return env


def freeplay_processes(seeds: list[int], rounds: int) -> None:
    """Print the Free play process's speed, as this shell runs it and with bytecode cached."""
    import tempfile

    plain = cached = interpreter = sim_total = 0.0
    with tempfile.TemporaryDirectory() as folder:
        env = bytecode_cached(folder)
        freeplay_process(seeds[0], env)  # fills the cache
        child_cpu(["-c", "pass"], env)
        for _ in range(rounds):
            for seed in seeds:
                sim, cpu = freeplay_process(seed)
                _, cpu_cached = freeplay_process(seed, env)
                _, cpu_bare = child_cpu(["-c", "pass"], env)
                sim_total, plain = sim_total + sim, plain + cpu
                cached, interpreter = cached + cpu_cached, interpreter + cpu_bare
    runs = rounds * len(seeds)
    shell = os.environ.get("PYTHONDONTWRITEBYTECODE") or "unset"
    print(
        f"Free play headless process (start-up included, Python's bytecode cache on as by "
        f"default): {sim_total / runs:.2f} sim s in {cached / runs:.3f} CPU s = "
        f"{sim_total / cached:.1f}x  (goal >= 50x)"
    )
    print(
        f"  as this shell runs it (PYTHONDONTWRITEBYTECODE={shell}: every start recompiles our "
        f"modules when set): {plain / runs:.3f} CPU s = {sim_total / plain:.1f}x; the "
        f"interpreter alone (python -c pass): {interpreter / runs:.3f} CPU s"
    )


def scenes(config: PhysicsConfig) -> dict[str, Callable[[], World]]:
    """Fresh builds of every shipped scene, ready to step."""
    from games.core.protocol import SessionSetup
    from games.freeplay.scene import build_freeplay
    from games.wallamoppi.rules import DARK, LIGHT, Disk
    from games.wallamoppi.scene import MarbleTimer
    from games.wallamoppi.session import WallamoppiSession

    def wall() -> World:
        session = WallamoppiSession(
            SessionSetup(config, 0, (SeatKind.HUMAN, SeatKind.HUMAN), {"wall": "auto"})
        )
        for n in range(10):
            session.scene.add_tower_disk(Disk(f"extra{n}", DARK if n % 2 else LIGHT))
        return session.scene.world

    return {
        "Free play table": lambda: build_freeplay(config),
        "Wallamoppi wall + 10-disk tower": wall,
        "Wallamoppi marble timer": lambda: MarbleTimer(config).world,
    }


def step_cpu(world: World, frames: int) -> tuple[float, float, float, float]:
    """CPU seconds per frame: (World, bare pymunk, bare pymunk with the rolling brakes, bare
    pymunk with the brakes stepped through the World's direct stepper)."""
    braked = bare_space_like(world, brakes=True)
    steps = [
        bare_space_like(world).step,
        braked.step,
        direct_stepper(bare_space_like(world, brakes=True)),
    ]
    substeps = world.config.world.substeps
    dt = world.frame_seconds / substeps
    started = time.process_time()
    for _ in range(frames):
        world.step()
    times = [(time.process_time() - started) / frames]
    for step in steps:
        started = time.process_time()
        for _ in range(frames):
            for _ in range(substeps):
                step(dt)
        times.append((time.process_time() - started) / frames)
    return times[0], times[1], times[2], times[3]


def headless_games(
    config: PhysicsConfig, game_id: str, seeds: list[int], reference_frames: int
) -> None:
    """Print each headless game's speed and its mean frame against the reference frame,
    which is measured before every game (alternated in this process; the median is used)."""
    total_frames = 0
    total_sim = total_cpu = 0.0
    references: list[float] = []
    for seed in seeds:
        references.append(reference_frame_cpu(config, reference_frames))
        frames, sim, cpu, result = headless_game(config, game_id, seed)
        total_frames, total_sim, total_cpu = total_frames + frames, total_sim + sim, total_cpu + cpu
        print(
            f"{game_id} game seed {seed}: {sim:6.1f} sim s in {cpu:5.2f} CPU s = "
            f"{sim / cpu:5.1f}x, frame {cpu / frames * 1e6:6.1f} us = "
            f"{cpu / frames / references[-1]:.3f} reference  ({result['winner']} wins, "
            f"{result['reason']}, tower {result['tower_height']})"
        )
    references.append(reference_frame_cpu(config, reference_frames))
    reference = statistics.median(references)
    frame = total_cpu / total_frames
    print(
        f"{game_id}, all games: {total_sim / total_cpu:.1f}x real time per CPU second; mean "
        f"frame {frame * 1e6:.1f} us = {frame / reference:.3f} of the reference frame "
        f"({reference * 1e6:.1f} us: bare pymunk, 36-box tower held awake, "
        f"{config.world.substeps} x {config.world.iterations}, {config.world.step_hz} Hz; "
        f"goal <= 0.1)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2])
    parser.add_argument("--frames", type=int, default=600, help="frames per World/bare timing")
    parser.add_argument("--rounds", type=int, default=5, help="alternations per scene")
    parser.add_argument(
        "--reference-frames", type=int, default=240, help="frames per reference-frame timing"
    )
    parts = ("wallamoppi", "animals", "freeplay", "world", "census")
    parser.add_argument("--part", nargs="+", choices=parts, default=list(parts[:-1]))
    args = parser.parse_args()
    config = load_config().config

    for game_id in ("wallamoppi", "animals"):
        if game_id in args.part:
            headless_games(config, game_id, args.seeds, args.reference_frames)
    if "census" in args.part:  # not by default: the census adds its own Python to each frame
        for game_id in ("wallamoppi", "animals"):
            awake_census(config, game_id, args.seeds)
    if "freeplay" in args.part:
        freeplay_processes(args.seeds, args.rounds)
    if "world" not in args.part:
        return 0

    print(
        f"\nWorld (A) vs bare pymunk (B), CPU ms per frame, median of {args.rounds} x "
        f"{args.frames} frames"
    )
    print("(B': bare with the same rolling-resistance brakes, which bare pymunk lacks;")
    print(" B'': B' stepped through World's direct stepper, so A / B'' is World's own overhead)")
    print(
        f"{'scene':<34}{'A World':>9}{'B bare':>9}{'A / B':>7}{'B prime':>9}{'A / B prime':>13}"
        f"{'B second':>10}{'A / B second':>14}"
    )
    for name, build in scenes(config).items():
        samples: list[tuple[float, float, float, float]] = []
        for _ in range(args.rounds):
            samples.append(step_cpu(build(), args.frames))
        a, b, c, d = (statistics.median(column) for column in zip(*samples, strict=True))
        print(
            f"{name:<34}{a * 1e3:>9.3f}{b * 1e3:>9.3f}{a / b:>7.2f}{c * 1e3:>9.3f}{a / c:>13.2f}"
            f"{d * 1e3:>10.3f}{a / d:>14.2f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
