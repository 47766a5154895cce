"""The physics tables' framing and look at three window sizes (SDL dummy driver, real frames).

What a player notices: every piece is in view and big enough to grab (in the smallest window,
where the whole table would be drawn under the readable minimum, the part shown is at it),
the room to spare shows the table's legs and the floor (not a bare wall over a table sat low),
the table reads as a table (wooden edge, floor, a wall of another colour behind), and a press
just beside a thin disk in the smallest window still picks it up.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

from games.core import registry
from games.core.protocol import SeatKind
from games.ui.physics_view import MIN_SCALE, PhysicsView
from games.ui.render import FLOOR, TABLE_EDGE
from physics import room

SIZES = [(1280, 720), (800, 500), (480, 360)]
GAMES = {
    "freeplay": ((SeatKind.HUMAN,), None),
    "wallamoppi": ((SeatKind.HUMAN, SeatKind.HUMAN), {"wall": "auto"}),
    "animals": ((SeatKind.HUMAN, SeatKind.HUMAN), None),
}
# The narrowest piece's smallest on-screen side, px, at least (a disk lies 8 mm thick).
# At 480x360 the tables are never drawn under MIN_SCALE (1 px a mm): a part of the table is
# shown where the whole would be smaller (it was 4 px, Free play's disks 28 px wide).
MIN_SIDE_PX = {(1280, 720): 12, (800, 500): 7, (480, 360): 7}


def start(make_app: Callable[..., Any], ui: Any, game: str, size: tuple[int, int]) -> Any:
    app = make_app(size=size)
    seats, options = GAMES[game]
    app.start_game(registry.load(game), seats, options)
    ui.run(app, 0.5)
    return app


def close(a: tuple[int, ...], b: tuple[int, ...], tolerance: int = 40) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a[:3], b[:3], strict=True))


def green(colour: tuple[int, ...]) -> int:
    """How much greener than red and blue a pixel is (the felt is; wood and the wall not)."""
    return colour[1] - max(colour[0], colour[2])


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_piece_is_in_view_and_sized_to_grab(
    make_app: Callable[..., Any], ui: Any, game: str, size: tuple[int, int]
) -> None:
    app = start(make_app, ui, game, size)
    view = app.game.view
    assert isinstance(view, PhysicsView)
    if size == (480, 360) and view.shows_part():
        assert view.camera.scale >= MIN_SCALE  # part of the table, at the readable minimum
    else:
        assert view.pieces_out_of_view() == []
    sides = [min(p.size) for p in view.world.dynamic_pieces()]
    assert view.camera.px(min(sides)) >= MIN_SIDE_PX[size]
    table_y = view.camera.to_screen((0.0, 0.0))[1]
    area = view.visible_rect()
    assert area.top < table_y < area.bottom  # the table's top is in view


@pytest.mark.parametrize("size", SIZES[:2])
def test_free_play_shows_the_table_legs_and_floor_not_a_bare_wall(
    make_app: Callable[..., Any], ui: Any, size: tuple[int, int]
) -> None:
    app = start(make_app, ui, "freeplay", size)
    view = app.game.view
    area = view.visible_rect()
    floor = room.floor_y(view.world)
    assert floor is not None
    floor_px = view.camera.to_screen((0.0, floor))[1]
    assert area.top < floor_px < area.bottom  # the floor is in the picture
    pieces_top = view.camera.to_screen((0.0, view.frame_rect().top))[1]
    assert pieces_top - area.top < 0.45 * area.height  # the wall above is not half the view
    screen = app.screen
    x = area.centerx
    table_y = round(view.camera.to_screen((0.0, 0.0))[1])
    edge = screen.get_at((x, table_y + 6))  # the top's wooden front edge
    felt = screen.get_at((x - 200 if x > 300 else 10, table_y - 3))  # the felt behind
    boards = screen.get_at((x, round(floor_px) + 6))
    wall = screen.get_at((x, area.top + 10))
    assert close(tuple(edge), TABLE_EDGE) and close(tuple(boards), FLOOR)
    assert green(tuple(felt)) > 25  # the felt top reads green
    assert green(tuple(wall)) < 10 and not close(tuple(wall), TABLE_EDGE)  # the wall: neither


def test_a_press_beside_a_thin_disk_in_the_smallest_window_picks_it(
    make_app: Callable[..., Any], ui: Any
) -> None:
    app = start(make_app, ui, "freeplay", (480, 360))
    view = app.game.view
    disk = view.world.pieces["loose0"]
    bb = disk.shape.cache_bb()
    x, top = view.camera.to_screen(((bb.left + bb.right) / 2, bb.top))
    press = (round(x), round(top) - 8)  # 8 px above the disk: more than its 4 mm pick radius
    assert view.world.piece_at(view.to_world(press), radius=4.0) is None
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=press, rel=(0, 0), buttons=(0, 0, 0))
    pygame.event.post(motion)
    ui.run(app, ui.frame)
    assert view.hovered() is disk  # highlighted as what a click picks
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=press, button=1))
    ui.run(app, ui.frame)
    assert view.physics.hand.held is disk
    far = (round(x), round(top) - 30)
    assert view.world.piece_at(view.pick_point(view.to_world(far)), radius=4.0) is None


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_wheel_zooms_every_physics_table_about_the_mouse(
    make_app: Callable[..., Any], ui: Any, game: str
) -> None:
    app = start(make_app, ui, game, (960, 600))
    view = app.game.view
    area = view.visible_rect()
    at = (area.centerx, area.centery)
    under = view.to_world(at)
    fitted = view.camera.scale
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(3):
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, precise_x=0.0, precise_y=1.0)
        )
    ui.run(app, ui.frame)
    assert view.camera.scale > 1.4 * fitted  # zoomed in
    still = view.to_world(at)
    assert abs(still[0] - under[0]) < 1.0 and abs(still[1] - under[1]) < 1.0  # about the mouse


def test_wallamoppis_turn_card_wraps_inside_the_table_at_480x360(
    make_app: Callable[..., Any], ui: Any
) -> None:
    app = start(make_app, ui, "wallamoppi", (480, 360))
    view = app.game.view
    lines = view._next_step_lines(app.renderer)
    assert len(lines) == 2 and " ".join(lines) == view.next_step()  # wrapped, nothing lost
    font = app.renderer.font(17)
    left = view.table_rect().left + 16
    assert all(left + font.size(line)[0] <= view.timer_rect().left for line in lines)
