"""Mouse-wheel zoom on the physics table: it zooms about the cursor and drags still land."""

from __future__ import annotations

from typing import Any

import pygame


def wheel(app: Any, ui: Any, at: tuple[float, float], notches: int) -> None:
    xy = (round(at[0]), round(at[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=xy, rel=(0, 0), buttons=(0, 0, 0)))
    ui.run(app, ui.frame)
    for _ in range(abs(notches)):
        step = 1 if notches > 0 else -1
        pygame.event.post(
            pygame.event.Event(
                pygame.MOUSEWHEEL, x=0, y=step, precise_x=0.0, precise_y=float(step), flipped=False
            )
        )
        ui.run(app, ui.frame)


def test_wheel_zooms_in_about_the_cursor_and_back_out_to_the_fitted_view(
    make_app: Any, ui: Any
) -> None:
    app = make_app("freeplay")
    ui.run(app, ui.frame)
    view = app.game.view
    fitted_scale = view.camera.scale
    cylinder = app.game.session.world.pieces["cylinder1"]
    under_cursor = view.camera.to_screen(tuple(cylinder.body.position))

    wheel(app, ui, under_cursor, 4)
    assert view.camera.scale > 1.7 * fitted_scale  # pieces are drawn bigger
    x, y = view.camera.to_screen(tuple(cylinder.body.position))
    assert abs(x - under_cursor[0]) < 2 and abs(y - under_cursor[1]) < 2  # still under the cursor

    wheel(app, ui, under_cursor, -10)
    assert view.camera.scale == fitted_scale  # all the way out is the whole table again


def test_a_drag_in_a_zoomed_view_lands_where_released(make_app: Any, ui: Any) -> None:
    app = make_app("freeplay")
    ui.run(app, ui.frame)
    view = app.game.view
    disk = app.game.session.world.pieces["loose0"]
    start = view.camera.to_screen(tuple(disk.body.position))
    wheel(app, ui, start, 3)
    camera = view.camera
    x, y = disk.body.position
    path_mm = [(x, y), (x, y + 30), (x + 20, y + 40), (x + 30, y + 30), (x + 30, y)]
    ui.drag(app, [camera.to_screen(p) for p in path_mm], hold_seconds=0.6)
    ui.run(app, 1.0)
    assert abs(disk.body.position.x - (x + 30)) < 6.0
    assert disk.body.position.y < y + 6.0  # set down on the felt
