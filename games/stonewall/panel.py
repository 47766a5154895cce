"""Stonewall's side panel, drawn for a :class:`~games.stonewall.view.StonewallView`.

The view lays the panel out (``StonewallView.layout``: headline and cue lines, die, buttons,
the stock's rows and where the hint starts, in the regular or the compact
:class:`PanelSpacing`) and this module paints it from what :class:`PanelView` names: whose
turn and what to do, the cue, the die with a dot in the roller's colour, Roll and Undo, the
current player's wall stock (drag one), Pass or No move, the hint, every player's line and the
latest log lines. Short of room the log goes first, then each player shrinks to one short line
in smaller type, then the last players are left out; nothing is drawn past the panel.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import pygame

from games.stonewall.board import WALL_NAMES
from games.stonewall.rules import Phase, State
from games.stonewall.session import StonewallSession
from games.ui.dice_view import PAD
from games.ui.palette import draw_seat_token
from games.ui.render import ACCENT, INK, INK_DIM, Colour, Renderer, shade
from games.ui.widgets import whole_entries

HINT_SIZE = 14
PLACED_WALL: Colour = (128, 84, 48)
PLAYER_SIZE = 13  # the player list and the log
SHORT_PLAYER_SIZE = 12  # the player list squeezed to one short line each
HEADLINE_SIZE = 18
CUE_SIZE = 15
BUTTON_HEIGHT = 38
STOCK_ROW = 28


@dataclass(frozen=True)
class PanelSpacing:
    """Type sizes and heights (px) of the panel's fixed parts: the regular set, or the compact
    one when the panel is too short for the regular set plus hint and player list."""

    headline: int = HEADLINE_SIZE
    cue: int = CUE_SIZE
    top_lines: int = 3  # headline + cue lines reserved on top
    die: int = 64
    button: int = BUTTON_HEIGHT
    stock_title: int = 22
    stock_row: int = STOCK_ROW
    gap: int = 12


REGULAR = PanelSpacing()
COMPACT = PanelSpacing(headline=15, cue=13, top_lines=3, die=36, button=28, stock_title=16,
                       stock_row=18, gap=5)


class PanelView(Protocol):
    """What the panel reads of the view that lays it out (the view draws the panel, so the
    panel names these rather than importing :class:`~games.stonewall.view.StonewallView`)."""

    @property
    def state(self) -> State: ...

    @property
    def game(self) -> StonewallSession: ...

    @property
    def spacing(self) -> PanelSpacing: ...

    @property
    def hover(self) -> tuple[int, int] | None: ...

    @property
    def buttons(self) -> dict[str, pygame.Rect]: ...

    @property
    def die_rect(self) -> pygame.Rect: ...

    @property
    def stock_rects(self) -> dict[int, pygame.Rect]: ...

    @property
    def stock_unit(self) -> float: ...

    @property
    def headline_lines(self) -> list[str]: ...

    @property
    def cue_lines(self) -> list[str]: ...

    @property
    def cue_top(self) -> int: ...

    @property
    def stock_title_top(self) -> int: ...

    @property
    def hint_top(self) -> int: ...

    def panel_rect(self) -> pygame.Rect: ...

    def ts(self, size: int) -> int: ...

    def human_turn(self) -> bool: ...

    def hint(self) -> str: ...

    def pass_button(self) -> tuple[str, bool]: ...

    def draw_shown_roll(self, surface: pygame.Surface, renderer: Renderer,
                        rect: pygame.Rect) -> None: ...

    def seat_label(self, seat: int, name: str, human: bool) -> str: ...


def draw_panel(view: PanelView, surface: pygame.Surface, renderer: Renderer) -> None:
    state, game = view.state, view.game
    panel = view.panel_rect()
    x, width = panel.left + PAD, panel.width - 2 * PAD
    mover = state.current if not state.is_over() else (state.winner or 0)
    sp = view.spacing
    token = sp.headline // 2 + 2
    draw_seat_token(renderer, surface, (x + token, panel.top + PAD + token), token,
                    state.name(mover))
    for i, line in enumerate(view.headline_lines):
        renderer.text(surface, line, (x + view.ts(30), panel.top + PAD + (sp.headline + 6) * i),
                      size=sp.headline, colour=INK, bold=True)
    for i, line in enumerate(view.cue_lines):
        renderer.text(surface, line, (x, view.cue_top + (sp.cue + 5) * i), size=sp.cue,
                      colour=ACCENT, bold=True)
    view.draw_shown_roll(surface, renderer, view.die_rect)  # the last roll, opening rolls too
    mouse = view.hover or (-1, -1)
    can_roll = state.is_chance() and view.human_turn()
    renderer.button(surface, view.buttons["roll"], "Roll", enabled=can_roll,
                    hot=view.buttons["roll"].collidepoint(mouse))
    renderer.button(surface, view.buttons["undo"], "Undo", enabled=game.can_undo(),
                    hot=view.buttons["undo"].collidepoint(mouse))
    draw_stock(view, surface, renderer)
    label, enabled = view.pass_button()
    renderer.button(surface, view.buttons["pass"], label, enabled=enabled,
                    hot=view.buttons["pass"].collidepoint(mouse))
    bottom = panel.bottom - PAD
    y = view.hint_top
    hint_size = view.ts(HINT_SIZE)
    hint = renderer.wrap(view.hint(), width, hint_size)
    shown = hint[: max(0, (bottom - y) // (hint_size + 4))]
    if 0 < len(shown) < len(hint):  # the cut is marked, not silent
        shown[-1] = renderer.ellipsize(f"{shown[-1]} {hint[len(shown)]}", width, hint_size)
    for line in shown:
        renderer.text(surface, line, (x, y), size=hint_size, colour=INK)
        y += hint_size + 4
    draw_players(view, surface, renderer, y + 10 if hint else y, bottom)


def draw_stock(view: PanelView, surface: pygame.Surface, renderer: Renderer) -> None:
    state = view.state
    stock = state.stocks[state.current]
    first = view.stock_rects[1]
    drag_one = " (drag one)" if state.phase is Phase.WALL and view.human_turn() else ""
    renderer.text(surface, f"{state.name(state.current).title()}'s walls{drag_one}",
                  (first.left, view.stock_title_top), size=view.ts(14), colour=INK_DIM)
    label_x = first.left + 3 * view.stock_unit + view.ts(14)
    for length, rect in view.stock_rects.items():
        count = stock[length - 1]
        colour = PLACED_WALL if count else (90, 84, 80)
        bar = pygame.Rect(rect.left, rect.centery - 5, round(view.stock_unit * length), 10)
        pygame.draw.rect(surface, (0, 0, 0), bar.move(1, 2), border_radius=4)
        pygame.draw.rect(surface, colour, bar, border_radius=4)
        for k in range(1, length):  # joints show how many squares it spans
            jx = bar.left + round(view.stock_unit * k)
            pygame.draw.line(surface, shade(colour, 0.6), (jx, bar.top + 2),
                             (jx, bar.bottom - 3))
        renderer.text(surface, f"{WALL_NAMES[length]} × {count}",
                      (label_x, rect.centery), size=view.ts(15),
                      colour=INK if count else INK_DIM, anchor="midleft")


def draw_players(
    view: PanelView, surface: pygame.Surface, renderer: Renderer, top: int, bottom: int
) -> None:
    """Who plays, where they head and their walls, then the latest log lines, all above
    ``bottom``. Short of room the log goes first, then each player shrinks to one short
    line in smaller type, then the last players are left out."""
    panel = view.panel_rect()
    x, width = panel.left + PAD, panel.width - 2 * PAD
    ts, indent = view.ts, view.ts(24)
    size, step = ts(PLAYER_SIZE), ts(17)
    rows = player_rows(view, renderer, width - indent, size)
    if top + sum(len(lines) * step + 4 for _, lines in rows) > bottom:
        size, step = ts(SHORT_PLAYER_SIZE), ts(15)
        rows = player_rows(view, renderer, width - indent, None)
    y = top
    for player, lines in rows:
        if y + len(lines) * step > bottom:
            break
        draw_seat_token(renderer, surface, (x + ts(8), y + step // 2 + 1), min(ts(8), step // 2),
                        view.state.name(player))
        for line in lines:
            renderer.text(surface, line, (x + indent, y + 2), size=size, colour=INK)
            y += step
        y += 4
    draw_log(view, surface, renderer, y + 6, bottom)


def player_rows(
    view: PanelView, renderer: Renderer, width: int, size: int | None
) -> list[tuple[int, list[str]]]:
    """Each player's line(s): wrapped at ``size``, or (None) one short line cut to fit."""
    state, game = view.state, view.game
    rows = []
    for player in range(state.players):
        seat = view.seat_label(player, state.name(player), game.is_human(player))
        walls = sum(state.stocks[player])
        won = state.is_over() and state.winner == player
        if size is not None:
            heading = "heading home" if state.reached_far[player] else "to far corner"
            heading = "home: won" if won else heading
            text = f"{seat} {heading}, {walls} walls"
            rows.append((player, renderer.wrap(text, width, size)))
            continue
        heading = "home" if state.reached_far[player] else "far"
        text = f"{seat} {'won' if won else '→ ' + heading}, {walls} walls"
        rows.append((player, [renderer.ellipsize(text, width, view.ts(SHORT_PLAYER_SIZE))]))
    return rows


def draw_log(view: PanelView, surface: pygame.Surface, renderer: Renderer, top: int,
             bottom: int) -> None:
    """The latest log lines that fit between ``top`` and ``bottom`` (none if none do)."""
    panel = view.panel_rect()
    x, width = panel.left + PAD, panel.width - 2 * PAD
    size, step = view.ts(PLAYER_SIZE), view.ts(17)
    room = (bottom - top) // step
    lines = whole_entries(renderer, view.game.turn_log()[-6:], width, size, room)
    for i, line in enumerate(lines):
        renderer.text(surface, line, (x, top + step * i), size=size, colour=INK_DIM)
