"""What the shell draws over a game: title bar with the keys, status bar, help, pause, game over
and error panels. Plain functions of (surface, renderer, what to show); no state here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from games.core.protocol import GameSpec, Outcome
from games.core.words import wins
from games.ui.render import ACCENT, INK, INK_DIM, REFUSED, Colour, Renderer

TOP_BAR_PX = 44
STATUS_BAR_PX = 36

# (keys, what they do) shown in the title bar and the help overlay
GAME_KEYS: tuple[tuple[str, str], ...] = (
    ("P / Space", "pause"),
    ("F5 / Ctrl+R", "restart"),
    ("Ctrl+S", "save"),
    ("H / F1", "help"),
    ("Esc", "menu"),
    ("M", "sound on / off"),
    ("F11", "full screen on / off"),
)


# Which key hints stay when the title bar is short of room: help first, then menu, pause...
KEY_PRIORITY = ("H / F1", "Esc", "P / Space", "P", "F5 / Ctrl+R", "Ctrl+S", "M", "F11")


def shell_keys(space_is_the_games: bool) -> tuple[tuple[str, str], ...]:
    """The title bar's key hints; while the game owns Space (Wallamoppi's marble), only P
    pauses, and the bar says so."""
    if not space_is_the_games:
        return GAME_KEYS
    return tuple(
        ("P", meaning) if key == "P / Space" else (key, meaning) for key, meaning in GAME_KEYS
    )
KEY_GAP = 18  # px between two key hints
HINT_SIZE = 15
PLAY_AGAIN_HINT = "F5 play again   ·   Esc menu"  # a finished game's card, at its foot


def draw_top_bar(
    surface: pygame.Surface, renderer: Renderer, title: str, keys: Sequence[tuple[str, str]]
) -> None:
    """The game's title on the left, the shell's keys on the right: as many as fit beside the
    title, the least needed left out first (all of them are in the help), help always.
    Kept while the title and keys stay the same (:meth:`Renderer.kept_area`: one blit), over
    the room's background (never over what a view drew past its area)."""
    bar = pygame.Rect(0, 0, surface.get_width(), TOP_BAR_PX)
    renderer.kept_area(
        surface, bar, "top bar", (title, tuple(keys)),
        lambda: _paint_top_bar(surface, renderer, title, keys),
    )


def _paint_top_bar(
    surface: pygame.Surface, renderer: Renderer, title: str, keys: Sequence[tuple[str, str]]
) -> None:
    width = surface.get_width()
    bar = pygame.Rect(0, 0, width, TOP_BAR_PX)
    _strip(surface, bar)
    title_width = renderer.font(22, bold=True, serif=True).size(title)[0]
    shown = fitting_keys(renderer, keys, width - 32 - min(title_width, width // 3) - KEY_GAP)
    rect = pygame.Rect(width - 16, bar.centery, 0, 0)
    x = width - 16
    for key, meaning in reversed(shown):
        rect = renderer.text(
            surface, meaning, (x, bar.centery), size=HINT_SIZE, colour=INK_DIM, anchor="midright"
        )
        rect = renderer.text(
            surface,
            key,
            (rect.left - 6, bar.centery),
            size=HINT_SIZE,
            colour=ACCENT,
            bold=True,
            anchor="midright",
        )
        x = rect.left - KEY_GAP
    room = (x if shown else width - 16) - 16 - KEY_GAP // 2
    title = renderer.ellipsize(title, room, 22, bold=True)
    renderer.text(
        surface, title, (16, bar.centery), size=22, bold=True, serif=True, anchor="midleft"
    )


def fitting_keys(
    renderer: Renderer, keys: Sequence[tuple[str, str]], room: int
) -> list[tuple[str, str]]:
    """The key hints, in their order, that fit ``room`` px (dropped by :data:`KEY_PRIORITY`)."""

    def width(hint: tuple[str, str]) -> int:
        key, meaning = hint
        bold = renderer.font(HINT_SIZE, bold=True).size(key)[0]
        return bold + 6 + renderer.font(HINT_SIZE).size(meaning)[0] + KEY_GAP

    rank = {key: i for i, key in enumerate(KEY_PRIORITY)}
    shown = list(keys)
    while shown and sum(width(hint) for hint in shown) > room:
        least = max(shown, key=lambda hint: rank.get(hint[0], len(rank)))
        if least[0] == KEY_PRIORITY[0] and len(shown) == 1:
            break  # help stays, the title gives way
        shown.remove(least)
    return shown


def draw_status_bar(
    surface: pygame.Surface, renderer: Renderer, status: str, notice: tuple[str, Colour] | None
) -> None:
    """The session's status line, and on the right a passing notice (refusals in red).
    Kept while both stay the same (:meth:`Renderer.kept_area`: one blit)."""
    width, height = surface.get_size()
    bar = pygame.Rect(0, height - STATUS_BAR_PX, width, STATUS_BAR_PX)
    renderer.kept_area(
        surface, bar, "status bar", (status, notice),
        lambda: _paint_status_bar(surface, renderer, status, notice),
    )


def _paint_status_bar(
    surface: pygame.Surface, renderer: Renderer, status: str, notice: tuple[str, Colour] | None
) -> None:
    width, height = surface.get_size()
    bar = pygame.Rect(0, height - STATUS_BAR_PX, width, STATUS_BAR_PX)
    _strip(surface, bar)
    room = width - 32
    if notice:
        message, colour = notice
        message = renderer.ellipsize(message, max(width - 48 - min(width // 3, 260), 60), 17,
                                     bold=True)
        rect = renderer.text(
            surface,
            message,
            (width - 16, bar.centery),
            size=17,
            colour=colour,
            bold=True,
            anchor="midright",
        )
        room = rect.left - 16 - 16
    if room > 40:  # a notice takes the room it needs; the status line keeps the rest
        status = renderer.ellipsize(status, room, 17)
        renderer.text(surface, status, (16, bar.centery), size=17, anchor="midleft")


def draw_banner(
    surface: pygame.Surface, renderer: Renderer, area: pygame.Rect, message: str, colour: Colour
) -> None:
    """A one-line banner at the top of ``area`` (a bad config edit, say)."""
    image = renderer.render_text(message, 16, colour, bold=True)
    rect = image.get_rect(midtop=(area.centerx, area.top + 10)).inflate(24, 12)
    rect.width = min(rect.width, area.width - 20)
    rect.centerx = area.centerx
    renderer.panel(surface, rect, alpha=225, radius=8)
    clip = surface.get_clip()
    surface.set_clip(rect.inflate(-12, 0))
    fits = image.get_width() < rect.width - 24
    place = rect.center if fits else (rect.left + 12 + image.get_width() // 2, rect.centery)
    surface.blit(image, image.get_rect(center=place))
    surface.set_clip(clip)


@dataclass(frozen=True)
class HelpLayout:
    """The help at one type scale: the rules wrapped, each key's meaning wrapped beside it."""

    scale: float
    lines: list[str]
    keys: list[tuple[str, list[str]]]
    key_column: int  # px from a key's left to its meaning
    columns: int = 1  # key lists side by side (a wide panel)
    column_width: int = 0  # px from one key list to the next

    def key_lists(self) -> list[list[tuple[str, list[str]]]]:
        """The keys cut into at most :attr:`columns` lists, in order, as even in rows as they
        can be (the first list the longer): a key whose meaning wraps counts its rows."""
        rows = [max(len(meaning), 1) for _, meaning in self.keys]
        for most in range(max(rows, default=0), sum(rows) + 1):
            lists: list[list[tuple[str, list[str]]]] = [[]]
            used = 0
            for key, count in zip(self.keys, rows, strict=True):
                if used + count > most and lists[-1]:
                    lists.append([])
                    used = 0
                lists[-1].append(key)
                used += count
            if len(lists) <= self.columns:
                return lists
        return [list(self.keys)]

    def height(self) -> int:
        """Pixels the title, rules, "Keys" heading and key rows take."""
        rows = max(sum(len(meaning) for _, meaning in keys) for keys in self.key_lists())
        return round(help_height(len(self.lines), rows, self.scale))


def draw_help(
    surface: pygame.Surface,
    renderer: Renderer,
    area: pygame.Rect,
    spec: GameSpec,
    extra_keys: Sequence[tuple[str, str]] = (),
    scroll: int = 0,
) -> int:
    """The game's rules in brief and every key, in an opaque panel over the play area.

    The type shrinks step by step until everything fits; in a window too small even for the
    smallest type the panel scrolls (the wheel, the arrow keys, Page Up/Down; ``scroll`` px
    from the top) and says so at its foot. Returns the largest scroll there is (0: it fits).
    """
    panel = help_panel(area)
    renderer.panel(surface, panel, alpha=255)
    # A shell key the game gives a meaning of its own (a replay's P / Space) is listed once.
    own = {key for key, _ in extra_keys}
    keys = (*extra_keys, *(hint for hint in GAME_KEYS if hint[0] not in own))
    layout = help_layout(renderer, panel, spec.help_text, keys)
    view = pygame.Rect(panel.left, panel.top, panel.width, panel.height - HELP_FOOTER_PX)
    most = max(layout.height() + round(12 * layout.scale) - view.height, 0)
    scroll = min(max(scroll, 0), most)
    content = pygame.Surface((panel.width, max(layout.height() + 24, view.height)), pygame.SRCALPHA)
    scale = layout.scale
    x = 32
    y = round(24 * scale)
    title = f"How to play {spec.title}"
    renderer.text(
        content, title, (x, y), size=round(28 * scale), bold=True, serif=True, colour=ACCENT
    )
    y += round(52 * scale)
    for line in layout.lines:
        renderer.text(content, line, (x, y), size=round(19 * scale))
        y += round(28 * scale)
    y += round(16 * scale)
    renderer.text(content, "Keys", (x, y), size=round(20 * scale), bold=True, colour=ACCENT)
    y += round(32 * scale)
    top = y
    for n, keys_here in enumerate(layout.key_lists()):
        left, y = x + n * layout.column_width, top
        for key, meaning in keys_here:
            renderer.text(content, key, (left, y), size=round(17 * scale), bold=True, colour=INK)
            for line in meaning:
                if line:
                    renderer.text(
                        content, line, (left + layout.key_column, y), size=round(17 * scale),
                        colour=INK_DIM,
                    )
                y += round(26 * scale)
    surface.blit(content, view.topleft, pygame.Rect(0, scroll, view.width, view.height))
    footer = "H, F1 or Esc closes this"
    if most:
        footer = "wheel or ↑ ↓ for more · " + footer
    renderer.text(
        surface,
        renderer.ellipsize(footer, panel.width - 24, 15),
        (panel.centerx, panel.bottom - 12),
        size=15,
        colour=INK_DIM,
        anchor="midbottom",
    )
    return most


HELP_TYPE_SCALES = (1.0, 0.9, 0.8, 0.7)
HELP_FOOTER_PX = 40  # the "closes this" line at the panel's foot
HELP_SCROLL_KEYS = {  # px the help scrolls by per key, in a game and over the menu
    pygame.K_UP: -40,
    pygame.K_DOWN: 40,
    pygame.K_PAGEUP: -200,
    pygame.K_PAGEDOWN: 200,
}


def help_panel(area: pygame.Rect) -> pygame.Rect:
    """The help panel's rectangle inside the play area (nearly all of a small one)."""
    if area.width < 720 or area.height < 420:
        return area.inflate(-16, -12)
    return area.inflate(-min(area.width // 8, 320), -min(area.height // 10, 120))


def help_height(text_lines: int, key_lines: int, scale: float) -> float:
    """Pixels the help text and key list take at ``scale`` (title, text, gap, keys)."""
    return scale * (24 + 52 + 28 * text_lines + 16 + 32 + 26 * key_lines)


def help_layout(
    renderer: Renderer, panel: pygame.Rect, text: str, keys: Sequence[tuple[str, str]]
) -> HelpLayout:
    """The largest type scale at which the help fits ``panel`` (else the smallest, scrolled),
    with the rules and each key's meaning wrapped at it."""
    layout = None
    columns = 2 if panel.width - 64 >= 640 else 1
    gap = 32 if columns > 1 else 0
    width = (panel.width - 64 - gap) // columns  # of one key list
    for scale in HELP_TYPE_SCALES:
        size = round(17 * scale)
        widest = max(renderer.font(size, bold=True).size(key)[0] for key, _ in keys)
        column = min(max(round(150 * scale), widest + 16), width // 2)
        rows = []
        for key, meaning in keys:
            lines = renderer.wrap(meaning, width - column, size)
            if renderer.font(size, bold=True).size(key)[0] > column - 8:
                lines = ["", *lines]  # a long key gets a row of its own, the meaning below
            rows.append((key, lines))
        lines = renderer.wrap(text, panel.width - 64, round(19 * scale))
        layout = HelpLayout(scale, lines, rows, column, columns, width + gap)
        if layout.height() <= panel.height - HELP_FOOTER_PX:
            break
    assert layout is not None
    return layout


def draw_paused(surface: pygame.Surface, renderer: Renderer, area: pygame.Rect) -> None:
    _dim(surface, area, 110)
    box = pygame.Rect(0, 0, 360, 120)
    box.center = area.center
    renderer.panel(surface, box, alpha=220)
    card_title(surface, renderer, box, "Paused", top=22, size=34)
    card_hint(surface, renderer, box, "P or Space to play on", inset=22, size=17)


def draw_outcome(
    surface: pygame.Surface, renderer: Renderer, area: pygame.Rect, outcome: Outcome
) -> None:
    """The game-over card: who won and why; the game stays visible behind it."""
    box = pygame.Rect(0, 0, min(560, area.width - 40), 150)
    box.midtop = (area.centerx, area.top + 40)
    renderer.panel(surface, box, alpha=225)
    headline = wins(outcome.winner) if outcome.winner else "Game over"
    card_title(surface, renderer, box, headline, top=20, size=34, colour=ACCENT)
    renderer.text(surface, outcome.reason, (box.centerx, box.top + 74), size=19, anchor="midtop")
    card_hint(surface, renderer, box, PLAY_AGAIN_HINT, inset=16, size=15)


def draw_error(
    surface: pygame.Surface, renderer: Renderer, area: pygame.Rect, message: str
) -> None:
    """A failure shown as words, not a traceback."""
    _dim(surface, area, 150)
    box = pygame.Rect(0, 0, min(760, area.width - 40), 200)
    box.center = area.center
    renderer.panel(surface, box, alpha=235)
    card_title(surface, renderer, box, "Something went wrong", top=22, size=28, colour=REFUSED)
    y = box.top + 76
    for line in renderer.wrap(message, box.width - 48, 17)[:3]:
        renderer.text(surface, line, (box.centerx, y), size=17, anchor="midtop")
        y += 24
    card_hint(surface, renderer, box, "Esc back to the menu", inset=18, size=15)


def card_title(
    surface: pygame.Surface,
    renderer: Renderer,
    box: pygame.Rect,
    text: str,
    *,
    top: int,
    size: int,
    colour: Colour = INK,
) -> None:
    """A card's title (paused, game over, an error, a game's own end card): bold serif type,
    centred ``top`` px below the card's top edge."""
    renderer.text(
        surface,
        text,
        (box.centerx, box.top + top),
        size=size,
        bold=True,
        serif=True,
        colour=colour,
        anchor="midtop",
    )


def card_hint(
    surface: pygame.Surface,
    renderer: Renderer,
    box: pygame.Rect,
    text: str,
    *,
    inset: int,
    size: int,
    colour: Colour = INK_DIM,
) -> None:
    """A card's key hint (what to press next), centred ``inset`` px above its foot."""
    renderer.text(
        surface, text, (box.centerx, box.bottom - inset), size=size, colour=colour,
        anchor="midbottom",
    )


def _strip(surface: pygame.Surface, rect: pygame.Rect) -> None:
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    layer.fill((16, 16, 20, 200))
    surface.blit(layer, rect.topleft)
    edge_y = rect.bottom - 1 if rect.top == 0 else rect.top
    pygame.draw.line(surface, (70, 66, 60), (0, edge_y), (rect.width, edge_y))


def _dim(surface: pygame.Surface, area: pygame.Rect, alpha: int) -> None:
    layer = pygame.Surface(area.size, pygame.SRCALPHA)
    layer.fill((10, 10, 14, alpha))
    surface.blit(layer, area.topleft)
