"""Live tuning in the window: the config file saved while playing, and which one is in force.

:func:`poll_config` runs every frame (``App._poll_config``). The watcher
(:class:`physics.live.ConfigWatcher`) hands over only an edit that has settled, parsed and
validated; the app applies it (:meth:`games.ui.app.App.apply_config`, unchanged: the running
world takes the constants as a recorded input) and the status bar says which version is now in
force, before what changed ("Config reloaded, now in force: moon.toml of 14:02:07 (3f9a01c2):
new constants applied"). A refused edit shows its one-line error in the banner after the version
that stays in force, so a narrow window cuts the least of it ("Config not applied, moon.toml of
14:02:07 (3f9a01c2) stays in force: moon.toml: world.gravity: is -5.0; allowed: ..."), until a
good edit replaces it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from physics.config import ConfigError, reload_notice

if TYPE_CHECKING:  # pragma: no cover
    from games.ui.shell import Shell

RELOAD_NOTICE_SECONDS = 6.0


def poll_config(app: Shell) -> None:
    """Take up a settled edit of the config files, if there is one."""
    watcher = app.watcher
    result = watcher.poll()
    if result is None:
        return
    in_force = watcher.in_force.describe()
    if isinstance(result, ConfigError):
        app.config_error = f"Config not applied, {in_force} stays in force: {result}"
        return
    previous = app.config
    app.apply_config(result)
    what = reload_notice(previous, result.config).removeprefix("Config reloaded: ")
    app.notify(
        f"Config reloaded, now in force: {in_force}: {what}",
        kind="info",
        seconds=RELOAD_NOTICE_SECONDS,
    )
