"""One game, seed and settings give one digest: a sweep row, ``wobbletop run`` and a
``wobbletop regress`` scenario agree, for every game, in fresh worker processes and in a worker
that already played another game.

Why a test: a sweep row (Animal upon Animal, seed 6) once carried another digest than ``run``.
Nothing in the two paths' settings differed, nor any state a worker kept in Python: the game
depended on where the process's memory lay. The landing carry (physics/landing.py) holds
Chipmunk's contact records from one substep to the next, and Chipmunk recycles an ended record
for the next new contact in the order of its record cache, a hash of memory addresses; so
whether a held record came back joining the same two pieces (and the carry went on) depended on
the heap. A landing now ends as soon as one of its contacts ended or began again, whichever
record Chipmunk hands out. ``test_the_heap_does_not_steer_a_game`` plays the game that showed
it with the C heap laid out differently.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path

import tomli_w

from games.core import registry
from games.runs.sweep import Job, play_job
from physics.config import load_config

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

REPO_ROOT = Path(__file__).resolve().parents[2]
SEED = 6
# Every game cut at a frame limit so the test stays quick (the digests are taken there, by all
# three paths alike): 10 simulated seconds, dozens of the dice games' moves.
FRAMES = 600


def _env() -> dict[str, str]:
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    env.pop("WOBBLETOP_CONFIG", None)
    return env


def _job(game: str) -> Job:
    spec = registry.load(game)
    config = load_config().config.model_dump()
    frames = FRAMES
    options = dict(spec.headless_options)
    return Job(game, 0, SEED, spec.min_seats, frames, config, options, (), ("digest",))


def _spawned(jobs: list[Job], *, fresh: bool) -> list[str]:
    """The jobs' digests from spawned worker processes: each in a process of its own
    (``fresh``), or one after another in a single worker."""
    context = get_context("spawn")
    if not fresh:
        with ProcessPoolExecutor(1, mp_context=context) as pool:
            return [pool.submit(play_job, job).result()["digest"] for job in jobs]
    if sys.version_info >= (3, 11):  # a new process for every job, two at a time
        with ProcessPoolExecutor(2, mp_context=context, max_tasks_per_child=1) as pool:
            return [row["digest"] for row in pool.map(play_job, jobs)]
    digests = []  # pragma: no cover - 3.10: one pool per job
    for job in jobs:
        with ProcessPoolExecutor(1, mp_context=context) as pool:
            digests.append(pool.submit(play_job, job).result()["digest"])
    return digests


def _runs(games: list[str]) -> list[str]:
    """``wobbletop run GAME --seed 6 [--frames N]`` of each game, each in a fresh process."""
    running = []
    for game in games:
        command = [sys.executable, "-m", "games", "run", game, "--seed", str(SEED)]
        command += ["--frames", str(FRAMES)]
        running.append(
            subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=_env())
        )
    digests = []
    for process in running:
        out, _ = process.communicate(timeout=600)
        assert process.returncode == 0
        digests.append(json.loads(out)["digest"])
    return digests


def _regress(games: list[str], folder: Path) -> dict[str, str]:
    """Each game as a scenario file (seed, frames and the headless options, no input), its
    digest written by ``wobbletop regress --update`` (two worker processes, each playing
    several games) and read back."""
    folder.mkdir()
    for game in games:
        scenario = {
            "game": game,
            "seed": SEED,
            "frames": FRAMES,
            "options": dict(registry.load(game).headless_options),
        }
        (folder / f"{game}.toml").write_text(tomli_w.dumps(scenario), encoding="utf-8")
    command = [sys.executable, "-m", "games", "regress", str(folder), "--update", "-j", "2"]
    done = subprocess.run(
        command, capture_output=True, text=True, env=_env(), timeout=900, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return {
        game: tomllib.loads((folder / f"{game}.toml").read_text(encoding="utf-8"))["expect"][
            "digest"
        ]
        for game in games
    }


def test_a_sweep_row_a_run_and_a_regress_give_one_digest_for_every_game(tmp_path: Path) -> None:
    games = list(registry.GAMES)
    jobs = [_job(game) for game in games]
    fresh = _spawned(jobs, fresh=True)
    # One worker plays the last game, then every game: each after at least one other game.
    after_others = _spawned(jobs[-1:] + jobs, fresh=False)[1:]
    runs = _runs(games)
    regressed = _regress(games, tmp_path / "scenarios")
    for index, game in enumerate(games):
        digests = {
            "sweep row, fresh worker": fresh[index],
            "sweep row, worker that played other games": after_others[index],
            "run": runs[index],
            "regress": regressed[game],
        }
        assert len(set(digests.values())) == 1, (game, digests)


HEAP_PROBE = """
import ctypes, sys
libc = ctypes.CDLL(None)
libc.malloc.restype = ctypes.c_void_p
kept = [libc.malloc(64 + (i % 7) * 48) for i in range(int(sys.argv[1]))]
from games.runs.headless import drive, new_session
from games.core.protocol import SeatKind
from games.core import registry
from physics.config import load_config
spec = registry.load("animals")
session = new_session(spec, load_config().config, 6, (SeatKind.COMPUTER,) * 2,
                      spec.headless_options)
drive(session, 9900)
print(session.digest())
"""


def test_the_heap_does_not_steer_a_game() -> None:
    """Animal upon Animal seed 6 to frame 9,900 (past the landing at frame 9,822 whose carry
    once followed a recycled contact record), each time after a different number of blocks
    taken from the C heap. With address randomisation off (``setarch -R``, where the system
    allows it) each layout is the same on every run, and before the fix 10 and 20 blocks gave
    another game than none (so did 50; 30 and 40 did not); with it on, the layouts are random
    on every run."""
    plain = [sys.executable, "-c", HEAP_PROBE]
    setarch = shutil.which("setarch")
    if setarch is not None:
        probe = subprocess.run(
            [setarch, os.uname().machine, "-R", "true"], capture_output=True, check=False
        )
        if probe.returncode == 0:
            plain = [setarch, os.uname().machine, "-R", *plain]
    env = {**_env(), "PYTHONHASHSEED": "0"}
    running = [
        subprocess.Popen([*plain, str(blocks)], stdout=subprocess.PIPE, text=True, env=env)
        for blocks in (0, 10, 20)
    ]
    digests = set()
    for process in running:
        out, _ = process.communicate(timeout=600)
        assert process.returncode == 0
        digests.add(out.strip())
    assert len(digests) == 1, digests
