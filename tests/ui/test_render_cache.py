"""The renderer keeps what does not move, and never shows a stale picture.

Each test draws a frame twice (the second time from the kept layer) and compares it pixel for
pixel with a frame drawn by a renderer that keeps nothing yet.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

import pygame
import pytest

from games.ui.render import Camera, Renderer, WorldRect
from physics import pieces
from physics.config import load_config
from physics.world import World

SIZE = (640, 400)


@pytest.fixture(autouse=True)
def _pygame() -> None:
    pygame.display.init()
    pygame.font.init()


def _scene() -> World:
    world = World(load_config().config)
    world.add(pieces.table())
    world.add(pieces.ramp("ramp", (-200.0, 80.0), (-120.0, 0.0)))
    pieces.disk_stack(world, 4)
    world.settle_in()
    world.run(1.0)  # the stack falls asleep
    return world


def _frame(renderer: Renderer, world: World, camera: Camera) -> pygame.Surface:
    surface = pygame.Surface(SIZE)
    renderer.background(surface)
    renderer.draw_world(surface, camera, world)
    return surface


def _same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return bytes(pygame.image.tobytes(a, "RGB")) == bytes(pygame.image.tobytes(b, "RGB"))


def _camera(zoom: float = 1.0) -> Camera:
    fitted = Camera.fit(WorldRect(-250, -30, 150, 120), pygame.Rect(0, 0, *SIZE), 16)
    return Camera(fitted.scale * zoom, fitted.origin)


def test_a_kept_frame_is_the_frame_drawn_afresh() -> None:
    world = _scene()
    assert all(p.body.is_sleeping for p in world.dynamic_pieces())
    kept = Renderer()
    _frame(kept, world, _camera())
    assert _same(_frame(kept, world, _camera()), _frame(Renderer(), world, _camera()))


def test_a_woken_piece_that_moves_is_drawn_where_it_is() -> None:
    world = _scene()
    kept = Renderer()
    before = _frame(kept, world, _camera())
    top = world.pieces["d03"]
    top.body.position += (30.0, 0.0)  # moving a body wakes it
    after = _frame(kept, world, _camera())
    assert not _same(after, before)
    assert _same(after, _frame(Renderer(), world, _camera()))
    world.run(2.0)  # it falls, lands and sleeps again: kept again, still right
    assert top.body.is_sleeping
    _frame(kept, world, _camera())
    assert _same(_frame(kept, world, _camera()), _frame(Renderer(), world, _camera()))


def test_zoom_redraws_the_kept_layer() -> None:
    world = _scene()
    kept = Renderer()
    _frame(kept, world, _camera())
    zoomed = _frame(kept, world, _camera(1.5))
    assert _same(zoomed, _frame(Renderer(), world, _camera(1.5)))


def test_a_kept_board_is_the_board_drawn_afresh() -> None:
    def board(renderer: Renderer, highlight: tuple[int, int]) -> pygame.Surface:
        surface = pygame.Surface(SIZE)
        renderer.background(surface)
        renderer.draw_grid(
            surface,
            pygame.Rect(20, 20, 360, 360),
            9,
            9,
            cells={(0, 0): (200, 60, 60)},
            labels={(4, 4): "→"},
            highlights=[highlight],
        )
        return surface

    kept = Renderer()
    board(kept, (1, 1))
    assert _same(board(kept, (2, 3)), board(Renderer(), (2, 3)))


def test_the_idle_menu_is_not_drawn_again_until_something_changes(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    app.step_frame(1 / 60)
    app.screen.set_at((5, 5), (255, 0, 255))  # a mark a repaint would cover
    app.step_frame(1 / 60)
    assert app.screen.get_at((5, 5))[:3] == (255, 0, 255)  # nothing changed: not repainted
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 300), rel=(1, 1)))
    app.step_frame(1 / 60)
    assert app.screen.get_at((5, 5))[:3] != (255, 0, 255)  # the mouse moved: drawn again


@pytest.mark.parametrize("far", [False, True])
def test_a_kept_room_is_the_room_drawn_afresh(far: bool) -> None:
    """A table on its floor (physics/room.py), close up and seen from so far that the room's
    walls are in the picture: the kept layer shows exactly what a fresh drawing does."""
    from physics import room

    world = World(load_config().config)
    room.furnish(world, -300.0, 300.0)
    pieces.disk_stack(world, 3)
    world.add(pieces.flat_disk(world.config, "fallen", (500.0, -room.TABLE_HEIGHT_MM + 3.98)))
    world.settle_in()
    world.run(1.0)
    assert all(p.body.is_sleeping for p in world.dynamic_pieces())
    rect = WorldRect(-1300, -200, 1300, 300) if far else WorldRect(-250, -30, 150, 120)
    camera = Camera.fit_table(rect, pygame.Rect(0, 0, *SIZE), 16, floor=room.floor_y(world))
    kept = Renderer()
    _frame(kept, world, camera)
    second = _frame(kept, world, camera)
    assert _same(second, _frame(Renderer(), world, camera))


def test_a_kept_side_panel_is_the_panel_drawn_afresh_and_follows_the_mouse(make_app, ui) -> None:  # type: ignore[no-untyped-def]
    from games.core import registry
    from games.core.protocol import SeatKind

    app = make_app()
    app.start_game(registry.load("animals"), (SeatKind.HUMAN, SeatKind.HUMAN))
    view = app.game.view
    ui.until(app, lambda: "draw" in view.enabled_buttons())  # the opening laid (memory_view)
    panel = view.panel_rect()

    def shown() -> pygame.Surface:
        return app.screen.subsurface(panel).copy()

    app._draw()
    kept = shown()  # drawn from the kept copy
    app.renderer._cache.areas.clear()
    app._draw()
    assert _same(kept, shown())  # the same as drawn afresh
    draw = view.buttons["draw"]
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=draw.center, rel=(0, 0), buttons=(0, 0, 0))
    )
    ui.run(app, 0.1)
    assert not _same(kept, shown())  # the Draw button under the mouse is lit
    hot = shown()
    app.renderer._cache.areas.clear()
    app._draw()
    assert _same(hot, shown())


@pytest.mark.parametrize("game", ["freeplay", "wallamoppi", "animals"])
def test_a_physics_games_frame_paints_every_pixel_from_its_kept_layer(  # type: ignore[no-untyped-def]
    make_app, ui, game
) -> None:
    """The window paints the room's background only outside the table (the kept layer holds
    it under the table): a frame over a magenta screen shows no magenta, kept or afresh."""
    from games.core import registry
    from games.core.protocol import SeatKind

    app = make_app()
    app.rest.unchanged = lambda game: False  # every _draw paints (games/ui/rest.py aside)
    spec = registry.load(game)
    app.start_game(spec, (SeatKind.HUMAN,) * spec.min_seats)
    ui.run(app, 0.5)
    app.paused = True  # nothing moves between the frames compared
    app._draw()
    app._draw()
    kept = app.screen.copy()
    app.screen.fill((255, 0, 255))
    app._draw()
    assert _same(kept, app.screen)
    app.renderer._cache.layers.clear()
    app.renderer._cache.areas.clear()
    app.screen.fill((255, 0, 255))
    app._draw()
    assert _same(kept, app.screen)


@pytest.mark.parametrize("game", ["freeplay", "wallamoppi", "animals"])
def test_a_physics_frame_drawn_between_the_bars_is_the_whole_window_drawing(  # type: ignore[no-untyped-def]
    make_app, ui, monkeypatch, game
) -> None:
    """The world is painted (and kept) only between the title and status bars, and no
    background under the bars: the window shows, pixel for pixel, what painting the world
    and the background over the whole window before the bars showed, kept and afresh."""
    from games.core import registry
    from games.core.protocol import SeatKind
    from games.ui import physics_view

    app = make_app()
    app.rest.unchanged = lambda game: False  # every _draw paints (games/ui/rest.py aside)
    spec = registry.load(game)
    kind = SeatKind.HUMAN if game == "freeplay" else SeatKind.COMPUTER  # Free play: its card
    app.start_game(spec, (kind,) * spec.min_seats)
    ui.run(app, 1.0)
    app.paused = True  # nothing moves between the frames compared
    app._draw()
    app._draw()
    kept = app.screen.copy()
    with monkeypatch.context() as patch:
        patch.setattr(physics_view, "between_bars", lambda surface: surface.get_rect())
        app.renderer._cache.layers.clear()
        app.renderer._cache.areas.clear()
        for _ in range(2):  # afresh, then from the whole-window layer kept
            app.screen.fill((255, 0, 255))
            app._draw()
            assert _same(kept, app.screen)
    app._draw()
    assert _same(kept, app.screen)


def test_wrapped_words_kept_are_the_words_wrapped_afresh() -> None:
    """A card's words are wrapped once and kept (Renderer.wrap): the lines are those a
    renderer that keeps nothing finds, at every width, and changing a list handed out
    changes nothing kept."""
    text = "Free play has no rules. Drag a piece with the left mouse button.\nThen let go."
    kept = Renderer()
    for width in (120, 260, 90, 120, 400, 260):
        lines = kept.wrap(text, width, 17)
        assert lines == Renderer().wrap(text, width, 17)
        assert len(lines) > 1
        lines.append("changed")
    assert kept.wrap(text, 120, 17) == Renderer().wrap(text, 120, 17)


@pytest.mark.parametrize("far", [False, True])
def test_the_room_left_unpainted_under_the_floor_is_the_room_painted_whole(
    monkeypatch: pytest.MonkeyPatch, far: bool
) -> None:
    """The room's background is not painted under the floor (its boards cover those rows):
    the picture is, pixel for pixel, the one painted with the background everywhere."""
    from games.ui import world_render
    from physics import room

    world = World(load_config().config)
    room.furnish(world, -300.0, 300.0)
    pieces.disk_stack(world, 3)
    world.settle_in()
    rect = WorldRect(-1300, -200, 1300, 300) if far else WorldRect(-600, -30, 600, 150)
    camera = Camera.fit_table(rect, pygame.Rect(0, 0, *SIZE), 16, floor=room.floor_y(world))

    def frame() -> pygame.Surface:
        surface = pygame.Surface(SIZE)
        surface.fill((255, 0, 255))
        Renderer().draw_world(surface, camera, world, room=True)
        return surface

    assert camera.to_screen((0.0, room.floor_y(world) or 0.0))[1] < SIZE[1]  # floor in view
    left_out = frame()
    monkeypatch.setattr(world_render, "_above_floor", lambda clip, camera, floor: clip)
    assert _same(left_out, frame())


def test_the_tables_felts_stay_kept_while_new_gradients_come_and_go() -> None:
    """While the camera eases, a floor gradient of a new height is made nearly every frame;
    the felts (a few ms of grain each) are kept apart and are not pushed out by them."""
    from games.ui.canvas import GRADIENTS_KEPT

    renderer = Renderer()
    felt = renderer.felt((700, 96))
    for height in range(3 * GRADIENTS_KEPT):
        renderer.gradient((700, 100 + height), (10, 10, 10), (90, 90, 90))
    assert renderer.felt((700, 96)) is felt
