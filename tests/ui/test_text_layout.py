"""Every window size: the menu and every game, drawn at the 480x360 minimum, at 800x500 and at
the default 1280x800, with the renderer's text drawing instrumented to collect where each
text's ink lands. No two texts overlap, none is cut by the window's edge, and the help (opaque,
scrolled in a small window) lists every key of the game. Screens are drawn through the app's
own loop (real pygame events select and start things)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from games.core import registry
from games.core.protocol import SeatKind
from games.ui import overlays
from games.ui.app import App
from games.ui.render import Renderer

SIZES = [(480, 360), (800, 500), (1280, 800)]
FRAME = 1 / 60


class Texts:
    """The ink box of every text drawn on the window since :meth:`clear`."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.boxes: list[tuple[str, pygame.Rect]] = []
        self.cut: list[str] = []
        self.renderer: Renderer = app.renderer
        self.original = self.renderer.text
        self.renderer.text = self.spy  # type: ignore[method-assign]

    def spy(self, surface: pygame.Surface, text: str, pos: Any, **kwargs: Any) -> pygame.Rect:
        rect = self.original(surface, text, pos, **kwargs)
        if surface is self.app.screen and text.strip():
            image = self.renderer.render_text(
                text, kwargs.get("size", 18), bold=kwargs.get("bold", False),
                serif=kwargs.get("serif", False),
            )
            ink = image.get_bounding_rect().move(rect.topleft)
            clip = surface.get_clip()
            if ink.width and not clip.contains(ink):
                self.cut.append(f"{text!r} is cut by its area {clip}: {ink}")
            self.boxes.append((text, ink.clip(clip)))
        return rect

    def clear(self) -> None:
        self.boxes = []
        self.cut = []

    def problems(self) -> list[str]:
        found = list(self.cut)
        screen = self.app.screen.get_rect()
        for text, box in self.boxes:
            if text.strip() == "…":
                found.append(f"a text cut to nothing at {box}")
            if box.width and not screen.contains(box):
                found.append(f"{text!r} is cut by the window's edge: {box}")
        for (a, box_a), (b, box_b) in itertools.combinations(self.boxes, 2):
            if box_a.colliderect(box_b):
                found.append(f"{a!r} {box_a} overlaps {b!r} {box_b}")
        return found


@pytest.fixture(params=SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def app(request: pytest.FixtureRequest) -> Iterator[App]:
    window = App(size=request.param, seed=7)
    pygame.event.clear()
    yield window
    window.close()


def key(app: App, code: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    app.step_frame(FRAME)


def test_the_menu_has_no_overlapping_or_cut_text(app: App) -> None:
    texts = Texts(app)
    for game in app.menu.specs:  # every game's card selected in turn, with the most seats
        app.menu.select(game.id)
        choice = app.menu.choice()
        assert choice is not None
        choice.count = choice.max_seats
        texts.clear()
        app.step_frame(FRAME)
        assert texts.problems() == [], game.id
        start = app.menu.start_rect()
        assert app.screen.get_rect().contains(start)  # the Start button is whole on screen


@pytest.mark.parametrize("game", registry.available())
def test_every_game_has_no_overlapping_or_cut_text(app: App, game: str) -> None:
    spec = registry.load(game)
    seats = (SeatKind.HUMAN,) + (SeatKind.COMPUTER,) * (len(spec.seat_names) - 1)
    app.start_game(spec, seats)
    texts = Texts(app)
    shown: tuple[list[tuple[str, pygame.Rect]], list[str]] = ([], [])
    for _ in range(4):  # the last picture drawn (a game at rest keeps it: games/ui/rest.py)
        texts.clear()
        app.renderer._cache.areas.clear()  # kept bars and panels drawn afresh: every text seen
        app.step_frame(FRAME)
        if not app.idle:
            shown = (texts.boxes, texts.cut)
    texts.boxes, texts.cut = shown
    assert texts.boxes
    assert texts.problems() == []


@pytest.mark.parametrize("game", registry.available())
def test_the_help_lists_every_key_is_opaque_and_scrolls_to_the_end(app: App, game: str) -> None:
    spec = registry.load(game)
    app.start_game(spec, (SeatKind.HUMAN,) * spec.min_seats)
    app.step_frame(FRAME)
    key(app, pygame.K_h)
    assert app.show_help
    assert app.game is not None
    wanted = [k for k, _ in (*app.help_keys(app.game), *overlays.GAME_KEYS)]
    seen: set[str] = set()
    texts = Texts(app)
    original = texts.renderer.text

    def everywhere(surface: pygame.Surface, text: str, pos: Any, **kwargs: Any) -> pygame.Rect:
        seen.add(text)
        return original(surface, text, pos, **kwargs)

    texts.renderer.text = everywhere  # type: ignore[method-assign]
    app.step_frame(FRAME)
    if app.help_scroll_max:  # a small window: the wheel scrolls the help
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, precise_x=0.0,
                                             precise_y=-1.0, flipped=False))
        app.step_frame(FRAME)
        assert app.help_scroll > 0
    for _ in range(60):  # scroll to the end: every key is reachable
        key(app, pygame.K_PAGEDOWN)
    assert app.help_scroll == app.help_scroll_max
    # opaque: the panel's middle is one flat colour whatever is under it
    panel = overlays.help_panel(app.play_rect)
    assert app.screen.get_at((panel.right - 6, panel.centery))[:3] == (24, 26, 30)
    assert set(wanted) <= seen, set(wanted) - seen
    for must in ("Esc", "H / F1", "M"):
        assert must in seen


@pytest.mark.parametrize("size", [(480, 360), (800, 500)])
def test_the_menus_rules_open_whole_with_more_or_h_and_esc_closes_them(size) -> None:
    app = App(size=size, seed=7)
    try:
        pygame.event.clear()
        app.menu.select("stonewall")
        app.step_frame(FRAME)
        more = app.menu.layout().rules
        assert more is not None  # the rules do not fit the panel: "More…" is there
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=more.center, button=1))
        app.step_frame(FRAME)
        assert app.menu.show_help and app.game is None
        app.step_frame(FRAME)
        panel = overlays.help_panel(pygame.Rect(0, 0, *size).inflate(-8, -8))
        assert app.screen.get_at((panel.right - 6, panel.centery))[:3] == (24, 26, 30)
        key(app, pygame.K_ESCAPE)  # closes the rules, does not quit
        assert not app.menu.show_help and app.running
        key(app, pygame.K_h)
        assert app.menu.show_help
        key(app, pygame.K_h)
        assert not app.menu.show_help
        start = app.menu.start_rect()
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start.center, button=1))
        app.step_frame(FRAME)
        assert app.game is not None and app.game.spec.id == "stonewall"
    finally:
        app.close()
