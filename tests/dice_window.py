"""The dice games' windows in tests: the real app loop under SDL's dummy video driver, fed
real pygame events (Stonewall, Dammi il malloppo, Whacky Wit).

Importing this module sets the dummy drivers, so import it before anything imports pygame's
display. ``frames`` renders fixed 1/60 s frames; ``hover``, ``press`` and ``click`` post the
mouse events a player's hand makes; ``open_game`` starts a game in a new window and
``view_of`` is its view, checked to be the game's own; ``drawn_outside`` tells whether a dice
view's side panel draws past its own rectangle.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Sequence
from typing import Any, TypeVar

import pygame

from games.core import registry
from games.core.protocol import SeatKind
from games.ui.app import App
from games.ui.dice_view import DiceBoardView
from games.ui.view import View

FRAME = 1 / 60
ViewT = TypeVar("ViewT", bound=View)


def frames(app: App, count: int = 1) -> None:
    for _ in range(count):
        app.step_frame(FRAME)


def post(kind: int, **fields: Any) -> None:
    pygame.event.post(pygame.event.Event(kind, **fields))


def hover(app: App, pos: Sequence[float]) -> None:
    """The pointer moved to ``pos``, and a frame drawn."""
    post(pygame.MOUSEMOTION, pos=(round(pos[0]), round(pos[1])), rel=(0, 0), buttons=(0, 0, 0))
    frames(app)


def press(app: App, pos: Sequence[float], button: int = 1) -> None:
    """A button pressed at ``pos`` (a frame) and released (a frame)."""
    xy = (round(pos[0]), round(pos[1]))
    post(pygame.MOUSEBUTTONDOWN, pos=xy, button=button)
    frames(app)
    post(pygame.MOUSEBUTTONUP, pos=xy, button=button)
    frames(app)


def click(app: App, pos: Sequence[float], button: int = 1, *, settle: bool = False) -> None:
    """The pointer moved to ``pos`` and a click there: the move in the press's frame, or
    (``settle``) in a frame of its own first."""
    if settle:
        hover(app, pos)
    else:
        post(pygame.MOUSEMOTION, pos=(round(pos[0]), round(pos[1])), rel=(0, 0),
             buttons=(0, 0, 0))
    press(app, pos, button)


def open_game(game_id: str, size: tuple[int, int], seed: int,
              seats: tuple[SeatKind, ...] = (SeatKind.HUMAN, SeatKind.HUMAN)) -> App:
    """A window of ``size`` playing a new ``game_id`` game, one frame drawn (close it)."""
    window = App(game_id, size=size, seed=seed)
    pygame.event.clear()
    window.start_game(registry.load(game_id), seats)
    frames(window)
    return window


def view_of(app: App, kind: type[ViewT]) -> ViewT:
    """The view of the game the window plays, which must be a ``kind``."""
    assert app.game is not None
    view = app.game.view
    assert isinstance(view, kind)
    return view


def drawn_outside(view: DiceBoardView, window: App) -> bool:
    """True if drawing the panel (player list and log included) touches any pixel outside it:
    the panel is drawn alone on a blank surface of the window's size."""
    blank = (255, 0, 255)
    surface = pygame.Surface(window.screen.get_size())
    surface.fill(blank)
    view.draw_panel(surface, window.renderer)
    surface.fill(blank, view.panel_rect())
    return pygame.mask.from_threshold(surface, blank, (1, 1, 1, 255)).count() != (
        surface.get_width() * surface.get_height()
    )
