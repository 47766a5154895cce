"""Benchmark: sweep throughput on this machine, and the speed-up of 2 local workers over 1.

Runs the same sweep (default: Stonewall, greedy against expectimax in both orders, 60 seeds, plus
Free play's drop scene on 40 seeds: 160 games of both kinds) with ``-j 1`` (in this process, no
pool) and ``-j 2`` (a local pool of two worker processes), each into a fresh results file, and
prints games per second and the ratio, both measured in this run. The two results files are
checked to hold the same rows. Expect a ratio near 2 on an idle 2-core machine (pool start-up
and the games' uneven lengths take a little; other load on the machine takes more). The
baseline, measured before and after in the same run, is what two processes of a bare
``ProcessPoolExecutor`` running a busy loop get from the machine at that moment: the ceiling for
any pool. The CPU time per game (this process and its workers) shows what the pool itself
costs, whatever else the machine is doing.

On a machine shared through login sessions (Linux's autogroup scheduling gives each session an
equal share of the CPU while all are busy), a second worker in the same session gets no more
CPU than the first had alone. ``--own-sessions`` starts each worker (of the sweep's pool and of
the baseline's) in a session of its own, as separate jobs on a dedicated machine would not be
held to one share; the baseline then shows what two such processes get.

    python scripts/bench_sweep.py [--seeds 60] [--sweep FILE ...] [--own-sessions]
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import io
import os
import resource
import signal
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.runs import pool as pool_module
from games.runs.sweep import run_sweep

STONEWALL = """\
game = "stonewall"
players = 2
seeds = {seeds}
collect = ["winner", "turns", "digest"]
[grid.options]
bots = [["greedy", "expectimax"], ["expectimax", "greedy"]]
"""

FREEPLAY = """\
game = "freeplay"
seeds = {seeds}
collect = ["reason", "frames", "digest"]
"""


def timed(sweep: Path, out: Path, workers: int) -> tuple[float, float]:
    """Wall-clock seconds, and CPU seconds of this process and its workers together."""
    cpu_before = _cpu()
    started = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()):
        run_sweep(sweep, out, workers=workers)
    return time.perf_counter() - started, _cpu() - cpu_before


def _busy(n: int) -> int:
    total = 0
    for i in range(n):
        total += i * i
    return total


def _own_session() -> None:
    """Worker initializer for --own-sessions: leave the parent's session (and its CPU share)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    os.setsid()


def machine_ceiling(tasks: int = 8, size: int = 3_000_000, own: bool = False) -> float:
    """What two processes get from this machine now: a pure-Python loop, 1 process vs a pool of 2.

    About 2 on an idle 2-core machine; lower while other work holds the cores. A sweep cannot
    scale better than this, so its speed-up is also printed as a share of it.
    """
    started = time.perf_counter()
    for _ in range(tasks):
        _busy(size)
    one = time.perf_counter() - started
    with ProcessPoolExecutor(2, initializer=_own_session if own else None) as pool:
        list(pool.map(_busy, [size] * 2))  # the workers are started before the clock
        started = time.perf_counter()
        list(pool.map(_busy, [size] * tasks))
        two = time.perf_counter() - started
    return one / two


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    workers = resource.getrusage(resource.RUSAGE_CHILDREN)  # counted once they have ended
    return own.ru_utime + own.ru_stime + workers.ru_utime + workers.ru_stime


def rows(path: Path) -> list[list[str]]:
    with open(path, encoding="utf-8", newline="") as file:
        return sorted(csv.reader(file))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=60, help="Stonewall seeds (Free play: 2/3)")
    parser.add_argument("--sweep", type=Path, nargs="*", help="sweep files instead of the default")
    parser.add_argument(
        "--own-sessions",
        action="store_true",
        help="start each worker in a session of its own (see the module docstring)",
    )
    args = parser.parse_args()
    if args.own_sessions:
        pool_module._ignore_interrupts = _own_session  # the pool's worker initializer
    print(f"cores: {os.cpu_count()}, load average before: {_load()}")
    ceiling = machine_ceiling(own=args.own_sessions)
    print(f"baseline: a busy loop runs {ceiling:.2f}x faster on 2 processes than on 1 right now")
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        sweeps = args.sweep or []
        if not sweeps:
            sweeps = [work / "stonewall.toml", work / "freeplay.toml"]
            sweeps[0].write_text(STONEWALL.format(seeds=args.seeds), encoding="utf-8")
            sweeps[1].write_text(FREEPLAY.format(seeds=max(1, args.seeds * 2 // 3)), "utf-8")
        print(
            f"{'sweep':<12} {'games':>5} {'1 worker':>10} {'2 workers':>10} {'speed-up':>8}"
            f" {'CPU ms/game (1, 2 workers)':>27}"
        )
        total = {1: 0.0, 2: 0.0}
        cpu = {1: 0.0, 2: 0.0}
        games_total = 0
        for sweep in sweeps:
            seconds: dict[int, float] = {}
            used: dict[int, float] = {}
            for workers in (1, 2):
                out = work / f"{sweep.stem}-{workers}.csv"
                seconds[workers], used[workers] = timed(sweep, out, workers)
                total[workers] += seconds[workers]
                cpu[workers] += used[workers]
            games = len(rows(work / f"{sweep.stem}-1.csv")) - 1
            games_total += games
            same = rows(work / f"{sweep.stem}-1.csv") == rows(work / f"{sweep.stem}-2.csv")
            print(_line(sweep.stem, games, seconds, used) + ("" if same else "  ROWS DIFFER"))
        print(_line("all", games_total, total, cpu))
        speedup = total[1] / total[2]
        print(f"sweep speed-up {speedup:.2f}x = {100 * speedup / ceiling:.0f} % of the baseline's")
        print(f"baseline after: {machine_ceiling(own=args.own_sessions):.2f}x")
    print(f"load average after: {_load()} (other work on the machine lowers the speed-up)")
    return 0


def _line(name: str, games: int, seconds: dict[int, float], cpu: dict[int, float]) -> str:
    return (
        f"{name:<12} {games:>5} {games / seconds[1]:>6.1f} g/s {games / seconds[2]:>6.1f} g/s"
        f" {seconds[1] / seconds[2]:>7.2f}x {1000 * cpu[1] / games:>15.0f}"
        f" {1000 * cpu[2] / games:>10.0f}"
    )


def _load() -> str:
    try:
        return " ".join(f"{value:.1f}" for value in os.getloadavg())
    except OSError:
        return "unknown"


if __name__ == "__main__":
    raise SystemExit(main())
