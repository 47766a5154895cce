"""The host's data files go with the welcome: a joiner plays on the host's board and physics
config, not its own, and a welcome carrying a bad or oversized board file is refused in one
line naming the file."""

from __future__ import annotations

import asyncio
import json
import shutil
from pathlib import Path

import pytest

from datafiles.assets import assets_dir
from games.net import host as host_module
from games.net.snapshot import MAX_DATA_FILE_BYTES, data_texts
from games.runs.saves import SaveError
from tests.net.netplay import make_host, play
from tests.net.test_net_cli import join, run_line, start_host
from tests.waiting import Spawn, finish


def moved_roll_again(tmp_path: Path) -> Path:
    """An assets folder whose Stonewall board has its Roll Again square one row up."""
    folder = tmp_path / "host-assets"
    folder.mkdir()
    shutil.copy(assets_dir() / "physics.toml", folder / "physics.toml")
    shutil.copytree(assets_dir() / "stonewall", folder / "stonewall")
    board = folder / "stonewall" / "board.toml"
    text = board.read_text(encoding="utf-8")
    assert "roll_again = [4, 4]" in text
    board.write_text(text.replace("roll_again = [4, 4]", "roll_again = [4, 3]"), "utf-8")
    return folder


def test_a_joiner_with_another_board_plays_on_the_hosts(spawn: Spawn, tmp_path: Path) -> None:
    """The host's board differs from the joiner's (the shipped one): both end as `run` does on
    the host's files, which is not how the game ends on the joiner's own."""
    theirs = moved_roll_again(tmp_path)
    host, address, _ = start_host(spawn, tmp_path, "stonewall", "--seed", "1",
                                  "--seats", "remote,computer", assets=theirs)
    peer = join(spawn, address, "K3Y", "--computer")
    on_hosts = run_line("stonewall", "--seed", "1", assets=theirs)
    on_joiners = run_line("stonewall", "--seed", "1")
    assert on_hosts["digest"] != on_joiners["digest"]  # the boards do make another game
    for process in (host, peer):
        out, err = finish(process, "the game's end")
        assert process.returncode == 0, err
        assert json.loads(out) == on_hosts


def refused_with(monkeypatch: pytest.MonkeyPatch, files: dict[str, str]) -> str:
    """What a peer says when the host's welcome carries ``files``."""
    monkeypatch.setattr(host_module, "data_texts", lambda game_id: files)
    host = make_host("stonewall", ["remote", "computer"], seed=1)
    with pytest.raises(SaveError) as refused:
        asyncio.run(play(host, [{"computer": True}]))
    return str(refused.value)


def test_a_malformed_board_in_the_welcome_is_refused_in_one_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    files = data_texts("stonewall")
    files["stonewall/board.toml"] = files["stonewall/board.toml"].replace(
        "size = 9", "size = 'nine'"
    )
    line = refused_with(monkeypatch, files)
    assert "\n" not in line and "the host's stonewall/board.toml" in line and "size" in line
    assert line.startswith("the game from 127.0.0.1:")


def test_an_oversized_board_in_the_welcome_is_refused_in_one_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    files = data_texts("stonewall")
    files["stonewall/board.toml"] += "#" * MAX_DATA_FILE_BYTES
    line = refused_with(monkeypatch, files)
    assert "\n" not in line and "'stonewall/board.toml'" in line
    assert f"allowed: at most {MAX_DATA_FILE_BYTES:,}" in line


@pytest.mark.parametrize(
    ("change", "expected"),
    [("extra", "'stonewall/notes.toml' is not read by stonewall"),
     ("missing", "the host's physics.toml: no such config file"),
     ("path", "'../physics.toml': not a data file name")],
)
def test_a_welcome_with_other_files_than_the_game_reads_is_refused(
    monkeypatch: pytest.MonkeyPatch, change: str, expected: str
) -> None:
    files = data_texts("stonewall")
    if change == "extra":
        files["stonewall/notes.toml"] = "x = 1\n"
    elif change == "missing":
        del files["physics.toml"]
    else:
        files["../physics.toml"] = files.pop("physics.toml")
    line = refused_with(monkeypatch, files)
    assert "\n" not in line and expected in line
