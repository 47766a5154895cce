"""The screens over and beside a game: one overlay at a time, the winner panel, the settings
screen and the first-game tutorial, for :class:`games.ui.app.App` (``app.screens``).

Overlays and the rule for which wins:

- There are four overlays: *help* (H, F1), *settings* (O; the menu's Settings button),
  *paused* (P, Space) and the *tutorial*'s card. At most one is open at a time.
- The one asked for last wins: opening one closes whichever was open (help over a pause is
  help; closing it plays on). The same key again closes it; Esc closes any.
- *Paused* never opens over a finished game (nothing is left to stop; P and Space then do
  nothing, so a key pressed just as the game ends does not hide the result).
- Nothing opens over the error screen; the error closes every overlay.
- Every overlay stops the whole game: no physics frame, no computer move, no timer, no
  animation runs under it (:meth:`Screens.stops_game`, which the app's clock obeys). The
  tutorial's card is the exception while it waits for the player to act (its step says
  ``act``): then the game runs so the player can do what the card says.
- The winner panel is not an overlay: once a game is over it stands opaque beside the board
  (the play area gives it a strip on the right, :meth:`Screens.side_panel_px`), so the winning
  move stays in sight; an overlay may still open over the game with it.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from games.ui import overlays
from games.ui.render import Renderer
from games.ui.settings import SettingsStore

if TYPE_CHECKING:  # pragma: no cover
    from games.ui.shell import GameRun, Shell

HELP, SETTINGS, PAUSED, TUTORIAL = "help", "settings", "paused", "tutorial"
OVERLAYS = (HELP, SETTINGS, PAUSED, TUTORIAL)
SETTINGS_KEY = pygame.K_o
TUTORIAL_KEY = pygame.K_t
# In the help, on the sound key's row (it stands for the shell's "M" row, so the help needs
# no more rows than before and still fits a small window): O and T.
SCREEN_KEYS: tuple[tuple[str, str], ...] = (
    ("M", "sound · O settings · T guided turn"),
)


class Screens:
    """Which overlay is open, the settings, the winner panel and the tutorial of one app."""

    def __init__(self, app: Shell) -> None:
        from games.ui.settings_screen import SettingsScreen
        from games.ui.tutorial import Tutorial
        from games.ui.winner import WinnerPanel

        self.app = app
        self.overlay: str | None = None
        self.store = SettingsStore.load()
        if self.store.problem:
            print(f"wobbletop: {self.store.problem} (the default settings are used; the file "
                  "is left as it is)", file=sys.stderr)
        self.settings_screen = SettingsScreen(self)
        self.tutorial = Tutorial(self)
        self.winner = WinnerPanel(self)
        self.settings_screen.apply(self.store.settings)

    # -- the overlay rule ----------------------------------------------------------------

    def open(self, name: str | None) -> None:
        """Open overlay ``name`` (None: close the open one), as the module text's rule says."""
        app = self.app
        if name is not None and app.error is not None:
            return
        if name == PAUSED and (app.game is None or app.game.session.outcome is not None):
            return
        self.overlay = name
        app.paused = name == PAUSED
        app.show_help = name == HELP
        if name == HELP:
            app.help_scroll = 0

    def toggle(self, name: str) -> None:
        self.open(None if self.overlay == name else name)

    def stops_game(self) -> bool:
        """True while the game must stand still (an overlay, an error)."""
        if self.app.error is not None:
            return True
        if self.overlay == TUTORIAL:
            return not self.tutorial.lets_play()
        return self.overlay is not None

    def entered(self, game: GameRun) -> None:
        """A game was put on the table: no overlay; its first run offers the tutorial."""
        self.open(None)
        self.winner.started(game)
        self.tutorial.entered(game)

    # -- input ---------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The event if it is the screens' (the open settings or tutorial, the winner panel's
        buttons, the menu's Settings button); False to let the app have it."""
        app = self.app
        if app.error is not None:
            return False
        if self.overlay == SETTINGS:
            return self.settings_screen.handle_event(event)
        if self.overlay == TUTORIAL and self.tutorial.handle_event(event):
            return True
        if app.game is None:
            if self._menu_settings_click(event):
                self.open(SETTINGS)
                return True
            settings_key = event.type == pygame.KEYDOWN and event.key == SETTINGS_KEY
            if settings_key and not app.menu.captures_escape():
                self.open(SETTINGS)
                return True
            return False
        return self.overlay is None and self.winner.handle_event(event)

    def shell_key(self, event: pygame.event.Event) -> bool:
        """A game's shell keys for overlays: P / Space, H / F1, O, T and Esc over an
        overlay, and M (mute, kept in the settings); True if the key was one of them."""
        key = event.key
        if key == pygame.K_ESCAPE and self.overlay is not None:
            self.open(None)
        elif key in (pygame.K_p, pygame.K_SPACE):
            self.toggle(PAUSED)
        elif key in (pygame.K_h, pygame.K_F1):
            self.toggle(HELP)
        elif key == SETTINGS_KEY:
            self.toggle(SETTINGS)
        elif key == TUTORIAL_KEY and self.app.game is not None and not self.app.game.replay:
            self.tutorial.begin(self.app.game)
        elif key == pygame.K_m:
            self.toggle_mute()
        else:
            return False
        return True

    def toggle_mute(self) -> None:
        """M: sound off or on, kept in the settings like the settings screen's own switch."""
        settings = self.store.settings
        self.settings_screen.change(replace(settings, muted=not settings.muted))
        sound = self.app.sound
        if not sound.available:
            self.app.notify("no sound here (no audio device, or [sound] enabled = false)")
        elif self.store.writable:
            self.app.notify("sound off (M turns it on)" if sound.muted else "sound on (M mutes)")

    def _menu_settings_click(self, event: pygame.event.Event) -> bool:
        return (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and (button := self.menu_button()) is not None
            and button.collidepoint(event.pos)
        )

    def menu_button(self) -> pygame.Rect | None:
        """The menu's *Settings…* button, beside *Replays…* at the top left; None in a narrow
        window (O, named in the menu's hint line, opens the settings there) and while the
        menu shows a list or the rules of its own."""
        menu = self.app.menu
        if menu.replays is not None or menu.show_help:
            return None
        if self.app.screen.get_width() < 720:
            return None  # no room beside the centred title: the hint line's "O settings"
        return menu.header_rect(1, 0)  # scaled with the menu in a larger window

    # -- layout and drawing ----------------------------------------------------------------

    def side_panel_px(self) -> int:
        """Pixels the winner panel takes on the right of the play area (0 while playing)."""
        game = self.app.game
        if game is None or game.replay or game.session.outcome is None:
            return 0
        return self.winner.width(self.app.screen.get_width())

    def frame_key(self) -> tuple[object, ...]:
        """What the menu's picture depends on here (the idle menu redraws when it changes)."""
        hover = pygame.mouse.get_pos() if self.overlay == SETTINGS else None  # lit buttons
        return (self.overlay, self.settings_screen.frame_key(), self.store.settings, hover)

    def draw_menu(self, surface: pygame.Surface, renderer: Renderer) -> None:
        """Over the menu: its Settings button, and the settings screen when it is open."""
        button = self.menu_button()
        if button is not None:
            mouse = self.app.menu.mouse
            renderer.button(surface, button, "Settings…", hot=button.collidepoint(mouse),
                            text_size=self.app.menu.header_text())
        if self.overlay == SETTINGS:
            area = pygame.Rect(0, 0, *surface.get_size()).inflate(-8, -8)
            self.settings_screen.draw(surface, renderer, area)

    def draw_game(self, surface: pygame.Surface, renderer: Renderer, game: GameRun) -> None:
        """Over and beside the game: the winner panel, then the one open overlay."""
        app = self.app
        area = app.play_rect
        outcome = game.session.outcome
        if outcome is not None:
            if game.replay:
                if not game.view.draws_outcome:
                    overlays.draw_outcome(surface, renderer, area, outcome)
            else:
                self.winner.draw(surface, renderer, game, outcome)
        if self.overlay == PAUSED:
            overlays.draw_paused(surface, renderer, area)
        elif self.overlay == HELP:
            app.help_scroll_max = overlays.draw_help(
                surface, renderer, area, game.spec, app.help_keys(game), app.help_scroll
            )
            app.help_scroll = min(app.help_scroll, app.help_scroll_max)
        elif self.overlay == SETTINGS:
            self.settings_screen.draw(surface, renderer, area)
        elif self.overlay == TUTORIAL:
            self.tutorial.draw(surface, renderer, game)

    def advance(self, seconds: float) -> None:
        """Once a frame: the winner panel's clock; the tutorial's step moves on when done; an
        error closes whatever overlay was open (its screen is the one shown)."""
        if self.app.error is not None and self.overlay is not None:
            self.open(None)
        game = self.app.game
        if game is not None and not self.stops_game():
            self.winner.tick(game, seconds)
        if game is not None and self.overlay == TUTORIAL:
            self.tutorial.update(game)

    def notify_saved(self, problem: str | None) -> None:
        if problem:
            self.app.notify(problem, kind="error", seconds=6.0)
