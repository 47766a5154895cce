"""Animal upon Animal through the real window loop: pygame mouse events, SDL's dummy driver.

Two people at one table. Blue presses Draw (the dog), lifts the upper portion (sheep with the
rabbit riding on it) by its lowest animal onto the set-aside spot, puts the dog on the lion and
the portion back on top: the turn passes with the dog inserted at height 1, nothing fell. Then
the same, and before the tower stands still blue moves the rabbit under the dog: the rules'
tower is the one on the table, and "stop stacking!" judges it.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

from collections.abc import Callable
from pathlib import Path
from typing import Any

from games.animals.rules import Phase
from games.animals.session import AnimalsSession
from games.animals.view import AnimalsView
from games.core import registry
from games.core.protocol import SeatKind
from tests.table_window import screen


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


def carry(
    app: Any, ui: Any, start: Any, to: tuple[float, float], over: float
) -> None:
    """Drag from ``start`` straight up to the height ``over`` (mm), across, down onto ``to``."""
    view = app.game.view
    x, y = start
    points = path((x, y), (x, over), (to[0], over), to)
    ui.drag(app, [screen(view, p) for p in points], hold_seconds=0.4)


def until_the_opening_stands(app: Any) -> None:
    """Frames until the paced opening (the window's computer speed) has laid all three."""
    session = app.session
    for _ in range(60 * 30):
        if session.opening_laid == len(session.rules.tower):
            return
        app.step_frame(1 / 60)
    raise AssertionError("the opening was never laid")


def insert_the_dog_under_the_sheep(app: Any, ui: Any) -> AnimalsSession:
    """Blue draws the dog, sets the sheep (the rabbit on it) aside, puts the dog on the lion
    and the portion back on top; the turn has not passed yet when this returns."""
    app.start_game(registry.load("animals"), (SeatKind.HUMAN, SeatKind.HUMAN))
    session = app.session
    view = app.game.view
    assert isinstance(session, AnimalsSession) and isinstance(view, AnimalsView)
    assert session.rules.tower == ["lion", "sheep", "rabbit"] and session.rules.seat == "blue"
    until_the_opening_stands(app)
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
    aside = (board.aside_x, scene.seat_y(0) + 1.0)
    carry(app, ui, sheep.position, aside, over=sheep.position.y + 40.0)
    ui.run(app, 0.5)
    assert abs(sheep.position.x - board.aside_x) < 3.0
    assert abs(rabbit.position.x - board.aside_x) < 5.0 and rabbit.position.y > sheep.position.y
    assert session.outcome is None

    # 2. the dog onto the lion
    seat = (lion.position.x, lion.position.y + height + 1.0)
    carry(app, ui, dog.position, seat, over=dog.position.y + 70.0)
    ui.run(app, 0.3)
    assert session.outcome is None and session.rules.phase is Phase.PLACE

    # 3. the portion back on top, by its lowest animal
    seat = (dog.position.x, dog.position.y + height + 1.0)
    carry(app, ui, sheep.position, seat, over=seat[1] + 40.0)
    return session


def test_lift_a_portion_set_it_aside_insert_and_put_it_back(
    make_app: Callable[..., Any], ui: Any
) -> None:
    app = make_app()
    session = insert_the_dog_under_the_sheep(app, ui)
    ui.run(app, 1.5)
    assert session.outcome is None
    assert session.rules.tower == ["lion", "dog", "sheep", "rabbit"]
    assert session.rules.seat == "red" and session.rules.phase is Phase.DRAW


def standing_order(session: AnimalsSession) -> list[str]:
    """The animals of the column on the stacking spot, bottom to top, as the table shows."""
    main = session.scene.main_column(session.scene.columns())
    assert main is not None
    return [session.scene.animal_of[piece.name] for piece in main.pieces]


def test_a_tower_reordered_by_hand_is_the_tower_the_rules_judge(
    make_app: Callable[..., Any], ui: Any, tmp_path: Path
) -> None:
    slow = tmp_path / "slow.toml"  # time to re-grab before the tower counts as standing still
    slow.write_text("[animals]\nsettle_seconds = 3.0\n", encoding="utf-8")
    app = make_app(None, slow)
    session = insert_the_dog_under_the_sheep(app, ui)
    ui.run(app, 0.3)
    assert session.rules.phase is Phase.PLACE  # still blue's handling
    scene, board, height = session.scene, session.file.board, session.scene.size[1]
    lion, dog, rabbit = (scene.piece_of[a] for a in ("lion", "dog", "rabbit"))

    # 4. the rabbit (the top) to the set-aside spot
    aside = (board.aside_x, scene.seat_y(0) + 1.0)
    carry(app, ui, rabbit.position, aside, over=rabbit.position.y + 40.0)
    ui.run(app, 0.3)
    # 5. the drawn dog, with the sheep riding on it, onto the rabbit
    seat = (rabbit.position.x, rabbit.position.y + height + 1.0)
    carry(app, ui, dog.position, seat, over=seat[1] + 70.0)
    ui.run(app, 0.3)
    # 6. the portion back onto the lion, by its lowest animal (the rabbit)
    seat = (lion.position.x, lion.position.y + height + 1.0)
    carry(app, ui, rabbit.position, seat, over=seat[1] + 120.0)
    assert session.outcome is None and session.rules.phase is Phase.PLACE
    ui.run(app, 4.0)

    assert session.outcome is None
    assert standing_order(session) == ["lion", "rabbit", "dog", "sheep"]
    assert session.rules.tower == ["lion", "rabbit", "dog", "sheep"]  # not lion, dog, sheep, rabbit
    assert session.rules.seat == "red" and session.rules.phase is Phase.DRAW

    view = app.game.view
    view.refit()
    ui.click(app, view.buttons["stop"].center)
    outcome = session.rules.outcome
    assert outcome is not None and outcome.revealed == ("lion", "rabbit", "dog", "sheep")


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
    assert faces and set(faces) == {"lion"}  # the opening is laid one at a time, face up
    view.refit()
    assert "draw" not in view.enabled_buttons() and "as they are laid" in view.next_step()
    ui.click(app, view.buttons["draw"].center)  # too early: nothing drawn
    assert session.rules.in_hand is None
    until_the_opening_stands(app)
    faces.clear()
    ui.run(app, 0.1)
    assert faces and set(faces) == {"lion", "sheep", "rabbit"}  # the opening, shown to all
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
