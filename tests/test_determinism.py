"""Determinism: the same scenario, seed and config give a bit-identical trace in fresh processes.

The digest hashes every body's position, angle and velocities (exact bits) and the frame.
Each run is a separate interpreter with a different hash seed, so nothing may depend on
set or dict-of-str ordering. Free play has no luck: its seed changes nothing, so a different
*input* or *config* is what must change its digest; Wallamoppi (seeded computer players)
shows a different *seed* changing the trace.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from games.core import registry

RunWobbletop = Callable[..., subprocess.CompletedProcess[str]]

THROW = """\
game = "freeplay"
frames = 360

[[input]]
frame = 12
action = "grab"
x = 90.0
y = 4.0

[[input]]
frame = 40
action = "move"
x = {x}
y = 120.0

[[input]]
frame = 44
action = "release"
x = {x}
y = 120.0
"""


def headless_digest(run: RunWobbletop, *args: str, hash_seed: str) -> str:
    done = run("run", "freeplay", "--headless", *args, env={"PYTHONHASHSEED": hash_seed})
    assert done.returncode == 0, done.stderr
    digest: str = json.loads(done.stdout)["digest"]
    return digest


def scenario_digest(run: RunWobbletop, folder: Path, hash_seed: str) -> str:
    """Fill the goldens of the one scenario in ``folder`` in a fresh process; return its digest."""
    done = run("regress", str(folder), "--update", env={"PYTHONHASHSEED": hash_seed})
    assert done.returncode == 0, done.stdout + done.stderr
    text = next(folder.glob("*.toml")).read_text(encoding="utf-8")
    line = next(line for line in text.splitlines() if line.startswith("digest = "))
    return line.split('"')[1]


def test_headless_runs_in_two_processes_agree(run_wobbletop: RunWobbletop) -> None:
    first = headless_digest(run_wobbletop, "--seed", "5", hash_seed="1")
    second = headless_digest(run_wobbletop, "--seed", "5", hash_seed="2")
    assert first == second


def test_scenario_replays_agree_across_processes_and_differ_by_input(
    run_wobbletop: RunWobbletop, tmp_path: Path
) -> None:
    digests = {}
    for name, x, hash_seed in (("a", 200.0, "11"), ("b", 200.0, "12"), ("c", 260.0, "13")):
        (tmp_path / name).mkdir()
        (tmp_path / name / "throw.toml").write_text(THROW.format(x=x), encoding="utf-8")
        digests[name] = scenario_digest(run_wobbletop, tmp_path / name, hash_seed)
    assert digests["a"] == digests["b"]
    assert digests["a"] != digests["c"]


def test_a_different_config_gives_a_different_trace(
    run_wobbletop: RunWobbletop, tmp_path: Path
) -> None:
    bouncy = tmp_path / "bouncy.toml"
    bouncy.write_text("[restitution]\nwood-wood = 0.8\n", encoding="utf-8")
    plain = headless_digest(run_wobbletop, hash_seed="3")
    other = headless_digest(run_wobbletop, "--config", str(bouncy), hash_seed="3")
    assert plain != other


def test_a_seeded_physics_game_agrees_across_processes_and_differs_by_seed(
    run_wobbletop: RunWobbletop,
) -> None:
    if "wallamoppi" not in registry.available():
        pytest.skip("Wallamoppi is not built yet")
    args = ("run", "wallamoppi", "--headless", "--frames", "600")
    runs = {
        (seed, hash_seed): run_wobbletop(*args, "--seed", seed, env={"PYTHONHASHSEED": hash_seed})
        for seed, hash_seed in (("1", "21"), ("1", "22"), ("2", "21"))
    }
    digests = {key: json.loads(done.stdout)["digest"] for key, done in runs.items()}
    assert digests[("1", "21")] == digests[("1", "22")]
    assert digests[("1", "21")] != digests[("2", "21")]
