"""Saved games (games/runs/saves.py): every game saved part-way resumes, in a fresh process, to the
same end as the game played without a break; a save that cannot be resumed is one line."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from datafiles.assets import assets_dir
from games.cli import main
from games.runs.headless import play_headless
from games.runs.saves import (
    SAVE_FORMAT,
    Resuming,
    SaveError,
    ago,
    load_save,
    resume,
    save_name,
    saved_games,
    saves_folder,
)

# Where to break each game (frames): part-way through, before its end with seed 2.
BREAKS = {
    "freeplay": 200,
    "wallamoppi": 4000,
    "animals": 3000,
    "stonewall": 40,
    "malloppo": 30,
    "whacky": 120,
}
FINAL = ("digest", "frames", "reason", "winner")


def wobbletop(repo_root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "games", *args],
        cwd=repo_root,
        capture_output=True,
        text=True,
        timeout=600,
    )


@pytest.mark.parametrize("game", sorted(BREAKS))
def test_a_game_saved_part_way_resumes_in_a_fresh_process_to_the_same_end(
    game: str, tmp_path: Path, repo_root: Path
) -> None:
    whole = play_headless(game, None, 2)
    save = tmp_path / "part.toml"
    breaking = ("run", game, "--seed", "2", "--frames", str(BREAKS[game]), "--save", str(save))
    first = wobbletop(repo_root, *breaking)
    assert first.returncode == 0, first.stderr
    part = json.loads(first.stdout)
    assert part["frames"] == BREAKS[game] and part["winner"] is None  # not over yet
    assert f"to {save}" in first.stderr
    resumed = wobbletop(repo_root, "run", "--resume", str(save))
    assert resumed.returncode == 0, resumed.stderr
    after = json.loads(resumed.stdout)
    assert {key: after.get(key) for key in FINAL} == {key: whole.get(key) for key in FINAL}
    assert after["frames"] > BREAKS[game]


def test_a_save_says_what_game_how_far_and_which_board(tmp_path: Path) -> None:
    save = tmp_path / "s.toml"
    assert main(["run", "stonewall", "--seed", "2", "--frames", "40", "--save", str(save)]) == 0
    scenario = load_save(save)
    assert scenario.game == "stonewall" and scenario.seed == 2 and scenario.frames == 40
    assert scenario.save is not None and scenario.save.format == SAVE_FORMAT
    assert scenario.save.summary.startswith("turn ")
    assert set(scenario.save.files) == {"stonewall/board.toml"}


def test_a_save_never_replaces_a_file(tmp_path: Path) -> None:
    save = tmp_path / "s.toml"
    save.write_text("mine\n", encoding="utf-8")
    assert main(["run", "malloppo", "--seed", "1", "--frames", "10", "--save", str(save)]) == 0
    assert save.read_text(encoding="utf-8") == "mine\n"
    assert load_save(tmp_path / "s-2.toml").game == "malloppo"


def one_line_refusal(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(list(args)) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "Traceback" not in err[0], err
    return err[0]


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    save = tmp_path / "s.toml"
    assert main(["run", "whacky", "--seed", "3", "--frames", "60", "--save", str(save)]) == 0
    return save


def test_a_scenario_without_a_save_table_is_not_resumed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario = next((assets_dir() / "scenarios" / "stonewall").glob("*.toml"), None) or next(
        (assets_dir() / "scenarios").rglob("*.toml")
    )
    line = one_line_refusal(capsys, "run", "--resume", str(scenario))
    assert "not a save (no [save] table)" in line and "wobbletop regress" in line


def test_a_save_from_a_newer_format_is_refused(
    saved: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = saved.read_text(encoding="utf-8").replace(
        f"format = {SAVE_FORMAT}", f"format = {SAVE_FORMAT + 1}"
    )
    saved.write_text(text, encoding="utf-8")
    line = one_line_refusal(capsys, "run", "--resume", str(saved))
    assert "newer wobbletop" in line and f"reads format {SAVE_FORMAT}" in line


def test_a_save_whose_board_changed_is_refused(
    saved: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assets = tmp_path / "assets"
    shutil.copytree(assets_dir(), assets)
    board = assets / "whacky" / "board.toml"
    board.write_text(board.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    monkeypatch.setenv("WOBBLETOP_ASSETS", str(assets))
    line = one_line_refusal(capsys, "run", "--resume", str(saved))
    assert "whacky/board.toml has changed since the game was saved" in line


def test_an_edited_history_that_does_not_reach_the_saved_state_is_refused(
    saved: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = saved.read_text(encoding="utf-8").replace("seed = 3", "seed = 4")
    saved.write_text(text, encoding="utf-8")
    line = one_line_refusal(capsys, "run", "--resume", str(saved))
    assert "does not reach the saved state" in line


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda text: text[: len(text) // 2], ""),  # cut short: whatever TOML says, one line
        (lambda text: text.replace('saved_at = "', 'saved_at = "yesterday '), "save.saved_at"),
        (lambda text: text.replace("[save]\n", "[save]\nextra = 1\n"), "save.extra: unknown key"),
    ],
)
def test_a_truncated_or_edited_save_is_one_line(
    saved: Path, capsys: pytest.CaptureFixture[str], edit: object, message: str
) -> None:
    before = saved.read_text(encoding="utf-8")
    saved.write_text(edit(before), encoding="utf-8")  # type: ignore[operator]
    assert message in one_line_refusal(capsys, "run", "--resume", str(saved))


def test_a_save_with_people_at_it_resumes_only_in_the_window(
    saved: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = saved.read_text(encoding="utf-8").replace('"computer",\n]', '"human",\n]')
    saved.write_text(text, encoding="utf-8")
    assert '"human"' in text
    line = one_line_refusal(capsys, "run", "--resume", str(saved))
    assert "resumes in the window: wobbletop play --resume" in line


def test_resume_takes_no_game_of_its_own(
    saved: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert "give GAME or --resume, not both" in one_line_refusal(
        capsys, "run", "stonewall", "--resume", str(saved)
    )


def test_a_save_is_a_scenario_that_regress_replays_to_its_digest(
    saved: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["regress", str(saved)]) == 0
    assert "1 ok" in capsys.readouterr().out


def test_a_save_into_a_missing_folder_is_refused_before_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = one_line_refusal(
        capsys, "run", "stonewall", "--save", str(tmp_path / "nowhere" / "s.toml")
    )
    assert line.startswith("wobbletop: --save ") and "does not exist" in line


# -- where the window keeps saves, and resuming a slice at a time --------------------------------


def test_the_saves_folder_is_the_flag_else_the_environment_else_the_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, user_home: Path
) -> None:
    monkeypatch.delenv("WOBBLETOP_SAVES", raising=False)
    assert saves_folder() == user_home / "data" / "saves"
    monkeypatch.setenv("WOBBLETOP_SAVES", str(tmp_path / "env"))
    assert saves_folder() == tmp_path / "env"
    assert saves_folder(tmp_path / "flag") == tmp_path / "flag"
    assert not (tmp_path / "env").exists()  # nothing is created until a save is written


def test_a_save_is_named_after_its_game_and_the_local_time() -> None:
    when = datetime(2026, 12, 1, 21, 30, 59)
    assert save_name("stonewall", when) == "stonewall-2026-12-01-2130.toml"


@pytest.mark.parametrize(
    ("seconds", "words"),
    [(5, "just now"), (12 * 60 + 5, "12 min ago"), (3 * 3600, "3 h ago"),
     (30 * 3600, "yesterday"), (5 * 86400, "5 days ago"), (40 * 86400, "on 22 Oct 2026")],
)
def test_how_long_ago_a_game_was_saved_is_said_in_words(seconds: int, words: str) -> None:
    now = datetime(2026, 12, 1, 12, 0, tzinfo=timezone.utc)  # noon: the same date in most zones
    assert ago(now - timedelta(seconds=seconds), now) == words


@pytest.mark.parametrize("slice_frames", [1, 7, 1000])
def test_resuming_a_slice_at_a_time_reaches_the_saved_state_whatever_the_slices(
    saved: Path, slice_frames: int
) -> None:
    scenario = load_save(saved)
    resuming = Resuming(scenario, saved)
    seen = []
    while not resuming.step(slice_frames):
        seen.append(resuming.fraction)
    assert seen == sorted(seen) and all(0 < f < 1 for f in seen)
    assert len(seen) == -(-scenario.frames // slice_frames) - 1
    assert resuming.session.frame == scenario.frames == 60
    assert resuming.session.digest() == resume(scenario, saved).digest()


def test_resuming_an_edited_history_fails_at_the_end_with_one_line(saved: Path) -> None:
    saved.write_text(saved.read_text(encoding="utf-8").replace("seed = 3", "seed = 4"),
                     encoding="utf-8")
    resuming = Resuming(load_save(saved), saved)
    with pytest.raises(SaveError, match="does not reach the saved state"):
        while not resuming.step(25):
            pass


def test_the_menus_line_says_game_seats_how_far_and_when(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    save = folder / "stonewall-2026-12-01-2130.toml"
    assert main(["run", "stonewall", "--seed", "2", "--players", "4", "--frames", "40",
                 "--save", str(save)]) == 0
    (listed,) = saved_games(folder)
    saved_at = listed.when
    line = listed.line(saved_at + timedelta(minutes=12))
    turn = load_save(save).save.summary  # type: ignore[union-attr]
    assert line == f"Stonewall, 4 players, {turn}, 12 min ago" and turn.startswith("turn ")


def test_a_dice_save_holds_the_rule_engines_state_and_an_edited_one_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "s.toml"
    assert main(["run", "malloppo", "--seed", "1", "--frames", "30", "--save", str(save)]) == 0
    capsys.readouterr()
    scenario = load_save(save)
    assert scenario.save is not None
    state = json.loads(scenario.save.state)
    assert {"board", "hands", "current", "phase", "roll"} <= set(state["rules"])
    text = save.read_text(encoding="utf-8")
    edited = text.replace('\\"bot_wait\\":', '\\"bot_wait\\": 1, \\"x\\":', 1)
    assert edited != text
    save.write_text(edited, encoding="utf-8")
    line = one_line_refusal(capsys, "run", "--resume", str(save))
    assert "save.state: not the state the game's history reaches" in line
