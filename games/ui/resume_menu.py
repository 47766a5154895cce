"""The menu's *Resume*: the saved games, newest first, and the game rebuilt where it was left.

A "Resume (N)" button at the top right of the menu (shown once there is a save in the saves
folder; R opens it too) opens a list over the menu: one row per save, newest first, with its
line from :meth:`games.runs.saves.SavedGame.line` ("Stonewall, 4 players, turn 37, 12 min ago") and
its file name. A click, or Enter on the row chosen with the arrow keys, resumes it; the wheel
scrolls a long list; Esc or R closes it. A save that cannot be resumed (a changed board, a newer
format, a damaged file) says so in its row, and choosing it shows its one line and changes
nothing else.

Resuming replays the game to its saved frame (:class:`games.runs.saves.Resuming`) a slice at a time,
:data:`SLICE_SECONDS` of work per window frame, so the window keeps drawing and answering: a
bar says "Resuming Stonewall… 42%", and Esc gives up and goes back to the list. A quick resume
is done within the click that asked for it. The game then opens exactly where it was, with its
seats, options and config (:meth:`games.ui.app.App.open_session`). ``wobbletop play --resume
FILE`` goes through :meth:`ResumePanel.begin` the same way.
"""

from __future__ import annotations

import sys
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from games.core import registry
from games.runs.saves import SUFFIX, Resuming, SavedGame, SaveError, load_save, saved_games
from games.runs.scenario import Scenario
from games.ui import overlays
from games.ui.render import ACCENT, GOOD, INK, INK_DIM, REFUSED, Renderer

if TYPE_CHECKING:  # pragma: no cover
    from games.ui.shell import Shell

SLICE_SECONDS = 0.08  # replay work per window frame while resuming (Esc still answers)
SLICE_FRAMES = 30  # frames replayed between two looks at the clock
RECOUNT_SECONDS = 2.0  # how often the menu looks for new files in the saves folder
ROW_PX = 56
HEADER_PX = 86
FOOTER_PX = 40


class ResumePanel:
    """The Resume button, the list of saves and the progress of a resume (see the module)."""

    def __init__(self, app: Shell) -> None:
        self.app = app
        self.is_open = False
        self.saves: list[SavedGame] = []
        self.selected = 0
        self.scroll = 0  # rows scrolled past
        self.count = 0  # save files in the folder, for the button
        self._counted_at: float | None = None
        self.mouse = (0, 0)
        self.resuming: Resuming | None = None
        self._resuming_title = ""

    @property
    def folder(self) -> Path:
        return self.app.keeper.folder

    # -- the menu's hooks ---------------------------------------------------------------

    def update(self) -> None:
        """Once a window frame while the menu shows: count the saves, advance a resume."""
        if self.resuming is not None:
            self._advance(SLICE_SECONDS)
            return
        now = self.app.time
        if self._counted_at is None or now - self._counted_at >= RECOUNT_SECONDS:
            self._counted_at = now
            self.count = _count(self.folder)

    def recount(self) -> None:
        """Look at the folder again on the next frame (a game was just left, say)."""
        self._counted_at = None

    def frame_key(self) -> tuple[object, ...]:
        # while resuming, every frame is new (an idle menu would wake less often)
        progress = self.resuming.session.frame if self.resuming else -1
        return (self.is_open, self.count, self.selected, self.scroll, len(self.saves),
                self.mouse if self.is_open else None, progress)

    def captures_escape(self) -> bool:
        return self.is_open or self.resuming is not None

    def handle_event(self, event: pygame.event.Event) -> bool:
        """True if the event was the panel's (the menu then leaves it alone)."""
        if self.resuming is not None:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.resuming = None
                self.app.notify("Resume cancelled", kind="note")
            return True  # nothing else while a game is being rebuilt
        if not self.is_open:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_r:
                self.open()
                return True
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                button = self.button_rect()
                if button is not None and button.collidepoint(event.pos):
                    self.open()
                    return True
            return False
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            row = self.row_at(event.pos)
            if row is not None:
                self.selected = row
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            row = self.row_at(event.pos)
            if row is not None:
                self.selected = row
                self.choose(row)
            elif not self.panel_rect().collidepoint(event.pos):
                self.close()
        elif event.type == pygame.MOUSEWHEEL:
            self._scroll_by(-int(event.precise_y or event.y))
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_r):
                self.close()
            elif event.key in (pygame.K_UP, pygame.K_w) and self.saves:
                self.selected = (self.selected - 1) % len(self.saves)
                self._keep_selected_in_view()
            elif event.key in (pygame.K_DOWN, pygame.K_s) and self.saves:
                self.selected = (self.selected + 1) % len(self.saves)
                self._keep_selected_in_view()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.saves:
                self.choose(self.selected)
        return True

    # -- actions --------------------------------------------------------------------------

    def open(self) -> None:
        """Show the list, read afresh from the saves folder."""
        self.saves = saved_games(self.folder)
        self.count = len(self.saves)
        self.selected = min(self.selected, max(len(self.saves) - 1, 0))
        self.scroll = 0
        self.is_open = True
        self._keep_selected_in_view()

    def close(self) -> None:
        self.is_open = False

    def choose(self, index: int) -> None:
        """Resume the save in row ``index``; a save that cannot be resumed is one line."""
        saved = self.saves[index]
        if saved.scenario is None:
            self._refuse(saved.problem)
            return
        self.begin(saved.path)

    def begin(self, path: Path, scenario: Scenario | None = None) -> None:
        """Resume the save at ``path`` (``scenario``: already read by the command line)."""
        try:
            scenario = scenario if scenario is not None else load_save(path)
            self.resuming = Resuming(scenario, path)
        except SaveError as error:
            self._refuse(str(error))
            return
        try:
            self._resuming_title = registry.load(scenario.game).title
        except registry.UnknownGame:  # load_save checked it; kept for safety
            self._resuming_title = scenario.game
        self._advance(SLICE_SECONDS)  # a quick one is done within the click

    def _advance(self, seconds: float) -> None:
        resuming = self.resuming
        assert resuming is not None
        deadline = time.perf_counter() + seconds
        try:
            while not resuming.step(SLICE_FRAMES):
                if time.perf_counter() >= deadline:
                    return
        except SaveError as error:
            self.resuming = None
            self._refuse(str(error))
            return
        self.resuming = None
        self.is_open = False
        self.app.open_resumed(resuming.session, resuming.path)

    def _refuse(self, message: str) -> None:
        print(f"wobbletop: {message}", file=sys.stderr)
        self.app.notify(message, kind="error", seconds=8.0)

    # -- layout ---------------------------------------------------------------------------

    def button_label(self) -> str:
        return f"Resume ({self.count})"

    def button_rect(self) -> pygame.Rect | None:
        """The menu's Resume button (top right), or None while there is no save."""
        if self.count == 0:
            return None
        width, height = self.app.screen.get_size()
        label_width = self.app.renderer.font(16, bold=True).size(self.button_label())[0]
        rect = pygame.Rect(0, 0, label_width + 36, 36 if height >= 440 else 30)
        margin = 20 if width >= 640 else 12
        rect.topright = (width - margin, 12 if height >= 440 else 6)
        return rect

    def panel_rect(self) -> pygame.Rect:
        area = pygame.Rect(0, 0, *self.app.screen.get_size()).inflate(-8, -8)
        return overlays.help_panel(area)

    def _rows_area(self) -> pygame.Rect:
        panel = self.panel_rect()
        return pygame.Rect(
            panel.left + 16, panel.top + HEADER_PX, panel.width - 32,
            max(panel.height - HEADER_PX - FOOTER_PX, ROW_PX),
        )

    def _rows_shown(self) -> int:
        return max(self._rows_area().height // ROW_PX, 1)

    def row_rect(self, index: int) -> pygame.Rect | None:
        """Where row ``index`` is on screen, or None if it is scrolled out of view."""
        shown = index - self.scroll
        if not 0 <= shown < self._rows_shown() or index >= len(self.saves):
            return None
        area = self._rows_area()
        return pygame.Rect(area.left, area.top + shown * ROW_PX, area.width, ROW_PX - 6)

    def row_at(self, pos: tuple[int, int]) -> int | None:
        for index in range(self.scroll, min(self.scroll + self._rows_shown(), len(self.saves))):
            rect = self.row_rect(index)
            if rect is not None and rect.collidepoint(pos):
                return index
        return None

    def _scroll_by(self, rows: int) -> None:
        most = max(len(self.saves) - self._rows_shown(), 0)
        self.scroll = min(max(self.scroll + rows, 0), most)

    def _keep_selected_in_view(self) -> None:
        shown = self._rows_shown()
        if self.selected < self.scroll:
            self.scroll = self.selected
        elif self.selected >= self.scroll + shown:
            self.scroll = self.selected - shown + 1

    # -- drawing --------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, renderer: Renderer) -> None:
        """The button on the menu; over it, the list or the progress of a resume."""
        button = self.button_rect()
        if button is not None and not self.is_open:
            renderer.button(surface, button, self.button_label(),
                            hot=button.collidepoint(self.app.menu.mouse))
        if self.resuming is not None:
            self._draw_progress(surface, renderer)
        elif self.is_open:
            self._draw_list(surface, renderer)

    def _draw_list(self, surface: pygame.Surface, renderer: Renderer) -> None:
        _dim(surface)
        panel = self.panel_rect()
        renderer.panel(surface, panel, alpha=255)
        renderer.text(surface, "Resume a saved game", (panel.left + 24, panel.top + 18),
                      size=26, bold=True, serif=True, colour=ACCENT)
        renderer.text(
            surface, renderer.ellipsize(f"from {self.folder}", panel.width - 48, 14),
            (panel.left + 24, panel.top + 56), size=14, colour=INK_DIM,
        )
        if not self.saves:
            lines = renderer.wrap(
                "No saved games yet. Ctrl+S in a game saves it, and an unfinished game is "
                "kept when you leave it.", panel.width - 48, 17,
            )
            for n, line in enumerate(lines):
                renderer.text(surface, line, (panel.left + 24, panel.top + HEADER_PX + n * 24),
                              size=17)
        now = datetime.now(timezone.utc)
        for index, saved in enumerate(self.saves):
            rect = self.row_rect(index)
            if rect is None:
                continue
            chosen = index == self.selected
            if chosen:
                pygame.draw.rect(surface, (58, 52, 44), rect, border_radius=8)
                pygame.draw.rect(surface, ACCENT, rect, width=2, border_radius=8)
            room = rect.width - 28
            colour = INK if saved.scenario is not None else REFUSED
            renderer.text(surface, renderer.ellipsize(saved.line(now), room, 18, bold=True),
                          (rect.left + 14, rect.top + 5), size=18, bold=True, colour=colour)
            # the file's name, or why it cannot be resumed (its name is in the line above)
            second = saved.path.name
            if saved.scenario is None:
                second = saved.problem.removeprefix(f"{saved.path}: ")
            renderer.text(surface, renderer.ellipsize(second, room, 13),
                          (rect.left + 14, rect.top + 30), size=13, colour=INK_DIM)
        hidden = len(self.saves) > self._rows_shown()
        footer = "click or Enter resumes · ↑ ↓ choose · Esc back"
        if hidden:
            footer = "wheel for more · " + footer
        renderer.text(surface, renderer.ellipsize(footer, panel.width - 24, 15),
                      (panel.centerx, panel.bottom - 12), size=15, colour=INK_DIM,
                      anchor="midbottom")

    def _draw_progress(self, surface: pygame.Surface, renderer: Renderer) -> None:
        resuming = self.resuming
        assert resuming is not None
        _dim(surface)
        panel = self.panel_rect()
        renderer.panel(surface, panel, alpha=255)
        percent = int(resuming.fraction * 100)
        renderer.text(surface, f"Resuming {self._resuming_title}… {percent}%",
                      (panel.centerx, panel.centery - 48), size=26, bold=True, serif=True,
                      colour=ACCENT, anchor="midbottom")
        bar = pygame.Rect(0, 0, min(panel.width - 80, 520), 22)
        bar.center = panel.center
        pygame.draw.rect(surface, (58, 52, 44), bar, border_radius=11)
        filled = bar.copy()
        filled.width = max(round(bar.width * resuming.fraction), 22)
        pygame.draw.rect(surface, GOOD, filled, border_radius=11)
        renderer.text(
            surface,
            renderer.ellipsize(f"replaying {resuming.path.name} to where it was saved",
                               panel.width - 48, 15),
            (panel.centerx, bar.bottom + 18), size=15, colour=INK_DIM, anchor="midtop",
        )
        renderer.text(surface, "Esc cancels", (panel.centerx, panel.bottom - 12), size=15,
                      colour=INK_DIM, anchor="midbottom")


def _count(folder: Path) -> int:
    """How many save files (``*.toml``) the folder holds (0 if it is missing)."""
    try:
        return sum(1 for path in folder.glob(f"*{SUFFIX}") if path.is_file())
    except OSError:
        return 0


def _dim(surface: pygame.Surface) -> None:
    """Darken the menu under the panel: its keys (Enter starts, Esc quits) are not in play."""
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 170))
    surface.blit(shade, (0, 0))
