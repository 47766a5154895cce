"""The settings screen: volume and mute, computer speed, animation speed, colour-blind-safe
colours and the window's size, over the menu (its *Settings…* button, or O) or a game (O).

One row per setting, each a button that steps through its values (a click, or Left / Right
on the row chosen with Up / Down); *Done*, O or Esc closes it. Every change applies at once
and is written to ``settings.toml`` (:mod:`games.ui.settings`); the window size is the window's
own (it is resized, and :mod:`games.ui.window` remembers it in ``window.toml``). A settings
file that could not be read is never written over: the screen says so at its foot.

Applying: the volume and mute go to :class:`games.ui.sound.Sound`; the animation speed to
:func:`games.ui.animation.set_speed`; the computer speed to ``app.computer_speed``
(games/core/pacing.py:
the computers' pacing reads it; ``--speed`` wins for its run); colour-blind-safe colours to
:func:`games.ui.palette.set_colour_blind`.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from games.ui import animation, palette
from games.ui.render import ACCENT, INK, INK_DIM, REFUSED, Renderer
from games.ui.settings import ANIMATION_SPEEDS, COMPUTER_SPEEDS, Settings
from games.ui.window import MIN_SIZE

if TYPE_CHECKING:  # pragma: no cover
    from games.ui.shell import ScreensPart

VOLUME_STEP = 10
WINDOW_SIZES = ((480, 360), (960, 600), (1280, 800), (1600, 1000), (1920, 1080))
ROWS = ("volume", "sound", "computer_speed", "animation_speed", "colour_blind", "window")
ROW_LABELS = {
    "volume": "Volume",
    "sound": "Sound",
    "computer_speed": "Computer speed",
    "animation_speed": "Animation speed",
    "colour_blind": "Colour-blind-safe colours",
    "window": "Window size",
}


def home_relative(path: Path) -> str:
    """``path`` with the home folder written ``~`` (shorter, and what a player types)."""
    try:
        return "~/" + path.relative_to(Path.home()).as_posix()
    except ValueError:
        return str(path)


def _next(words: tuple[str, ...], word: str, step: int) -> str:
    return words[(words.index(word) + step) % len(words)]


class SettingsScreen:
    """The rows, the chosen row, and what a click or key changes."""

    def __init__(self, screens: ScreensPart) -> None:
        self.screens = screens
        self.chosen = 0

    @property
    def settings(self) -> Settings:
        return self.screens.store.settings

    def value_text(self, row: str) -> str:
        settings = self.settings
        app = self.screens.app
        if row == "volume":
            return f"{settings.volume} %"
        if row == "sound":
            return "muted" if settings.muted else "on"
        if row == "colour_blind":
            return "on" if settings.colour_blind else "off"
        if row == "window":
            if app.fullscreen:
                return "full screen (F11)"
            width, height = app.screen.get_size()
            return f"{width} × {height}"
        return str(getattr(settings, row))

    def step(self, row: str, by: int) -> None:
        """Change ``row`` by one step (``by`` is +1 or -1), apply it and save."""
        settings = self.settings
        if row == "volume":
            settings = replace(settings, volume=min(max(settings.volume + by * VOLUME_STEP, 0),
                                                    100))
        elif row == "sound":
            settings = replace(settings, muted=not settings.muted)
        elif row == "computer_speed":
            settings = replace(settings, computer_speed=_next(COMPUTER_SPEEDS,
                                                              settings.computer_speed, by))
        elif row == "animation_speed":
            settings = replace(settings, animation_speed=_next(ANIMATION_SPEEDS,
                                                               settings.animation_speed, by))
        elif row == "colour_blind":
            settings = replace(settings, colour_blind=not settings.colour_blind)
        elif row == "window":
            self._step_window(by)
            return
        self.change(settings)

    def change(self, settings: Settings) -> None:
        self.apply(settings)
        self.screens.notify_saved(self.screens.store.change(settings))

    def _step_window(self, by: int) -> None:
        app = self.screens.app
        if app.fullscreen:
            app.notify("full screen: F11 goes back to a window first", kind="refused")
            return
        now = app.screen.get_size()
        sizes = list(WINDOW_SIZES)
        bigger = [s for s in sizes if s[0] * s[1] > now[0] * now[1]]
        smaller = [s for s in sizes if s[0] * s[1] < now[0] * now[1]]
        target = (bigger[0] if bigger else sizes[0]) if by > 0 else (
            smaller[-1] if smaller else sizes[-1])
        app.resize((max(target[0], MIN_SIZE[0]), max(target[1], MIN_SIZE[1])))

    def apply(self, settings: Settings) -> None:
        """Put ``settings`` in force in the running app."""
        app = self.screens.app
        app.sound.level = settings.volume / 100
        if app.sound.muted != settings.muted:
            app.sound.toggle_mute()
        animation.set_speed(settings.animation_factor)
        app.computer_speed = settings.computer_speed
        palette.set_colour_blind(settings.colour_blind)

    # -- layout --------------------------------------------------------------------------

    def panel(self, area: pygame.Rect) -> pygame.Rect:
        width = min(area.width - 16, 620)
        height = min(area.height - 12, 470)
        rect = pygame.Rect(0, 0, width, height)
        rect.center = area.center
        return rect

    @staticmethod
    def header_px(panel: pygame.Rect) -> int:
        return 60 if panel.height >= 360 else 44

    def row_height(self, panel: pygame.Rect) -> int:
        """Each row's share of the panel between its title and its foot (Done, the hints)."""
        room = panel.height - self.header_px(panel) - (70 if panel.height >= 360 else 56)
        return max(24, min(48, room // len(ROWS)))

    def buttons(self, area: pygame.Rect) -> tuple[dict[str, pygame.Rect], pygame.Rect]:
        """Each row's value button and the Done button."""
        panel = self.panel(area)
        row = self.row_height(panel)
        top = panel.top + self.header_px(panel)
        width = min(220, panel.width // 2 - 20)
        gap = 8 if row >= 36 else 4
        rects = {
            name: pygame.Rect(panel.right - 20 - width, top + i * row, width, row - gap)
            for i, name in enumerate(ROWS)
        }
        done = pygame.Rect(0, 0, 120, min(40, row))
        done.bottomright = (panel.right - 20, panel.bottom - 12)
        return rects, done

    def area(self) -> pygame.Rect:
        app = self.screens.app
        if app.game is None:
            return pygame.Rect(0, 0, *app.screen.get_size()).inflate(-8, -8)
        return app.play_rect

    # -- input ---------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Every event while the screen is open is its own (nothing reaches the game)."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            rects, done = self.buttons(self.area())
            if done.collidepoint(event.pos):
                self.screens.open(None)
            for index, (name, rect) in enumerate(rects.items()):
                if rect.collidepoint(event.pos):
                    self.chosen = index
                    self.step(name, 1 if event.button == 1 else -1)
        elif event.type == pygame.KEYDOWN:
            key = event.key
            if key in (pygame.K_ESCAPE, pygame.K_o):
                self.screens.open(None)
            elif key == pygame.K_UP:
                self.chosen = (self.chosen - 1) % len(ROWS)
            elif key == pygame.K_DOWN:
                self.chosen = (self.chosen + 1) % len(ROWS)
            elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_SPACE):
                self.step(ROWS[self.chosen], -1 if key == pygame.K_LEFT else 1)
            elif key == pygame.K_F11:
                return False  # full screen stays the app's everywhere
        elif event.type in (pygame.QUIT, pygame.VIDEORESIZE) or event.type not in (
            pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.KEYUP, pygame.MOUSEWHEEL,
        ):
            return False  # closing and resizing the window stay the app's
        return True

    def frame_key(self) -> tuple[object, ...]:
        return (self.chosen, self.settings, self.screens.store.problem)

    # -- drawing -------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, renderer: Renderer, area: pygame.Rect) -> None:
        panel = self.panel(area)
        renderer.panel(surface, panel, alpha=255)
        small = panel.height < 360
        renderer.text(surface, "Settings", (panel.left + 20, panel.top + 12),
                      size=22 if small else 28, bold=True, serif=True, colour=ACCENT)
        rects, done = self.buttons(area)
        mouse = pygame.mouse.get_pos()
        label_size = 14 if small else 17
        for index, (name, rect) in enumerate(rects.items()):
            chosen = index == self.chosen
            label = renderer.ellipsize(ROW_LABELS[name], rect.left - panel.left - 36, label_size)
            renderer.text(surface, label, (panel.left + 20, rect.centery), size=label_size,
                          colour=ACCENT if chosen else INK, bold=chosen, anchor="midleft")
            renderer.button(surface, rect, self.value_text(name),
                            hot=chosen or rect.collidepoint(mouse))
        renderer.button(surface, done, "Done", hot=done.collidepoint(mouse))
        problem = self.screens.store.problem
        foot = (
            "not saved: the settings file could not be read"
            if problem
            else f"kept in {home_relative(self.screens.store.path)}"
        )
        room = done.left - panel.left - 30
        hints = (  # the first that fits
            "click: next value · right click: back · ↑ ↓ ← → · O or Esc closes",
            "click: next · right click: back · Esc closes",
            "Esc closes",
        )
        hint = next((h for h in hints if renderer.font(13).size(h)[0] <= room), hints[-1])
        for n, (line, colour) in enumerate(((hint, INK_DIM), (foot, REFUSED if problem
                                                               else INK_DIM))):
            renderer.text(
                surface,
                renderer.ellipsize(line, room, 13),
                (panel.left + 20, done.centery - 9 + n * 18),
                size=13,
                colour=colour,
                anchor="midleft",
            )
