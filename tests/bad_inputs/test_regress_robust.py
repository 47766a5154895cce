"""``wobbletop regress`` never aborts on one file, and ``--update`` never corrupts anything:
a crashing scenario is a broken row, ``-j`` is capped at the work, a golden that cannot be
written is one line in its row with the original intact and no temporary file left, writes go
through symlinks and keep permissions (new files follow the umask)."""

from __future__ import annotations

import errno
import os
import shutil
import stat
from pathlib import Path
from typing import Any

import pytest

from games.cli import main
from games.runs import regress, scenario

SHIPPED = Path(__file__).resolve().parents[2] / "assets" / "scenarios" / "freeplay"
QUICK = 'game = "freeplay"\nframes = 3\n'


def quick_files(folder: Path, count: int) -> list[Path]:
    paths = []
    for index in range(count):
        path = folder / f"s{index}.toml"
        path.write_text(QUICK, encoding="utf-8")
        paths.append(path)
    return paths


def test_a_crashing_scenario_is_a_broken_row_and_the_rest_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    quick_files(tmp_path, 3)
    real = scenario.replay

    def replay(loaded: Any, path: Path, **kwargs: Any) -> Any:
        if path.name == "s1.toml":
            raise RuntimeError("boom\nsecond line")
        return real(loaded, path, **kwargs)

    monkeypatch.setattr(scenario, "replay", replay)
    assert main(["regress", str(tmp_path)]) == 2
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert "s1.toml: crashed: RuntimeError: boom\\nsecond line" in out
    assert "3 scenarios: 0 ok, 0 mismatched, 3 broken" not in out
    assert "3 scenarios: 0 ok, 2 mismatched, 1 broken" in out  # no goldens yet: mismatched


def test_jobs_are_capped_at_the_number_of_scenarios(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    quick_files(tmp_path, 2)
    asked: list[int] = []

    def run_jobs(func: Any, jobs: list[Path], **how: Any) -> list[tuple[Path, Any]]:
        asked.append(how["workers"])
        return [(job, func(job)) for job in jobs]

    monkeypatch.setattr(regress, "run_jobs", run_jobs)
    assert main(["regress", str(tmp_path), "-j", "1000000000"]) == 1
    assert asked == [2]
    assert "2 scenarios" in capsys.readouterr().out


def test_update_that_cannot_write_is_one_line_leaves_the_file_and_no_tmp(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (path,) = quick_files(tmp_path, 1)
    before = path.read_bytes()

    def full_disk(*args: Any, **kwargs: Any) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(scenario.os, "replace", full_disk)
    assert main(["regress", str(tmp_path), "--update"]) == 2
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert "s0.toml: could not update the goldens: No space left on device" in out
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s0.toml"]


def test_update_writes_through_a_symlink_and_keeps_permissions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    real_folder = tmp_path / "real"
    real_folder.mkdir()
    (target,) = quick_files(real_folder, 1)
    os.chmod(target, 0o640)
    links = tmp_path / "links"
    links.mkdir()
    (links / "s0.toml").symlink_to(target)
    assert main(["regress", str(links), "--update"]) == 0
    capsys.readouterr()
    assert (links / "s0.toml").is_symlink()
    assert "[expect]" in target.read_text(encoding="utf-8")
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert sorted(p.name for p in real_folder.iterdir()) == ["s0.toml"]


def test_a_new_file_follows_the_umask(tmp_path: Path) -> None:
    old = os.umask(0o027)
    try:
        scenario.write_text_atomically(tmp_path / "new.toml", QUICK)
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.toml").stat().st_mode) == 0o640


def test_the_shipped_scenarios_still_run_in_parallel(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.copy(SHIPPED / "scripted_drop.toml", tmp_path / "drop.toml")
    quick_files(tmp_path, 1)
    (tmp_path / "bad.toml").write_text("game = ", encoding="utf-8")
    assert main(["regress", str(tmp_path), "-j", "8"]) == 2
    out = capsys.readouterr().out
    assert "3 scenarios: 1 ok, 1 mismatched, 1 broken" in out


def test_a_file_name_with_a_newline_stays_on_its_row(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "two\nlines.toml").write_text("game = ", encoding="utf-8")
    assert main(["regress", str(tmp_path)]) == 2
    out = capsys.readouterr().out
    assert "two\\nlines.toml: " in out
    assert not any(line.startswith("lines.toml") for line in out.splitlines())
