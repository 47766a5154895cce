"""Painting a physics world: the table seen from the side, the room, shadows, pieces, the hand.

:class:`WorldPainter` is what :meth:`games.ui.render.Renderer.draw_world` (and its
``draw_table``, ``draw_piece``, ``outline``, ``draw_shadows``, ``draw_hand``) hand the work to.
It shares the renderer's :class:`~games.ui.canvas.RenderCache` and is given the renderer's felt
and gradient makers, so it never imports :mod:`games.ui.render`.

The look: a table seen from the side (its felt top receding behind the pieces to a far rail,
deep enough that the play, not the room's wall, fills the picture; the wooden edge of the top,
an apron and legs) standing on a wooden floor with a skirting board and the room's side walls
(physics/room.py); box-shaped pieces as the wooden cylinders they are, shaded and grained
(:mod:`games.ui.wood`: one kept picture per size, colour and angle, blitted), balls with a
turning swirl, planks with a lit upper face; soft contact shadows, one per column of pieces.
What does not move (table, static scenery, sleeping pieces) is drawn once and kept
(:class:`~games.ui.canvas.WorldLayer`). While the camera moves (the view easing out to a fallen
piece, a wheel zoom) the table is drawn again every frame, so what that needs is kept at a size
that does not follow the scale: the felt per height, the shadows under the table per alpha,
both cropped; a box's outline, grain and edges in its body's frame. Pixel for pixel the picture
is what it was when each frame made its own.
"""

from __future__ import annotations

import functools
import math
import weakref
from collections.abc import Callable, Iterable, Sequence

import pygame
import pygame.gfxdraw
import pymunk

from games.ui.canvas import (
    FELT,
    FLOOR,
    FLOOR_FAR,
    HELD,
    HOVER,
    ROOM_SIDE_WALL,
    SKIRTING,
    TABLE_APRON,
    TABLE_EDGE,
    TABLE_EDGE_DARK,
    TABLE_LEG,
    BoxGeometry,
    Camera,
    Colour,
    Point,
    RenderCache,
    WorldLayer,
    piece_colour,
    round_point,
    shade,
)
from games.ui.wood import WoodSprites
from physics import room
from physics.world import Piece, World

FAR_PX = 4000  # table ends further off screen than this are drawn from here
ROOM_KINDS = room.KINDS  # static pieces drawn as the room, not as scenery
# The table seen from the side (mm): the felt top seen from above, receding behind the pieces
# (deep enough that the play fills the picture, not the room's wall), the top's wooden edge,
# the apron under it, the legs (their width and inset from the ends).
TABLE_FELT_MM = 150.0
TABLE_RAIL_MM = 7.0  # the table's far edge, at the back of the felt
FELT_HEIGHT_STEP_PX = 48  # the felt's height is rounded up to this (one felt per step)
TABLE_TOP_MM = 18.0
TABLE_APRON_MM = 26.0
TABLE_LEG_MM = 28.0
TABLE_LEG_INSET_MM = 14.0
SKIRTING_MM = 16.0  # the skirting board along the wall, above the floor
FLOOR_BOARD_MM = 60.0  # the floor's boards, seen edge on
SHADE_STEP_PX = 256  # a kept shadow layer's size is rounded up to this


class WorldPainter:
    """Draws physics worlds; keeps its shadow sprites and world layers in the shared cache."""

    def __init__(
        self,
        cache: RenderCache,
        felt: Callable[[tuple[int, int]], pygame.Surface],
        gradient: Callable[[tuple[int, int], Colour, Colour], pygame.Surface],
        background: Callable[[pygame.Surface, pygame.Rect], None] | None = None,
    ) -> None:
        self._cache = cache
        self._background = background  # paints the room's background into a rectangle
        self._felt = felt  # the table's felt of a size (kept by the renderer)
        self._gradient = gradient  # a vertical gradient of a size (kept by the renderer)
        self._wood = WoodSprites()  # the pieces' pictures, per size, colour and angle
        # a box's spans across and up and its middle, in its body's frame (mm), by shape
        self._extents: weakref.WeakKeyDictionary[pymunk.Shape, tuple[float, float, Point]] = (
            weakref.WeakKeyDictionary()
        )

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
        room: bool = False,
    ) -> None:
        """The whole table: felt, shadows, static scenery, every piece, highlights, the hand.

        ``room``: paint the room's background over the whole clip first and keep it in the
        layer, so the kept layer is the whole picture under the moving pieces (one blit; the
        window need not paint the background there: :meth:`PhysicsView.draw_background`).

        ``hand`` is the hand's world point and ``grip`` the held piece's grab point (both mm);
        together they draw the rubber band of the grip. Pieces in ``skip`` are left out (a view
        draws those itself).

        What does not move is drawn once and kept (see :class:`WorldLayer`): the table, the
        static scenery and every sleeping piece, *with what the surface held under them* (the
        room's background, a panel drawn just before). It is drawn again when the surface
        size, the clip, the camera (resize, zoom), the static pieces or the sleeping pieces
        change. So a view must not draw anything that changes under the world before calling
        this; what it draws afterwards is never kept. While the camera moves (an ease-out, a
        zoom) nothing is kept: the layer is copied once the camera held still for a frame.
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
            room,
            camera.scale,
            camera.origin,
            tuple(id(piece) for piece in tables + scenery),
            tuple(_pose(piece) for piece in resting),
        )
        layer = self._cache.layers.get(world)
        reuse = layer is not None and layer.key == key and layer.image is not None
        # the kept layer has the still pieces' shadows: with nothing moving, none to find
        casters = self._shadow_casters(resting + moving) if tables and (moving or not reuse) else []
        if reuse:
            assert layer is not None and layer.image is not None
            surface.blit(layer.image, layer.rect.topleft)
        else:
            still = {id(piece) for piece in resting}
            parts = {piece.kind: piece for piece in tables}
            if room and self._background is not None:
                self._background(surface, _above_floor(clip, camera, parts.get("floor")))
            walls = [piece for piece in tables if piece.kind == "room_wall"]
            if tables:
                self.draw_table(surface, camera, parts.get("table"), parts.get("floor"), walls)
            self._draw_shadow_list(surface, camera, [c for c in casters if id(c[0]) in still])
            for piece in scenery:
                self.draw_piece(surface, camera, piece)
            for piece in resting:
                self.draw_piece(surface, camera, piece)
            # the room's walls reach up above the table: kept with it
            region = (
                clip.clip(surface.get_rect())
                if room
                else _layer_region(surface, camera, tables, scenery + resting + walls)
            )
            # While the camera moves (an ease-out, a zoom) the layer would never be used:
            # copied only once the camera held still for a frame.
            moved = layer is not None and layer.key[3:5] != key[3:5]
            keep = region.width and region.height and not moved
            image = surface.subsurface(region).copy() if keep else None
            if len(self._cache.layers) > 8:
                self._cache.layers.clear()
            self._cache.layers[world] = WorldLayer(key, region, image)
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
        surface held (:meth:`~games.ui.render.Renderer.background`). A table without ends (the
        endless segment of :func:`physics.pieces.table`) is drawn across the whole surface,
        and without a floor the space under its edge is a dark gradient.
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
                surface.blit(self._gradient(under.size, (34, 26, 22), (18, 16, 16)), under.topleft)
        # the felt top, seen from above, receding behind the pieces to the far rail
        depth = max(round(camera.px(TABLE_FELT_MM)), 3)
        felt_rect = pygame.Rect(left, top_y - depth, right - left, depth)
        # One felt per height step (the camera easing changes the depth every frame): it may
        # be wider and taller, its bottom-left part is drawn (the near edge the same colour).
        tall = -(-depth // FELT_HEIGHT_STEP_PX) * FELT_HEIGHT_STEP_PX
        image = self._felt((felt_rect.width, tall))
        felt = pygame.Rect(0, image.get_height() - depth, felt_rect.width, depth)
        surface.blit(image, felt_rect.topleft, felt)
        rail = max(round(camera.px(TABLE_RAIL_MM)), 2)
        rail_rect = pygame.Rect(left, top_y - depth, right - left, rail)
        pygame.draw.rect(surface, shade(TABLE_EDGE, 0.8), rail_rect)
        pygame.draw.line(surface, shade(TABLE_EDGE, 1.2), rail_rect.topleft, rail_rect.topright)
        pygame.draw.line(
            surface, TABLE_EDGE_DARK, rail_rect.bottomleft, rail_rect.bottomright
        )
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
            self._shade(surface, shadow, 90)
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
            self._shade(surface, foot, 70)

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
        surface.blit(self._gradient(rect.size, FLOOR, FLOOR_FAR), rect.topleft)
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

    def _shade(self, surface: pygame.Surface, rect: pygame.Rect, alpha: int) -> None:
        """Darken ``rect`` of ``surface`` with translucent black (a shadow under a table).

        One layer per ``alpha`` is kept, as large as the largest rectangle asked for so far
        (rounded up to :data:`SHADE_STEP_PX`), and its corner is drawn: a table whose size on
        screen changes every frame (the camera easing, a zoom) makes no new surface.
        """
        key = (-1, -1, alpha, -1)
        layer = self._cache.panels.get(key)
        if layer is None or layer.get_width() < rect.width or layer.get_height() < rect.height:
            have = layer.get_size() if layer is not None else (0, 0)
            size = (
                -(-max(rect.width, have[0]) // SHADE_STEP_PX) * SHADE_STEP_PX,
                -(-max(rect.height, have[1]) // SHADE_STEP_PX) * SHADE_STEP_PX,
            )
            layer = pygame.Surface(size, pygame.SRCALPHA)
            layer.fill((0, 0, 0, alpha))
            if len(self._cache.panels) > 64:
                self._cache.panels.clear()
            self._cache.panels[key] = layer
        surface.blit(layer, rect.topleft, pygame.Rect((0, 0), rect.size))

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
        spans: list[tuple[float, float]] = []  # the casters' (left, right), in plain floats
        for piece, bb in sorted(((p, p.shape.bb) for p in pieces), key=lambda pb: pb[1].bottom):
            left, right = bb.left, bb.right
            enough = 0.6 * (right - left)  # overlapped this much across: under another's shadow
            for below_left, below_right in spans:
                if min(right, below_right) - max(left, below_left) > enough:
                    break
            else:
                casters.append((piece, bb))
                spans.append((left, right))
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
            self._cache.shadows[key] = sprite  # the least recently used goes past the limit
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
            pygame.draw.aacircle(surface, colour, round_point(centre), max(round(radius), 1), width)
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
        """A box-shaped piece as the wooden cylinder it is, seen from the side
        (:mod:`games.ui.wood`): one kept picture per size, colour and angle, blitted."""
        body = piece.body
        extents = self._extents.get(shape)
        if extents is None:  # its spans and middle in its body's frame, found once
            outline = self._box_geometry(shape)[0]
            xs = [x for x, _ in outline]
            ys = [y for _, y in outline]
            middle = ((max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2)
            extents = self._extents[shape] = (max(xs) - min(xs), max(ys) - min(ys), middle)
        across, up, middle = extents
        width = round(camera.px(across))
        height = round(camera.px(up))
        if width < 3 or height < 3:  # a speck: a plain polygon
            outline = self._box_geometry(shape)[0]
            points = [round_point(camera.to_screen(body.local_to_world(v))) for v in outline]
            pygame.gfxdraw.filled_polygon(surface, points, colour)
            return
        centre = camera.to_screen(body.local_to_world(middle))
        sprite = self._wood.get((width, height), colour, body.angle, axis_vertical=True)
        surface.blit(sprite, sprite.get_rect(center=round_point(centre)))

    def _box_geometry(self, shape: pymunk.Poly) -> BoxGeometry:
        """A box's corners, grain lines and lit/shaded edges in its body's frame (kept)."""
        kept = self._cache.boxes.get(shape)
        if kept is not None:
            return kept
        outline = tuple((v.x, v.y) for v in shape.get_vertices())
        xs = [x for x, _ in outline]
        ys = [y for _, y in outline]
        half_w = (max(xs) - min(xs)) / 2
        half_h = (max(ys) - min(ys)) / 2
        grain: list[Point] = []
        for fraction in (-0.35, 0.2):
            w, h = half_w, half_h
            if w >= h:  # along the long axis
                grain += [(-w * 0.9, h * fraction), (w * 0.9, h * fraction * 0.7)]
            else:
                grain += [(w * fraction, -h * 0.9), (w * fraction * 0.7, h * 0.9)]
        inset = min(half_w, half_h) * 0.18
        edges = (
            (-half_w + inset, half_h - inset),
            (half_w - inset, half_h - inset),
            (-half_w + inset, -half_h + inset),
            (half_w - inset, -half_h + inset),
        )
        geometry = (outline, tuple(grain), edges, min(half_w, half_h) * 2)
        if len(self._cache.boxes) > 2048:
            self._cache.boxes.clear()
        self._cache.boxes[shape] = geometry
        return geometry

    def _draw_ball(
        self, surface: pygame.Surface, camera: Camera, piece: Piece, colour: Colour
    ) -> None:
        shape = piece.shape
        assert isinstance(shape, pymunk.Circle)
        centre = camera.to_screen(piece.body.local_to_world(shape.offset))
        radius = max(camera.px(shape.radius), 1.5)
        pygame.draw.aacircle(surface, shade(colour, 0.6), round_point(centre), round(radius))
        pygame.draw.aacircle(surface, colour, round_point(centre), max(round(radius - 1), 1))
        # a swirl that turns with the body, so rolling is visible
        angle = piece.body.angle
        swirl = (
            centre[0] + math.cos(angle) * radius * 0.45,
            centre[1] - math.sin(angle) * radius * 0.45,
        )
        pygame.draw.aacircle(
            surface, shade(colour, 0.7), round_point(swirl), max(round(radius * 0.28), 1)
        )
        # a fixed highlight from the room's light, up and to the left
        glint = (centre[0] - radius * 0.35, centre[1] - radius * 0.4)
        pygame.draw.aacircle(
            surface, shade(colour, 1.6), round_point(glint), max(round(radius * 0.22), 1)
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
        points = [round_point(p) for p in corners]
        plank = shade(colour, 0.8)
        pygame.gfxdraw.filled_polygon(surface, points, plank)
        pygame.gfxdraw.aapolygon(surface, points, shade(plank, 0.55))
        # light the upper face (screen y grows downwards)
        lit_a, lit_b = (
            (a + normal * 0.6, b + normal * 0.6)
            if normal.y < 0
            else (a - normal * 0.6, b - normal * 0.6)
        )
        pygame.draw.aaline(surface, shade(plank, 1.35), round_point(lit_a), round_point(lit_b))

    def draw_hand(
        self, surface: pygame.Surface, camera: Camera, hand: Point, grip: Point | None
    ) -> None:
        """The grip: a band from the hand to the grab point and a ring at the hand."""
        hand_px = camera.to_screen(hand)
        if grip is not None:
            grip_px = camera.to_screen(grip)
            pygame.draw.aaline(surface, HELD, round_point(grip_px), round_point(hand_px), 2)
            pygame.draw.aacircle(surface, HELD, round_point(grip_px), 3)
        pygame.draw.aacircle(surface, HELD, round_point(hand_px), 7, 2)


# -- helpers ---------------------------------------------------------------------------------


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


@functools.lru_cache(maxsize=256)
def _box_tones(colour: Colour) -> tuple[Colour, Colour, Colour, Colour]:
    """A box's outline, grain, lit edge and shaded edge colours."""
    return (shade(colour, 0.55), shade(colour, 0.86), shade(colour, 1.3), shade(colour, 0.75))


def _above_floor(clip: pygame.Rect, camera: Camera, floor_piece: Piece | None) -> pygame.Rect:
    """``clip`` but the rows of the floor (``_draw_floor`` paints them whole: an opaque
    gradient across the surface, from the floor's top down), where the room's background
    would be painted over at once."""
    if floor_piece is None:
        return clip
    floor_y = round(camera.to_screen((0.0, floor_piece.shape.cache_bb().top))[1])
    rect = clip.copy()
    rect.height = max(min(clip.bottom, floor_y) - clip.top, 0)
    return rect


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
