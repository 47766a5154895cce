"""Live reload of the physics config: a watcher that applies only a complete, valid file, never
loses a good edit, and says which version is in force.

The window (:mod:`games.ui.live_config`) calls :meth:`ConfigWatcher.poll` every frame; it looks
at the files at most once per ``interval`` seconds. Each look reads every file once, whole
(:func:`datafiles.userfile.snapshot`), and compares the bytes' digest, never the size or the
modification time alone: a save within the same time tick, or of the same size, is seen. An
edit is taken up in three steps:

1. **It settles**: the same bytes are seen at two looks at least ``quiet`` seconds apart. An
   editor that empties the file and then writes it, or writes it in pieces, is caught between
   steps and waited out; only what it leaves is considered.
2. **It parses, 3. it validates**: the bytes that settled are the ones parsed and validated,
   not the file read a third time (it may be in the middle of the next save by then, and what
   would be applied is a half-written file never seen to settle, while the whole one, already
   "seen", would never be applied).

A file that settles but is refused (broken TOML, an unknown key, a value out of range) is
returned as a :class:`~physics.config.ConfigError`: the last good config stays in force. The
watcher keeps :attr:`ConfigWatcher.in_force`, a :class:`ConfigVersion` naming the file and the
version of it that was last applied (its modification time and a short digest), for the window
to say which config is running. No pygame here.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from datafiles.assets import default_config_path
from datafiles.userfile import MAX_CONFIG_BYTES, Snapshot, snapshot
from physics.config import ConfigError, LoadedConfig, load_config

DIGEST_SHOWN = 8  # hex digits of a version's digest shown in the window


@dataclass(frozen=True)
class ConfigVersion:
    """One version of the config files: the file the player edits (None: the defaults alone),
    when it was last modified and the digest of its bytes."""

    path: Path | None
    mtime_ns: int
    digest: str

    def describe(self) -> str:
        """``moon.toml of 14:02:07 (3f9a01c2)``: the file's name, the time it was saved and
        the start of its bytes' digest (``the defaults`` when there is no file of the player's)."""
        name = self.path.name if self.path is not None else "the defaults"
        if not self.mtime_ns:
            return f"{name} ({self.digest[:DIGEST_SHOWN]})"
        stamp = time.strftime("%H:%M:%S", time.localtime(self.mtime_ns / 1e9))
        return f"{name} of {stamp} ({self.digest[:DIGEST_SHOWN]})"


class ConfigWatcher:
    """Reloads the config when one of its files changes; keeps the last good one on a bad edit
    (see the module docstring)."""

    def __init__(
        self,
        user_path: str | os.PathLike[str] | None = None,
        *,
        default_path: Path | None = None,
        interval: float = 0.5,
        quiet: float | None = None,
        current: LoadedConfig | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.user_path = Path(user_path) if user_path is not None else None
        self.default_path = default_path or default_config_path()
        self.interval = interval
        self.quiet = interval if quiet is None else quiet
        self._clock = clock
        seen = self._look()
        self._applied = _digests(seen)  # the bytes last taken up (applied or refused)
        self._pending: tuple[str, ...] | None = None
        self._pending_since = 0.0
        self.last_good: LoadedConfig = current or self._load(seen)
        self.in_force: ConfigVersion = self._version(seen)
        self.error: ConfigError | None = None
        self._checked_at = clock()

    @property
    def paths(self) -> tuple[Path, ...]:
        return (self.default_path,) + ((self.user_path,) if self.user_path else ())

    def poll(self) -> LoadedConfig | ConfigError | None:
        """A freshly loaded config, a :class:`ConfigError` for a bad edit, or None if nothing
        new has settled (unchanged, or still changing)."""
        now = self._clock()
        if now - self._checked_at < self.interval:
            return None
        self._checked_at = now
        seen = self._look()
        digests = _digests(seen)
        if digests == self._applied:
            self._pending = None
            return None
        if digests != self._pending:
            self._pending, self._pending_since = digests, now
            return None
        if now - self._pending_since < self.quiet:
            return None
        self._applied, self._pending = digests, None
        try:
            loaded = self._load(seen)
        except ConfigError as error:
            self.error = error
            return error
        if any(shot.content is None for shot in seen):
            # A file that was not there (or not a file) when looked at is there now: that is
            # another change, not what settled; it settles in its turn.
            self._applied = ()
            return None
        self.last_good, self.error = loaded, None
        self.in_force = self._version(seen)
        return loaded

    def _look(self) -> tuple[Snapshot, ...]:
        return tuple(snapshot(path, MAX_CONFIG_BYTES) for path in self.paths)

    def _load(self, seen: tuple[Snapshot, ...]) -> LoadedConfig:
        contents = {
            path: shot.content
            for path, shot in zip(self.paths, seen, strict=True)
            if shot.content is not None
        }
        return load_config(self.user_path, default_path=self.default_path, contents=contents)

    def _version(self, seen: tuple[Snapshot, ...]) -> ConfigVersion:
        shot = seen[-1]  # the player's file if there is one, else the defaults
        return ConfigVersion(self.user_path, shot.mtime_ns, shot.digest)


def _digests(seen: tuple[Snapshot, ...]) -> tuple[str, ...]:
    return tuple(shot.digest for shot in seen)
