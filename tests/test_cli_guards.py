"""Command-line checks made before anything runs: seeds, the --record file, regress and --config.

A bad value must be one line naming the flag and what is allowed, before any window opens, so
nothing is played and then lost.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from games.cli import main
from tests.fake_app import fake_window


def one_error_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


@pytest.mark.parametrize("command", [["play", "freeplay"], ["run", "freeplay", "--headless"]])
@pytest.mark.parametrize("seed", ["-1", "--seed=-5", "x"])
def test_a_negative_or_non_numeric_seed_is_refused_by_argparse(
    command: list[str],
    seed: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    opened = fake_window(monkeypatch)
    argv = [*command, seed] if seed.startswith("--") else [*command, "--seed", seed]
    assert main(argv) == 2
    line = one_error_line(capsys)
    assert line.startswith("wobbletop: argument --seed: ")
    assert "allowed: a whole number of at least 0" in line
    assert opened == []


def test_seed_zero_is_a_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    opened = fake_window(monkeypatch)
    assert main(["play", "freeplay", "--seed", "0"]) == 0
    assert opened == [("freeplay", 0, None)]


@pytest.mark.parametrize(
    ("where", "problem"),
    [
        ("missing/case.toml", "does not exist"),
        ("a_file.txt/case.toml", "is not a folder"),
        (".", "is a folder"),
    ],
)
def test_a_record_file_that_cannot_be_written_is_refused_before_playing(
    tmp_path: Path,
    where: str,
    problem: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    (tmp_path / "a_file.txt").write_text("not a folder", encoding="utf-8")
    opened = fake_window(monkeypatch)
    target = tmp_path / where
    assert main(["play", "freeplay", "--record", str(target)]) == 2
    line = one_error_line(capsys)
    assert line.startswith(f"wobbletop: --record {target}: ")
    assert problem in line and "allowed: a file in a writable folder" in line
    assert opened == []


def test_a_record_file_in_an_existing_folder_is_accepted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened = fake_window(monkeypatch)
    target = str(tmp_path / "case.toml")
    assert main(["play", "freeplay", "--record", target]) == 0
    assert opened == [("freeplay", None, target)]


SHORT_SCENARIO = 'game = "freeplay"\nframes = 5\n'


@pytest.mark.parametrize("before", [True, False], ids=["flag-first", "flag-after"])
def test_regress_says_it_ignores_config(
    tmp_path: Path, before: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "case.toml").write_text(SHORT_SCENARIO, encoding="utf-8")
    user = tmp_path / "mine.cfg"
    user.write_text("[world]\ngravity = 1.0\n", encoding="utf-8")
    rest = ["regress", str(tmp_path), "--update"]
    argv = ["--config", str(user), *rest] if before else [*rest, "--config", str(user)]
    assert main(argv) == 0
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [
        f"wobbletop: note: regress ignores --config {user}; "
        "each scenario uses only its own [config]"
    ]


def test_regress_without_config_prints_no_note(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "case.toml").write_text(SHORT_SCENARIO, encoding="utf-8")
    assert main(["regress", str(tmp_path), "--update"]) == 0
    assert capsys.readouterr().err == ""
