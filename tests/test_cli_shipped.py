"""Shipped sweeps and scenarios are reachable by name from any folder, not only the checkout.

Every test runs in a fresh empty folder (``monkeypatch.chdir``), as a user of an installed
wobbletop would; tests/test_packaging.py checks the same from a wheel.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from datafiles.assets import assets_dir
from games.cli import main

SWEEPS = sorted(path.stem for path in (assets_dir() / "sweeps").glob("*.toml"))
SCENARIO_FOLDERS = sorted(path.name for path in (assets_dir() / "scenarios").iterdir())
SMOKE = assets_dir() / "sweeps" / "smoke.toml"


@pytest.fixture(autouse=True)
def elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def one_error_line(err: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("wobbletop: ") and "Traceback" not in err
    return lines[0]


def test_a_shipped_sweep_runs_by_name(
    elsewhere: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["sweep", "smoke", "--out", "smoke.csv", "--dry-run"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"{SMOKE}: 16 stonewall games to run at 2 points; results would go to smoke.csv; "
        "nothing run (--dry-run)"
    ]
    assert list(elsewhere.iterdir()) == []  # a dry run writes nothing


def test_a_file_of_that_name_here_wins_and_a_folder_does_not(
    elsewhere: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (elsewhere / "smoke").write_text('game = "stonewall"\nplayers = 2\nseeds = 3\n')
    assert main(["sweep", "smoke", "--out", "mine.csv", "--dry-run"]) == 0
    assert capsys.readouterr().out.startswith("smoke: 3 stonewall games to run at 1 point;")
    (elsewhere / "smoke").unlink()
    (elsewhere / "smoke").mkdir()  # say, a report's folder: not a sweep file
    assert main(["sweep", "smoke", "--out", "mine.csv", "--dry-run"]) == 0
    assert capsys.readouterr().out.startswith(f"{SMOKE}: 16 stonewall games")


def test_an_unknown_name_is_one_line_listing_the_shipped_sweeps(
    elsewhere: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["sweep", "smoky", "--out", "smoke.csv"]) == 2
    line = one_error_line(capsys.readouterr().err)
    assert line.startswith("wobbletop: smoky: no such sweep file, nor a shipped sweep")
    assert line.endswith(f"a shipped sweep: {', '.join(SWEEPS)}")
    assert list(elsewhere.iterdir()) == []


def test_the_checkout_path_outside_the_checkout_names_the_shipped_sweep(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["sweep", "assets/sweeps/smoke.toml", "--out", "smoke.csv"]) == 2
    line = one_error_line(capsys.readouterr().err)
    assert line == (
        "wobbletop: assets/sweeps/smoke.toml: no such sweep file; the shipped sweep of that "
        "name runs from any folder as `wobbletop sweep smoke`"
    )
    assert main(["sweep", "no/such.toml", "--out", "smoke.csv"]) == 2
    assert one_error_line(capsys.readouterr().err) == "wobbletop: no/such.toml: no such sweep file"


def test_one_games_shipped_scenarios_replay_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["regress", "malloppo"]) == 0
    out = capsys.readouterr().out.splitlines()
    shipped = sorted(path.name for path in (assets_dir() / "scenarios" / "malloppo").glob("*"))
    assert [line.split()[0] for line in out[2:-1]] == shipped
    assert out[-1] == f"{len(shipped)} scenarios: {len(shipped)} ok, 0 mismatched, 0 broken"


def test_an_unknown_scenario_folder_name_is_one_line_listing_the_shipped_ones(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["regress", "malopo"]) == 2
    line = one_error_line(capsys.readouterr().err)
    assert line.startswith("wobbletop: malopo: no such scenario file or folder, nor a shipped")
    assert line.endswith(f"a shipped folder: {', '.join(SCENARIO_FOLDERS)}")
    assert main(["regress", "assets/scenarios/wallamoppi"]) == 2
    assert one_error_line(capsys.readouterr().err).endswith("as `wobbletop regress wallamoppi`")


@pytest.mark.parametrize(("command", "names"), [("sweep", SWEEPS), ("regress", SCENARIO_FOLDERS)])
def test_help_lists_the_shipped_names(
    command: str, names: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as done:
        main([command, "--help"])
    assert done.value.code == 0
    text = " ".join(capsys.readouterr().out.split())  # as wrapped to any terminal width
    assert ", ".join(names) in text
    assert "--worker-wait SECONDS" in text


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (
            ["sweep", "smoke", "--out", "s.csv", "--worker-wait", "5"],
            "wobbletop: --worker-wait 5: only with --scheduler ADDRESS "
            "(local runs have their workers at once)",
        ),
        (
            ["regress", "--scheduler", "tcp://127.0.0.1:1", "--worker-wait", "0"],
            "wobbletop: argument --worker-wait: '0'; allowed: a number of seconds greater than 0 "
            "(see `wobbletop regress --help`)",
        ),
    ],
)
def test_a_bad_worker_wait_is_one_line(
    argv: list[str], line: str, elsewhere: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    assert one_error_line(capsys.readouterr().err) == line
    assert list(elsewhere.iterdir()) == []
