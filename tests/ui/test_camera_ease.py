"""While the camera moves (the ease-out to a fallen piece, a wheel notch) the frame is right.

What the renderer keeps between frames (the table, the floor, sleeping pieces) cannot be
reused while the camera moves; it must never show a stale picture. Real pygame events under
SDL's dummy driver: Free play, a cylinder thrown off the right of the table onto the floor.
Frames are stepped one at a time while the camera eases out; each is compared, pixel for
pixel, with the same frame drawn by a renderer that keeps nothing, and once the camera has
caught up with the cylinder it must show it in its colour inside the window. Then the same
for wheel notches at the cylinder, and the felt and gradients the table is drawn with.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import pygame

from games.freeplay.view import FreeplayView
from games.ui.render import Renderer, mix, piece_colour
from physics import room
from tests.ui.freeplay_hand import in_view, start_freeplay, throw_right


def afresh(app: Any) -> pygame.Surface:
    """The frame just shown, drawn again by a renderer that keeps nothing yet."""
    shown = app.screen.copy()
    kept = app.renderer
    app.renderer = Renderer()
    try:
        app._draw()
        fresh = app.screen.copy()
    finally:
        app.renderer = kept
        app.screen.blit(shown, (0, 0))
    return fresh


def same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def piece_pixels(app: Any, view: FreeplayView, name: str) -> int:
    """How many pixels of the piece's own colour (within the shading and grain of its wood:
    :data:`WOOD_TOLERANCE`) the window shows inside its outline's box, in the table's part of
    the window."""
    piece = view.physics.world.pieces[name]
    bb = piece.shape.cache_bb()
    left, top = view.camera.to_screen((bb.left, bb.top))
    right, bottom = view.camera.to_screen((bb.right, bb.bottom))
    box = pygame.Rect(round(left), round(top), round(right - left), round(bottom - top))
    box = box.clip(view.visible_rect())
    colour = piece_colour(piece)
    return sum(
        1
        for x in range(box.left, box.right)
        for y in range(box.top, box.bottom)
        if sum(abs(a - b) for a, b in zip(app.screen.get_at((x, y))[:3], colour, strict=True))
        <= WOOD_TOLERANCE
    )


WOOD_TOLERANCE = 48  # summed over r, g, b: a shaded, grained wooden piece; the floor is 200 off


def test_frames_while_the_camera_eases_out_show_the_fallen_piece_as_drawn_afresh(
    make_app: Callable[..., Any], ui: Any
) -> None:
    app, session, view = start_freeplay(make_app, ui)
    fitted = view.camera.scale
    throw_right(app, ui, view, "cylinder2")
    scales = [view.camera.scale]
    checked = 0
    for frame in range(150):  # it falls to the floor and the camera follows, a frame at a time
        ui.run(app, ui.frame)
        scales.append(view.camera.scale)
        if frame % 5 == 0 and scales[-1] != scales[-2]:  # mid-ease: a new camera this frame
            assert same(app.screen, afresh(app)), f"frame {frame} is not the frame drawn afresh"
            if in_view(view, "cylinder2"):  # caught up with (an arrow points to it before)
                assert piece_pixels(app, view, "cylinder2") > 100
                checked += 1
    assert [p.name for p in session.on_floor()] == ["cylinder2"]
    floor = room.floor_y(session.world)
    lying = session.world.pieces["cylinder2"].shape.cache_bb()
    assert floor is not None and abs(lying.bottom - floor) < 2.0
    # the camera eased out: smaller step by step, through scales between the two ends
    assert scales[-1] < 0.9 * fitted
    between = [s for s in scales if scales[-1] < s < fitted]
    assert len(between) >= 10 and checked >= 3
    assert all(b <= a + 1e-9 for a, b in itertools.pairwise(scales))
    assert view.pieces_out_of_view() == []
    # once it stopped, the kept picture is the frame drawn afresh too
    ui.run(app, 0.1)
    assert scales[-1] == view.camera.scale
    assert same(app.screen, afresh(app))
    assert piece_pixels(app, view, "cylinder2") > 50


def test_frames_after_wheel_notches_at_a_fallen_piece_show_it_as_drawn_afresh(
    make_app: Callable[..., Any], ui: Any
) -> None:
    app, session, view = start_freeplay(make_app, ui)
    throw_right(app, ui, view, "cylinder2")
    ui.run(app, 3.0)  # on the floor, the camera eased out and still
    assert [p.name for p in session.on_floor()] == ["cylinder2"]
    position = session.world.pieces["cylinder2"].body.position
    at = tuple(round(v) for v in view.camera.to_screen((position.x, position.y)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    ui.run(app, ui.frame)
    before = piece_pixels(app, view, "cylinder2")
    for notch in (1, 1, -1, 1):
        scale = view.camera.scale
        wheel = pygame.event.Event(
            pygame.MOUSEWHEEL, x=0, y=notch, precise_x=0.0, precise_y=float(notch), flipped=False
        )
        pygame.event.post(wheel)
        ui.run(app, ui.frame)
        assert (view.camera.scale > scale) == (notch > 0)  # zoomed in or out at the cylinder
        assert same(app.screen, afresh(app))
        ui.run(app, ui.frame)  # the same camera again: the kept picture
        assert same(app.screen, afresh(app))
    assert piece_pixels(app, view, "cylinder2") > 1.5 * before  # drawn bigger, still in view


def test_the_felt_and_floor_look_the_same_whatever_width_the_table_has_on_screen() -> None:
    """Easing or zooming, the table's width on screen changes every frame: its felt keeps its
    texture (the same fibres at the same place, only more or less of it) and a gradient runs
    from its top colour to its bottom colour row by row."""
    pygame.display.init()
    renderer = Renderer()
    wide = renderer.felt((700, 20))
    for width in (1, 257, 513, 699):
        felt = renderer.felt((width, 20))
        assert felt.get_height() == 20 and felt.get_width() >= width
        shown = felt.subsurface(pygame.Rect(0, 0, width, 20))
        assert same(shown, wide.subsurface(pygame.Rect(0, 0, width, 20)))
    top, bottom = (10, 200, 30), (250, 40, 90)
    gradient = renderer.gradient((3, 9), top, bottom)
    rows = [gradient.get_at((2, y))[:3] for y in range(9)]
    assert rows[0] == top and rows[-1] == bottom
    assert rows == [mix(top, bottom, y / 8) for y in range(9)]
