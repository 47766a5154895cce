"""Every physics table stands on a floor: a piece knocked off lands there, in view, and B
brings it back onto the table without changing the game (Wallamoppi, Animal upon Animal).

Real pygame events under SDL's dummy driver (the B key, the wheel) through the app's own loop;
the knock itself is a shove given to a body (a flick of a finger), so it does not depend on
the aim of a dragged hand.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from games.animals.session import AnimalsSession
from games.animals.view import AnimalsView
from games.core import registry
from games.core.protocol import SeatKind
from games.ui.physics_view import PhysicsView
from games.wallamoppi.rules import DARK, LIGHT, Slot
from games.wallamoppi.scene import RAIL_X_MM
from games.wallamoppi.session import WallamoppiSession
from games.wallamoppi.view import WallamoppiView
from physics import room
from physics.world import Layer, Piece


def in_view(view: PhysicsView, piece: Piece) -> bool:
    """The piece's whole outline lies inside the table's part of the window."""
    bb = piece.shape.cache_bb()
    left, top = view.camera.to_screen((bb.left, bb.top))
    right, bottom = view.camera.to_screen((bb.right, bb.bottom))
    return bool(view.visible_rect().contains(pygame.Rect(left, top, right - left, bottom - top)))


def knock(piece: Piece, velocity: tuple[float, float]) -> None:
    piece.body.activate()
    piece.body.velocity = velocity


def test_wallamoppi_a_disk_knocked_off_lands_on_the_floor_and_b_lays_it_beside_the_wall(
    make_app: Callable[..., Any], ui: Any
) -> None:
    app = make_app()
    app.start_game(
        registry.load("wallamoppi"), (SeatKind.HUMAN, SeatKind.HUMAN), {"wall": "auto"}
    )
    session, view = app.session, app.game.view
    assert isinstance(session, WallamoppiSession) and isinstance(view, WallamoppiView)
    ui.run(app, 0.5)
    framed = view.shown_rect()
    slots = session.scene.slots
    end = next(p for p in session.scene.disks.values() if slots[p.name] == Slot(0, 7))
    colour = DARK if DARK in end.tags else LIGHT
    counts = {seat: len(session.rules.available(seat)) for seat in (DARK, LIGHT)}
    session.world.thaw()  # (a wall at rest is frozen, World.freeze: a blow by hand thaws it)
    knock(end, (2500.0, 1400.0))  # over the table's right rim
    ui.run(app, 3.0)
    assert session.on_floor() == [end]
    floor = room.floor_y(session.world)
    assert floor is not None and end.shape.cache_bb().bottom < floor + 2.0  # lying on the floor
    assert in_view(view, end) and view.shown_rect() != framed  # the camera eased out to it
    assert "fallen" in end.tags
    ui.key(app, pygame.K_b)
    ui.run(app, 3.0)
    assert session.on_floor() == []
    assert -0.5 < end.shape.cache_bb().bottom < 1.0  # on the table
    x = end.body.position.x
    assert (x < 0) == (colour == DARK) and 150.0 < abs(x) < 460.0  # beside the wall, its side
    assert "fallen" in end.tags and in_view(view, end)
    assert {seat: len(session.rules.available(seat)) for seat in (DARK, LIGHT)} == counts
    assert session.outcome is None and not session.world.escapes
    ui.key(app, pygame.K_b)  # nothing left on the floor: refused with the reason
    ui.run(app, 0.1)
    assert "no disk lies on the floor" in (app.current_notice() or ("",))[0]


def test_animals_an_animal_knocked_off_lands_on_the_floor_and_b_stands_it_on_the_table(
    make_app: Callable[..., Any], ui: Any
) -> None:
    app = make_app()
    app.start_game(registry.load("animals"), (SeatKind.HUMAN, SeatKind.HUMAN))
    session, view = app.session, app.game.view
    assert isinstance(session, AnimalsSession) and isinstance(view, AnimalsView)
    ui.run(app, 0.5)
    top = max(session.scene.animals(), key=lambda p: p.body.position.y)
    knock(top, (-1500.0, 900.0))  # off the top of the tower, over the board's left end
    ui.run(app, 3.0)
    assert session.on_floor() == [top]
    assert in_view(view, top)
    ending = session.outcome
    assert ending is not None and ending.reason == "tower fell"  # the rules: the game is over
    ui.key(app, pygame.K_b)
    ui.run(app, 2.0)
    assert session.on_floor() == []
    board = session.file.board
    assert top.body.position.x < -board.half_width and -0.5 < top.shape.cache_bb().bottom < 1.0
    assert session.outcome == ending  # the fall and its loser stand
    assert in_view(view, top)


def test_every_physics_game_lists_b_in_its_help_keys(make_app: Callable[..., Any]) -> None:
    for game, seats in (
        ("freeplay", (SeatKind.HUMAN,)),
        ("wallamoppi", (SeatKind.HUMAN, SeatKind.COMPUTER)),
        ("animals", (SeatKind.HUMAN, SeatKind.COMPUTER)),
    ):
        app = make_app()
        app.start_game(registry.load(game), seats)
        assert "B" in dict(app.game.view.keys), game


def test_wallamoppi_b_piles_disks_inside_the_rims_when_their_row_is_full(
    make_app: Callable[..., Any], ui: Any
) -> None:
    app = make_app()
    app.start_game(
        registry.load("wallamoppi"), (SeatKind.HUMAN, SeatKind.HUMAN), {"wall": "auto"}
    )
    session = app.session
    assert isinstance(session, WallamoppiSession)
    ui.run(app, 0.5)
    floor = room.floor_y(session.world)
    assert floor is not None
    dark = [p for p in session.scene.disks_of(DARK, "wall")][:9]
    for n, disk in enumerate(dark):  # nine dark disks lying on the floor, right of the table
        session.world.lay_at_rest(disk, (560.0 + 45.0 * n, floor + 3.98))
        disk.tags -= {"wall"}
        disk.tags.add("fallen")
        disk.set_layer(Layer.FREE)
    ui.run(app, 0.2)
    assert set(session.on_floor()) >= set(dark)
    ui.key(app, pygame.K_b)
    ui.run(app, 2.0)
    for disk in dark:
        x = disk.body.position.x
        assert not room.on_floor(session.world, disk)
        assert x < 0 and abs(x) + 20.0 < RAIL_X_MM  # dark's side, inside the rim
        assert "fallen" in disk.tags
