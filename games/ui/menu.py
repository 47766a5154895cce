"""The menu: the built games from the registry, seat set-up for the chosen one, and Start.

Games not built yet are not listed (``games.registry.available()``), nor games whose window
view module does not exist yet (headless-only so far); a game whose module fails to import is
left out with a one-line notice instead of breaking the menu. Clicking a game's
card selects it; clicking it again, double-clicking, Enter or the Start button starts it. The
seat panel offers the number of players (when the game allows more than ``min_seats``) and
human/computer per seat; the first seat starts human, the others computer. For a game whose
computer plays by hand (``games.skill.DEXTERITY_GAMES``) it also offers the computer's hand:
careful / steady / shaky, the same words as ``--skill`` on the command line (games/skill.py).
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from games import registry
from games.protocol import GameSpec, SeatKind
from games.skill import DEFAULT_SKILL_NAME, DEXTERITY_GAMES, next_skill
from games.ui.render import ACCENT, INK_DIM, MATERIAL_COLOURS, Renderer, shade

if TYPE_CHECKING:  # pragma: no cover
    from games.ui.app import App

CARD_HEIGHT = 84
CARD_GAP = 12
DOUBLE_CLICK_MS = 400


@dataclass
class SeatChoice:
    """The set-up of one game: how many seats and who sits in each."""

    spec: GameSpec
    count: int = 0
    kinds: list[SeatKind] = field(default_factory=list)
    skill: str = DEFAULT_SKILL_NAME  # the computer's hand (dexterity games only)

    def __post_init__(self) -> None:
        self.count = self.count or self.spec.min_seats
        if not self.kinds:
            self.kinds = [SeatKind.HUMAN] + [SeatKind.COMPUTER] * (len(self.spec.seat_names) - 1)

    @property
    def max_seats(self) -> int:
        return len(self.spec.seat_names)

    def seats(self) -> tuple[SeatKind, ...]:
        return tuple(self.kinds[: self.count])

    @property
    def has_skill(self) -> bool:
        return self.spec.id in DEXTERITY_GAMES

    def options(self) -> dict[str, str]:
        """The session options the choice sets: the computer's hand, where it has one."""
        return {"skill": self.skill} if self.has_skill else {}

    def cycle_skill(self) -> None:
        self.skill = next_skill(self.skill)

    def toggle(self, index: int) -> None:
        kind = self.kinds[index]
        self.kinds[index] = SeatKind.COMPUTER if kind is SeatKind.HUMAN else SeatKind.HUMAN

    def change_count(self, by: int) -> None:
        self.count = min(max(self.count + by, self.spec.min_seats), self.max_seats)


@dataclass
class _Layout:
    cards: list[pygame.Rect]
    panel: pygame.Rect
    seat_buttons: list[pygame.Rect]
    fewer: pygame.Rect | None
    more: pygame.Rect | None
    start: pygame.Rect
    skill: pygame.Rect | None = None


class Menu:
    """The start screen. ``app.start_game(spec, seats)`` is called when the player starts."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.specs: list[GameSpec] = []
        for game_id in registry.available():
            try:
                spec = registry.load(game_id)
                playable = importlib.util.find_spec(spec.view_module) is not None
            except Exception as error:  # a broken game must not take the menu down
                app.notify(f"{game_id} could not be loaded: {error}", kind="error")
                continue
            if playable:
                self.specs.append(spec)
        self.choices = {spec.id: SeatChoice(spec) for spec in self.specs}
        self.selected = 0
        self.mouse: tuple[int, int] = (0, 0)
        self._last_click = (-1, -DOUBLE_CLICK_MS)

    @property
    def spec(self) -> GameSpec | None:
        return self.specs[self.selected] if self.specs else None

    def choice(self) -> SeatChoice | None:
        spec = self.spec
        return self.choices[spec.id] if spec else None

    def select(self, game_id: str) -> None:
        for index, spec in enumerate(self.specs):
            if spec.id == game_id:
                self.selected = index

    # -- layout --------------------------------------------------------------------------

    def layout(self) -> _Layout:
        width, height = self.app.screen.get_size()
        top = 150
        column = min(520, max(width // 2 - 60, 280))
        left = max((width - column - 40 - min(460, width - column - 120)) // 2, 20)
        cards = [
            pygame.Rect(left, top + i * (CARD_HEIGHT + CARD_GAP), column, CARD_HEIGHT)
            for i in range(len(self.specs))
        ]
        panel = pygame.Rect(
            left + column + 40,
            top,
            max(min(460, width - column - 120), 240),
            max(height - top - 80, 240),
        )
        choice = self.choice()
        seat_buttons: list[pygame.Rect] = []
        fewer = more = None
        y = panel.top + 70
        if choice is not None:
            if choice.max_seats > choice.spec.min_seats:
                fewer = pygame.Rect(panel.left + 150, y, 36, 32)
                more = pygame.Rect(panel.left + 230, y, 36, 32)
                y += 50
            for index in range(choice.count):
                seat_buttons.append(pygame.Rect(panel.left + 170, y + index * 44, 150, 34))
        skill = None
        if choice is not None and choice.has_skill:
            skill = pygame.Rect(panel.left + 170, y + choice.count * 44, 150, 34)
        start = pygame.Rect(0, 0, 200, 52)
        start.midbottom = (panel.centerx, panel.bottom - 24)
        below_seats = (
            skill.bottom if skill else seat_buttons[-1].bottom if seat_buttons else y
        ) + 16
        if start.top < below_seats:
            # A short window: Start moves up beside the game's title, clear of the seats.
            start = pygame.Rect(0, 0, 140, 44)
            start.topright = (panel.right - 20, panel.top + 14)
            panel.height = max(panel.height, below_seats - panel.top)
        return _Layout(cards, panel, seat_buttons, fewer, more, start, skill)

    def entry_rect(self, game_id: str) -> pygame.Rect:
        """Where a game's card is on screen (tests click it)."""
        index = [spec.id for spec in self.specs].index(game_id)
        return self.layout().cards[index]

    def start_rect(self) -> pygame.Rect:
        return self.layout().start

    def skill_rect(self) -> pygame.Rect | None:
        """The computer-hand button of the chosen game, if it has one (tests click it)."""
        return self.layout().skill

    # -- input ---------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            self._click(event.pos)
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_w) and self.specs:
                self.selected = (self.selected - 1) % len(self.specs)
            elif event.key in (pygame.K_DOWN, pygame.K_s) and self.specs:
                self.selected = (self.selected + 1) % len(self.specs)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()

    def _click(self, pos: tuple[int, int]) -> None:
        layout = self.layout()
        for index, card in enumerate(layout.cards):
            if card.collidepoint(pos):
                now = pygame.time.get_ticks()
                again = index == self.selected and self._last_click[0] == index
                quick = now - self._last_click[1] < DOUBLE_CLICK_MS
                self._last_click = (index, now)
                self.selected = index
                if again and quick:
                    self.start()
                return
        choice = self.choice()
        if choice is None:
            return
        if layout.fewer and layout.fewer.collidepoint(pos):
            choice.change_count(-1)
        elif layout.more and layout.more.collidepoint(pos):
            choice.change_count(+1)
        elif layout.start.collidepoint(pos):
            self.start()
        elif layout.skill and layout.skill.collidepoint(pos):
            choice.cycle_skill()
        else:
            for index, button in enumerate(layout.seat_buttons):
                if button.collidepoint(pos):
                    choice.toggle(index)

    def frame_key(self) -> tuple[object, ...]:
        """Everything the menu's picture depends on: while it is unchanged, so is the picture."""
        choices = tuple((key, c.count, tuple(c.kinds)) for key, c in self.choices.items())
        return (self.selected, self.mouse, choices, len(self.specs))

    def start(self) -> None:
        choice = self.choice()
        if choice is not None:
            self.app.start_game(choice.spec, choice.seats(), choice.options())

    # -- drawing -------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, renderer: Renderer) -> None:
        renderer.background(surface)
        width, _ = surface.get_size()
        renderer.text(
            surface,
            "Wobbletop",
            (width // 2, 36),
            size=56,
            bold=True,
            serif=True,
            colour=ACCENT,
            anchor="midtop",
        )
        renderer.text(
            surface,
            "wooden games on a wobbly table",
            (width // 2, 104),
            size=18,
            colour=INK_DIM,
            anchor="midtop",
        )
        layout = self.layout()
        if not self.specs:
            renderer.text(
                surface, "No games are built yet.", (width // 2, 200), size=22, anchor="midtop"
            )
            return
        for index, (spec, card) in enumerate(zip(self.specs, layout.cards, strict=True)):
            self._draw_card(surface, renderer, spec, card, index == self.selected)
        self._draw_panel(surface, renderer, layout)

    def _draw_card(
        self,
        surface: pygame.Surface,
        renderer: Renderer,
        spec: GameSpec,
        card: pygame.Rect,
        selected: bool,
    ) -> None:
        wood = MATERIAL_COLOURS["wood"]
        hot = card.collidepoint(self.mouse)
        face = shade(wood, 1.12) if selected else shade(wood, 0.92 if not hot else 1.0)
        pygame.draw.rect(surface, (0, 0, 0), card.move(3, 5), border_radius=12)
        pygame.draw.rect(surface, face, card, border_radius=12)
        pygame.draw.rect(
            surface,
            ACCENT if selected else shade(wood, 0.6),
            card,
            width=3 if selected else 2,
            border_radius=12,
        )
        ink = (46, 28, 14)
        renderer.text(
            surface,
            spec.title,
            (card.left + 20, card.top + 12),
            size=24,
            bold=True,
            serif=True,
            colour=ink,
            shadow=False,
        )
        blurb = renderer.ellipsize(spec.blurb, card.width - 40, 15)
        renderer.text(
            surface,
            blurb,
            (card.left + 20, card.top + 50),
            size=15,
            colour=(92, 62, 36),
            shadow=False,
        )
        seats = (
            spec.min_seats
            if spec.min_seats == len(spec.seat_names)
            else f"{spec.min_seats}–{len(spec.seat_names)}"
        )
        kind = "physics" if spec.physics else "board"
        renderer.text(
            surface,
            f"{kind} · {seats} seat{'s' if seats != 1 else ''}",
            (card.right - 16, card.top + 16),
            size=13,
            colour=(110, 74, 42),
            anchor="topright",
            shadow=False,
        )

    def _draw_panel(self, surface: pygame.Surface, renderer: Renderer, layout: _Layout) -> None:
        choice = self.choice()
        assert choice is not None
        panel = layout.panel
        renderer.panel(surface, panel, alpha=190)
        renderer.text(
            surface,
            choice.spec.title,
            (panel.left + 24, panel.top + 20),
            size=26,
            bold=True,
            serif=True,
            colour=ACCENT,
        )
        if layout.fewer and layout.more:
            y = layout.fewer.centery
            renderer.text(surface, "Players", (panel.left + 24, y), size=18, anchor="midleft")
            renderer.button(
                surface,
                layout.fewer,
                "−",
                hot=layout.fewer.collidepoint(self.mouse),
                enabled=choice.count > choice.spec.min_seats,
            )
            renderer.text(
                surface,
                str(choice.count),
                ((layout.fewer.right + layout.more.left) // 2, y),
                size=22,
                bold=True,
                anchor="center",
            )
            renderer.button(
                surface,
                layout.more,
                "+",
                hot=layout.more.collidepoint(self.mouse),
                enabled=choice.count < choice.max_seats,
            )
        for index, button in enumerate(layout.seat_buttons):
            name = choice.spec.seat_names[index]
            renderer.text(
                surface,
                name.capitalize(),
                (panel.left + 24, button.centery),
                size=18,
                anchor="midleft",
            )
            label = "Human" if choice.kinds[index] is SeatKind.HUMAN else "Computer"
            renderer.button(surface, button, label, hot=button.collidepoint(self.mouse))
        if layout.skill is not None:
            renderer.text(
                surface,
                "Computer hand",
                (panel.left + 24, layout.skill.centery),
                size=18,
                anchor="midleft",
            )
            renderer.button(
                surface, layout.skill, choice.skill, hot=layout.skill.collidepoint(self.mouse)
            )
        y = (layout.seat_buttons[-1].bottom if layout.seat_buttons else panel.top + 70) + 24
        if layout.skill is not None:
            y = layout.skill.bottom + 24
        bottom = layout.start.top - 16
        lines = renderer.wrap(choice.spec.help_text, panel.width - 48, 15)
        room = max(int((bottom - y) // 21), 0)
        if len(lines) > room and room > 0:  # the rest is one H away, in the game
            lines = [
                *lines[: room - 1],
                renderer.ellipsize(lines[room - 1] + " …", panel.width - 48, 15),
            ]
        for line in lines[:room]:
            renderer.text(surface, line, (panel.left + 24, y), size=15, colour=INK_DIM)
            y += 21
        renderer.button(surface, layout.start, "Start", hot=layout.start.collidepoint(self.mouse))
        hint = "click a game · Enter starts · Esc quits"
        renderer.text(
            surface,
            hint,
            (surface.get_width() // 2, surface.get_height() - 24),
            size=14,
            colour=INK_DIM,
            anchor="midbottom",
        )
