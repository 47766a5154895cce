"""Animal upon Animal through the real window loop: pygame mouse events, SDL's dummy driver.

Two people at one table. Blue presses Draw (the dog), lifts the upper portion (sheep with the
rabbit riding on it) by its lowest animal onto the set-aside spot, puts the dog on the lion and
the portion back on top: the turn passes with the dog inserted at height 1, nothing fell.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

from collections.abc import Callable
from typing import Any

from games import registry
from games.animals.rules import Phase
from games.animals.session import AnimalsSession
from games.animals.view import AnimalsView
from games.protocol import SeatKind


def screen(view: AnimalsView, point: tuple[float, float]) -> tuple[int, int]:
    view.refit()
    x, y = view.camera.to_screen(point)
    return round(x), round(y)


def path(
    start: tuple[float, float], *stops: tuple[float, float], step_mm: float = 2.0
) -> list[tuple[float, float]]:
    """Points from ``start`` through ``stops``, ``step_mm`` apart (one per frame)."""
    points = [start]
    for stop in stops:
        x0, y0 = points[-1]
        count = max(1, round(max(abs(stop[0] - x0), abs(stop[1] - y0)) / step_mm))
        points += [
            (x0 + (stop[0] - x0) * n / count, y0 + (stop[1] - y0) * n / count)
            for n in range(1, count + 1)
        ]
    return points


def test_lift_a_portion_set_it_aside_insert_and_put_it_back(
    make_app: Callable[..., Any], ui: Any
) -> None:
    app = make_app()
    app.start_game(registry.load("animals"), (SeatKind.HUMAN, SeatKind.HUMAN))
    session = app.session
    view = app.game.view
    assert isinstance(session, AnimalsSession) and isinstance(view, AnimalsView)
    assert session.rules.tower == ["lion", "sheep", "rabbit"] and session.rules.seat == "blue"
    board = session.file.board
    scene = session.scene
    height = scene.size[1]
    ui.run(app, 0.2)

    lion, sheep, rabbit = (scene.piece_of[a] for a in ("lion", "sheep", "rabbit"))
    ui.click(app, screen(view, sheep.position))  # too early: draw first
    assert session.hand.held is None
    assert "draw an animal first" in (app.current_notice() or ("",))[0]

    view.refit()
    ui.click(app, view.buttons["draw"].center)
    assert session.rules.phase is Phase.PLACE and session.rules.in_hand == "dog"
    dog = session.drawn_piece
    assert dog is not None

    # 1. lift sheep (the rabbit rides on it) onto the set-aside spot
    x, y = sheep.position
    aside = (board.aside_x, scene.seat_y(0) + 1.0)
    lift = y + 40.0
    ui.drag(
        app,
        [screen(view, p) for p in path((x, y), (x, lift), (aside[0], lift), aside)],
        hold_seconds=0.4,
    )
    ui.run(app, 0.5)
    assert abs(sheep.position.x - board.aside_x) < 3.0
    assert abs(rabbit.position.x - board.aside_x) < 5.0 and rabbit.position.y > sheep.position.y
    assert session.outcome is None

    # 2. the dog onto the lion
    x, y = dog.position
    seat = (lion.position.x, lion.position.y + height + 1.0)
    ui.drag(
        app,
        [screen(view, p) for p in path((x, y), (x, y + 70.0), (seat[0], y + 70.0), seat)],
        hold_seconds=0.4,
    )
    ui.run(app, 0.3)
    assert session.outcome is None and session.rules.phase is Phase.PLACE

    # 3. the portion back on top, by its lowest animal
    x, y = sheep.position
    seat = (dog.position.x, dog.position.y + height + 1.0)
    top = seat[1] + 40.0
    ui.drag(
        app,
        [screen(view, p) for p in path((x, y), (x, top), (seat[0], top), seat)],
        hold_seconds=0.4,
    )
    ui.run(app, 1.5)
    assert session.outcome is None
    assert session.rules.tower == ["lion", "dog", "sheep", "rabbit"]
    assert session.rules.seat == "red" and session.rules.phase is Phase.DRAW


def test_no_face_down_identity_is_drawn_and_the_window_resizes(
    make_app: Callable[..., Any], ui: Any
) -> None:
    app = make_app()
    app.start_game(registry.load("animals"), (SeatKind.HUMAN, SeatKind.HUMAN))
    session = app.session
    view = app.game.view
    assert isinstance(session, AnimalsSession) and isinstance(view, AnimalsView)
    faces: list[str] = []
    original = view._draw_face
    view._draw_face = lambda surface, renderer, piece, animal: (  # type: ignore[method-assign]
        faces.append(animal.name),
        original(surface, renderer, piece, animal),
    )
    ui.run(app, 0.2)
    assert set(faces) == {"lion", "sheep", "rabbit"}  # the opening, shown to all
    view.refit()
    ui.click(app, view.buttons["draw"].center)
    faces.clear()
    ui.run(app, 0.1)
    assert set(faces) == {"dog"}  # from the first draw on, only the drawn animal
    app.resize((700, 480))
    ui.run(app, 0.1)
    panel, table = view.panel_rect(), view.table_rect()
    assert panel.right == table.left and table.right == app.play_rect.right
    dog = session.drawn_piece
    assert dog is not None
    assert table.collidepoint(view.camera.to_screen(tuple(dog.position)))
