"""The host: a ``websockets`` server that keeps the one session and streams it to the peers.

The host listens (on 127.0.0.1 unless told ``--listen 0.0.0.0``), waits until every remote seat is
taken by a peer who gave the join code, starts the game (a remote seat whose peer joined with
``--computer`` is a computer seat on every machine), and sends each peer its ``welcome``: the game
as save text and its data files, boards and physics config (:mod:`games.net.snapshot`). Then it
runs the game as far as every peer has declared its inputs (:class:`games.net.lockstep.HostGame`),
streaming ``frames`` with the inputs it applied and its digests; a peer that drops out pauses the
game until a peer with the same code takes its seat back (it gets a fresh ``welcome`` at the
current frame and catches up by replaying it). At the end every peer gets ``end`` and the host
prints the same JSON line as ``wobbletop run``.

A message that is not JSON, not of the schema, too big, replayed or out of turn is dropped with
a log line (stderr, ``wobbletop: net: ...``); a wrong code is refused with one line and the
connection closed. If the host is stopped (Ctrl-C, SIGTERM) before the end, it saves the game
(:mod:`games.runs.saves`) in the saves folder and says where.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from games.core.protocol import GameSpec, InputEvent, Session
from games.net import messages as m
from games.net.lockstep import (
    FORWARDED,
    HERE,
    REMOTE,
    HostGame,
    Peer,
    Ran,
    acting_seat,
    leader,
    session_seats,
)
from games.net.messages import log
from games.net.snapshot import data_texts, save_text
from games.runs.headless import new_session, summary
from physics.config import PhysicsConfig

HELLO_SECONDS = 10.0  # a connection that says nothing this long is closed
PING_SECONDS = 1.0
CHUNK_FRAMES = 240  # frames run between two looks at the network
MAX_BEHIND_FRAMES = 30  # a window's host catches up at most this much after a stall
clock = time.monotonic  # the peers' message rates are measured on it


@dataclass
class Slot:
    """One remote seat and the peer who plays it (or played it, and may come back)."""

    seat: int
    peer: Peer
    computer: bool = False
    joined: bool = False  # taken once (before the start); after, a rejoin takes it back
    socket: ServerConnection | None = None
    numbered: m.Numbered = field(default_factory=m.Numbered)
    rtt_ms: float | None = None
    queue_full: bool = False  # its last inputs were dropped: too many waiting
    limit: m.RateLimit = field(default_factory=lambda: m.RateLimit(
        m.PEER_MESSAGES_PER_SECOND, m.PEER_BURST, clock=lambda: clock()))


class Host:
    """One hosted game: build with the game's choices, then ``await host.serve(...)``."""

    def __init__(
        self,
        spec: GameSpec,
        words: Sequence[str],
        *,
        config: PhysicsConfig,
        seed: int,
        options: dict[str, Any],
        code: str,
        limit: int,
        chunk: int = CHUNK_FRAMES,
        live: bool = False,
    ) -> None:
        self.spec, self.words, self.config, self.seed = spec, list(words), config, seed
        self.options, self.code, self.limit, self.chunk = options, code, limit, chunk
        self.here = [index for index, word in enumerate(words) if word == HERE]
        self.slots = [
            Slot(index, Peer(f"{spec.seat_names[index]} (remote)", [index]))
            for index, word in enumerate(words)
            if word == REMOTE
        ]
        self.game: HostGame | None = None
        self.changed = asyncio.Event()
        self.started = asyncio.Event()
        self.port = 0
        self.result: dict[str, Any] | None = None
        # A window's host (``live``): the game starts at once (a remote seat not yet taken
        # pauses it), and the window runs its frames in real time (:meth:`pump`).
        self.live = live
        self.clock = 0.0
        self.finished = asyncio.Event()
        # The window's player's inputs for the table that leads (called off the loop).
        self.forwards_here: list[tuple[Peer, InputEvent]] = []

    @property
    def session(self) -> Session | None:
        return self.game.session if self.game is not None else None

    # -- the game ------------------------------------------------------------------------

    async def serve(self, listen: str, port: int) -> dict[str, Any]:
        """Listen, wait for the peers, play to the end; the summary (``wobbletop run``'s)."""
        async with serve(
            self._connection, listen, port, max_size=m.MAX_PEER_MESSAGE * 4, compression=None
        ) as server:
            self.port = server.sockets[0].getsockname()[1] if server.sockets else port
            print(
                f"wobbletop: hosting {self.spec.id} on {listen}:{self.port}, join code "
                f"{self.code}; waiting for {len(self.slots)} player(s)",
                file=sys.stderr,
                flush=True,
            )
            pinger = asyncio.create_task(self._ping())
            try:
                if self.live:
                    self._start()
                    await self.finished.wait()
                else:
                    while not all(slot.joined for slot in self.slots):
                        self.changed.clear()
                        await self.changed.wait()
                    self._start()
                    await self._play()
                await self._finish()
            finally:
                pinger.cancel()
        assert self.result is not None
        return self.result

    def _start(self) -> None:
        seats = session_seats(self.words, {slot.seat: slot.computer for slot in self.slots})
        session = new_session(self.spec, self.config, self.seed, seats, self.options)
        self.game = HostGame(session, self.spec, self.limit, [slot.peer for slot in self.slots])
        log(f"{self.spec.id} started: seats {', '.join(seat.value for seat in seats)}")
        self.started.set()

    async def _play(self) -> None:
        game = self.game
        assert game is not None
        while not game.over:
            before = game.session.frame
            ran = game.run(self.chunk)
            for line in ran.dropped:
                log(line)
            if game.rewound:
                game.rewound = False
                await self._rewind()
                continue
            await self._forward(ran)
            if game.session.frame != before or ran.events:
                await self._broadcast(
                    m.Frames(
                        upto=game.session.frame,
                        events=[_record(event) for event in ran.events],
                        digests=[m.Checkpoint(frame=f, digest=d) for f, d in ran.digests],
                    )
                )
            if game.over:
                break
            self.changed.clear()
            if game.session.frame >= game.gate():
                await self.changed.wait()  # a peer's inputs, a peer back
            else:
                await asyncio.sleep(0)  # let the network in between chunks

    def pump(self, seconds: float) -> None:
        """A window's host: run the frames real time allows (and every peer's declarations),
        then stream them. Called by the window once per rendered frame, on its thread."""
        game = self.game
        if game is None or self.finished.is_set():
            return
        session = game.session
        # Real time; while the game waits for a peer the clock waits too (no burst after).
        step_hz = session.setup.config.world.step_hz
        self.clock = min(self.clock + seconds * step_hz, session.frame + MAX_BEHIND_FRAMES)
        ran = game.run(max(0, int(self.clock) - session.frame))
        ran.forwards += self.forwards_here
        self.forwards_here = []
        for line in ran.dropped:
            log(line)
        if game.rewound:  # taken now: a second pump before the welcomes go sends them once
            game.rewound = False
            asyncio.get_running_loop().create_task(self._rewind())
            return
        if ran.forwards:
            asyncio.get_running_loop().create_task(self._forward(ran))
        if ran.events or ran.digests or session.frame != getattr(self, "_streamed", -1):
            self._streamed = session.frame
            frames = m.Frames(
                upto=session.frame,
                events=[_record(event) for event in ran.events],
                digests=[m.Checkpoint(frame=f, digest=d) for f, d in ran.digests],
            )
            asyncio.get_running_loop().create_task(self._broadcast(frames))
        if game.over:
            self.finished.set()

    async def _rewind(self) -> None:
        """An undo took the game back: every peer loads it anew (a welcome at its frame)."""
        game = self.game
        assert game is not None
        log(f"took back the last drag: the game goes on from frame {game.session.frame}")
        for slot in self.slots:
            if slot.peer.connected:
                await self._welcome(slot)

    def forward_here(self, event: InputEvent) -> bool:
        """The host window's player's input, forwarded to the remote table that leads if it
        is one a seat not leading may make (the release); False: played here as usual."""
        game = self.game
        if game is None or event.action not in FORWARDED:
            return False
        ahead = leader(game.session, self.spec)
        seat = acting_seat(game.session, self.spec, event)
        if ahead is None or seat not in self.here or not any(
                ahead in slot.peer.seats and slot.peer.runs_ahead for slot in self.slots):
            return False
        game.forwarded = [*game.forwarded[-15:], (seat, event)]
        self.forwards_here.append((Peer("host", self.here), event))  # sent at the next pump
        return True

    async def _forward(self, ran: Ran) -> None:
        """Inputs of seats not leading go to every other peer: the one whose table leads
        plays them at its frame and declares them (the others are not leading: they wait)."""
        for sender, event in ran.forwards:
            log(f"{sender.name}: {event.action} forwarded to the leading table")
            for slot in self.slots:
                if slot.peer is not sender and slot.peer.connected:
                    await self._send(slot, m.Forward(event=_record(event)))

    async def _finish(self) -> None:
        session = self.session
        assert session is not None
        self.result = summary(session)
        await self._broadcast(m.End(frame=session.frame, result=self.result))
        sockets = [slot.socket for slot in self.slots if slot.socket is not None]
        # The peers close once they have played to the end (bounded: a stuck one is left).
        await asyncio.wait(
            [asyncio.create_task(socket.wait_closed()) for socket in sockets] or
            [asyncio.create_task(asyncio.sleep(0))],
            timeout=60,
        )

    def save(self, how: str) -> str | None:
        """The game so far as save text, or None before it started (nothing to keep)."""
        session = self.session
        return save_text(session, how) if session is not None else None

    # -- the peers -----------------------------------------------------------------------

    async def _connection(self, socket: ServerConnection) -> None:
        address = _address(socket)
        try:
            raw = await asyncio.wait_for(socket.recv(), HELLO_SECONDS)
            hello = m.decode(raw, from_host=False)
        except (asyncio.TimeoutError, ConnectionClosed):
            return
        except m.Dropped as problem:
            await self._refuse(socket, f"{address}: {problem}")
            return
        if not isinstance(hello, m.Hello):
            await self._refuse(socket, f"{address}: {hello.type} before hello")
            return
        if not hmac.compare_digest(hello.code.encode(), self.code.encode()):
            await self._refuse(socket, f"{address}: wrong join code")
            return
        if self.live and hello.computer:
            await self._refuse(socket, f"{address}: this host's remote seats are played by "
                               "people (join without --computer)")
            return
        slot = self._claim(hello)
        if slot is None:
            await self._refuse(socket, f"{address}: no free seat (every remote seat is taken)")
            return
        guard = m.SeqGuard()
        guard.last = hello.seq
        slot.socket, slot.numbered = socket, m.Numbered()
        slot.peer.runs_ahead = hello.ahead
        if hello.name:
            slot.peer.name = f"{self.spec.seat_names[slot.seat]} ({hello.name[:20]})"
        log(f"{slot.peer.name} joined from {address}")
        self.changed.set()
        try:
            await self.started.wait()
            await self._welcome(slot)
            await self._status()
            async for raw in socket:
                self._take(slot, guard, raw)
        except ConnectionClosed:
            pass
        finally:
            if slot.socket is socket:
                slot.socket = None
                slot.peer.connected = False
                slot.peer.pending.clear()
                if self.game is not None and not self.game.over:
                    log(f"{slot.peer.name} left; the game waits for them to rejoin (same code)")
                    self.changed.set()
                    await self._status()

    def _claim(self, hello: m.Hello) -> Slot | None:
        free = [slot for slot in self.slots if slot.socket is None]
        if self.live:
            pass  # a window's host: any seat not taken now, joined before or not
        elif self.started.is_set():
            free = [slot for slot in free if slot.joined]
        else:
            free = [slot for slot in free if not slot.joined]
        if hello.seat is not None:
            free = [slot for slot in free if slot.seat == hello.seat]
        if not free:
            return None
        slot = free[0]
        if not slot.joined:
            slot.joined, slot.computer = True, hello.computer
        return slot

    async def _welcome(self, slot: Slot) -> None:
        session = self.session
        assert session is not None and slot.socket is not None
        text = save_text(session, f"wobbletop host {self.spec.id}")
        slot.peer.pending.clear()
        slot.peer.upto = session.frame
        slot.peer.connected = True
        files = data_texts(self.spec.id)
        await self._send(slot, m.Welcome(seats=[slot.seat], save=text, files=files,
                                         limit=self.limit))

    def _take(self, slot: Slot, guard: m.SeqGuard, raw: str | bytes) -> None:
        if not slot.limit.take():
            if slot.limit.announce():
                log(f"{slot.peer.name}: dropped: more than {m.PEER_MESSAGES_PER_SECOND} "
                    "messages a second; dropping its messages until it slows down")
            return
        try:
            message = m.decode(raw, from_host=False)
            guard.take(message)
        except m.Dropped as problem:
            log(f"{slot.peer.name}: dropped: {problem}")
            return
        if isinstance(message, m.Inputs):
            game = self.game
            assert game is not None
            queued = len(slot.peer.pending) + len(message.events)
            if queued > m.MAX_QUEUED_EVENTS:
                if not slot.queue_full:  # said once a run, as a flood of messages is
                    log(f"{slot.peer.name}: dropped: inputs seq {message.seq}: {queued} inputs "
                        f"would wait for their frame; allowed: at most {m.MAX_QUEUED_EVENTS} "
                        "(dropping such messages until its inputs are played)")
                slot.queue_full = True
                return
            slot.queue_full = False
            lines = game.declare(slot.peer, message.upto,
                                 [record.event() for record in message.events])
            for line in lines[:3]:
                log(line)
            if len(lines) > 3:
                log(f"{slot.peer.name}: and {len(lines) - 3} more inputs of seq {message.seq} "
                    "dropped")
            self.changed.set()
        elif isinstance(message, m.Resync):
            log(f"{slot.peer.name}: asked to resynchronise at frame {message.frame}")
            asyncio.get_running_loop().create_task(self._welcome(slot))
        elif isinstance(message, m.Pong):
            slot.rtt_ms = max(0.0, (time.monotonic() - message.t) * 1000)
        else:
            log(f"{slot.peer.name}: dropped: {message.type} after hello")

    async def _refuse(self, socket: ServerConnection, reason: str) -> None:
        log(f"refused {reason}")
        try:
            await socket.send(m.Numbered().stamp(m.Refused(reason=reason)))
            await socket.close()
        except ConnectionClosed:
            pass

    async def _send(self, slot: Slot, message: m._Message) -> None:
        socket = slot.socket
        if socket is None:
            return
        with contextlib.suppress(ConnectionClosed):
            await socket.send(slot.numbered.stamp(message))

    async def _broadcast(self, message: m._Message) -> None:
        for slot in self.slots:
            if slot.peer.connected:
                await self._send(slot, message.model_copy())

    def connected_line(self) -> list[str]:
        """Who is at the table, with the round-trip time: "blue (remote) 23 ms"."""
        lines = []
        for slot in self.slots:
            if slot.socket is None:
                continue
            rtt = f" {slot.rtt_ms:.0f} ms" if slot.rtt_ms is not None else ""
            lines.append(f"{slot.peer.name}{rtt}")
        return lines

    async def _status(self) -> None:
        paused = self.waiting_line()
        await self._broadcast(m.Status(connected=self.connected_line(), paused=paused))

    def waiting_line(self) -> str:
        """"paused: waiting for blue (remote) to rejoin", or "" when everyone is here."""
        gone = [slot.peer.name for slot in self.slots if slot.joined and slot.socket is None]
        new = [slot.peer.name for slot in self.slots if not slot.joined]
        parts = [f"{', '.join(gone)} to rejoin"] if gone else []
        parts += [f"{', '.join(new)} to join"] if new else []
        return f"paused: waiting for {' and '.join(parts)}" if parts else ""

    async def _ping(self) -> None:
        while True:
            await asyncio.sleep(PING_SECONDS)
            await self._broadcast(m.Ping(t=time.monotonic()))
            if self.started.is_set():
                await self._status()


def _record(event: InputEvent) -> Any:
    from games.runs.scenario import InputRecord

    return InputRecord.model_validate(event.to_json())


def _address(socket: ServerConnection) -> str:
    try:
        host, port = socket.remote_address[:2]
        return f"{host}:{port}"
    except (TypeError, ValueError):
        return "a peer"


def write_host_save(host: Host, folder: Path) -> Path | None:
    """Keep the game the host was playing when it stopped (``None``: it had not started)."""
    from games.runs.saves import save_name
    from games.runs.scenario import numbered_path, write_text_atomically

    text = host.save(f"wobbletop host {host.spec.id}")
    if text is None:
        return None
    path = numbered_path(folder / save_name(host.spec.id))
    write_text_atomically(path, text)
    return path


def result_line(result: dict[str, Any]) -> str:
    return json.dumps(result)
