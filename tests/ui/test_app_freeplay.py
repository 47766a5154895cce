"""The real app loop under the dummy video driver: menu → Free play → drag a piece by mouse."""

from __future__ import annotations

import importlib.util
import math

import pygame
import pytest

from games.core import registry
from games.ui.physics_view import PhysicsView

# A rotation-locked grip (Shift) sets the disk down flat where the mouse let go. A plain
# one-point grip lets the disk swing on the pin while carried, so it may land on its rim and
# fall flat up to a radius away.
LANDED_TOLERANCE_MM = {True: 6.0, False: 22.0}
OTHERS_TOLERANCE_MM = 10.0


def start_freeplay_from_menu(app, ui) -> None:
    ui.run(app, 2 * ui.frame)
    ui.click(app, app.menu.entry_rect("freeplay").center)
    ui.click(app, app.menu.start_rect().center)


def test_menu_lists_the_built_games_that_have_a_window_view(make_app, ui) -> None:
    app = make_app()
    ui.run(app, 2 * ui.frame)
    assert app.game is None
    with_view = [
        game_id
        for game_id in registry.available()
        if importlib.util.find_spec(registry.load(game_id).view_module) is not None
    ]
    assert [spec.id for spec in app.menu.specs] == with_view
    assert "freeplay" in with_view


def test_clicking_free_play_then_start_opens_the_table(make_app, ui) -> None:
    app = make_app()
    start_freeplay_from_menu(app, ui)
    assert app.game is not None and app.game.spec.id == "freeplay"
    assert isinstance(app.game.view, PhysicsView)
    before = app.game.session.frame
    ui.run(app, 0.25)
    assert app.game.session.frame == before + 30  # 120 Hz physics under 60 Hz rendering


@pytest.mark.parametrize("shift", [True, False], ids=["shift-grip", "pin-grip"])
def test_dragging_a_disk_puts_it_where_the_mouse_let_go(make_app, ui, shift) -> None:
    app = make_app()
    start_freeplay_from_menu(app, ui)
    ui.run(app, 0.5)
    world = app.game.session.world
    view = app.game.view
    disk = world.pieces["loose1"]
    # put it down on free table right of the cylinders, inside the framed scene
    beyond = max(p.shape.bb.right for p in world.pieces.values() if p.kind == "cylinder")
    target = (beyond + 45.0, 14.0)
    assert view.frame_rect().contains(target)
    start = {name: tuple(p.position) for name, p in world.pieces.items() if not p.is_static}

    # lift it clear of the cylinders, carry it over them, lower it onto free table
    x0, y0 = disk.position
    carry_mm = [(x0, y0), (x0, y0 + 30), (x0, 70.0)]
    carry_mm += [(x0 + (target[0] - x0) * t, 70.0) for t in (0.25, 0.5, 0.75, 1.0)]
    carry_mm += [(target[0], 40.0), target]
    path = [view.camera.to_screen(point) for point in carry_mm]
    pygame.key.set_mods(pygame.KMOD_SHIFT if shift else 0)
    try:
        ui.drag(app, path, hold_seconds=0.8)
    finally:
        pygame.key.set_mods(0)
    assert app.game.session.hand.held is None
    ui.run(app, 1.5)

    assert abs(disk.position.x - target[0]) < LANDED_TOLERANCE_MM[shift]
    on_table_y = world.config.pieces.disk_thickness / 2
    assert abs(disk.position.y - on_table_y) < 1.0  # it fell and lies flat on the felt
    assert abs(math.sin(disk.body.angle)) < 0.05
    for name, (x, y) in start.items():
        if name in ("loose1", "marble"):  # the marble rolls down its ramp by design
            continue
        moved = math.dist((x, y), tuple(world.pieces[name].position))
        assert moved < OTHERS_TOLERANCE_MM, f"{name} moved {moved:.1f} mm"


def test_the_piece_under_the_mouse_is_highlighted(make_app, ui) -> None:
    app = make_app("freeplay")
    ui.run(app, ui.frame)
    view = app.game.view
    disk = app.game.session.world.pieces["loose0"]
    pixel = view.camera.to_screen(tuple(disk.position))
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pixel, rel=(0, 0), buttons=(0, 0, 0))
    )
    ui.run(app, ui.frame)
    assert view.hovered() is disk


def test_a_click_on_empty_felt_is_refused_with_a_reason(make_app, ui) -> None:
    app = make_app("freeplay")
    ui.run(app, ui.frame)
    empty = app.game.view.camera.to_screen((-60.0, 120.0))
    ui.click(app, empty)
    notice = app.current_notice()
    assert notice is not None and "nothing to pick up" in notice[0]
    assert app.game.session.hand.held is None


def test_shift_grab_keeps_a_cylinder_upright(make_app, ui) -> None:
    """Lifted by its corner, a cylinder swings; with Shift (both hands) it stays upright."""
    tilts = {}
    for locked in (False, True):
        app = make_app("freeplay")
        ui.run(app, ui.frame)
        cylinder = app.game.session.world.pieces["cylinder2"]
        view = app.game.view
        corner = (cylinder.position.x + 9.0, cylinder.position.y + 14.0)  # off-centre grip
        lift = (corner[0], corner[1] + 60.0)
        pygame.key.set_mods(pygame.KMOD_SHIFT if locked else 0)
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=view.camera.to_screen(corner), button=1)
        )
        ui.run(app, ui.frame)
        pygame.key.set_mods(0)
        pygame.event.post(
            pygame.event.Event(
                pygame.MOUSEMOTION, pos=view.camera.to_screen(lift), rel=(0, -1), buttons=(1, 0, 0)
            )
        )
        ui.run(app, 1.0)
        assert app.game.session.hand.held is cylinder
        tilts[locked] = abs(math.degrees(cylinder.body.angle))
    assert tilts[True] < 3.0
    assert tilts[False] > 10.0
