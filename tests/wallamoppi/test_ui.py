"""Wallamoppi through the real window loop: pygame mouse events under SDL's dummy driver.

Both seats are people. Every wall disk is placed by clicking a lit slot; then light releases
the marble with the button, dark drags a disk of their colour out of the wall onto the tower
and clicks the marble.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

from collections.abc import Callable
from typing import Any

from games.core import registry
from games.core.protocol import SeatKind
from games.wallamoppi.bot import Bot
from games.wallamoppi.rules import DARK, LIGHT, Phase, Slot
from games.wallamoppi.scene import slot_position
from games.wallamoppi.session import WallamoppiSession
from games.wallamoppi.view import WallamoppiView
from tests.table_window import screen


def test_pull_a_disk_onto_the_tower_and_catch_the_marble(
    make_app: Callable[..., Any], ui: Any
) -> None:
    app = make_app()
    app.start_game(registry.load("wallamoppi"), (SeatKind.HUMAN, SeatKind.HUMAN))
    session = app.session
    view = app.game.view
    assert isinstance(session, WallamoppiSession) and isinstance(view, WallamoppiView)
    config = session.setup.config

    assert view.next_step() == "Place the drawn disk on a lit slot"
    ui.click(app, screen(view, slot_position(config, Slot(0, 3))))
    assert len(session.rules.wall) == 1
    ui.click(app, screen(view, slot_position(config, Slot(0, 6))))  # not next to a bottom disk
    assert len(session.rules.wall) == 1
    assert "next to another bottom disk" in (app.current_notice() or ("",))[0]
    while session.rules.phase is Phase.WALL:
        slot = session.rules.legal_slots()[-1]
        ui.click(app, screen(view, slot_position(config, slot)))
    assert len(session.rules.wall) == 36

    ui.run(app, 0.3)
    name = Bot(session, DARK, 1.0)._target()
    assert name is not None
    disk = session.scene.disks[name]
    ui.click(app, screen(view, disk.body.position))  # too early: dark's timer is not running
    assert session.rules.turn.taken is None and session.hand.held is None
    assert "wait for your timer" in (app.current_notice() or ("",))[0]

    assert view.next_step().startswith("Light: release the marble")
    view.refit()
    ui.click(app, view.button.center)  # light releases the marble
    assert session.rules.turn.timer_running
    assert view.next_step() == "Pull a dark disk out of the wall and stack it on the tower"

    top = session.scene.top()
    assert top is not None
    x, y = disk.body.position
    tx, ty = top.body.position
    seat = ty + config.pieces.disk_thickness + 1.0
    lift = ty + 50.0
    path = [(x, y)]
    path += [(x, y + (lift - y) * n / 12) for n in range(1, 13)]
    path += [(x + (tx - x) * n / 20, lift) for n in range(1, 21)]
    path += [(tx, lift + (seat - lift) * n / 15) for n in range(1, 16)]
    ui.drag(app, [screen(view, p) for p in path], hold_seconds=0.6)
    ui.run(app, 1.0)
    assert session.rules.tower[-1] == name
    assert view.next_step().startswith("Stacked! Now catch the marble")

    marble = view.timer_camera.to_screen(session.timer.marble_at())  # type: ignore[union-attr]
    ui.click(app, marble)
    assert session.rules.turn.seat == LIGHT
    assert session.rules.tower[-1] == name and session.outcome is None
