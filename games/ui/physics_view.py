"""A view for games played by hand on a physics table: mouse dragging, framing, highlights.

:class:`PhysicsView` is what Free play uses as it is, and what Wallamoppi and Animal upon
Animal subclass. It

- frames :meth:`PhysicsView.frame_rect` (world mm: what is played with, the pieces and the
  room a stack grows into, not the whole bare table) in :meth:`PhysicsView.visible_rect` with
  a :class:`~games.ui.render.Camera` refitted every frame, so resizing keeps the scene framed.
  Height to spare shows the table's legs and the floor (:meth:`Camera.fit_table`), never a
  bare wall above a table sat low;
- keeps every piece in view: a piece outside the frame (thrown, fallen onto the floor of
  physics/room.py) makes the camera ease out to include it and back in once it is gone
  (:meth:`PhysicsView.ease_camera`), unless the player has zoomed by hand;
- turns a left-button drag into "grab" / "move" / "release" inputs with world points
  (``self.camera.to_world(pixel)``); Shift held at the grab asks for the rotation-locked grip
  (``data={"lock": True}``). Mouse motion is sent as at most one "move" per rendered frame so
  recordings stay small;
- draws the world with :meth:`~games.ui.render.Renderer.draw_world`, the piece under the mouse
  and the held piece highlighted, then calls :meth:`PhysicsView.draw_overlay` for extras;
- never draws the table smaller than :data:`MIN_SCALE` (1 px a mm: Free play's 40 mm disk at
  least 40 px wide and 8 px thick, about what Wallamoppi's slots are at 480×360, the smallest
  size a piece is still easy to see and to hit). In a window too small for the whole frame at
  that scale the camera shows the part where the action is (:meth:`PhysicsView.action_point`:
  the piece in hand, else the piece last touched, else the game's focus such as the tower or
  the stack) and follows it, easing; the player moves the view with a middle drag (a right drag
  too, where right is not a game's gesture: :attr:`PhysicsView.pan_buttons`) or the arrow
  keys, and a piece dragged to the view's edge scrolls it (:meth:`PhysicsView.close_camera`);
- points to every piece still out of view (zoomed in by hand, or beyond the floor's ends)
  with an arrow at the play area's edge, so no piece is ever lost from sight;
- the B key sends the ``put_back`` input to every physics game: each session says what it
  gathers and where (Free play: every piece off its framed table, back where it started;
  Wallamoppi and Animals: what lies on the floor, back on the table, as their rules read it).
  :attr:`PhysicsView.put_back_hint` is what the arrows and the help say about it.

The session must be a :class:`~games.physicskit.physics_session.PhysicsSession` (it has ``world``
and ``hand``). A refused grab (``may_grab`` said no) shows its reason in the status bar.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

import pygame
import pymunk

from games.core.protocol import Session
from games.physicskit.physics_session import PICK_RADIUS_MM, PhysicsSession
from games.ui.overlays import STATUS_BAR_PX, TOP_BAR_PX
from games.ui.render import ACCENT, Camera, Point, Renderer, WorldRect
from games.ui.view import View
from physics import room
from physics.world import Piece, World

if TYPE_CHECKING:  # pragma: no cover
    from games.ui.view import Window

# Margin around the framed world rectangle, px.
FRAME_MARGIN_PX = 24
MIN_FRAME_MARGIN_PX = 8
ZOOM_STEP = 1.15  # scale change per notch of the mouse wheel
MAX_ZOOM = 6.0
EASE_SECONDS = 0.35  # the camera's ease-out to a piece outside the frame: time constant
EASE_SNAP_MM = 0.5  # closer than this, the ease-out stops (the kept table layer is reused)
REACH_PAD_MM = 30.0  # room shown round a piece the camera eased out to
MIN_PICK_PX = 10  # a press this close to a piece (on screen) still picks it: small windows
MIN_SCALE = 1.0  # px per mm: the smallest the table is drawn (see the module's docstring)
PAN_KEYS: dict[int, tuple[int, int]] = {
    pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, 1), pygame.K_DOWN: (0, -1)
}
PAN_KEY_SHARE = 0.25  # an arrow key moves a close view by this share of its width or height
EDGE_SCROLL_PX = 28  # a piece dragged this close to the view's edge scrolls a close view
EDGE_SCROLL_MM_PER_S = 240.0
ARROW_GROUP_PX = 60  # arrows to pieces out of view closer than this share one arrow and label


def between_bars(surface: pygame.Surface) -> pygame.Rect:
    """The window's rows between its title bar and its status bar (the play area and any
    footer): the bars, drawn after the view and whole (opaque), cover the rest."""
    width, height = surface.get_size()
    return pygame.Rect(0, TOP_BAR_PX, width, max(height - TOP_BAR_PX - STATUS_BAR_PX, 0))


class PhysicsView(View):
    """Drag pieces of a :class:`PhysicsSession` with the mouse; draw its table."""

    keys: ClassVar[tuple[tuple[str, str], ...]] = (
        ("Left drag", "pick up a piece and move it"),
        ("Shift + drag", "hold it upright while you move it"),
        ("Wheel", "zoom in and out at the mouse"),
        ("Middle / right drag, arrows", "move the view (a small window shows part of it)"),
        ("B", "put back every piece that left the table"),
    )
    # Mouse buttons whose drag moves a close view (:data:`MIN_SCALE`); a game whose right
    # button is a gesture of its own (Wallamoppi's nudge) keeps only the middle one.
    pan_buttons: ClassVar[tuple[int, ...]] = (2, 3)

    # What the arrow to a piece out of view says besides the piece.
    put_back_hint: str = "B puts it back"
    put_back_hint_many: str = "B puts them back"  # the same, for a label naming several

    def __init__(self, app: Window, session: Session, frame: WorldRect | None = None) -> None:
        super().__init__(app, session)
        if not isinstance(session, PhysicsSession):
            raise TypeError("PhysicsView needs a PhysicsSession (a world and a hand)")
        self.physics = session
        self._frame = frame
        self.camera = Camera()
        self.mouse: tuple[int, int] | None = None
        self.dragging = False
        self._grip_local: Point | None = None  # grab point on the held piece, piece coordinates
        self._pending_move: Point | None = None
        # Mouse-wheel zoom: a screen-space scale about the cursor on top of the fitted camera.
        self.zoom = 1.0
        self._zoom_offset: Point = (0.0, 0.0)
        # How far the frame is widened (mm: left, bottom, right, top) to show pieces outside it.
        self._reach: tuple[float, float, float, float] = self.wanted_reach()
        self.away_labels: list[tuple[str, pygame.Rect]] = []  # drawn this frame, and where
        # A close view (the window too small for the frame at MIN_SCALE): the world point at
        # its centre now, where the player moved it (None: it follows action_point), the
        # piece last touched and the middle/right drag moving it.
        self.centre: Point | None = None
        self.look: Point | None = None
        self.last_touched: Piece | None = None
        self._pan_from: tuple[int, int] | None = None
        self.refit()

    @property
    def world(self) -> World:
        return self.physics.world

    # -- framing -------------------------------------------------------------------------

    def frame_rect(self) -> WorldRect:
        """The world rectangle (mm) always kept in view; by default all non-table pieces."""
        if self._frame is None:
            self._frame = world_frame(self.world)
        return self._frame

    def refit(self) -> None:
        """Fit the camera to :meth:`visible_rect` (called every frame; cheap), then zoom.

        The framed rectangle is :meth:`shown_rect`; spare height goes to the table's legs and
        the floor below it before any goes to the wall above (:meth:`Camera.fit_table`).
        """
        fit = self.fit_rect()
        frame = self.frame_rect()
        shown = self.shown_rect(frame)
        margin, floor = frame_margin(fit), room.floor_y(self.world)
        fitted = Camera.fit_table(shown, fit, margin, floor=floor)
        # not eased out: the frame is what is shown, fitted once
        whole = fitted if shown == frame else Camera.fit_table(frame, fit, margin, floor=floor)
        if self.too_small(whole):
            fitted = self.close_camera(fit)
        else:
            self.centre = None
        origin = (
            self.zoom * fitted.origin[0] + self._zoom_offset[0],
            self.zoom * fitted.origin[1] + self._zoom_offset[1],
        )
        self.camera = Camera(fitted.scale * self.zoom, origin)

    @staticmethod
    def too_small(whole: Camera) -> bool:
        """Would the framed table (:meth:`frame_rect`, not widened to show a piece that fell),
        fitted as ``whole``, be drawn under :data:`MIN_SCALE`? (2 % spared: a table fitted at
        the minimum itself, as Wallamoppi's wall step at 480×360, stays whole.) A larger
        window eases out to a fallen piece as before, smaller for a while."""
        return whole.scale < MIN_SCALE * 0.98

    def close_camera(self, fit: pygame.Rect) -> Camera:
        """The camera at :data:`MIN_SCALE` when the whole frame would be drawn smaller: the
        part of :meth:`shown_rect` round :attr:`centre` (first: :meth:`look_point`), kept
        inside it, with the table's legs and floor below as :meth:`Camera.fit_table` gives."""
        shown = self.shown_rect()
        margin = frame_margin(fit)
        view_w, view_h = self._part_size(fit)
        x, y = self.centre = self.within_table(
            self.look_point() if self.centre is None else self.centre, fit
        )
        if self.look is not None:
            self.look = self.centre  # a pan past the table's end stops at it
        bottom, top = (shown.bottom, shown.top) if view_h >= shown.height else (
            y - view_h / 2, y + view_h / 2)
        part = WorldRect(x - view_w / 2, bottom, x + view_w / 2, top)
        # no margin at the sides: the part is cut there anyway, and every pixel shows more
        return Camera.fit_table(part, fit.inflate(2 * margin, 0), margin,
                                floor=room.floor_y(self.world))

    @staticmethod
    def _part_size(fit: pygame.Rect) -> tuple[float, float]:
        """The world mm a close view shows across (the whole width of ``fit``: no side
        margin) and up (less the margins above and below)."""
        margin = frame_margin(fit)
        return max(fit.width, 1) / MIN_SCALE, max(fit.height - 2 * margin, 1) / MIN_SCALE

    def within_table(self, point: Point, fit: pygame.Rect | None = None) -> Point:
        """``point`` moved as little as needed for a close view centred on it to stay on
        :meth:`shown_rect` (the middle of an axis the view shows whole)."""
        shown = self.shown_rect()
        view_w, view_h = self._part_size(self.fit_rect() if fit is None else fit)
        x = _clamp(point[0], shown.left + view_w / 2, shown.right - view_w / 2)
        if view_h >= shown.height:
            return (x, (shown.bottom + shown.top) / 2)
        return (x, _clamp(point[1], shown.bottom + view_h / 2, shown.top - view_h / 2))

    def shows_part(self) -> bool:
        """True when the view shows part of the table at :data:`MIN_SCALE` (a small window)."""
        return self.centre is not None

    def look_point(self) -> Point:
        """Where a close view wants its centre: where the player moved it, else
        :meth:`action_point`."""
        return self.look if self.look is not None else self.action_point()

    def action_point(self) -> Point:
        """Where the action is (world mm): the piece in hand (the player's or a computer's),
        else the piece last touched, else :meth:`focus_point`."""
        held = self.physics.hand.held
        touched = self.last_touched
        if held is None and touched is not None and touched.name in self.world.pieces:
            held = touched
        if held is not None:
            return _xy(held.body.position)
        return self.focus_point()

    def focus_point(self) -> Point:
        """Where a close view looks before anything is touched: the frame's middle across,
        from the table's edge up (a game says better: Free play's stack, Animals' tower)."""
        frame = self.frame_rect()
        return ((frame.left + frame.right) / 2, frame.bottom)

    def follow(self, seconds: float) -> None:
        """Ease a close view's centre towards :meth:`look_point`; while the player drags a
        piece it holds still (the table must not slide under the hand) but for the edge
        scroll (:meth:`edge_scroll`)."""
        if self.centre is None:
            return
        if self.dragging:
            self.edge_scroll(seconds)
            return
        goal = self.within_table(self.look_point())
        share = 1.0 - math.exp(-max(seconds, 0.0) / EASE_SECONDS)
        x = self.centre[0] + (goal[0] - self.centre[0]) * share
        y = self.centre[1] + (goal[1] - self.centre[1]) * share
        if math.dist((x, y), goal) < EASE_SNAP_MM:
            x, y = goal
        self.centre = (x, y)

    def edge_scroll(self, seconds: float) -> None:
        """A piece dragged within :data:`EDGE_SCROLL_PX` of a close view's edge moves the view
        that way, and the piece with it (it stays under the mouse)."""
        if self.centre is None or self.mouse is None:
            return
        area = self.visible_rect()
        x, y = self.mouse
        step = EDGE_SCROLL_MM_PER_S * max(seconds, 0.0)
        dx = -step if x < area.left + EDGE_SCROLL_PX else step if x > area.right - EDGE_SCROLL_PX \
            else 0.0
        dy = step if y < area.top + EDGE_SCROLL_PX else -step if y > area.bottom - EDGE_SCROLL_PX \
            else 0.0
        if dx or dy:
            self.pan_by(dx, dy)
            self._pending_move = self.to_world(self.mouse)

    def pan_by(self, dx_mm: float, dy_mm: float) -> None:
        """Move a close view's centre by world mm (the player's own look from now on)."""
        if self.centre is None:
            return
        self.look = (self.centre[0] + dx_mm, self.centre[1] + dy_mm)
        self.centre = self.look
        self.refit()

    def shown_rect(self, frame: WorldRect | None = None) -> WorldRect:
        """:meth:`frame_rect` (or ``frame``, the same found already) widened by the camera's
        present ease-out (pieces outside it)."""
        frame = self.frame_rect() if frame is None else frame
        left, bottom, right, top = self._reach
        return WorldRect(
            frame.left - left, frame.bottom - bottom, frame.right + right, frame.top + top
        )

    def wanted_reach(self) -> tuple[float, float, float, float]:
        """How far (mm: left, bottom, right, top) the frame must widen to show every piece.

        Every movable piece but the held one counts, if it is in the room: above the floor's
        bottom and within its ends (a scene without a floor: within the world's bounds). A
        piece further away still gets an arrow (:meth:`draw_away_arrows`).
        """
        frame = self.frame_rect()
        held = self.physics.hand.held
        floor = self.world.pieces.get("floor")
        if floor is not None:
            room_box = floor.shape.cache_bb()
            x_min, x_max, y_min = room_box.left, room_box.right, room_box.bottom
        else:
            x_min, y_min, x_max, _ = self.world.bounds()
        left = bottom = right = top = 0.0
        for piece in self.world.dynamic_pieces():
            if piece is held:
                continue
            bb = piece.shape.cache_bb()
            centre_x = (bb.left + bb.right) / 2
            if not (x_min <= centre_x <= x_max and bb.bottom >= y_min):
                continue
            if bb.left < frame.left:
                left = max(left, frame.left - bb.left + REACH_PAD_MM)
            if bb.right > frame.right:
                right = max(right, bb.right - frame.right + REACH_PAD_MM)
            if bb.bottom < frame.bottom:
                bottom = max(bottom, frame.bottom - bb.bottom + REACH_PAD_MM)
            if bb.top > frame.top:
                top = max(top, bb.top - frame.top + REACH_PAD_MM)
        return (left, bottom, right, top)

    def ease_camera(self, seconds: float) -> None:
        """Move the camera's ease-out a step towards :meth:`wanted_reach`.

        It holds still while the player drags (the table must not slide under the hand) or
        has zoomed by hand (their view is theirs; arrows point to what is out of it).
        """
        if self.dragging or self.zoom != 1.0:
            return
        wanted = self.wanted_reach()
        if wanted == self._reach:
            return
        share = 1.0 - math.exp(-max(seconds, 0.0) / EASE_SECONDS)
        eased = []
        for now, goal in zip(self._reach, wanted, strict=True):
            step = now + (goal - now) * share
            eased.append(goal if abs(goal - step) < EASE_SNAP_MM else step)
        self._reach = (eased[0], eased[1], eased[2], eased[3])

    def animating(self) -> bool:
        """A drag, or the camera still easing out to show every piece (:meth:`ease_camera`)."""
        if self.dragging or self._pan_from is not None or super().animating():
            return True
        if self.centre is not None and self.centre != self.within_table(self.look_point()):
            return True  # a close view still easing to the action
        return self.zoom == 1.0 and self.wanted_reach() != self._reach

    def zoom_at(self, pixel: Point, steps: float) -> None:
        """Zoom in (``steps`` > 0) or out about ``pixel``, keeping what is under it in place.

        The zoom stays between 1 (the fitted view) and :data:`MAX_ZOOM`; back at 1 the view is
        the fitted one again, so zooming out always finds the whole table.
        """
        new_zoom = min(MAX_ZOOM, max(1.0, self.zoom * ZOOM_STEP**steps))
        if new_zoom == 1.0:
            self.zoom, self._zoom_offset = 1.0, (0.0, 0.0)
            return
        # The fitted-camera pixel now under the cursor must stay under it after the change.
        fitted = (
            (pixel[0] - self._zoom_offset[0]) / self.zoom,
            (pixel[1] - self._zoom_offset[1]) / self.zoom,
        )
        self.zoom = new_zoom
        self._zoom_offset = (pixel[0] - new_zoom * fitted[0], pixel[1] - new_zoom * fitted[1])

    def to_world(self, pixel: Point) -> Point:
        """Screen pixel → world mm with the current camera."""
        self.refit()
        return self.camera.to_world(pixel)

    # -- input ---------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_b:
            self.send("put_back")
            return
        if self.pan(event):
            return
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self.dragging:
                self._pending_move = self.to_world(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            self.on_press(self.to_world(event.pos), bool(pygame.key.get_mods() & pygame.KMOD_SHIFT))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.mouse = event.pos
            self.on_drop(self.to_world(event.pos))
        elif event.type == pygame.MOUSEWHEEL and self.mouse is not None:
            self.zoom_at(self.mouse, event.precise_y or event.y)
            if self.dragging:
                self._pending_move = self.to_world(self.mouse)

    def pan(self, event: pygame.event.Event) -> bool:
        """A close view moved by a drag of a :attr:`pan_buttons` button or an arrow key; True
        if ``event`` was one of those (they do nothing while the whole table is in view)."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in self.pan_buttons:
            if self.shows_part() and self.visible_rect().collidepoint(event.pos):
                self._pan_from = event.pos
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button in self.pan_buttons \
                and self._pan_from is not None:
            self._pan_from = None
            return True
        if event.type == pygame.MOUSEMOTION and self._pan_from is not None:
            dx = event.pos[0] - self._pan_from[0]
            dy = event.pos[1] - self._pan_from[1]
            self._pan_from = event.pos
            self.mouse = event.pos
            self.pan_by(-dx / self.camera.scale, dy / self.camera.scale)
            return True
        if event.type == pygame.KEYDOWN and event.key in PAN_KEYS and self.shows_part():
            area = self.visible_rect()
            across, up = PAN_KEYS[event.key]
            self.pan_by(across * area.width * PAN_KEY_SHARE / self.camera.scale,
                        up * area.height * PAN_KEY_SHARE / self.camera.scale)
            return True
        return False

    def pick_point(self, point: Point) -> Point:
        """Where a press at world ``point`` grabs: ``point`` itself if a piece is within the
        session's pick radius, else a point just inside the nearest piece within
        :data:`MIN_PICK_PX` on screen (a thin disk in a small window is still easy to hit)."""
        if self.world.piece_at(point, radius=PICK_RADIUS_MM) is not None:
            return point
        reach = MIN_PICK_PX / self.camera.scale
        if reach <= PICK_RADIUS_MM:
            return point
        hits = [
            hit
            for hit in self.world.space.point_query(point, reach, pymunk.ShapeFilter())
            if hit.shape is not None
            and hit.shape.body is not None
            and (
                hit.shape.body.body_type == pymunk.Body.DYNAMIC
                or getattr(self.world.piece_of(hit.shape), "frozen", False)
            )
        ]
        if not hits:
            return point
        best = min(hits, key=lambda hit: hit.distance)
        assert best.shape is not None and best.shape.body is not None
        edge = best.point
        inward = best.shape.body.position - edge
        step = inward.normalized() * min(1.0, inward.length / 2) if inward.length else inward
        return (edge.x + step.x, edge.y + step.y)

    def on_press(self, point: Point, lock: bool) -> None:
        """Left button down at world ``point``: try to grab what is there (or just by it)."""
        point = self.pick_point(point)
        if self.play_area_contains(point) and self.send("grab", *point, self.grab_data(lock)):
            self.dragging = True
            held = self.physics.hand.held
            self._grip_local = _xy(held.body.world_to_local(point)) if held else None

    def grab_data(self, lock: bool) -> dict[str, bool] | None:
        """What a grab asks for besides the point: Shift (``lock``) grips the piece without
        letting it turn (a game may read the same press otherwise: Wallamoppi nudges)."""
        return {"lock": True} if lock else None

    def on_drop(self, point: Point) -> None:
        """Left button up at world ``point`` while dragging: let go there."""
        self._pending_move = None
        self.dragging = False
        self._grip_local = None
        self.send("release", *point)

    def play_area_contains(self, point: Point) -> bool:
        pixel = self.camera.to_screen(point)
        return bool(self.app.play_rect.collidepoint(pixel))

    def update(self, seconds: float) -> None:
        self.ease_camera(seconds)
        held = self.physics.hand.held
        if held is not None and held is not self.last_touched:
            self.last_touched = held
            self.look = None  # a piece taken up (by anyone): a close view follows it
        self.follow(seconds)
        if self.dragging and self.physics.hand.held is None:
            self.dragging = False  # the game took the piece away (a rule, a restart)
        if self._pending_move is not None:
            point, self._pending_move = self._pending_move, None
            if self.dragging:
                self.send("move", *point)

    # -- drawing -------------------------------------------------------------------------

    def hovered(self) -> Piece | None:
        """The piece under the mouse (what a click would pick), if any."""
        if self.mouse is None or self.dragging:
            return None
        point = self.pick_point(self.camera.to_world(self.mouse))
        return self.world.piece_at(point, radius=PICK_RADIUS_MM)

    def draw(self, surface: pygame.Surface, renderer: Renderer) -> None:
        self.refit()
        held = self.physics.hand.held
        grip = None
        if held is not None and self._grip_local is not None:
            grip = _xy(held.body.local_to_world(self._grip_local))
        hand = _xy(self.physics.hand.position) if held is not None else None
        clip = surface.get_clip()
        if clip == surface.get_rect():  # no narrower clip asked: the bars cover the rest
            surface.set_clip(between_bars(surface))
        renderer.draw_world(
            surface,
            self.camera,
            self.world,
            hover=self.hovered(),
            held=held,
            hand=hand,
            grip=grip,
            room=True,
        )
        surface.set_clip(clip)
        self.draw_overlay(surface, renderer)
        self.draw_floor_hints(surface, renderer)
        self.draw_away_arrows(surface, renderer)

    def draw_background(self, surface: pygame.Surface, renderer: Renderer) -> None:
        """The room's background but under :meth:`painted_rect`: the kept world layer holds
        it under the table (``draw_world(room=True)``), a kept side panel under itself; and
        not under the title and status bars, which the window draws whole over it right after
        (kept with the background under them: ``Renderer.kept_area``)."""
        table = self.painted_rect().clip(surface.get_rect())
        whole = surface.get_rect()
        if table.width <= 0 or table.height <= 0:
            renderer.background(surface)
            return
        bars = between_bars(surface)
        for part in (
            pygame.Rect(0, bars.top, whole.width, table.top - bars.top),  # above the table
            pygame.Rect(0, table.bottom, whole.width, bars.bottom - table.bottom),  # a footer
            pygame.Rect(0, table.top, table.left, table.height),  # a panel on the left
            pygame.Rect(table.right, table.top, whole.width - table.right, table.height),
        ):
            renderer.background(surface, part)

    def painted_rect(self) -> pygame.Rect:
        """The part of the window the view paints whole every frame, background and all
        (the table; a game whose side panel is kept with its background says more)."""
        return self.visible_rect()

    def visible_rect(self) -> pygame.Rect:
        """Where the table is drawn on screen (the play area; a game with a side panel less)."""
        return self.app.play_rect

    def fit_rect(self) -> pygame.Rect:
        """Where the framed rectangle is fitted: :meth:`visible_rect`, less what a game keeps
        for cards drawn over the table."""
        return self.visible_rect()

    def piece_boxes(self) -> list[pygame.Rect]:
        """The screen boxes of the movable pieces in view (clipped to it)."""
        area = self.visible_rect()
        boxes = []
        # Camera.to_screen written out (the same sums): a card asks for these twice a frame
        scale = self.camera.scale
        x0, y0 = self.camera.origin
        for piece in self.world.dynamic_pieces():
            bb = piece.shape.cache_bb()
            left, top = x0 + bb.left * scale, y0 - bb.top * scale
            right, bottom = x0 + bb.right * scale, y0 - bb.bottom * scale
            box = pygame.Rect(round(left), round(top), round(right - left), round(bottom - top))
            if box.colliderect(area):
                boxes.append(box.clip(area))
        return boxes

    def busy_rect(self) -> pygame.Rect | None:
        """Where the movable pieces in view are on screen (None: none is): what a card over
        the table should cover least (games/ui/tutorial.py)."""
        boxes = self.piece_boxes()
        return boxes[0].unionall(boxes[1:]) if boxes else None

    def pieces_out_of_view(self) -> list[Piece]:
        """Movable pieces whose centre is outside :meth:`visible_rect` (not the held one)."""
        rect = self.visible_rect()
        held = self.physics.hand.held
        # the visible rectangle in world mm: one transform, not one per piece
        left, top = self.camera.to_world(rect.topleft)
        right, bottom = self.camera.to_world(rect.bottomright)
        out = []
        for piece in self.world.dynamic_pieces():
            if piece is held:
                continue
            x, y = piece.body.position
            if not (left <= x < right and bottom < y <= top):
                out.append(piece)
        return out

    def draw_floor_hints(self, surface: pygame.Surface, renderer: Renderer) -> None:
        """Above the pieces lying on the floor (in view), one line saying how to bring them
        back, centred over them all (a heap gets one label, not one each)."""
        if not self.put_back_hint or self.physics.hand.held is not None:
            return
        lying = self.physics.on_floor()
        if not lying:
            return
        rect = self.visible_rect()
        boxes = [piece.shape.cache_bb() for piece in lying]
        left = min(bb.left for bb in boxes)
        right = max(bb.right for bb in boxes)
        top = max(bb.top for bb in boxes)
        x, y = self.camera.to_screen(((left + right) / 2, top))
        if not rect.collidepoint((x, y)):
            return
        label = f"on the floor · {self.put_back_hint}"
        width = renderer.font(14).size(label)[0]
        x = min(max(x, rect.left + width / 2 + 6), rect.right - width / 2 - 6)
        renderer.text(surface, label, (x, y - 8), size=14, colour=ACCENT, anchor="midbottom")

    def put_back_pieces(self) -> list[Piece]:
        """What the B key gathers now (the session's ``put_back``): by default the pieces on
        the floor; a game whose B gathers more says so (Free play: every piece off the
        table). Only these are labelled "off the table" (:meth:`draw_away_arrows`)."""
        return self.physics.on_floor()

    def draw_away_arrows(self, surface: pygame.Surface, renderer: Renderer) -> None:
        """An arrow at the edge of the table's view towards the pieces out of view.

        Pieces whose arrows would meet share one arrow and one label ("3 cylinders"); only
        pieces B puts back (:meth:`put_back_pieces`) are said to be "off the table", the
        others are just out of view (zoomed in). No label is drawn over another nor over a
        piece in view: :attr:`away_labels` keeps what was drawn where this frame.
        """
        self.away_labels = []
        rect = self.visible_rect().inflate(-36, -36)
        if rect.width <= 0 or rect.height <= 0:
            return
        out = self.pieces_out_of_view()
        if not out:
            return
        gathered = {id(piece) for piece in self.put_back_pieces()}
        groups: list[_ArrowGroup] = []
        cx, cy = rect.center
        for piece in out:
            x, y = self.camera.to_screen(_xy(piece.body.position))
            dx, dy = x - cx, y - cy
            scale = min(
                (rect.width / 2) / abs(dx) if dx else float("inf"),
                (rect.height / 2) / abs(dy) if dy else float("inf"),
            )
            tip = (cx + dx * scale, cy + dy * scale)
            away = id(piece) in gathered
            for group in groups:
                near = math.dist(group.tip, tip) < ARROW_GROUP_PX
                if group.away == away and near:
                    group.kinds.append(piece.kind)
                    break
            else:
                groups.append(_ArrowGroup(tip, (dx, dy), away, [piece.kind]))
        for group in groups:
            self._draw_arrow_group(surface, renderer, group, rect)

    def _draw_arrow_group(
        self, surface: pygame.Surface, renderer: Renderer, group: _ArrowGroup, rect: pygame.Rect
    ) -> None:
        tip = group.tip
        dx, dy = group.towards
        length = max(math.hypot(dx, dy), 1e-9)
        ux, uy = dx / length, dy / length
        back = (tip[0] - ux * 18, tip[1] - uy * 18)
        side = (-uy * 9, ux * 9)
        points = [
            tip,
            (back[0] + side[0], back[1] + side[1]),
            (back[0] - side[0], back[1] - side[1]),
        ]
        pygame.draw.polygon(surface, ACCENT, points)
        pygame.draw.polygon(surface, (30, 22, 14), points, 2)
        label = _count_kinds(group.kinds)
        many = len(group.kinds) > 1
        if group.away:
            label += " off the table"
            hint = self.put_back_hint_many if many else self.put_back_hint
            if hint:
                label += f" · {hint}"
        else:
            label += " out of view"
        font = renderer.font(14)
        image_rect = pygame.Rect((0, 0), font.size(label))
        anchor = "midleft" if ux < 0 else "midright"
        at = (round(back[0] - ux * 6 + (8 if ux < 0 else -8)), round(back[1] - uy * 22))
        setattr(image_rect, anchor, at)
        area = self.visible_rect()
        image_rect.clamp_ip(area)
        # never over another label, nor over a piece in view (a small window's part view)
        taken = [placed for _, placed in self.away_labels] + self.piece_boxes()
        step = image_rect.height + 4
        for shift in (0, 1, -1, 2, -2, 3, -3, 4, -4):
            trial = image_rect.move(0, shift * step).clamp(area)
            if trial.collidelist(taken) < 0:
                image_rect = trial
                break
        else:
            return  # no free place: the arrow alone says it
        self.away_labels.append((label, image_rect))
        renderer.text(surface, label, image_rect.topleft, size=14, colour=ACCENT)

    def draw_overlay(self, surface: pygame.Surface, renderer: Renderer) -> None:
        """Game-specific extras drawn over the table (timers, legal slots, labels)."""


@dataclass
class _ArrowGroup:
    """Pieces out of view whose arrows meet: one arrow, one label."""

    tip: Point
    towards: Point  # from the view's centre towards the first piece, px
    away: bool  # off the table (B puts them back), not just out of view
    kinds: list[str]


def _count_kinds(kinds: Sequence[str]) -> str:
    """ "marble", "3 cylinders", "2 disks and a marble": what a label names."""
    counts: dict[str, int] = {}
    for kind in kinds:
        counts[kind] = counts.get(kind, 0) + 1
    names = [
        kind if count == 1 and len(counts) == 1 else f"{count} {kind}s" if count > 1
        else f"a {kind}"
        for kind, count in counts.items()
    ]
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def frame_margin(rect: pygame.Rect) -> int:
    """The margin round the framed rectangle: :data:`FRAME_MARGIN_PX`, less in a small
    window (every pixel of margin there is a smaller table)."""
    return max(MIN_FRAME_MARGIN_PX, min(FRAME_MARGIN_PX, round(min(rect.size) * 0.05)))


def _clamp(value: float, low: float, high: float) -> float:
    """``value`` within ``low``..``high``; their middle when the range is empty."""
    if low > high:
        return (low + high) / 2
    return min(max(value, low), high)


def _xy(vector: pymunk.Vec2d) -> Point:
    return (vector.x, vector.y)


def world_frame(world: World, side_mm: float = 60.0) -> WorldRect:
    """A rectangle around every piece but the table with ``side_mm`` of room on each side,
    headroom above the tallest piece, and the table's front edge below."""
    boxes = [
        piece.shape.bb for piece in world.pieces.values() if piece.kind not in room.KINDS
    ]
    if not boxes:
        return WorldRect(-200.0, -30.0, 200.0, 200.0)
    left = min(bb.left for bb in boxes)
    right = max(bb.right for bb in boxes)
    bottom = min(min(bb.bottom for bb in boxes), 0.0)
    top = max(bb.top for bb in boxes)
    headroom = max((top - bottom) * 0.3, 40.0)
    return WorldRect(left - side_mm, bottom - 30.0, right + side_mm, top + headroom)
