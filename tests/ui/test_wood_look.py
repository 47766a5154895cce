"""The physics games' pieces are drawn as the wooden pieces they are: shaded and grained, and
two face-down animals of Animal upon Animal look exactly alike (nothing tells them apart)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from games.animals.session import AnimalsSession
from games.core import registry
from games.core.protocol import SeatKind
from games.freeplay.scene import build_freeplay
from games.ui.render import Camera, Renderer
from physics.config import load_config


def _piece_alone(renderer: Renderer, piece: Any, scale: float) -> pygame.Surface:
    """``piece`` drawn on a plain grey surface with its centre at (100, 100)."""
    surface = pygame.Surface((200, 200))
    surface.fill((128, 128, 128))
    x, y = piece.body.position
    camera = Camera(scale, (100 - x * scale, 100 + y * scale))
    renderer.draw_piece(surface, camera, piece)
    return surface


def test_a_disk_is_drawn_shaded_and_grained_not_flat() -> None:
    pygame.display.init()
    world = build_freeplay(load_config().config)
    disk = world.pieces["loose0"]
    image = _piece_alone(Renderer(), disk, 4.0)
    half_w, half_h = disk.size[0] * 2, disk.size[1] * 2  # px at 4 px/mm
    inside = pygame.Rect(0, 0, round(half_w * 2) - 8, round(half_h * 2) - 8)
    inside.center = (100, 100)
    colours = {
        tuple(image.get_at((x, y))[:3])
        for x in range(inside.left, inside.right)
        for y in range(inside.top, inside.bottom)
    }
    assert len(colours) > 40  # wood grain and shading, not one flat colour

    def brightness(x: int) -> float:
        column = [sum(image.get_at((x, y))[:3]) for y in range(inside.top, inside.bottom)]
        return sum(column) / len(column)

    lit = brightness(inside.left + inside.width // 3)
    assert lit > brightness(inside.right - 1) + 30  # lit from the left, round to the right


def test_face_down_animals_are_drawn_exactly_alike(make_app: Callable[..., Any], ui: Any) -> None:
    app = make_app()
    app.start_game(registry.load("animals"), (SeatKind.COMPUTER, SeatKind.COMPUTER))
    session = app.session
    assert isinstance(session, AnimalsSession)
    ui.until(app, lambda: len(session.scene.animals()) >= 2)  # laid one by one (memory_view)
    animals = session.scene.animals()
    names = {session.scene.animal_of[piece.name] for piece in animals}
    assert len(names) == len(animals) >= 2  # different animals (the opening three)
    first, second = animals[0], animals[-1]
    for piece in (first, second):  # the same pose: upright
        session.world.lay_at_rest(piece, (piece.body.position.x, 200.0), 0.0)
    renderer = app.renderer
    one, other = _piece_alone(renderer, first, 3.0), _piece_alone(renderer, second, 3.0)
    assert pygame.image.tobytes(one, "RGB") == pygame.image.tobytes(other, "RGB")
    assert one.get_at((100, 100))[:3] != (128, 128, 128)  # something was drawn
