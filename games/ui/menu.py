"""The menu: the built games from the registry, seat set-up for the chosen one, and Start.

Games not built yet are not listed (``games.core.registry.available()``), nor games whose window
view module does not exist yet (headless-only so far); a game whose module fails to import is
left out with a one-line notice instead of breaking the menu. Clicking a game's
card selects it; clicking it again, double-clicking, Enter or the Start button starts it. The
seat panel offers the number of players (when the game allows more than ``min_seats``) and
human/computer per seat; the first seat starts human, the others computer. For a game whose
game has computers (``games.core.skill.SKILL_GAMES``) it also offers their strength: easy / normal /
hard, the same words as ``--skill`` on the command line (games/core/skill.py).

The layout follows the window (:class:`MenuSizes`): down to the 480x360 minimum the header,
the cards and the seat panel shrink (cards lose their blurb, then their kind label) so nothing
overlaps or leaves the window, and Start stays whole on screen. The game's rules fill what room
the panel has left; when they do not fit, a "More…" button (or H) opens the game's whole help
over the menu (opaque, scrolled with the wheel or the arrow keys in a small window; H, Esc or
a click closes it). The Resume button (top right, once there is a saved game; R) lists the
saved games and reopens one where it was: :mod:`games.ui.resume_menu`. *Replays…* (top left,
or V) opens the list of saves and scenarios to watch again (games/ui/replay_menu.py) over the
menu; *Network…* beside it (or N) hosts the chosen game or joins a friend's
(games/ui/net_menu.py).
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from games.core import registry
from games.core.protocol import GameSpec, SeatKind
from games.core.skill import DEFAULT_STRENGTH, SKILL_GAMES, next_skill
from games.ui import overlays
from games.ui.render import ACCENT, INK_DIM, MATERIAL_COLOURS, Renderer, shade
from games.ui.resume_menu import ResumePanel

if TYPE_CHECKING:  # pragma: no cover
    from games.ui.net_menu import NetScreen
    from games.ui.replay_menu import ReplayList
    from games.ui.shell import Shell

CARD_HEIGHT = 84
CARD_GAP = 12
DOUBLE_CLICK_MS = 400
HINT_PX = 34  # the key hint line at the window's foot
BASE_SIZE = (1280, 800)  # the window the menu's sizes are for; larger ones scale them up
MAX_SCALE = 2.0


@dataclass(frozen=True)
class MenuSizes:
    """Type sizes and heights (px) of the menu for a window's size."""

    title: int
    title_y: int
    subtitle: int  # 0: no subtitle
    top: int  # where the cards and the panel start
    card: int  # height of a card
    gap: int  # between cards
    row: int  # a seat row
    button: int  # a seat button's height
    scale: float = 1.0  # a window larger than the 1280x800 the menu is drawn for: more

    def px(self, value: float) -> int:
        """``value`` px at the window's :attr:`scale`."""
        return round(value * self.scale)

    @classmethod
    def for_window(cls, width: int, height: int, cards: int) -> MenuSizes:
        """The sizes for a window: the smallest ones in a small window; in a window past
        1280x800 everything grows with it (up to :data:`MAX_SCALE`), never an island."""
        scale = max(1.0, min(width / BASE_SIZE[0], height / BASE_SIZE[1], MAX_SCALE))
        if height >= 700:
            title, title_y, subtitle, top, gap = (
                round(56 * scale), round(36 * scale), round(18 * scale), round(150 * scale),
                round(CARD_GAP * scale),
            )
        elif height >= 440:
            title, title_y, subtitle, top, gap = 38, 12, 15, 86, 8
        else:
            title, title_y, subtitle, top, gap = 30, 6, 0, 50, 6
        room = height - top - HINT_PX
        card = min(round(CARD_HEIGHT * scale), (room - gap * (cards - 1)) // max(cards, 1))
        row, button = (round(44 * scale), round(34 * scale)) if height >= 600 else (36, 30)
        return cls(title, title_y, subtitle, top, card, gap, row, button, scale)


@dataclass
class SeatChoice:
    """The set-up of one game: how many seats and who sits in each."""

    spec: GameSpec
    count: int = 0
    kinds: list[SeatKind] = field(default_factory=list)
    skill: str = DEFAULT_STRENGTH  # the computers' strength (games with computers)
    seat_skills: list[str] | None = None  # one per seat (from --skill easy,hard), until cycled

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
        return self.spec.id in SKILL_GAMES

    def options(self) -> dict[str, object]:
        """The session options the choice sets: the computers' strength, where it has them."""
        if not self.has_skill:
            return {}
        if self.seat_skills is not None and len(self.seat_skills) == self.count:
            return {"skill": list(self.seat_skills)}
        return {"skill": self.skill}

    def set_skill(self, value: object) -> None:
        """The command line's ``--skill``: one word, or a list with one per seat."""
        if isinstance(value, (list, tuple)):
            self.seat_skills = [str(word) for word in value]
        else:
            self.skill, self.seat_skills = str(value), None

    @property
    def skill_label(self) -> str:
        """What the strength button shows: the word, or the computer seats' words in order."""
        if self.seat_skills is not None and len(self.seat_skills) == self.count:
            return "/".join(word for word, kind in zip(self.seat_skills, self.kinds, strict=False)
                            if kind is SeatKind.COMPUTER)
        return self.skill

    def cycle_skill(self) -> None:
        self.skill, self.seat_skills = next_skill(self.skill), None

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
    sizes: MenuSizes
    rules_top: int = 0  # where the rules text may start
    rules: pygame.Rect | None = None  # the "More…" button when the rules do not fit
    skill: pygame.Rect | None = None


class Menu:
    """The start screen. ``app.start_game(spec, seats)`` is called when the player starts."""

    def __init__(self, app: Shell) -> None:
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
        self.show_help = False  # the selected game's whole help over the menu
        self.help_scroll = 0
        self.help_scroll_max = 0
        self.resume = ResumePanel(app)  # the Resume button and its list of saved games
        self.replays: ReplayList | None = None  # the Replays screen, while it is open
        self.network: NetScreen | None = None  # Host and Join (games/ui/net_menu.py), while open

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
        sizes = MenuSizes.for_window(width, height, len(self.specs))
        top = sizes.top
        px = sizes.px
        margin = px(20) if width >= 640 else 12
        column = min(px(520), max(width // 2 - 60, 200))
        panel_width = max(min(px(460), width - column - 3 * margin), 240)
        if column + panel_width + 3 * margin > width:  # the minimum window: share it
            column = width - panel_width - 3 * margin
        left = max((width - column - margin - panel_width) // 2, margin)
        cards = [
            pygame.Rect(left, top + i * (sizes.card + sizes.gap), column, sizes.card)
            for i in range(len(self.specs))
        ]
        panel = pygame.Rect(
            left + column + margin, top, panel_width, max(height - top - HINT_PX, 120)
        )
        choice = self.choice()
        seat_buttons: list[pygame.Rect] = []
        fewer = more = None
        # Start beside the game's title on a short window, at the panel's foot on a tall one.
        tall = height >= 600
        y = panel.top + (px(70) if tall else 56)
        if choice is not None:
            if choice.max_seats > choice.spec.min_seats:
                fewer = pygame.Rect(panel.left + px(110), y, px(36), sizes.button)
                more = pygame.Rect(panel.left + px(190), y, px(36), sizes.button)
                y += sizes.row + 6
            seat_width = min(px(150), panel.width - px(130))
            for index in range(choice.count):
                seat_buttons.append(
                    pygame.Rect(panel.right - 16 - seat_width, y + index * sizes.row,
                                seat_width, sizes.button)
                )
        skill = None
        if choice is not None and choice.has_skill:
            seat_width = min(px(150), panel.width - px(130))
            skill = pygame.Rect(panel.right - 16 - seat_width, y + choice.count * sizes.row,
                                seat_width, sizes.button)
        below_seats = (
            skill.bottom if skill else seat_buttons[-1].bottom if seat_buttons else y
        ) + 16
        start = pygame.Rect(0, 0, px(200), px(52))
        start.midbottom = (panel.centerx, panel.bottom - px(24))
        if not tall or start.top < below_seats:
            start = pygame.Rect(0, 0, 96 if width < 640 else 140, 40)
            start.topright = (panel.right - 14, panel.top + 10)
        layout = _Layout(cards, panel, seat_buttons, fewer, more, start, sizes, below_seats,
                         skill=skill)
        layout.rules = self._rules_button(layout)
        return layout

    def _rules_button(self, layout: _Layout) -> pygame.Rect | None:
        """The "More…" button, if the selected game's rules do not fit the panel."""
        choice = self.choice()
        if choice is None:
            return None
        panel = layout.panel
        bottom = (layout.start.top if layout.start.top > layout.rules_top else panel.bottom) - 12
        px = layout.sizes.px
        lines = self.app.renderer.wrap(choice.spec.help_text, panel.width - 48, px(15))
        if layout.rules_top + len(lines) * px(21) <= bottom:
            return None
        button = pygame.Rect(0, 0, px(110), px(30))
        button.bottomleft = (panel.left + 20, bottom)
        if button.top < layout.rules_top - 8:
            return None  # no room even for the button: H (in the hint line) opens the rules
        return button

    def entry_rect(self, game_id: str) -> pygame.Rect:
        """Where a game's card is on screen (tests click it)."""
        index = [spec.id for spec in self.specs].index(game_id)
        return self.layout().cards[index]

    def start_rect(self) -> pygame.Rect:
        return self.layout().start

    def header_rect(self, column: int, row: int) -> pygame.Rect:
        """A small button of the menu's header (*Replays…*, *Settings…*, *Network…*,
        *Constants…*): 110×32 px at 1280×800, ``column`` and ``row`` of a grid from the top
        left, scaled with the rest of the menu (:meth:`MenuSizes.px`) in a larger window."""
        px = self.layout().sizes.px
        return pygame.Rect(px(12 + column * 120), px(10 + row * 40), px(110), px(32))

    def header_text(self) -> int:
        """The type size of the header's buttons' labels (scaled as :meth:`header_rect`)."""
        return self.layout().sizes.px(18)

    def replays_rect(self) -> pygame.Rect:
        """The *Replays…* button, top left of the header (tests click it)."""
        return self.header_rect(0, 0)

    def network_rect(self) -> pygame.Rect | None:
        """The *Network…* button (host or join a game; tests click it): beside *Replays…* and
        *Settings…* where the title leaves room, else under it where *Constants…* is not,
        else none (N opens the screen in any window)."""
        from games.ui.tune_panel import menu_button_rect

        width, _ = self.app.screen.get_size()
        sizes = self.layout().sizes
        title = self.app.renderer.font(sizes.title, bold=True, serif=True).size("Wobbletop")[0]
        settings = self.app.screens.menu_button()  # Settings… (games/ui/screens.py) comes first
        beside = self.header_rect(1 if settings is None else 2, 0)
        if beside.right + sizes.px(8) <= (width - title) // 2:
            return beside
        below = self.header_rect(0, 1)
        if menu_button_rect(self.app) is None and below.bottom + 4 <= sizes.top:
            return below
        return None

    def open_network(self) -> None:
        from games.ui.net_menu import NetScreen

        self.network = NetScreen(self)

    def open_replays(self) -> None:
        from games.ui.replay_menu import ReplayList

        self.replays = ReplayList(self)

    def skill_rect(self) -> pygame.Rect | None:
        """The computer-hand button of the chosen game, if it has one (tests click it)."""
        return self.layout().skill

    # -- input ---------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.network is not None:
            self.network.handle_event(event)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_n:
            self.open_network()
            return
        if self.replays is not None:
            self.replays.handle_event(event)
            return
        if self.show_help:
            self._help_event(event)
            return
        if self.resume.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_v:
            self.open_replays()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_h, pygame.K_F1):
            self.open_help()
            return
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
        if self.replays_rect().collidepoint(pos):
            self.open_replays()
            return
        network = self.network_rect()
        if network is not None and network.collidepoint(pos):
            self.open_network()
            return
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
        if layout.rules and layout.rules.collidepoint(pos):
            self.open_help()
        elif layout.fewer and layout.fewer.collidepoint(pos):
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

    def open_help(self) -> None:
        if self.spec is not None:
            self.show_help, self.help_scroll = True, 0

    def _help_event(self, event: pygame.event.Event) -> None:
        """While the help is open: H, F1, Esc or a click close it; the wheel and keys scroll."""
        step = 0
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_h, pygame.K_F1, pygame.K_ESCAPE):
                self.show_help = False
            step = overlays.HELP_SCROLL_KEYS.get(event.key, 0)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.show_help = False
        elif event.type == pygame.MOUSEWHEEL:
            step = -round((event.precise_y or event.y) * 40)
        self.help_scroll = min(max(self.help_scroll + step, 0), self.help_scroll_max)

    def help_keys(self) -> tuple[tuple[str, str], ...]:
        """The selected game's own keys, from its view class (none if it has no window)."""
        from games.ui.view import View

        spec = self.spec
        if spec is None:
            return ()
        try:
            module = importlib.import_module(spec.view_module)
        except Exception:
            return ()
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, View) and (
                value.__module__ == module.__name__
            ):
                keys = (*value.keys, *((("Ctrl+Z", "undo the last grab"),)
                                      if spec.undo_by_replay else ()))
                return keys
        return ()

    def frame_key(self) -> tuple[object, ...]:
        """Everything the menu's picture depends on: while it is unchanged, so is the picture."""
        choices = tuple(
            (key, c.count, tuple(c.kinds), c.skill_label) for key, c in self.choices.items()
        )
        help_state = (self.show_help, self.help_scroll)
        replays = self.replays.frame_key() if self.replays is not None else None
        return (
            self.selected,
            self.mouse,
            choices,
            len(self.specs),
            help_state,
            self.resume.frame_key(),
            replays,
            self.network.frame_key() if self.network is not None else None,
        )

    def captures_escape(self) -> bool:
        """True while Esc closes something over the menu (the help, the saves, the replays)
        instead of quitting."""
        return (self.show_help or self.replays is not None or self.network is not None
                or self.resume.captures_escape())

    def start(self) -> None:
        choice = self.choice()
        if choice is not None:
            self.app.start_game(choice.spec, choice.seats(), choice.options())

    # -- drawing -------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, renderer: Renderer) -> None:
        if self.network is not None:
            self.network.draw(surface, renderer)
            return
        if self.replays is not None:
            self.replays.draw(surface, renderer)
            return
        renderer.background(surface)
        width, _ = surface.get_size()
        layout = self.layout()
        sizes = layout.sizes
        title = renderer.text(
            surface,
            "Wobbletop",
            (width // 2, sizes.title_y),
            size=sizes.title,
            bold=True,
            serif=True,
            colour=ACCENT,
            anchor="midtop",
        )
        if sizes.subtitle:
            renderer.text(
                surface,
                "wooden games on a wobbly table",
                (width // 2, title.bottom + 2),
                size=sizes.subtitle,
                colour=INK_DIM,
                anchor="midtop",
            )
        if not self.specs:
            renderer.text(
                surface, "No games are built yet.", (width // 2, 200), size=22, anchor="midtop"
            )
            return
        replays = self.replays_rect()
        text = self.header_text()
        renderer.button(surface, replays, "Replays…", hot=replays.collidepoint(self.mouse),
                        text_size=text)
        network = self.network_rect()
        if network is not None:
            renderer.button(surface, network, "Network…", hot=network.collidepoint(self.mouse),
                            text_size=text)
        for index, (spec, card) in enumerate(zip(self.specs, layout.cards, strict=True)):
            self._draw_card(surface, renderer, spec, card, index == self.selected, sizes.px)
        self._draw_panel(surface, renderer, layout)
        self.resume.draw(surface, renderer)
        if self.show_help and self.spec is not None:
            area = pygame.Rect(0, 0, *surface.get_size()).inflate(-8, -8)
            self.help_scroll_max = overlays.draw_help(
                surface, renderer, area, self.spec, self.help_keys(), self.help_scroll
            )
            self.help_scroll = min(self.help_scroll, self.help_scroll_max)

    def _draw_card(
        self,
        surface: pygame.Surface,
        renderer: Renderer,
        spec: GameSpec,
        card: pygame.Rect,
        selected: bool,
        px: Callable[[float], int],
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
        # A full card: title, blurb, kind; shorter: the blurb goes, then the title shrinks.
        full = card.height >= px(76)
        title_size = px(24) if card.height >= 56 else max(min(card.height - 16, 20), 14)
        title_y = card.top + px(12) if full else card.top + 6 if card.height >= 56 else (
            card.centery - title_size * 0.65
        )
        while title_size > 15 and renderer.font(title_size, bold=True, serif=True).size(
            spec.title
        )[0] > card.width - 32:
            title_size -= 1
        title = renderer.text(
            surface,
            renderer.ellipsize(spec.title, card.width - 32, title_size, bold=True),
            (card.left + 16 if not full else card.left + px(20), title_y),
            size=title_size,
            bold=True,
            serif=True,
            colour=ink,
            shadow=False,
        )
        if card.height >= 56:
            blurb = renderer.ellipsize(spec.blurb, card.width - 40, px(15))
            renderer.text(
                surface,
                blurb,
                (title.left, card.top + (px(50) if full else 34)),
                size=px(15),
                colour=(92, 62, 36),
                shadow=False,
            )
        seats = (
            spec.min_seats
            if spec.min_seats == len(spec.seat_names)
            else f"{spec.min_seats}–{len(spec.seat_names)}"
        )
        kind = "physics" if spec.physics else "board"
        label = f"{kind} · {seats} seat{'s' if seats != 1 else ''}"
        label_width = renderer.font(px(13)).size(label)[0]
        if title.right + 12 + label_width <= card.right - 14:  # only beside the title, never on it
            renderer.text(
                surface,
                label,
                (card.right - 14, title.centery),
                size=px(13),
                colour=(110, 74, 42),
                anchor="midright",
                shadow=False,
            )

    def _draw_panel(self, surface: pygame.Surface, renderer: Renderer, layout: _Layout) -> None:
        choice = self.choice()
        assert choice is not None
        panel = layout.panel
        px = layout.sizes.px
        renderer.panel(surface, panel, alpha=190)
        beside_start = layout.start.top < panel.top + 40
        room = (layout.start.left if beside_start else panel.right) - panel.left - 36
        size = px(26) if panel.height >= 300 else 21
        while size > 13 and renderer.font(size, bold=True, serif=True).size(
            choice.spec.title
        )[0] > room:
            size -= 1
        renderer.text(
            surface,
            renderer.ellipsize(choice.spec.title, room, size, bold=True),
            (panel.left + 20, layout.start.centery if beside_start else panel.top + 20),
            size=size,
            bold=True,
            serif=True,
            colour=ACCENT,
            anchor="midleft" if beside_start else "topleft",
        )
        if layout.fewer and layout.more:
            y = layout.fewer.centery
            renderer.text(surface, "Players", (panel.left + 20, y), size=px(18), anchor="midleft")
            renderer.button(
                surface,
                layout.fewer,
                "−",
                hot=layout.fewer.collidepoint(self.mouse),
                enabled=choice.count > choice.spec.min_seats,
                text_size=px(18),
            )
            renderer.text(
                surface,
                str(choice.count),
                ((layout.fewer.right + layout.more.left) // 2, y),
                size=px(22),
                bold=True,
                anchor="center",
            )
            renderer.button(
                surface,
                layout.more,
                "+",
                hot=layout.more.collidepoint(self.mouse),
                enabled=choice.count < choice.max_seats,
                text_size=px(18),
            )
        for index, button in enumerate(layout.seat_buttons):
            name = choice.spec.seat_names[index]
            renderer.text(
                surface,
                renderer.ellipsize(name.capitalize(), button.left - panel.left - 28, px(18)),
                (panel.left + 20, button.centery),
                size=px(18),
                anchor="midleft",
            )
            label = "Human" if choice.kinds[index] is SeatKind.HUMAN else "Computer"
            renderer.button(
                surface, button, label, hot=button.collidepoint(self.mouse), text_size=px(18)
            )
        if layout.skill is not None:
            renderer.text(
                surface,
                strength_label(renderer, layout.skill.left - panel.left - 28, px(18)),
                (panel.left + 20, layout.skill.centery),
                size=px(18),
                anchor="midleft",
            )
            renderer.button(
                surface, layout.skill, choice.skill_label,
                hot=layout.skill.collidepoint(self.mouse), text_size=px(18),
            )
        y = layout.rules_top + 4
        bottom = (layout.rules.top - 6 if layout.rules else
                  (layout.start.top if layout.start.top > y else panel.bottom) - 12)
        lines = renderer.wrap(choice.spec.help_text, panel.width - 40, px(15))
        room = max(int((bottom - y) // px(21)), 0)
        if len(lines) > room and room > 0:  # the rest is behind "More…"
            lines = [
                *lines[: room - 1],
                renderer.ellipsize(lines[room - 1] + " …", panel.width - 40, px(15)),
            ]
        for line in lines[:room]:
            renderer.text(surface, line, (panel.left + 20, y), size=px(15), colour=INK_DIM)
            y += px(21)
        if layout.rules:
            hot = layout.rules.collidepoint(self.mouse)
            renderer.button(surface, layout.rules, "More…", hot=hot, text_size=px(18))
        renderer.button(
            surface, layout.start, "Start", hot=layout.start.collidepoint(self.mouse),
            text_size=px(18),
        )
        width = surface.get_width()
        hints = (  # the first that fits the window's width
            "click a game · Enter starts · H rules · O settings · C constants · R resume · "
            "V replays · F11 full screen · Esc quits",
            "click a game · Enter starts · H rules · O settings · C constants · F11 full screen · "
            "Esc quits",
            "click a game · Enter starts · H rules · O settings · F11 full screen · Esc quits",
            "Enter starts · H rules · O settings · F11 full screen · Esc quits",
            "Enter starts · H rules · O settings · Esc quits",
        )
        hint_size = px(14)
        hint = next(
            (h for h in hints if renderer.font(hint_size).size(h)[0] <= width - 24), hints[-1]
        )
        renderer.text(
            surface,
            hint,
            (width // 2, surface.get_height() - 9),
            size=hint_size,
            colour=INK_DIM,
            anchor="midbottom",
        )


def strength_label(renderer: Renderer, room: int, size: int = 18) -> str:
    """"Computers play" beside the strength button, or just "Level" where that does not fit."""
    return "Computers play" if renderer.font(size).size("Computers play")[0] <= room else "Level"
