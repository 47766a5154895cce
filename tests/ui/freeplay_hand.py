"""Free play in the window for the UI tests: start it, throw a piece with real mouse events,
and ask whether a piece is in view."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from games.core import registry
from games.core.protocol import SeatKind
from games.freeplay.session import FreeplaySession
from games.freeplay.view import FreeplayView


def start_freeplay(
    make_app: Callable[..., Any], ui: Any
) -> tuple[Any, FreeplaySession, FreeplayView]:
    """The app in Free play with one human seat, half a second in."""
    app = make_app()
    app.start_game(registry.load("freeplay"), (SeatKind.HUMAN,))
    session, view = app.session, app.game.view
    assert isinstance(session, FreeplaySession) and isinstance(view, FreeplayView)
    ui.run(app, 0.5)
    return app, session, view


def throw_right(app: Any, ui: Any, view: FreeplayView, name: str, speed: int = 25) -> None:
    """Grab ``name`` and let go while moving right and up at ``speed`` px a frame."""
    position = view.physics.world.pieces[name].body.position
    view.refit()
    x, y = (round(v) for v in view.camera.to_screen((position.x, position.y)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
    app.step_frame(ui.frame)
    for step in range(1, 6):  # a flick to the right: the hand lets go at speed
        pos = (x + speed * step, y - 8 * step)
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(speed, -8), buttons=(1, 0, 0))
        )
        app.step_frame(ui.frame)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x + 5 * speed, y - 40), button=1)
    )
    app.step_frame(ui.frame)


def in_view(view: FreeplayView, name: str) -> bool:
    """The piece's whole outline is inside the table's part of the window."""
    bb = view.physics.world.pieces[name].shape.cache_bb()
    left, top = view.camera.to_screen((bb.left, bb.top))
    right, bottom = view.camera.to_screen((bb.right, bb.bottom))
    return bool(view.visible_rect().contains(pygame.Rect(left, top, right - left, bottom - top)))
