"""The desktop shell: one resizable window, the menu, the game loop, live tuning and recording.

:func:`run_app` is what ``wobbletop`` / ``wobbletop play GAME`` call. :class:`App` owns the
window and can be driven by tests one frame at a time with :meth:`App.step_frame`, which
processes the real pygame event queue (so a test posts MOUSEBUTTONDOWN / MOUSEMOTION /
MOUSEBUTTONUP and runs frames).

The loop: physics advances in fixed frames of ``session.frame_seconds`` (the config's
``step_hz``) from an accumulator fed by real time; the display renders at its own rate. A long
real frame (a window drag, a stall) is clamped to :data:`MAX_FRAME_SECONDS` and at most that
much simulated time is run per rendered frame, so the loop never spirals; pause and the help
overlay stop the clock entirely (:mod:`games.ui.screens`: one overlay at a time, and which wins;
the winner panel, the settings screen and the guided first turn).

Only the pygame subsystems used are initialised (display and font; no mixer, so a machine
without a sound card prints no audio errors). With no screen to show the window on (no
DISPLAY / WAYLAND_DISPLAY, or SDL falling back to its invisible "offscreen" driver) it stops
with one line and exit code 1 instead of running unseen; a driver set in ``SDL_VIDEODRIVER``
(tests use "dummy") is the user's choice and is kept.

Live tuning (:mod:`games.ui.live_config`): :class:`physics.live.ConfigWatcher` is polled every
frame. A settled, valid edit is handed to the session as an input (``action="config"`` with the
whole validated config), so the running world takes it now, the recording holds it at its frame
and a replay changes the constants at the same moment; the app keeps it for every later start
(the constants panel, C, hands its edits over the same way: :mod:`games.ui.tune_panel`).
A bad edit shows its one-line error in a banner and the last good values stay; the window names
the version in force. Recordings (``--record``): :mod:`games.ui.recording`, written when the
game is left (menu, restart, quit, Ctrl+C, SIGTERM, SIGHUP, the terminal closed), a signal
meanwhile waiting until they are written.

Saved games (:mod:`games.ui.saving`, :mod:`games.ui.resume_menu`): Ctrl+S saves the game in
front of you to the saves folder (``--saves``, ``WOBBLETOP_SAVES``, else the player's data
folder), and the same endings that keep a recording keep an autosave of an unfinished game.
The menu's Resume lists the saves and reopens one where it was (``--resume FILE`` likewise).
A signal never cuts the game's own work in two (:func:`games.runs.interrupts.game_work`): a tick or
an input is finished first, so what is saved on the way out is a state a replay reaches.

The window (:mod:`games.ui.window`): it opens at the size the player last left it at, or at
1280x800 shrunk to fit the screen it opens on; a resize is written to ``window.toml`` in the
player's config folder once it has settled (:data:`SIZE_SAVE_DELAY`) and when the app closes.
F11 toggles full screen on any screen (menu, game, help, error); the size remembered is the
windowed one. The title is "Wobbletop" on the menu and "GAME — Wobbletop" during a game.
"""

from __future__ import annotations

import gc
import importlib
import importlib.util
import os
import random
import sys
import traceback
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from games.core import registry
from games.core.pacing import DEFAULT_SPEED, check_speed, session_options
from games.core.protocol import (
    CONFIG_ACTION,
    GameSpec,
    InputEvent,
    InputRefused,
    SeatKind,
    Session,
    SessionSetup,
)
from games.runs.interrupts import deferred, game_work
from games.ui import overlays
from games.ui.live_config import poll_config
from games.ui.menu import Menu, SeatChoice
from games.ui.recording import Recorder
from games.ui.render import ACCENT, GOOD, PANEL, REFUSED, Colour, Renderer
from games.ui.rest import Rest
from games.ui.saving import Keeper
from games.ui.screens import SCREEN_KEYS, Screens
from games.ui.shell import GameRun, NetPart
from games.ui.sound import Sound
from games.ui.tune_panel import TunePanel, wire_help
from games.ui.view import View
from games.ui.window import DEFAULT_SIZE as DEFAULT_SIZE  # the names' old home: re-exported
from games.ui.window import (
    MIN_SIZE,
    NoDisplay,
    check_display_before_init,
    check_display_driver,
    desktop_size,
    fit_window_size,
    load_window_size,
    make_icon,
    save_window_size,
    settings_path,
    window_display,
    window_title,
)
from physics.config import ConfigError, LoadedConfig, PhysicsConfig, reload_notice
from physics.live import ConfigWatcher

if TYPE_CHECKING:  # pragma: no cover
    from games.runs.replay import ReplayFile

DISPLAY_HZ = 60
IDLE_HZ = 15  # frames a second while the menu shows the same picture (input still read)
REDRAW_EVENTS = frozenset(
    getattr(pygame, name)
    for name in ("VIDEOEXPOSE", "WINDOWEXPOSED", "WINDOWRESTORED", "WINDOWSHOWN")
    if hasattr(pygame, name)
)
MAX_FRAME_SECONDS = 0.25  # real time counted per rendered frame at most (no spiral of death)
NOTICE_SECONDS = 3.0
SIZE_SAVE_DELAY = 0.5  # s after the last resize before the size is written (a drag settles)
EXIT_USAGE = 2
EXIT_NO_WINDOW = 1

NOTICE_COLOURS: dict[str, Colour] = {
    "refused": REFUSED,
    "error": REFUSED,
    "info": GOOD,
    "note": ACCENT,
}


class App:
    """The window. ``App(...).run()`` until closed, or ``step_frame()`` from a test.

    ``size`` opens the window at exactly that size; None (``wobbletop`` itself) opens it at
    the remembered size or the default, fitted to the screen (:func:`fit_window_size`)."""

    def __init__(
        self,
        game_id: str | None = None,
        config_path: Path | None = None,
        *,
        seed: int | None = None,
        record: str | None = None,
        size: tuple[int, int] | None = None,
        watch_interval: float = 0.5,
        seats: Sequence[SeatKind] | None = None,
        options: Mapping[str, Any] | None = None,
        saves: str | os.PathLike[str] | None = None,
        resume: Path | None = None,
        replay: ReplayFile | None = None,
        computer_speed: str | None = None,
    ) -> None:
        # Config first: a bad file is a one-line error before any window opens.
        self.config_path = config_path
        self.watcher = ConfigWatcher(config_path, interval=watch_interval)
        self.config: PhysicsConfig = self.watcher.last_good.config
        start_spec = registry.load(game_id) if game_id else None
        self.seed = seed
        # games/core/pacing.py; --speed wins over the settings file's word (set again below)
        self.computer_speed: str = check_speed(computer_speed or DEFAULT_SPEED)
        self.record = Path(record) if record else None
        self.recorder = Recorder(self.record, config_path)  # each game's recording file

        check_display_before_init()
        pygame.display.init()
        check_display_driver()
        pygame.font.init()
        pygame.display.set_caption(window_title())
        pygame.display.set_icon(make_icon())  # before the window: some systems want it so
        display = window_display()
        if size is None:
            size = fit_window_size(desktop_size(display), load_window_size())
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE, display=display)
        self.fullscreen = False
        self.windowed_size: tuple[int, int] = self.screen.get_size()  # what is remembered
        self._windowed_position: tuple[int, int] | None = None  # before going full screen
        self._size_save_at: float | None = None  # app time to write the resized size at
        self._size_save_warned = False
        self.clock = pygame.time.Clock()
        self.renderer = Renderer()

        self.time = 0.0  # real seconds the app has run (notices expire on it)
        self.frames = 0
        self.running = True
        self.paused = False
        self.show_help = False
        self.help_scroll = 0  # px the help is scrolled down (a small window)
        self.help_scroll_max = 0
        self.error: str | None = None
        self.config_error: str | None = None
        self.notice: tuple[str, Colour, float] | None = None
        self.accumulator = 0.0
        self.game: GameRun | None = None
        from games.runs.saves import saves_folder

        self.keeper = Keeper(self, saves_folder(saves))
        self.menu = Menu(self)
        self.tune = TunePanel(self)  # C: the constants panel (games/ui/tune_panel.py)
        self.sound = Sound(self.config.sound)  # silent where there is no audio device
        self.screens = Screens(self)  # overlays, settings, winner panel, tutorial
        if computer_speed is not None:
            self.computer_speed = check_speed(computer_speed)
        self._die_rolling = False
        self._menu_key: tuple[object, ...] | None = None  # what the menu last drew
        self.idle = False  # the last frame drew nothing new
        self.rest = Rest(self)  # a game at rest draws nothing and waits for input (rest.py)
        self._closed = False
        self._left_a_game = False
        self.net: NetPart | None = None  # a network game (games/ui/net_play.py) pumped each frame
        if start_spec is not None:
            self.menu.select(start_spec.id)
            choice = self.menu.choices.get(start_spec.id) or SeatChoice(start_spec)
            if seats:  # the command line's seats: the menu shows them too
                choice.count = len(seats)
                choice.kinds[: len(seats)] = list(seats)
            if options and "skill" in options and choice.has_skill:
                choice.set_skill(options["skill"])  # --skill: the menu shows it too
            self.start_game(start_spec, choice.seats(), choice.options())
        if resume is not None:
            self.menu.resume.begin(resume)  # the progress shows in the window's first frames
        if replay is not None:  # wobbletop replay FILE (read and checked before the window)
            from games.ui.replay_view import open_replay

            open_replay(self, replay)

    # -- geometry ------------------------------------------------------------------------

    @property
    def play_rect(self) -> pygame.Rect:
        """The screen area a game's view draws in (between the title and status bars)."""
        width, height = self.screen.get_size()
        top = overlays.TOP_BAR_PX
        below = overlays.STATUS_BAR_PX + (self.game.view.footer_px if self.game else 0)
        right = self.screens.side_panel_px()  # the winner panel, once the game is over
        return pygame.Rect(0, top, width - right, max(height - top - below, 1))

    @property
    def session(self) -> Session | None:
        return self.game.session if self.game else None

    # -- messages ------------------------------------------------------------------------

    def notify(self, message: str, *, kind: str = "note", seconds: float = NOTICE_SECONDS) -> None:
        """Show ``message`` in the status bar a while; kind: refused, error, info, note."""
        self.notice = (message, NOTICE_COLOURS.get(kind, ACCENT), self.time + seconds)

    def current_notice(self) -> tuple[str, Colour] | None:
        if self.notice is None or self.notice[2] < self.time:
            return None
        return self.notice[0], self.notice[1]

    def fail(self, what: str, error: BaseException) -> None:
        """Stop the game and show ``error`` in words (the traceback only with WOBBLETOP_DEBUG)."""
        detail = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
        self.error = f"{what}: {detail}"
        print(f"wobbletop: {self.error}", file=sys.stderr)
        if os.environ.get("WOBBLETOP_DEBUG"):
            traceback.print_exception(error)

    # -- games ---------------------------------------------------------------------------

    def start_game(
        self,
        spec: GameSpec,
        seats: Sequence[SeatKind],
        options: Mapping[str, Any] | None = None,
    ) -> None:
        """Leave any game, set up a new session of ``spec`` and its view, unpaused.

        ``options`` are the session's (the menu's computers: ``{"skill": "easy"}``)."""
        self.leave_game()
        seed = self.seed if self.seed is not None else random.randrange(1, 2**31)
        options = session_options(spec, options or {}, self.computer_speed)
        first_run = self.screens.tutorial.session_options(spec.id, options)  # a guided game's
        setup = SessionSetup(config=self.config, seed=seed, seats=tuple(seats), options=first_run)
        if importlib.util.find_spec(spec.view_module) is None:
            self.error = (
                f"{spec.title} has no window yet; play it without one: wobbletop run {spec.id}"
            )
            return
        try:
            session = spec.new_session(setup)
        except Exception as error:
            self.fail(f"{spec.title} could not start", error)
            return
        self.open_session(spec, session, tuple(seats), options)

    def open_session(
        self,
        spec: GameSpec,
        session: Session,
        seats: tuple[SeatKind, ...] | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        """Put ``session`` on the table with its view, unpaused (a new or a resumed game);
        ``seats`` and ``options`` (what F5 starts again) default to the session's own."""
        try:
            module = importlib.import_module(spec.view_module)
            view: View = module.make_view(self, session)
        except Exception as error:
            self.fail(f"{spec.title} could not start", error)
            return
        setup = session.initial_setup
        seats = tuple(setup.seats) if seats is None else seats
        options = dict(setup.options if options is None else options)
        self.enter_game(spec, session, view, seats, options)

    def enter_game(
        self,
        spec: GameSpec,
        session: Session,
        view: View,
        seats: Sequence[SeatKind],
        options: Mapping[str, Any] | None = None,
        *,
        replay: bool = False,
    ) -> None:
        """Put a game on the table, unpaused: one started, one a replay hands over, or a
        replay itself (``replay``: see :class:`GameRun`)."""
        self.game = GameRun(spec, session, view, tuple(seats), dict(options or {}), replay)
        if not replay:  # a replay is never kept; a game played from one is
            self.keeper.started(session)
        pygame.display.set_caption(window_title(spec.title))
        self.accumulator = 0.0
        self.error = None
        self.screens.entered(self.game)  # no overlay; a first run offers the tutorial

    def open_resumed(self, session: Session, path: Path) -> None:
        """The menu's Resume (or ``--resume``) rebuilt ``session`` from ``path``: play on."""
        self.leave_game()
        spec = registry.load(session.game_id)
        self.menu.select(spec.id)
        self.open_session(spec, session)
        if self.game is not None:
            self.notify(f"Resumed {path.name}", kind="info")

    def restart(self) -> None:
        if self.game is not None:
            self.start_game(self.game.spec, self.game.seats, self.game.options)

    def leave_game(self) -> None:
        """Back to the menu (saving the recording if one was asked for). A signal that comes
        meanwhile waits until the game is left, its recording and its save written."""
        with deferred():
            self._leave_game()

    def _leave_game(self) -> None:
        game = self.game
        if game is None:
            return
        if not game.replay:
            self._save_recording(game.session)
            self.keeper.autosave(game)  # an unfinished game is kept on every ending, as above
            self.menu.resume.recount()
        try:
            game.view.close()
        except Exception as error:
            print(f"wobbletop: closing the view failed: {error}", file=sys.stderr)
        self.game = None
        if pygame.display.get_init():
            pygame.display.set_caption(window_title())
        self.screens.open(None)
        self.error = None
        self._left_a_game = True  # collected once this frame's events are handled

    def _save_recording(self, session: Session) -> None:
        """Save the game just left to its own file (:mod:`games.ui.recording`)."""
        self.recorder.save(session)

    # -- the loop ------------------------------------------------------------------------

    def run(self, max_frames: int | None = None) -> int:
        """Run until the window closes (or ``max_frames`` rendered frames); 0 on a clean exit."""
        try:
            while self.running:
                self.step_frame()
                if max_frames is not None and self.frames >= max_frames:
                    break
        finally:
            self.close()
        return 0

    def step_frame(self, seconds: float | None = None) -> bool:
        """One rendered frame: events, live config, fixed physics frames, drawing.

        ``seconds`` is the real time since the last frame (measured when None; tests pass a
        fixed value so runs do not depend on the machine's speed). False once the app quits.
        """
        for event in self.rest.events(wait=seconds is None):
            self._handle(event)
            if not self.running:
                return False
        if self._left_a_game:
            # The game left is in reference cycles (its world's pymunk callbacks): free it now,
            # not when Python next collects its oldest objects (rarely, in a long session: each
            # game's world and kept layer stayed, +3 MB a game of Animal upon Animal).
            self._left_a_game = False
            gc.collect()
        if seconds is None:
            # An idle menu (nothing changed last frame) wakes less often: next to no CPU.
            menu_idle = self.idle and self.game is None  # a resting game waited for input
            seconds = self.clock.tick(IDLE_HZ if menu_idle else DISPLAY_HZ) / 1000.0
        self.time += seconds
        if self._size_save_at is not None and self.time >= self._size_save_at:
            self.save_size()
        self._poll_config()
        if self.game is None:
            self.menu.resume.update()  # a resume going on, new files in the saves folder
        self.screens.advance(seconds)
        if self.net is not None:
            self.net.pump(seconds)  # the network's inputs and frames, before ours
        self._advance(seconds)
        self._sound_frame()
        self.idle = not self._draw()
        if not self.idle:
            pygame.display.flip()  # an unchanged picture is not sent to the screen again
        self.frames += 1
        return self.running

    def _sound_frame(self) -> None:
        """Let the sound hear the game's worlds, play this frame's knocks, a die's rattle."""
        game = self.game
        running = game is not None and not self.screens.stops_game()
        worlds = game.session.sound_worlds() if running and game is not None else []
        self.sound.frame(worlds)
        animator = getattr(game.view, "animator", None) if running and game else None
        rolling = bool(animator is not None and animator.rolling())
        if rolling and not self._die_rolling:
            self.sound.play("die", 0.8)
        self._die_rolling = rolling

    @game_work
    def _advance(self, seconds: float) -> None:
        """Feed real time to the accumulator and run the fixed physics frames it holds."""
        game = self.game
        if game is None or self.screens.stops_game():
            self.accumulator = 0.0
            return
        try:
            game.view.update(seconds)
            if game.view.drives_clock:
                return  # a replay ticks its own sessions, at its own speed
            step = game.session.frame_seconds
            self.accumulator += min(seconds, MAX_FRAME_SECONDS)
            max_ticks = int(MAX_FRAME_SECONDS / step) + 1
            ticks = 0
            while self.accumulator >= step and ticks < max_ticks:
                game.session.tick()
                self.accumulator -= step
                ticks += 1
            self.accumulator = min(self.accumulator, step)
        except Exception as error:
            self.fail(f"{game.spec.title} stopped", error)

    @game_work
    def _poll_config(self) -> None:
        poll_config(self)  # games.ui.live_config: a settled, valid edit, and what is in force

    def apply_config(self, loaded: LoadedConfig) -> None:
        """Use new constants now: in the running world, and for every later start."""
        previous, self.config = self.config, loaded.config
        self.sound.apply(loaded.config.sound)
        self.config_error = None
        session = self.session
        if session is not None and self.game is not None and not self.game.replay:
            self._hand_config_to(session, loaded.config)
        self.notify(reload_notice(previous, loaded.config), kind="info", seconds=6.0)

    def _hand_config_to(self, session: Session, config: PhysicsConfig) -> None:
        """Give the running game new constants as a recorded input (a replay applies it alike)."""
        event = InputEvent(session.frame, CONFIG_ACTION, data={"config": config.model_dump()})
        try:
            session.handle(event)
        except InputRefused as error:
            self.notify(f"Config not applied to this game: {error}", kind="error")

    def close(self) -> None:
        """Leave the game (saving any recording) and shut the window. Safe to call twice."""
        if self._closed:
            return
        self._closed = True
        if self.net is not None:
            self.net.close()
        self.leave_game()
        if self._size_save_at is not None:
            self.save_size()
        self.sound.close()
        pygame.font.quit()
        pygame.display.quit()

    # -- events --------------------------------------------------------------------------

    def _handle(self, event: pygame.event.Event) -> None:
        if event.type in REDRAW_EVENTS:
            self._menu_key = None  # the window was uncovered or changed: draw it whole again
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.VIDEORESIZE:
            self.resize(event.size)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()  # everywhere: menu, game, help, error
        elif self.error is not None:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.error = None
                self.leave_game()
        elif self.tune.handle_event(event):
            pass  # the constants panel's own (over the menu or a physics game)
        elif self.screens.handle_event(event):
            pass  # settings, the tutorial's card, the winner panel (games/ui/screens.py)
        elif self.game is None:
            menu_esc = event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
            if menu_esc and not self.menu.captures_escape():
                self.running = False
            else:
                self.menu.handle_event(event)
        else:
            self._handle_game_event(self.game, event)

    @game_work
    def _handle_game_event(self, game: GameRun, event: pygame.event.Event) -> None:
        is_shell_key = event.type == pygame.KEYDOWN and event.key not in game.view.own_keys
        if is_shell_key and self._shell_key(event):
            return
        if self.show_help:
            self._scroll_help(event)
            return
        if self.screens.stops_game() and event.type != pygame.MOUSEBUTTONUP:
            return  # a drag that ends during a pause still lets go
        try:
            game.view.handle_event(event)
        except Exception as error:
            self.fail(f"{game.spec.title} stopped", error)

    def _shell_key(self, event: pygame.event.Event) -> bool:
        """Pause, restart, help and menu keys; True if the key was the shell's."""
        key = event.key
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        if self.screens.shell_key(event):
            pass  # P / Space, H / F1, O, T, M; Esc over an overlay (games/ui/screens.py)
        elif key == pygame.K_ESCAPE:
            self.leave_game()
        elif key == pygame.K_F5 or (key == pygame.K_r and ctrl):
            self.restart()
        elif key == pygame.K_z and ctrl and self.game is not None and self.game.spec.undo_by_replay:
            self.undo_last_drag()
        elif key == pygame.K_s and ctrl and self.game is not None:
            self.keeper.save_now(self.game)
        else:
            return False
        return True

    def _scroll_help(self, event: pygame.event.Event) -> None:
        """The wheel, the arrow keys and Page Up/Down scroll a help taller than its panel."""
        step = 0
        if event.type == pygame.MOUSEWHEEL:
            step = -round((event.precise_y or event.y) * 40)
        elif event.type == pygame.KEYDOWN:
            step = overlays.HELP_SCROLL_KEYS.get(event.key, 0)
        self.help_scroll = min(max(self.help_scroll + step, 0), self.help_scroll_max)

    def undo_last_drag(self) -> None:
        """Ctrl+Z in a sandbox: the table as it was before the last grab (games.runs.undo)."""
        game = self.game
        if game is None:
            return
        if self.net is not None:  # a network game: the host orders it (games/ui/net_play.py)
            self.net.undo()
            return
        from games.runs.undo import NothingToUndo, take_back_last_drag

        try:
            session = take_back_last_drag(game.spec, game.session)
            module = importlib.import_module(game.spec.view_module)
            view: View = module.make_view(self, session)
        except NothingToUndo as nothing:
            self.notify(str(nothing), kind="refused")
            return
        except Exception as error:
            self.fail(f"{game.spec.title}: undo failed", error)
            return
        game.view.close()
        self.game = GameRun(game.spec, session, view, game.seats, game.options)
        self.keeper.follow(game.session, session)  # the same game: the same save file
        self.accumulator = 0.0
        self.notify("Took back the last drag", kind="info")

    def resize(self, size: tuple[int, int]) -> None:
        """Follow a window resize (the renderer refits the scene every frame) and remember it
        once it has settled; in full screen there is nothing to follow or remember."""
        if self.fullscreen:
            return
        width = max(size[0], MIN_SIZE[0])
        height = max(size[1], MIN_SIZE[1])
        if self.screen.get_size() != (width, height):
            self.screen = pygame.display.set_mode((width, height), pygame.RESIZABLE)
        if (width, height) != self.windowed_size:
            self.windowed_size = (width, height)
            self._size_save_at = self.time + SIZE_SAVE_DELAY

    def toggle_fullscreen(self) -> None:
        """F11: full screen on the display the window is on, or back to the window as it was."""
        self._menu_key = None  # draw the menu whole at the new size
        if self.fullscreen:
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            self.fullscreen = False
            if self._windowed_position is not None:
                # where it was: else a window manager (openbox) puts it a title bar lower
                # each time, until it slides off the screen
                pygame.display.set_window_position(self._windowed_position)
            return
        self.windowed_size = self.screen.get_size()
        self._windowed_position = pygame.display.get_window_position()
        try:
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        except pygame.error as error:
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            self.notify(f"full screen is not available here: {error}", kind="refused")
            return
        self.fullscreen = True

    def save_size(self) -> None:
        """Write the windowed size to the settings file; a failure is one line, once a run."""
        self._size_save_at = None
        try:
            save_window_size(self.windowed_size)
        except OSError as error:
            if not self._size_save_warned:
                self._size_save_warned = True
                print(
                    f"wobbletop: could not remember the window size in {settings_path()}: "
                    f"{error.strerror or error}",
                    file=sys.stderr,
                )

    # -- drawing -------------------------------------------------------------------------

    def _draw(self) -> bool:
        """Draw the frame; False if nothing changed (the idle menu): the screen keeps it."""
        self.screen = pygame.display.get_surface() or self.screen
        surface = self.screen
        game = self.game
        if game is None:
            # The idle menu costs next to nothing: its picture is drawn again only when
            # something it shows changed (the display surface keeps the last one).
            key = (
                surface.get_size(),
                self.menu.frame_key(),
                self.current_notice(),
                self.config_error,
                self.error,
                self.tune.frame_key(),
                self.screens.frame_key(),
            )
            if key == self._menu_key:
                return False
            self._menu_key = key
            self.menu.draw(surface, self.renderer)
            self.screens.draw_menu(surface, self.renderer)
            notice = self.current_notice()
            if notice:  # in a bar over the key hints, clear of the cards and Start
                width, height = surface.get_size()
                bar = pygame.Rect(0, height - overlays.STATUS_BAR_PX, width, overlays.STATUS_BAR_PX)
                surface.fill(PANEL, bar)
                overlays.draw_status_bar(surface, self.renderer, "", notice)
        else:
            self._menu_key = None
            if self.rest.unchanged(game):  # at rest: the screen already shows it
                return False
            self._draw_game(surface, game)
        self.tune.draw(surface, self.renderer)  # over the menu's notice bar or the game
        if self.config_error:
            overlays.draw_banner(surface, self.renderer, self.play_rect, self.config_error, REFUSED)
        if self.error:
            overlays.draw_error(surface, self.renderer, self.play_rect, self.error)
        return True

    def _draw_game(self, surface: pygame.Surface, game: GameRun) -> None:
        renderer = self.renderer
        if self.error is None:
            game.view.draw_background(surface, renderer)
        else:
            renderer.background(surface)
        if self.error is None:
            try:
                game.view.draw(surface, renderer)
            except Exception as error:
                self.fail(f"{game.spec.title} could not be drawn", error)
        keys = overlays.shell_keys(pygame.K_SPACE in game.view.own_keys)
        overlays.draw_top_bar(surface, renderer, game.spec.title, keys)
        status = "Paused" if self.paused else self._status(game)
        overlays.draw_status_bar(surface, renderer, status, self.current_notice())
        self.screens.draw_game(surface, renderer, game)  # the winner panel, the one overlay

    def help_keys(self, game: GameRun) -> tuple[tuple[str, str], ...]:
        """The keys of the game in front of you: its view's, then Ctrl+Z where it undoes, then
        C where the constants panel opens."""
        undoes = game.spec.undo_by_replay and not game.replay
        undo = (("Ctrl+Z", "undo the last grab"),) if undoes else ()
        return (*game.view.keys, *undo, *wire_help(game), *SCREEN_KEYS)

    def _status(self, game: GameRun) -> str:
        try:
            line = game.view.status()
            return self.net.status(line) if self.net is not None else line
        except Exception as error:  # a status line must never stop the game
            return f"(status unavailable: {error})"


def run_app(
    game_id: str | None,
    config_path: Path | None,
    *,
    seed: int | None = None,
    record: str | None = None,
    seats: Sequence[SeatKind] | None = None,
    options: Mapping[str, Any] | None = None,
    saves: str | None = None,
    resume: Path | None = None,
    replay: ReplayFile | None = None,
    computer_speed: str | None = None,
) -> int:
    """Open the window (on ``game_id``, on the replay of a file, else on the menu) and run
    until it is closed.

    ``seats`` and ``options`` (the command line's ``--seats`` and ``--skill``) set up the game;
    ``saves`` is ``--saves`` (the saves folder), ``resume`` a save to reopen (``--resume``).
    A bad config file or an unknown game is one line on stderr and exit code 2, no window.
    """
    opened: list[App] = []  # the app once built: closed (its game kept) however this ends
    try:
        try:
            with deferred():  # a signal while the window opens waits; then the game is left
                opened.append(
                    App(
                        game_id,
                        config_path,
                        seed=seed,
                        record=record,
                        seats=seats,
                        options=options,
                        saves=saves,
                        resume=resume,
                        replay=replay,
                        computer_speed=computer_speed,
                    )
                )
        except (ConfigError, registry.UnknownGame) as error:
            print(f"wobbletop: {error}", file=sys.stderr)
            return EXIT_USAGE
        except NoDisplay as error:
            print(f"wobbletop: {error}", file=sys.stderr)
            return EXIT_NO_WINDOW
        except pygame.error as error:
            print(
                f"wobbletop: cannot open a window ({error}); "
                "without a display, use: wobbletop run GAME",
                file=sys.stderr,
            )
            return EXIT_NO_WINDOW
        return opened[0].run()
    finally:
        for app in opened:
            app.close()
