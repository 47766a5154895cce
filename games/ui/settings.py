"""The player's settings: what the settings screen changes, kept between runs. Pure Python.

One file, ``settings.toml`` in the player's config folder
(:func:`games.core.userdirs.user_config_dir`;
``$WOBBLETOP_HOME/config`` in tests), holds everything the player chooses in the window:

- ``[sound]`` ``volume`` (0 to 100, a share of the config's ``[sound] volume``) and ``muted``;
- ``[play]`` ``computer_speed`` (one of :data:`COMPUTER_SPEEDS`: how fast the computer's moves
  are shown), ``animation_speed`` (one of :data:`ANIMATION_SPEEDS`) and ``colour_blind``
  (seats told apart by shape or pattern as well as colour);
- ``[tutorial]`` ``seen``: the games whose first-run guided turn was offered already
  (:mod:`games.ui.tutorial` offers it once per game; the help reopens it).

The window's size is the one setting kept elsewhere: ``window.toml`` beside this file
(:mod:`games.ui.window`), written when the window is resized. The settings screen's size
choice resizes the window, which writes that file, so each setting has exactly one home.

The loader is strict: an unknown table or key, a value of the wrong kind or out of range, is
one line naming the file and the key and what is allowed (:class:`SettingsError`). Then the
defaults are used for this run and the file is left alone: :class:`SettingsStore` never writes
over a file it could not read (the player's hand edits are not lost; the screen says so).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from datafiles.userfile import UserFileError, read_user_toml, shown, shown_path
from games.core.pacing import COMPUTER_SPEEDS
from games.core.userdirs import user_config_dir

SETTINGS_FILE = "settings.toml"
MAX_SETTINGS_BYTES = 64 * 1024
ANIMATION_SPEEDS = ("slow", "normal", "fast")
# How many times faster than "normal" an animation runs at each animation speed.
ANIMATION_FACTORS = {"slow": 0.5, "normal": 1.0, "fast": 2.0}
VOLUME_RANGE = (0, 100)
MAX_SEEN = 64  # game ids in [tutorial] seen: more is not a file this program wrote


class SettingsError(ValueError):
    """A settings file that cannot be used; ``str()`` is one line naming the file and key."""


@dataclass(frozen=True)
class Settings:
    """Every choice of the settings screen; the defaults are a first run's."""

    volume: int = 80
    muted: bool = False
    computer_speed: str = "normal"
    animation_speed: str = "normal"
    colour_blind: bool = False
    tutorials_seen: tuple[str, ...] = ()

    def with_seen(self, game_id: str) -> Settings:
        """These settings with ``game_id``'s tutorial recorded as offered."""
        if game_id in self.tutorials_seen:
            return self
        return replace(self, tutorials_seen=(*self.tutorials_seen, game_id))

    @property
    def animation_factor(self) -> float:
        return ANIMATION_FACTORS[self.animation_speed]

    def to_toml(self) -> dict[str, Any]:
        return {
            "sound": {"volume": self.volume, "muted": self.muted},
            "play": {
                "computer_speed": self.computer_speed,
                "animation_speed": self.animation_speed,
                "colour_blind": self.colour_blind,
            },
            "tutorial": {"seen": list(self.tutorials_seen)},
        }


# table -> key -> (what is allowed, in words; the check)
def _is_bool(value: Any) -> bool:
    return isinstance(value, bool)


def _is_volume(value: Any) -> bool:
    low, high = VOLUME_RANGE
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _one_of(words: tuple[str, ...]) -> Any:
    return lambda value: isinstance(value, str) and value in words


def _is_seen(value: Any) -> bool:
    return (
        isinstance(value, list)
        and len(value) <= MAX_SEEN
        and all(isinstance(item, str) and 0 < len(item) <= 40 for item in value)
    )


KEYS: dict[str, dict[str, tuple[str, Any]]] = {
    "sound": {
        "volume": (f"a whole number from {VOLUME_RANGE[0]} to {VOLUME_RANGE[1]}", _is_volume),
        "muted": ("true or false", _is_bool),
    },
    "play": {
        "computer_speed": (", ".join(COMPUTER_SPEEDS), _one_of(COMPUTER_SPEEDS)),
        "animation_speed": (", ".join(ANIMATION_SPEEDS), _one_of(ANIMATION_SPEEDS)),
        "colour_blind": ("true or false", _is_bool),
    },
    "tutorial": {
        "seen": (f"a list of at most {MAX_SEEN} game names", _is_seen),
    },
}


def settings_from(data: Mapping[str, Any], name: str) -> Settings:
    """The settings in a parsed file, or :class:`SettingsError` naming ``name`` and the key."""
    values: dict[str, Any] = {}
    for table, entries in data.items():
        allowed = KEYS.get(table)
        if allowed is None:
            raise SettingsError(
                f"{name}: unknown table [{shown(table)}]; allowed: {', '.join(KEYS)}"
            )
        if not isinstance(entries, Mapping):
            raise SettingsError(f"{name}: {table} = {shown(entries)} is not a table")
        for key, value in entries.items():
            if key not in allowed:
                raise SettingsError(
                    f"{name}: unknown key {table}.{shown(key)}; allowed: {', '.join(allowed)}"
                )
            words, check = allowed[key]
            if not check(value):
                raise SettingsError(
                    f"{name}: {table}.{key} = {shown(value)}; allowed: {words}"
                )
            values[f"{table}.{key}"] = value
    defaults = Settings()
    return Settings(
        volume=values.get("sound.volume", defaults.volume),
        muted=values.get("sound.muted", defaults.muted),
        computer_speed=values.get("play.computer_speed", defaults.computer_speed),
        animation_speed=values.get("play.animation_speed", defaults.animation_speed),
        colour_blind=values.get("play.colour_blind", defaults.colour_blind),
        tutorials_seen=tuple(dict.fromkeys(values.get("tutorial.seen", ()))),
    )


def settings_path() -> Path:
    """``settings.toml`` in the player's config folder."""
    return user_config_dir() / SETTINGS_FILE


def load_settings(path: Path) -> Settings:
    """The settings in ``path``; the defaults if there is no file yet; else
    :class:`SettingsError` (one line naming the file and what is wrong)."""
    if not os.path.lexists(path):
        return Settings()
    try:
        data = read_user_toml(path, what="settings file", max_bytes=MAX_SETTINGS_BYTES)
    except UserFileError as error:
        raise SettingsError(str(error)) from None
    return settings_from(data, shown_path(path))


def settings_text(settings: Settings) -> str:
    import tomli_w

    head = "# Wobbletop's settings (the settings screen writes this file; O opens it in a game).\n"
    return head + tomli_w.dumps(settings.to_toml())


@dataclass
class SettingsStore:
    """The settings of this run and the file they live in.

    :meth:`load` reads the file; a bad one leaves the defaults in force, :attr:`problem` set
    to its one-line error and :attr:`writable` False, so :meth:`save` never replaces it.
    """

    path: Path
    settings: Settings = field(default_factory=Settings)
    problem: str | None = None
    writable: bool = True

    @classmethod
    def load(cls, path: Path | None = None) -> SettingsStore:
        path = settings_path() if path is None else path
        try:
            return cls(path, load_settings(path))
        except SettingsError as error:
            return cls(path, Settings(), problem=str(error), writable=False)

    def change(self, settings: Settings) -> str | None:
        """Use ``settings`` now and write them; the one-line reason they were not written
        (the file could not be read, or writing failed), else None."""
        self.settings = settings
        return self.save()

    def save(self) -> str | None:
        if not self.writable:
            return (
                f"settings not saved: {shown_path(self.path)} could not be read "
                "(fix or delete it); they apply until you close the window"
            )
        from games.runs.scenario import write_text_atomically

        try:
            write_text_atomically(self.path, settings_text(self.settings))
        except OSError as error:
            return f"settings not saved in {shown_path(self.path)}: {error.strerror or error}"
        return None
