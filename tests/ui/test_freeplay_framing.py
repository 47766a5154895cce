"""Free play's framing: the row of pieces spans the window's width, whatever its size."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from games.freeplay.scene import BUMPER_X_MM
from games.ui.physics_view import FRAME_MARGIN_PX
from physics import room


def pieces_span_px(app: Any) -> tuple[float, float]:
    """Screen x of the leftmost and rightmost edge of any piece but the table."""
    camera = app.game.view.camera
    pieces = app.game.session.world.pieces.values()
    boxes = [p.shape.bb for p in pieces if p.kind not in room.KINDS]
    left = camera.to_screen((min(bb.left for bb in boxes), 0.0))[0]
    right = camera.to_screen((max(bb.right for bb in boxes), 0.0))[0]
    return left, right


@pytest.mark.parametrize("size", [(960, 600), (1280, 800), (1600, 700), (700, 900)])
def test_the_pieces_span_most_of_the_window_width(make_app: Any, ui: Any, size: Any) -> None:
    app = make_app("freeplay")
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    ui.run(app, ui.frame)
    area = app.play_rect
    left, right = pieces_span_px(app)
    inner_width = area.width - 2 * FRAME_MARGIN_PX
    assert area.left <= left and right <= area.right  # everything is in view
    assert (right - left) / inner_width > 0.88  # little empty felt at the sides
    assert left - (area.left + FRAME_MARGIN_PX) < 0.03 * inner_width  # the bumper is at the edge


def test_put_down_room_right_of_the_cylinders_is_in_view(make_app: Any, ui: Any) -> None:
    app = make_app("freeplay")
    ui.run(app, ui.frame)
    frame = app.game.view.frame_rect()
    world = app.game.session.world
    cylinders = max(p.shape.bb.right for p in world.pieces.values() if p.kind == "cylinder")
    assert frame.right >= cylinders + world.config.pieces.disk_diameter + 20.0
    assert frame.left < BUMPER_X_MM
    stack_top = max(p.shape.bb.top for p in world.pieces.values() if "stack" in p.tags)
    assert frame.top >= stack_top + world.config.pieces.disk_thickness * 3  # lift over the stack
