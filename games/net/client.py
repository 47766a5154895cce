"""A peer: joins a host with its code, rebuilds the game from the host's save, follows it.

:class:`Peer` connects (``websockets``), says ``hello`` with the join code, and loads the
``welcome``'s save on the host's data files (:func:`games.net.snapshot.session_from_save`:
the files checked as a user's files are, the save replayed to the host's frame and checked
against its digest). From then on it applies the host's ``frames`` stream
(:class:`games.net.lockstep.Follower`) and declares its own inputs ahead of it: a ``--computer``
peer has none (its seat is a computer seat on every machine), a scripted peer (``--inputs
FILE``) sends the inputs of a scenario file at their frames, the window sends what its player
does (:meth:`Peer.queue`; a Wallamoppi release the host forwards is played here when this
table leads; Free play's Ctrl+Z, :meth:`Peer.undo`, waits for the host's rewound game). A
digest that differs from the host's asks for a ``resync`` (the host sends its save again) and
is logged. At ``end`` the peer plays to the host's last frame and prints the same JSON line as
``wobbletop run``; if the host goes away first, the peer keeps a save of the game in its saves
folder.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from games.core.errors import UserError
from games.core.protocol import InputEvent, Session
from games.net import messages as m
from games.net.lockstep import UNDO, Desync, Follower
from games.net.messages import log
from games.net.snapshot import session_from_save
from games.runs.headless import summary

LEAD_FRAMES = 240  # how far ahead of its table a peer with no player at it declares
CONNECT_SECONDS = 15.0
MAX_AHEAD_SECONDS = 1  # how far a leading table may run past the host's stream


class JoinError(UserError):
    """The host cannot be joined (refused, unreachable); ``str()`` is one line."""


class HostLeft(Exception):
    """The host went away before the end."""


class Peer:
    """One joined peer; ``await peer.run()`` plays to the end and returns the summary."""

    def __init__(
        self,
        address: str,
        code: str,
        *,
        computer: bool = False,
        script: Sequence[InputEvent] = (),
        seat: int | None = None,
        name: str = "",
        lead: int = LEAD_FRAMES,
        on_status: Callable[[str], None] | None = None,
        on_session: Callable[[Session], None] | None = None,
        live: bool = False,
        run_ahead: bool | None = None,
    ) -> None:
        self.address, self.code, self.computer, self.seat_wanted = address, code, computer, seat
        self.name, self.lead, self.base_lead = name, lead, lead
        self.rtt: float | None = None  # seconds from a declaration to the stream reaching it
        self._declared_at: list[tuple[int, float]] = []
        self.script = sorted(script, key=lambda event: event.frame)
        self.session: Session | None = None
        self.follower: Follower | None = None
        self.seats: list[int] = []
        self.declared = 0
        self.numbered = m.Numbered()
        self.guard = m.SeqGuard()
        self.status = ""
        self.on_status = on_status
        self.on_session = on_session  # a new game loaded (the welcome, a resync)
        self.resyncs = 0
        # A window's peer (``live``): inputs come from its player (:meth:`queue`), and it
        # declares only as far as its own clock (:meth:`advance`), so the game runs in real time.
        self.live = live
        self.clock = 0.0  # the frame real time has reached here
        self.local: list[InputEvent] = []
        self.socket: ClientConnection | None = None
        self.ended: dict[str, Any] | None = None
        self.files: dict[str, str] = {}  # the host's data files the game is played on
        # Run ahead while this machine leads the table (a window always; a script if asked).
        self.run_ahead = live if run_ahead is None else run_ahead
        self.limit = 1_000_000_000  # the host's last frame (the welcome says)
        self._script_at: dict[int, list[InputEvent]] = {}
        for event in self.script:
            self._script_at.setdefault(event.frame, []).append(event)
        self.queued: list[InputEvent] = []  # the player's, waiting for their frame here
        self.forwarded: list[InputEvent] = []  # other seats', for this table to play (leading)
        self.undoing = False  # an undo sent: the host sends the game back (a welcome)

    async def run(self) -> dict[str, Any]:
        uri = f"ws://{self.address}"
        try:
            socket = await asyncio.wait_for(
                connect(uri, max_size=m.MAX_HOST_MESSAGE * 2, compression=None, proxy=None),
                CONNECT_SECONDS,
            )
        except (OSError, asyncio.TimeoutError, InvalidHandshake, InvalidURI) as error:
            raise JoinError(f"{self.address}: cannot connect ({error or 'timed out'})") from None
        self.socket = socket
        async with socket:
            hello = m.Hello(code=self.code, computer=self.computer, seat=self.seat_wanted,
                            name=self.name, ahead=self.run_ahead)
            await socket.send(self.numbered.stamp(hello))
            try:
                async for raw in socket:
                    result = await self._take(socket, raw)
                    if result is not None:
                        return result
            except ConnectionClosed:
                pass
        if self.session is None:
            raise JoinError(f"{self.address}: the host closed the connection before the game")
        raise HostLeft()

    async def _take(self, socket: ClientConnection, raw: str | bytes) -> dict[str, Any] | None:
        try:
            message = m.decode(raw, from_host=True)
            self.guard.take(message)
        except m.Dropped as problem:
            log(f"from the host: dropped: {problem}")
            return None
        if isinstance(message, m.Refused):
            raise JoinError(f"{self.address} refused to let us join: "
                            f"{message.reason.split(': ', 1)[-1]}")
        if isinstance(message, m.Welcome):
            self._load(message)
            self._lead()
            await self._declare(socket)
        elif self.follower is None:
            if not self.undoing:  # after an undo, the stream until the rewound game is moot
                log(f"from the host: dropped: {message.type} before the welcome")
        elif isinstance(message, m.Frames):
            await self._follow(socket, message.upto, message)
        elif isinstance(message, m.End):
            await self._follow(socket, message.frame, None)
            self.ended = self._end(message)
            return self.ended
        elif isinstance(message, m.Forward):
            self.forwarded = [*self.forwarded[-15:], message.event.event()]
            self._lead()
            await self._declare(socket)
        elif isinstance(message, m.Status):
            self.status = "; ".join(filter(None, [", ".join(message.connected), message.paused]))
            if message.paused:
                log(message.paused)
            if self.on_status is not None:
                self.on_status(self.status)
        elif isinstance(message, m.Ping):
            await socket.send(self.numbered.stamp(m.Pong(t=message.t)))
        return None

    def _load(self, welcome: m.Welcome) -> None:
        from games.core import registry

        self.session = session_from_save(welcome.save, self.address, welcome.files)
        self.files, self.limit = dict(welcome.files), welcome.limit
        self.follower = Follower(self.session, registry.load(self.session.game_id))
        self.seats = welcome.seats
        self.declared = self.session.frame
        self.clock = float(self.session.frame)
        self.local.clear()
        self.queued.clear()
        self.undoing = False
        if self.on_session is not None:
            self.on_session(self.session)
        log(f"playing {self.session.game_id} from frame {self.session.frame}, seats {self.seats}")

    async def _follow(self, socket: ClientConnection, upto: int, frames: m.Frames | None) -> None:
        follower = self.follower
        assert follower is not None
        self._measure(upto)
        events = [record.event() for record in frames.events] if frames else []
        digests = [(check.frame, check.digest) for check in frames.digests] if frames else []
        try:
            follower.take(upto, events, digests)
        except Desync as problem:
            self.resyncs += 1
            log(f"out of step with the host at {problem}; resynchronising from the host")
            self.follower = None  # the welcome that answers rebuilds it
            await socket.send(self.numbered.stamp(m.Resync(frame=follower.session.frame)))
            return
        self._lead()
        await self._declare(socket)

    def _measure(self, upto: int) -> None:
        """The round trip, from our declarations the stream has reached; a live peer's lead
        follows it (the game keeps real time only if we declare a round trip ahead)."""
        now = time.monotonic()
        reached = [at for frame, at in self._declared_at if frame <= upto]
        if not reached:
            return
        self._declared_at = [(frame, at) for frame, at in self._declared_at if frame > upto]
        sample = now - max(reached)
        self.rtt = sample if self.rtt is None else 0.8 * self.rtt + 0.2 * sample
        if self.live and self.session is not None:
            hz = self.session.setup.config.world.step_hz
            self.lead = max(self.base_lead, math.ceil(self.rtt * hz * 1.5) + 2)

    def leading(self) -> bool:
        """Whether this machine leads the table now (it runs ahead of the host's stream)."""
        follower = self.follower
        return self.run_ahead and follower is not None and follower.leads(self.seats)

    def queue(self, event: InputEvent) -> int:
        """A player's input in the window. Where this machine leads the table (a physics
        game, its seat to act) it is applied here at once (:class:`InputRefused` as the
        session says); else it takes effect at the first frame not yet declared (``lead``
        frames ahead at most), on every table alike, once the host has it. Returns its frame."""
        session, follower = self.session, self.follower
        if follower is not None and session is not None and self.leading() \
                and session.frame >= self.declared:
            self.local.append(follower.play_now(event))
            return session.frame
        frame = max(self.declared, session.frame if session is not None else 0)
        stamped = InputEvent(frame, event.action, event.x, event.y, event.data)
        self.local.append(stamped)
        self.queued.append(stamped)
        return frame

    def undo(self) -> None:
        """Ctrl+Z where the game undoes by replay: an input at this table's frame (after all
        it played); this table then waits for the host's game without the last drag."""
        session = self.session
        if session is None or self.follower is None:
            return
        frame = session.frame if self.leading() else max(self.declared, session.frame)
        self.local.append(InputEvent(frame, UNDO))
        self.undoing = True

    def _own(self, frame: int) -> list[InputEvent]:
        """Our inputs due at ``frame`` (the script's, the player's queued ones)."""
        due = [event for event in self.queued if event.frame == frame]
        self.queued = [event for event in self.queued if event.frame > frame]
        return [*self._script_at.get(frame, ()), *due]

    def _lead(self) -> None:
        """Run this table ahead of the stream while it leads: a window as far as its clock,
        a script up to ``lead`` frames past the stream."""
        follower = self.follower
        if follower is None or not self.run_ahead:
            return
        to = int(self.clock) if self.live else follower.upto + self.lead
        # Never more than a second past the stream: a link that stalls holds the game here too
        # (what was played ahead and not yet sent would be lost if the link then broke).
        hz = follower.session.setup.config.world.step_hz
        self.local += follower.run_ahead(min(to, follower.upto + MAX_AHEAD_SECONDS * hz),
                                         self.seats, self.limit, self._own, self.forwarded)
        for line in follower.refused:
            log(f"dropped: {line}")
        follower.refused.clear()

    def advance(self, seconds: float, step_hz: int) -> None:
        """Real time passed in the window: the clock runs on (never far ahead of the table),
        and the table with it where this machine leads."""
        session = self.session
        if session is None:
            return
        # Real time, but never more than ``lead`` frames past the table (a stream that lags
        # holds the clock: the game slows for everyone rather than jumping ahead here).
        self.clock = min(self.clock + seconds * step_hz, session.frame + self.lead)
        self._lead()

    async def declare_now(self) -> None:
        """Send what the window's player did since the last declaration (and the clock's)."""
        if self.socket is not None and self.session is not None and self.follower is not None:
            with contextlib.suppress(ConnectionClosed):
                await self._declare(self.socket)

    async def _declare(self, socket: ClientConnection) -> None:
        """Promise our inputs up to ``lead`` frames ahead of our table (a live peer: of its
        clock), with the script's or the player's."""
        session = self.session
        assert session is not None
        ahead = int(self.clock) if self.live else session.frame
        # Leading, we promise only the frames this table has played (our inputs come at its
        # frame); else ``lead`` frames ahead, where the player's inputs will take effect.
        upto = session.frame if self.leading() else ahead + self.lead
        upto = max(upto, max((event.frame + 1 for event in self.local), default=0))
        if not self.local and upto < self.declared + max(1, self.lead // 4) \
                and session.frame < self.limit:
            return  # nothing to say yet: a declaration every quarter of the lead is enough
            # (but a table that led to the host's last frame says so: the host waits for it)
        upto = max(upto, self.declared)
        start = self.declared
        due = [event for event in self.script if start <= event.frame < upto]
        due += self.local
        self.local = []
        records = [m.InputRecord.model_validate(event.to_json()) for event in due]
        self.declared = upto
        self._declared_at.append((upto, time.monotonic()))
        del self._declared_at[:-64]
        await socket.send(self.numbered.stamp(m.Inputs(upto=upto, events=records)))
        if self.undoing:
            self.follower = None  # nothing more of this game: the rewound one comes

    def _end(self, end: m.End) -> dict[str, Any]:
        session = self.session
        assert session is not None
        mine = summary(session)
        if mine != end.result:
            log(f"the game ended here as {json.dumps(mine)}, at the host as "
                f"{json.dumps(end.result)}")
        return mine

    def save(self, folder: Path) -> Path | None:
        """Keep the game as it stands in ``folder`` (None: it never started here)."""
        from games.net.snapshot import save_text
        from games.runs.saves import save_name
        from games.runs.scenario import numbered_path, write_text_atomically

        session = self.session
        if session is None:
            return None
        path = numbered_path(folder / save_name(session.game_id))
        write_text_atomically(
            path, save_text(session, f"wobbletop join {self.address}", self.files)
        )
        return path


