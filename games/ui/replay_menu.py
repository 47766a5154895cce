"""The menu's *Replays* screen: the player's saves and the shipped scenarios, to watch again.

The menu shows it over itself (``Menu.replays``) when its *Replays…* button (or V) is
pressed. Saves come first, newest first, from the window's saves folder (``--saves``, else
``WOBBLETOP_SAVES``, else the default), then every shipped scenario of the games the menu
offers (``assets/scenarios/<game>/``). A row names the game and the file, with the save's
progress and date or the scenario's description; a file that cannot be read says why in red
and opens nothing. A click (or ↑ ↓ and Enter) opens the replay
(:func:`games.ui.replay_view.open_replay`); a file refused when opened (a changed board) is one
line in the menu's notice. The wheel, ↑ ↓ and Page Up/Down scroll; Esc or *Back* closes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from games.runs.replay import Entry, ReplayError, load_replay, replay_entries
from games.ui.render import ACCENT, INK, INK_DIM, REFUSED, Renderer, shade

if TYPE_CHECKING:  # pragma: no cover
    from games.core.protocol import GameSpec
    from games.ui.shell import Shell

ROW_PX = 50
HEADER_PX = 30


class Opener(Protocol):
    """What the list reads of the menu that opened it (:class:`games.ui.menu.Menu`): the
    window and the games it offers; it closes itself by clearing ``replays``."""

    replays: ReplayList | None

    @property
    def app(self) -> Shell: ...

    @property
    def specs(self) -> list[GameSpec]: ...


class ReplayList:
    """The list of files to replay, drawn over the menu."""

    def __init__(self, menu: Opener) -> None:
        self.menu = menu
        self.app = menu.app
        self.folder = self.app.keeper.folder  # --saves, else WOBBLETOP_SAVES, else the default
        self.entries: list[Entry] = replay_entries([spec.id for spec in menu.specs], self.folder)
        self.selected = 0
        self.scroll = 0  # lines scrolled past
        self.mouse: tuple[int, int] = (0, 0)

    # -- layout ----------------------------------------------------------------------------

    def panel_rect(self) -> pygame.Rect:
        width, height = self.app.screen.get_size()
        panel = pygame.Rect(0, 0, min(820, width - 24), height - 24)
        panel.center = (width // 2, height // 2)
        return panel

    def back_rect(self) -> pygame.Rect:
        panel = self.panel_rect()
        return pygame.Rect(panel.left + 14, panel.top + 12, 96, 34)

    def _lines(self) -> list[tuple[str, Entry | None]]:
        """The list's lines in order: section headings (no entry) and entries."""
        lines: list[tuple[str, Entry | None]] = []
        section = ""
        if not any(entry.section == "Your saves" for entry in self.entries):
            lines.append(("Your saves", None))
            lines.append((f"none yet in {self.folder}", None))
        for entry in self.entries:
            if entry.section != section:
                section = entry.section
                lines.append((section, None))
            lines.append(("", entry))
        return lines

    def rows(self) -> list[tuple[pygame.Rect, str, Entry | None]]:
        """What is on screen now: (rect, heading, entry) for every visible line."""
        panel = self.panel_rect()
        y, bottom = panel.top + 60, panel.bottom - 30
        shown: list[tuple[pygame.Rect, str, Entry | None]] = []
        for heading, entry in self._lines()[self.scroll :]:
            height = ROW_PX if entry is not None else HEADER_PX
            if y + height > bottom:
                break
            shown.append((pygame.Rect(panel.left + 14, y, panel.width - 28, height - 4),
                          heading, entry))
            y += height
        return shown

    def entry_rect(self, path_name: str) -> pygame.Rect | None:
        """Where the row of the file named ``path_name`` is on screen (tests click it),
        scrolling it into view."""
        names = [entry.path.name for entry in self.entries]
        if path_name not in names:
            return None
        index = names.index(path_name)
        self.selected = index
        self._keep_in_view()
        for rect, _, entry in self.rows():
            if entry is not None and entry.path.name == path_name:
                return rect
        return None

    # -- input -----------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            steps = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -8, pygame.K_PAGEDOWN: 8}
            if event.key == pygame.K_ESCAPE:
                self.close()
            elif event.key in steps and self.entries:
                self.selected = min(max(self.selected + steps[event.key], 0),
                                    len(self.entries) - 1)
                self._keep_in_view()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.entries:
                self.open(self.entries[self.selected])
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = min(max(self.scroll - round(event.precise_y or event.y) * 2, 0),
                              max(len(self._lines()) - 1, 0))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            if self.back_rect().collidepoint(event.pos):
                self.close()
                return
            for rect, _, entry in self.rows():
                if entry is not None and rect.collidepoint(event.pos):
                    self.selected = self.entries.index(entry)
                    self.open(entry)
                    return

    def _keep_in_view(self) -> None:
        """Scroll so the selected row shows (with its heading when it is a section's first)."""
        selected = self.entries[self.selected]
        lines = self._lines()
        index = next(i for i, (_, entry) in enumerate(lines) if entry is selected)
        if index <= self.scroll:
            self.scroll = index - 1 if index and lines[index - 1][1] is None else index
        while self.scroll < index and not any(entry is selected for _, _, entry in self.rows()):
            self.scroll += 1

    def close(self) -> None:
        self.menu.replays = None

    def open(self, entry: Entry) -> None:
        """Open ``entry`` as a replay; a file that cannot be is one line in the notice."""
        from games.ui.replay_view import open_replay

        if entry.problem:
            self.app.notify(entry.problem, kind="error", seconds=6.0)
            return
        try:
            file = load_replay(entry.path)
        except ReplayError as error:
            self.app.notify(str(error), kind="error", seconds=6.0)
            return
        self.close()
        open_replay(self.app, file)

    def frame_key(self) -> tuple[object, ...]:
        return (self.selected, self.scroll, self.mouse, len(self.entries))

    # -- drawing ---------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, renderer: Renderer) -> None:
        renderer.background(surface)
        panel = self.panel_rect()
        renderer.panel(surface, panel, alpha=225)
        back = self.back_rect()
        renderer.button(surface, back, "Back", hot=back.collidepoint(self.mouse))
        renderer.text(surface, "Replays", (panel.centerx, panel.top + 29), size=28, bold=True,
                      serif=True, colour=ACCENT, anchor="center")
        for rect, heading, entry in self.rows():
            if entry is None:
                colour = ACCENT if heading in ("Your saves", "Scenarios") else INK_DIM
                renderer.text(surface, renderer.ellipsize(heading, rect.width - 8, 16),
                              (rect.left + 4, rect.centery), size=16, bold=colour is ACCENT,
                              colour=colour, anchor="midleft")
                continue
            selected = self.entries.index(entry) == self.selected
            hot = rect.collidepoint(self.mouse)
            if selected or hot:
                pygame.draw.rect(surface, shade(ACCENT, 0.42 if selected else 0.3), rect,
                                 border_radius=8)
            title = f"{entry.game} · {entry.name}" if entry.game else entry.name
            renderer.text(surface, renderer.ellipsize(title, rect.width - 24, 17, bold=True),
                          (rect.left + 12, rect.top + 5), size=17, bold=True, colour=INK)
            detail = entry.problem or entry.detail
            renderer.text(surface, renderer.ellipsize(detail, rect.width - 24, 14),
                          (rect.left + 12, rect.top + 27), size=14,
                          colour=REFUSED if entry.problem else INK_DIM)
        rows = self.rows()
        if rows and rows[-1][2] is not None and rows[-1][2] is not self.entries[-1]:
            renderer.text(surface, "▼ more below", (panel.right - 20, panel.bottom - 10),
                          size=14, colour=ACCENT, anchor="bottomright")
        hint = "click a file or ↑ ↓ Enter to watch it · wheel scrolls · Esc back"
        renderer.text(surface, renderer.ellipsize(hint, panel.width - 240, 14),
                      (panel.centerx, panel.bottom - 10), size=14, colour=INK_DIM,
                      anchor="midbottom")
