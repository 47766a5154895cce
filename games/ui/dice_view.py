"""What the dice games' board views share (Stonewall, Dammi il malloppo, Whacky Wit).

A :class:`DiceBoardView` is a :class:`games.ui.view.View` of a
:class:`games.turnkit.turn_session.TurnBasedSession`: the board on the left of the play area, a side
panel of ``panel_width`` on the right (:func:`games.ui.widgets.split_play_area`), ``GAP`` px
around the panel, and an :class:`games.ui.animation.Animator` whose ``busy`` holds the
session's computer players while a move is still shown. Closing the window releases that hold.
A game's view adds its own board drawing, words and clicks.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from games.core.protocol import Session
from games.turnkit.turn_session import TurnBasedSession
from games.ui.animation import Animator
from games.ui.palette import colour_blind, draw_seat_token
from games.ui.view import View
from games.ui.widgets import split_play_area

if TYPE_CHECKING:
    from games.ui.render import Renderer
    from games.ui.view import Window

GAP = 12  # px between the play area's edges, the board and the panel
PAD = 14  # px inside the panel
PLAY_HEIGHT_AT_1280 = 720  # the play area's height in a 1280x800 window (less the bars)
MAX_TYPE_SCALE = 1.4


def keep_layer(renderer: Renderer, surface: pygame.Surface, region: pygame.Rect,
               key: tuple[Hashable, ...], draw: Callable[[], None]) -> None:
    """Draw what never changes during a game (a maze, its frame and coordinates) once and
    keep ``region`` of the surface, with the room under it, in the renderer's board cache
    (the one :meth:`~games.ui.render.Renderer.draw_grid` keeps its boards in); after that
    ``region`` is one blit. ``key`` names everything ``draw`` depends on besides the window's
    size and the region."""
    region = region.clip(surface.get_clip())
    cache = renderer._cache.boards
    full_key = ("layer", surface.get_size(), tuple(region), *key)
    kept = cache.get(full_key)
    if kept is not None:
        surface.blit(kept, region.topleft)
        return
    draw()
    if region.width and region.height:
        if len(cache) > 8:
            cache.clear()
        cache[full_key] = surface.subsurface(region).copy()


def fit_lines(renderer: Renderer, wordings: Sequence[str], width: int, size: int, room: int,
              *, bold: bool = False) -> list[str]:
    """The first of ``wordings`` (longest first, each saying the same) that wraps into
    ``room`` lines of ``width`` px; when none does, the shortest cut with "…" (marked, never
    silent)."""
    lines: list[str] = []
    for text in wordings:
        lines = renderer.wrap(text, width, size, bold=bold) if text else []
        if len(lines) <= room:
            return lines
    if room <= 0:
        return []
    last = " ".join(lines[room - 1:])
    return [*lines[:room - 1], renderer.ellipsize(last, width, size, bold=bold)]


class DiceBoardView(View):
    """A board with a side panel, animating the session's records; see the module text."""

    panel_width = 310

    def __init__(self, app: Window, session: Session) -> None:
        super().__init__(app, session)
        assert isinstance(session, TurnBasedSession)
        self.turn_session: TurnBasedSession[Any, Any] = session
        self.animator = Animator(speed=lambda: app.computer_speed)  # games/core/pacing.py
        session.hold = self.animator.busy
        # The side panel's last picture, and everything it showed (see draw_panel_kept).
        self._kept_panel: tuple[Hashable, pygame.Surface] | None = None

    def areas(self) -> tuple[pygame.Rect, pygame.Rect]:
        """(board area, panel) of the play area at the window's current size."""
        board, panel = split_play_area(self.app.play_rect, self.ts(self.panel_width))
        panel = pygame.Rect(panel.left, panel.top + GAP, panel.width - GAP, panel.height - 2 * GAP)
        return board, panel

    def type_scale(self) -> float:
        """How much larger than at 1280x800 the panel's type and parts are drawn: 1 up to
        that size, growing with a larger window up to :data:`MAX_TYPE_SCALE`."""
        area = self.app.play_rect
        return min(max(min(area.width / 1280, area.height / PLAY_HEIGHT_AT_1280), 1.0),
                   MAX_TYPE_SCALE)

    def ts(self, size: int) -> int:
        """``size`` (px of type, a line's height, a button's) at :meth:`type_scale`."""
        return round(size * self.type_scale())

    def panel_rect(self) -> pygame.Rect:
        return self.areas()[1]

    def shown_roll(self) -> tuple[int | None, int | None]:
        """(the die's face now, who rolled it): the last roll (opening rolls too), a
        tumbling face while the die rolls, (None, None) before anyone has rolled."""
        last = self.turn_session.last_roll()
        value = getattr(last[1], "value", None) if last is not None else None
        if self.animator.rolling():
            value = self.animator.tumbling_face()
        return value, (last[0] if last is not None else None)

    def draw_shown_roll(self, surface: pygame.Surface, renderer: Renderer,
                        rect: pygame.Rect) -> None:
        """The die of :meth:`shown_roll` in ``rect``, a token of the roller's seat in its
        corner (a blank die, no token, before anyone has rolled)."""
        value, roller = self.shown_roll()
        renderer.draw_die(surface, rect, value)
        if roller is not None:
            corner = (rect.right - 4, rect.bottom - 4)
            draw_seat_token(renderer, surface, corner, max(rect.width // 9, 5),
                            self.turn_session.state.name(roller))

    def panel_key(self) -> Hashable | None:
        """Everything the side panel shows (words, die, buttons and whether each is lit),
        so that an unchanged panel is one blit; None: drawn afresh every frame."""
        return None

    def draw_panel(self, surface: pygame.Surface, renderer: Renderer) -> None:
        """The side panel's contents (the game's view draws them)."""

    def draw_panel_kept(self, surface: pygame.Surface, renderer: Renderer) -> None:
        """The side panel, box and contents: drawn when :meth:`panel_key` (or the window,
        the panel's place or the palette) changed, else its last picture. Drawn before the
        board, so nothing else (a wall dragged out of the stock) is ever kept in it."""
        panel = self.panel_rect().clip(surface.get_clip())
        key = self.panel_key()
        full = (key, surface.get_size(), tuple(panel), colour_blind())
        kept = self._kept_panel
        if key is not None and kept is not None and kept[0] == full:
            surface.blit(kept[1], panel.topleft)
            return
        self.draw_panel_box(surface, renderer)
        self.draw_panel(surface, renderer)
        if key is not None and panel.width and panel.height:
            self._kept_panel = (full, surface.subsurface(panel).copy())

    def forget_kept(self) -> None:
        """Throw away the kept panel (a test or a benchmark drawing afresh)."""
        self._kept_panel = None

    def draw_panel_box(self, surface: pygame.Surface, renderer: Renderer) -> None:
        """The side panel's translucent box over the room, kept as one opaque picture: drawn
        first, over nothing but the room, so nothing else is ever kept in it."""
        panel = self.panel_rect()
        keep_layer(renderer, surface, panel, ("panel box",),
                   lambda: renderer.panel(surface, panel))

    def close(self) -> None:
        self.turn_session.hold = None
