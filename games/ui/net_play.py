"""A network game in the window: ``wobbletop join HOST:PORT CODE`` (and the menu's Join).

:class:`NetLink` is the window's side of :class:`games.net.client.Peer`. The peer's asyncio
loop runs on the window's own thread: the app pumps it once per rendered frame
(:meth:`NetLink.pump`, one pass over what the network has ready, never waiting), so the
session is only ever touched by one thread, between two drawings.

When the host's game arrives (the welcome's save, replayed to the host's frame), the link puts
it on the table with its usual view; from then on the *stream* ticks it (the view is marked as
driving the clock, as a replay's is, so the app runs no frames of its own) and the player's
inputs go to the host instead of the session: :meth:`NetLink.handle` checks that it is one of
this window's seats to play (else the status bar says whose turn it is) and queues the input,
which takes effect a few frames ahead on every table alike, once the host has it. A dice
game's animations do not hold the computers here (their ``hold`` is the host's to record).

The status bar ends with who is connected and their round-trip time, and says when the game is
paused for a player who dropped out. If the host goes away the game is saved (the app's
autosave, as on any ending) and the bar says so.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING, Any

from games.net.client import HostLeft, JoinError, Peer
from games.net.lockstep import acting_seat
from games.protocol import InputEvent, InputRefused, Session

if TYPE_CHECKING:
    from games.ui.app import App


class NetLink:
    """One joined game, pumped by ``app`` each frame; :meth:`close` hangs up."""

    def __init__(self, app: App, address: str, code: str, *, name: str = "") -> None:
        self.app = app
        self.loop = asyncio.new_event_loop()
        self.peer = Peer(address, code, name=name, live=True, lead=12,
                         on_session=self._open, on_status=self._status)
        self.task = self.loop.create_task(self.peer.run())
        self.line = f"connecting to {address}…"
        self.done = False
        self.grab_at = -1  # the frame our last grab takes effect on

    # -- the app's hooks ---------------------------------------------------------------------

    def pump(self, seconds: float) -> None:
        """One pass of the network: what arrived is applied, what the player did is sent."""
        if self.done:
            return
        session = self.peer.session
        if session is not None:
            if self.app.session is not session:  # the player left the game: hang up
                self.close()
                return
            self.peer.advance(seconds, session.setup.config.world.step_hz)
            self.loop.create_task(self.peer.declare_now())
        self.loop.call_soon(self.loop.stop)
        self.loop.run_forever()
        if self.task.done():
            self._finished()

    def status(self, line: str) -> str:
        """The status bar: the game's own line, then the network's."""
        return f"{line}   ·   {self.line}" if line else self.line

    def close(self) -> None:
        if self.done:
            return
        self.done = True
        self.task.cancel()
        with contextlib.suppress(BaseException):
            self.loop.run_until_complete(self.task)
        self.loop.close()

    # -- the peer's callbacks ----------------------------------------------------------------

    def _open(self, session: Session) -> None:
        from games import registry

        app = self.app
        if app.game is not None and app.session is not session:
            app.leave_game()
        app.open_session(registry.load(session.game_id), session)
        game = app.game
        if game is None:
            return
        game.view.drives_clock = True  # type: ignore[misc]  # the stream ticks the session
        if hasattr(session, "hold"):
            session.hold = None
        view = game.view
        # The view's inputs go to the host: the session stays the stream's alone.
        view.session = _Remote(session, self)  # type: ignore[assignment]
        if hasattr(view, "dragging") and hasattr(view, "physics"):
            _keep_drag_in_flight(view, self)

    def _status(self, line: str) -> None:
        self.line = line

    def handle(self, session: Session, event: InputEvent) -> None:
        """An input made in this window: refused if not ours to play, else sent to the host."""
        from games import registry

        spec = registry.load(session.game_id)
        seat = acting_seat(session, spec, event)
        if seat is not None and seat not in self.peer.seats:
            raise InputRefused(f"it is {spec.seat_names[seat]}'s turn (played on another machine)")
        if session.outcome is not None:
            raise InputRefused("the game is over")
        frame = self.peer.queue(event)
        if event.action == "grab":
            self.grab_at = frame

    def grab_in_flight(self) -> bool:
        """A grab sent that the stream has not reached yet (the hand is not holding yet)."""
        session = self.peer.session
        return session is not None and self.grab_at >= session.frame

    def _finished(self) -> None:
        self.done = True
        error = self.task.exception() if not self.task.cancelled() else None
        if isinstance(error, HostLeft):
            self.line = "the host left: the game is saved (Resume in the menu)"
        elif isinstance(error, JoinError):
            self.line = str(error)
            self.app.error = str(error)
        elif error is not None:
            self.line = f"network play stopped: {error}"
        else:
            self.line = "the game is over"
        self.loop.close()


def _keep_drag_in_flight(view: Any, link: NetLink) -> None:
    """A physics view lets go of a drag when its hand holds nothing; here the hand holds
    nothing until the grab has been to the host and back, so the drag is kept meanwhile."""
    update = view.update

    def tolerant_update(seconds: float) -> None:
        dragging = view.dragging
        update(seconds)
        if dragging and not view.dragging and link.grab_in_flight():
            view.dragging = True

    view.update = tolerant_update


class _Remote:
    """The session as the view sees it: everything the session has, but ``handle`` sends."""

    def __init__(self, session: Session, link: NetLink) -> None:
        self._session, self._link = session, link

    def handle(self, event: InputEvent) -> None:
        self._link.handle(self._session, event)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._session, name)

    def __setattr__(self, name: str, value: Any) -> None:
        if name in ("_session", "_link"):
            object.__setattr__(self, name, value)
        else:
            setattr(self._session, name, value)


def run_joined(address: str, code: str, *, saves: str | None = None, name: str = "") -> int:
    """``wobbletop join HOST:PORT CODE``: the window on the host's game until it is closed."""
    import sys

    import pygame

    from games.ui.app import EXIT_NO_WINDOW, App
    from games.ui.window import NoDisplay

    try:
        app = App(None, None, saves=saves)
    except (NoDisplay, pygame.error) as error:
        print(f"wobbletop: cannot open a window ({error}); without a display: wobbletop join "
              f"{address} {code} --computer", file=sys.stderr)
        return EXIT_NO_WINDOW
    app.net = NetLink(app, address, code, name=name)
    return app.run()
