"""What a screen, a menu or a panel may ask of the window, and the game on its table.

:class:`games.ui.app.App` is the window: it builds the menu, the screens (overlays, settings,
the winner panel, the tutorial), the constants panel, the saves keeper and a network link, and
hands each of them itself. They in turn ask the window for a few things (the play area, a
notice in the status bar, the game on the table, the overlay flags they set, a game to start or
leave...): :class:`Shell` names exactly those, and each of those modules is typed with it, so
only the app imports the screens and none of them imports the app. A game's view asks less
(:class:`games.ui.view.Window`, which :class:`Shell` extends).

Where a screen reads one of the app's other parts (the menu's Settings button is the screens',
the constants panel's button sits in the menu's header, the idle check reads the open overlay),
it sees that part through the few members named here (:class:`MenuPart`, :class:`ScreensPart`,
:class:`TunePart`, :class:`KeeperPart`, :class:`NetPart`), not through its class.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from games.core.protocol import GameSpec, SeatKind, Session
from games.ui.view import View, Window

if TYPE_CHECKING:  # pragma: no cover
    import pygame

    from games.ui.render import Colour
    from games.ui.settings import SettingsStore
    from games.ui.sound import Sound
    from physics.config import LoadedConfig, PhysicsConfig
    from physics.live import ConfigWatcher


@dataclass
class GameRun:
    """The game on the table: its spec, session, view and how it was set up."""

    spec: GameSpec
    session: Session
    view: View
    seats: tuple[SeatKind, ...]
    options: Mapping[str, Any] = field(default_factory=dict)  # e.g. {"skill": "easy"}
    # A replay (games.ui.replay_view): its session is the file's, not a game being played, so
    # it is neither recorded nor given live config edits.
    replay: bool = False


class MenuPart(Protocol):
    """What the screens and the constants panel read of the menu (:class:`games.ui.menu.Menu`):
    where its header buttons go and whether it is showing a screen of its own."""

    @property
    def mouse(self) -> tuple[int, int]: ...

    @property
    def show_help(self) -> bool: ...

    @property
    def replays(self) -> object | None:
        """The Replays list while it is open (only whether it is)."""
        ...

    def captures_escape(self) -> bool: ...

    def header_rect(self, column: int, row: int) -> pygame.Rect: ...

    def header_text(self) -> int: ...


class ScreensPart(Protocol):
    """What the menu, the idle check and the screens' own panels (settings, tutorial, winner)
    read of :class:`games.ui.screens.Screens`."""

    @property
    def app(self) -> Shell: ...

    @property
    def store(self) -> SettingsStore: ...

    @property
    def overlay(self) -> str | None: ...

    def open(self, name: str | None) -> None: ...

    def menu_button(self) -> pygame.Rect | None: ...

    def notify_saved(self, problem: str | None) -> None: ...


class TunePart(Protocol):
    """What the idle check reads of the constants panel (:class:`games.ui.tune_panel.TunePanel`)."""

    def frame_key(self) -> tuple[object, ...]: ...


class KeeperPart(Protocol):
    """What the menu's lists read of the saves keeper (:class:`games.ui.saving.Keeper`)."""

    @property
    def folder(self) -> Path: ...


class NetPart(Protocol):
    """What the window asks of a network game's link (:class:`games.ui.net_play.NetLink`)."""

    def pump(self, seconds: float) -> None: ...

    def status(self, line: str) -> str: ...

    def undo(self) -> None: ...

    def close(self) -> None: ...


class Shell(Window, Protocol):
    """What a screen, a menu or a panel may ask of the window (:class:`games.ui.app.App`)."""

    # -- what the window shows ------------------------------------------------------------
    @property
    def screen(self) -> pygame.Surface: ...

    @property
    def fullscreen(self) -> bool: ...

    @property
    def time(self) -> float:
        """Real seconds the window has run."""
        ...

    @property
    def idle(self) -> bool:
        """The last frame drew nothing new."""
        ...

    @property
    def game(self) -> GameRun | None: ...

    @property
    def session(self) -> Session | None: ...

    @property
    def sound(self) -> Sound: ...

    # -- the state the screens set ----------------------------------------------------------
    paused: bool
    show_help: bool
    help_scroll: int
    help_scroll_max: int
    error: str | None
    config_error: str | None
    computer_speed: str

    # -- the constants in force and the file they come from ---------------------------------
    @property
    def config(self) -> PhysicsConfig: ...

    config_path: Path | None
    watcher: ConfigWatcher

    # -- the window's other parts -------------------------------------------------------------
    @property
    def menu(self) -> MenuPart: ...

    @property
    def screens(self) -> ScreensPart: ...

    @property
    def tune(self) -> TunePart: ...

    @property
    def keeper(self) -> KeeperPart: ...

    net: NetPart | None

    # -- what the screens ask it to do ------------------------------------------------------
    def start_game(
        self,
        spec: GameSpec,
        seats: Sequence[SeatKind],
        options: Mapping[str, Any] | None = None,
    ) -> None: ...

    def open_session(
        self,
        spec: GameSpec,
        session: Session,
        seats: tuple[SeatKind, ...] | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> None: ...

    def enter_game(
        self,
        spec: GameSpec,
        session: Session,
        view: View,
        seats: Sequence[SeatKind],
        options: Mapping[str, Any] | None = None,
        *,
        replay: bool = False,
    ) -> None: ...

    def open_resumed(self, session: Session, path: Path) -> None: ...

    def leave_game(self) -> None: ...

    def fail(self, what: str, error: BaseException) -> None: ...

    def apply_config(self, loaded: LoadedConfig) -> None: ...

    def resize(self, size: tuple[int, int]) -> None: ...

    def help_keys(self, game: GameRun) -> tuple[tuple[str, str], ...]: ...

    def current_notice(self) -> tuple[str, Colour] | None: ...
