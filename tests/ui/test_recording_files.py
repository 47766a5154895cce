"""``--record F`` keeps every game: the first is saved as F, each further game (F5, a new game
from the menu) as the next free F-2, F-3...; a file or symlink already at F is never
replaced."""

from __future__ import annotations

from pathlib import Path

import pygame


def test_every_game_gets_its_own_file_and_nothing_is_replaced(make_app, ui, tmp_path) -> None:
    record = tmp_path / "game.toml"
    record.write_text("# mine, keep me\n", encoding="utf-8")
    elsewhere = tmp_path / "elsewhere.toml"
    elsewhere.write_text("# the link's target\n", encoding="utf-8")
    (tmp_path / "game-2.toml").symlink_to(elsewhere)
    app = make_app("freeplay", record=str(record), seed=3)
    ui.run(app, 0.2)
    ui.key(app, pygame.K_F5)  # restart: the first game is saved
    ui.run(app, 0.2)
    ui.key(app, ui.escape)  # back to the menu: the second game is saved
    assert app.game is None
    assert record.read_text(encoding="utf-8") == "# mine, keep me\n"
    assert elsewhere.read_text(encoding="utf-8") == "# the link's target\n"
    assert (tmp_path / "game-2.toml").is_symlink()
    saved = sorted(p.name for p in tmp_path.glob("game-*.toml") if not p.is_symlink())
    assert saved == ["game-3.toml", "game-4.toml"]
    for name in saved:
        assert 'game = "freeplay"' in (tmp_path / name).read_text(encoding="utf-8")
    assert not list(tmp_path.glob("*.tmp")) and not list(tmp_path.glob(".*.tmp"))


def test_the_same_game_saved_twice_keeps_one_file(make_app, ui, tmp_path: Path) -> None:
    record = tmp_path / "once.toml"
    app = make_app("freeplay", record=str(record), seed=3)
    ui.run(app, 0.2)
    session = app.game.session
    app._save_recording(session)
    ui.run(app, 0.2)
    ui.key(app, ui.escape)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["once.toml"]
