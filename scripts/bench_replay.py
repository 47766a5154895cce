"""How fast saves and replays are: save and load per game, and scrubbing back in a long game.

    python scripts/bench_replay.py [--seed 3] [--frames 21600] [--targets 12] [--games ...]

CPU time (``time.process_time``), so other work on a shared machine does not count; every
comparison is measured in this one run.

1. **Save and load, per game**: a headless game of each game (computer seats, ``--seed``) to
   its end; then ``games.runs.saves.write_save`` (write), ``load_save`` (read and check),
   ``resume`` (replay to the saved frame, digest checked: what *Resume* costs) and opening it
   as a replay (``games.runs.replay.load_replay`` plus the :class:`~games.runs.replay.Timeline` at
   frame 0: what the viewer costs before its first picture).
2. **What is exact** (the checkpoints' ground rules, measured): a Wallamoppi space copied with
   ``space.copy()`` against its original after one frame's substeps (how far the bodies
   drift), at three frames; and for each dice game, snapshots (``games.runs.replay.snapshot``) at
   twelve frames, each played on to the end: how many reach the game's own final digest.
3. **Scrubbing back in a long physics game**: a Wallamoppi game of ``--frames`` frames at
   most (the longest the seed plays) opened as a replay. One re-simulation from frame 0 to the
   end notes the CPU time and digest at each of ``--targets`` frames spread over the game (one
   at random in each ``--targets``-th of it, and the first and last): what
   a jump there costs without checkpoints. Then the timeline scouts to the end, its builder
   fills the checkpoints (timed), and a drag from the end back to frame 0 visits the targets in
   descending order: each jump's CPU time against the re-simulation's to the same frame, as a
   ratio, and its digest against the re-simulation's (they must be equal). The same drag is
   also timed right after the scout, before the builder ran (jumps from frame 0 or a
   session a previous jump left behind).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.core import registry
from games.core.protocol import Session
from games.runs.headless import drive, frame_limit, new_session, seats_for
from games.runs.replay import ReplayFile, Timeline, load_replay, simulate_to, snapshot
from games.runs.saves import load_save, resume, write_save
from physics.config import load_config


def cpu(action: Callable[[], Any]) -> tuple[float, Any]:
    started = time.process_time()
    value = action()
    return time.process_time() - started, value


def headless_game(game: str, seed: int, frames: int | None) -> Session:
    spec = registry.load(game)
    config = load_config(None).config
    session = new_session(spec, config, seed, seats_for(spec, None), spec.headless_options)
    drive(session, frame_limit(spec, config, frames))
    return session


def save_and_load(games: list[str], seed: int, folder: Path) -> None:
    print("1. Save and load (CPU ms; resume: replay to the saved frame, digest checked)")
    print(f"   {'game':<11}{'frames':>7}{'write':>8}{'read':>8}{'resume':>9}{'open replay':>13}")
    for game in games:
        session = headless_game(game, seed, None)
        path = folder / f"{game}.toml"
        write, _ = cpu(lambda s=session, p=path: write_save(p, s, None, how="bench"))
        read, scenario = cpu(lambda p=path: load_save(p))
        again, resumed = cpu(lambda sc=scenario, p=path: resume(sc, p))
        assert resumed.digest() == session.digest()
        opened, _ = cpu(lambda p=path: Timeline(load_replay(p)))
        print(
            f"   {game:<11}{session.frame:>7}{write * 1000:>8.1f}{read * 1000:>8.1f}"
            f"{again * 1000:>9.1f}{opened * 1000:>13.1f}"
        )


def what_is_exact(folder: Path, seed: int) -> None:
    print("2. What is exact")
    file = load_replay(folder / "wallamoppi.toml")
    for frame in (file.limit // 6, file.limit // 2, file.limit * 5 // 6):
        session = simulate_to(file, frame)
        world = session.world
        assert world is not None
        space = world.space
        twin = space.copy()
        substeps = world.config.world.substeps
        dt = world.config.world.frame_seconds / substeps
        for _ in range(substeps):
            space.step(dt)
            twin.step(dt)
        drift = max(
            abs(a.position.x - b.position.x) + abs(a.position.y - b.position.y)
            for a, b in zip(space.bodies, twin.bodies, strict=True)
        )
        print(f"   wallamoppi space.copy() at frame {frame}: {drift:.2e} mm apart one frame on")
    try:
        snapshot(simulate_to(file, 10))
        print("   wallamoppi session deep copy: made (but never used: the space drifts)")
    except Exception as error:
        print(f"   wallamoppi session deep copy: refused ({type(error).__name__})")
    for game in ("stonewall", "malloppo", "whacky"):
        dice = load_replay(folder / f"{game}.toml")
        final = simulate_to(dice, dice.limit).digest()
        frames = sorted({dice.limit * k // 12 for k in range(12)})
        exact = 0
        for frame in frames:
            copied = snapshot(simulate_to(dice, frame))
            rest = [event for event in dice.events if event.frame > frame]
            drive(copied, dice.limit, rest, stop_at_outcome=dice.stop_at_outcome)
            exact += copied.digest() == final
        print(f"   {game} snapshots played on to the end: {exact} of {len(frames)} exact")


def resimulation(file: ReplayFile, targets: list[int]) -> dict[int, tuple[float, str]]:
    """CPU seconds from frame 0 to each target, and the digest there, in one pass."""
    session = file.fresh()
    pending = list(file.events)
    marks: dict[int, tuple[float, str]] = {}
    started = time.process_time()
    for target in sorted(targets):
        drive(session, target, pending, stop_at_outcome=file.stop_at_outcome)
        pending = [event for event in pending if event.frame > target]
        marks[target] = (time.process_time() - started, session.digest())
    return marks


def drag_back(timeline: Timeline, targets: list[int], reference: dict[int, tuple[float, str]]
              ) -> list[tuple[int, float, float, bool]]:
    """Seek to each target from the end down: (target, CPU s, re-simulation s, exact)."""
    timeline.seek_to(timeline.length)
    while timeline.seeking:
        timeline.work(1.0)
    rows = []
    for target in sorted(targets, reverse=True):
        started = time.process_time()
        timeline.seek_to(target)
        while timeline.seeking:
            timeline.work(1.0)
        spent = time.process_time() - started
        resim, digest = reference[target]
        rows.append((target, spent, resim, timeline.session.digest() == digest))
    return rows


def report_drag(title: str, rows: list[tuple[int, float, float, bool]], hz: int) -> None:
    print(f"   {title}")
    print(f"   {'frame':>7}{'time':>8}{'jump s':>9}{'re-sim s':>10}{'ratio':>8}  exact")
    for target, spent, resim, exact in rows:
        ratio = resim / spent if spent > 0 else float("inf")
        print(
            f"   {target:>7}{target / hz:>7.1f}s{spent:>9.3f}{resim:>10.3f}{ratio:>8.1f}  "
            f"{'yes' if exact else 'NO'}"
        )
    jumps = sum(row[1] for row in rows)
    resims = sum(row[2] for row in rows)
    worst = max(row[1] for row in rows)
    ratios = [row[2] / row[1] for row in rows if row[1] > 0 and row[0] > 0]
    print(
        f"   the whole drag: {jumps:.2f} s of jumps against {resims:.2f} s of re-simulation "
        f"(ratio {resims / max(jumps, 1e-9):.1f}); slowest jump {worst:.3f} s; median ratio "
        f"{statistics.median(ratios) if ratios else float('nan'):.1f}"
    )
    assert all(row[3] for row in rows), "a jump did not reach the re-simulation's digest"


def scrub_back(folder: Path, seed: int, frames: int, count: int) -> None:
    session = headless_game("wallamoppi", seed, frames)
    path = folder / "long.toml"
    write_save(path, session, None, how="bench")
    file = load_replay(path)
    hz = file.step_hz
    print(
        f"3. Scrubbing back: Wallamoppi seed {seed}, {session.frame} frames "
        f"({session.frame / hz:.0f} s of play at {hz} Hz)"
    )
    # spread over the game, off the builder's halving points (a jump onto one costs nothing)
    spread = random.Random(seed)
    targets = sorted(
        {0, file.limit - 1}
        | {file.limit * k // count + spread.randrange(file.limit // count) for k in range(count)}
    )
    reference = resimulation(file, targets)
    whole = reference[max(targets)][0]
    print(f"   re-simulation from frame 0 to the end: {whole:.2f} s CPU")

    timeline = Timeline(file)
    scout, _ = cpu(timeline.scout_all)
    print(f"   the scout to the end (markers, the end): {scout:.2f} s")
    rows = drag_back(timeline, targets, reference)
    report_drag("a drag back right after the scout, before any checkpoint was built:", rows, hz)

    timeline = Timeline(file)
    built, _ = cpu(timeline.finish)
    print(
        f"   scout and checkpoint builder in spare time: {built:.2f} s, "
        f"{len(timeline.points)} checkpoints, widest gap {timeline.gap_frames()} frames"
    )
    rows = drag_back(timeline, targets, reference)
    report_drag("the same drag with the checkpoints built:", rows, hz)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--frames", type=int, default=21600, help="the long game's limit")
    parser.add_argument("--targets", type=int, default=12, help="jumps in the drag back")
    parser.add_argument("--games", nargs="*", default=list(registry.available()))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        save_and_load(args.games, args.seed, folder)
        if {"wallamoppi", "stonewall", "malloppo", "whacky"} <= set(args.games):
            what_is_exact(folder, args.seed)
        scrub_back(folder, args.seed, args.frames, args.targets)


if __name__ == "__main__":
    main()
