"""The winner panel: who won and why, the game's numbers, and Rematch / Swap seats / Menu.

Shown by :mod:`games.ui.screens` once a game is over, in an opaque strip on the right of the
play area (the board is drawn beside it, so the winning move stays in sight). A window
narrower than :data:`BANNER_BELOW_WIDTH` (480×360) would give the board a third less width for
it: there the panel is an opaque one-line banner over the play area's foot, the headline and
the three buttons. Every game gets
it; a view that paints its own end screen (Animal upon Animal's tower taken down in order)
keeps painting it on the board beside the panel.

- The numbers come from the game's :class:`~games.core.protocol.Outcome` details (turns, coins,
  tower height, dots left, lives...: :data:`NUMBER_LABELS` says which, in words) and the
  time played, counted here while the game ran (overlays stop it, as they stop the game).
- Why it ended: the view's ``end_reason()`` where it has one (Wallamoppi's "The tower fell:
  Light touched a disk last"), else the outcome's reason.
- *Rematch* starts the same game with the same seats and options (as F5); *Swap seats*
  starts it with the seats rotated by one (a human and a computer change places; a
  per-seat list of computer strengths turns with them); *Menu* leaves the game (as Esc).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from games.core.protocol import Outcome, SeatKind
from games.core.words import display_name, sentence, wins
from games.ui.canvas import PLAYER_COLOURS, TAG_COLOURS, shade
from games.ui.render import ACCENT, INK, INK_DIM, PANEL, Renderer

if TYPE_CHECKING:  # pragma: no cover
    from games.ui.shell import GameRun, ScreensPart

# Outcome detail -> its words on the panel, in the order shown; other details are not shown.
NUMBER_LABELS: dict[str, str] = {
    "turns": "Turns",
    "tower_height": "Tower height",
    "animals_drawn": "Animals drawn",
    "crocodiles": "Crocodiles",
    "coins": "Coins",
    "bank": "Coins in the bank",
    "coins_taken": "Coins taken",
    "walls_placed": "Walls placed",
    "stomps": "Sent home",
    "dots_left": "Dots left",
    "lives_left": "Lives left",
    "catches": "Catches",
    "sent_to_cage": "Sent to the cage",
    "fall": "How it fell",
}
BUTTONS = ("Rematch", "Swap seats", "Menu")
BANNER_BELOW_WIDTH = 720  # px: a narrower window gets the banner, not the side strip
BANNER_PX = 44  # the banner's height
BANNER_BUTTONS = {"Rematch": 84, "Swap seats": 100, "Menu": 62}  # widths, px (15 px type)


def game_numbers(outcome: Outcome, seconds: float) -> list[tuple[str, str]]:
    """(label, value) rows for the panel: the outcome's numbers, then the time played (a
    small window shows as many rows as fit, the first first)."""
    details = outcome.details
    rows = [(label, _value(details[key])) for key, label in NUMBER_LABELS.items()
            if key in details]
    minutes, secs = divmod(round(seconds), 60)
    return [*rows, ("Time", f"{minutes}:{secs:02d}")]


def _value(value: Any) -> str:
    if isinstance(value, Mapping):
        return ", ".join(f"{display_name(str(name))} {count}" for name, count in value.items())
    return str(value)


def headline(outcome: Outcome) -> str:
    if not outcome.winner:
        return "Game over"
    names = [name.strip() for name in outcome.winner.split(",")]
    if len(names) > 1:
        return " and ".join(display_name(name) for name in names) + " win"
    return wins(names[0])  # games/core/words.py: "Red wins", "Monsters win"


def swapped(
    seats: Sequence[SeatKind], options: Mapping[str, Any]
) -> tuple[tuple[SeatKind, ...], dict[str, Any]]:
    """The seats rotated by one (the first seat's player sits last), per-seat options alike."""
    turned = tuple(seats[1:]) + tuple(seats[:1])
    new_options = dict(options)
    for key, value in options.items():
        if isinstance(value, list) and len(value) == len(seats):
            new_options[key] = value[1:] + value[:1]
    return turned, new_options


class WinnerPanel:
    """The panel's clock (time played), its layout, drawing and buttons."""

    def __init__(self, screens: ScreensPart) -> None:
        self.screens = screens
        self.seconds = 0.0

    def started(self, game: GameRun) -> None:
        self.seconds = 0.0

    def tick(self, game: GameRun, seconds: float) -> None:
        if game.session.outcome is None:
            self.seconds += seconds

    @staticmethod
    def width(window_width: int) -> int:
        """The strip's width right of the play area; 0 in a window too narrow for one (the
        panel is then a banner over the play area's foot: :meth:`banner`)."""
        if window_width < BANNER_BELOW_WIDTH:
            return 0
        return max(170, min(320, round(window_width * 0.26)))

    def banner(self) -> bool:
        """A narrow window (under :data:`BANNER_BELOW_WIDTH`): a side strip would squeeze the
        board to a third of the window's width, so the panel is one opaque line over the
        play area's foot, the headline and the three buttons (the numbers left out)."""
        return self.screens.app.screen.get_width() < BANNER_BELOW_WIDTH

    def rect(self) -> pygame.Rect:
        """The panel: the strip right of the play area, between the title and status bars
        (a narrow window: the banner over the play area's foot)."""
        app = self.screens.app
        play = app.play_rect
        if self.banner():
            return pygame.Rect(play.left, play.bottom - BANNER_PX, play.width, BANNER_PX)
        return pygame.Rect(play.right, play.top, app.screen.get_width() - play.right, play.height)

    def buttons(self) -> dict[str, pygame.Rect]:
        """Each button's rectangle, stacked at the panel's foot (a banner: in a row, right)."""
        panel = self.rect()
        if self.banner():
            rects = {}
            right = panel.right - 8
            for label in reversed(BUTTONS):
                rect = pygame.Rect(0, 0, BANNER_BUTTONS[label], BANNER_PX - 14)
                rect.midright = (right, panel.centery)
                rects[label] = rect
                right = rect.left - 6
            return {label: rects[label] for label in BUTTONS}
        height = 40 if panel.height >= 420 else 30
        gap = 10 if panel.height >= 420 else 6
        rects = {}
        y = panel.bottom - 14 - len(BUTTONS) * (height + gap) + gap
        for label in BUTTONS:
            rects[label] = pygame.Rect(panel.left + 14, y, panel.width - 28, height)
            y += height + gap
        return rects

    def handle_event(self, event: pygame.event.Event) -> bool:
        app = self.screens.app
        game = app.game
        if game is None or game.replay or game.session.outcome is None:
            return False
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False
        for label, rect in self.buttons().items():
            if rect.collidepoint(event.pos):
                self.press(label)
                return True
        return self.rect().collidepoint(event.pos)  # the panel itself is not the board's

    def press(self, label: str) -> None:
        app = self.screens.app
        game = app.game
        if game is None:
            return
        if label == "Rematch":
            app.start_game(game.spec, game.seats, game.options)
        elif label == "Swap seats":
            seats, options = swapped(game.seats, game.options)
            app.start_game(game.spec, seats, options)
        else:
            app.leave_game()

    def draw(
        self, surface: pygame.Surface, renderer: Renderer, game: GameRun, outcome: Outcome
    ) -> None:
        if self.banner():
            self._draw_banner(surface, renderer, outcome)
            return
        panel = self.rect()
        surface.fill(PANEL, panel)
        pygame.draw.line(surface, ACCENT, panel.topleft, panel.bottomleft, 2)
        buttons = self.buttons()
        small = panel.height < 420
        room = panel.width - 28
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(panel.left, panel.top, panel.width,
                                     min(b.top for b in buttons.values()) - 8 - panel.top))
        x, y = panel.left + 14, panel.top + 12
        y = _draw_confetti(surface, panel, outcome) + 4
        title_size = 22 if small else 30
        for line in renderer.wrap(headline(outcome), room, title_size, bold=True)[:2]:
            rect = renderer.text(surface, line, (x, y), size=title_size, bold=True, serif=True,
                                 colour=ACCENT)
            y = rect.bottom + 2
        text_size = 14 if small else 17
        for line in renderer.wrap(reason(game, outcome), room, text_size)[:4]:
            rect = renderer.text(surface, line, (x, y + 4), size=text_size, colour=INK)
            y = rect.bottom
        y += 10 if small else 18
        row = 18 if small else 24
        bottom = min(b.top for b in buttons.values()) - 8
        for label, value in game_numbers(outcome, self.seconds):
            lines = renderer.wrap(value, room - room // 2, text_size - 1, bold=True)[:3]
            if y + row * len(lines) > bottom:
                break  # a row shown whole or not at all (the most telling come first)
            renderer.text(surface, label, (x, y), size=text_size - 1, colour=INK_DIM)
            for line in lines:
                renderer.text(surface, line, (panel.right - 14, y), size=text_size - 1,
                              bold=True, colour=INK, anchor="topright")
                y += row
        surface.set_clip(clip)
        mouse = pygame.mouse.get_pos()
        for label, rect in buttons.items():
            renderer.button(surface, rect, label, hot=rect.collidepoint(mouse))


    def _draw_banner(self, surface: pygame.Surface, renderer: Renderer, outcome: Outcome) -> None:
        """The narrow window's panel: an opaque line, the headline (smaller type before a
        cut) left of the buttons."""
        panel = self.rect()
        surface.fill(PANEL, panel)
        pygame.draw.line(surface, ACCENT, panel.topleft, panel.topright, 2)
        buttons = self.buttons()
        room = min(b.left for b in buttons.values()) - panel.left - 20
        words = headline(outcome)
        size = 18
        while size > 13 and renderer.font(size, bold=True).size(words)[0] > room:
            size -= 1
        renderer.text(surface, renderer.ellipsize(words, room, size, bold=True),
                      (panel.left + 10, panel.centery), size=size, bold=True, colour=ACCENT,
                      anchor="midleft")
        mouse = pygame.mouse.get_pos()
        for label, rect in buttons.items():
            renderer.button(surface, rect, label, hot=rect.collidepoint(mouse), text_size=15)


CONFETTI_PIECES = 26


def _draw_confetti(surface: pygame.Surface, panel: pygame.Rect, outcome: Outcome) -> int:
    """A band of paper confetti across the panel's top, in the winner's colour (when it is
    a colour) and the table's others; the same pattern every frame. Returns its bottom."""
    band = pygame.Rect(panel.left + 6, panel.top + 6, panel.width - 12,
                       18 if panel.height < 420 else 30)
    winner = TAG_COLOURS.get((outcome.winner or "").split(",")[0].strip().lower())
    colours = [winner] * 3 if winner else []
    colours += [ACCENT, *PLAYER_COLOURS]
    chooser = random.Random(f"{outcome.winner}:{outcome.reason}")
    for _ in range(CONFETTI_PIECES):
        colour = chooser.choice(colours)
        size = chooser.randint(4, 8)
        x = band.left + chooser.randrange(max(band.width - size, 1))
        y = band.top + chooser.randrange(max(band.height - size, 1))
        slant = chooser.randint(-3, 3)
        points = [(x, y + slant), (x + size, y), (x + size, y + size // 2 - slant),
                  (x, y + size // 2)]
        pygame.draw.polygon(surface, colour, points)
        pygame.draw.polygon(surface, shade(colour, 0.6), points, width=1)
    return band.bottom


def reason(game: GameRun, outcome: Outcome) -> str:
    """Why the game ended: the view's own words (``end_reason()``) where it has them."""
    words = getattr(game.view, "end_reason", None)
    return sentence(words() if callable(words) else outcome.reason)
