"""The constants panel (C, or *Constants…* in the menu): tune the physics while you play.

It lists every section and key of the effective config with its value, unit, allowed range
and where the value came from (:mod:`games.runs.tuning` holds the rules; this module draws and
reads the mouse and keys). A key is changed with its slider (a logarithmic one for a range
wider than 100×, from a low above 0) or by clicking its value and typing one (Enter applies,
Esc cancels; true/false keys flip with a click). A change goes through the live reload's
validator and :func:`apply_panel_config` hands the whole new config to the game through
``App.apply_config``, as a recorded config input: a recording or save holds it at its frame. A
value the rules refuse (out of range, against a rule across keys) is not applied: the panel
says why, in red, with the allowed range. A slider applies while it is dragged (at most every
:data:`DRAG_APPLY_SECONDS`) and once more where it is let go; the whole drag is one change for
*Undo*.

*Reset* (per key) and *Reset section* put defaults back, *Undo* (or Ctrl+Z while the panel is
open) takes back the last change, *Save* writes the changed keys into the user's file
(:func:`games.runs.tuning.save_changes`), and *Replay with these constants* plays the game so far
again from its start with the panel's constants, in slices of each rendered frame, and shows
both runs' outcome and digest (:mod:`games.runs.side_by_side`); *Watch* opens the re-run in the
replay window.

The panel stands on the right of the play area (all of it in a narrow window), so the table
stays in view; the wheel and ↑ ↓ Page Up/Down scroll it. In the menu it edits the constants
the next game starts with. A key marked "F5" is one a running world cannot take up (piece sizes,
materials, step_hz...): it applies at the next start.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from games.runs.tuning import (
    PANEL_SOURCE,
    Constant,
    SaveRefused,
    Tuner,
    TuneRefused,
    describe_path,
    save_changes,
    saved_path,
)
from games.ui.render import ACCENT, GOOD, INK, INK_DIM, REFUSED, Colour, Renderer, shade
from physics.config import LoadedConfig, PhysicsConfig
from physics.live import ConfigWatcher

if TYPE_CHECKING:  # pragma: no cover
    from games.runs.side_by_side import Rerun, Run
    from games.ui.shell import GameRun, Shell

PANEL_KEY = pygame.K_c
PANEL_WIDTH = 460
ROW_PX = 56
SECTION_PX = 34
PAD = 10
BUTTON_PX = 28
VALUE_WIDTH = 96
RESET_WIDTH = 54
DRAG_APPLY_SECONDS = 0.15
RERUN_SLICE_SECONDS = 0.012  # of each rendered frame for Replay with these constants
SCROLL_KEYS = {pygame.K_UP: -40, pygame.K_DOWN: 40, pygame.K_PAGEUP: -240, pygame.K_PAGEDOWN: 240}
TYPED = set("0123456789.-+eE_") | set("truefalsonyTRUEFALSONY")


def apply_panel_config(app: Shell, tuner: Tuner, what: str) -> None:
    """Hand the panel's config to the app as a live reload does (``App.apply_config``: the
    running game gets it as a recorded config input), then say what changed."""
    app.apply_config(tuner.loaded())
    app.notify(what, kind="info", seconds=4.0)


@dataclass
class _Row:
    kind: str  # "section" or "key"
    name: str  # the section, or the dotted key
    top: int  # px from the list's top, before scrolling


class TunePanel:
    """The panel over the play area; :meth:`handle_event` returns True for an event it used."""

    def __init__(self, app: Shell) -> None:
        self.app = app
        self.open = False
        self.tuner: Tuner | None = None
        self.scroll = 0
        self.scroll_max = 0
        self.editing: str | None = None  # the key whose value is being typed
        self.typed = ""
        self.dragging: str | None = None  # the key whose slider is held
        self._drag_history = 0  # undo entries before the drag began
        self._drag_applied_at = -math.inf
        self._drag_pending = False
        self.message: tuple[str, Colour] | None = None
        self.runs: tuple[Run, Run] | None = None
        self.rerun: Rerun | None = None  # a Replay with these constants under way
        self.watchable: Rerun | None = None  # the last one done: Watch opens it
        self.mouse: tuple[int, int] = (0, 0)

    # -- where and when ------------------------------------------------------------------

    def available(self) -> bool:
        """In the menu (the next game's constants) and in every physics game; not a replay."""
        game = self.app.game
        if game is None:
            return not self.app.menu.captures_escape()  # not over the help, saves, replays
        return game.spec.physics and not game.replay

    def rect(self) -> pygame.Rect:
        area = self.app.play_rect
        if self.app.game is None:  # over the menu: between its header and its key hints
            width, height = self.app.screen.get_size()
            area = pygame.Rect(0, 0, width, height)
        width = area.width if area.width < 640 else max(min(PANEL_WIDTH, area.width // 2), 360)
        return pygame.Rect(area.right - width, area.top, width, area.height)

    def toggle(self) -> None:
        if self.open:
            self.close()
            return
        self.open = True
        self.sync()
        self.message = None

    def close(self) -> None:
        self._finish_drag()
        self.open = False
        self.editing = None

    def sync(self) -> None:
        """Follow the app's config: a live reload or a new game since the panel last looked."""
        base = self.app.watcher.last_good
        if self.tuner is None:
            self.tuner = Tuner(base, self.app.config)
        elif self.tuner.config is not self.app.config or self.tuner.base is not base:
            self.tuner.follow(base, self.app.config)
            self.tuner.history.clear()
            self.runs = self.watchable = None

    # -- events --------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            self.mouse = event.pos
        entry = menu_button_rect(self.app) if self.app.game is None and self.available() else None
        if event.type == pygame.MOUSEBUTTONDOWN and entry and entry.collidepoint(event.pos):
            self.toggle()
            return True
        if event.type == pygame.KEYDOWN and not self.open:
            game = self.app.game
            owned = game is not None and PANEL_KEY in game.view.own_keys  # the game's own C
            if event.key == PANEL_KEY and not event.mod & pygame.KMOD_CTRL and not owned and (
                self.available()
            ):
                self.toggle()
                return True
            return False
        if not self.open:
            return False
        if not self.available():
            self.close()
            return False
        self.sync()
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.TEXTINPUT:
            return self.editing is not None  # typed text is read from KEYDOWN's unicode
        if event.type == pygame.MOUSEWHEEL:
            if not self.rect().collidepoint(self.mouse):
                return False
            self.scroll_by(-round((event.precise_y or event.y) * 40))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            if not self.rect().collidepoint(event.pos):
                self._commit_typed()
                return False
            if event.button == 1:
                self._press(event.pos)
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging is not None:
            self._slide(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONUP and self.dragging is not None:
            self._slide(event.pos)
            self._finish_drag()
            return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if key == pygame.K_F11:
            return False  # full screen, whatever is open
        if self.editing is not None:
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB):
                self._commit_typed()
            elif key == pygame.K_ESCAPE:
                self.editing = None
            elif key == pygame.K_BACKSPACE:
                self.typed = self.typed[:-1]
            elif event.unicode and event.unicode in TYPED and len(self.typed) < 24:
                self.typed += event.unicode
            return True
        if key in (pygame.K_ESCAPE, PANEL_KEY) and not event.mod & pygame.KMOD_CTRL:
            self.close()
            return True
        if key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo()
            return True
        if key in SCROLL_KEYS:
            self.scroll_by(SCROLL_KEYS[key])
            return True
        return False

    def scroll_by(self, pixels: int) -> None:
        self.scroll = min(max(self.scroll + pixels, 0), self.scroll_max)

    # -- the parts' rectangles -----------------------------------------------------------

    def buttons(self) -> dict[str, pygame.Rect]:
        """The toolbar: Undo, Save, Close on one row, *Replay with these constants* below (all
        four on one row in a short panel, the replay's label shortened)."""
        panel = self.rect()
        left, top = panel.left + PAD, panel.top + 40
        width = panel.width - 2 * PAD
        if self._compact():
            quarter = (width - 3 * 6) // 4
            row = [pygame.Rect(left + i * (quarter + 6), top, quarter, BUTTON_PX) for i in range(4)]
            return {"undo": row[0], "save": row[1], "replay": row[2], "close": row[3]}
        third = (width - 2 * 8) // 3
        row = [pygame.Rect(left + i * (third + 8), top, third, BUTTON_PX) for i in range(3)]
        replay = pygame.Rect(left, top + BUTTON_PX + 8, width, BUTTON_PX)
        return {"undo": row[0], "save": row[1], "close": row[2], "replay": replay}

    def list_rect(self) -> pygame.Rect:
        panel = self.rect()
        top = max(rect.bottom for rect in self.buttons().values()) + 8
        top += 18 * max(len(self._message_lines()), 1) + 4
        if self.runs is not None:
            top += self._runs_height()
        return pygame.Rect(panel.left, top, panel.width, max(panel.bottom - top - 6, 20))

    def rows(self) -> list[_Row]:
        tuner = self.tuner
        if tuner is None:
            return []
        found: list[_Row] = []
        y = 0
        for section in tuner.sections():
            found.append(_Row("section", section, y))
            y += SECTION_PX
            for key in tuner.keys_of(section):
                found.append(_Row("key", key, y))
                y += ROW_PX
        return found

    def _row_parts(self, row: _Row, area: pygame.Rect | None = None) -> dict[str, pygame.Rect]:
        """A row's clickable parts on screen: value box, reset, slider track (a key), or the
        section's reset button (``area``: the list's rectangle, if known)."""
        area = area or self.list_rect()
        top = area.top + row.top - self.scroll
        right = area.right - PAD
        if row.kind == "section":
            return {"reset": pygame.Rect(right - 128, top + 4, 128, SECTION_PX - 8)}
        reset = pygame.Rect(right - RESET_WIDTH, top + 2, RESET_WIDTH, 24)
        value = pygame.Rect(reset.left - 6 - VALUE_WIDTH, top + 2, VALUE_WIDTH, 24)
        track = pygame.Rect(area.left + PAD + 6, top + 44, area.width - 2 * PAD - 12, 6)
        return {"value": value, "reset": reset, "track": track}

    def row_parts(self, key: str) -> dict[str, pygame.Rect]:
        """The parts of ``key``'s row (tests aim at them); scrolls the row into view first."""
        row = next(row for row in self.rows() if row.name == key)
        area = self.list_rect()
        if not (self.scroll <= row.top and row.top + ROW_PX <= self.scroll + area.height):
            self.scroll = min(max(row.top - 20, 0), max(self.scroll_max, row.top))
        return self._row_parts(row)

    # -- actions -------------------------------------------------------------------------

    def _press(self, pos: tuple[int, int]) -> None:
        self._commit_typed()
        for name, rect in self.buttons().items():
            if rect.collidepoint(pos):
                getattr(self, name if name != "replay" else "replay_with_these")()
                return
        watch = self.watch_rect()
        if watch is not None and watch.collidepoint(pos):
            self.watch()
            return
        area = self.list_rect()
        if not area.collidepoint(pos) or self.tuner is None:
            return
        for row in self.rows():
            parts = self._row_parts(row, area)
            if row.kind == "section":
                if parts["reset"].collidepoint(pos):
                    reset = partial(Tuner.reset_section, section=row.name)
                    self._apply(reset, f"[{row.name}] reset")
                    return
                continue
            constant = self.tuner.constants[row.name]
            if parts["reset"].collidepoint(pos):
                self._apply(partial(Tuner.reset, key=row.name), f"{row.name} reset")
                return
            if parts["value"].collidepoint(pos):
                if constant.kind is bool:
                    flipped = not self.tuner.values[row.name]
                    self._apply(partial(Tuner.set, key=row.name, value=flipped), None, row.name)
                else:
                    self.editing, self.typed = row.name, _shown(self.tuner.values[row.name])
                return
            if constant.kind is not bool and parts["track"].inflate(0, 16).collidepoint(pos):
                self.dragging = row.name
                self._drag_history = len(self.tuner.history)
                self._drag_applied_at = -math.inf
                self._slide(pos)
                return

    def _slide(self, pos: tuple[int, int]) -> None:
        key, tuner = self.dragging, self.tuner
        if key is None or tuner is None:
            return
        track = self._row_parts(next(row for row in self.rows() if row.name == key))["track"]
        share = min(max((pos[0] - track.left) / max(track.width, 1), 0.0), 1.0)
        value = value_at(tuner.constants[key], share)
        try:
            tuner.set(key, value)
        except TuneRefused as refusal:
            self.message = (str(refusal), REFUSED)
            return
        self._drag_pending = True
        if self.app.time - self._drag_applied_at >= DRAG_APPLY_SECONDS:
            self._apply_now(self._said(key))

    def _finish_drag(self) -> None:
        tuner = self.tuner
        if self.dragging is None or tuner is None:
            return
        key, self.dragging = self.dragging, None
        if len(tuner.history) > self._drag_history + 1:  # the whole drag is one change
            del tuner.history[self._drag_history + 1 :]
        if self._drag_pending:
            self._apply_now(self._said(key))

    def _apply_now(self, what: str) -> None:
        assert self.tuner is not None
        self._drag_pending = False
        self._drag_applied_at = self.app.time
        apply_panel_config(self.app, self.tuner, what)
        self.message = (what, GOOD)

    def _commit_typed(self) -> None:
        key, self.editing = self.editing, None
        if key is None:
            return
        self._apply(partial(Tuner.set_text, key=key, text=self.typed), None, key)

    def _apply(
        self, change: Callable[[Tuner], PhysicsConfig], what: str | None, key: str | None = None
    ) -> None:
        """Run ``change(tuner)``; apply the result, or show the refusal (nothing changes)."""
        tuner = self.tuner
        if tuner is None:
            return
        before = tuner.config
        try:
            config = change(tuner)
        except TuneRefused as refusal:
            self.message = (f"Refused: {refusal}", REFUSED)
            return
        if config is before:
            self.message = ("No value changed", INK_DIM)
            return
        self._apply_now(what or self._said(key or ""))

    def _said(self, key: str) -> str:
        assert self.tuner is not None
        constant = self.tuner.constants.get(key)
        later = " (applies at the next start: F5)" if constant and constant.needs_restart else ""
        return f"{key} = {_shown(self.tuner.values.get(key))}{later}"

    def undo(self) -> None:
        tuner = self.tuner
        if tuner is None:
            return
        if tuner.undo() is None:
            self.message = ("Nothing to undo", INK_DIM)
            return
        self._apply_now("Took back the last change")

    def save(self) -> None:
        tuner = self.tuner
        if tuner is None:
            return
        app = self.app
        path = saved_path(app.config_path)
        changes = tuner.changed()
        if not changes:
            self.message = (f"Nothing to save: {describe_path(path)} has these values", INK_DIM)
            return
        try:
            loaded = save_changes(path, changes, tuner.config)
        except SaveRefused as refusal:
            self.message = (f"Not saved: {refusal}", REFUSED)
            return
        follow_saved_file(app, path, loaded)
        tuner.follow(app.watcher.last_good, app.config)
        count = len(changes)
        self.message = (f"Saved {count} key{'s' * (count > 1)} to {describe_path(path)}", GOOD)

    def replay_with_these(self) -> None:
        """Play the game so far again from its start with the panel's constants (in slices,
        a few ms each rendered frame: :meth:`work`)."""
        from games.runs.side_by_side import Rerun

        game, tuner = self.app.game, self.tuner
        if game is None or tuner is None:
            self.message = ("Start a game first: there is nothing to replay", INK_DIM)
            return
        self.runs = self.watchable = None
        try:
            self.rerun = Rerun(game.spec, game.session, tuner.config)
        except Exception as error:  # the game's own bug: said, the game goes on
            self.message = (f"The replay failed: {type(error).__name__}: {error}", REFUSED)
            return
        self.message = (f"Replaying {game.session.frame} frames with these constants…", INK)

    def watch_rect(self) -> pygame.Rect | None:
        """*Watch*, beside the message once both runs are shown."""
        if self.runs is None or self.watchable is None:
            return None
        top = max(rect.bottom for rect in self.buttons().values()) + 6
        return pygame.Rect(self.rect().right - PAD - 80, top, 80, 22)

    def watch(self) -> None:
        """Leave the game (kept, as on every leaving) and play the re-run back in the replay
        window: its timeline, speeds and *Play from here*."""
        from games.ui.replay_view import open_replay

        rerun = self.watchable
        if rerun is None:
            return
        self.watchable = self.runs = None
        self.close()
        open_replay(self.app, rerun.to_watch())

    def work(self) -> None:
        """A slice of the replay under way, if any (called once per rendered frame)."""
        rerun = self.rerun
        if rerun is None:
            return
        if self.app.game is None or self.app.game.session is not rerun.source:
            self.rerun = None  # that game was left (or taken back by Ctrl+Z)
            return
        try:
            done = rerun.work(RERUN_SLICE_SECONDS)
        except Exception as error:
            self.rerun = None
            self.message = (f"The replay failed: {type(error).__name__}: {error}", REFUSED)
            return
        if not done:
            self.message = (f"Replaying with these constants… {rerun.share_done:.0%}", INK)
            return
        self.rerun, self.runs, self.watchable = None, rerun.runs, rerun
        assert self.runs is not None
        same = self.runs[0].digest == self.runs[1].digest
        words = "the same digest" if same else "a different digest"
        self.message = (f"Replayed {rerun.limit} frames: {words}", GOOD)

    # -- drawing -------------------------------------------------------------------------

    def frame_key(self) -> tuple[object, ...]:
        """What the panel's picture depends on (the idle menu redraws when it changes)."""
        if not self.open:  # only the menu entry's hover shows
            entry = menu_button_rect(self.app)
            return (False, bool(entry and entry.collidepoint(self.mouse)))
        values = tuple(self.tuner.values.items()) if self.tuner else ()
        return (True, self.scroll, self.editing, self.typed, self.message, self.mouse, values,
                self.runs, self.dragging, self.rerun)

    def draw(self, surface: pygame.Surface, renderer: Renderer) -> None:
        """Draw the panel (and the menu's entry); a replay under way gets its slice first."""
        if self.open:
            self.work()
        entry = menu_button_rect(self.app) if self.app.game is None and self.available() else None
        if entry is not None:
            renderer.button(surface, entry, "Constants…", hot=entry.collidepoint(self.mouse),
                            text_size=self.app.menu.header_text())
        if not self.open:
            return
        if not self.available():
            self.close()
            return
        self.sync()
        tuner = self.tuner
        assert tuner is not None
        panel = self.rect()
        renderer.panel(surface, panel, alpha=248, radius=10)
        title = "Constants" + ("" if self.app.game else " for the next game")
        title_rect = renderer.text(surface, title, (panel.left + PAD, panel.top + 8), size=20,
                                   bold=True, colour=ACCENT)
        target = describe_path(saved_path(self.app.config_path))
        room = panel.right - PAD - title_rect.right - 2 * PAD
        note = tail_fitting(renderer, f"saves to {target}", room, 13)
        renderer.text(surface, note, (panel.right - PAD, panel.top + 14), size=13,
                      colour=INK_DIM, anchor="topright")
        labels = {"undo": "Undo", "save": "Save", "close": "Close",
                  "replay": "Replay with these" if self._compact() else
                  "Replay with these constants"}
        for name, rect in self.buttons().items():
            enabled = {"undo": bool(tuner.history), "save": bool(tuner.changed()),
                       "replay": self.app.game is not None}.get(name, True)
            renderer.button(surface, rect, labels[name], hot=rect.collidepoint(self.mouse),
                            enabled=enabled)
        y = max(rect.bottom for rect in self.buttons().values()) + 8
        lines = self._message_lines()
        watch = self.watch_rect()
        if watch is not None:
            renderer.button(surface, watch, "Watch", hot=watch.collidepoint(self.mouse))
        for line in lines:
            colour = self.message[1] if self.message else INK
            renderer.text(surface, line, (panel.left + PAD, y), size=14, bold=True, colour=colour)
            y += 18
        y += 4 + (18 if not lines else 0)
        if self.runs is not None:
            self._draw_runs(surface, renderer, panel, y)
        self._draw_list(surface, renderer, tuner)

    def _message_lines(self) -> list[str]:
        """The message, wrapped to at most two lines (a refusal's allowed range stays whole)."""
        if self.message is None:
            return []
        renderer = self.app.renderer
        width = self.rect().width - 2 * PAD - (90 if self.watch_rect() else 0)
        lines = renderer.wrap(self.message[0], width, 14, bold=True)
        if len(lines) > 2:
            lines = [lines[0], renderer.ellipsize(" ".join(lines[1:]), width, 14, bold=True)]
        return lines

    def _compact(self) -> bool:
        """A short panel shows each run on one line (the list keeps room for its rows)."""
        return self.rect().height < 420

    def _runs_height(self) -> int:
        return (2 if self._compact() else 4) * 18 + 6

    def _draw_runs(
        self, surface: pygame.Surface, renderer: Renderer, panel: pygame.Rect, y: int
    ) -> None:
        assert self.runs is not None
        width = panel.width - 2 * PAD
        for run in self.runs:
            at = "" if "frame" in run.outcome else f" at frame {run.frame}"
            head = f"{run.label.capitalize()}: {run.outcome}{at}"
            tail = f"digest {run.digest[:16]}…" + (f" · {run.note}" if run.note else "")
            if self._compact():
                head = f"{head} · {run.digest[:8]}"
            renderer.text(surface, renderer.ellipsize(head, width, 13, bold=True),
                          (panel.left + PAD, y), size=13, bold=True, colour=INK)
            if not self._compact():
                renderer.text(surface, renderer.ellipsize(tail, width, 13),
                              (panel.left + PAD, y + 18), size=13, colour=INK_DIM)
            y += 18 if self._compact() else 36

    def _draw_list(self, surface: pygame.Surface, renderer: Renderer, tuner: Tuner) -> None:
        area = self.list_rect()
        rows = self.rows()
        total = (rows[-1].top + ROW_PX) if rows else 0
        self.scroll_max = max(total - area.height, 0)
        self.scroll = min(self.scroll, self.scroll_max)
        clip = surface.get_clip()
        surface.set_clip(area)
        for row in rows:
            top = area.top + row.top - self.scroll
            if top > area.bottom or top + ROW_PX < area.top:
                continue
            parts = self._row_parts(row, area)
            if row.kind == "section":
                pygame.draw.line(surface, shade(INK_DIM, 0.6), (area.left + PAD, top + 1),
                                 (area.right - PAD, top + 1))
                renderer.text(surface, f"[{row.name}]", (area.left + PAD, top + 8), size=16,
                              bold=True, colour=ACCENT)
                rect = parts["reset"]
                renderer.button(surface, rect, "Reset section", hot=rect.collidepoint(self.mouse))
            else:
                self._draw_key(surface, renderer, tuner.constants[row.name], parts, top, area)
        surface.set_clip(clip)
        if self.scroll_max:
            share = area.height / (area.height + self.scroll_max)
            bar = pygame.Rect(area.right - 4, 0, 3, max(round(area.height * share), 16))
            bar.top = area.top + round((area.height - bar.height) * self.scroll / self.scroll_max)
            pygame.draw.rect(surface, INK_DIM, bar, border_radius=2)

    def _draw_key(
        self,
        surface: pygame.Surface,
        renderer: Renderer,
        constant: Constant,
        parts: dict[str, pygame.Rect],
        top: int,
        area: pygame.Rect,
    ) -> None:
        tuner = self.tuner
        assert tuner is not None
        left = area.left + PAD
        value_box = parts["value"]
        name = constant.name + ("  F5" if constant.needs_restart else "")
        name = renderer.ellipsize(name, value_box.left - left - 6, 15, bold=True)
        renderer.text(surface, name, (left, top + 4), size=15, bold=True)
        editing = self.editing == constant.key
        value = tuner.values.get(constant.key)
        pygame.draw.rect(surface, (44, 46, 52) if not editing else (70, 60, 36), value_box,
                         border_radius=4)
        pygame.draw.rect(surface, ACCENT if editing else shade(INK_DIM, 0.7), value_box, width=1,
                         border_radius=4)
        text = (self.typed + "|") if editing else _shown(value)
        renderer.text(surface, renderer.ellipsize(text, value_box.width - 8, 14),
                      (value_box.right - 5, value_box.centery), size=14, anchor="midright",
                      shadow=False)
        renderer.button(surface, parts["reset"], "Reset",
                        hot=parts["reset"].collidepoint(self.mouse))
        source = tuner.source(constant.key)
        colour = ACCENT if source == PANEL_SOURCE else INK_DIM
        where = f"{_short_source(source)} · {_range_words(constant)}"
        renderer.text(surface, renderer.ellipsize(where, parts["track"].width, 12),
                      (left, top + 27), size=12, colour=colour, shadow=False)
        if constant.kind is not bool:
            track = parts["track"]
            pygame.draw.rect(surface, shade(INK_DIM, 0.5), track, border_radius=3)
            share = share_of(constant, value)
            knob = (track.left + round(share * track.width), track.centery)
            pygame.draw.rect(surface, ACCENT, pygame.Rect(track.left, track.top, knob[0] -
                                                          track.left, track.height),
                             border_radius=3)
            pygame.draw.circle(surface, INK if self.dragging != constant.key else ACCENT, knob, 7)


def tail_fitting(renderer: Renderer, text: str, width: int, size: int) -> str:
    """``text``, or "…" and as much of its end as fits ``width`` px (a path's file name)."""
    font = renderer.font(size)
    if font.size(text)[0] <= width:
        return text
    for start in range(1, len(text)):
        if font.size("…" + text[start:])[0] <= width:
            return "…" + text[start:]
    return "…"


def menu_button_rect(app: Shell) -> pygame.Rect | None:
    """The menu's *Constants…* entry, under *Replays…* (scaled with the menu), where the menu
    has room (a window at least 600 px tall); C opens the panel in any window."""
    return app.menu.header_rect(0, 1) if app.screen.get_height() >= 600 else None


def follow_saved_file(app: Shell, path: Path, loaded: LoadedConfig) -> None:
    """After a save: the app uses ``path`` as its config file from now on (a new game, a
    recording's description) and watches it from its saved content, so the save itself is not
    taken for an edit of the file."""
    app.config_path = path
    app.watcher = ConfigWatcher(path, interval=app.watcher.interval, current=loaded)


def _short_source(source: str) -> str:
    if source == PANEL_SOURCE or source in ("built-in default", "assets/physics.toml"):
        return source
    return f"from {describe_path(source)}"


def _range_words(constant: Constant) -> str:
    """``0 to 100000 · mm/s² downward``: the range first, the unit after (cut if long)."""
    if constant.kind is bool:
        return "true or false"
    span = f"{constant.low:g} to {constant.high:g}" if constant.high is not None else ""
    return " · ".join(part for part in (span, constant.unit) if part)


def _shown(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:.6g}"
    return str(value)


def _log_scale(constant: Constant) -> bool:
    low, high = constant.low, constant.high
    return low is not None and high is not None and low > 0 and high / low >= 100


def share_of(constant: Constant, value: object) -> float:
    """Where ``value`` stands on the key's slider, 0 to 1."""
    low, high = constant.low, constant.high
    if low is None or high is None or high <= low or not isinstance(value, (int, float)):
        return 0.0
    if _log_scale(constant):
        share = math.log(max(float(value), low) / low) / math.log(high / low)
    else:
        share = (float(value) - low) / (high - low)
    return min(max(share, 0.0), 1.0)


def value_at(constant: Constant, share: float) -> float | int:
    """The slider's value at ``share`` (0 to 1), rounded to 3 significant digits (a whole
    number for an integer key), kept within the range."""
    low, high = constant.low, constant.high
    if low is None or high is None:
        return 0
    raw = low * (high / low) ** share if _log_scale(constant) else low + share * (high - low)
    if constant.kind is int:
        return min(max(round(raw), math.ceil(low)), math.floor(high))
    rounded = float(f"{raw:.3g}") if raw else 0.0
    return min(max(rounded, low), high)


def wire_help(game: GameRun | None) -> tuple[tuple[str, str], ...]:
    """The panel's key for the help overlay, where the panel is offered."""
    if game is None or not game.spec.physics or game.replay:
        return ()
    return (("C", "the constants panel: tune the physics while you play"),)
