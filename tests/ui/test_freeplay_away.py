"""Free play: a piece thrown off the table lands on the floor in view; B puts it back.

Real pygame events under SDL's dummy driver: a mouse throw, then the B key. The camera eases
out to show a piece outside the framed table (a thrown one, one on the floor) and back in
once B has put it back; zoomed in by hand, an arrow points to it instead.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from physics import room
from tests.ui.freeplay_hand import in_view, start_freeplay, throw_right


def test_a_piece_thrown_off_the_table_lands_on_the_floor_in_view_and_b_puts_it_back(
    make_app: Callable[..., Any], ui: Any
) -> None:
    app, session, view = start_freeplay(make_app, ui)
    framed = view.shown_rect()
    start = session.world.pieces["cylinder2"].body.position
    assert session.away() == [] and session.on_floor() == []
    throw_right(app, ui, view, "cylinder2")
    ui.run(app, 3.0)
    cylinder = session.world.pieces["cylinder2"]
    assert [p.name for p in session.on_floor()] == ["cylinder2"]  # it lies on the floor
    floor = room.floor_y(session.world)
    assert floor is not None and abs(cylinder.shape.cache_bb().bottom - floor) < 2.0
    assert in_view(view, "cylinder2") and view.pieces_out_of_view() == []  # the camera shows it
    assert view.shown_rect() != framed
    assert "B puts it back" in session.status()
    ui.key(app, pygame.K_b)
    ui.run(app, 3.0)
    assert session.away() == [] and session.on_floor() == []
    assert abs(cylinder.body.position.x - start.x) < 5.0  # back where it stood, upright
    assert abs(cylinder.body.position.y - start.y) < 2.0
    assert view.shown_rect() == framed  # and the camera is back on the table
    assert session.outcome is None


def test_zoomed_in_by_hand_an_arrow_points_to_a_thrown_piece(
    make_app: Callable[..., Any], ui: Any
) -> None:
    app, session, view = start_freeplay(make_app, ui)
    cylinder = session.world.pieces["cylinder2"].body.position
    at = tuple(round(v) for v in view.camera.to_screen((cylinder.x, cylinder.y)))
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0))
    pygame.event.post(motion)
    for _ in range(5):  # five notches of the wheel in, at the cylinders
        wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, precise_x=0.0, precise_y=1.0)
        pygame.event.post(wheel)
    ui.run(app, 0.1)
    assert view.zoom > 1.9 and in_view(view, "cylinder2")
    throw_right(app, ui, view, "cylinder2", speed=50)
    ui.run(app, 3.0)
    assert not in_view(view, "cylinder2")  # the player's zoom stays theirs
    assert "cylinder2" in [p.name for p in view.pieces_out_of_view()]  # an arrow points to it
