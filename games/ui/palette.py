"""Seat colours and seat marks for the dice games, with a colour-blind-safe switch.

Every seat of Stonewall, Dammi il malloppo and Whacky Wit's monsters is told apart twice: by
its colour and by a shape drawn on its pieces (red a triangle, blue a square, green a
diamond, yellow a ring, purple a cross), so no seat differs by colour alone. The shapes are
always drawn, whatever the palette.

:func:`set_colour_blind` switches every seat colour to the Okabe-Ito palette (Okabe & Ito,
*Color Universal Design*, 2002: vermillion, blue, bluish green, yellow, reddish purple), whose
colours stay apart for the common red-green colour blindnesses; off, the seats keep the
table's own colours (:data:`games.ui.canvas.TAG_COLOURS`). The settings screen calls it; the
views read :func:`seat_colour` every frame, so a switch shows at the next frame.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from games.ui.canvas import TAG_COLOURS, Colour

if TYPE_CHECKING:  # pragma: no cover
    from games.ui.render import Renderer

# Okabe-Ito's colour-blind-safe colours, by the seat names the games use.
COLOUR_BLIND: dict[str, Colour] = {
    "red": (213, 94, 0),  # vermillion
    "blue": (0, 114, 178),
    "green": (0, 158, 115),  # bluish green
    "yellow": (240, 228, 66),
    "purple": (204, 121, 167),  # reddish purple
    "orange": (230, 159, 0),
}
SHAPES: dict[str, str] = {
    "red": "triangle",
    "blue": "square",
    "green": "diamond",
    "yellow": "ring",
    "purple": "cross",
    "orange": "bar",
}
FALLBACK: Colour = (200, 200, 200)

_colour_blind = False


def set_colour_blind(on: bool) -> None:
    """Use the colour-blind-safe seat colours (True) or the table's own (False)."""
    global _colour_blind
    _colour_blind = bool(on)


def colour_blind() -> bool:
    return _colour_blind


def seat_colour(name: str, default: Colour | None = None) -> Colour:
    """The colour seat ``name`` ("red", "blue"...) is drawn in under the current palette;
    ``default`` (else the table's colour of that name) when the switch is off or the name has
    no safe colour."""
    if _colour_blind and name in COLOUR_BLIND:
        return COLOUR_BLIND[name]
    if default is not None:
        return default
    return TAG_COLOURS.get(name, FALLBACK)


def seat_shape(name: str) -> str:
    """The shape drawn on seat ``name``'s pieces ("triangle", "square"...; "" for none)."""
    return SHAPES.get(name, "")


def mark_ink(colour: Colour) -> Colour:
    """Dark ink on a light colour, light on a dark one (by perceived lightness)."""
    r, g, b = colour
    return (34, 28, 24) if 0.299 * r + 0.587 * g + 0.114 * b > 140 else (248, 244, 236)


def draw_seat_mark(
    surface: pygame.Surface,
    centre: tuple[float, float],
    size: float,
    name: str,
    colour: Colour,
) -> None:
    """Seat ``name``'s shape, ``size`` px across, centred on ``centre``, in ink that stands
    out on ``colour`` (the piece under it)."""
    shape = seat_shape(name)
    if not shape:
        return
    ink = mark_ink(colour)
    x, y = centre
    r = max(size / 2, 2.5)
    width = max(round(r / 3), 1)
    if shape == "triangle":
        points = [(x + r * math.sin(a), y - r * math.cos(a))
                  for a in (0.0, 2 * math.pi / 3, 4 * math.pi / 3)]
        pygame.draw.polygon(surface, ink, points)
    elif shape == "square":
        side = r * 1.5
        pygame.draw.rect(surface, ink, pygame.Rect(round(x - side / 2), round(y - side / 2),
                                                   round(side), round(side)))
    elif shape == "diamond":
        pygame.draw.polygon(surface, ink, [(x, y - r), (x + r, y), (x, y + r), (x - r, y)])
    elif shape == "ring":
        pygame.draw.circle(surface, ink, (x, y), r, max(width, 2))
    elif shape == "cross":
        arm = max(round(r / 2.2), 1)
        pygame.draw.rect(surface, ink, pygame.Rect(round(x - r), round(y - arm / 2),
                                                   round(2 * r), arm))
        pygame.draw.rect(surface, ink, pygame.Rect(round(x - arm / 2), round(y - r),
                                                   arm, round(2 * r)))
    else:  # bar
        pygame.draw.rect(surface, ink, pygame.Rect(round(x - r), round(y - r / 3),
                                                   round(2 * r), max(round(r * 2 / 3), 1)))


def draw_square_mark(surface: pygame.Surface, square: pygame.Rect, name: str,
                     under: Colour) -> None:
    """Seat ``name``'s shape, small, in the top-left corner of a board ``square`` tinted
    ``under`` (a seat's corner or start square), clear of a piece standing in its middle."""
    size = square.width * 0.2
    draw_seat_mark(surface, (square.left + size * 0.8, square.top + size * 0.8), size, name,
                   under)


def draw_seat_token(
    renderer: Renderer,
    surface: pygame.Surface,
    centre: tuple[float, float],
    radius: float,
    name: str,
    *,
    colour: Colour | None = None,
    ring: Colour | None = None,
    mark: float = 0.9,
) -> None:
    """A round piece of seat ``name`` in its colour (``colour`` overrides it: a hand leaving,
    greyed) with its shape on it, ``mark`` × ``radius`` across (0: none, the caller draws it
    elsewhere)."""
    fill = seat_colour(name) if colour is None else colour
    renderer.draw_token(surface, centre, radius, fill, ring=ring)
    if mark > 0:
        draw_seat_mark(surface, centre, radius * mark, name, fill)
