"""Bad sweep files and bad ``--out`` / ``--resume`` targets through ``wobbletop sweep``.

Every case is refused before the first game: exit code 2, one line naming the file, the key and
what is allowed, no traceback, and nothing written (the results file is not made; a file that is
there keeps every byte). Written by hand (points that cannot run: an unknown option, a bad bot,
a bad delay, a grid value out of range, a malformed start position; results files that are not
ours) and generated from the shipped sweeps (every top-level key and every grid value replaced
by values of wrong kinds, an unknown option added).
"""

from __future__ import annotations

import errno
import io
import math
import os
import sys
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from datafiles.assets import assets_dir
from games.cli import main
from games.runs.sweep import MOST_GAMES, MOST_POINTS, run_sweep
from tests.bad_inputs.helpers import refused

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

SWEEPS = assets_dir() / "sweeps"
BOTS = 'game = "stonewall"\nseeds = 2\ncollect = ["winner"]\n'

# (id, sweep file text, fragments the one line must hold: the key, and what is allowed)
BAD_POINTS = [
    ("unknown_option", BOTS + "[options]\nbogus = 1\n",
     ["options.bogus: unknown option; allowed: bots, skill, bot_delay_frames"]),
    ("bad_bot_in_grid", BOTS + '[grid.options]\nbots = [["greedy", "nonsense"]]\n',
     ['point 0 (options.bots=["greedy","nonsense"])',
      "options.bots[1]: 'nonsense'; allowed: 'easy', 'normal', 'hard', 'greedy', "
      "'expectimax' or 'novice'"]),
    ("bad_bot_in_points", BOTS + '[[points]]\noptions = { bots = ["x", "greedy"] }\n',
     ["point 0", "options.bots[0]: 'x'; allowed: 'easy', 'normal', 'hard', 'greedy', "
      "'expectimax' or 'novice'"]),
    ("negative_delay", BOTS + "[options]\nbot_delay_frames = -1\n",
     ["options.bot_delay_frames: -1; allowed: greater than or equal to 0"]),
    ("delay_as_text", BOTS + '[options]\nbot_delay_frames = "fast"\n',
     ["options.bot_delay_frames: 'fast'; allowed: a valid integer"]),
    ("delay_too_long_in_grid", BOTS + "[grid.options]\nbot_delay_frames = [0, 1000000]\n",
     ["point 1 (options.bot_delay_frames=1000000)",
      "options.bot_delay_frames: 1000000; allowed: less than or equal to 100000"]),
    ("friction_out_of_range", BOTS + '[grid.config.friction]\nwood-wood = [0.5, 5.0]\n',
     ["point 1 (config.friction.wood-wood=5.0)", "config.friction.wood-wood: is 5.0; allowed"]),
    ("substeps_zero", BOTS + "[grid.config.world]\nsubsteps = [0]\n",
     ["config.world.substeps: is 0; allowed"]),
    ("players_out_of_range", BOTS + "[grid]\nplayers = [2, 9]\n",
     ["point 1 (players=9): players: is 9; allowed: 2 to 4 computer seats for stonewall"]),
    ("whacky_start_unknown_key",
     'game = "whacky"\nseeds = 1\n[options]\nstart = { foo = 1 }\n',
     ["options.start: saved Whacky Wit state: foo: unknown key; allowed: board"]),
    ("whacky_start_not_a_table", 'game = "whacky"\nseeds = 1\n[options]\nstart = 5\n',
     ["options.start: 5; allowed: a valid dictionary"]),
    ("malloppo_position_unknown_key",
     'game = "malloppo"\nseeds = 1\n[options]\nposition = { x = 1 }\n',
     ["options.position: saved Dammi il malloppo state: x: unknown key; allowed: board"]),
    ("malloppo_dice_out_of_range", 'game = "malloppo"\nseeds = 1\n[options]\ndice = [7]\n',
     ["options.dice[0]: 7; allowed"]),
    ("wallamoppi_skill_word", 'game = "wallamoppi"\nseeds = 1\n[options]\nskill = "clumsy"\n',
     ["options.skill", "allowed"]),
    ("animals_memory_of_a_seat_not_in_play",
     'game = "animals"\nseeds = 1\n[options]\nmemory = { green = 0.5 }\n',
     ["options.memory", "green"]),
    ("freeplay_script", 'game = "freeplay"\nseeds = 1\n[options]\nscript = "juggle"\n',
     ["options.script: 'juggle'; allowed: 'drop'"]),
    ("frames_past_an_hour", BOTS + "frames = 1000000000\n",
     ["frames 1000000000: allowed: a whole number from 1 to"]),
    ("seeds_past_the_limit", 'game = "stonewall"\nseeds = 10000001\n',
     ["seeds: is 10000001; allowed: a count (1 to 10000000)"]),
    ("points_past_the_limit",
     BOTS + "[grid.config.world]\nsubsteps = [" + ", ".join(["4"] * (MOST_POINTS + 1)) + "]\n",
     [f"grid: {MOST_POINTS + 1:,} points; allowed: at most {MOST_POINTS:,} points"]),
    ("games_past_the_limit",
     'game = "stonewall"\nseeds = 10000000\n[grid.options]\nbot_delay_frames = [0, 1]\n',
     [f"allowed: at most {MOST_GAMES:,} games in one sweep"]),
]


def shipped_variants() -> list[tuple[str, str]]:
    """(id, text): each shipped sweep with one value replaced by one of a wrong kind."""
    wrong: dict[str, Any] = {
        "text": "x", "boolean": True, "nan": math.nan, "negative": -1, "huge": 10**18,
        "table": {"zz": 1},
    }  # fmt: skip
    cases = []
    for path in sorted(SWEEPS.glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for key in ("game", "seeds", "players", "frames"):
            for kind, value in wrong.items():
                if key == "frames" and kind == "huge":
                    value = 10**9  # an int64 TOML can hold, past an hour of frames
                changed = {**data, key: value}
                cases.append((f"{path.stem}-{key}-{kind}", tomli_w.dumps(changed)))
        for kind_of_axis in ("options", "config"):
            axes = data.get("grid", {}).get(kind_of_axis, {})
            for name, leaf in _leaves(axes):
                for kind, value in wrong.items():
                    changed = tomllib.loads(path.read_text(encoding="utf-8"))
                    _set(changed["grid"][kind_of_axis], name, [*leaf, value])
                    cases.append(
                        (f"{path.stem}-grid.{kind_of_axis}.{name}-{kind}", tomli_w.dumps(changed))
                    )
        changed = tomllib.loads(path.read_text(encoding="utf-8"))
        changed.setdefault("options", {})["surplus_option"] = 1
        cases.append((f"{path.stem}-unknown-option", tomli_w.dumps(changed)))
    return cases


def _leaves(table: dict[str, Any], prefix: str = "") -> list[tuple[str, list[Any]]]:
    found: list[tuple[str, list[Any]]] = []
    for key, value in table.items():
        if isinstance(value, dict):
            found += _leaves(value, f"{prefix}{key}.")
        else:
            found.append((f"{prefix}{key}", value))
    return found


def _set(table: dict[str, Any], dotted: str, value: Any) -> None:
    *heads, last = dotted.split(".")
    for head in heads:
        table = table[head]
    table[last] = value


VARIANTS = shipped_variants()


def test_the_corpus_covers_every_shipped_sweep() -> None:
    assert len(BAD_POINTS) >= 20 and len(VARIANTS) >= 140
    for path in SWEEPS.glob("*.toml"):
        assert sum(case[0].startswith(f"{path.stem}-") for case in VARIANTS) >= 25, path


@pytest.mark.parametrize(("text", "fragments"), [c[1:] for c in BAD_POINTS],
                         ids=[c[0] for c in BAD_POINTS])  # fmt: skip
def test_a_point_that_cannot_run_refuses_the_sweep_before_any_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, fragments: list[str]
) -> None:
    sweep = tmp_path / "bad.toml"
    sweep.write_text(text, encoding="utf-8")
    out = tmp_path / "results.csv"
    line = refused(capsys, ["sweep", str(sweep), "--out", str(out)], sweep, out)
    assert line.startswith(f"wobbletop: {sweep}: "), line
    for fragment in fragments:
        assert fragment in line, line
    assert not out.exists()


@pytest.mark.parametrize("text", [c[1] for c in VARIANTS], ids=[c[0] for c in VARIANTS])
def test_a_shipped_sweep_with_a_wrong_value_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    sweep = tmp_path / "variant.toml"
    sweep.write_text(text, encoding="utf-8")
    out = tmp_path / "results.csv"
    line = refused(capsys, ["sweep", str(sweep), "--out", str(out)], sweep, out)
    assert line.startswith(f"wobbletop: {sweep}: ") and "allowed" in line, line


# --------------------------------------------------------------------------------------------
# --out and --resume


def _our_results(tmp_path: Path) -> tuple[Path, Path]:
    sweep = tmp_path / "bots.toml"
    sweep.write_text(BOTS, encoding="utf-8")
    out = tmp_path / "ours.csv"
    assert run_sweep(sweep, out, workers=1) == 0
    return sweep, out


NOT_OURS: list[tuple[str, bytes | None, str]] = [
    ("another_csv", b"a,b,c\n1,2,3\n", "its first line is not this sweep's header"),
    ("text_without_final_newline", b"my notes\nno newline at the end",
     "its first line is not this sweep's header"),
    ("one_line_without_newline", b"game,point,seed", "one line without a final newline"),
    ("utf16", "game,point,seed,players\n".encode("utf-16"), "line 1: not a line of a results"),
    ("latin1", "café,1\n".encode("latin-1"), "line 1: not UTF-8 text"),
    ("nul_bytes", b"\0\0\0\0\n", "line 1: not a line of a results file"),
    ("windows_line_ends", None, "line 1: not a line of a results file"),
    ("our_header_then_a_foreign_row", None, "line 2: not a row of this sweep"),
    ("our_header_then_an_unknown_status", None, "line 2: not a row of this sweep"),
    ("another_sweeps_results", None, "its columns are not this sweep's"),
]  # fmt: skip


@pytest.mark.parametrize(("content", "fragment"), [c[1:] for c in NOT_OURS],
                         ids=[c[0] for c in NOT_OURS])  # fmt: skip
def test_resume_onto_a_file_that_is_not_ours_changes_no_byte(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    request: pytest.FixtureRequest,
    content: bytes | None,
    fragment: str,
) -> None:
    sweep, ours = _our_results(tmp_path)
    header, first_row = ours.read_bytes().splitlines(keepends=True)[:2]
    case = request.node.callspec.id
    if content is None:
        content = {
            "windows_line_ends": header.replace(b"\n", b"\r\n") + first_row,
            "our_header_then_a_foreign_row": header + b"x,y\n",
            "our_header_then_an_unknown_status": header + first_row.replace(b",ok,", b",fine,"),
            "another_sweeps_results": header.replace(b"winner", b"digest") + first_row,
        }[case]
    target = tmp_path / "target.csv"
    target.write_bytes(content)
    args = ["sweep", str(sweep), "--out", str(target), "--resume"]
    line = refused(capsys, args, target)
    assert line.startswith(f"wobbletop: --out {target}: ") and fragment in line, line
    assert "--resume changes nothing in a file it did not write" in line
    assert "allowed: a new file, or --resume with the results file this sweep wrote" in line


@pytest.mark.parametrize("kind", ["fifo", "folder", "device", "missing_folder", "under_a_file",
                                  "results_without_resume"])  # fmt: skip
def test_an_out_that_cannot_take_results_is_one_line_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    sweep, ours = _our_results(tmp_path)
    target = {
        "fifo": tmp_path / "pipe.csv",
        "folder": tmp_path / "folder.csv",
        "device": Path(os.devnull),
        "missing_folder": tmp_path / "nowhere" / "r.csv",
        "under_a_file": ours / "r.csv",
        "results_without_resume": ours,
    }[kind]
    if kind == "fifo":
        os.mkfifo(target)  # appending to it would wait for a reader for ever
    elif kind == "folder":
        target.mkdir()
    fragment = {
        "fifo": "is not a regular file (a pipe, device or socket); allowed: a results file",
        "folder": "is a folder; allowed: a results file (.csv)",
        "device": "is not a regular file",
        "missing_folder": "does not exist",
        "under_a_file": "a part of the path is a file, not a folder",
        "results_without_resume": "already holds results; allowed: --resume",
    }[kind]
    kept = (ours,) if kind == "under_a_file" else (target, ours)
    for resume in ([], ["--resume"]) if kind != "results_without_resume" else ([],):
        line = refused(capsys, ["sweep", str(sweep), "--out", str(target), *resume], *kept)
        assert fragment in line, line


class _DiskFillsUp(io.StringIO):
    """A results file on a disk with room for ``rows`` more lines: then ENOSPC, as a full disk."""

    def __init__(self, path: Path, rows: int) -> None:
        super().__init__()
        self.path, self.rows = path, rows

    def flush(self) -> None:
        if self.rows <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        with open(self.path, "a", encoding="utf-8", newline="") as file:
            file.write(self.getvalue())
        self.seek(0)
        self.truncate()
        self.rows -= 1


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("room", [0, 3])
def test_a_full_disk_is_one_line_and_resume_runs_the_rest(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    room: int,
) -> None:
    from games.runs import sweep_results

    sweep = tmp_path / "bots.toml"
    sweep.write_text(BOTS.replace("seeds = 2", "seeds = 6"), encoding="utf-8")
    out = tmp_path / "r.csv"
    if room == 0:  # the kernel's own full disk: every write to /dev/full fails with ENOSPC
        full = "/dev/full"
        monkeypatch.setattr(sweep_results, "open_for_append", lambda path: open(full, "a"))  # noqa: SIM115
    else:
        monkeypatch.setattr(sweep_results, "open_for_append", lambda path: _DiskFillsUp(path, room))
    capsys.readouterr()
    assert main(["sweep", str(sweep), "--out", str(out), "-j", "1"]) == 2
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err and captured.err.count("\n") == 1, captured.err
    assert f"wobbletop: --out {out}: cannot write: the disk is full (No space left" in captured.err
    if room == 0:
        assert "--resume runs the games once there is room" in captured.err
        return
    assert "the 2 games that finished before are in it; --resume runs the rest" in captured.err
    monkeypatch.undo()
    assert run_sweep(sweep, out, resume=True, workers=1) == 0
    assert "4 games: 4 ok, 0 failed; 2 already in" in capsys.readouterr().out
    assert sorted(line.split(",")[2] for line in out.read_text().splitlines()[1:]) == list("012345")
