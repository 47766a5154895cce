"""The base of every game's view: it maps pygame input to session inputs and draws the game.

Each game's ``view.py`` defines ``make_view(app, session) -> View``. The app calls
:meth:`View.handle_event` for every pygame event, :meth:`View.update` once per rendered frame
and :meth:`View.draw` to paint. Views never change physics bodies directly: they send
:class:`~games.protocol.InputEvent` values through ``session.handle`` so every action is
checked by the rules and recorded for replays.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from games.protocol import Session

if TYPE_CHECKING:  # pragma: no cover
    from games.ui.app import App


class View:
    """Input and drawing for one game; subclasses override what they need."""

    def __init__(self, app: App, session: Session) -> None:
        self.app = app
        self.session = session

    def handle_event(self, event: pygame.event.Event) -> None:
        """React to one pygame event (mouse, keys) by sending inputs to the session."""

    def update(self, seconds: float) -> None:
        """Called once per rendered frame with the real seconds since the last one."""

    def draw(self, surface: pygame.Surface, renderer: Any) -> None:
        """Paint the game onto ``surface`` with the shared renderer."""
