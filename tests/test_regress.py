"""``wobbletop regress``: the table, exit codes, --update, parallel runs, the shipped goldens."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from games.cli import main
from games.runs.regress import default_folder, run_regress

SHIPPED = default_folder() / "freeplay"
HEADER_COMMENT = "# kept by --update"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """Two shipped Free-play scenarios (one in a subfolder), one with a wrong golden digest."""
    (tmp_path / "nested").mkdir()
    shutil.copy(SHIPPED / "flick_throws_disk.toml", tmp_path / "flick.toml")
    shutil.copy(SHIPPED / "marble_low_gravity.toml", tmp_path / "nested" / "marble.toml")
    assert run_regress(tmp_path, update=True) == 0  # goldens of today's physics
    marble = tmp_path / "nested" / "marble.toml"
    text = marble.read_text(encoding="utf-8")
    digest_line = next(line for line in text.splitlines() if line.startswith("digest = "))
    marble.write_text(
        HEADER_COMMENT + "\n" + text.replace(digest_line, 'digest = "' + "0" * 64 + '"'),
        encoding="utf-8",
    )
    return tmp_path


def test_shipped_scenarios_reproduce_their_goldens(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # After a deliberate physics change: `wobbletop regress --update`, review, commit.
    monkeypatch.chdir(tmp_path)  # `wobbletop regress` alone finds them from any folder
    code = main(["regress"])
    out = capsys.readouterr().out
    assert code == 0, out
    count = len(list(default_folder().rglob("*.toml")))
    assert out.splitlines()[-1] == f"{count} scenarios: {count} ok, 0 mismatched, 0 broken"
    assert len(list(SHIPPED.glob("*.toml"))) >= 3


def test_a_wrong_golden_fails_and_update_fixes_it(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["regress", str(folder)]) == 1
    out = capsys.readouterr().out
    marble_row = next(line for line in out.splitlines() if line.startswith("nested/marble.toml"))
    assert "MISMATCH" in marble_row and "freeplay" in marble_row
    flick_row = next(line for line in out.splitlines() if line.startswith("flick.toml "))
    assert "MISMATCH" not in flick_row
    assert "nested/marble.toml: digest: expected 000000000000…" in out

    assert main(["regress", str(folder), "--update"]) == 0
    assert "1 goldens updated" in capsys.readouterr().out
    marble = (folder / "nested" / "marble.toml").read_text(encoding="utf-8")
    assert marble.startswith(HEADER_COMMENT) and "0" * 64 not in marble
    assert "[config.world]" in marble  # the rest of the file is kept

    assert main(["regress", str(folder)]) == 0


def test_a_single_scenario_file_can_be_named(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["regress", str(folder / "flick.toml")]) == 0
    assert "1 scenarios: 1 ok" in capsys.readouterr().out
    assert main(["regress", str(folder / "nested" / "marble.toml")]) == 1  # its wrong golden
    assert "marble.toml: digest: expected 000000000000…" in capsys.readouterr().out


def test_parallel_run_gives_the_same_table(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["regress", str(folder), "-j", "2"]) == 1
    rows = [line.split()[:5] for line in capsys.readouterr().out.splitlines()[2:4]]
    assert main(["regress", str(folder)]) == 1
    assert rows == [line.split()[:5] for line in capsys.readouterr().out.splitlines()[2:4]]
    assert [row[0] for row in rows] == ["flick.toml", "nested/marble.toml"]


def test_a_broken_file_is_reported_and_exits_2(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (folder / "broken.toml").write_text('game = "freeplay"\nseed = "x"\n', encoding="utf-8")
    assert main(["regress", str(folder)]) == 2
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if line.startswith("broken.toml "))
    assert row.split()[:3] == ["broken.toml", "?", "ERROR"]
    assert "\nbroken.toml: seed: is 'x'" in out


def test_an_empty_folder_is_a_one_line_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["regress", str(tmp_path)]) == 2
    assert "no scenario files" in capsys.readouterr().err
