"""The renderer's geometry (camera, grid picking) and that pieces land on screen where they are."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

import pygame
import pytest

from games.freeplay.scene import build_freeplay
from games.ui.render import (
    TAG_COLOURS,
    Camera,
    GridGeometry,
    GridWall,
    Renderer,
    WorldRect,
    piece_colour,
)
from games.ui.widgets import Button, split_play_area
from physics import pieces
from physics.config import load_config


@pytest.fixture(scope="module")
def config():
    return load_config().config


@pytest.fixture
def surface():
    pygame.display.init()
    pygame.font.init()
    yield pygame.Surface((800, 500))
    pygame.font.quit()


def test_camera_round_trips_and_flips_y() -> None:
    camera = Camera.fit(WorldRect(-100, 0, 100, 100), pygame.Rect(0, 0, 400, 400), margin=0)
    assert camera.scale == pytest.approx(2.0)
    low = camera.to_screen((0.0, 0.0))
    high = camera.to_screen((0.0, 50.0))
    assert high[1] < low[1]  # up in the world is up on screen
    for point in [(-100.0, 0.0), (33.3, 77.7), (100.0, 100.0)]:
        assert camera.to_world(camera.to_screen(point)) == pytest.approx(point)


def test_camera_fit_keeps_aspect_and_centres() -> None:
    screen = pygame.Rect(50, 40, 1000, 300)
    camera = Camera.fit(WorldRect(0, 0, 100, 100), screen, margin=10)
    assert camera.px(100) == pytest.approx(280)  # limited by the height
    centre = camera.to_screen((50, 50))
    assert centre == pytest.approx(screen.center, abs=0.5)


def test_grid_geometry_picks_cells_and_guide_lines() -> None:
    grid = GridGeometry.fit(pygame.Rect(0, 0, 500, 500), cols=10, rows=10, margin=0)
    assert grid.cell == 50
    assert grid.cell_at((75, 130)) == (1, 2)
    assert grid.cell_at((-5, 10)) is None
    assert grid.cell_center((1, 2)) == (75, 125)
    assert grid.nearest_line((101, 125)) == ((2, 2), "v")  # near the line x = 2, in row 2
    assert grid.nearest_line((125, 149)) == ((2, 3), "h")  # near the line y = 3, in column 2


def test_draw_grid_paints_highlights_and_walls(surface) -> None:
    renderer = Renderer()
    rect = pygame.Rect(100, 0, 500, 500)
    grid = renderer.draw_grid(
        surface,
        rect,
        8,
        8,
        highlights={(2, 3): (0, 255, 0)},
        walls=[GridWall((4, 0), (4, 2), colour=(0, 0, 255))],
    )
    ring = grid.cell_rect((2, 3))
    assert surface.get_at((ring.left + 5, ring.centery))[:3] == (0, 255, 0)
    wall_x, wall_y = grid.corner((4, 1))
    assert surface.get_at((round(wall_x), round(wall_y)))[:3] == (0, 0, 255)


def test_pieces_are_drawn_where_the_camera_puts_them(surface, config) -> None:
    world = build_freeplay(config)
    renderer = Renderer()
    camera = Camera.fit(WorldRect(-300, -30, 420, 190), surface.get_rect())
    surface.fill((0, 0, 0))
    renderer.draw_world(surface, camera, world)
    for name in ("loose0", "cylinder1", "disk4"):
        piece = world.pieces[name]
        drawn = surface.get_at([round(v) for v in camera.to_screen(tuple(piece.position))])[:3]
        base = piece_colour(piece)
        assert sum(abs(a - b) for a, b in zip(drawn, base, strict=True)) < 80, name
    sky = surface.get_at([round(v) for v in camera.to_screen((200.0, 170.0))])[:3]
    assert sky == (0, 0, 0)  # nothing drawn where there is no piece


def test_tags_choose_colours_over_materials(config) -> None:
    dark = pieces.flat_disk(config, "d", (0, 0), tags={"dark"})
    light = pieces.flat_disk(config, "l", (0, 0), tags={"light"})
    plain = pieces.flat_disk(config, "p", (0, 0))
    custom = pieces.flat_disk(config, "c", (0, 0), tags={"rgb:102030"})
    assert piece_colour(dark) == TAG_COLOURS["dark"]
    assert piece_colour(light) == TAG_COLOURS["light"]
    assert piece_colour(dark) != piece_colour(plain) != piece_colour(light)
    assert piece_colour(custom) == (0x10, 0x20, 0x30)


def test_buttons_click_only_when_enabled_and_hit() -> None:
    button = Button("Pass", pygame.Rect(10, 10, 100, 40))
    inside = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(50, 30), button=1)
    outside = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(150, 30), button=1)
    right = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(50, 30), button=3)
    assert button.clicked(inside)
    assert not button.clicked(outside) and not button.clicked(right)
    button.enabled = False
    assert not button.clicked(inside)


def test_split_play_area_keeps_a_board_and_a_panel() -> None:
    board, panel = split_play_area(pygame.Rect(0, 40, 1000, 600), 300)
    assert board.width == 700 and panel.left == board.right and panel.width == 300
    board, panel = split_play_area(pygame.Rect(0, 40, 500, 600), 300)
    assert panel.width == 200  # never more than 40 % of a small window
