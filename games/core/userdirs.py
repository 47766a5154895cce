"""Where a player's own files live: settings now, saved games later; never the current folder.

Pure Python. :func:`user_config_dir` (settings such as the window's size) and
:func:`user_data_dir` (saved games) are the platform's folders from ``platformdirs``:

- Linux: ``~/.config/wobbletop`` and ``~/.local/share/wobbletop`` (or ``$XDG_CONFIG_HOME``,
  ``$XDG_DATA_HOME``);
- macOS: ``~/Library/Application Support/wobbletop`` for both;
- Windows: ``%LOCALAPPDATA%\\wobbletop`` for both.

``WOBBLETOP_HOME`` (:data:`HOME_ENV`) moves both under one folder, ``$WOBBLETOP_HOME/config``
and ``$WOBBLETOP_HOME/data``: tests point it at a temporary folder so no test writes into the
real home, and a portable install (a USB stick) can keep its files beside it. The folders are
not created here; whoever writes a file creates its folder.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "wobbletop"
HOME_ENV = "WOBBLETOP_HOME"


def _override() -> Path | None:
    home = os.environ.get(HOME_ENV)
    return Path(home).expanduser().absolute() if home else None


def user_config_dir() -> Path:
    """The folder of the player's settings (read each call, so a test's env is seen)."""
    home = _override()
    if home is not None:
        return home / "config"
    return platformdirs.user_config_path(APP_NAME, appauthor=False)


def user_data_dir() -> Path:
    """The folder of the player's saved games (read each call, so a test's env is seen)."""
    home = _override()
    if home is not None:
        return home / "data"
    return platformdirs.user_data_path(APP_NAME, appauthor=False)
