"""Bad inputs of ``wobbletop report``: results files that are not a sweep's, and ``--out``.

Every case: exit code 2, one line naming the file (and the line or key) and what is allowed, no
traceback, no hang (a FIFO, ``/dev/zero``), and nothing written (the report folder is not made).
Written by hand and generated from a real sweep's results (each input cell of a row replaced by
a value no sweep writes, a cell added or taken away, a header column dropped or repeated).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from games.runs.report import MAX_RESULTS_BYTES
from games.runs.sweep import MOST_POINTS
from tests.bad_inputs.helpers import refused, spoil

HEADER = "game,point,seed,players,options.bots,status,error,seats,winner,turns\n"
ROW = 'stonewall,0,{seed},2,"[""greedy"",""greedy""]",ok,,"[""red"",""blue""]",red,30\n'
GOOD = HEADER + "".join(ROW.format(seed=seed) for seed in range(3))

# (id, file bytes, a fragment of the one line)
HAND_WRITTEN: list[tuple[str, bytes, str]] = [
    ("another_csv", b"a,b\n1,2\n", "not a results file of wobbletop sweep (no column 'game')"),
    ("header_only", HEADER.encode(), "no games in it yet"),
    ("empty", b"", "no games in it yet"),
    ("header_cut_off", HEADER.rstrip("\n").encode(), "its header line is cut off"),
    ("utf16", GOOD.encode("utf-16"), "line 1: not a line of text"),
    ("latin1", (HEADER + ROW.format(seed=0).replace("red,30", "rouge é,30")).encode("latin-1"),
     "line 2: not UTF-8 text"),
    ("nul_bytes", GOOD.encode().replace(b"red,30", b"red\0,30"), "line 2: not a line of text"),
    ("windows_line_ends", GOOD.replace("\n", "\r\n").encode(), "line 1: not a line of text"),
    ("repeated_column", HEADER.replace("turns", "winner").encode() + ROW.format(seed=0).encode(),
     "line 1: empty or repeated column names"),
    ("row_too_long_inside", (HEADER + ROW.format(seed=0).replace("\n", ",extra\n")
                             + ROW.format(seed=1)).encode(),
     "line 2: 11 cells where the header has 10"),
    ("point_not_a_number", GOOD.replace("stonewall,0,1,", "stonewall,first,1,").encode(),
     "line 3: point: 'first'; allowed: a whole number of at least 0"),
    ("seed_negative", GOOD.replace("stonewall,0,1,", "stonewall,0,-1,").encode(),
     "line 3: seed: '-1'; allowed: a whole number"),
    ("players_huge", GOOD.replace(",1,2,", ",1," + "9" * 40 + ",").encode(), "line 3: players:"),
    ("status_unknown", GOOD.replace(",ok,", ",fine,", 1).encode(),
     "line 2: status: 'fine'; allowed: ok, config error, game error, worker died"),
    ("game_empty", GOOD.replace("stonewall,0,2,", ",0,2,").encode(), "line 4: game: empty"),
    ("two_games", GOOD.replace("stonewall,0,2,", "whacky,0,2,").encode(),
     "games 'stonewall, whacky'; allowed: one game per results file"),
    ("escape_codes", GOOD.replace(",ok,", ",\x1b[2J,", 1).encode(), "status: '\\x1b[2J'"),
]  # fmt: skip


def generated() -> list[tuple[str, bytes, str]]:
    """Each input cell of a good row replaced by values no sweep writes, cells added and taken
    away, each required header column dropped."""
    columns = HEADER.rstrip("\n").split(",")
    cases = []
    for column in ("point", "seed", "players", "status"):
        index = columns.index(column)
        for kind, value in (("empty", ""), ("text", "x"), ("negative", "-3"), ("float", "1.5"),
                            ("space", " 1"), ("unicode_digit", "١")):  # fmt: skip
            if column == "status" and kind == "text":
                continue  # the same as any unknown word
            lines = GOOD.splitlines(keepends=True)
            cells = lines[2].rstrip("\n").split(",")
            # the options.bots and seats cells hold quoted commas: rebuild by index on the plain
            # cells before them (point, seed, players) or after (status)
            if index < 4:
                cells[index] = value
            else:
                cells[cells.index("ok")] = value
            lines[2] = ",".join(cells) + "\n"
            cases.append((f"{column}_{kind}", "".join(lines).encode(), f"line 3: {column}:"))
    for column in ("game", "point", "seed", "players", "status", "error"):
        header = ",".join(c for c in columns if c != column) + "\n"
        cases.append((f"header_without_{column}", (header + ROW.format(seed=0)).encode(),
                      f"(no column '{column}')"))  # fmt: skip
    lines = GOOD.splitlines(keepends=True)
    cases.append(("row_short_inside", (lines[0] + "stonewall,0,9\n" + lines[1]).encode(),
                  "line 2: 3 cells where the header has 10"))  # fmt: skip
    return cases


GENERATED = generated()


def test_the_corpus_is_big_enough() -> None:
    assert len(HAND_WRITTEN) >= 15 and len(GENERATED) >= 25


@pytest.mark.parametrize(
    ("content", "fragment"),
    [case[1:] for case in HAND_WRITTEN + GENERATED],
    ids=[case[0] for case in HAND_WRITTEN + GENERATED],
)
def test_a_bad_results_file_is_one_line_and_no_report_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes, fragment: str
) -> None:
    results = tmp_path / "results.csv"
    results.write_bytes(content)
    out = tmp_path / "report"
    line = refused(capsys, ["report", str(results), "--out", str(out)], results, out)
    assert line.startswith(f"wobbletop: {results}: ") and fragment in line, line
    assert "allowed" in line or "no games in it yet" in line, line


def test_a_good_file_passes_the_same_checks(tmp_path: Path) -> None:
    from games.runs.report import read_results

    results = tmp_path / "results.csv"
    results.write_text(GOOD + ROW.format(seed=3)[:20], encoding="utf-8")  # a sweep still running
    assert [row["seed"] for row in read_results(results).points[0].rows] == ["0", "1", "2"]


@pytest.mark.parametrize("kind", ["fifo", "dev_zero", "folder", "missing", "huge", "many_points"])
def test_a_results_file_that_is_not_a_good_file_is_one_line_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    results = tmp_path / "results.csv"
    if kind == "dev_zero":
        results = Path("/dev/zero")  # reading it would fill memory
    elif kind == "many_points":
        row = ROW.format(seed=0)
        rows = "".join(row.replace(",0,0,", f",{p},0,") for p in range(MOST_POINTS + 1))
        results.write_text(HEADER + rows, encoding="utf-8")
    else:  # a FIFO: reading it would wait for a writer for ever
        spoil(results, kind, huge_bytes=MAX_RESULTS_BYTES + 1)
    fragment = {
        "fifo": "is not a regular file (a pipe, device or socket); allowed: a results file",
        "dev_zero": "is not a regular file",
        "folder": "is a folder; allowed: a results file (.csv)",
        "missing": "no such results file",
        "huge": f"allowed: a results file of at most {MAX_RESULTS_BYTES:,} bytes",
        "many_points": f"allowed: at most {MOST_POINTS:,} points in one report",
    }[kind]
    out = tmp_path / "report"
    line = refused(capsys, ["report", str(results), "--out", str(out)], out)
    assert fragment in line, line


@pytest.mark.parametrize("kind", ["file", "fifo"])
def test_an_out_that_is_not_a_folder_is_refused_before_anything_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    results = tmp_path / "results.csv"
    results.write_text(GOOD, encoding="utf-8")
    out = tmp_path / "report"
    if kind == "file":
        out.write_text("my notes\n", encoding="utf-8")
    else:
        os.mkfifo(out)
    line = refused(capsys, ["report", str(results), "--out", str(out)], results, out)
    assert f"--out {out}: is a file, not a folder; allowed: a folder for the report" in line


def test_a_full_disk_while_writing_the_report_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import errno

    from games.runs import report

    def no_room(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(report, "_write_csv", no_room)
    results = tmp_path / "results.csv"
    results.write_text(GOOD, encoding="utf-8")
    out = tmp_path / "report"
    line = refused(capsys, ["report", str(results), "--out", str(out)], results)
    assert line == (
        f"wobbletop: --out {out}: cannot write the report: the disk is full (No space left on "
        "device); what was written is incomplete: run the report again once there is room"
    )
