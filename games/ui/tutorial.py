"""The first game that teaches: a guided first turn, card by card, over the real board.

The steps are data (:mod:`games.ui.tutorial_steps`, one small table per game). Each game's first
run in the window (no record of it in the player's settings, ``[tutorial] seen``) is started
with the table's first-run options (Wallamoppi's practice turn: :meth:`Tutorial.session_options`,
which the app asks when it sets a session up) and opens the tutorial as the open overlay
(:mod:`games.ui.screens`); the game is recorded as seen at once, so it is offered once.
*Skip* (or Esc) closes it; T (listed in the help) starts it again, without the steps that need
a first-run option the game was not started with. Rematch and Swap seats start a game with
the seats and options the player chose, so a practice turn is never repeated by them.

A card sits at the top or foot of the play area, away from what it points at, and outlines
that part of the window (the dice games' panel with the die, their board, a physics game's
table or Wallamoppi's marble box). A step that waits for *Next* stops the game under it; a
step that waits for the player's action lets the game run and moves on once the session has
accepted that input (or reached the phase the step names).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import pygame

from games.core.protocol import SeatKind
from games.ui.render import ACCENT, INK, INK_DIM, Renderer
from games.ui.tutorial_steps import FIRST_RUN_OPTIONS, Step, state_reads, steps_for

if TYPE_CHECKING:  # pragma: no cover
    from games.ui.shell import GameRun, ScreensPart

CARD_MAX_WIDTH = 560
SHORT_BUTTON = (72, 24)  # a short card's Skip and Next, on its title line


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    """The area two rectangles share, px²."""
    both = a.clip(b)
    return both.width * both.height


class Tutorial:
    """The running tutorial: its game's steps, the step shown and where that step began."""

    def __init__(self, screens: ScreensPart) -> None:
        self.screens = screens
        self.steps: tuple[Step, ...] = ()
        self.index = 0
        self._inputs_at = 0  # the session's recorded inputs when the step began
        self.clock = 0.0

    @property
    def step(self) -> Step | None:
        return self.steps[self.index] if self.index < len(self.steps) else None

    def first_run(self, game_id: str) -> bool:
        """True if ``game_id`` has a guided turn not yet offered to this player."""
        return bool(steps_for(game_id)) and (
            game_id not in self.screens.store.settings.tutorials_seen
        )

    def session_options(self, game_id: str, options: Mapping[str, Any]) -> dict[str, Any]:
        """The options to start a session with: a first run's guided game adds its own
        (:data:`games.ui.tutorial_steps.FIRST_RUN_OPTIONS`: Wallamoppi's practice turn)."""
        if not self.first_run(game_id):
            return dict(options)
        return {**options, **FIRST_RUN_OPTIONS.get(game_id, {})}

    def entered(self, game: GameRun) -> None:
        """A game was put on the table: its first run offers the tutorial."""
        store = self.screens.store
        if game.replay or not self.first_run(game.spec.id):
            return
        if SeatKind.HUMAN not in game.seats:
            return  # computers only: nobody to guide (offered when a person plays it)
        self.screens.notify_saved(store.change(store.settings.with_seen(game.spec.id)))
        self.begin(game)

    def begin(self, game: GameRun) -> None:
        """Show the tutorial of ``game`` from its first step (T, or a first run)."""
        self.steps = steps_for(game.spec.id, game.session.setup.options)
        if not self.steps:
            self.screens.app.notify(f"{game.spec.title} has no guided turn", kind="refused")
            return
        self._go(game, 0)
        self.screens.open("tutorial")

    def _go(self, game: GameRun, index: int) -> None:
        self.index = index
        self._inputs_at = len(game.session.recorded)
        if index >= len(self.steps):
            self.screens.open(None)

    def lets_play(self) -> bool:
        step = self.step
        return step is not None and step.lets_play

    def update(self, game: GameRun) -> None:
        """Move on once the player did what the step asked."""
        step = self.step
        if step is None or not step.wait_for:
            return
        if self._done(game, step):
            self._go(game, self.index + 1)

    def _done(self, game: GameRun, step: Step) -> bool:
        session = game.session
        if any(state_reads(session, wanted) for wanted in step.wait_for
               if wanted.startswith("state:")):
            return True
        new = session.recorded[self._inputs_at:]
        return any(event.action in step.wait_for for event in new)

    # -- input ---------------------------------------------------------------------------

    def buttons(self) -> tuple[pygame.Rect, pygame.Rect | None]:
        """(Skip, Next) on the card; Next only on a step that waits for it. A short card
        (:meth:`short`) has them on its title line; a narrow card, narrower buttons."""
        card = self.card_rect()
        step = self.step
        both = step is not None and not step.lets_play
        if self.short():
            skip = pygame.Rect(0, 0, SHORT_BUTTON[0], SHORT_BUTTON[1])
            skip.topright = (card.right - 10, card.top + 6)
        else:
            width = min(96, (card.width - 34) // 2) if both else 96
            skip = pygame.Rect(0, 0, width, 30)
            skip.bottomright = (card.right - 12, card.bottom - 10)
        if not both:
            return skip, None
        next_ = skip.copy()
        next_.right = skip.left - 10
        return skip, next_

    def short(self) -> bool:
        """A small window's card (a play area under 420 px tall, the card wide enough for a
        title and the buttons on one line): its buttons on the title line, not on a row of
        their own, so it covers less."""
        return self._short_title() is not None

    def _short_title(self) -> str | None:
        """The title a short card has room for beside its buttons (the whole one, else
        "Step 1 of 3"); None: not a short card."""
        if self.screens.app.play_rect.height >= 420:
            return None
        step = self.step
        buttons = SHORT_BUTTON[0] * (2 if step is not None and not step.lets_play else 1) + 10
        font = self.screens.app.renderer.font(13, bold=True)
        count = f"{self.index + 1} of {len(self.steps)}"
        for title in (f"Guided first turn · {count}", f"Step {count}"):
            if self._card_width() >= 14 + font.size(title)[0] + 12 + buttons + 10:
                return title
        return None

    def title(self) -> str:
        """The card's first line: which step of how many."""
        return self._short_title() or f"Guided first turn · {self.index + 1} of {len(self.steps)}"

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Clicks on the card's buttons, Enter for Next; True if the event was the card's."""
        game = self.screens.app.game
        if game is None:
            return False
        skip, next_ = self.buttons()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if skip.collidepoint(event.pos):
                self.screens.open(None)
                return True
            if next_ is not None and next_.collidepoint(event.pos):
                self._go(game, self.index + 1)
                return True
            return self.card_rect().collidepoint(event.pos)
        enter = event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
        if enter and next_ is not None:
            self._go(game, self.index + 1)
            return True
        return False

    # -- layout and drawing --------------------------------------------------------------

    def target_rect(self, game: GameRun) -> pygame.Rect:
        """The part of the window the step points at (the play area if the view cannot say)."""
        step = self.step
        view = game.view
        play = self.screens.app.play_rect
        name = step.point_at if step else "play"
        areas = getattr(view, "areas", None)
        if name in ("board", "panel") and areas is not None:
            board, panel = areas()
            return pygame.Rect(board if name == "board" else panel)
        finder = getattr(view, f"{name}_rect", None)
        if callable(finder):
            return pygame.Rect(finder())
        return play

    def text_size(self) -> int:
        return 14 if self.screens.app.play_rect.height < 420 else 17

    def _columns(self) -> tuple[int, int, pygame.Rect]:
        """The card's left and right bounds and the target it keeps away from."""
        app = self.screens.app
        play = app.play_rect
        game = app.game
        target = self.target_rect(game) if game else play
        left, right = play.left + 10, play.right - 10
        if target.width < play.width * 0.6:  # a side panel: the card over the board beside it
            if target.centerx > play.centerx:
                right = target.left - 10
            else:
                left = target.right + 10
        return left, right, target

    def _card_width(self) -> int:
        left, right, _ = self._columns()
        return min(right - left, CARD_MAX_WIDTH)

    def card_rect(self) -> pygame.Rect:
        """The card: away from what the step points at (beside a side panel, else at the
        foot of the play area, or its top when the target is low), as tall as its words.
        Over a physics table (the whole play area its target) it goes where it covers fewer
        of the pieces (the view's ``busy_rect``): in a small window, the top rather than the
        pieces on the table."""
        app = self.screens.app
        play = app.play_rect
        left, right, target = self._columns()
        width = min(right - left, CARD_MAX_WIDTH)
        size = self.text_size()
        lines = app.renderer.wrap(self.step.text if self.step else "", width - 28, size)
        foot = 10 if self.short() else 48  # a short card's buttons are on its title line
        height = min(34 + len(lines) * (size + 5) + foot, play.height - 10)
        rect = pygame.Rect(0, 0, width, height)
        rect.centerx = (left + right) // 2
        whole = target.width >= play.width * 0.6
        if whole and target.centery > play.centery + play.height // 6:
            rect.top = play.top + 8
        else:
            rect.bottom = play.bottom - 8
        busy = getattr(app.game.view, "busy_rect", None) if app.game is not None else None
        if whole and callable(busy) and (pieces := busy()) is not None:
            other = rect.copy()
            if rect.bottom == play.bottom - 8:
                other.top = play.top + 8
            else:
                other.bottom = play.bottom - 8
            if _overlap(other, pieces) < _overlap(rect, pieces):
                rect = other
        return rect

    def draw(self, surface: pygame.Surface, renderer: Renderer, game: GameRun) -> None:
        step = self.step
        if step is None:
            return
        self.clock += 1 / 60
        target = self.target_rect(game)
        glow = 0.5 + 0.5 * math.sin(self.clock * 4.0)
        colour = tuple(round(c * (0.6 + 0.4 * glow)) for c in ACCENT)
        if target != self.screens.app.play_rect:
            pygame.draw.rect(surface, colour, target.inflate(-4, -4), width=3, border_radius=10)
        card = self.card_rect()
        renderer.panel(surface, card, alpha=250)
        pygame.draw.rect(surface, ACCENT, card, width=2, border_radius=12)
        size = self.text_size()
        renderer.text(surface, self.title(),
                      (card.left + 14, card.top + 10), size=13, bold=True, colour=ACCENT)
        y = card.top + (38 if self.short() else 34)
        for line in renderer.wrap(step.text, card.width - 28, size):
            renderer.text(surface, line, (card.left + 14, y), size=size, colour=INK)
            y += size + 5
        skip, next_ = self.buttons()
        mouse = pygame.mouse.get_pos()
        renderer.button(surface, skip, "Skip", hot=skip.collidepoint(mouse))
        if next_ is not None:
            renderer.button(surface, next_, "Next", hot=next_.collidepoint(mouse))
        elif not self.short():
            hint = renderer.ellipsize("your move, on the board",
                                      skip.left - card.left - 24, 13)
            renderer.text(surface, hint, (card.left + 14, skip.centery), size=13,
                          colour=INK_DIM, anchor="midleft")
