"""Where the test suite's CPU goes: run pytest as CI does and print the CPU time (user + sys)
per test file, heaviest first, and of the whole run.

    python scripts/suite_cpu.py [--top N] [PYTEST ARGS ...]

The PYTEST ARGS default to none (the README's test command: ``-n auto`` from pyproject's
addopts); ``-n 0`` runs it in one process, a path runs part of it. CPU time, not wall time: it
is what the machine's other work does not change much, and the whole run's CPU over two cores
is about the suite's wall time on a quiet 2-core machine. Each test's CPU counts its own
process and every child it started and waited for (a ``wobbletop`` command, a window, a
worker pool); the whole run's adds pytest's start-up and collection in every worker.

This file is also the pytest plugin that measures (loaded into every xdist worker with
``-p suite_cpu``): one line per test, ``CPU seconds<TAB>wall seconds<TAB>node id``, in a file
per worker under ``$SUITE_CPU_DIR``.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

OUT_ENV = "SUITE_CPU_DIR"


def process_cpu() -> float:
    """CPU seconds of this process and of the children it has waited for."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


try:
    import pytest
except ImportError:  # pragma: no cover - the script's own side needs no pytest
    pytest = None  # type: ignore[assignment]

if pytest is not None:

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(item: Any, nextitem: Any) -> Iterator[None]:
        """Time one test's setup, call and teardown (the plugin's only hook)."""
        folder = os.environ.get(OUT_ENV)
        cpu, wall = process_cpu(), time.perf_counter()
        yield
        if folder:
            cpu, wall = process_cpu() - cpu, time.perf_counter() - wall
            worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
            with open(Path(folder) / f"{worker}.tsv", "a", encoding="utf-8") as out:
                out.write(f"{cpu:.4f}\t{wall:.4f}\t{item.nodeid}\n")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--top", type=int, default=25, help="files to list (default 25)")
    args, pytest_args = parser.parse_known_args()
    here = Path(__file__).resolve().parent
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ)
        env[OUT_ENV] = folder
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(here), env.get("PYTHONPATH")]))
        command = [sys.executable, "-m", "pytest", "-q", "-p", "suite_cpu", *pytest_args]
        wall = time.perf_counter()
        code = subprocess.call(command, env=env, cwd=here.parent)
        wall = time.perf_counter() - wall
        run_cpu = process_cpu()
        per_file: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0])
        for path in Path(folder).glob("*.tsv"):
            for line in path.read_text(encoding="utf-8").splitlines():
                cpu, test_wall, node = line.split("\t", 2)
                entry = per_file[node.split("::", 1)[0]]
                entry[0] += float(cpu)
                entry[1] += float(test_wall)
                entry[2] += 1
    tests_cpu = sum(entry[0] for entry in per_file.values())
    tests = sum(int(entry[2]) for entry in per_file.values())
    print(f"\n{'CPU s':>8} {'wall s':>8} {'tests':>6}  file (heaviest first)")
    ranked = sorted(per_file.items(), key=lambda item: -item[1][0])
    for name, (cpu, test_wall, count) in ranked[: args.top]:
        print(f"{cpu:8.1f} {test_wall:8.1f} {int(count):6d}  {name}")
    print(
        f"\n{tests} tests: {tests_cpu:.1f} s of CPU in the tests; the whole run "
        f"{run_cpu:.1f} s of CPU (user + sys, start-up and collection included) in "
        f"{wall:.0f} s of wall time; pytest exit code {code}"
    )
    return code


if __name__ == "__main__":
    sys.exit(main())
