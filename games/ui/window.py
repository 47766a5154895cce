"""The window itself: the size it opens at, the size it remembers, its icon and its title.

- :func:`fit_window_size` (pure): the size to open at on a desktop of a given size. The
  remembered size when it still fits that screen; else the preferred :data:`DEFAULT_SIZE`
  (1280x800), shrunk to at most :data:`SCREEN_SHARE` of the screen so the title bar and the
  taskbar keep their room (a 1366x768 laptop gets 1229x691); never below :data:`MIN_SIZE`, the
  smallest the layout is made for. A desktop size that makes no sense (SDL's dummy driver, a
  failed query: zero or negative) is ignored.
- :func:`window_display` and :func:`desktop_size`: the display the window opens on (the first
  one; ``PYGAME_DISPLAY=N`` picks another, as in pygame) and its desktop size, so the size is
  chosen for the screen the window is really put on.
- :func:`load_window_size` / :func:`save_window_size`: ``window.toml`` in the player's config
  folder (:func:`games.core.userdirs.user_config_dir`). Reading goes through
  :func:`datafiles.userfile.read_user_toml`; a missing file is the first start (no message), a
  corrupt or unreadable one is one line on stderr and the default size, never a stop. It is
  written through a temporary file and ``os.replace`` (a crash never leaves half a file).
- :func:`make_icon`: the window icon, a wobbly stack of wooden disks drawn in code.
- :func:`window_title`: "Wobbletop" on the menu, "Wallamoppi — Wobbletop" while a game is open.
- :func:`check_display_before_init` and :func:`check_display_driver`: no screen to open the
  window on is one line (:class:`NoDisplay`), not a window that runs unseen.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pygame

from datafiles.userfile import UserFileError, read_user_toml, shown, shown_path
from games.core.userdirs import user_config_dir
from games.ui.canvas import ACCENT, MATERIAL_COLOURS, shade

APP_TITLE = "Wobbletop"
DEFAULT_SIZE = (1280, 800)  # preferred, when the screen has room for it
MIN_SIZE = (480, 360)  # the smallest window the menu and every game are laid out for
MAX_SIDE = 16384  # px: a remembered size past this is not a size
SCREEN_SHARE = 0.9  # a new window takes at most this much of the screen's width and height
SETTINGS_FILE = "window.toml"
MAX_SETTINGS_BYTES = 64 * 1024
ICON_PX = 64

Size = tuple[int, int]


def fit_window_size(desktop: Size | None, remembered: Size | None = None) -> Size:
    """The window size to open at on a ``desktop``-sized screen (None: not known).

    ``remembered`` (the size the player left the window at) is kept when it fits the screen;
    otherwise it, or :data:`DEFAULT_SIZE` when there is none, is shrunk to
    :data:`SCREEN_SHARE` of the screen. Never below :data:`MIN_SIZE`.
    """
    wanted = remembered or DEFAULT_SIZE
    if desktop is None or desktop[0] <= 0 or desktop[1] <= 0:
        return _at_least_min(wanted)  # no sane screen size: trust the wanted one
    if desktop[0] < MIN_SIZE[0] or desktop[1] < MIN_SIZE[1]:
        return MIN_SIZE  # a tiny screen: the smallest the layout supports
    if remembered is not None and remembered[0] <= desktop[0] and remembered[1] <= desktop[1]:
        return _at_least_min(remembered)
    room = (int(desktop[0] * SCREEN_SHARE), int(desktop[1] * SCREEN_SHARE))
    return _at_least_min((min(wanted[0], room[0]), min(wanted[1], room[1])))


def _at_least_min(size: Size) -> Size:
    return (max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1]))


def window_display() -> int:
    """The display index the window opens on: ``PYGAME_DISPLAY`` if it names one, else 0."""
    try:
        count = pygame.display.get_num_displays()
    except pygame.error:
        return 0
    chosen = os.environ.get("PYGAME_DISPLAY", "").strip()
    if chosen.isdigit() and int(chosen) < count:
        return int(chosen)
    return 0


def desktop_size(display: int) -> Size | None:
    """The desktop size of ``display``, or None when SDL cannot say."""
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    if not 0 <= display < len(sizes):
        return None
    width, height = sizes[display]
    return (int(width), int(height))


def settings_path() -> Path:
    """``window.toml`` in the player's config folder."""
    return user_config_dir() / SETTINGS_FILE


def load_window_size(path: Path | None = None) -> Size | None:
    """The remembered window size, or None: no file yet (silent) or a bad one (one line on
    stderr naming the file and the problem; the default size is used and the next save
    replaces the file)."""
    path = settings_path() if path is None else path
    if not os.path.lexists(path):
        return None
    try:
        data = read_user_toml(path, what="settings file", max_bytes=MAX_SETTINGS_BYTES)
        return _size_from(data, shown_path(path))
    except UserFileError as error:
        print(f"wobbletop: {error} (ignored: the window opens at its default size)",
              file=sys.stderr)
        return None


def _size_from(data: Mapping[str, Any], name: str) -> Size:
    window = data.get("window")
    if not isinstance(window, Mapping):
        raise UserFileError(f"{name}: no [window] table with width and height")
    size = []
    for key in ("width", "height"):
        value = window.get(key)
        low = MIN_SIZE[0] if key == "width" else MIN_SIZE[1]
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= MAX_SIDE:
            raise UserFileError(
                f"{name}: window.{key} = {shown(value)}; allowed: a whole number of pixels "
                f"from {low} to {MAX_SIDE}"
            )
        size.append(value)
    return (size[0], size[1])


def settings_text(size: Size) -> str:
    """The settings file's text for a window of ``size``."""
    import tomli_w

    body = tomli_w.dumps({"window": {"width": int(size[0]), "height": int(size[1])}})
    return "# The size Wobbletop's window was last left at; delete this file to forget it.\n" + body


def save_window_size(size: Size, path: Path | None = None) -> None:
    """Write ``size`` to the settings file atomically; :class:`OSError` says why it failed."""
    from games.runs.scenario import write_text_atomically

    write_text_atomically(settings_path() if path is None else path, settings_text(size))


def window_title(game_title: str | None = None) -> str:
    """The window's title: the app's on the menu, "GAME — Wobbletop" while a game is open."""
    return f"{game_title} — {APP_TITLE}" if game_title else APP_TITLE


def make_icon(px: int = ICON_PX) -> pygame.Surface:
    """The window icon: three wooden disks stacked a little crooked, seen side on, with the
    accent-coloured marble on top; transparent around them."""
    icon = pygame.Surface((px, px), pygame.SRCALPHA)
    wood = MATERIAL_COLOURS["wood"]
    unit = px / 64
    disks = (  # (centre x, width, wood shade) from the bottom up
        (32, 56, 0.82),
        (29, 46, 1.0),
        (34, 36, 1.14),
    )
    thick = round(13 * unit)
    bottom = px - round(4 * unit)
    for index, (cx, width, factor) in enumerate(disks):
        rect = pygame.Rect(0, 0, round(width * unit), thick)
        rect.midbottom = (round(cx * unit), bottom - index * (thick + round(2 * unit)))
        face = shade(wood, factor)
        pygame.draw.rect(icon, shade(face, 0.55), rect.move(0, round(2 * unit)),
                         border_radius=thick // 2)
        pygame.draw.rect(icon, face, rect, border_radius=thick // 2)
        pygame.draw.rect(icon, shade(face, 0.6), rect, width=max(1, round(2 * unit)),
                         border_radius=thick // 2)
        top = rect.top
    radius = round(7 * unit)
    centre = (round(36 * unit), top - radius)
    pygame.draw.circle(icon, shade(ACCENT, 0.6), centre, radius)
    pygame.draw.circle(icon, ACCENT, centre, radius - max(1, round(unit)))
    pygame.draw.circle(icon, shade(ACCENT, 1.4), (centre[0] - radius // 3, centre[1] - radius // 3),
                       max(1, radius // 3))
    return icon


class NoDisplay(Exception):
    """No screen to open the window on; ``str()`` is one line for the user."""


# SDL's stand-ins for a screen: they open an invisible window, so the app would run unseen.
HEADLESS_DRIVERS = ("offscreen", "dummy")


def _no_display(reason: str) -> NoDisplay:
    return NoDisplay(f"no display found ({reason}); games without a window: wobbletop run GAME")


def check_display_before_init() -> None:
    """On Linux with neither X nor Wayland, fail before SDL probes (and prints its warnings).

    A driver the user chose with ``SDL_VIDEODRIVER`` (kmsdrm, or dummy in tests) is respected.
    """
    if os.environ.get("SDL_VIDEODRIVER"):
        return
    if sys.platform.startswith("linux") and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    ):
        raise _no_display("DISPLAY is not set")


def check_display_driver() -> None:
    """After ``pygame.display.init()``: refuse a headless driver SDL fell back to by itself."""
    if os.environ.get("SDL_VIDEODRIVER"):
        return
    driver = pygame.display.get_driver()
    if driver in HEADLESS_DRIVERS:
        pygame.display.quit()
        names = ("DISPLAY", "WAYLAND_DISPLAY")
        tried = " or ".join(f"{name}={os.environ[name]}" for name in names if os.environ.get(name))
        raise _no_display(f"cannot open {tried or 'a screen'}; SDL fell back to {driver}")
