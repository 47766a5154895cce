"""The replay viewer: a game file played back in the window, with a timeline that scrubs.

:func:`open_replay` puts a :class:`ReplayView` on the table. The table or board is drawn by
the game's own view (its ``make_view``) of the replay's present session; the replay view owns
the clock (``drives_clock``: the app runs no frames for it) and keeps a footer below the play
area (``footer_px``) for its controls:

- a timeline: the part played so far, the turns' starts (ticks), the outcome (a gold mark; a
  refused input a red one), the checkpoints a jump starts from at once (dots underneath); a
  press or a drag on it jumps there, forward or back (a press by a mark lands on it);
- buttons: back a turn, back a frame, play / pause, a frame on, a turn on, slower / faster
  (¼× to 8×), *Turns…* (every turn in the players' words: click one to go there) and *Play
  from here*, which hands the game as it stands to its seats (the file's humans and
  computers) as a new game that keeps its whole history (a recording or save of it replays
  from frame 0).

The keys are in :attr:`ReplayView.keys` (the help shows them). Clicks on the table do not play
(it is a replay); the wheel still zooms a physics table and the mouse still hovers. All the
work of going back and forth is :class:`games.runs.replay.Timeline`'s, done in slices within each
rendered frame (:data:`SEEK_BUDGET` while a jump is on its way, :data:`IDLE_BUDGET` for the
scout and the checkpoints otherwise), so the window stays live during a long jump.
"""

from __future__ import annotations

import dataclasses
import importlib
from typing import TYPE_CHECKING, Any, ClassVar

import pygame

from games.core.protocol import InputEvent, InputRefused, Session
from games.core.words import wins
from games.runs.replay import Marker, ReplayFile, Timeline
from games.turnkit.turn_session import TurnBasedSession
from games.ui.render import ACCENT, GOOD, INK, INK_DIM, REFUSED, Renderer, shade
from games.ui.view import View

if TYPE_CHECKING:  # pragma: no cover
    from games.ui.shell import Shell

SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
SPEED_WORDS = {0.25: "¼×", 0.5: "½×", 1.0: "1×", 2.0: "2×", 4.0: "4×", 8.0: "8×"}
FOOTER_PX = 84
BAR_HEIGHT = 14
BUTTON_HEIGHT = 32
SNAP_PX = 6  # a press this close to a mark lands on it
SEEK_BUDGET = 0.06  # s of work per rendered frame while a jump is on its way
IDLE_BUDGET = 0.010  # s per rendered frame for the scout and the checkpoints
MAX_TICKS_PER_FRAME = 64  # playback at 8× of a 120 Hz game needs 16 a frame


def open_replay(app: Shell, file: ReplayFile) -> None:
    """Leave any game and show ``file`` as a replay (a failure is shown as the app's error)."""
    app.leave_game()
    try:
        timeline = Timeline(file)
        view = ReplayView(app, timeline)
    except Exception as error:
        app.fail(f"{file.path.name} could not be replayed", error)
        return
    spec = dataclasses.replace(file.spec, title=f"{file.spec.title} · replay")
    app.enter_game(spec, timeline.session, view, file.seats, file.setup.options, replay=True)


def clock(frame: int, hz: int) -> str:
    """``frame`` as minutes and seconds of play: ``1:05.3``."""
    seconds = frame / max(hz, 1)
    return f"{int(seconds // 60)}:{seconds % 60:04.1f}"


@dataclasses.dataclass
class _Button:
    name: str
    width: int
    priority: int  # the lowest go first when the window is narrow
    rect: pygame.Rect = dataclasses.field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))


class ReplayView(View):
    """A replay on the table: the game's own view of the present, the timeline and controls."""

    drives_clock: ClassVar[bool] = True
    draws_outcome: ClassVar[bool] = True
    footer_px: ClassVar[int] = FOOTER_PX
    # Space and P play and pause the replay, F5 and Ctrl+R start it again; Ctrl+Z undoes
    # nothing here; Esc closes the turn list while it is open (see :attr:`own_keys`).
    KEYS_OWNED: ClassVar[frozenset[int]] = frozenset(
        {pygame.K_SPACE, pygame.K_p, pygame.K_F5, pygame.K_r, pygame.K_z, pygame.K_RETURN,
         pygame.K_KP_ENTER}
    )
    keys: ClassVar[tuple[tuple[str, str], ...]] = (
        ("P / Space", "play or pause the replay"),
        ("→ / ←", "a frame on / back (paused)"),
        ("Shift + → / ←", "the next / the previous turn"),
        ("Home / End", "the start / the end"),
        ("+ / −", "faster / slower (¼× to 8×)"),
        ("Drag the timeline", "go to any moment, forward or back"),
        ("T", "every turn in words: click one to go there"),
        ("Enter", "play from here: the game is yours (and the computers')"),
        ("F5 / Ctrl+R", "the replay from the start"),
    )

    app: Shell  # a replay asks more of the window than a game's view: to enter and leave games

    def __init__(self, app: Shell, timeline: Timeline) -> None:
        super().__init__(app, timeline.session)
        self.timeline = timeline
        self.file = timeline.file
        self.inner = self._view_of(timeline.session, None)
        self._revision = timeline.revision
        self.playing = True
        self.speed = 1.0
        self.accumulator = 0.0
        self.scrubbing = False
        self._resume_after_scrub = False
        self.mouse: tuple[int, int] | None = None
        self.show_turns = False
        self.turn_scroll = 0
        self._turn_rows: list[tuple[pygame.Rect, Marker]] = []
        self.buttons = [
            _Button("back_turn", 72, 2), _Button("back", 70, 1), _Button("play", 104, 9),
            _Button("step", 70, 1), _Button("next_turn", 72, 2), _Button("slower", 34, 5),
            _Button("speed", 46, 6), _Button("faster", 34, 5), _Button("turns", 80, 4),
            _Button("take", 142, 8),
        ]

    @property
    def own_keys(self) -> frozenset[int]:  # type: ignore[override]  # per instance: Esc
        """The shell keys this view takes: :attr:`KEYS_OWNED`, and Esc while the turn list is
        open (it closes the list, not the replay)."""
        return self.KEYS_OWNED | ({pygame.K_ESCAPE} if self.show_turns else frozenset())

    # -- the game's own view ----------------------------------------------------------------

    def _view_of(self, session: Session, old: View | None) -> View:
        module = importlib.import_module(self.file.spec.view_module)
        view: View = module.make_view(self.app, session)
        if isinstance(session, TurnBasedSession):
            session.hold = None  # a replay runs as the file was played: nothing holds it
        if old is not None:  # the player's zoom of a physics table stays
            for name in ("zoom", "_zoom_offset", "_reach"):
                if hasattr(old, name) and hasattr(view, name):
                    setattr(view, name, getattr(old, name))
            old.close()
        return view

    @property
    def animator(self) -> Any:
        """The game view's animator, if any (the app plays the die's rattle by it)."""
        return getattr(self.inner, "animator", None)

    def _follow(self) -> None:
        """After a jump: the game's view of the new present."""
        timeline = self.timeline
        if timeline.revision == self._revision:
            return
        self._revision = timeline.revision
        self.session = timeline.session
        self.inner = self._view_of(timeline.session, self.inner)
        if self.app.game is not None and self.app.game.view is self:
            self.app.game.session = timeline.session

    # -- the clock -----------------------------------------------------------------------

    def update(self, seconds: float) -> None:
        timeline = self.timeline
        if self.playing and not timeline.seeking and not self.scrubbing:
            step = timeline.session.frame_seconds
            self.accumulator += seconds * self.speed
            ticks = int(self.accumulator / step)
            if ticks > MAX_TICKS_PER_FRAME:
                ticks, self.accumulator = MAX_TICKS_PER_FRAME, 0.0
            else:
                self.accumulator -= ticks * step
            timeline.step(ticks)
            if timeline.current.ended:
                self.playing = False
        timeline.work(SEEK_BUDGET if timeline.seeking else IDLE_BUDGET)
        self._follow()
        self.inner.update(seconds * (self.speed if self.playing else 1.0))

    def play_pause(self) -> None:
        timeline = self.timeline
        if not self.playing and timeline.current.ended and not timeline.seeking:
            timeline.seek_to(0)  # play at the end: from the start again
        self.playing = not self.playing
        self.accumulator = 0.0

    def go(self, frame: int) -> None:
        """Jump to ``frame`` (forward or back)."""
        self.timeline.seek_to(frame)
        self.accumulator = 0.0

    def step_frame(self, by: int) -> None:
        self.playing = False
        timeline = self.timeline
        if by > 0 and not timeline.seeking:
            timeline.step(by)  # on from here: no jump, the view follows as in play
        else:
            self.go(timeline.target + by)

    def step_turn(self, by: int) -> None:
        timeline = self.timeline
        here = timeline.target
        marker = timeline.next_marker(here) if by > 0 else timeline.previous_marker(here)
        if marker is None:
            if by > 0 and not timeline.scouted:
                self.app.notify("still reading the game ahead: try again in a moment")
            else:
                self.go(timeline.length if by > 0 else 0)
            return
        self.go(marker.frame)

    def change_speed(self, by: int) -> None:
        index = SPEEDS.index(self.speed) + by
        self.speed = SPEEDS[min(max(index, 0), len(SPEEDS) - 1)]

    def play_from_here(self) -> None:
        """Hand the game as it stands to its seats, as a new game with its own history."""
        timeline, app = self.timeline, self.app
        if timeline.seeking:
            self.refuse("still on the way there: a moment")
            return
        if timeline.session.outcome is not None:
            self.refuse("the game is over here: go back to an earlier moment to play from it")
            return
        frame = timeline.frame
        session = timeline.take_session()
        note = ""
        hand = getattr(session, "hand", None)
        held = getattr(hand, "held", None)
        if hand is not None and held is not None:  # the replay's hand lets go where it is
            target = hand.target
            try:
                session.handle(InputEvent(session.frame, "release", target.x, target.y))
                note = f" ({held.kind} let go)"
            except InputRefused:
                pass
        app.leave_game()  # closes this view (a replay: nothing is recorded)
        app.open_session(self.file.spec, session)  # its own view, seats and options
        if app.game is None:
            return  # it could not start: the window says why
        hz = self.file.step_hz
        app.notify(f"Your game from {clock(frame, hz)} of the replay{note}", kind="info")

    def close(self) -> None:
        self.inner.close()

    # -- input -----------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self._key(event.key, event.mod)
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self.scrubbing:
                self.go(self._frame_at(event.pos[0]))
            elif self.app.play_rect.collidepoint(event.pos):
                self.inner.handle_event(event)  # hover only: a motion sends nothing
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 2:
            self.inner.handle_event(event)  # a middle drag moves a small window's view
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            self._press(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.scrubbing:
                self.scrubbing = False
                self.playing = self._resume_after_scrub
        elif event.type == pygame.MOUSEWHEEL:
            if self.show_turns:
                self.turn_scroll = max(self.turn_scroll - (event.precise_y or event.y) * 3, 0)
                self.turn_scroll = round(self.turn_scroll)
            elif self.mouse is not None and self.app.play_rect.collidepoint(self.mouse):
                self.inner.handle_event(event)  # the wheel zooms a physics table

    def _key(self, key: int, mod: int) -> None:
        shift = bool(mod & pygame.KMOD_SHIFT)
        ctrl = bool(mod & pygame.KMOD_CTRL)
        if key in (pygame.K_SPACE, pygame.K_p):
            self.play_pause()
        elif key in (pygame.K_RIGHT, pygame.K_LEFT):
            by = 1 if key == pygame.K_RIGHT else -1
            if shift:
                self.step_turn(by)
            else:
                self.step_frame(by)
        elif key == pygame.K_HOME:
            self.go(0)
        elif key == pygame.K_END:
            self.go(self.timeline.length)
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.change_speed(1)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.change_speed(-1)
        elif key == pygame.K_t or (key == pygame.K_ESCAPE and self.show_turns):
            self.toggle_turns()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.play_from_here()
        elif key == pygame.K_F5 or (key == pygame.K_r and ctrl):
            self.go(0)
            self.playing = True

    def toggle_turns(self) -> None:
        self.show_turns = not self.show_turns
        if self.show_turns:  # opened on the turn shown
            self.turn_scroll = max((self.timeline.turn_at(self.timeline.target) or 0) - 3, 0)

    def _press(self, pos: tuple[int, int]) -> None:
        if self.show_turns:
            for rect, marker in self._turn_rows:
                if rect.collidepoint(pos):
                    self.go(marker.frame)
                    return
            if self.turns_rect().collidepoint(pos):
                return
        if self.bar_rect().inflate(0, 16).collidepoint(pos):
            self.scrubbing = True
            self._resume_after_scrub = self.playing
            self.playing = False
            self.go(self._frame_at(pos[0], snap=True))
            return
        self.layout()
        for button in self.buttons:
            if button.rect.width and button.rect.collidepoint(pos):
                self._click(button.name)
                return
        if self.app.play_rect.collidepoint(pos):
            self.app.notify("a replay: Enter (or Play from here) makes the game yours")

    def _click(self, name: str) -> None:
        actions = {
            "back_turn": lambda: self.step_turn(-1),
            "back": lambda: self.step_frame(-1),
            "play": self.play_pause,
            "step": lambda: self.step_frame(1),
            "next_turn": lambda: self.step_turn(1),
            "slower": lambda: self.change_speed(-1),
            "faster": lambda: self.change_speed(1),
            "turns": self.toggle_turns,
            "take": self.play_from_here,
            "speed": lambda: None,
        }
        actions[name]()

    # -- layout ----------------------------------------------------------------------------

    def footer_rect(self) -> pygame.Rect:
        play = self.app.play_rect
        return pygame.Rect(0, play.bottom, play.width, FOOTER_PX)

    def bar_rect(self) -> pygame.Rect:
        footer = self.footer_rect()
        return pygame.Rect(footer.left + 84, footer.top + 14, max(footer.width - 168, 40),
                           BAR_HEIGHT)

    def x_of(self, frame: int) -> int:
        bar = self.bar_rect()
        return bar.left + round(bar.width * frame / max(self.timeline.length, 1))

    def _frame_at(self, x: int, *, snap: bool = False) -> int:
        bar = self.bar_rect()
        share = min(max((x - bar.left) / max(bar.width, 1), 0.0), 1.0)
        frame = round(share * self.timeline.length)
        if snap:
            near = [m for m in self.timeline.markers if abs(self.x_of(m.frame) - x) <= SNAP_PX]
            if near:
                frame = min(near, key=lambda m: abs(self.x_of(m.frame) - x)).frame
        return frame

    def layout(self) -> None:
        """The buttons' places: as many as fit the footer's width, the least needed dropped
        first (their keys still work)."""
        footer = self.footer_rect()
        gap = 8
        shown = list(self.buttons)
        while shown and sum(b.width + gap for b in shown) - gap > footer.width - 24:
            shown.remove(min(shown, key=lambda b: b.priority))
        x = footer.centerx - (sum(b.width + gap for b in shown) - gap) // 2
        top = footer.top + 40
        for button in self.buttons:
            if button in shown:
                button.rect = pygame.Rect(x, top, button.width, BUTTON_HEIGHT)
                x += button.width + gap
            else:
                button.rect = pygame.Rect(0, 0, 0, 0)

    def button_rect(self, name: str) -> pygame.Rect:
        """Where a button is on screen (tests click it); empty if it is not shown."""
        self.layout()
        return next(button.rect for button in self.buttons if button.name == name)

    def turns_rect(self) -> pygame.Rect:
        play = self.app.play_rect
        width = min(480, play.width - 40)
        return pygame.Rect(play.right - width - 20, play.top + 16, width, play.height - 32)

    # -- words -----------------------------------------------------------------------------

    def status(self) -> str:
        timeline = self.timeline
        hz = self.file.step_hz
        if timeline.seeking:
            where = f"going to {clock(timeline.target, hz)}…"
        else:
            where = "playing" if self.playing else "paused"
            if timeline.current.ended:
                where = "the end"
        try:
            inner = self.inner.status()
        except Exception:  # a status line must never stop the replay
            inner = ""
        words = f"Replay · {where} · {SPEED_WORDS[self.speed]}"
        turn = timeline.turn_at(timeline.target)
        if turn is not None:
            total = len(timeline.turns())
            words += f" · turn {turn + 1} of {total}{'' if timeline.scouted else '…'}"
        if timeline.refused and timeline.current.ended:
            words += f" · the file's {timeline.refused}"
        return f"{words} · {inner}" if inner else words

    # -- drawing ---------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, renderer: Renderer) -> None:
        self.inner.draw(surface, renderer)
        outcome = self.timeline.session.outcome
        if outcome is not None and not self.inner.draws_outcome:
            self._draw_outcome(surface, renderer, outcome)
        self._draw_footer(surface, renderer)
        if self.show_turns:
            self._draw_turns(surface, renderer)
        if self.mouse is not None and self.bar_rect().inflate(0, 16).collidepoint(self.mouse):
            self._draw_hover(surface, renderer, self.mouse[0])

    def _draw_outcome(self, surface: pygame.Surface, renderer: Renderer, outcome: Any) -> None:
        play = self.app.play_rect
        words = f"{wins(outcome.winner)}: " if outcome.winner else "Game over: "
        words = renderer.ellipsize(words + outcome.reason, play.width - 60, 18, bold=True)
        box = pygame.Rect(0, 0, renderer.font(18, bold=True).size(words)[0] + 32, 34)
        box.midtop = (play.centerx, play.top + 10)
        renderer.panel(surface, box, alpha=215, radius=10)
        renderer.text(surface, words, box.center, size=18, bold=True, colour=ACCENT,
                      anchor="center")

    def _draw_footer(self, surface: pygame.Surface, renderer: Renderer) -> None:
        footer = self.footer_rect()
        pygame.draw.rect(surface, (30, 24, 20), footer)
        pygame.draw.line(surface, shade(ACCENT, 0.5), footer.topleft, footer.topright)
        timeline = self.timeline
        hz = self.file.step_hz
        bar = self.bar_rect()
        length = max(timeline.length, 1)
        pygame.draw.rect(surface, (64, 54, 46), bar, border_radius=7)
        if not timeline.scouted:  # the part not read yet: lighter
            known = pygame.Rect(bar.left, bar.top, self.x_of(timeline.frontier) - bar.left,
                                bar.height)
            pygame.draw.rect(surface, (92, 80, 68), known, border_radius=7)
        played = pygame.Rect(bar.left, bar.top, self.x_of(timeline.frame) - bar.left, bar.height)
        if played.width > 0:
            pygame.draw.rect(surface, shade(ACCENT, 0.8), played, border_radius=7)
        for frame in timeline.quick_frames():  # where a jump starts at once
            pygame.draw.circle(surface, GOOD, (self.x_of(frame), bar.bottom + 5), 2)
        for marker in timeline.markers:
            x = self.x_of(marker.frame)
            if marker.kind == "turn":
                pygame.draw.line(surface, INK, (x, bar.top - 4), (x, bar.top + 3), 2)
            else:
                colour = REFUSED if marker.kind == "refused" else ACCENT
                points = [(x, bar.top + 2), (x - 6, bar.top - 8), (x + 6, bar.top - 8)]
                pygame.draw.polygon(surface, colour, points)
        handle = (self.x_of(timeline.target), bar.centery)
        if timeline.seeking:  # where it is going, and the moment still shown
            pygame.draw.circle(surface, INK_DIM, (self.x_of(timeline.frame), bar.centery), 5)
        pygame.draw.circle(surface, (40, 26, 14), handle, 10)
        pygame.draw.circle(surface, ACCENT if not timeline.seeking else INK_DIM, handle, 8)
        renderer.text(surface, clock(timeline.target, hz), (bar.left - 12, bar.centery),
                      size=15, bold=True, anchor="midright")
        total = clock(length, hz) + ("" if timeline.scouted else "…")
        renderer.text(surface, total, (bar.right + 12, bar.centery), size=15, colour=INK_DIM,
                      anchor="midleft")
        self.layout()
        for button in self.buttons:
            if not button.rect.width:
                continue
            if button.name == "speed":  # a label between − and +
                renderer.text(surface, SPEED_WORDS[self.speed], button.rect.center, size=17,
                              bold=True, anchor="center")
                continue
            renderer.button(surface, button.rect, self._label(button.name),
                            hot=bool(self.mouse and button.rect.collidepoint(self.mouse)),
                            enabled=self._enabled(button.name))

    def _label(self, name: str) -> str:
        if name == "play":
            return "❚❚ Pause" if self.playing else "▶ Play"
        if name == "speed":
            return SPEED_WORDS[self.speed]
        return {
            "back_turn": "◀ Turn", "back": "◀ Frame", "step": "Frame ▶",
            "next_turn": "Turn ▶", "slower": "−", "faster": "+", "turns": "Turns…",
            "take": "Play from here",
        }[name]

    def _enabled(self, name: str) -> bool:
        timeline = self.timeline
        if name == "take":
            return timeline.session.outcome is None
        if name == "slower":
            return self.speed > SPEEDS[0]
        if name == "faster":
            return self.speed < SPEEDS[-1]
        if name == "turns":
            return bool(timeline.markers)
        return True

    def _draw_hover(self, surface: pygame.Surface, renderer: Renderer, x: int) -> None:
        """Above the bar at the mouse: the moment there, and the mark it would land on."""
        frame = self._frame_at(x, snap=True)
        marker = next((m for m in self.timeline.markers if m.frame == frame), None)
        words = clock(frame, self.file.step_hz)
        if marker is not None:
            words += f" · {marker.label}"
        play = self.app.play_rect
        words = renderer.ellipsize(words, play.width - 40, 15)
        width = renderer.font(15).size(words)[0] + 20
        box = pygame.Rect(0, 0, width, 26)
        box.midbottom = (min(max(x, play.left + width // 2 + 8), play.right - width // 2 - 8),
                         play.bottom - 6)
        renderer.panel(surface, box, alpha=230, radius=8)
        renderer.text(surface, words, box.center, size=15, anchor="center")

    def _draw_turns(self, surface: pygame.Surface, renderer: Renderer) -> None:
        """Every turn, the outcome and any refused input, in words; the one shown marked."""
        box = self.turns_rect()
        renderer.panel(surface, box, alpha=240)
        renderer.text(surface, "Turns · click one to go there · T closes",
                      (box.left + 16, box.top + 12), size=16, bold=True, colour=ACCENT)
        timeline = self.timeline
        markers = timeline.markers
        row_height = 24
        top = box.top + 44
        rows = max((box.bottom - 12 - top) // row_height, 1)
        self.turn_scroll = min(self.turn_scroll, max(len(markers) - rows, 0))
        here = timeline.target
        current = max((i for i, m in enumerate(markers) if m.frame <= here), default=-1)
        self._turn_rows = []
        hz = self.file.step_hz
        for offset, marker in enumerate(markers[self.turn_scroll : self.turn_scroll + rows]):
            index = self.turn_scroll + offset
            rect = pygame.Rect(box.left + 8, top + offset * row_height, box.width - 16,
                               row_height - 2)
            if index == current:
                pygame.draw.rect(surface, shade(ACCENT, 0.45), rect, border_radius=6)
            elif self.mouse and rect.collidepoint(self.mouse):
                pygame.draw.rect(surface, (70, 60, 52), rect, border_radius=6)
            stamp = clock(marker.frame, hz)
            renderer.text(surface, stamp, (rect.right - 8, rect.centery), size=13,
                          colour=INK_DIM, anchor="midright")
            room = rect.width - 24 - renderer.font(13).size(stamp)[0]
            colour = {"refused": REFUSED, "end": ACCENT}.get(marker.kind, INK)
            label = renderer.ellipsize(marker.label, room, 14)
            renderer.text(surface, label, (rect.left + 8, rect.centery), size=14, colour=colour,
                          anchor="midleft")
            self._turn_rows.append((rect, marker))
        if not markers:
            renderer.text(surface, "no turns found yet", (box.left + 16, top), size=14,
                          colour=INK_DIM)
