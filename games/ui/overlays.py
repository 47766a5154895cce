"""What the shell draws over a game: title bar with the keys, status bar, help, pause, game over
and error panels. Plain functions of (surface, renderer, what to show); no state here.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from games.protocol import GameSpec, Outcome
from games.ui.render import ACCENT, INK, INK_DIM, REFUSED, Colour, Renderer

TOP_BAR_PX = 44
STATUS_BAR_PX = 36

# (keys, what they do) shown in the title bar and the help overlay
GAME_KEYS: tuple[tuple[str, str], ...] = (
    ("P / Space", "pause"),
    ("F5 / Ctrl+R", "restart"),
    ("H / F1", "help"),
    ("Esc", "menu"),
)


def draw_top_bar(
    surface: pygame.Surface, renderer: Renderer, title: str, keys: Sequence[tuple[str, str]]
) -> None:
    """The game's title on the left, the shell's keys on the right."""
    width = surface.get_width()
    bar = pygame.Rect(0, 0, width, TOP_BAR_PX)
    _strip(surface, bar)
    renderer.text(
        surface, title, (16, bar.centery), size=22, bold=True, serif=True, anchor="midleft"
    )
    x = width - 16
    for key, meaning in reversed(keys):
        rect = renderer.text(
            surface, meaning, (x, bar.centery), size=15, colour=INK_DIM, anchor="midright"
        )
        rect = renderer.text(
            surface,
            key,
            (rect.left - 6, bar.centery),
            size=15,
            colour=ACCENT,
            bold=True,
            anchor="midright",
        )
        x = rect.left - 18


def draw_status_bar(
    surface: pygame.Surface, renderer: Renderer, status: str, notice: tuple[str, Colour] | None
) -> None:
    """The session's status line, and on the right a passing notice (refusals in red)."""
    width, height = surface.get_size()
    bar = pygame.Rect(0, height - STATUS_BAR_PX, width, STATUS_BAR_PX)
    _strip(surface, bar)
    renderer.text(surface, status, (16, bar.centery), size=17, anchor="midleft")
    if notice:
        message, colour = notice
        renderer.text(
            surface,
            message,
            (width - 16, bar.centery),
            size=17,
            colour=colour,
            bold=True,
            anchor="midright",
        )


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


def draw_help(
    surface: pygame.Surface,
    renderer: Renderer,
    area: pygame.Rect,
    spec: GameSpec,
    extra_keys: Sequence[tuple[str, str]] = (),
) -> None:
    """The game's rules in brief and the keys, in a panel over the play area.

    The type shrinks step by step until everything fits the panel, so a small window still
    shows the whole text above the "closes this" line.
    """
    panel = help_panel(area)
    renderer.panel(surface, panel, alpha=232)
    keys = (*extra_keys, *GAME_KEYS)
    scale, lines = help_layout(renderer, panel, spec.help_text, len(keys))
    x = panel.left + 32
    y = panel.top + round(24 * scale)
    title = f"How to play {spec.title}"
    renderer.text(
        surface, title, (x, y), size=round(28 * scale), bold=True, serif=True, colour=ACCENT
    )
    y += round(52 * scale)
    for line in lines:
        renderer.text(surface, line, (x, y), size=round(19 * scale))
        y += round(28 * scale)
    y += round(16 * scale)
    renderer.text(surface, "Keys", (x, y), size=round(20 * scale), bold=True, colour=ACCENT)
    y += round(32 * scale)
    for key, meaning in keys:
        renderer.text(surface, key, (x, y), size=round(17 * scale), bold=True, colour=INK)
        renderer.text(
            surface, meaning, (x + round(150 * scale), y), size=round(17 * scale), colour=INK_DIM
        )
        y += round(26 * scale)
    renderer.text(
        surface,
        "H, F1 or Esc closes this",
        (panel.centerx, panel.bottom - 18),
        size=15,
        colour=INK_DIM,
        anchor="midbottom",
    )


HELP_TYPE_SCALES = (1.0, 0.9, 0.8, 0.7, 0.62)
HELP_FOOTER_PX = 40  # the "closes this" line at the panel's foot


def help_panel(area: pygame.Rect) -> pygame.Rect:
    """The help panel's rectangle inside the play area."""
    return area.inflate(-min(area.width // 5, 320), -min(area.height // 6, 160))


def help_height(text_lines: int, key_lines: int, scale: float) -> float:
    """Pixels the help text and key list take at ``scale`` (title, text, gap, keys)."""
    return scale * (24 + 52 + 28 * text_lines + 16 + 32 + 26 * key_lines)


def help_layout(
    renderer: Renderer, panel: pygame.Rect, text: str, key_lines: int
) -> tuple[float, list[str]]:
    """The largest type scale at which the help fits ``panel``, and the text wrapped at it."""
    for scale in HELP_TYPE_SCALES:
        lines = renderer.wrap(text, panel.width - 64, round(19 * scale))
        if help_height(len(lines), key_lines, scale) <= panel.height - HELP_FOOTER_PX:
            break
    return scale, lines


def draw_paused(surface: pygame.Surface, renderer: Renderer, area: pygame.Rect) -> None:
    _dim(surface, area, 110)
    box = pygame.Rect(0, 0, 360, 120)
    box.center = area.center
    renderer.panel(surface, box, alpha=220)
    renderer.text(
        surface,
        "Paused",
        (box.centerx, box.top + 22),
        size=34,
        bold=True,
        serif=True,
        anchor="midtop",
    )
    renderer.text(
        surface,
        "P or Space to play on",
        (box.centerx, box.bottom - 22),
        size=17,
        colour=INK_DIM,
        anchor="midbottom",
    )


def draw_outcome(
    surface: pygame.Surface, renderer: Renderer, area: pygame.Rect, outcome: Outcome
) -> None:
    """The game-over card: who won and why; the game stays visible behind it."""
    box = pygame.Rect(0, 0, min(560, area.width - 40), 150)
    box.midtop = (area.centerx, area.top + 40)
    renderer.panel(surface, box, alpha=225)
    headline = f"{outcome.winner.capitalize()} wins" if outcome.winner else "Game over"
    renderer.text(
        surface,
        headline,
        (box.centerx, box.top + 20),
        size=34,
        bold=True,
        serif=True,
        colour=ACCENT,
        anchor="midtop",
    )
    renderer.text(surface, outcome.reason, (box.centerx, box.top + 74), size=19, anchor="midtop")
    renderer.text(
        surface,
        "F5 play again   ·   Esc menu",
        (box.centerx, box.bottom - 16),
        size=15,
        colour=INK_DIM,
        anchor="midbottom",
    )


def draw_error(
    surface: pygame.Surface, renderer: Renderer, area: pygame.Rect, message: str
) -> None:
    """A failure shown as words, not a traceback."""
    _dim(surface, area, 150)
    box = pygame.Rect(0, 0, min(760, area.width - 40), 200)
    box.center = area.center
    renderer.panel(surface, box, alpha=235)
    renderer.text(
        surface,
        "Something went wrong",
        (box.centerx, box.top + 22),
        size=28,
        bold=True,
        serif=True,
        colour=REFUSED,
        anchor="midtop",
    )
    y = box.top + 76
    for line in renderer.wrap(message, box.width - 48, 17)[:3]:
        renderer.text(surface, line, (box.centerx, y), size=17, anchor="midtop")
        y += 24
    renderer.text(
        surface,
        "Esc back to the menu",
        (box.centerx, box.bottom - 18),
        size=15,
        colour=INK_DIM,
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
