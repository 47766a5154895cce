"""Peers loading welcomes in two threads of one process (as the window tests run a host, the
window's peer and another peer): each builds its game from its own copy of the host's files.

A CI run lost a joined window this way: the other peer's thread left its temporary assets folder
(and removed it) while the window was building its game, and the window's build then read that
removed folder ("physics.toml: no such config file"), so its peer stopped at the game's start.
The interleaving is forced here with events, never left to timing; so is another thread
clearing the memory of boards read once (a peer's load fills it with its temporary paths)."""

from __future__ import annotations

import shutil
import threading
from pathlib import Path
from typing import Any

import pytest

from datafiles import assets
from datafiles.assets import assets_dir, assets_from
from games.core import registry
from games.core.protocol import SeatKind
from games.net import snapshot
from games.net.snapshot import data_texts, save_text, session_from_save
from games.runs.headless import new_session
from physics.config import load_config

WAIT = 60.0  # a bound so nothing hangs, not a duration to reach


class OtherThread:
    """A thread inside ``assets_from(folder)`` until told to leave; it then removes the folder,
    as a peer's load removes its temporary copy of the host's files."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.inside, self.leave, self.left = threading.Event(), threading.Event(), threading.Event()
        self.seen: Path | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        assert self.inside.wait(WAIT)

    def _run(self) -> None:
        try:
            with assets_from(self.folder):
                self.inside.set()
                self.leave.wait(WAIT)
                self.seen = assets_dir()
            shutil.rmtree(self.folder)
        finally:
            self.inside.set()
            self.left.set()

    def go(self) -> None:
        """Leave now and wait until the folder is gone."""
        self.leave.set()
        assert self.left.wait(WAIT)
        self.thread.join(WAIT)


@pytest.fixture
def other_folder(tmp_path: Path) -> Path:
    """Another peer's copy of the host's files (Stonewall's, as the welcome's)."""
    folder = tmp_path / "other"
    for name in data_texts("stonewall"):
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(assets_dir() / name, folder / name)
    return folder


def test_each_thread_reads_its_own_assets_folder(tmp_path: Path, other_folder: Path) -> None:
    """Entered after another thread's, left before it: each sees its own folder throughout."""
    shipped, ours = assets_dir(), tmp_path / "ours"
    other = OtherThread(other_folder)
    try:
        assert assets_dir() == shipped  # another thread's folder is not this one's
        with assets_from(ours):
            assert assets_dir() == ours
            other.go()
            assert other.seen == other_folder  # ours, entered later, was not the other's
            assert assets_dir() == ours  # its leaving took its folder, not ours
        assert assets_dir() == shipped
    finally:
        other.go()


def test_a_welcome_loads_while_another_peer_leaves_its_files(
    monkeypatch: pytest.MonkeyPatch, other_folder: Path
) -> None:
    """The CI run's interleaving: another peer's thread is inside its folder when this one
    starts loading the host's game, and leaves (removing it) before this one builds the game."""
    spec = registry.load("stonewall")
    config = load_config(None).config
    hosted = new_session(spec, config, 3, [SeatKind.HUMAN, SeatKind.HUMAN], {})
    text, files = save_text(hosted, "wobbletop host stonewall"), data_texts("stonewall")
    other = OtherThread(other_folder)
    resume = snapshot.resume

    def resume_once_the_other_left(*args: Any, **kwargs: Any) -> Any:
        other.go()
        return resume(*args, **kwargs)

    monkeypatch.setattr(snapshot, "resume", resume_once_the_other_left)
    try:
        joined = session_from_save(text, "127.0.0.1:1", files)
    finally:
        other.go()
    assert not other_folder.exists()
    assert joined.game_id == "stonewall" and joined.frame == hosted.frame


class ClearedByAnotherThread(dict[Any, Any]):
    """A memory another thread clears as soon as anything is looked up or kept in it (as a
    peer's load does when the memory is full), between this thread's two looks."""

    def __setitem__(self, key: Any, value: Any) -> None:
        super().__setitem__(key, value)
        self.clear()

    def __contains__(self, key: object) -> bool:
        found = super().__contains__(key)
        self.clear()
        return found


def test_a_board_read_or_parsed_once_survives_another_thread_clearing_the_memory(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "board.toml"
    path.write_text("size = 9\n", encoding="utf-8")
    monkeypatch.setattr(assets, "_READ", ClearedByAnotherThread())
    monkeypatch.setattr(assets, "_PARSED", ClearedByAnotherThread())
    for _ in range(2):
        assert assets.read_once(lambda where: where.read_text("utf-8"), path) == "size = 9\n"
        assert assets.parse_once(lambda data, where: (data["size"], where), {"size": 9},
                                 "here") == (9, "here")
