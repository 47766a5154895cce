"""The base of every game's view: it maps pygame input to session inputs and draws the game.

Each game's ``view.py`` defines ``make_view(app, session) -> View``. The app calls
:meth:`View.handle_event` for every pygame event meant for the game, :meth:`View.update` once
per rendered frame (before the physics frames of that render frame) and :meth:`View.draw` to
paint the play area ``app.play_rect``. Views never change physics bodies or rules state
directly: they send :class:`~games.core.protocol.InputEvent` values through :meth:`View.send`
(``session.handle``) so every action is checked by the rules and recorded for replays; a
refused input is shown in the status bar for a few seconds.

The shell keeps these keys for itself: Esc (menu), P and Space (pause), F5 and Ctrl+R
(restart), H and F1 (help), M (sound); a view that needs one of them lists it in
:attr:`View.own_keys`. F11 (full screen) is always the shell's. Every key and gesture of the
game is listed in :attr:`View.keys`, so the help overlay shows them all.
Physics games subclass :class:`games.ui.physics_view.PhysicsView`, which already drags pieces
with the mouse; board games subclass :class:`View` and draw with
:meth:`games.ui.render.Renderer.draw_grid`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

import pygame

from games.core.protocol import InputEvent, InputRefused, Session
from games.core.words import seat_label

if TYPE_CHECKING:  # pragma: no cover
    from games.ui.render import Renderer


class Window(Protocol):
    """What a game's view may ask of the window it is shown in (:class:`games.ui.app.App` is
    one; the screens and menus ask more of it: :class:`games.ui.shell.Shell`)."""

    @property
    def play_rect(self) -> pygame.Rect:
        """The screen area the view draws in (it changes with the window: lay out every frame)."""
        ...

    @property
    def renderer(self) -> Renderer:
        """The shared drawing helpers (fonts, buttons, dice, grids, worlds)."""
        ...

    @property
    def computer_speed(self) -> str:
        """The computers' pace, a word of games/core/pacing.py (a die's tumble follows it)."""
        ...

    def notify(self, message: str, *, kind: str = "note", seconds: float = ...) -> None:
        """Show ``message`` in the status bar a while; kind: refused, error, info, note."""
        ...


class View:
    """Input and drawing for one game; subclasses override what they need."""

    # Shell keys (pygame.K_*) this view handles itself instead of the shell.
    own_keys: ClassVar[frozenset[int]] = frozenset()
    # True if the view paints its own end-of-game screen (the shell then draws no card).
    draws_outcome: ClassVar[bool] = False
    # The game's own keys and mouse gestures, (keys, what they do), for the help overlay (the
    # shell adds its own: pause, restart, help, menu, sound, and Ctrl+Z where it undoes).
    keys: ClassVar[tuple[tuple[str, str], ...]] = ()
    # True if the view ticks its sessions itself in :meth:`update` (a replay): the app then
    # runs no physics frames for it.
    drives_clock: ClassVar[bool] = False
    # Pixels the view keeps below the play area for controls of its own (a replay's timeline):
    # ``app.play_rect`` ends above them.
    footer_px: ClassVar[int] = 0
    # A network game: the seats (indices into the game's ``seat_names``) this window plays;
    # None at one shared table (hot seat). Set by :mod:`games.ui.net_play`.
    own_seats: frozenset[int] | None = None

    def __init__(self, app: Window, session: Session) -> None:
        self.app = app
        self.session = session

    def seat_label(self, seat: int, name: str, human: bool) -> str:
        """How a panel names seat number ``seat`` (player ``name``): "Red (you)", "Blue
        (computer)" (games/core/words.py); in a network game "Blue (remote)" for a person playing on
        another machine (``own_seats``: this window's seats)."""
        remote = self.own_seats is not None and seat not in self.own_seats
        return seat_label(name, human, remote=remote)

    def handle_event(self, event: pygame.event.Event) -> None:
        """React to one pygame event (mouse, keys) by sending inputs to the session."""

    def update(self, seconds: float) -> None:
        """Called once per rendered frame with the real seconds since the last one."""

    def draw_background(self, surface: pygame.Surface, renderer: Renderer) -> None:
        """The room's background under the frame (a view that paints its own, kept with
        what it draws, leaves that part out: one full-window blit fewer a frame)."""
        renderer.background(surface)

    def draw(self, surface: pygame.Surface, renderer: Renderer) -> None:
        """Paint the game into ``self.app.play_rect`` of ``surface`` with the shared renderer."""

    def animating(self) -> bool:
        """True while the view shows something moving of its own (a die tumbling, a piece
        sliding): the window then draws every frame even when the game is at rest."""
        animator = getattr(self, "animator", None)  # games.ui.animation.Animator
        return animator is not None and bool(animator.busy())

    # -- helpers for subclasses ----------------------------------------------------------

    def send(
        self, action: str, x: float = 0.0, y: float = 0.0, data: Mapping[str, Any] | None = None
    ) -> bool:
        """Send one input to the session now; on :class:`InputRefused` show why and return False."""
        try:
            self.session.handle(InputEvent(self.session.frame, action, x, y, dict(data or {})))
        except InputRefused as refusal:
            self.refuse(str(refusal))
            return False
        return True

    def refuse(self, message: str) -> None:
        """Show a refusal (or any short warning) in the status bar for a few seconds."""
        self.app.notify(message, kind="refused")

    def status(self) -> str:
        """The status bar's line; by default the session's own."""
        return self.session.status()

    def close(self) -> None:
        """Called when the game is left (menu, restart, quit)."""
