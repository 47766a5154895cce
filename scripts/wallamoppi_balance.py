"""Paired balance check: headless Wallamoppi on the same seeds with two copies of the code.

    python scripts/wallamoppi_balance.py [--seeds 23-82] [--before /tmp/physbase] [--after .]

Plays each seed's computer-vs-computer game as ``wobbletop run wallamoppi --seed N`` does
(``games.runs.headless``) once with the code in ``--before`` (a checkout or ``git archive`` of
an older commit, e.g. ``git archive d295542 | tar -x -C /tmp/physbase``) and once with the code
in ``--after`` (this checkout by default), each side in a child process of its own that
imports only that copy (the two run at once, one a core). Prints every seed's winner, reason
and tower height on both sides, then the paired comparison: how many games end with the same
winner and the same height, how many towers end taller and lower, the mean heights and the
mean paired difference with its standard error, and a two-sided sign test on the heights
(taller against lower; ties dropped) and on the winners (the seeds where only one side's
light seat won). A physics change that keeps the game's balance should show a sign test well
above 0.05 and a mean difference within about two standard errors of zero.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from games.core.registry import load
from games.runs.headless import drive, frame_limit, new_session, seats_for
from physics.config import load_config
config = load_config().config
spec = load("wallamoppi")
for seed in map(int, sys.argv[2:]):
    started = time.process_time()
    session = new_session(spec, config, seed, seats_for(spec, None), dict(spec.headless_options))
    drive(session, frame_limit(spec, config, None))
    result = session.result()
    print(json.dumps({
        "seed": seed, "winner": result["winner"], "reason": result["reason"],
        "tower": result["tower_height"], "frames": session.frame,
        "cpu": time.process_time() - started,
    }), flush=True)
"""


def parse_seeds(words: list[str]) -> list[int]:
    """``23-82`` and ``0 1 2`` alike."""
    seeds: list[int] = []
    for word in words:
        if "-" in word:
            low, high = word.split("-")
            seeds.extend(range(int(low), int(high) + 1))
        else:
            seeds.append(int(word))
    return seeds


def play(code: Path, seeds: list[int]) -> subprocess.Popen[str]:
    """A child playing ``seeds`` with the code in ``code`` (imported before anything else)."""
    argv = [sys.executable, "-c", CHILD, str(code), *map(str, seeds)]
    return subprocess.Popen(argv, cwd=code, stdout=subprocess.PIPE, text=True)


def sign_test(wins: int, losses: int) -> float:
    """Two-sided exact binomial p for ``wins`` against ``losses`` at even odds."""
    n = wins + losses
    if n == 0:
        return 1.0
    low = min(wins, losses)
    tail = sum(math.comb(n, k) for k in range(low + 1)) / 2**n
    return min(1.0, 2 * tail)


def compare(before: list[dict[str, object]], after: list[dict[str, object]]) -> None:
    """Print the paired comparison of two lists of results over the same seeds."""
    heights_b = [int(str(r["tower"])) for r in before]
    heights_a = [int(str(r["tower"])) for r in after]
    diffs = [a - b for a, b in zip(heights_a, heights_b, strict=True)]
    taller = sum(d > 0 for d in diffs)
    lower = sum(d < 0 for d in diffs)
    same_winner = sum(b["winner"] == a["winner"] for b, a in zip(before, after, strict=True))
    same_both = sum(
        b["winner"] == a["winner"] and d == 0 for b, a, d in zip(before, after, diffs, strict=True)
    )
    light_b = sum(r["winner"] == "light" for r in before)
    light_a = sum(r["winner"] == "light" for r in after)
    only_a = sum(
        a["winner"] == "light" and b["winner"] != "light"
        for b, a in zip(before, after, strict=True)
    )
    only_b = sum(
        b["winner"] == "light" and a["winner"] != "light"
        for b, a in zip(before, after, strict=True)
    )
    reasons_b = sorted({str(r["reason"]) for r in before})
    reasons_a = sorted({str(r["reason"]) for r in after})
    n = len(diffs)
    spread = statistics.stdev(diffs) / math.sqrt(n) if n > 1 else 0.0
    cpu_b = sum(float(str(r["cpu"])) for r in before) / sum(int(str(r["frames"])) for r in before)
    cpu_a = sum(float(str(r["cpu"])) for r in after) / sum(int(str(r["frames"])) for r in after)
    print(f"{n} seeds: the same winner {same_winner}, the same winner and height {same_both}")
    print(
        f"tower: mean {statistics.mean(heights_b):.2f} before, {statistics.mean(heights_a):.2f} "
        f"after; after - before {statistics.mean(diffs):+.2f} +- {spread:.2f} (standard error)"
    )
    print(
        f"tower taller {taller}, lower {lower}, equal {n - taller - lower}; "
        f"sign test p = {sign_test(taller, lower):.3f}"
    )
    print(
        f"light wins {light_b} before, {light_a} after (light only after {only_a}, only before "
        f"{only_b}; sign test p = {sign_test(only_a, only_b):.3f})"
    )
    print(f"reasons before {reasons_b}, after {reasons_a}")
    print(
        f"mean frame CPU {cpu_b * 1e6:.1f} us before, {cpu_a * 1e6:.1f} us after (both children "
        "at once: a rough figure; scripts/bench_speed.py measures speed)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", nargs="+", default=["23-82"])
    parser.add_argument("--before", type=Path, default=Path("/tmp/physbase"))
    parser.add_argument("--after", type=Path, default=ROOT)
    parser.add_argument(
        "--before-results",
        type=Path,
        help="a JSON file of the before side's results: read if it exists (for the same "
        "seeds), else written after playing them",
    )
    args = parser.parse_args()
    seeds = parse_seeds(args.seeds)
    cached: list[dict[str, object]] | None = None
    if args.before_results is not None and args.before_results.exists():
        cached = [r for r in json.loads(args.before_results.read_text()) if r["seed"] in seeds]
        if [r["seed"] for r in cached] != seeds:
            cached = None
    children = [play(args.after.resolve(), seeds)]
    if cached is None:
        children.insert(0, play(args.before.resolve(), seeds))
    results: list[list[dict[str, object]]] = []
    for child in children:
        out, _ = child.communicate()
        if child.returncode != 0:
            print(f"a child failed ({child.args[3]})", file=sys.stderr)
            return 1
        results.append([json.loads(line) for line in out.splitlines() if line.startswith("{")])
    if cached is not None:
        results.insert(0, cached)
    elif args.before_results is not None:
        args.before_results.write_text(json.dumps(results[0]))
    before, after = results
    for b, a in zip(before, after, strict=True):
        mark = "" if (b["winner"], b["tower"]) == (a["winner"], a["tower"]) else "  *"
        print(
            f"seed {b['seed']:4}: before {b['winner']:5} {b['reason']:12} {b['tower']:3}   "
            f"after {a['winner']:5} {a['reason']:12} {a['tower']:3}{mark}"
        )
    compare(before, after)
    return 0


if __name__ == "__main__":
    sys.exit(main())
