"""The same sweep (and regression run) on a real Dask cluster gives exactly the local rows.

One ``dask.distributed.LocalCluster`` per module: two worker processes on the loopback
address, one thread each, so every game runs in a process other than the test's, as on a lab's
cluster. Skipped only where Dask is not installed (it is in the ``test`` extra).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from sweep_helpers import FREEPLAY_SUBSTEPS, STONEWALL_BOTS, rows, write

from games import registry
from games.cli import main
from games.regress import default_folder
from games.sweep import run_sweep

distributed = pytest.importorskip("dask.distributed")
dask = pytest.importorskip("dask")


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    # Dask retries a task whose worker died on others, and gives up (KilledWorker) after
    # allowed-failures + 1 deaths: 2 here instead of 4, so the dying-worker test waits for
    # fewer worker restarts. A saturation of 1 sends a worker one task at a time, so only the
    # task that killed its worker is blamed (not the next one queued behind it). The scheduler
    # reads both when it starts.
    settings = {
        "distributed.scheduler.allowed-failures": 1,
        "distributed.scheduler.worker-saturation": 1.0,
    }
    with (
        dask.config.set(settings),
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
        ) as cluster,
    ):
        yield cluster.scheduler_address


@pytest.mark.parametrize("sweep_text", [STONEWALL_BOTS.format(seeds=2), FREEPLAY_SUBSTEPS])
def test_cluster_rows_are_the_local_rows(tmp_path: Path, scheduler: str, sweep_text: str) -> None:
    sweep = write(tmp_path, "sweep.toml", sweep_text)
    local, cluster = tmp_path / "local.csv", tmp_path / "cluster.csv"
    assert run_sweep(sweep, local, workers=1) == 0
    assert run_sweep(sweep, cluster, scheduler=scheduler) == 0
    assert rows(cluster) == rows(local)
    assert len(rows(local)) == 4


class _RegisterCrashy(distributed.WorkerPlugin):  # type: ignore[misc, name-defined]
    """A worker plugin: every worker (restarted ones too) knows the test game ``crashy``."""

    def __init__(self, folder: str) -> None:
        self.folder = folder  # where sweep_helpers is, on this machine

    def setup(self, worker: object) -> None:
        import sys

        from games import registry

        sys.path.insert(0, self.folder)
        registry.GAMES["crashy"] = "sweep_helpers"


def test_a_worker_that_dies_on_the_cluster_is_a_row_and_the_rest_finish(
    tmp_path: Path, scheduler: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(registry.GAMES, "crashy", "sweep_helpers")
    with distributed.Client(scheduler) as client:
        client.register_plugin(_RegisterCrashy(str(Path(__file__).parent)), name="crashy")
    sweep = write(tmp_path, "crashy.toml", 'game = "crashy"\nseeds = 6\ncollect = ["winner"]\n')
    out = tmp_path / "crashy.csv"
    assert run_sweep(sweep, out, scheduler=scheduler) == 1
    status = {row["seed"]: row["status"] for row in rows(out)}
    assert status == {
        "0": "ok", "1": "ok", "2": "worker died", "3": "game error", "4": "ok", "5": "ok"
    }  # fmt: skip
    assert rows(out)[2]["error"] == "its worker process died while running it (KilledWorker)"


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
