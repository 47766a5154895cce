"""Wallamoppi's nudge stays a nudge (issue 21, point 9), through the real window (SDL dummy):
a right-drag that tries to lift a row-2 disk at the wall's end over the wall to the tower
leaves it at its row, the tower standing, with one message saying why; a right-drag along the
row still pushes the disk."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

from collections.abc import Callable
from typing import Any

import pygame

from games.wallamoppi.rules import DARK, Slot
from tests.table_window import screen
from tests.wallamoppi.test_feel import dark_on_turn, drag, notice


def end_disk(session: Any, row: int) -> str:
    """The wall disk at the left end of ``row`` (0 is the bottom row): nothing rests on it."""
    return next(n for n, s in session.scene.slots.items() if s == Slot(row, 0))


def test_a_right_drag_cannot_lift_a_disk_over_the_wall_to_the_tower(
    make_app: Callable[..., Any], ui: Any
) -> None:
    app, session, view = dark_on_turn(make_app, ui)
    assert session.rules.turn.seat == DARK
    name = end_disk(session, 1)
    disk = session.scene.disks[name]
    before = disk.body.position
    apex = session.scene.disks[session.rules.tower[0]].body.position
    x, y = screen(view, before)
    # up 200 px, across to beside the tower, down next to it: the carry
    tx, ty = screen(view, (apex.x + 60.0, apex.y + 10.0))
    up = [(x, y - 10 * k) for k in range(21)]
    across = [(x + (tx - x) * k // 20, y - 200) for k in range(1, 21)]
    down = [(tx, y - 200 + (ty - y + 200) * k // 10) for k in range(1, 11)]
    drag(app, up + across + down, button=3)
    assert "A nudge only pushes" in notice(app) and "cannot lift it" in notice(app)
    ui.run(app, 1.5)
    after = disk.body.position
    assert after.y < before.y + 8.0  # never lifted over a row
    assert abs(after.x - apex.x) > 40.0  # never set beside the tower
    assert session.outcome is None, session.fall_reason  # the tower stands
    assert session.rules.tower == session.rules.tower[:1] and session.rules.turn.taken is None


def test_a_right_drag_along_the_row_still_pushes_the_disk(
    make_app: Callable[..., Any], ui: Any
) -> None:
    app, session, view = dark_on_turn(make_app, ui)
    name = end_disk(session, 1)
    disk = session.scene.disks[name]
    before = disk.body.position
    x, y = screen(view, before)
    left = screen(view, (before.x - 30.0, before.y))[0]
    drag(app, [(x + (left - x) * k // 10, y) for k in range(11)], button=3)
    ui.run(app, 1.0)
    assert disk.body.position.x < before.x - 10.0  # pushed out along its row
    assert "A nudge only pushes" not in notice(app)
    pygame.event.clear()
