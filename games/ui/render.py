"""The shared renderer: text, panels, buttons, grid boards, tokens, dice, and physics worlds.

Everything a game's view paints goes through :class:`Renderer`, so all games share one look: a
warm room lit by a lamp, wooden buttons and boards, dark translucent panels, readable type.

- :class:`Renderer` draws :meth:`Renderer.text`, :meth:`Renderer.panel`,
  :meth:`Renderer.button`, :meth:`Renderer.background`, :meth:`Renderer.draw_grid` (a
  turn-based board: cells, walls on the grid lines, highlights) with its :class:`GridGeometry`
  for mouse picking, :meth:`Renderer.draw_token`, :meth:`Renderer.draw_die` and
  :meth:`Renderer.draw_trail`.
- A physics world (:meth:`Renderer.draw_world`, ``draw_table``, ``draw_piece``, ``outline``,
  ``draw_shadows``, ``draw_hand``) is painted by its
  :class:`~games.ui.world_render.WorldPainter`, which shares this renderer's cache and felt.
- The palette, :func:`shade`, :func:`mix`, :func:`piece_colour`, :class:`Camera` and
  :class:`WorldRect` live in :mod:`games.ui.canvas`; they, and the table's measures from
  :mod:`games.ui.world_render`, are re-exported here (``__all__``) so views import one module.

Anti-aliasing uses ``pygame.gfxdraw`` for polygons and ``pygame.draw.aacircle``/``aaline``
(pygame-ce ≥ 2.5).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

import pygame

from games.turnkit.grid import column_label
from games.ui.canvas import (
    ACCENT,
    FELT,
    FELT_FAR,
    FLOOR,
    FLOOR_FAR,
    FLOOR_SHOWN_MM,
    GOOD,
    HELD,
    HOVER,
    INK,
    INK_DIM,
    MATERIAL_COLOURS,
    PANEL,
    PLAYER_COLOURS,
    REFUSED,
    ROOM_BOTTOM,
    ROOM_SIDE_WALL,
    ROOM_TOP,
    SKIRTING,
    TABLE_APRON,
    TABLE_EDGE,
    TABLE_EDGE_DARK,
    TABLE_LEG,
    TAG_COLOURS,
    Camera,
    Cell,
    Colour,
    Point,
    RenderCache,
    WorldRect,
    mix,
    piece_colour,
    round_point,
    shade,
)
from games.ui.grid_geometry import GridGeometry, GridWall
from games.ui.world_render import (
    FAR_PX,
    ROOM_KINDS,
    TABLE_APRON_MM,
    TABLE_FELT_MM,
    TABLE_LEG_INSET_MM,
    TABLE_LEG_MM,
    TABLE_TOP_MM,
    WorldPainter,
)

__all__ = [
    "ACCENT",
    "FAR_PX",
    "FELT",
    "FELT_FAR",
    "FLOOR",
    "FLOOR_FAR",
    "FLOOR_SHOWN_MM",
    "GOOD",
    "HELD",
    "HOVER",
    "INK",
    "INK_DIM",
    "MATERIAL_COLOURS",
    "PANEL",
    "PLAYER_COLOURS",
    "REFUSED",
    "ROOM_BOTTOM",
    "ROOM_KINDS",
    "ROOM_SIDE_WALL",
    "ROOM_TOP",
    "SKIRTING",
    "TABLE_APRON",
    "TABLE_APRON_MM",
    "TABLE_EDGE",
    "TABLE_EDGE_DARK",
    "TABLE_FELT_MM",
    "TABLE_LEG",
    "TABLE_LEG_INSET_MM",
    "TABLE_LEG_MM",
    "TABLE_TOP_MM",
    "TAG_COLOURS",
    "Camera",
    "Cell",
    "Colour",
    "GridGeometry",
    "GridWall",
    "Point",
    "Renderer",
    "WorldRect",
    "mix",
    "piece_colour",
    "shade",
]

FELT_WIDTH_STEP = 256  # the felt's width is rounded up to this (one felt per height, cropped)
SANS_FONTS = "dejavusans,freesans,liberationsans,arial,helvetica"
SERIF_FONTS = "dejavuserif,freeserif,liberationserif,georgia,times"


class Renderer:
    """Draws the shared look. One per app; caches fonts, gradients and shadow sprites."""

    def __init__(self) -> None:
        self._cache = RenderCache()
        self.world = WorldPainter(self._cache, self.felt, self.gradient, self.background)
        # Physics scenes: the painter's own methods (games/ui/world_render.py says what each
        # draws and what is kept between frames), handed out here so views use one renderer.
        self.draw_world = self.world.draw_world
        self.draw_table = self.world.draw_table
        self.draw_shadows = self.world.draw_shadows
        self.draw_piece = self.world.draw_piece
        self.outline = self.world.outline
        self.draw_hand = self.world.draw_hand

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
        """``text`` split into lines that fit ``width`` px in that type (paragraphs kept).
        Kept per text, width and type: a card shown every frame is measured once."""
        key = (text, width, size, bold)
        kept = self._cache.wraps.get(key)
        if kept is None:
            kept = self._cache.wraps[key] = tuple(self._wrap(text, width, size, bold))
        return list(kept)

    def _wrap(self, text: str, width: int, size: int, bold: bool) -> list[str]:
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
        """The table's felt: a gradient into the distance with a fine fibre texture (cached).

        It is ``size[1]`` tall and *at least* ``size[0]`` wide (the width rounded up to
        :data:`FELT_WIDTH_STEP`): draw its left part, ``area=pygame.Rect((0, 0), size)``. So
        a table whose width on screen changes every frame (the camera easing, a zoom) reuses
        one felt per height instead of texturing a new one each frame.
        """
        width = -(-max(size[0], 1) // FELT_WIDTH_STEP) * FELT_WIDTH_STEP
        key = (width, size[1])
        image = self._cache.felts.get(key)
        if image is None:
            # far away in the shadow under the room's wall, near in the lamp's light
            image = _gradient((width, size[1]), shade(FELT_FAR, 0.55), FELT)
            _add_grain(image, strength=7, seed=11)
            self._cache.felts[key] = image
        return image

    def gradient(self, size: tuple[int, int], top: Colour, bottom: Colour) -> pygame.Surface:
        """A cached vertical gradient of ``size`` px."""
        key = (size[0], size[1], top, bottom)
        image = self._cache.gradients.get(key)
        if image is None:
            image = _gradient(size, top, bottom)
            self._cache.gradients[key] = image
        return image

    def background(self, surface: pygame.Surface, area: pygame.Rect | None = None) -> None:
        """The room behind everything: a vertical gradient lit by a soft lamp from above
        (only ``area`` of it, if given)."""
        size = surface.get_size()
        image = self._cache.backgrounds.get(size)
        if image is None:
            image = _gradient(size, ROOM_TOP, ROOM_BOTTOM)
            image.blit(_lamp_glow(size), (0, 0))
            if len(self._cache.backgrounds) > 8:
                self._cache.backgrounds.clear()
            self._cache.backgrounds[size] = image
        if area is None:
            surface.blit(image, (0, 0))
        elif area.width > 0 and area.height > 0:
            surface.blit(image, area.topleft, area)

    def kept_area(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        name: str,
        key: tuple[object, ...],
        draw: Callable[[], None],
        *,
        room: bool = True,
    ) -> None:
        """``draw()`` paints ``rect`` (a side panel: dozens of texts, swatches and buttons);
        while ``key`` (everything it shows) and the surface's size stay the same, later frames
        blit the copy kept of it instead: one blit. ``room``: the room's background is painted
        here first (the window need not paint it there); else what lies under ``rect`` must
        be the same every frame (a bar over the background the window paints anyway)."""
        area = rect.clip(surface.get_clip()).clip(surface.get_rect())
        full_key = (surface.get_size(), tuple(area), key)
        kept = self._cache.areas.get(name)
        if kept is not None and kept[0] == full_key:
            surface.blit(kept[1], area.topleft)
            return
        if room:
            self.background(surface, area)
        draw()
        if area.width > 0 and area.height > 0:
            self._cache.areas[name] = (full_key, surface.subsurface(area).copy())

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
        text_size: int = 18,
    ) -> None:
        """A wooden button; ``hot`` when the mouse is over it; its label at most
        ``text_size`` px (a larger window's menu passes more)."""
        base = MATERIAL_COLOURS["wood"] if enabled else (120, 112, 104)
        face = shade(base, 1.15) if hot and enabled else base
        pygame.draw.rect(surface, shade(base, 0.45), rect.move(0, 3), border_radius=8)
        pygame.draw.rect(surface, face, rect, border_radius=8)
        pygame.draw.rect(surface, shade(base, 0.6), rect, width=2, border_radius=8)
        size = text_size  # smaller type for a narrow button, then cut with "…": never past it
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
        board's frame, as the rules' messages name squares (``C2``, see
        :mod:`games.turnkit.grid`)."""
        # never under 11 px, readable in the smallest window: a small board's labels then
        # stand just outside its frame, on the room
        size = max(round(geometry.cell * 0.2), 11)
        band = max(geometry.cell * 0.125, size * 0.6)
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
            pygame.draw.circle(layer, (*colour, 120), round_point(point), band // 2)
        if ends:
            ring = max(round(width * 1.4), 4)
            pygame.draw.circle(
                layer, (*colour, 210), round_point(local[0]), ring, max(band // 3, 2)
            )
            for point in local[1:]:
                pygame.draw.circle(layer, (*shade(colour, 1.3), 200), round_point(point),
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
        x, y = round_point(centre)
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


def _add_grain(image: pygame.Surface, *, strength: int, seed: int) -> None:
    """Sprinkle fine brightness noise over ``image`` (felt fibres), the same every time."""
    import numpy as np

    rng = np.random.default_rng(seed)
    pixels = pygame.surfarray.pixels3d(image)
    noise = rng.integers(-strength, strength + 1, size=pixels.shape[:2], dtype=np.int16)
    pixels[...] = np.clip(pixels.astype(np.int16) + noise[..., None], 0, 255).astype(np.uint8)
    del pixels  # unlock the surface


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
    """A vertical gradient surface: a 1-px column (one numpy expression, the same colours
    as :func:`mix` row by row) scaled across."""
    import numpy as np

    width, height = max(size[0], 1), max(size[1], 1)
    t = np.arange(height, dtype=np.float64) / max(height - 1, 1)
    start = np.array(top, dtype=np.float64)
    column = np.round(start + (np.array(bottom, dtype=np.float64) - start) * t[:, None])
    image = pygame.Surface((1, height))
    pygame.surfarray.blit_array(image, column.astype(np.uint8)[None, :, :])
    return pygame.transform.scale(image, (width, height))
