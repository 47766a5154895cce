"""The messages host and peers exchange: versioned JSON, checked by a schema, size-limited.

Every message is one JSON object with ``type`` (what it is) and ``v`` (:data:`VERSION`; another
version is refused, not guessed at). Each side numbers the messages it sends in ``seq``, from 1 up;
a message whose ``seq`` is not above the last one taken from that connection is a replay and is
dropped. The host takes at most :data:`PEER_MESSAGES_PER_SECOND` messages a second from a peer and
keeps at most :data:`MAX_QUEUED_EVENTS` of its inputs waiting (:class:`RateLimit`); more is
dropped, said in one log line a run. Nothing is ever pickled; :func:`decode` is the only way in,
and it gives either a checked message or a one-line reason to drop it (the caller logs it and
carries on).

Peer to host: ``hello`` (the join code, whether the joined seats are played by the computer, a
seat to take back when rejoining, whether its table runs ahead where its seat leads),
``inputs`` (a peer's inputs for frames ``[.., upto)`` and the promise that it has no more
before ``upto``), ``resync`` (asks for the host's state), ``pong``.
Host to peer: ``welcome`` (your seats, the game so far as save text, and the host's data files:
board files and physics config, :mod:`games.net.snapshot`), ``refused`` (one line,
then the host closes), ``frames`` (the host ran to ``upto``: the inputs it applied, at their
frames, and digests to compare), ``forward`` (another seat's input for the table that leads
to play at its own frame: a Wallamoppi release), ``status`` (who is connected, paused or
not), ``end`` (the game ended at ``frame`` with this result), ``ping``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from datafiles.userfile import MAX_SCENARIO_BYTES
from games.runs.scenario import InputRecord

VERSION = 1
# What a peer may send: inputs and small control messages. A bigger one is dropped unread.
MAX_PEER_MESSAGE = 64 * 1024
# What the host may send: a welcome carries a save (as big as a scenario file may be) and the
# data files (each checked by the joiner: games.net.snapshot.MAX_DATA_FILE_BYTES).
MAX_FILES_CHARS = 2 << 20
MAX_HOST_MESSAGE = MAX_SCENARIO_BYTES + MAX_FILES_CHARS + 64 * 1024
MAX_EVENTS = 512  # inputs in one message
# What the host takes from one peer: messages a second (a window declares at most once a drawn
# frame, plus a pong a second), in a burst, and inputs waiting for their frame.
PEER_MESSAGES_PER_SECOND = 120
PEER_BURST = 240
MAX_QUEUED_EVENTS = 4 * MAX_EVENTS
CODE_PATTERN = r"^[A-Za-z0-9-]{1,32}$"
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I to misread


def new_code() -> str:
    """A fresh join code: six letters and digits, from the system's secure random source."""
    import secrets

    return "".join(secrets.choice(CODE_LETTERS) for _ in range(6))


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False)

    v: Literal[1] = 1  # VERSION
    seq: int = Field(default=0, ge=0)


class Hello(_Message):
    type: Literal["hello"] = "hello"
    code: str = Field(max_length=64)
    computer: bool = False
    seat: int | None = Field(default=None, ge=0, le=15)
    name: str = Field(default="", max_length=40)
    ahead: bool = False  # the peer's table runs ahead where its seat leads


class Inputs(_Message):
    type: Literal["inputs"] = "inputs"
    upto: int = Field(ge=0, le=1_000_000_000)
    events: list[InputRecord] = Field(default_factory=list, max_length=MAX_EVENTS)


class Resync(_Message):
    type: Literal["resync"] = "resync"
    frame: int = Field(ge=0)


class Pong(_Message):
    type: Literal["pong"] = "pong"
    t: float


class Welcome(_Message):
    type: Literal["welcome"] = "welcome"
    seats: list[int] = Field(max_length=16)
    save: str = Field(max_length=MAX_SCENARIO_BYTES)
    files: dict[str, str] = Field(default_factory=dict, max_length=16)
    limit: int = Field(default=1_000_000_000, ge=0)  # the host stops at this frame


class Refused(_Message):
    type: Literal["refused"] = "refused"
    reason: str = Field(max_length=400)


class Checkpoint(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    frame: int = Field(ge=0)
    digest: str = Field(pattern=r"^[0-9a-f]{64}$")


class Frames(_Message):
    type: Literal["frames"] = "frames"
    upto: int = Field(ge=0)
    events: list[InputRecord] = Field(default_factory=list, max_length=100_000)
    digests: list[Checkpoint] = Field(default_factory=list, max_length=10_000)


class Forward(_Message):
    """Another seat's input for the table that leads (a Wallamoppi marble release): the
    leading machine plays it at its own frame and declares it like its own."""

    type: Literal["forward"] = "forward"
    event: InputRecord


class Status(_Message):
    type: Literal["status"] = "status"
    connected: list[str] = Field(max_length=16)
    paused: str = Field(default="", max_length=400)


class End(_Message):
    type: Literal["end"] = "end"
    frame: int = Field(ge=0)
    result: dict[str, Any]


class Ping(_Message):
    type: Literal["ping"] = "ping"
    t: float


PeerMessage = Annotated[Hello | Inputs | Resync | Pong, Field(discriminator="type")]
HostMessage = Annotated[
    Welcome | Refused | Frames | Forward | Status | End | Ping, Field(discriminator="type")
]
_PEER = TypeAdapter(PeerMessage)
_HOST = TypeAdapter(HostMessage)


def log(line: str) -> None:
    """A line of the network's log, on stderr: ``wobbletop: net: ...``."""
    print(f"wobbletop: net: {line}", file=sys.stderr, flush=True)


class Dropped(ValueError):
    """A message that is not taken; ``str()`` is the one line the log gets."""


def encode(message: _Message) -> str:
    return message.model_dump_json(exclude_defaults=False)


def decode(raw: str | bytes, *, from_host: bool) -> Any:
    """The checked message in ``raw``, or :class:`Dropped` saying why not (in one line)."""
    limit = MAX_HOST_MESSAGE if from_host else MAX_PEER_MESSAGE
    if len(raw) > limit:
        raise Dropped(f"oversized message ({len(raw):,} bytes; allowed: {limit:,})")
    if isinstance(raw, bytes):
        raise Dropped("binary message; allowed: JSON text")
    try:
        data = json.loads(raw)
    except ValueError as error:
        raise Dropped(f"not JSON ({error})") from None
    if not isinstance(data, dict):
        raise Dropped("not a JSON object")
    if data.get("v") != VERSION:
        raise Dropped(f"v: {data.get('v')!r}; allowed: {VERSION} (this wobbletop's protocol)")
    try:
        return (_HOST if from_host else _PEER).validate_python(data)
    except ValidationError as error:
        first = error.errors(include_url=False)[0]
        key = ".".join(str(part) for part in first["loc"])
        raise Dropped(f"{data.get('type', '?')}: {key}: {first['msg']}") from None


class SeqGuard:
    """Refuses a message whose ``seq`` is not above the last taken one (a replayed message)."""

    def __init__(self) -> None:
        self.last = 0

    def take(self, message: _Message) -> None:
        if message.seq <= self.last:
            raise Dropped(
                f"{type(message).__name__.lower()} seq {message.seq}: replayed or out of order "
                f"(the last taken was {self.last})"
            )
        self.last = message.seq


class RateLimit:
    """At most ``rate`` messages a second from one peer, ``burst`` at once (a token bucket);
    :meth:`take` says whether this one may be taken. The first one dropped in a run is said
    (``announce``), the others of the run are dropped quietly: a flood never floods the log."""

    def __init__(self, rate: float, burst: float, clock: Callable[[], float]) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = burst
        self.at = clock()
        self.dropping = False

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            self.dropping = False
            return True
        return False

    def announce(self) -> bool:
        """Whether this drop starts a run (log it); later drops of the run are not logged."""
        first = not self.dropping
        self.dropping = True
        return first


class Numbered:
    """Gives each sent message the next ``seq``."""

    def __init__(self) -> None:
        self.seq = 0

    def stamp(self, message: _Message) -> str:
        self.seq += 1
        message.seq = self.seq
        return encode(message)
