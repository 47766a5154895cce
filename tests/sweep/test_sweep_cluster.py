"""The same sweep (and regression run) on a real Dask cluster gives exactly the local rows.

One ``dask.distributed.LocalCluster`` per module: two worker processes on the loopback
address, one thread each, so every game runs in a process other than the test's, as on a lab's
cluster. Skipped only where Dask is not installed (it is in the ``test`` extra).

Nothing here can hang: every cluster start, client, wait and close has an explicit bound
(:data:`BOUND`), and a run whose scheduler has no worker gives up after ``worker_wait``
seconds (games/runs/pool.py), so a cluster stuck on a busy machine fails a test with a message.
The cause of a 33-minute hang once seen under load: a worker killed by a job is restarted by
its nanny, but the cluster closes a nanny whose worker has not come back within
``distributed.deploy.lost-worker-timeout`` (15 s); on a busy machine a restart can take longer,
the dying-worker test kills both workers, and the run was left with none and waited for ever.
The fixture lengthens that timeout, and the tests wait for the restarted workers, bounded.
"""

from __future__ import annotations

import contextlib
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from sweep_helpers import FREEPLAY_SUBSTEPS, STONEWALL_BOTS, rows, write

from games.cli import main
from games.core import registry
from games.runs.regress import default_folder
from games.runs.sweep import run_sweep

distributed = pytest.importorskip("dask.distributed")
dask = pytest.importorskip("dask")

BOUND = 180  # seconds: generous for any one cluster step on a busy machine, not for ever
HERE = str(Path(__file__).parent)  # where sweep_helpers is, on this machine


class _RegisterCrashy(distributed.WorkerPlugin):  # type: ignore[misc, name-defined]
    """A worker plugin: every worker (restarted ones too) knows the test game ``crashy``."""

    def __init__(self, folder: str) -> None:
        self.folder = folder

    def setup(self, worker: object) -> None:
        import sys

        from games.core import registry

        sys.path.insert(0, self.folder)
        registry.GAMES["crashy"] = "sweep_helpers"


def wait_for_workers(address: str, count: int) -> None:
    """Return once ``count`` workers are running on the scheduler (a test failure after BOUND)."""
    with distributed.Client(address, timeout=BOUND) as client:
        client.wait_for_workers(count, timeout=BOUND)


@contextlib.contextmanager
def cluster_of(workers: int) -> Iterator[str]:
    """A LocalCluster of ``workers`` worker processes that know ``crashy``; yields its address
    once they are all running, and is closed with a bound."""
    cluster = distributed.LocalCluster(
        n_workers=workers,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=":0",  # any free port (no clash with another cluster's)
        death_timeout=BOUND,  # a nanny that cannot start its worker gives up
        plugins={_RegisterCrashy(HERE)},
    )
    try:
        if workers:
            wait_for_workers(cluster.scheduler_address, workers)
        yield cluster.scheduler_address
    finally:
        cluster.close(timeout=BOUND)


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    # Dask retries a task whose worker died on others, and gives up (KilledWorker) after
    # allowed-failures + 1 deaths: 2 here instead of 4, so the dying-worker test waits for
    # fewer worker restarts. A saturation of 1 sends a worker one task at a time, so only the
    # task that killed its worker is blamed (not the next one queued behind it). The scheduler
    # reads both when it starts. A restarted worker may take its time to come back (see the
    # module doc); the cluster reads that timeout when a worker goes.
    settings = {
        "distributed.scheduler.allowed-failures": 1,
        "distributed.scheduler.worker-saturation": 1.0,
        "distributed.deploy.lost-worker-timeout": f"{BOUND}s",
    }
    with dask.config.set(settings), cluster_of(2) as address:
        yield address


@pytest.fixture(scope="module")
def no_worker() -> Iterator[str]:
    """A scheduler that no worker ever joins."""
    with cluster_of(0) as address:
        yield address


@pytest.mark.parametrize("sweep_text", [STONEWALL_BOTS.format(seeds=2), FREEPLAY_SUBSTEPS])
def test_cluster_rows_are_the_local_rows(tmp_path: Path, scheduler: str, sweep_text: str) -> None:
    sweep = write(tmp_path, "sweep.toml", sweep_text)
    local, cluster = tmp_path / "local.csv", tmp_path / "cluster.csv"
    assert run_sweep(sweep, local, workers=1) == 0
    assert run_sweep(sweep, cluster, scheduler=scheduler) == 0
    assert rows(cluster) == rows(local)
    assert len(rows(local)) == 4


def test_a_worker_that_dies_on_the_cluster_is_a_row_and_the_rest_finish(
    tmp_path: Path, scheduler: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(registry.GAMES, "crashy", "sweep_helpers")
    sweep = write(tmp_path, "crashy.toml", 'game = "crashy"\nseeds = 6\ncollect = ["winner"]\n')
    out = tmp_path / "crashy.csv"
    wait_for_workers(scheduler, 2)
    # Seed 2 kills each worker it runs on, twice; a restart may be slow, never absent for long.
    assert run_sweep(sweep, out, scheduler=scheduler, worker_wait=BOUND) == 1
    status = {row["seed"]: row["status"] for row in rows(out)}
    assert status == {
        "0": "ok", "1": "ok", "2": "worker died", "3": "game error", "4": "ok", "5": "ok"
    }  # fmt: skip
    assert rows(out)[2]["error"] == "its worker process died while running it (KilledWorker)"
    wait_for_workers(scheduler, 2)  # both restarted: the next tests have the whole cluster


def test_regress_on_the_cluster_prints_the_local_table(
    tmp_path: Path, scheduler: str, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("flick_throws_disk.toml", "marble_low_gravity.toml"):
        shutil.copy(default_folder() / "freeplay" / name, tmp_path / name)
    assert main(["regress", str(tmp_path)]) == 0
    here = capsys.readouterr().out
    assert main(["regress", str(tmp_path), "--scheduler", scheduler]) == 0
    there = capsys.readouterr().out
    drop_seconds = [line.rsplit(maxsplit=1)[0] for line in here.splitlines()[2:4]]
    assert drop_seconds == [line.rsplit(maxsplit=1)[0] for line in there.splitlines()[2:4]]
    assert here.splitlines()[-1] == there.splitlines()[-1]
    assert there.splitlines()[-1] == "2 scenarios: 2 ok, 0 mismatched, 0 broken"


def test_regress_of_a_relative_folder_runs_on_workers_in_another_folder(
    tmp_path: Path,
    scheduler: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The workers started in the folder the tests started in; the files are sent, not named.
    (tmp_path / "mine").mkdir()
    shutil.copy(default_folder() / "freeplay" / "flick_throws_disk.toml", tmp_path / "mine")
    monkeypatch.chdir(tmp_path)
    assert main(["regress", "mine", "--scheduler", scheduler]) == 0, capsys.readouterr().out
    out = capsys.readouterr().out.splitlines()
    assert out[2].startswith("flick_throws_disk.toml  freeplay")
    assert out[-1] == "1 scenarios: 1 ok, 0 mismatched, 0 broken"


@pytest.mark.parametrize("command", [["sweep", "smoke", "--out", "smoke.csv"], ["regress"]])
def test_a_scheduler_with_no_worker_is_said_and_given_up_on(
    command: list[str],
    no_worker: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    started = time.monotonic()
    assert main([*command, "--scheduler", no_worker, "--worker-wait", "2"]) == 2
    assert time.monotonic() - started < BOUND
    assert capsys.readouterr().err.splitlines() == [
        f"wobbletop: waiting for workers on {no_worker}; none connected yet",
        f"wobbletop: --scheduler {no_worker}: no worker connected in 2 s; start one with "
        f"`dask worker {no_worker}`, or wait longer with --worker-wait SECONDS",
    ]
    assert list(tmp_path.iterdir()) == []  # no results file begun


def test_a_sweep_whose_workers_all_leave_says_so_and_gives_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(registry.GAMES, "crashy", "sweep_helpers")
    sweep = write(tmp_path, "leave.toml", 'game = "crashy"\nseeds = [9, 0, 1]\n')
    out = tmp_path / "leave.csv"
    with cluster_of(1) as address:  # its own: seed 9 closes its only worker for good
        started = time.monotonic()
        code = main(["sweep", str(sweep), "--out", str(out), "--scheduler", address,
                     "--worker-wait", "2"])  # fmt: skip
        assert time.monotonic() - started < BOUND
    err = capsys.readouterr().err.splitlines()
    assert code == 2
    assert err == [
        f"wobbletop: waiting for workers on {address}; none connected now",
        f"wobbletop: --scheduler {address}: no worker connected in 2 s; start one with "
        f"`dask worker {address}`, or wait longer with --worker-wait SECONDS; the games that "
        f"finished are in {out}; --resume runs the rest",
    ]
    assert {row["seed"] for row in rows(out)} <= {"0", "1"}  # what finished is kept; 9 never
