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

Ctrl+Z where the game undoes by replay (Free play) is an input like the others: the host takes
back the last drag at its frame and every table loads the game so rewound (:meth:`undo`); it is
refused here, with the reason, while another seat leads or before any drag. (A dice game's undo
is one of its inputs, sent as any other.) F5 or the menu leave the game (the link hangs up,
and the game is kept as on any ending).

The status bar ends with who is connected and their round-trip time, and says when the game is
paused for a player who dropped out. If the host goes away the game is saved (the app's
autosave, as on any ending) and the bar says so.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING, Any

from games.core.errors import UserError
from games.core.protocol import InputEvent, InputRefused, Session
from games.net.client import HostLeft, Peer
from games.net.host import Host
from games.net.lockstep import FORWARDED, acting_seat, leader

if TYPE_CHECKING:
    from games.ui.shell import Shell


class NetLink:
    """A network game pumped by ``app`` each frame (:class:`JoinLink`, :class:`HostLink`)."""

    def __init__(self, app: Shell) -> None:
        self.app = app
        self.loop = asyncio.new_event_loop()
        self.task: asyncio.Task[Any] | None = None
        self.line = ""
        self.done = False
        self.grab_at = -1  # the frame our last grab takes effect on
        self.opened: Session | None = None
        self.seats: list[int] = []  # the seats this window plays

    # -- the app's hooks ---------------------------------------------------------------------

    def pump(self, seconds: float) -> None:
        """One pass of the network: what arrived is applied, what the player did is sent."""
        if self.done:
            return
        if self.opened is not None and self.app.session is not self.opened:
            self.close()  # the player left the game: hang up
            return
        self.before_pump(seconds)
        self.loop.call_soon(self.loop.stop)
        self.loop.run_forever()
        if self.task is not None and self.task.done():
            self._finished(self.task)

    def before_pump(self, seconds: float) -> None:
        """What runs in the loop's pass (scheduled on it)."""

    def status(self, line: str) -> str:
        """The status bar: the game's own line, then the network's."""
        return f"{line}   ·   {self.line}" if line else self.line

    def close(self) -> None:
        if self.done:
            return
        self.done = True
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(BaseException):
                self.loop.run_until_complete(self.task)
        self.loop.close()

    # -- the table -----------------------------------------------------------------------

    def open(self, session: Session, seats: list[int], *, streamed: bool) -> None:
        """Put ``session`` on the table; the view's inputs come to :meth:`handle`.
        ``streamed``: the host's stream ticks it (a joined peer), not the app."""
        from games.core import registry

        app = self.app
        if app.game is not None and app.session is not session:
            app.leave_game()
        app.open_session(registry.load(session.game_id), session)
        game = app.game
        if game is None:
            return
        self.opened, self.seats = session, seats
        game.view.own_seats = frozenset(seats)  # "(you)" on this window's seats only
        view = game.view
        view.drives_clock = True  # type: ignore[misc]  # the link runs its frames
        if streamed and hasattr(session, "hold"):
            session.hold = None  # the host's animations hold its computers, not ours
        view.session = _Remote(session, self)  # type: ignore[assignment]
        if hasattr(view, "dragging") and hasattr(view, "physics"):
            _keep_drag_in_flight(view, self)

    def handle(self, session: Session, event: InputEvent) -> None:
        """An input made in this window: refused if not this window's seat to play."""
        from games.core import registry

        spec = registry.load(session.game_id)
        ahead = leader(session, spec)
        if ahead is not None and ahead not in self.seats and event.action not in FORWARDED:
            raise InputRefused(f"{spec.seat_names[ahead]} is playing (on another machine)")
        seat = acting_seat(session, spec, event)
        if seat is not None and seat not in self.seats:
            raise InputRefused(f"it is {spec.seat_names[seat]}'s turn (played on another machine)")
        if session.outcome is not None:
            raise InputRefused("the game is over")
        self.send(session, event)

    def send(self, session: Session, event: InputEvent) -> None:
        session.handle(event)

    def undo(self) -> None:
        """Ctrl+Z in a game that undoes by replay: the host takes back the last drag on every
        table (refused here, said in the status, while another seat leads or before a drag)."""
        session = self.opened
        if session is None or self.done:
            return
        from games.core import registry

        spec = registry.load(session.game_id)
        ahead = leader(session, spec)
        if ahead is not None and ahead not in self.seats:
            self.app.notify(f"{spec.seat_names[ahead]} is playing (on another machine): only "
                            "they can take back their drag", kind="refused")
        elif not any(event.action == "grab" for event in session.recorded):
            self.app.notify("nothing to undo: no piece has been moved yet", kind="refused")
        else:
            self.take_back()
            self.app.notify("Taking back the last drag (on every table)", kind="info")

    def take_back(self) -> None:
        """Send the undo (a joined window; a hosting window has no seat that may)."""

    def grab_in_flight(self) -> bool:
        return False

    def _finished(self, task: asyncio.Task[Any]) -> None:
        self.done = True
        error = task.exception() if not task.cancelled() else None
        if isinstance(error, HostLeft):
            self.line = "the host left: the game is saved (Resume in the menu)"
        elif isinstance(error, UserError):  # refused: a wrong code, a bad board file sent
            self.line = str(error)
            self.app.error = str(error)
        elif error is not None:
            self.line = f"network play stopped: {error}"
        else:
            self.line = "the game is over"
        self.loop.close()


class JoinLink(NetLink):
    """This window joined a host: the stream ticks the game, the player's inputs go there."""

    def __init__(self, app: Shell, address: str, code: str, *, name: str = "") -> None:
        super().__init__(app)
        self.peer = Peer(address, code, name=name, live=True, lead=12,
                         on_session=self._arrived, on_status=self._status)
        self.task = self.loop.create_task(self.peer.run())
        self.line = f"connecting to {address}…"

    def before_pump(self, seconds: float) -> None:
        session = self.peer.session
        if session is not None:
            self.peer.advance(seconds, session.setup.config.world.step_hz)
            self.loop.create_task(self.peer.declare_now())

    def _arrived(self, session: Session) -> None:
        self.open(session, self.peer.seats, streamed=True)

    def _status(self, line: str) -> None:
        self.line = line

    def take_back(self) -> None:
        self.peer.undo()

    def send(self, session: Session, event: InputEvent) -> None:
        frame = self.peer.queue(event)
        if event.action == "grab":
            self.grab_at = frame

    def grab_in_flight(self) -> bool:
        """A grab sent that the stream has not reached yet (the hand is not holding yet)."""
        session = self.peer.session
        return session is not None and self.grab_at >= session.frame


class HostLink(NetLink):
    """This window hosts: its session is the one that decides; it runs in real time, as far
    as every peer has declared, and its own player's inputs are applied at once."""

    def __init__(self, app: Shell, host: Host, listen: str, port: int) -> None:
        super().__init__(app)
        self.host, self.listen = host, listen
        self.task = self.loop.create_task(host.serve(listen, port))

    def send(self, session: Session, event: InputEvent) -> None:
        if not self.host.forward_here(event):  # a remote table leads: it plays our release
            session.handle(event)

    def before_pump(self, seconds: float) -> None:
        self.loop.call_soon(self.host.pump, seconds)

    def pump(self, seconds: float) -> None:
        super().pump(seconds)
        session = self.host.session
        if self.opened is not session and session is not None and not self.done:
            self.open(session, self.host.here, streamed=False)
        where = f"{self.listen}:{self.host.port}, code {self.host.code}"
        who = ", ".join(self.host.connected_line()) or "nobody yet"
        waiting = self.host.waiting_line()
        self.line = f"hosting on {where}; joined: {who}" + (f"; {waiting}" if waiting else "")


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
