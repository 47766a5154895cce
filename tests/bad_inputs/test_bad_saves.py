"""A corpus of bad saves for every game: each is refused in one line, and nothing is written.

For each of the six games a real save is made (``wobbletop run GAME --frames N --save F``;
for Free play also one with a player's inputs in it, from a shipped scenario through
:func:`games.runs.saves.write_save`), then broken one way at a time: cut short, a changed seed, a
changed or added input, an unknown key, a wrong type, a newer ``save.format``, a missing
``[save]`` or ``[expect]`` table, an edited digest or data-file hash. Each must be refused by
``wobbletop run --resume`` with exit 2 and one line (no traceback), and by
:func:`games.runs.saves.load_save` / :func:`games.runs.saves.resume` with a one-line ``UserError``;
the save's bytes stay as they were and no file appears in its folder or the player's folders.
tests/test_saves.py has the cases first written for Whacky Wit alone; this extends them to
every game (the message each case must name is checked here too).
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from datafiles.assets import assets_dir
from games.cli import main
from games.core.errors import UserError
from games.core.userdirs import user_config_dir, user_data_dir
from games.runs.saves import SAVE_FORMAT, load_save, resume, write_save
from games.runs.scenario import load_scenario, start_session
from tests.bad_inputs.helpers import refused, snapshot

# A save part-way through each game (frames), all computers playing, seed 2.
FRAMES = {
    "freeplay": 60,
    "wallamoppi": 120,
    "animals": 120,
    "stonewall": 40,
    "malloppo": 30,
    "whacky": 60,
}
WITH_INPUTS = "freeplay-inputs"  # a save holding a player's drags (Free play has no seats)

Edit = Callable[[str], str]


def without_table(name: str) -> Edit:
    """Drop the table ``[name]`` and its sub-tables ``[name.x]``."""

    def edit(text: str) -> str:
        kept, dropping = [], False
        for line in text.splitlines(keepends=True):
            header = re.match(r"\[([^\[\]]+)\]\s*$", line)
            if header:
                dropping = header.group(1) == name or header.group(1).startswith(f"{name}.")
            if not dropping:
                kept.append(line)
        return "".join(kept)

    return edit


def replaced(pattern: str, replacement: str) -> Edit:
    def edit(text: str) -> str:
        changed, count = re.subn(pattern, replacement, text, count=1, flags=re.MULTILINE)
        assert count == 1, pattern
        return changed

    return edit


def first_line(line: str) -> Edit:
    """Put ``line`` at the top (top-level keys come before the first table)."""
    return lambda text: f"{line}\n{text}"


def added_input(text: str) -> str:
    """An input no player made: a made-up action at frame 3."""
    entry = '{ frame = 3, action = "fly" }'
    if "\ninput = [\n" in text:
        return text.replace("\ninput = [\n", f"\ninput = [\n    {entry},\n", 1)
    return f"input = [{entry}]\n{text}"


# (id, edit, a fragment the one-line refusal must hold); every game gets every case.
CASES: list[tuple[str, Edit, str]] = [
    ("cut_in_half", lambda text: text[: len(text) // 2], ""),
    ("cut_to_a_third", lambda text: text[: len(text) // 3], ""),
    ("empty", lambda text: "", ""),
    ("not_toml", lambda text: text.replace("[save]", "[save", 1), ""),
    ("seed_changed", replaced(r"^seed = \d+", "seed = 977"), "does not reach the saved state"),
    ("seed_text", replaced(r"^seed = (\d+)", r'seed = "\1"'), "seed"),
    ("frames_text", replaced(r"^frames = (\d+)", r'frames = "\1"'), "frames"),
    ("frames_negative", replaced(r"^frames = (\d+)", "frames = -1"), "frames"),
    ("game_unknown", replaced(r'^game = "\w+"', 'game = "chess"'), "chess"),
    ("unknown_key", first_line("cheat = 1"), "cheat"),
    ("unknown_save_key", replaced(r"^\[save\]$", "[save]\nextra = 1"), "save.extra"),
    ("input_added", lambda text: added_input(text), "input"),
    ("format_newer", replaced(r"^format = \d+", f"format = {SAVE_FORMAT + 1}"), "newer wobbletop"),
    ("format_text", replaced(r"^format = \d+", 'format = "1"'), "save.format"),
    ("saved_at_bad", replaced(r'^saved_at = "', 'saved_at = "yesterday '), "save.saved_at"),
    ("file_hash_changed", replaced(r'^(".*\.toml") = "[0-9a-f]{8}', r'\1 = "00000000'),
     "has changed since the game was saved"),
    ("no_save_table", without_table("save"), "not a save (no [save] table)"),
    ("no_expect_table", without_table("expect"), "expect"),
    ("digest_changed", replaced(r'^digest = "[0-9a-f]{8}', 'digest = "00000000'),
     "does not reach the saved state"),
]
INPUT_CASES: list[tuple[str, Edit, str]] = [
    ("input_moved", replaced(r"x = 150\.0, y = 90\.0", "x = 60.0, y = 90.0"),
     "does not reach the saved state"),
    ("input_frame_text", replaced(r"\{ frame = 30,", '{ frame = "30",'), "input[0].frame"),
    ("input_unknown_action", replaced('action = "grab"', 'action = "teleport"'), "teleport"),
]
# Cases that do not apply: Free play has no dice or bots (its seed changes nothing, so a save
# with another seed is the same game and resumes), and the physics games without data files
# have an empty [save.files].
NOT_APPLICABLE = {
    ("freeplay", "seed_changed"),
    (WITH_INPUTS, "seed_changed"),
    ("freeplay", "file_hash_changed"),
    (WITH_INPUTS, "file_hash_changed"),
    ("wallamoppi", "file_hash_changed"),
}
GAMES = [*FRAMES, WITH_INPUTS]
ALL = [
    (game, *case) for game in GAMES for case in CASES if (game, case[0]) not in NOT_APPLICABLE
] + [
    (WITH_INPUTS, *case) for case in INPUT_CASES
]


@pytest.fixture(scope="module")
def saves(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The text of a real save of each game (made once for the module)."""
    folder = tmp_path_factory.mktemp("saves")
    texts = {}
    for game, frames in FRAMES.items():
        path = folder / f"{game}.toml"
        argv = ["run", game, "--seed", "2", "--frames", str(frames), "--save", str(path)]
        assert main(argv) == 0
        texts[game] = path.read_text(encoding="utf-8")
    scenario_path = assets_dir() / "scenarios" / "freeplay" / "drag_disk_onto_stack.toml"
    scenario = load_scenario(scenario_path)
    scenario = scenario.model_copy(  # the first drags only: a short save
        update={"input": [i for i in scenario.input if i.frame < 150], "frames": 150}
    )
    session, _ = start_session(scenario, scenario_path, to_frame=150)
    path = write_save(folder / "inputs.toml", session, None, how="wobbletop play freeplay")
    texts[WITH_INPUTS] = path.read_text(encoding="utf-8")
    assert "[[input]]" in texts[WITH_INPUTS] or "input = [" in texts[WITH_INPUTS]
    return texts


@pytest.mark.parametrize("game", GAMES)
def test_each_save_of_the_corpus_resumes_as_it_was_written(
    game: str, saves: dict[str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The unbroken saves resume (so each refusal below is the edit's doing)."""
    path = tmp_path / "save.toml"
    path.write_text(saves[game], encoding="utf-8")
    assert main(["run", "--resume", str(path)]) == 0, capsys.readouterr().err
    session = resume(load_save(path), path)
    assert session.frame == load_save(path).frames


@pytest.mark.parametrize(
    ("game", "edit", "fragment"),
    [(case[0], *case[2:]) for case in ALL],
    ids=[f"{case[0]}-{case[1]}" for case in ALL],
)
def test_a_bad_save_is_refused_in_one_line_and_nothing_is_written(
    game: str,
    edit: Edit,
    fragment: str,
    saves: dict[str, str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    path = folder / "save.toml"
    text = edit(saves[game])
    assert text != saves[game]
    path.write_text(text, encoding="utf-8")
    watched = [path, folder, user_data_dir(), user_config_dir()]
    line = refused(capsys, ["run", "--resume", str(path)], *watched)
    assert fragment in line, line
    before = snapshot(watched)
    with pytest.raises(UserError) as caught:
        resume(load_save(path), path)
    message = str(caught.value)
    assert "\n" not in message and fragment in message, message
    assert snapshot(watched) == before


def test_a_save_whose_board_file_is_gone_is_refused(
    saves: dict[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    assets = tmp_path / "assets"
    shutil.copytree(assets_dir(), assets)
    (assets / "malloppo" / "board.toml").unlink()
    monkeypatch.setenv("WOBBLETOP_ASSETS", str(assets))
    path = tmp_path / "save.toml"
    path.write_text(saves["malloppo"], encoding="utf-8")
    line = refused(capsys, ["run", "--resume", str(path)], path, tmp_path / "assets")
    assert "malloppo/board.toml" in line
