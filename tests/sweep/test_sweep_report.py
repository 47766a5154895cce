"""``wobbletop report``: per-point tables with 95 % intervals, PNG plots, a self-contained page."""

from __future__ import annotations

import csv
import math
import re
from pathlib import Path

import pytest
from sweep_helpers import write

from games.cli import main
from games.runs.report import read_results, wilson

HEADER = "game,point,seed,players,config.friction.wood-wood,status,error,winner,reason,tower_height,turns,frames\n"  # noqa: E501


def friction_results(folder: Path) -> Path:
    """A hand-made Wallamoppi results file: two frictions, known outcomes and heights."""
    lines = [HEADER]
    games = {
        # friction: (winner, reason, tower height) per seed
        "0.3": [("light", "tower fell", 4), ("light", "tower fell", 6), ("dark", "tower fell", 5),
                ("dark", "marble dropped", 8)],
        "0.9": [("dark", "marble dropped", 20), ("light", "marble dropped", 24),
                ("dark", "tower fell", 22), ("dark", "marble dropped", 26)],
    }  # fmt: skip
    for point, (friction, outcomes) in enumerate(games.items()):
        for seed, (winner, reason, height) in enumerate(outcomes):
            lines.append(
                f"wallamoppi,{point},{seed},2,{friction},ok,,{winner},{reason},{height},"
                f"{10 + seed},{1000 * (seed + 1)}\n"
            )
    lines.append("wallamoppi,1,4,2,0.9,game error,RuntimeError: boom,,,,,\n")
    return write(folder, "friction.csv", "".join(lines))


def test_wilson_interval_is_honest_at_the_edges() -> None:
    low, high = wilson(0, 10)
    assert low == 0 and high == pytest.approx(0.2775, abs=1e-3)
    low, high = wilson(5, 10)
    assert (low, high) == pytest.approx((0.2366, 0.7634), abs=1e-3)
    assert all(math.isnan(value) for value in wilson(0, 0))


def test_report_tables_plots_and_one_self_contained_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = friction_results(tmp_path)
    out = tmp_path / "report"
    assert main(["report", str(results), "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert f"report: {out / 'report.html'}" in printed
    with open(out / "points.csv", encoding="utf-8", newline="") as file:
        table = list(csv.DictReader(file))
    assert [row["config.friction.wood-wood"] for row in table] == ["0.3", "0.9"]
    low_friction, high_friction = table
    assert (low_friction["games"], high_friction["games"]) == ("4", "4")
    assert high_friction["failed"] == "1"
    assert low_friction["light wins (95 % interval)"] == "50 % (15–85)"
    assert high_friction["dark wins (95 % interval)"] == "75 % (30–95)"
    assert low_friction["outcome reasons"] == "tower fell 3; marble dropped 1"
    assert low_friction["tower height mean (95 %)"].startswith("5.75 (")
    assert high_friction["tower height max"] == "26"
    names = {path.name for path in out.iterdir()}
    assert {
        "report.html", "points.csv", "win_rate.png", "game_length.png",
        "outcomes_vs_config.friction.wood-wood.png",
        "tower_height_vs_config.friction.wood-wood.png",
    } <= names  # fmt: skip
    for name in names - {"report.html", "points.csv"}:
        assert (out / name).read_bytes().startswith(b"\x89PNG"), name
    page = (out / "report.html").read_text(encoding="utf-8")
    assert page.count('src="data:image/png;base64,') == 4
    assert not re.search(r'src="(?!data:)', page)  # nothing the page needs lives elsewhere
    assert "RuntimeError: boom" in page  # the failed game is listed


def test_report_of_a_bot_axis_gives_each_bot_its_win_rate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bots = ['"[""greedy"",""expectimax""]"', '"[""expectimax"",""greedy""]"']
    lines = ["game,point,seed,players,options.bots,status,error,winner,turns\n"]
    for seed, winner in enumerate(["blue", "blue", "red"]):
        lines.append(f"stonewall,0,{seed},2,{bots[0]},ok,,{winner},{20 + seed}\n")
    for seed, winner in enumerate(["red", "blue", "red"]):
        lines.append(f"stonewall,1,{seed},2,{bots[1]},ok,,{winner},{30 + seed}\n")
    results = write(tmp_path, "bots.csv", "".join(lines))
    assert main(["report", str(results), "--out", str(tmp_path / "r")]) == 0
    printed = capsys.readouterr().out
    # expectimax won 2 of 3 as blue and 2 of 3 as red: 4 of 6.
    assert re.search(r"expectimax\s+6\s+67 % \(30–90\)", printed), printed
    assert re.search(r"greedy\s+6\s+33 % \(10–70\)", printed), printed
    assert (tmp_path / "r" / "bot_win_rate.png").exists()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (None, "no such results file"),
        ("a,b\n1,2\n", "not a results file of wobbletop sweep (no column 'game')"),
        ("game,point,seed,players,status,error\n", "no games in it yet"),
    ],
)
def test_a_bad_results_file_is_one_line_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str | None, message: str
) -> None:
    path = tmp_path / "results.csv"
    if text is not None:
        write(tmp_path, "results.csv", text)
    assert main(["report", str(path), "--out", str(tmp_path / "r")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"wobbletop: {path}: {message}") and err.count("\n") == 1


def test_read_results_groups_rows_by_point(tmp_path: Path) -> None:
    results = read_results(friction_results(tmp_path))
    assert results.game == "wallamoppi" and results.axes == ["config.friction.wood-wood"]
    assert [len(point.rows) for point in results.points] == [4, 5]
    assert results.points[0].seats == ("dark", "light")


def test_outcome_shares_of_none_and_all_are_plotted(tmp_path: Path) -> None:
    # Every game at 0.3 ends one way, every game at 0.9 the other: rates of exactly 0 and 1.
    lines = [HEADER]
    for point, (friction, reason) in enumerate((("0.3", "tower fell"), ("0.9", "marble dropped"))):
        for seed in range(10):
            lines.append(f"wallamoppi,{point},{seed},2,{friction},ok,,dark,{reason},5,3,100\n")
    results = write(tmp_path, "all.csv", "".join(lines))
    assert main(["report", str(results), "--out", str(tmp_path / "r")]) == 0
    assert (tmp_path / "r" / "outcomes_vs_config.friction.wood-wood.png").exists()


def test_a_players_axis_is_a_column_and_each_point_has_its_seats(tmp_path: Path) -> None:
    lines = ["game,point,seed,players,status,error,winner,turns\n"]
    lines += [f"stonewall,0,{seed},2,ok,,red,20\n" for seed in range(3)]
    lines += [f"stonewall,1,{seed},4,ok,,yellow,40\n" for seed in range(3)]
    results = read_results(write(tmp_path, "players.csv", "".join(lines)))
    assert results.axes == ["players"]
    assert [point.seats for point in results.points] == [
        ("red", "blue"),
        ("red", "blue", "green", "yellow"),
    ]
    assert main(["report", str(results.path), "--out", str(tmp_path / "r")]) == 0
    with open(tmp_path / "r" / "points.csv", encoding="utf-8", newline="") as file:
        table = list(csv.DictReader(file))
    assert [row["players"] for row in table] == ["2", "4"]
    assert table[0]["yellow wins (95 % interval)"] == ""  # no yellow seat at 2 players
    assert table[1]["yellow wins (95 % interval)"] == "100 % (44–100)"
    assert (tmp_path / "r" / "outcomes_vs_players.png").exists()


def test_the_seats_column_says_which_seats_played(tmp_path: Path) -> None:
    # Dammi il malloppo seats red and green at two players, not the first two names.
    seats = '"[""red"",""green""]"'
    lines = ["game,point,seed,players,status,error,seats,winner\n"]
    lines += [f"malloppo,0,{seed},2,ok,,{seats},{w}\n" for seed, w in enumerate("ggr")]
    lines = [line.replace(",g\n", ",green\n").replace(",r\n", ",red\n") for line in lines]
    results = read_results(write(tmp_path, "seats.csv", "".join(lines)))
    assert results.points[0].seats == ("red", "green")
    assert main(["report", str(results.path), "--out", str(tmp_path / "r")]) == 0
    with open(tmp_path / "r" / "points.csv", encoding="utf-8", newline="") as file:
        (row,) = list(csv.DictReader(file))
    assert row["green wins (95 % interval)"] == "67 % (21–94)"
    assert "blue wins (95 % interval)" not in row


def test_report_without_its_extra_says_what_to_install(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A player's install has no matplotlib (the ``report`` extra): one line, exit 2, and
    nothing written."""
    import importlib.util

    real = importlib.util.find_spec

    def without_matplotlib(name: str, *args: object, **kwargs: object) -> object:
        return None if name == "matplotlib" else real(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(importlib.util, "find_spec", without_matplotlib)
    out = tmp_path / "r"
    assert main(["report", str(friction_results(tmp_path)), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "pip install 'wobbletop[report]'" in err and err.count("\n") == 1
    assert not out.exists()
