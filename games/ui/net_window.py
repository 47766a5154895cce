"""The window of ``wobbletop host GAME --seats here,...`` and ``wobbletop join HOST:PORT CODE``.

The command line's way into :mod:`games.ui.net_play` (the menu's is :mod:`games.ui.net_menu`):
the app opened on the menu, with the network link that brings the game onto its table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.ui.net_play import HostLink, JoinLink

if TYPE_CHECKING:  # pragma: no cover
    from games.net.host import Host
    from games.ui.app import App


def run_hosting(host: Host, listen: str, port: int, *, saves: str | None = None) -> int:
    """``wobbletop host GAME --seats here,...``: the window on the hosted game."""
    app = _window(saves, f"wobbletop host {host.spec.id} --headless")
    if app is None:
        return 1
    app.net = HostLink(app, host, listen, port)
    return app.run()


def _window(saves: str | None, instead: str) -> App | None:
    import sys

    import pygame

    from games.ui.app import App
    from games.ui.window import NoDisplay

    try:
        return App(None, None, saves=saves)
    except (NoDisplay, pygame.error) as error:
        print(f"wobbletop: cannot open a window ({error}); without a display: {instead}",
              file=sys.stderr)
        return None


def run_joined(address: str, code: str, *, saves: str | None = None, name: str = "") -> int:
    """``wobbletop join HOST:PORT CODE``: the window on the host's game until it is closed."""
    app = _window(saves, f"wobbletop join {address} {code} --computer")
    if app is None:
        return 1
    app.net = JoinLink(app, address, code, name=name)
    return app.run()
