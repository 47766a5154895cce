"""The drawing basics every renderer module shares: palette, colour helpers, camera, caches.

- the palette (room, table, floor, ink, highlight and player colours), :func:`shade`,
  :func:`mix` and :func:`piece_colour` (a piece's tags choose its colour first: "dark",
  "light", player colours such as "red", or "rgb:RRGGBB"; then its material: "wood", "glass",
  "felt"; unknown materials get a stable colour from their name);
- :class:`WorldRect` and :class:`Camera`: world millimetres (y up) to screen pixels (y down);
- :class:`RenderCache`: what a :class:`~games.ui.render.Renderer` keeps between frames (fonts,
  text, gradients, panels, kept boards) and what its
  :class:`~games.ui.world_render.WorldPainter` keeps (shadow sprites, kept world layers,
  boxes' shapes in their own frame).

It imports neither :mod:`games.ui.render` nor :mod:`games.ui.world_render`: both import it.
"""

from __future__ import annotations

import hashlib
import weakref
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, TypeVar

import pygame
import pymunk

from physics.world import Piece, World

Colour = tuple[int, int, int]
Point = tuple[float, float]
Cell = tuple[int, int]

# -- palette ---------------------------------------------------------------------------------

ROOM_TOP: Colour = (38, 44, 52)
ROOM_BOTTOM: Colour = (72, 62, 54)
FELT: Colour = (34, 98, 66)
FELT_FAR: Colour = (26, 76, 52)
TABLE_EDGE: Colour = (112, 68, 38)
TABLE_EDGE_DARK: Colour = (70, 40, 22)
TABLE_APRON: Colour = (92, 56, 32)
TABLE_LEG: Colour = (104, 63, 35)
FLOOR: Colour = (122, 92, 64)
FLOOR_FAR: Colour = (84, 62, 44)
SKIRTING: Colour = (58, 52, 50)
ROOM_SIDE_WALL: Colour = (64, 60, 58)
INK: Colour = (240, 234, 220)
INK_DIM: Colour = (182, 174, 160)
ACCENT: Colour = (244, 190, 80)
HOVER: Colour = (255, 236, 160)
HELD: Colour = (255, 204, 90)
REFUSED: Colour = (236, 104, 88)
GOOD: Colour = (124, 212, 132)
PANEL: Colour = (24, 26, 30)

MATERIAL_COLOURS: dict[str, Colour] = {
    "wood": (214, 166, 104),
    "glass": (110, 170, 220),
    "felt": FELT,
    "steel": (170, 176, 184),
    "cork": (196, 152, 108),
}

TAG_COLOURS: dict[str, Colour] = {
    "dark": (92, 56, 36),  # walnut
    "light": (236, 204, 150),  # maple
    "red": (200, 64, 56),
    "blue": (60, 110, 196),
    "green": (70, 160, 90),
    "yellow": (232, 196, 64),
    "white": (236, 232, 222),
    "black": (44, 42, 40),
    "orange": (226, 128, 52),
    "purple": (136, 84, 168),
}

# Seat colours for board games, in seat order.
PLAYER_COLOURS: tuple[Colour, ...] = (
    TAG_COLOURS["red"],
    TAG_COLOURS["blue"],
    TAG_COLOURS["yellow"],
    TAG_COLOURS["green"],
)


def shade(colour: Colour, factor: float) -> Colour:
    """``colour`` darkened (factor < 1) or lightened towards white (factor > 1)."""
    if factor <= 1.0:
        r, g, b = (round(c * factor) for c in colour)
        return (r, g, b)
    t = min(factor - 1.0, 1.0)
    r, g, b = (round(c + (255 - c) * t) for c in colour)
    return (r, g, b)


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """Linear blend from ``a`` (t = 0) to ``b`` (t = 1)."""
    r, g, bl = (round(x + (y - x) * t) for x, y in zip(a, b, strict=True))
    return (r, g, bl)


def piece_colour(piece: Piece) -> Colour:
    """The base colour of a piece: from its tags, else its material, else a hash of the name."""
    for tag in sorted(piece.tags):
        if tag in TAG_COLOURS:
            return TAG_COLOURS[tag]
        if tag.startswith("rgb:") and len(tag) == 10:
            try:
                value = int(tag[4:], 16)
            except ValueError:
                continue
            return ((value >> 16) & 255, (value >> 8) & 255, value & 255)
    if piece.material in MATERIAL_COLOURS:
        return MATERIAL_COLOURS[piece.material]
    digest = hashlib.sha1(piece.material.encode()).digest()
    return (90 + digest[0] % 140, 90 + digest[1] % 140, 90 + digest[2] % 140)


# -- camera ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class WorldRect:
    """A rectangle in world millimetres (y up)."""

    left: float
    bottom: float
    right: float
    top: float

    @property
    def width(self) -> float:
        return self.right - self.left

    @property
    def height(self) -> float:
        return self.top - self.bottom

    def contains(self, point: Point) -> bool:
        return self.left <= point[0] <= self.right and self.bottom <= point[1] <= self.top


FLOOR_SHOWN_MM = 10.0  # of the floor's boards shown under a table scene that has room for them


class Camera:
    """World mm (y up) ↔ screen px (y down): a uniform scale and an offset."""

    def __init__(self, scale: float = 1.0, origin: Point = (0.0, 0.0)) -> None:
        self.scale = scale  # px per mm
        self.origin = origin  # screen px of world (0, 0)

    @classmethod
    def fit(
        cls,
        world_rect: WorldRect,
        screen_rect: pygame.Rect,
        margin: int = 16,
        *,
        align_y: float = 0.5,
    ) -> Camera:
        """A camera showing all of ``world_rect`` inside ``screen_rect``, aspect kept.

        The rectangle is centred across; ``align_y`` says where it sits when the screen is
        taller than needed: 0.5 centred, 1.0 at the bottom (spare room above, for a table
        scene that should not float), 0.0 at the top.
        """
        inner = screen_rect.inflate(-2 * margin, -2 * margin)
        width = max(inner.width, 1)
        height = max(inner.height, 1)
        scale = min(width / max(world_rect.width, 1e-9), height / max(world_rect.height, 1e-9))
        spare_y = height - world_rect.height * scale
        left_px = inner.centerx - world_rect.width * scale / 2
        top_px = inner.top + spare_y * min(max(align_y, 0.0), 1.0)
        origin = (left_px - world_rect.left * scale, top_px + world_rect.top * scale)
        return cls(scale, origin)

    @classmethod
    def fit_table(
        cls,
        world_rect: WorldRect,
        screen_rect: pygame.Rect,
        margin: int = 16,
        *,
        floor: float | None = None,
    ) -> Camera:
        """A camera showing all of ``world_rect``, a table scene, inside ``screen_rect``.

        Scaled and centred across as :meth:`fit`. Room to spare in height goes first *below*
        the table, down to ``floor`` (the floor's top, mm, if the scene has one), so the
        table's legs and the floor fill the bottom of the picture; what is still left over is
        room above the scene (never empty space under the floor).
        """
        inner = screen_rect.inflate(-2 * margin, -2 * margin)
        camera = cls.fit(world_rect, screen_rect, margin, align_y=1.0)
        if floor is None or floor >= world_rect.bottom:
            return camera
        view_mm = max(inner.height, 1) / camera.scale
        bottom = min(world_rect.bottom, max(floor - FLOOR_SHOWN_MM, world_rect.top - view_mm))
        origin = (camera.origin[0], inner.bottom + bottom * camera.scale)
        return cls(camera.scale, origin)

    def to_screen(self, point: Point) -> tuple[float, float]:
        return (self.origin[0] + point[0] * self.scale, self.origin[1] - point[1] * self.scale)

    def to_world(self, pixel: Point) -> tuple[float, float]:
        return ((pixel[0] - self.origin[0]) / self.scale, (self.origin[1] - pixel[1]) / self.scale)

    def px(self, millimetres: float) -> float:
        """A length in mm as screen pixels."""
        return millimetres * self.scale


# -- kept between frames --------------------------------------------------------------------


@dataclass
class WorldLayer:
    """What :meth:`~games.ui.world_render.WorldPainter.draw_world` keeps of a world: the
    screen region and its pixels."""

    key: tuple[object, ...]
    rect: pygame.Rect
    image: pygame.Surface | None


# A box's corners, grain lines (point pairs), lit and shaded edges (two pairs) in its body's
# frame (mm), and its thickness (mm): what drawing it needs that never changes.
BoxGeometry = tuple[tuple[Point, ...], tuple[Point, ...], tuple[Point, ...], float]


_K = TypeVar("_K")
_V = TypeVar("_V")


class LeastRecentlyUsed(OrderedDict[_K, _V]):
    """A dict of at most ``limit`` entries: a new one past it pushes out the one used longest
    ago. For caches whose keys may never repeat (a log line, a felt's height while the camera
    eases): memory stays at what ``limit`` entries take, where emptying the whole cache at a
    size limit let it climb to the limit, and the memory freed was not given back to the
    system, so the process grew by the largest the cache had been (scripts/soak.py)."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def get(self, key: _K, default: Any = None) -> Any:
        if key in self:
            self.move_to_end(key)
            return self[key]
        return default

    def __setitem__(self, key: _K, value: _V) -> None:
        super().__setitem__(key, value)
        self.move_to_end(key)
        while len(self) > self.limit:
            self.popitem(last=False)


# How many of each kind are kept: a window's picture uses about a hundred texts, a few
# gradients and a shadow per piece.
TEXT_KEPT = 256
GRADIENTS_KEPT = 12
# The table's felts (a few ms of grain each), apart from the gradients: while the camera eases
# a new floor gradient is made nearly every frame, and pushed the felts out with the others.
FELTS_KEPT = 8
SHADOWS_KEPT = 160
AREAS_KEPT = 8
WRAPS_KEPT = 128  # texts split into lines (a card's words, every frame), by text, width, type


@dataclass
class RenderCache:
    """Surfaces and fonts kept between frames, each bounded (by the code that fills it, or as
    a :class:`LeastRecentlyUsed`)."""

    # Keyed weakly by the world and the box shape drawn: a game that ends takes its entries
    # with it (keyed by id, each finished game's layer, a copy of the screen, and its box
    # shapes stayed until a size limit emptied the cache).
    layers: weakref.WeakKeyDictionary[World, WorldLayer] = field(
        default_factory=weakref.WeakKeyDictionary
    )
    boards: dict[tuple[object, ...], pygame.Surface] = field(default_factory=dict)
    panels: dict[tuple[int, int, int, int], pygame.Surface] = field(default_factory=dict)
    backgrounds: dict[tuple[int, int], pygame.Surface] = field(default_factory=dict)
    shadows: LeastRecentlyUsed[tuple[int, int, int], pygame.Surface] = field(
        default_factory=lambda: LeastRecentlyUsed(SHADOWS_KEPT)
    )
    fonts: dict[tuple[int, bool, bool], pygame.font.Font] = field(default_factory=dict)
    text: LeastRecentlyUsed[tuple[str, int, bool, bool, Colour], pygame.Surface] = field(
        default_factory=lambda: LeastRecentlyUsed(TEXT_KEPT)
    )
    gradients: LeastRecentlyUsed[tuple[int, int, Colour, Colour], pygame.Surface] = field(
        default_factory=lambda: LeastRecentlyUsed(GRADIENTS_KEPT)
    )
    felts: LeastRecentlyUsed[tuple[int, int], pygame.Surface] = field(
        default_factory=lambda: LeastRecentlyUsed(FELTS_KEPT)
    )
    boxes: weakref.WeakKeyDictionary[pymunk.Shape, BoxGeometry] = field(
        default_factory=weakref.WeakKeyDictionary
    )
    # Texts split into lines that fit a width (Renderer.wrap): a card's words are measured
    # word by word, dozens of font.size calls a frame, for the same lines every frame.
    wraps: LeastRecentlyUsed[tuple[str, int, int, bool], tuple[str, ...]] = field(
        default_factory=lambda: LeastRecentlyUsed(WRAPS_KEPT)
    )
    # A view's kept area (a side panel) by name: what it showed (the key) and its pixels.
    areas: LeastRecentlyUsed[str, tuple[tuple[object, ...], pygame.Surface]] = field(
        default_factory=lambda: LeastRecentlyUsed(AREAS_KEPT)
    )


def round_point(point: Point | pymunk.Vec2d) -> tuple[int, int]:
    """A point rounded to whole pixels."""
    return (round(point[0]), round(point[1]))
