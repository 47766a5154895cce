"""A headless Free play run starts light: it imports only what a headless run needs.

``wobbletop run freeplay`` is mostly start-up (issue 11: the process is measured, start-up
included, by ``scripts/bench_speed.py``). What a run must never load: pygame (no window),
pydantic (the physics config and Free play's options are checked without it), numpy,
matplotlib and dask (the report's and the sweep's), and the sweep, pool, report, scenario and
regress modules of the command's other subcommands. Checked in a fresh process, by the
modules it has loaded when the run is over; no timing is asserted.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent
NEVER_LOADED = (
    "pygame",
    "pydantic",
    "numpy",
    "matplotlib",
    "dask",
    "games.runs.sweep",
    "games.runs.pool",
    "games.runs.report",
    "games.runs.scenario",
    "games.runs.regress",
    "games.ui",
)
RUN = """
import contextlib, io, json, sys
from games.cli import main
out = io.StringIO()
with contextlib.redirect_stdout(out):
    code = main(sys.argv[1:])
loaded = sorted(name for name in sys.modules if name.split(".")[0] in {roots!r}
                or name in {modules!r})
print(json.dumps({{"code": code, "result": json.loads(out.getvalue()), "loaded": loaded}}))
"""


def loaded_by(*argv: str) -> tuple[dict[str, object], list[str]]:
    """The run's printed result and the listed modules a fresh process has loaded after it."""
    roots = sorted({name.split(".")[0] for name in NEVER_LOADED if "." not in name})
    modules = sorted(name for name in NEVER_LOADED if "." in name)
    env = {k: v for k, v in os.environ.items() if k != "WOBBLETOP_CONFIG"}
    env["PYTHONPATH"] = str(REPO_ROOT)
    done = subprocess.run(
        [sys.executable, "-c", RUN.format(roots=roots, modules=modules), *argv],
        cwd=REPO_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["code"] == 0, done.stderr
    return report["result"], report["loaded"]


@pytest.mark.parametrize(
    "argv",
    [("run", "freeplay", "--headless", "--seed", "3"), ("run", "freeplay", "--frames", "30")],
    ids=["to-the-end", "frame-limit"],
)
def test_a_headless_freeplay_run_loads_no_window_pydantic_or_other_commands(
    argv: tuple[str, ...],
) -> None:
    result, loaded = loaded_by(*argv)
    assert result["game"] == "freeplay" and len(str(result["digest"])) == 64
    assert loaded == []


def test_the_check_sees_a_module_a_run_does_load() -> None:
    # The same probe after a game whose options are a pydantic model: pydantic is reported.
    result, loaded = loaded_by("run", "stonewall", "--frames", "1")
    assert result["game"] == "stonewall"
    assert "pydantic" in loaded
