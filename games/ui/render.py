"""The shared renderer: world↔screen camera, physics pieces, grid boards, dice, text and panels.

Everything a game's view paints goes through here, so all games share one look: a warm room,
a table seen from the side (a strip of its felt top behind the pieces, the wooden edge of the
top, an apron and legs) standing on a wooden floor (physics/room.py), wooden pieces with a lit
top edge and grain, soft contact shadows, and readable type.

- :class:`Camera` maps world millimetres (y up) to screen pixels (y down). :meth:`Camera.fit`
  frames a :class:`WorldRect` inside a screen rectangle with margins, keeping the aspect, so a
  resized window still shows the whole scene; :meth:`Camera.fit_table` does so for a table
  scene, giving height to spare to the table's legs and the floor first.
- :class:`Renderer` draws: :meth:`Renderer.draw_world` (every piece of a physics world, the held
  and hovered piece highlighted), :meth:`Renderer.draw_grid` (a turn-based board: cells, walls
  on the grid lines, highlights) with its :class:`GridGeometry` for mouse picking,
  :meth:`Renderer.draw_token`, :meth:`Renderer.draw_die`, :meth:`Renderer.text`,
  :meth:`Renderer.panel` and :meth:`Renderer.button`.

Colours: a piece's tags choose its colour first ("dark", "light", player colours such as "red",
or "rgb:RRGGBB"), then its material ("wood", "glass", "felt"); unknown materials get a stable
colour from their name. Anti-aliasing uses ``pygame.gfxdraw`` for polygons and
``pygame.draw.aacircle``/``aaline`` (pygame-ce ≥ 2.5).
"""

from __future__ import annotations

import functools
import hashlib
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import pygame
import pygame.gfxdraw
import pymunk

from games.grid import column_label
from physics import room
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


# -- grid boards -----------------------------------------------------------------------------


@dataclass(frozen=True)
class GridWall:
    """A wall along grid lines from lattice point ``start`` to ``end`` (column, row corners).

    Lattice points run 0..cols and 0..rows; a wall between cells (2, 3) and (3, 3) is
    ``GridWall((3, 3), (3, 4))``. ``style`` is "permanent", "placed", "legal" or "illegal"
    (the last two for a drag preview).
    """

    start: Cell
    end: Cell
    colour: Colour | None = None
    style: str = "placed"


@dataclass(frozen=True)
class GridGeometry:
    """Where a drawn grid lies on screen: pixel ↔ cell, lattice points and guide lines."""

    left: float
    top: float
    cell: float  # px per cell side (cells are square)
    cols: int
    rows: int

    @classmethod
    def fit(cls, rect: pygame.Rect, cols: int, rows: int, margin: int = 12) -> GridGeometry:
        inner = rect.inflate(-2 * margin, -2 * margin)
        cell = max(min(inner.width / cols, inner.height / rows), 1.0)
        left = inner.centerx - cell * cols / 2
        top = inner.centery - cell * rows / 2
        return cls(left, top, cell, cols, rows)

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(
            round(self.left),
            round(self.top),
            round(self.cell * self.cols),
            round(self.cell * self.rows),
        )

    def cell_rect(self, cell: Cell) -> pygame.Rect:
        col, row = cell
        x0, y0 = self.corner((col, row))
        x1, y1 = self.corner((col + 1, row + 1))
        return pygame.Rect(round(x0), round(y0), round(x1) - round(x0), round(y1) - round(y0))

    def cell_center(self, cell: Cell) -> tuple[float, float]:
        return (self.left + (cell[0] + 0.5) * self.cell, self.top + (cell[1] + 0.5) * self.cell)

    def point_center(self, point: Point) -> tuple[float, float]:
        """Screen pixel of a (fractional) cell position, as a sliding piece has."""
        return (self.left + (point[0] + 0.5) * self.cell, self.top + (point[1] + 0.5) * self.cell)

    def cell_at(self, pixel: Point) -> Cell | None:
        """The cell under a screen pixel, or None outside the board."""
        col = math.floor((pixel[0] - self.left) / self.cell)
        row = math.floor((pixel[1] - self.top) / self.cell)
        if 0 <= col < self.cols and 0 <= row < self.rows:
            return (col, row)
        return None

    def corner(self, lattice: Cell) -> tuple[float, float]:
        """Screen pixel of lattice point (i, j), 0 ≤ i ≤ cols, 0 ≤ j ≤ rows."""
        return (self.left + lattice[0] * self.cell, self.top + lattice[1] * self.cell)

    def nearest_line(self, pixel: Point) -> tuple[Cell, str]:
        """The lattice point and direction ("h" rightwards, "v" downwards) of the nearest guide
        line segment: where a wall dragged to ``pixel`` would start."""
        fx = (pixel[0] - self.left) / self.cell
        fy = (pixel[1] - self.top) / self.cell
        dist_to_vertical = abs(fx - round(fx))
        dist_to_horizontal = abs(fy - round(fy))
        if dist_to_horizontal <= dist_to_vertical:
            return (
                (min(max(math.floor(fx), 0), self.cols - 1), min(max(round(fy), 0), self.rows)),
                "h",
            )
        return (
            (min(max(round(fx), 0), self.cols), min(max(math.floor(fy), 0), self.rows - 1)),
            "v",
        )


@dataclass
class _WorldLayer:
    """What :meth:`Renderer.draw_world` keeps of a world: the screen region and its pixels."""

    key: tuple[object, ...]
    rect: pygame.Rect
    image: pygame.Surface | None


@dataclass
class _Cache:
    layers: dict[int, _WorldLayer] = field(default_factory=dict)
    boards: dict[tuple[object, ...], pygame.Surface] = field(default_factory=dict)
    panels: dict[tuple[int, int, int, int], pygame.Surface] = field(default_factory=dict)
    backgrounds: dict[tuple[int, int], pygame.Surface] = field(default_factory=dict)
    shadows: dict[tuple[int, int, int], pygame.Surface] = field(default_factory=dict)
    fonts: dict[tuple[int, bool, bool], pygame.font.Font] = field(default_factory=dict)
    text: dict[tuple[str, int, bool, bool, Colour], pygame.Surface] = field(default_factory=dict)
    gradients: dict[tuple[int, int, Colour, Colour], pygame.Surface] = field(default_factory=dict)


FAR_PX = 4000  # table ends further off screen than this are drawn from here
ROOM_KINDS = room.KINDS  # static pieces drawn as the room, not as scenery
SANS_FONTS = "dejavusans,freesans,liberationsans,arial,helvetica"
SERIF_FONTS = "dejavuserif,freeserif,liberationserif,georgia,times"
# The table seen from the side (mm): the felt top seen just from above behind the pieces, the
# top's wooden edge, the apron under it, the legs (their width and inset from the ends).
TABLE_FELT_MM = 14.0
TABLE_TOP_MM = 18.0
TABLE_APRON_MM = 26.0
TABLE_LEG_MM = 28.0
TABLE_LEG_INSET_MM = 14.0
SKIRTING_MM = 16.0  # the skirting board along the wall, above the floor
FLOOR_BOARD_MM = 60.0  # the floor's boards, seen edge on


class Renderer:
    """Draws the shared look. One per app; caches fonts, gradients and shadow sprites."""

    def __init__(self) -> None:
        self._cache = _Cache()

    # -- text ----------------------------------------------------------------------------

    def font(self, size: int, *, bold: bool = False, serif: bool = False) -> pygame.font.Font:
        key = (size, bold, serif)
        font = self._cache.fonts.get(key)
        if font is None:
            names = SERIF_FONTS if serif else SANS_FONTS
            try:
                font = pygame.font.SysFont(names, size, bold=bold)
            except Exception:  # no fontconfig: the bundled font always works
                font = pygame.font.Font(None, round(size * 1.3))
            self._cache.fonts[key] = font
        return font

    def render_text(
        self,
        text: str,
        size: int = 18,
        colour: Colour = INK,
        *,
        bold: bool = False,
        serif: bool = False,
    ) -> pygame.Surface:
        key = (text, size, bold, serif, colour)
        image = self._cache.text.get(key)
        if image is None:
            if len(self._cache.text) > 512:
                self._cache.text.clear()
            image = self.font(size, bold=bold, serif=serif).render(text, True, colour)
            self._cache.text[key] = image
        return image

    def text(
        self,
        surface: pygame.Surface,
        text: str,
        pos: Point,
        *,
        size: int = 18,
        colour: Colour = INK,
        bold: bool = False,
        serif: bool = False,
        anchor: str = "topleft",
        shadow: bool = True,
    ) -> pygame.Rect:
        """Draw one line of text with its ``anchor`` (a pygame.Rect attribute) at ``pos``."""
        image = self.render_text(text, size, colour, bold=bold, serif=serif)
        rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
        if shadow:
            dark = self.render_text(text, size, (0, 0, 0), bold=bold, serif=serif)
            dark.set_alpha(120)
            surface.blit(dark, rect.move(1, 2))
        surface.blit(image, rect)
        return rect

    def wrap(self, text: str, width: int, size: int = 18, *, bold: bool = False) -> list[str]:
        """``text`` split into lines that fit ``width`` px in that type (paragraphs kept)."""
        font = self.font(size, bold=bold)
        lines: list[str] = []
        for paragraph in text.splitlines() or [""]:
            words = paragraph.split()
            line = ""
            for word in words:
                trial = f"{line} {word}".strip()
                if line and font.size(trial)[0] > width:
                    lines.append(line)
                    line = word
                else:
                    line = trial
            lines.append(line)
        return lines

    def ellipsize(self, text: str, width: int, size: int = 18, *, bold: bool = False) -> str:
        """``text`` if it fits ``width`` px, else its longest word-cut prefix ending in "…"."""
        font = self.font(size, bold=bold)
        if font.size(text)[0] <= width:
            return text
        words = text.split()
        while words:
            words.pop()
            trial = " ".join(words).rstrip(",;:") + "…"
            if font.size(trial)[0] <= width:
                return trial
        return "…"

    # -- room, panels, buttons -----------------------------------------------------------

    def felt(self, size: tuple[int, int]) -> pygame.Surface:
        """The table's felt: a gradient into the distance with a fine fibre texture (cached)."""
        key = (size[0], size[1], (0, 0, 1), (0, 0, 1))
        image = self._cache.gradients.get(key)
        if image is None:
            image = _gradient(size, FELT_FAR, FELT)
            _add_grain(image, strength=7, seed=11)
            self._cache.gradients[key] = image
        return image

    def gradient(self, size: tuple[int, int], top: Colour, bottom: Colour) -> pygame.Surface:
        """A cached vertical gradient of ``size`` px."""
        key = (size[0], size[1], top, bottom)
        image = self._cache.gradients.get(key)
        if image is None:
            if len(self._cache.gradients) > 32:
                self._cache.gradients.clear()
            image = _gradient(size, top, bottom)
            self._cache.gradients[key] = image
        return image

    def background(self, surface: pygame.Surface) -> None:
        """The room behind everything: a vertical gradient lit by a soft lamp from above."""
        size = surface.get_size()
        image = self._cache.backgrounds.get(size)
        if image is None:
            image = _gradient(size, ROOM_TOP, ROOM_BOTTOM)
            image.blit(_lamp_glow(size), (0, 0))
            if len(self._cache.backgrounds) > 8:
                self._cache.backgrounds.clear()
            self._cache.backgrounds[size] = image
        surface.blit(image, (0, 0))

    def panel(
        self, surface: pygame.Surface, rect: pygame.Rect, *, alpha: int = 200, radius: int = 12
    ) -> None:
        """A translucent dark rounded panel (overlays, menus); its surface is kept and reused."""
        key = (rect.width, rect.height, alpha, radius)
        layer = self._cache.panels.get(key)
        if layer is None:
            layer = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(layer, (*PANEL, alpha), layer.get_rect(), border_radius=radius)
            pygame.draw.rect(layer, (*INK_DIM, 60), layer.get_rect(), width=1, border_radius=radius)
            if len(self._cache.panels) > 64:
                self._cache.panels.clear()
            self._cache.panels[key] = layer
        surface.blit(layer, rect.topleft)

    def button(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        label: str,
        *,
        hot: bool = False,
        enabled: bool = True,
    ) -> None:
        """A wooden button; ``hot`` when the mouse is over it."""
        base = MATERIAL_COLOURS["wood"] if enabled else (120, 112, 104)
        face = shade(base, 1.15) if hot and enabled else base
        pygame.draw.rect(surface, shade(base, 0.45), rect.move(0, 3), border_radius=8)
        pygame.draw.rect(surface, face, rect, border_radius=8)
        pygame.draw.rect(surface, shade(base, 0.6), rect, width=2, border_radius=8)
        size = 18  # smaller type for a narrow button, then cut with "…": never past its edge
        while size > 12 and self.font(size, bold=True).size(label)[0] > rect.width - 10:
            size -= 1
        label = self.ellipsize(label, rect.width - 10, size, bold=True)
        self.text(
            surface,
            label,
            rect.center,
            size=size,
            colour=(48, 30, 16),
            bold=True,
            anchor="center",
            shadow=False,
        )

    # -- physics scenes ------------------------------------------------------------------

    def draw_world(
        self,
        surface: pygame.Surface,
        camera: Camera,
        world: World,
        *,
        hover: Piece | None = None,
        held: Piece | None = None,
        hand: Point | None = None,
        grip: Point | None = None,
        skip: Iterable[Piece] = (),
    ) -> None:
        """The whole table: felt, shadows, static scenery, every piece, highlights, the hand.

        ``hand`` is the hand's world point and ``grip`` the held piece's grab point (both mm);
        together they draw the rubber band of the grip. Pieces in ``skip`` are left out (a view
        draws those itself).

        What does not move is drawn once and kept (see :class:`_WorldLayer`): the table, the
        static scenery and every sleeping piece, *with what the surface held under them* (the
        room's background, a panel drawn just before). It is drawn again when the surface
        size, the clip, the camera (resize, zoom), the static pieces or the sleeping pieces
        change. So a view must not draw anything that changes under the world before calling
        this; what it draws afterwards is never kept.
        """
        skipped = set(skip)
        live = {id(piece) for piece in skipped}
        if hover is not None:
            live.add(id(hover))
        if held is not None:
            live.add(id(held))
        tables: list[Piece] = []
        scenery: list[Piece] = []
        resting: list[Piece] = []
        moving: list[Piece] = []
        for piece in world.pieces.values():
            if piece.is_static:
                if piece in skipped:
                    continue
                (tables if piece.kind in ROOM_KINDS else scenery).append(piece)
            elif id(piece) not in live and piece.body.is_sleeping:
                resting.append(piece)
            elif piece not in skipped:
                moving.append(piece)
        clip = surface.get_clip()
        key = (
            surface.get_size(),
            tuple(clip),
            camera.scale,
            camera.origin,
            tuple(id(piece) for piece in tables + scenery),
            tuple(_pose(piece) for piece in resting),
        )
        casters = self._shadow_casters(resting + moving) if tables else []
        layer = self._cache.layers.get(id(world))
        if layer is not None and layer.key == key and layer.image is not None:
            surface.blit(layer.image, layer.rect.topleft)
        else:
            still = {id(piece) for piece in resting}
            walls = [piece for piece in tables if piece.kind == "room_wall"]
            if tables:
                parts = {piece.kind: piece for piece in tables}
                self.draw_table(surface, camera, parts.get("table"), parts.get("floor"), walls)
            self._draw_shadow_list(surface, camera, [c for c in casters if id(c[0]) in still])
            for piece in scenery:
                self.draw_piece(surface, camera, piece)
            for piece in resting:
                self.draw_piece(surface, camera, piece)
            # the room's walls reach up above the table: kept with it
            region = _layer_region(surface, camera, tables, scenery + resting + walls)
            image = surface.subsurface(region).copy() if region.width and region.height else None
            if len(self._cache.layers) > 8:
                self._cache.layers.clear()
            self._cache.layers[id(world)] = _WorldLayer(key, region, image)
        self._draw_shadow_list(
            surface, camera, [c for c in casters if not c[0].body.is_sleeping or id(c[0]) in live]
        )
        for piece in moving:
            state = "held" if piece is held else "hover" if piece is hover else "normal"
            self.draw_piece(surface, camera, piece, state=state)
        if held is not None and hand is not None:
            self.draw_hand(surface, camera, hand, grip)

    def draw_table(
        self,
        surface: pygame.Surface,
        camera: Camera,
        table_piece: Piece | None = None,
        floor_piece: Piece | None = None,
        walls: Sequence[Piece] = (),
    ) -> None:
        """The table seen from the side, and the floor it stands on (physics/room.py).

        Behind the pieces a thin strip of the felt top recedes; in front, the top's wooden
        edge, the apron under it and a leg at each end reaching down to the floor; the floor's
        boards and a skirting board along the wall behind. The room's wall is whatever the
        surface held (:meth:`background`). A table without ends (the endless segment of
        :func:`physics.pieces.table`) is drawn across the whole surface, and without a floor
        the space under its edge is a dark gradient.
        """
        width, height = surface.get_size()
        top_y = round(camera.to_screen((0.0, 0.0))[1])
        left, right = -1, width + 1
        if table_piece is not None:
            box = table_piece.shape.cache_bb()
            if isinstance(table_piece.shape, pymunk.Segment):
                box = pymunk.BB(
                    table_piece.shape.a.x, box.bottom, table_piece.shape.b.x, box.top
                )
            left = max(-FAR_PX, round(camera.to_screen((box.left, 0.0))[0]))
            right = min(width + FAR_PX, round(camera.to_screen((box.right, 0.0))[0]))
        edge = max(round(camera.px(TABLE_TOP_MM)), 5)
        floor_y = None
        if floor_piece is not None:
            floor_y = round(camera.to_screen((0.0, floor_piece.shape.cache_bb().top))[1])
            self._draw_floor(surface, camera, floor_y)
            for wall in walls:
                self._draw_room_wall(surface, camera, wall, floor_y)
        if right <= left or right < 0 or left > width:
            return
        if floor_y is not None:
            self._draw_legs(surface, camera, left, right, top_y + edge, floor_y)
        ends = (left, right)  # the table's ends, maybe off screen
        left, right = max(left, -1), min(right, width + 1)  # what is drawn across: on screen
        if floor_y is None:
            under = pygame.Rect(left, top_y + edge, right - left, max(height - top_y - edge, 0))
            if under.height > 0:
                surface.blit(self.gradient(under.size, (34, 26, 22), (18, 16, 16)), under.topleft)
        # the felt top, seen just from above, behind the pieces
        depth = max(round(camera.px(TABLE_FELT_MM)), 3)
        felt_rect = pygame.Rect(left, top_y - depth, right - left, depth)
        surface.blit(self.felt(felt_rect.size), felt_rect.topleft)
        pygame.draw.line(surface, shade(FELT, 1.15), (left, top_y - 1), (right, top_y - 1))
        # the top's front edge
        edge_rect = pygame.Rect(left, top_y, right - left, edge)
        pygame.draw.rect(surface, TABLE_EDGE, edge_rect)
        for fraction, factor in ((0.3, 0.9), (0.55, 0.93), (0.8, 0.88)):
            y = top_y + round(edge * fraction)
            pygame.draw.line(surface, shade(TABLE_EDGE, factor), (left, y), (right, y))
        pygame.draw.line(surface, shade(TABLE_EDGE, 1.35), (left, top_y), (right, top_y), 2)
        pygame.draw.line(surface, TABLE_EDGE_DARK, (left, top_y + edge), (right, top_y + edge), 2)
        for x in ends:
            if left <= x <= right:
                pygame.draw.line(surface, TABLE_EDGE_DARK, (x, top_y), (x, top_y + edge))

    def _draw_legs(
        self, surface: pygame.Surface, camera: Camera, left: int, right: int, top: int, floor: int
    ) -> None:
        """Under the table's top: its shadow on the wall, the apron and the two end legs."""
        if floor <= top:
            return
        inset = max(round(camera.px(TABLE_LEG_INSET_MM)), 2)
        leg = max(round(camera.px(TABLE_LEG_MM)), 4)
        apron = max(round(camera.px(TABLE_APRON_MM)), 3)
        on_screen = surface.get_rect()
        shadow = pygame.Rect(left + inset, top, right - left - 2 * inset, floor - top)
        shadow = shadow.clip(on_screen)  # a table reaching far off screen: only what shows
        if shadow.width > 0 and shadow.height > 0:
            surface.blit(self._shade_layer(shadow.size, 90), shadow.topleft)
        apron_rect = pygame.Rect(left + inset, top, right - left - 2 * inset, apron)
        pygame.draw.rect(surface, TABLE_APRON, apron_rect)
        pygame.draw.line(
            surface, shade(TABLE_APRON, 0.7), apron_rect.bottomleft, apron_rect.bottomright, 2
        )
        for x in (left + inset, right - inset - leg):
            leg_rect = pygame.Rect(x, top, leg, floor - top)
            pygame.draw.rect(surface, TABLE_LEG, leg_rect)
            pygame.draw.line(
                surface, shade(TABLE_LEG, 1.25), leg_rect.topleft, leg_rect.bottomleft, 2
            )
            pygame.draw.line(
                surface, shade(TABLE_LEG, 0.7), leg_rect.topright, leg_rect.bottomright, 2
            )
        foot = pygame.Rect(left - inset, floor - 3, right - left + 2 * inset, 6).clip(on_screen)
        if foot.width > 0 and foot.height > 0:
            surface.blit(self._shade_layer(foot.size, 70), foot.topleft)

    def _draw_floor(self, surface: pygame.Surface, camera: Camera, floor_y: int) -> None:
        """The floor's boards from ``floor_y`` down, and a skirting board on the wall above."""
        width, height = surface.get_size()
        skirting = max(round(camera.px(SKIRTING_MM)), 3)
        if floor_y - skirting < height:
            band = pygame.Rect(0, floor_y - skirting, width, skirting)
            pygame.draw.rect(surface, SKIRTING, band)
            pygame.draw.line(surface, shade(SKIRTING, 1.3), band.topleft, band.topright)
        if floor_y >= height:
            return
        rect = pygame.Rect(0, floor_y, width, height - floor_y)
        surface.blit(self.gradient(rect.size, FLOOR, FLOOR_FAR), rect.topleft)
        pygame.draw.line(surface, shade(FLOOR, 1.3), (0, floor_y), (width, floor_y), 2)
        board = max(round(camera.px(FLOOR_BOARD_MM)), 6)
        y = floor_y + board
        while y < height:
            pygame.draw.line(surface, shade(FLOOR, 0.78), (0, y), (width, y))
            y += board

    def _draw_room_wall(
        self, surface: pygame.Surface, camera: Camera, wall: Piece, floor_y: int
    ) -> None:
        """A side wall of the room where the floor ends: a plain plastered face, seen edge on."""
        box = wall.shape.cache_bb()
        left = round(camera.to_screen((box.left, 0.0))[0])
        right = round(camera.to_screen((box.right, 0.0))[0])
        width = surface.get_width()
        if right < 0 or left > width:
            return
        left, right = max(left, -1), min(right, width + 1)
        top = max(round(camera.to_screen((0.0, box.top))[1]), -1)
        rect = pygame.Rect(left, top, right - left, surface.get_height() - top)
        pygame.draw.rect(surface, ROOM_SIDE_WALL, rect)
        for x in (rect.left, rect.right - 1):
            pygame.draw.line(surface, shade(ROOM_SIDE_WALL, 1.3), (x, top), (x, floor_y))

    def _shade_layer(self, size: tuple[int, int], alpha: int) -> pygame.Surface:
        """A translucent black rectangle of ``size`` (kept): shadow under a table."""
        key = (size[0], size[1], alpha, -1)
        layer = self._cache.panels.get(key)
        if layer is None:
            layer = pygame.Surface(size, pygame.SRCALPHA)
            layer.fill((0, 0, 0, alpha))
            if len(self._cache.panels) > 64:
                self._cache.panels.clear()
            self._cache.panels[key] = layer
        return layer

    def draw_shadows(
        self, surface: pygame.Surface, camera: Camera, pieces: Sequence[Piece]
    ) -> None:
        """Soft contact shadows on the felt, fainter and wider the higher a piece is.

        Only the lowest piece of a column casts one (a stack throws one shadow, not 35).
        """
        self._draw_shadow_list(surface, camera, self._shadow_casters(pieces))

    @staticmethod
    def _shadow_casters(pieces: Sequence[Piece]) -> list[tuple[Piece, pymunk.BB]]:
        """The pieces that cast a shadow (the lowest of each column) with their boxes."""
        casters: list[tuple[Piece, pymunk.BB]] = []
        for piece, bb in sorted(((p, p.shape.bb) for p in pieces), key=lambda pb: pb[1].bottom):
            if any(_x_overlap(bb, below) > 0.6 * (bb.right - bb.left) for _, below in casters):
                continue
            casters.append((piece, bb))
        return casters

    def _draw_shadow_list(
        self, surface: pygame.Surface, camera: Camera, casters: Sequence[tuple[Piece, pymunk.BB]]
    ) -> None:
        table_y = camera.to_screen((0.0, 0.0))[1]
        for _, bb in casters:
            if bb.bottom < -5:
                continue
            lift = max(bb.bottom, 0.0)
            strength = max(0.0, 1.0 - lift / 250.0)
            if strength <= 0.05:
                continue
            width = camera.px(bb.right - bb.left) * (1.25 + lift / 300.0) + 8
            height = max(camera.px(6.0) * (1.0 + lift / 200.0), 4)
            sprite = self._shadow(round(width), round(height), round(strength * 8))
            centre_x = camera.to_screen(((bb.left + bb.right) / 2, 0.0))[0]
            surface.blit(
                sprite, sprite.get_rect(center=(round(centre_x), round(table_y - height * 0.25)))
            )

    def _shadow(self, width: int, height: int, strength: int) -> pygame.Surface:
        key = (max(width // 2 * 2, 2), max(height // 2 * 2, 2), strength)
        sprite = self._cache.shadows.get(key)
        if sprite is None:
            sprite = pygame.Surface(key[:2], pygame.SRCALPHA)
            rings = 6
            for ring in range(rings):
                t = ring / rings
                rect = sprite.get_rect().inflate(-key[0] * t, -key[1] * t)
                pygame.draw.ellipse(sprite, (0, 0, 0, 4 + strength * 2), rect)
            if len(self._cache.shadows) > 400:
                self._cache.shadows.clear()
            self._cache.shadows[key] = sprite
        return sprite

    def draw_piece(
        self, surface: pygame.Surface, camera: Camera, piece: Piece, *, state: str = "normal"
    ) -> None:
        """One piece, by its shape: boxes with a lit edge and grain, circles, planks."""
        colour = piece_colour(piece)
        if state == "held":
            colour = shade(colour, 1.08)
        shape = piece.shape
        if isinstance(shape, pymunk.Circle):
            self._draw_ball(surface, camera, piece, colour)
        elif isinstance(shape, pymunk.Segment):
            self._draw_plank(surface, camera, shape, colour)
        elif isinstance(shape, pymunk.Poly):
            self._draw_box(surface, camera, piece, shape, colour)
        if state in ("hover", "held"):
            self.outline(
                surface,
                camera,
                piece,
                HELD if state == "held" else HOVER,
                width=3 if state == "held" else 2,
            )

    def outline(
        self,
        surface: pygame.Surface,
        camera: Camera,
        piece: Piece,
        colour: Colour,
        *,
        width: int = 2,
    ) -> None:
        """An anti-aliased outline around ``piece`` (hover, held, legal-target highlights)."""
        shape = piece.shape
        if isinstance(shape, pymunk.Circle):
            centre = camera.to_screen(piece.body.local_to_world(shape.offset))
            radius = camera.px(shape.radius) + width
            pygame.draw.aacircle(surface, colour, _round(centre), max(round(radius), 1), width)
            return
        points = _outline_points(camera, piece)
        if len(points) >= 2:
            grown = _grow(points, width / 2 + 1)
            pygame.draw.aalines(surface, colour, True, grown)
            if width > 1:
                pygame.draw.lines(surface, colour, True, grown, width)
                pygame.draw.aalines(surface, colour, True, _grow(points, width + 1.0))

    def _draw_box(
        self,
        surface: pygame.Surface,
        camera: Camera,
        piece: Piece,
        shape: pymunk.Poly,
        colour: Colour,
    ) -> None:
        body = piece.body
        # One transform for every point of the box: body → screen in plain arithmetic.
        px, py = body.position
        cos, sin = body.rotation_vector
        scale, (ox, oy) = camera.scale, camera.origin

        def screen(lx: float, ly: float) -> tuple[int, int]:
            return (
                round(ox + (px + cos * lx - sin * ly) * scale),
                round(oy - (py + sin * lx + cos * ly) * scale),
            )

        local = [(v.x, v.y) for v in shape.get_vertices()]
        points = [screen(x, y) for x, y in local]
        tones = _box_tones(colour)
        pygame.gfxdraw.filled_polygon(surface, points, colour)
        pygame.gfxdraw.aapolygon(surface, points, tones[0])
        xs = [x for x, _ in local]
        ys = [y for _, y in local]
        half_w = (max(xs) - min(xs)) / 2
        half_h = (max(ys) - min(ys)) / 2
        long_axis_x = half_w >= half_h
        aaline = pygame.draw.aaline
        # grain along the long axis, a lit top edge and a shaded bottom edge
        if camera.px(min(half_w, half_h) * 2) >= 9:
            for fraction in (-0.35, 0.2):
                if long_axis_x:
                    a, b = (
                        (-half_w * 0.9, half_h * fraction),
                        (half_w * 0.9, half_h * fraction * 0.7),
                    )
                else:
                    a, b = (
                        (half_w * fraction, -half_h * 0.9),
                        (half_w * fraction * 0.7, half_h * 0.9),
                    )
                aaline(surface, tones[1], screen(*a), screen(*b))
        inset = min(half_w, half_h) * 0.18
        aaline(
            surface,
            tones[2],
            screen(-half_w + inset, half_h - inset),
            screen(half_w - inset, half_h - inset),
        )
        aaline(
            surface,
            tones[3],
            screen(-half_w + inset, -half_h + inset),
            screen(half_w - inset, -half_h + inset),
        )

    def _draw_ball(
        self, surface: pygame.Surface, camera: Camera, piece: Piece, colour: Colour
    ) -> None:
        shape = piece.shape
        assert isinstance(shape, pymunk.Circle)
        centre = camera.to_screen(piece.body.local_to_world(shape.offset))
        radius = max(camera.px(shape.radius), 1.5)
        pygame.draw.aacircle(surface, shade(colour, 0.6), _round(centre), round(radius))
        pygame.draw.aacircle(surface, colour, _round(centre), max(round(radius - 1), 1))
        # a swirl that turns with the body, so rolling is visible
        angle = piece.body.angle
        swirl = (
            centre[0] + math.cos(angle) * radius * 0.45,
            centre[1] - math.sin(angle) * radius * 0.45,
        )
        pygame.draw.aacircle(
            surface, shade(colour, 0.7), _round(swirl), max(round(radius * 0.28), 1)
        )
        # a fixed highlight from the room's light, up and to the left
        glint = (centre[0] - radius * 0.35, centre[1] - radius * 0.4)
        pygame.draw.aacircle(
            surface, shade(colour, 1.6), _round(glint), max(round(radius * 0.22), 1)
        )

    def _draw_plank(
        self, surface: pygame.Surface, camera: Camera, shape: pymunk.Segment, colour: Colour
    ) -> None:
        body = shape.body
        if body is None:
            return
        a = pymunk.Vec2d(*camera.to_screen(body.local_to_world(shape.a)))
        b = pymunk.Vec2d(*camera.to_screen(body.local_to_world(shape.b)))
        thickness = max(camera.px(shape.radius * 2), 4.0)
        if (b - a).length < 1e-6:
            return
        normal = (b - a).perpendicular_normal() * (thickness / 2)
        corners = [a + normal, b + normal, b - normal, a - normal]
        points = [_round(p) for p in corners]
        plank = shade(colour, 0.8)
        pygame.gfxdraw.filled_polygon(surface, points, plank)
        pygame.gfxdraw.aapolygon(surface, points, shade(plank, 0.55))
        # light the upper face (screen y grows downwards)
        lit_a, lit_b = (
            (a + normal * 0.6, b + normal * 0.6)
            if normal.y < 0
            else (a - normal * 0.6, b - normal * 0.6)
        )
        pygame.draw.aaline(surface, shade(plank, 1.35), _round(lit_a), _round(lit_b))

    def draw_hand(
        self, surface: pygame.Surface, camera: Camera, hand: Point, grip: Point | None
    ) -> None:
        """The grip: a band from the hand to the grab point and a ring at the hand."""
        hand_px = camera.to_screen(hand)
        if grip is not None:
            grip_px = camera.to_screen(grip)
            pygame.draw.aaline(surface, HELD, _round(grip_px), _round(hand_px), 2)
            pygame.draw.aacircle(surface, HELD, _round(grip_px), 3)
        pygame.draw.aacircle(surface, HELD, _round(hand_px), 7, 2)

    # -- grid boards ---------------------------------------------------------------------

    def draw_grid(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        cols: int,
        rows: int,
        *,
        cells: Mapping[Cell, Colour] | None = None,
        walls: Iterable[GridWall] = (),
        highlights: Mapping[Cell, Colour] | Iterable[Cell] = (),
        labels: Mapping[Cell, str] | None = None,
        guide_lines: bool = True,
    ) -> GridGeometry:
        """A wooden board of ``cols`` × ``rows`` square cells fitted into ``rect``.

        ``cells`` colours chosen squares (start corners, special squares), ``highlights`` rings
        cells (reachable squares; a mapping gives each its colour), ``labels`` writes a short
        text in a cell (arrows "→", "↑", …), ``walls`` lie on the grid lines. Cell (0, 0) is the
        top-left. Returns the :class:`GridGeometry` for mouse picking.
        """
        geometry = GridGeometry.fit(rect, cols, rows)
        board = geometry.rect
        frame = board.inflate(round(geometry.cell * 0.5), round(geometry.cell * 0.5))
        # The board itself (frame, squares, guide lines, labels) never changes during a game:
        # it is drawn once, kept with what lay under it (the room), and blitted after that.
        region = frame.union(frame.move(4, 6)).clip(surface.get_clip())
        key = (
            surface.get_size(),
            tuple(region),
            tuple(rect),
            cols,
            rows,
            tuple(sorted((cells or {}).items())),
            tuple(sorted((labels or {}).items())),
            guide_lines,
        )
        kept = self._cache.boards.get(key)
        if kept is not None:
            surface.blit(kept, region.topleft)
        else:
            self._draw_board(surface, geometry, frame, cells, labels, guide_lines)
            if region.width and region.height:
                if len(self._cache.boards) > 8:
                    self._cache.boards.clear()
                self._cache.boards[key] = surface.subsurface(region).copy()
        ring = max(round(geometry.cell * 0.08), 2)
        marks = (
            highlights.items()
            if isinstance(highlights, Mapping)
            else ((c, GOOD) for c in highlights)
        )
        for cell, colour in marks:
            pygame.draw.rect(
                surface,
                colour,
                geometry.cell_rect(cell).inflate(-ring, -ring),
                width=ring,
                border_radius=ring * 2,
            )
        for wall in walls:
            self.draw_grid_wall(surface, geometry, wall)
        return geometry

    def _draw_board(
        self,
        surface: pygame.Surface,
        geometry: GridGeometry,
        frame: pygame.Rect,
        cells: Mapping[Cell, Colour] | None,
        labels: Mapping[Cell, str] | None,
        guide_lines: bool,
    ) -> None:
        """The unchanging part of :meth:`draw_grid`: frame, squares, guide lines, labels."""
        cols, rows = geometry.cols, geometry.rows
        board = geometry.rect
        pygame.draw.rect(surface, (0, 0, 0), frame.move(4, 6), border_radius=10)
        pygame.draw.rect(surface, TABLE_EDGE, frame, border_radius=10)
        pygame.draw.rect(surface, shade(TABLE_EDGE, 1.25), frame, width=2, border_radius=10)
        square = MATERIAL_COLOURS["wood"]
        for row in range(rows):
            for col in range(cols):
                tone = square if (row + col) % 2 == 0 else shade(square, 0.94)
                colour = (cells or {}).get((col, row), tone)
                cell_rect = geometry.cell_rect((col, row))
                pygame.draw.rect(surface, colour, cell_rect)
        if guide_lines:
            line = shade(square, 0.72)
            for i in range(cols + 1):
                x = round(geometry.corner((i, 0))[0])
                pygame.draw.line(surface, line, (x, board.top), (x, board.bottom))
            for j in range(rows + 1):
                y = round(geometry.corner((0, j))[1])
                pygame.draw.line(surface, line, (board.left, y), (board.right, y))
        label_size = max(round(geometry.cell * 0.45), 8)
        for cell, label in (labels or {}).items():
            self.text(
                surface,
                label,
                geometry.cell_center(cell),
                size=label_size,
                colour=shade(square, 0.45),
                anchor="center",
                shadow=False,
            )

    def draw_grid_labels(
        self, surface: pygame.Surface, geometry: GridGeometry, colour: Colour
    ) -> None:
        """Column letters (A, B, ...) and row numbers (1 at the top) on all four sides of the
        board's frame, as the rules' messages name squares (``C2``, see :mod:`games.grid`)."""
        size = max(round(geometry.cell * 0.2), 9)
        band = geometry.cell * 0.125
        rect = geometry.rect
        for i in range(geometry.cols):
            x = geometry.cell_center((i, 0))[0]
            for y in (rect.top - band, rect.bottom + band):
                self.text(surface, column_label(i), (x, y), size=size, colour=colour,
                          bold=True, anchor="center", shadow=False)
        for j in range(geometry.rows):
            y = geometry.cell_center((0, j))[1]
            for x in (rect.left - band, rect.right + band):
                self.text(surface, str(j + 1), (x, y), size=size, colour=colour,
                          bold=True, anchor="center", shadow=False)

    def draw_grid_wall(
        self, surface: pygame.Surface, geometry: GridGeometry, wall: GridWall
    ) -> None:
        """A wall as a raised bar along the grid line; previews are translucent."""
        a = geometry.corner(wall.start)
        b = geometry.corner(wall.end)
        thickness = max(round(geometry.cell * 0.16), 4)
        colours = {"permanent": (92, 88, 84), "legal": GOOD, "illegal": REFUSED}
        colour = wall.colour or colours.get(wall.style, (150, 112, 70))
        x0, x1 = sorted((a[0], b[0]))
        y0, y1 = sorted((a[1], b[1]))
        bar = pygame.Rect(
            round(x0 - thickness / 2),
            round(y0 - thickness / 2),
            round(x1 - x0 + thickness),
            round(y1 - y0 + thickness),
        )
        if wall.style in ("legal", "illegal"):
            layer = pygame.Surface(bar.size, pygame.SRCALPHA)
            pygame.draw.rect(layer, (*colour, 170), layer.get_rect(), border_radius=thickness // 2)
            surface.blit(layer, bar.topleft)
            return
        pygame.draw.rect(surface, (0, 0, 0), bar.move(2, 3), border_radius=thickness // 2)
        pygame.draw.rect(surface, colour, bar, border_radius=thickness // 2)
        pygame.draw.rect(surface, shade(colour, 0.6), bar, width=1, border_radius=thickness // 2)

    def draw_trail(
        self,
        surface: pygame.Surface,
        points: Sequence[Point],
        colour: Colour,
        width: float,
        *,
        ends: bool = True,
    ) -> None:
        """The last move left on the board: a translucent band through ``points`` (pixels) in
        the mover's colour, a hollow ring where it started and a dot on each square passed.
        A wall's mark is its two ends with ``ends`` False. Every dice game marks alike."""
        if len(points) < 2:
            return
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        pad = round(width * 2) + 4
        box = pygame.Rect(round(min(xs)) - pad, round(min(ys)) - pad,
                          round(max(xs) - min(xs)) + 2 * pad, round(max(ys) - min(ys)) + 2 * pad)
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        local = [(p[0] - box.left, p[1] - box.top) for p in points]
        band = max(round(width), 2)
        pygame.draw.lines(layer, (*colour, 120), False, local, band)
        for point in local:
            pygame.draw.circle(layer, (*colour, 120), _round(point), band // 2)
        if ends:
            ring = max(round(width * 1.4), 4)
            pygame.draw.circle(layer, (*colour, 210), _round(local[0]), ring, max(band // 3, 2))
            for point in local[1:]:
                pygame.draw.circle(layer, (*shade(colour, 1.3), 200), _round(point),
                                   max(band // 3, 2))
        surface.blit(layer, box.topleft)

    def draw_token(
        self,
        surface: pygame.Surface,
        centre: Point,
        radius: float,
        colour: Colour,
        *,
        label: str = "",
        ring: Colour | None = None,
    ) -> None:
        """A round playing piece seen from above, with a shadow and a lit rim; ``ring`` marks it."""
        x, y = _round(centre)
        r = max(round(radius), 3)
        shadow = pygame.Surface((2 * r + 8, 2 * r + 8), pygame.SRCALPHA)
        pygame.draw.circle(shadow, (0, 0, 0, 90), (r + 4, r + 4), r)
        surface.blit(shadow, (x - r - 1, y - r + 1))
        pygame.draw.aacircle(surface, shade(colour, 0.6), (x, y), r)
        pygame.draw.aacircle(surface, colour, (x, y), max(r - 2, 1))
        pygame.draw.aacircle(surface, shade(colour, 1.3), (x, y), max(round(r * 0.62), 1), 2)
        if ring is not None:
            pygame.draw.aacircle(surface, ring, (x, y), r + 4, 3)
        if label:
            self.text(
                surface,
                label,
                (x, y),
                size=max(round(r * 0.9), 8),
                colour=INK,
                bold=True,
                anchor="center",
            )

    def draw_die(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        value: int | None,
        *,
        colour: Colour = (246, 240, 226),
        pips: Colour = (34, 30, 28),
    ) -> None:
        """A die showing ``value`` (1–6; None draws a blank die waiting for a roll)."""
        radius = max(rect.width // 6, 3)
        pygame.draw.rect(surface, (0, 0, 0), rect.move(3, 4), border_radius=radius)
        pygame.draw.rect(surface, colour, rect, border_radius=radius)
        pygame.draw.rect(surface, shade(colour, 0.7), rect, width=2, border_radius=radius)
        if value is None:
            return
        spots = {
            1: [(0, 0)],
            2: [(-1, -1), (1, 1)],
            3: [(-1, -1), (0, 0), (1, 1)],
            4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
            5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
            6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
        }.get(value)
        if spots is None:
            self.text(
                surface,
                str(value),
                rect.center,
                size=rect.height // 2,
                colour=pips,
                bold=True,
                anchor="center",
                shadow=False,
            )
            return
        step = rect.width * 0.27
        pip = max(round(rect.width * 0.09), 2)
        for dx, dy in spots:
            centre = (round(rect.centerx + dx * step), round(rect.centery + dy * step))
            pygame.draw.aacircle(surface, pips, centre, pip)


# -- helpers ---------------------------------------------------------------------------------


def _round(point: Point | pymunk.Vec2d) -> tuple[int, int]:
    return (round(point[0]), round(point[1]))


def _aaline(
    surface: pygame.Surface, camera: Camera, body: pymunk.Body, a: Point, b: Point, colour: Colour
) -> None:
    start = camera.to_screen(body.local_to_world(a))
    end = camera.to_screen(body.local_to_world(b))
    pygame.draw.aaline(surface, colour, _round(start), _round(end))


def _outline_points(camera: Camera, piece: Piece) -> list[tuple[float, float]]:
    shape = piece.shape
    body = piece.body
    if isinstance(shape, pymunk.Poly):
        return [camera.to_screen(body.local_to_world(v)) for v in shape.get_vertices()]
    if isinstance(shape, pymunk.Segment):
        return [
            camera.to_screen(body.local_to_world(shape.a)),
            camera.to_screen(body.local_to_world(shape.b)),
        ]
    return []


def _grow(points: Sequence[tuple[float, float]], by: float) -> list[tuple[float, float]]:
    """A convex outline with every edge pushed outwards by ``by`` px (mitred corners)."""
    count = len(points)
    if count < 3:
        return list(points)
    area = sum(
        points[i][0] * points[(i + 1) % count][1] - points[(i + 1) % count][0] * points[i][1]
        for i in range(count)
    )
    sign = 1.0 if area > 0 else -1.0

    def normal(i: int) -> tuple[float, float]:
        (x0, y0), (x1, y1) = points[i], points[(i + 1) % count]
        dx, dy = x1 - x0, y1 - y0
        length = math.hypot(dx, dy) or 1.0
        return (sign * dy / length, -sign * dx / length)

    grown = []
    for i, (x, y) in enumerate(points):
        n0, n1 = normal(i - 1), normal(i)
        mx, my = n0[0] + n1[0], n0[1] + n1[1]
        denom = 1.0 + n0[0] * n1[0] + n0[1] * n1[1]
        factor = by / max(denom, 0.2)
        grown.append((x + mx * factor, y + my * factor))
    return grown


def _add_grain(image: pygame.Surface, *, strength: int, seed: int) -> None:
    """Sprinkle fine brightness noise over ``image`` (felt fibres), the same every time."""
    import numpy as np

    rng = np.random.default_rng(seed)
    pixels = pygame.surfarray.pixels3d(image)
    noise = rng.integers(-strength, strength + 1, size=pixels.shape[:2], dtype=np.int16)
    pixels[...] = np.clip(pixels.astype(np.int16) + noise[..., None], 0, 255).astype(np.uint8)
    del pixels  # unlock the surface


@functools.lru_cache(maxsize=256)
def _box_tones(colour: Colour) -> tuple[Colour, Colour, Colour, Colour]:
    """A box's outline, grain, lit edge and shaded edge colours."""
    return (shade(colour, 0.55), shade(colour, 0.86), shade(colour, 1.3), shade(colour, 0.75))


def _pose(piece: Piece) -> tuple[int, float, float, float]:
    body = piece.body
    x, y = body.position
    return (id(piece), x, y, body.angle)


LAYER_MARGIN_PX = 12  # round the kept region: anti-aliased edges, outlines, shadows


def _layer_region(
    surface: pygame.Surface, camera: Camera, tables: Sequence[Piece], pieces: Sequence[Piece]
) -> pygame.Rect:
    """The screen rectangle (within the clip) that the kept layer of a world covers."""
    clip = surface.get_clip()
    if tables:
        # the felt, the table's edge, its legs and the floor reach the surface's bottom
        top_y = camera.to_screen((0.0, TABLE_FELT_MM))[1] - 2
        region = pygame.Rect(clip.left, round(top_y), clip.width, clip.bottom - round(top_y))
    else:
        region = pygame.Rect(0, 0, 0, 0)
    for piece in pieces:
        bb = piece.shape.bb
        left, top = camera.to_screen((bb.left, bb.top))
        right, bottom = camera.to_screen((bb.right, bb.bottom))
        box = pygame.Rect(
            math.floor(left), math.floor(top), math.ceil(right - left), math.ceil(bottom - top)
        ).inflate(2 * LAYER_MARGIN_PX, 2 * LAYER_MARGIN_PX)
        region = box if region.width == 0 else region.union(box)
    return region.clip(clip)


def _x_overlap(a: pymunk.BB, b: pymunk.BB) -> float:
    return max(0.0, min(a.right, b.right) - max(a.left, b.left))


def _lamp_glow(size: tuple[int, int]) -> pygame.Surface:
    """A warm, soft pool of light from a lamp above the middle of the table."""
    import numpy as np

    small_w, small_h = 96, 60
    xs = (np.arange(small_w) - small_w / 2) / (small_w * 0.62)
    ys = (np.arange(small_h) - small_h * 0.55) / (small_h * 0.62)
    distance = np.sqrt(xs[:, None] ** 2 + ys[None, :] ** 2)
    alpha = (np.clip(1.0 - distance, 0.0, 1.0) ** 2 * 70).astype(np.uint8)
    small = pygame.Surface((small_w, small_h), pygame.SRCALPHA)
    small.fill((255, 214, 160, 0))
    pygame.surfarray.pixels_alpha(small)[...] = alpha
    return pygame.transform.smoothscale(small, size)


def _gradient(size: tuple[int, int], top: Colour, bottom: Colour) -> pygame.Surface:
    """A vertical gradient surface (drawn as a 1-px column and scaled: fast)."""
    width, height = max(size[0], 1), max(size[1], 1)
    column = pygame.Surface((1, height))
    for y in range(height):
        column.set_at((0, y), mix(top, bottom, y / max(height - 1, 1)))
    return pygame.transform.scale(column, (width, height))
