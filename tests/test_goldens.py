"""``regress --update`` rewrites only the goldens, keeping the file; a mismatch says what moved."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from games.cli import main
from games.runs.regress import default_folder

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

TOPPLES = default_folder() / "wallamoppi" / "off_centre_topples.toml"
STANDS = default_folder() / "wallamoppi" / "centred_stack_stands.toml"


def comments(text: str) -> list[str]:
    return [line for line in text.splitlines() if "#" in line]


def test_a_changed_constant_is_reported_field_by_field_and_body_by_body(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario = tmp_path / "stands.toml"
    shutil.copy(STANDS, scenario)
    with scenario.open("a", encoding="utf-8") as file:  # a deliberate physics change
        file.write("\n[config.world]\ngravity = 4000.0\n")
    assert main(["regress", str(scenario)]) == 1
    out = capsys.readouterr().out
    lines = [line.removeprefix("stands.toml: ") for line in out.splitlines()]
    moved = next(line for line in lines if line.startswith("bodies moved: "))
    # "bodies moved: N of 38: d21 0.123 mm, ...": the largest move first, in millimetres
    count, _, listed = moved.removeprefix("bodies moved: ").partition(": ")
    assert int(count.split(" of ")[0]) >= 1
    distances = [float(item.split()[1]) for item in listed.split(", ")[:5] if " mm" in item]
    assert distances and distances == sorted(distances, reverse=True) and distances[0] > 0.001
    golden = tomllib.loads(STANDS.read_text(encoding="utf-8"))["expect"]["digest"]
    assert any(line.startswith(f"digest: expected {golden[:12]}") for line in lines)


def test_a_changed_outcome_names_the_outcome_and_the_fields_that_moved(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario = tmp_path / "topples.toml"
    text = TOPPLES.read_text(encoding="utf-8")
    expected = tomllib.loads(text)["expect"]["outcome"]
    assert expected["reason"] == "tower fell"
    # A hundredth of Earth's gravity: the same pulls bring the tower down on the other side.
    scenario.write_text(text + "\n[config.world]\ngravity = 100.0\n", encoding="utf-8")
    assert main(["regress", str(scenario)]) == 1
    out = capsys.readouterr().out
    assert "topples.toml: outcome: expected tower fell (dark), got tower fell (light)" in out
    assert "topples.toml: fall: expected \"the tower's 2nd disk (dark)" in out
    row = out.splitlines()[2]
    assert "tower fell (light)" in row and "MISMATCH" in row


def test_update_rewrites_only_the_goldens_and_keeps_every_comment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario = tmp_path / "stands.toml"
    original = STANDS.read_text(encoding="utf-8")
    commented = (
        "# A tower of three: kept by --update\n"
        + original.replace("frames = 804", "frames = 804   # the frame limit", 1)
        .replace("[expect]", "# the goldens below are written by regress --update\n[expect]", 1)
        .replace("tower_height = 3", "tower_height = 3   # three disks", 1)
    )
    commented = commented.replace('digest = "188587b9', 'digest = "000087b9', 1)
    scenario.write_text(commented + "\n[config.world]\ngravity = 4000.0\n", encoding="utf-8")
    before = scenario.read_text(encoding="utf-8")

    assert main(["regress", str(scenario), "--update"]) == 0
    assert "1 goldens updated" in capsys.readouterr().out
    after = scenario.read_text(encoding="utf-8")
    assert comments(after) == comments(before)  # every comment, in its place in the order
    old, new = tomllib.loads(before), tomllib.loads(after)
    assert {k: v for k, v in old.items() if k != "expect"} == {
        k: v for k, v in new.items() if k != "expect"
    }
    # the lines before [expect] are byte for byte the same
    head = before[: before.index("# the goldens below")]
    assert after.startswith(head)
    assert new["expect"]["digest"] != old["expect"]["digest"]
    assert new["expect"]["bodies"] != old["expect"]["bodies"]
    assert main(["regress", str(scenario)]) == 0  # and it reproduces what was written


def test_a_stopped_scenario_shows_where_it_stopped_in_the_outcome_column(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["regress", str(STANDS)]) == 0
    row = capsys.readouterr().out.splitlines()[2]
    assert "stopped at frame 804, game not over (tower 3, 2 turns)" in row
    assert "unfinished" not in row
