"""Wallamoppi's wall against the computer through the real window (SDL dummy), issue 21: the
person clicks a lit slot; the computer does not place its disk in the same frame but holds it
up for the computer speed's ``place_seconds`` (instant: at once, as headless); the status line
narrates each placement, names capitalised; each seat's last placement stays marked until
it places again."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

from collections.abc import Callable
from typing import Any

import pygame
import pytest

from games.core.pacing import pace
from games.core.protocol import SeatKind
from games.ui.render import ACCENT
from games.wallamoppi.scene import slot_position
from games.wallamoppi.session import WallamoppiSession
from games.wallamoppi.view import WallamoppiView

FRAME = 1 / 60
H, C = SeatKind.HUMAN, SeatKind.COMPUTER


@pytest.mark.parametrize("speed", ["slow", "normal", "instant"])
def test_the_computer_places_its_wall_disk_after_a_visible_pause(
    make_app: Callable[..., Any], ui: Any, speed: str
) -> None:
    app = make_app("wallamoppi", seats=(H, C), seed=3, computer_speed=speed)
    game, view = app.session, app.game.view
    assert isinstance(game, WallamoppiSession) and isinstance(view, WallamoppiView)
    for _ in range(600):  # until it is the person's placement
        if game.rules.placer == "dark":
            break
        app.step_frame(FRAME)
    assert game.rules.placer == "dark"
    placed = len(game.rules.wall)
    slot = game.rules.legal_slots()[0]
    view.refit()
    ui.click(app, view.camera.to_screen(slot_position(game.scene.config, slot)))
    assert slot in game.rules.wall  # the person's disk
    if speed == "instant":  # as headless: the computer places its disk at once
        assert len(game.rules.wall) == placed + 2
        return
    assert len(game.rules.wall) == placed + 1  # the computer's not yet
    assert view.status().startswith("Dark placed a ") and f"on {slot} · Light places" in (
        view.status()
    )
    waited = 0
    while len(game.rules.wall) == placed + 1:
        app.step_frame(FRAME)
        waited += 1
        assert waited < 600
    wanted = round(pace(speed).place_seconds / FRAME)
    assert wanted - 3 <= waited <= wanted + 3  # not in the same frame, unless instant
    assert view.status().startswith("Light placed a ")
    # both placements stay marked (gold, the seat named) until that seat moves again
    mine = game.rules.wall[slot].id
    assert game.last_moves["dark"] == mine and game.last_moves["light"] != mine
    app.step_frame(FRAME)
    piece = game.scene.disks[mine]
    box = piece.shape.cache_bb()
    left, top = view.camera.to_screen((box.left, box.top))
    right, bottom = view.camera.to_screen((box.right, box.bottom))
    area = pygame.Rect(round(left) - 4, round(top) - 4, round(right - left) + 8,
                       round(bottom - top) + 8)
    gold = [
        (x, y) for x in range(area.left, area.right) for y in range(area.top, area.bottom)
        if app.screen.get_at((x, y))[:3] == ACCENT[:3]
    ]
    assert gold  # the outline round the person's disk
    ui.click(app, view.camera.to_screen(slot_position(game.scene.config,
                                                      game.rules.legal_slots()[0])))
    assert game.last_moves["dark"] != mine  # the next placement moves the mark
