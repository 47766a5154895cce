"""The constants panel's model: every key of the effective config, edits, undo, reset, save.

No pygame here (the panel's window part is :mod:`games.ui.tune_panel`), so the rules of an
edit are tested without a window. :class:`Tuner` holds the panel's values over a *base*: the
config the files load to (``assets/physics.toml`` with the user's file laid on, the watcher's
last good load). An edit is checked by the same validator as a live reload
(:func:`physics.config.validate_config`, the rules across keys included) and refused with the
key's allowed range; an accepted one gives the whole new :class:`PhysicsConfig`, which the
window hands to the session as a recorded config input (``App.apply_config``).

Readings chosen:

- *Reset* puts a key (or every key of a section) back to its **default**: the value in the
  shipped ``assets/physics.toml``, or the schema's built-in one for a key that file leaves out.
  To drop the panel's own edits instead there is *Undo*, one change at a time (a reset of a
  section is one change).
- *Where a value came from* is one of: ``built-in default``, ``assets/physics.toml``, the
  user's file (its name), or ``panel (not saved)`` for a value the panel changed that no file
  holds yet.
- *Save* writes every key whose panel value differs from what the files load to, into the
  user's file (``--config`` / ``WOBBLETOP_CONFIG``, else ``physics.toml`` in the player's config
  folder, :func:`default_user_file`), edited in place with ``tomlkit`` so its comments, order and
  layout stay; a key the file lacks is added at the end of its section's table (the table is
  added at the end of the file if it has none). The shipped ``assets/physics.toml`` is never
  written: a ``--config`` naming it is refused. The file written is read back and must load to
  exactly the panel's values, or the save is undone and reported.
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tomlkit
import tomlkit.items

from datafiles.assets import default_config_path
from datafiles.userfile import UserFileError, read_user_toml, shown
from games.core.userdirs import user_config_dir
from games.runs.toml_edit import set_value
from physics.config import (
    ConfigError,
    ConfigProblem,
    LoadedConfig,
    PhysicsConfig,
    load_config,
    range_of,
    unit_of,
    validate_config,
    waits_for_restart,
)
from physics.schema import Section

USER_CONFIG_NAME = "physics.toml"
PANEL_SOURCE = "panel (not saved)"
BUILT_IN = "built-in default"


class TuneRefused(ValueError):
    """An edit the panel refuses; ``str()`` is one line naming the key and what is allowed."""


def default_user_file() -> Path:
    """The user's config file when none was named: ``physics.toml`` in the config folder."""
    return user_config_dir() / USER_CONFIG_NAME


def tuned_file_if_any() -> Path | None:
    """:func:`default_user_file` if the panel has saved one (the window loads it then)."""
    path = default_user_file()
    return path if path.is_file() else None


@dataclass(frozen=True)
class Constant:
    """One key of the config as the panel shows it: kind, allowed range, unit."""

    key: str  # dotted: "world.gravity", "friction.wood-felt"
    kind: type  # float, int or bool
    low: float | None = None
    high: float | None = None
    unit: str = ""

    @property
    def section(self) -> str:
        return self.key.partition(".")[0]

    @property
    def name(self) -> str:
        return self.key.partition(".")[2]

    @property
    def needs_restart(self) -> bool:
        """A key a running world cannot take up (physics.config.RESTART_ONLY_KEYS): F5."""
        return waits_for_restart(self.key)

    def allowed(self) -> str:
        """What the key allows, in words: ``a number from 0 to 100000 (mm/s²)``."""
        unit = f" ({self.unit})" if self.unit else ""
        if self.kind is bool:
            return "true or false"
        what = "a whole number" if self.kind is int else "a number"
        if self.low is not None and self.high is not None:
            return f"{what} from {self.low:g} to {self.high:g}{unit}"
        return f"{what}{unit}"

    def parse(self, text: str) -> Any:
        """A typed value as this key's kind; :class:`TuneRefused` for text that is not one."""
        word = text.strip().lower()
        if self.kind is bool:
            if word in ("true", "on", "yes", "1"):
                return True
            if word in ("false", "off", "no", "0"):
                return False
        else:
            try:
                number = float(word.replace("_", "")) if word else math.nan
            except ValueError:
                number = math.nan
            if math.isfinite(number) and (self.kind is float or number.is_integer()):
                return int(number) if self.kind is int else number
        raise TuneRefused(f"{self.key}: is {shown(text.strip())}; allowed: {self.allowed()}")

    def check_range(self, value: Any) -> None:
        """:class:`TuneRefused` naming the allowed range for a value outside it."""
        if self.kind is bool:
            return
        if (self.low is not None and value < self.low) or (
            self.high is not None and value > self.high
        ):
            raise TuneRefused(f"{self.key}: is {shown(value)}; allowed: {self.allowed()}")


def constants_of(config: PhysicsConfig) -> list[Constant]:
    """Every key of ``config``, section by section in the schema's order."""
    found: list[Constant] = []
    for section in PhysicsConfig.model_fields:
        value = getattr(config, section)
        if isinstance(value, Section):
            kinds = {name: f.annotation for name, f in type(value).model_fields.items()}
        else:  # an open table: materials or a pair table, every value a bounded number
            kinds = {name: float for name in value}
        for name, annotation in kinds.items():
            key = f"{section}.{name}"
            kind = annotation if annotation in (int, bool) else float
            found.append(Constant(key, kind, *range_of(key), unit=unit_of(key)))
    return found


def flat(config: PhysicsConfig) -> dict[str, Any]:
    """``config`` as dotted keys to values."""
    return dict(_flatten(config.model_dump()))


def _flatten(data: Mapping[str, Any], prefix: str = "") -> Iterator[tuple[str, Any]]:
    for key, value in data.items():
        if isinstance(value, Mapping):
            yield from _flatten(value, f"{prefix}{key}.")
        else:
            yield f"{prefix}{key}", value


def nested(values: Mapping[str, Any]) -> dict[str, Any]:
    """Dotted keys back to a nested table (a key's name may hold ``-``, never ``.``)."""
    table: dict[str, Any] = {}
    for key, value in values.items():
        section, _, name = key.partition(".")
        table.setdefault(section, {})[name] = value
    return table


class Tuner:
    """The panel's values over ``base`` (what the files load to), with an undo history."""

    def __init__(self, base: LoadedConfig, current: PhysicsConfig | None = None) -> None:
        self.base = base
        self.base_values = flat(base.config)  # what the files load to, by dotted key
        self.values = flat(current if current is not None else base.config)
        self.config = current if current is not None else base.config
        self.constants = {c.key: c for c in constants_of(self.config)}
        self.history: list[dict[str, Any]] = []  # the values before each change
        self._defaults: dict[str, Any] | None = None
        self._shipped = default_config_path()

    # -- reading -------------------------------------------------------------------------

    @property
    def constants(self) -> dict[str, Constant]:
        return self._constants

    @constants.setter
    def constants(self, constants: dict[str, Constant]) -> None:
        self._constants = constants
        self._by_section: dict[str, list[str]] = {}
        for key, constant in constants.items():
            self._by_section.setdefault(constant.section, []).append(key)

    def sections(self) -> list[str]:
        return list(self._by_section)

    def keys_of(self, section: str) -> list[str]:
        return list(self._by_section.get(section, ()))

    def source(self, key: str) -> str:
        """Where the panel's value of ``key`` came from (module docstring)."""
        if self.values.get(key) != self.base_values.get(key):
            return PANEL_SOURCE
        path = self.base.sources.get(key)
        if path is None:
            return BUILT_IN
        if path == self._shipped:
            return "assets/physics.toml"
        return str(path)

    def defaults(self) -> dict[str, Any]:
        """The values without the user's file: the shipped file's, else the schema's."""
        if self._defaults is None:
            default_path = self.base.files[0] if self.base.files else None
            self._defaults = flat(load_config(None, default_path=default_path).config)
        return self._defaults

    def changed(self) -> dict[str, Any]:
        """The keys whose panel value differs from what the files load to (what Save writes)."""
        files = self.base_values
        return {key: value for key, value in self.values.items() if files.get(key) != value}

    # -- changing ------------------------------------------------------------------------

    def set(self, key: str, value: Any) -> PhysicsConfig:
        """Set one key; the new whole config, or :class:`TuneRefused` (nothing changes)."""
        constant = self.constants.get(key)
        if constant is None:
            raise TuneRefused(f"{key}: unknown key; allowed: {', '.join(self.constants)}")
        if constant.kind is int and isinstance(value, float) and value.is_integer():
            value = int(value)
        constant.check_range(value)
        return self._change({key: value})

    def set_text(self, key: str, text: str) -> PhysicsConfig:
        """A typed value: parsed as the key's kind, then :meth:`set`."""
        constant = self.constants.get(key)
        if constant is None:
            raise TuneRefused(f"{key}: unknown key")
        return self.set(key, constant.parse(text))

    def reset(self, key: str) -> PhysicsConfig:
        """``key`` back to its default (module docstring)."""
        defaults = self.defaults()
        if key not in defaults:  # a material or pair the user's file adds
            raise TuneRefused(
                f"{key}: has no default (your file adds it); allowed: a new value, or remove "
                "it from the file"
            )
        return self._change({key: defaults[key]})

    def reset_section(self, section: str) -> PhysicsConfig:
        """Every key of ``section`` back to its default, as one change."""
        defaults = self.defaults()
        keys = [key for key in self.keys_of(section) if key in defaults]
        return self._change({key: defaults[key] for key in keys})

    def undo(self) -> PhysicsConfig | None:
        """Take back the last change; None when there is none."""
        if not self.history:
            return None
        previous = self.history.pop()
        self.config = validate_config(nested(previous))
        self.values = previous
        return self.config

    def follow(self, base: LoadedConfig, current: PhysicsConfig) -> None:
        """The files changed under the panel (a live reload, a save): take up their values."""
        self.base = base
        self.base_values = flat(base.config)
        self.values = flat(current)
        self.config = current
        self.constants = {c.key: c for c in constants_of(current)}
        self._defaults = None

    def _change(self, update: Mapping[str, Any]) -> PhysicsConfig:
        if all(self.values.get(key) == value for key, value in update.items()):
            return self.config
        values = {**self.values, **update}
        try:
            config = validate_config(nested(values))
        except ConfigProblem as problem:
            raise TuneRefused(str(problem)) from None
        self.history.append(self.values)
        self.values, self.config = values, config
        return config

    def loaded(self) -> LoadedConfig:
        """The panel's config as a load: the files' sources, the panel's edits unnamed."""
        changed = self.changed()
        sources = {key: path for key, path in self.base.sources.items() if key not in changed}
        return LoadedConfig(self.config, sources, self.base.files)


# --------------------------------------------------------------------------------------------
# Saving


class SaveRefused(ValueError):
    """The user's file cannot take the panel's values; ``str()`` is one line naming it."""


def save_changes(path: Path, changes: Mapping[str, Any], expected: PhysicsConfig) -> LoadedConfig:
    """Write ``changes`` (dotted keys) into the user's config file at ``path``, keeping the
    rest of it (comments, order, layout); the file must then load to ``expected``.

    Returns the new load (defaults + this file). :class:`SaveRefused` for the shipped file, a
    file that is not TOML, or one that does not load to ``expected`` (the old text is then
    written back)."""
    from games.runs.scenario import write_text_atomically

    if path.resolve() == default_config_path().resolve():
        raise SaveRefused(
            f"{path}: the shipped defaults are never written; allowed: a file of your own "
            "(--config PATH, or none: the panel saves to your config folder)"
        )
    old_text: str | None = None
    if path.exists():
        try:
            read_user_toml(path, what="config file")
        except UserFileError as error:
            raise SaveRefused(str(error)) from None
        old_text = path.read_text(encoding="utf-8-sig")
    document = tomlkit.parse(old_text) if old_text is not None else _new_document()
    for key, value in changes.items():
        section, _, name = key.partition(".")
        _set_in(document, section, name, value)
    try:
        write_text_atomically(path, tomlkit.dumps(document))
    except OSError as error:
        raise SaveRefused(f"{path}: could not be written: {error.strerror or error}") from None
    loaded: LoadedConfig | None = None
    try:
        loaded = load_config(path)
        problem = "" if loaded.config == expected else "loads to other values than the panel's"
    except ConfigError as error:
        problem = str(error)
    if problem or loaded is None:
        if old_text is not None:
            write_text_atomically(path, old_text)
        else:
            path.unlink()
        raise SaveRefused(f"{path}: not saved: {problem}")
    return loaded


def _new_document() -> tomlkit.TOMLDocument:
    document = tomlkit.document()
    document.add(tomlkit.comment("Physics constants tuned in Wobbletop's constants panel (C)."))
    document.add(tomlkit.comment("Any key of assets/physics.toml may be set here; the rest"))
    document.add(tomlkit.comment("keep their defaults. `wobbletop config` shows the result."))
    return document


def _set_in(document: tomlkit.TOMLDocument, section: str, name: str, value: Any) -> None:
    """Set ``section.name`` in place: a value already there keeps its comment and position."""
    if section not in document:
        document.add(tomlkit.nl())
        document.add(section, tomlkit.table())
    table = document[section]
    if not isinstance(table, (tomlkit.items.Table, tomlkit.items.InlineTable, dict)):
        raise SaveRefused(f"{section}: is not a table in the file; allowed: a [{section}] table")
    set_value(table, name, value)


def saved_path(config_path: Path | None) -> Path:
    """Where Save writes: the user's file in use, else :func:`default_user_file`."""
    return config_path if config_path is not None else default_user_file()


def describe_path(path: Path | str) -> str:
    """A short name for the panel: the path with the home folder shortened to ``~``."""
    home = os.path.expanduser("~")
    text = str(path)
    return "~" + text[len(home) :] if home and text.startswith(home + os.sep) else text
