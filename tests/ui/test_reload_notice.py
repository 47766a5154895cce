"""Live tuning says which edited keys wait for a restart (F5), and they do take effect then."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pygame

from datafiles.sha import sha256


def save(path: Path, text: str, *, tick: int) -> None:
    path.write_text(text, encoding="utf-8")
    stamp = 1_700_000_000 + tick
    os.utime(path, (stamp, stamp))


def in_force(path: Path) -> str:
    """How the window names the version of ``path`` in force: its name, when it was saved (its
    modification time, local) and the start of its bytes' SHA-256."""
    stamp = time.strftime("%H:%M:%S", time.localtime(path.stat().st_mtime))
    digest = sha256(path.read_bytes()).hexdigest()[:8]
    return f"{path.name} of {stamp} ({digest})"


def disk_width(app: Any) -> float:
    box = app.game.session.world.pieces["loose0"].shape.bb
    return box.right - box.left


def test_a_size_edit_is_announced_as_waiting_for_f5_and_applies_on_restart(
    make_app: Any, ui: Any, tmp_path: Path
) -> None:
    user = tmp_path / "mine.toml"
    save(user, "[world]\ngravity = 9810.0\n", tick=0)
    app = make_app("freeplay", user, watch_interval=0.0)
    ui.run(app, 0.1)
    width = disk_width(app)

    save(user, "[world]\ngravity = 5000.0\n[pieces]\ndisk_diameter = 60.0\n", tick=1)
    ui.run(app, 2 * ui.frame)
    notice = app.current_notice()
    assert notice is not None
    assert notice[0] == (
        f"Config reloaded, now in force: {in_force(user)}: pieces.disk_diameter waits for a "
        "restart (F5); "
        "1 other change applied now"
    )
    assert app.game.session.world.space.gravity.y == -5000.0  # applied now
    assert abs(disk_width(app) - width) < 1.0  # the disk on the table keeps its size

    ui.key(app, pygame.K_F5)
    assert disk_width(app) > width + 15.0


def test_a_live_edit_says_new_constants_applied(make_app: Any, ui: Any, tmp_path: Path) -> None:
    user = tmp_path / "mine.toml"
    save(user, "[world]\ngravity = 9810.0\n", tick=0)
    app = make_app("freeplay", user, watch_interval=0.0)
    ui.run(app, 0.1)
    save(user, "[world]\ngravity = 1635.0\n", tick=1)
    ui.run(app, 2 * ui.frame)
    notice = app.current_notice()
    assert notice is not None
    assert notice[0] == f"Config reloaded, now in force: {in_force(user)}: new constants applied"
