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


def zoom_in_at(app: Any, ui: Any, view: Any, point: tuple[float, float], notches: int) -> None:
    """Wheel notches in with the mouse over ``point`` (world mm), as a player zooms."""
    at = tuple(round(v) for v in view.camera.to_screen(point))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(notches):
        wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, precise_x=0.0, precise_y=1.0)
        pygame.event.post(wheel)
    ui.run(app, 0.1)


def test_zoomed_in_resting_pieces_out_of_view_are_not_called_off_the_table(
    make_app: Callable[..., Any], ui: Any
) -> None:
    app, session, view = start_freeplay(make_app, ui)
    ui.run(app, 3.0)  # the marble has rolled down to the bumper
    zoom_in_at(app, ui, view, (0.0, 30.0), 6)  # at the stack: marble and cylinders leave view
    ui.run(app, 0.2)
    names = {piece.name for piece in view.pieces_out_of_view()}
    assert {"marble", "cylinder0", "cylinder1", "cylinder2"} <= names
    labels = [text for text, _ in view.away_labels]
    assert labels and not any("off the table" in text for text in labels)
    assert "3 cylinders out of view" in labels
    rects = [rect for _, rect in view.away_labels]
    assert all(a.colliderect(b) is False for i, a in enumerate(rects) for b in rects[i + 1 :])
    assert "off the table" not in session.status()
    before = {p.name: tuple(p.body.position) for p in session.world.dynamic_pieces()}
    ui.key(app, pygame.K_b)  # nothing is off the table: B moves nothing
    ui.run(app, 0.2)
    after = {p.name: tuple(p.body.position) for p in session.world.dynamic_pieces()}
    assert all(
        abs(before[n][0] - after[n][0]) < 1.0 and abs(before[n][1] - after[n][1]) < 1.0
        for n in before
    )


def test_a_disk_resting_on_the_tables_end_is_on_the_table(
    make_app: Callable[..., Any], ui: Any
) -> None:
    app, session, view = start_freeplay(make_app, ui)
    span = room.table_span(session.world)
    assert span is not None
    disk = session.world.pieces["loose1"]
    x, y = disk.body.position
    # lifted over the cylinders and set down on the table's right end, its centre 18 mm in
    # (its edge 2 mm short of the end)
    end = span[1] - 18.0
    stops = [(x, y + 110.0 * t / 6) for t in range(7)]
    stops += [(x + (end - x) * t / 12, y + 110.0) for t in range(1, 13)]
    stops += [(end, y + 110.0 - 100.0 * t / 6) for t in range(1, 7)]
    ui.drag(app, [view.camera.to_screen(stop) for stop in stops], hold_seconds=1.0)
    ui.run(app, 3.0)
    bb = disk.shape.cache_bb()
    assert bb.right > span[1] - 10.0 and abs(bb.bottom) < 1.5  # it lies on the table's end
    assert session.away() == [] and session.on_floor() == []
    assert "off the table" not in session.status()
    assert in_view(view, "loose1")  # the camera eased out to it
    assert not any("off the table" in text for text, _ in view.away_labels)


def test_zoomed_in_the_label_names_what_b_puts_back(
    make_app: Callable[..., Any], ui: Any
) -> None:
    app, session, view = start_freeplay(make_app, ui)
    zoom_in_at(app, ui, view, (0.0, 30.0), 6)
    throw_right(app, ui, view, "disk7", speed=120)  # the stack's top disk, off the far end
    ui.run(app, 4.0)
    assert [p.name for p in session.away()] == ["disk7"]
    labels = [text for text, _ in view.away_labels]
    assert "disk off the table · B puts it back" in labels
    assert sum("off the table" in text for text in labels) == 1
    rects = [rect for _, rect in view.away_labels]
    assert all(a.colliderect(b) is False for i, a in enumerate(rects) for b in rects[i + 1 :])
    ui.key(app, pygame.K_b)
    ui.run(app, 1.0)
    assert session.away() == []
    assert not any("off the table" in text for text, _ in view.away_labels)
