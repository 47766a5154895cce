"""``wobbletop sweep``: the sweep file's checks, one row per game, failures as rows, --resume."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from sweep_helpers import FREEPLAY_SUBSTEPS, STONEWALL_BOTS, rows, write

from datafiles.assets import assets_dir
from games.cli import main
from games.core import registry
from games.runs.sweep import load_sweep, make_plan, run_sweep
from tests.waiting import Spawn, finish, wait_until

REPO_ROOT = Path(__file__).resolve().parents[2]
SWEEPS = assets_dir() / "sweeps"


def test_smoke_sweep_is_small_and_every_shipped_sweep_is_valid() -> None:
    files = sorted(SWEEPS.glob("*.toml"))
    assert SWEEPS / "smoke.toml" in files and len(files) >= 3
    for path in files:
        plan = make_plan(load_sweep(path), path)
        assert plan.total == len(list(plan.jobs())) > 0, path
    assert make_plan(load_sweep(SWEEPS / "smoke.toml"), SWEEPS / "smoke.toml").total <= 20


def test_one_row_per_seed_and_point_with_inputs_and_collected_fields(tmp_path: Path) -> None:
    sweep = write(tmp_path, "bots.toml", STONEWALL_BOTS.format(seeds="{ start = 10, count = 3 }"))
    out = tmp_path / "results.csv"
    assert run_sweep(sweep, out, workers=1) == 0
    found = rows(out)
    assert [(row["point"], row["seed"]) for row in found] == [
        (point, seed) for point in ("0", "1") for seed in ("10", "11", "12")
    ]
    first = found[0]
    assert list(first) == [
        "game", "point", "seed", "players", "options.bots", "status", "error", "seats",
        "winner", "reason", "turns", "frames", "digest", "turns_each",
    ]  # fmt: skip
    assert first["options.bots"] == '["greedy","expectimax"]'
    assert first["seats"] == '["red","blue"]'
    assert found[3]["options.bots"] == '["expectimax","greedy"]'
    assert all(row["status"] == "ok" and row["winner"] in ("red", "blue") for row in found)
    assert all(len(row["digest"]) == 64 for row in found)
    assert found[0]["turns_each"].startswith('{"blue":')  # a table is kept as JSON


def test_a_row_is_the_same_in_this_process_and_in_a_pool_of_two(tmp_path: Path) -> None:
    sweep = write(tmp_path, "substeps.toml", FREEPLAY_SUBSTEPS)
    here, pool = tmp_path / "here.csv", tmp_path / "pool.csv"
    assert run_sweep(sweep, here, workers=1) == 0
    assert run_sweep(sweep, pool, workers=2) == 0
    assert rows(here) == rows(pool)
    found = rows(here)
    assert [row["config.world.substeps"] for row in found] == ["4", "4", "8", "8"]
    # The physics really changed with the axis (same seed, other substeps: another world).
    assert found[0]["digest"] != found[2]["digest"]


def test_a_game_that_raises_is_a_row_and_the_sweep_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(registry.GAMES, "crashy", "sweep_helpers")
    text = 'game = "crashy"\nseeds = [3, 4]\ncollect = ["winner"]\n'
    sweep = write(tmp_path, "crashy.toml", text)
    out = tmp_path / "crashy.csv"
    assert run_sweep(sweep, out, workers=1) == 1
    found = {row["seed"]: row for row in rows(out)}
    assert found["3"]["status"] == "game error" and found["4"]["status"] == "ok"
    assert found["3"]["error"] == "RuntimeError: the rules tripped over seed 3"
    assert "point 0 seed 3: game error: RuntimeError: the rules" in capsys.readouterr().err


def test_a_worker_that_dies_is_a_row_and_the_other_games_finish(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(registry.GAMES, "crashy", "sweep_helpers")
    sweep = write(tmp_path, "crashy.toml", 'game = "crashy"\nseeds = 6\ncollect = ["winner"]\n')
    out = tmp_path / "crashy.csv"
    assert run_sweep(sweep, out, workers=2) == 1
    status = {row["seed"]: row["status"] for row in rows(out)}
    assert status == {
        "0": "ok", "1": "ok", "2": "worker died", "3": "game error", "4": "ok", "5": "ok"
    }  # fmt: skip


def test_resume_runs_the_failed_games_again_and_keeps_the_rest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(registry.GAMES, "crashy", "sweep_helpers")
    sweep = write(tmp_path, "crashy.toml", 'game = "crashy"\nseeds = 6\ncollect = ["winner"]\n')
    out = tmp_path / "crashy.csv"
    assert run_sweep(sweep, out, workers=2) == 1
    before = {row["seed"]: row for row in rows(out)}
    monkeypatch.setenv("CRASHY_FIXED", "1")  # the bug is fixed, the machine has memory again
    capsys.readouterr()
    assert run_sweep(sweep, out, resume=True, workers=2) == 0
    assert "2 games: 2 ok, 0 failed; 4 already in" in capsys.readouterr().out
    after = rows(out)
    assert [row["seed"] for row in after] == ["0", "1", "2", "3", "4", "5"]  # each game once
    assert all(row["status"] == "ok" for row in after)
    for row in after:
        if row["seed"] not in ("2", "3"):
            assert row == before[row["seed"]]  # the rows that had run are kept as they were


def test_resume_runs_only_the_missing_games_after_a_cut_off_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sweep = write(tmp_path, "bots.toml", STONEWALL_BOTS.format(seeds=2))
    full, cut = tmp_path / "full.csv", tmp_path / "cut.csv"
    assert run_sweep(sweep, full, workers=1) == 0
    lines = full.read_text(encoding="utf-8").splitlines(keepends=True)
    cut.write_text("".join(lines[:3]) + lines[3][:25], encoding="utf-8")  # killed mid-line
    capsys.readouterr()
    assert run_sweep(sweep, cut, resume=True, workers=1) == 0
    assert "2 games: 2 ok, 0 failed; 2 already in" in capsys.readouterr().out
    assert rows(cut) == rows(full)
    assert run_sweep(sweep, cut, resume=True, workers=1) == 0  # nothing left to run
    assert "0 games: 0 ok, 0 failed; 4 already in" in capsys.readouterr().out
    assert rows(cut) == rows(full)


def test_a_dry_run_counts_the_games_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    friction = "[grid.config.friction]\nwood-wood = [0.5, 0.7]\n"
    mixed = write(tmp_path, "mixed.toml", STONEWALL_BOTS.format(seeds=2) + friction)
    assert main(["sweep", str(mixed), "--out", str(tmp_path / "new.csv"), "--dry-run"]) == 0
    captured = capsys.readouterr()
    assert captured.out == (
        f"{mixed}: 8 stonewall games to run at 4 points; results would "
        f"go to {tmp_path / 'new.csv'}; nothing run (--dry-run)\n"
    )
    assert captured.err == ""
    assert not (tmp_path / "new.csv").exists()

    sweep = write(tmp_path, "bots.toml", STONEWALL_BOTS.format(seeds=2))
    cut = tmp_path / "cut.csv"
    assert run_sweep(sweep, cut, workers=1) == 0
    lines = cut.read_text(encoding="utf-8").splitlines(keepends=True)
    cut.write_text("".join(lines[:3]) + lines[3][:25], encoding="utf-8")  # killed mid-line
    before = cut.read_bytes()
    capsys.readouterr()
    assert main(["sweep", str(sweep), "--out", str(cut), "--resume", "--dry-run"]) == 0
    assert capsys.readouterr().out.startswith(
        f"{sweep}: 2 stonewall games to run (2 already in {cut}) at 2 points;"
    )
    assert cut.read_bytes() == before  # not even the cut-off line is dropped


def test_ctrl_c_keeps_the_finished_rows_and_resume_completes_them(
    spawn: Spawn, tmp_path: Path
) -> None:
    sweep = write(tmp_path, "drops.toml", 'game = "freeplay"\nseeds = 30\ncollect = ["reason"]\n')
    out = tmp_path / "results.csv"
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    process = spawn(
        [sys.executable, "-m", "games", "sweep", str(sweep), "--out", str(out), "-j", "2"],
        env=env,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    wait_until(
        lambda: out.exists() and out.read_text(encoding="utf-8").count("\n") >= 3,
        "the sweep's first two rows",
        process=process,
    )
    os.killpg(process.pid, signal.SIGINT)
    _, stderr = finish(process, "the sweep stopping on Ctrl-C")
    assert process.returncode == 130, stderr
    assert stderr.strip().splitlines()[-1] == "wobbletop: interrupted"
    kept = out.read_text(encoding="utf-8")
    assert 2 <= len(rows(out)) < 30 and all(row["status"] == "ok" for row in rows(out))
    assert run_sweep(sweep, out, resume=True, workers=2) == 0
    assert out.read_text(encoding="utf-8").startswith(kept)  # nothing written is lost
    assert sorted(int(row["seed"]) for row in rows(out)) == list(range(30))  # each game once


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('game = "stonewall"\nseeds = 2\nseats = ["human", "computer"]\n',
         "seats[0]: is 'human'; a sweep plays computer seats only"),
        ('game = "stonewall"\nseed = 2\n', "seed: unknown key; allowed: game, description"),
        ('game = "stonewall"\n', "seeds: missing"),
        ('game = "stonewall"\nseeds = 0\n', "seeds: is 0; allowed: a count"),
        ('game = "stonewall"\nseeds = [1, 1]\n', "seeds: is [1, 1]; allowed"),
        ('game = "stonewall"\nseeds = 2\nplayers = 9\n', "players: is 9; allowed: 2 to 4"),
        ('game = "chess"\nseeds = 2\n', "game: is 'chess'; allowed: freeplay, stonewall"),
        ('game = "stonewall"\nseeds = 2\n[grid.config.world]\nsubsteps = 4\n',
         "grid.config.world.substeps: is 4; allowed: a non-empty list"),
        ('game = "stonewall"\nseeds = 2\n[grid]\ncolour = [1]\n',
         "grid.colour: unknown key; allowed: config, options, players"),
        ('game = "stonewall"\nseeds = 2\ncollect = ["seed"]\n',
         "collect[0]: 'seed' is already a column"),
        ('game = "stonewall"\nseeds = 2\n[grid.config.world]\ngravty = [1.0]\n',
         "point 0 (config.world.gravty=1.0): config.world.gravty: unknown key; allowed in "
         "[world]: gravity"),
        ('game = "stonewall"\nseeds = 2\n[grid.config.world\n', "not valid TOML"),
    ],
)  # fmt: skip
def test_a_bad_sweep_file_is_one_line_exit_2_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    sweep = write(tmp_path, "bad.toml", text)
    out = tmp_path / "out.csv"
    assert main(["sweep", str(sweep), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"wobbletop: {sweep}: "), err
    assert message in err
    assert not out.exists()


def test_existing_results_need_resume_and_the_same_sweep(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = write(tmp_path, "a.toml", STONEWALL_BOTS.format(seeds=1))
    other = write(tmp_path, "b.toml", FREEPLAY_SUBSTEPS)
    out = tmp_path / "out.csv"
    assert main(["sweep", str(first), "--out", str(out), "-j", "1"]) == 0
    before = out.read_text(encoding="utf-8")
    capsys.readouterr()
    assert main(["sweep", str(first), "--out", str(out)]) == 2
    assert "already holds results; allowed: --resume" in capsys.readouterr().err
    assert main(["sweep", str(other), "--out", str(out), "--resume"]) == 2
    assert "its columns are not this sweep's" in capsys.readouterr().err
    assert out.read_text(encoding="utf-8") == before


@pytest.mark.parametrize("command", ["sweep", "regress"])
def test_scheduler_without_dask_says_how_to_install_it(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    command: str,
) -> None:
    monkeypatch.setitem(sys.modules, "dask", None)  # import dask.distributed fails
    monkeypatch.setitem(sys.modules, "dask.distributed", None)
    out = tmp_path / "out.csv"
    args = [str(SWEEPS / "smoke.toml"), "--out", str(out)] if command == "sweep" else []
    assert main([command, *args, "--scheduler", "127.0.0.1:8786"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "--scheduler needs Dask, an optional extra: pip install -e '.[cluster]'" in err
    assert not out.exists()


def test_a_sweep_imports_no_pygame_matplotlib_or_dask(tmp_path: Path) -> None:
    sweep = write(tmp_path, "tiny.toml", 'game = "freeplay"\nseeds = 2\nframes = 60\n')
    out = tmp_path / "tiny.csv"
    code = (
        "import sys\n"
        "from games.cli import main\n"
        f"main(['sweep', {str(sweep)!r}, '--out', {str(out)!r}, '-j', '1'])\n"
        "print([m for m in ('pygame', 'matplotlib', 'dask', 'distributed') if m in sys.modules])\n"
        "main(['report', sys.argv[1], '--out', sys.argv[2]])\n"
        "print('pygame' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(out), str(tmp_path / "report")],
        cwd=REPO_ROOT,
        env={**os.environ, "PYTHONPATH": str(REPO_ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "2 games: 2 ok, 0 failed; results in " + str(out)
    assert lines[1] == "[]"
    assert lines[-1] == "False"
