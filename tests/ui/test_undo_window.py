"""Ctrl+Z in Free play's window takes back the last drag made with the mouse."""

from __future__ import annotations

from typing import Any

import pygame


def test_ctrl_z_puts_the_dragged_disk_back(make_app: Any, ui: Any) -> None:
    app = make_app("freeplay")
    ui.run(app, 0.2)
    view = app.game.view
    disk = app.game.session.world.pieces["loose1"]
    start = disk.body.position
    x, y = start
    path_mm = [(x, y), (x, y + 40), (x - 40, y + 60), (x - 60, y + 40), (x - 60, 30.0)]
    ui.drag(app, [view.camera.to_screen(p) for p in path_mm], hold_seconds=0.4)
    ui.run(app, 0.5)
    assert (app.game.session.world.pieces["loose1"].body.position - start).length > 30

    ui.key(app, pygame.K_z, pygame.KMOD_CTRL)
    back = app.game.session.world.pieces["loose1"].body.position
    assert (back - start).length < 0.5
    assert "Took back" in app.current_notice()[0]

    ui.key(app, pygame.K_z, pygame.KMOD_CTRL)  # nothing left to take back
    assert "nothing to undo" in app.current_notice()[0]
    assert (app.game.session.world.pieces["loose1"].body.position - start).length < 0.5
