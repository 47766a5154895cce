"""Lockstep on inputs, without the network: the host's gate and stamping, and the follower.

The host keeps the one session that decides. Each peer *declares* how far its inputs are known:
an ``inputs`` message says "these are my inputs for frames before ``upto``, and there are no
others". The host ticks frame F only once every peer has declared past F (:meth:`HostGame.gate`),
so an input is never late: it takes effect at the frame its peer asked for, and a seeded game
with scripted inputs ends exactly as the same inputs played hot-seat (``wobbletop regress`` of
the same scenario). A peer that is gone declares nothing, so the game pauses until it rejoins.

An input is played only by the peer whose seat is to act (:func:`acting_seat`): a dice game's
current player, Wallamoppi's or Animal upon Animal's seat on turn; tidying the table
(``put_back``) and Free play are anyone's. Anything else is dropped with a log line, and an
input the rules refuse (:class:`~games.core.protocol.InputRefused`) is dropped the same way: it
never reaches the stream, so no peer ever sees it.

The follower (:class:`Follower`) applies the host's stream: the inputs at their frames, each
just before that frame's tick, as :func:`games.runs.headless.drive` does, and compares the host's
digests at the frames the host took them (every :data:`CHECK_SECONDS` of simulated time, from
frame 0, and in a dice game after every action, a turn's end included). Both sides' frames
are :func:`games.runs.interrupts.game_work`: a Ctrl-C or SIGTERM waits for the frames being run to
end, so the save kept on the way out resumes.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from games.core.errors import UserError
from games.core.protocol import GameSpec, InputEvent, InputRefused, SeatKind, Session
from games.runs.interrupts import game_work
from games.turnkit.turn_session import HOLD_ACTION

# Seat words of ``--seats`` on ``wobbletop host``.
HERE, REMOTE, COMPUTER = "here", "remote", "computer"
SEAT_WORDS = (HERE, REMOTE, COMPUTER)
# The host compares digests with the peers every this many simulated seconds (and at the end).
CHECK_SECONDS = 5.0
NEVER = math.inf


class SeatsError(UserError):
    """A ``--seats`` the game or the host cannot take; ``str()`` is one line."""


def parse_seats(spec: GameSpec, text: str | None, *, headless: bool) -> list[str]:
    """``--seats here,remote,computer`` checked against the game: one word per seat."""
    if text is None:
        words = [HERE if not headless else COMPUTER] + [REMOTE] * (spec.min_seats - 1)
        if len(words) == 1:
            words = [REMOTE]
    else:
        words = [word.strip() for word in text.split(",")]
    most = len(spec.seat_names)
    if not spec.min_seats <= len(words) <= most:
        allowed = f"{most}" if spec.min_seats == most else f"{spec.min_seats} to {most}"
        raise SeatsError(f"--seats {text}: {len(words)} seats; allowed: {allowed} for {spec.id}")
    for word in words:
        if word not in SEAT_WORDS:
            raise SeatsError(f"--seats {text}: {word!r}; allowed: {', '.join(SEAT_WORDS)}")
    if headless and HERE in words:
        raise SeatsError(
            f"--seats {text}: 'here' with --headless (no window plays it); allowed: remote, "
            "computer"
        )
    if REMOTE not in words:
        raise SeatsError(f"--seats {text}: no remote seat; allowed: at least one 'remote'")
    return words


def acting_seat(session: Session, spec: GameSpec, event: InputEvent) -> int | None:
    """The seat (an index into ``spec.seat_names``) whose turn ``event`` is played in, or None
    when anyone may play it (Free play, tidying the table)."""
    if len(spec.seat_names) == 1 or event.action in ("put_back", "config"):
        return None
    state = getattr(session, "state", None)
    records = getattr(session, "records", None)
    if state is not None and hasattr(state, "current"):  # a dice game (TurnBasedSession)
        if event.action == "undo" and records:
            return int(records[-1].actor)
        return int(state.current)
    actor = getattr(session, "actor", None)
    if callable(actor):  # Wallamoppi: the placer, the timer's starter or the seat on turn
        name = actor(event.action)
    else:
        rules = getattr(session, "rules", None)
        name = getattr(rules, "seat", None)
    if isinstance(name, str) and name in spec.seat_names:
        return spec.seat_names.index(name)
    return None


# The inputs of the physics games, asked one by one who may play them now (:func:`leader`).
PHYSICS_ACTIONS = ("grab", "move", "release", "place", "start_timer", "ready", "marble", "draw",
                   "roll", "stop", "accept", "doubt")
# Inputs another seat may make while a table leads (Wallamoppi's marble release: the seat off
# turn starts the timer): the host forwards them to the leading machine, which plays them at
# its own frame and declares them like its own (the releaser sees the marble a round trip on).
FORWARDED = ("start_timer",)
# Ctrl+Z where the game undoes by replay (Free play): an input the host orders like any other;
# at its frame the host takes back the last drag (games.runs.undo) and sends every peer the game
# so rewound (a welcome), so every table goes on from the same replay without the drag.
UNDO = "undo"


def leader(session: Session, spec: GameSpec) -> int | None:
    """The one seat whose machine leads the table now, or None.

    In a physics game (not a dice game) where a single person may act at this frame (every
    input but tidying the table is that seat's: Animal upon Animal's seat on turn, Free play's
    only seat; or the session's ``lead_seat()`` says: Wallamoppi's seat on turn while towers
    are built, whose marble the other seat releases through :data:`FORWARDED`),
    that seat's machine runs ahead of the host and applies its player's inputs at once; every
    other table, the host's included, follows its stream, and nobody else's input is taken
    (not even tidying the table) until the lead passes. A computer seat leads nowhere."""
    if hasattr(getattr(session, "state", None), "current"):
        return None  # a dice game: inputs go through the host as they are
    seats = {acting_seat(session, spec, InputEvent(session.frame, action))
             for action in PHYSICS_ACTIONS}
    lead_seat = getattr(session, "lead_seat", None)
    if callable(lead_seat):  # the game says (Wallamoppi: the seat on turn, towers built)
        name = lead_seat()
        seats = {spec.seat_names.index(name) if name in spec.seat_names else None}
    if len(spec.seat_names) == 1:
        seats = {0}
    if len(seats) != 1 or None in seats:
        return None
    seat = seats.pop()
    kinds = session.setup.seats
    if seat is None or seat >= len(kinds) or kinds[seat] is not SeatKind.HUMAN:
        return None
    return seat


@dataclass
class Peer:
    """Someone at the table: the host's own seats (``name`` "host") or a joined peer's."""

    name: str
    seats: list[int]
    upto: float = 0  # no more inputs of this peer before this frame
    connected: bool = False
    runs_ahead: bool = False  # its table runs ahead where it leads (else it follows the stream)
    pending: list[InputEvent] = field(default_factory=list)


@dataclass
class Ran:
    """What one :meth:`HostGame.run` did: the inputs applied and the digests taken."""

    events: list[InputEvent]
    digests: list[tuple[int, str]]
    dropped: list[str]
    forwards: list[tuple[Peer, InputEvent]] = field(default_factory=list)  # to the leader


class HostGame:
    """The host's side of lockstep: the session, who sits where, the gate, the stamping."""

    def __init__(self, session: Session, spec: GameSpec, limit: int, peers: Sequence[Peer]):
        self.session, self.spec, self.limit = session, spec, limit
        self.peers = list(peers)
        self.check_every = max(1, round(CHECK_SECONDS * session.setup.config.world.step_hz))
        self.sent = len(session.recorded)  # the inputs streamed so far
        self.actions = _actions(session)
        # Inputs of seats not leading, forwarded to the leader (seat, input): the leader's
        # declaration of each is taken once, as if that seat had played it.
        self.forwarded: list[tuple[int, InputEvent]] = []
        self.rewound = False  # an undo replaced the session: every peer must load it anew

    @property
    def over(self) -> bool:
        return self.session.outcome is not None or self.session.frame >= self.limit

    def gate(self) -> float:
        """The frame the host may run to: every peer has declared its inputs before it."""
        allowed = NEVER
        for peer in self.peers:
            allowed = min(allowed, peer.upto if peer.connected else self.session.frame)
        return min(allowed, self.limit)

    def waiting_for(self) -> list[str]:
        """The peers whose seats are empty now (the game is paused until they rejoin)."""
        return [peer.name for peer in self.peers if not peer.connected]

    def declare(self, peer: Peer, upto: int, events: Iterable[InputEvent]) -> list[str]:
        """A peer's ``inputs`` message: its events for frames from its last ``upto`` on, and its
        new ``upto``. Returns the log lines of what was dropped (late, out of order, going back)."""
        dropped: list[str] = []
        start = max(peer.upto, self.session.frame)
        for event in events:
            if not start <= event.frame < upto:
                dropped.append(
                    f"{peer.name}: {event.action} at frame {event.frame} dropped: allowed "
                    f"frames {start:.0f} to {upto - 1} (declared already or not declared)"
                )
                continue
            peer.pending.append(event)
        if upto < peer.upto:
            dropped.append(f"{peer.name}: upto {upto} goes back from {peer.upto:.0f}; kept")
        else:
            peer.upto = upto
        return dropped

    @game_work  # a signal waits for the frames to be whole: a save is then resumable
    def run(self, most: int) -> Ran:
        """Tick up to ``most`` frames, as far as the gate allows, stopping at the outcome."""
        ran = Ran([], [], [])
        session = self.session
        target = min(self.gate(), session.frame + most)
        recorded = session.recorded
        ran.events = list(recorded[self.sent:])  # the host window's player's, between runs
        while session.frame < target and session.outcome is None and not self.rewound:
            actions = _actions(session)
            if session.frame % self.check_every == 0 or actions != self.actions:
                self.actions = actions
                ran.digests.append((session.frame, session.digest()))
            before = len(recorded)
            self._apply_due(ran)
            if self.rewound:  # the game went back: it is sent whole, not as a stream
                self.sent = len(self.session.recorded)
                return ran
            ran.events += recorded[before:]  # the peers' inputs the rules took
            before = len(recorded)
            session.tick()
            # Inputs a tick makes itself: a script's come again on every table, but the holds
            # of the host window's dice animations are the host's alone, so they are streamed.
            ran.events += [event for event in recorded[before:] if event.action == HOLD_ACTION]
        self.sent = len(recorded)
        return ran

    def _apply_due(self, ran: Ran) -> None:
        frame = self.session.frame
        for peer in self.peers:
            due = [event for event in peer.pending if event.frame == frame]
            if not due:
                continue
            peer.pending = [event for event in peer.pending if event.frame != frame]
            for event in due:
                if event.action == UNDO and self.spec.undo_by_replay:
                    problem = self._undo(peer)
                    if problem is not None:
                        ran.dropped.append(f"{peer.name}: undo at frame {frame} dropped: "
                                           f"{problem}")
                    if self.rewound:
                        return
                    continue
                if self._forward(peer, event, ran):
                    continue
                problem = self._refusal(peer, event)
                if problem is None:
                    try:
                        self.session.handle(event)
                    except InputRefused as error:
                        problem = f"refused by the rules: {error}"
                if problem is not None:
                    ran.dropped.append(
                        f"{peer.name}: {event.action} at frame {frame} dropped: {problem}"
                    )

    def _undo(self, peer: Peer) -> str | None:
        """Take back the last drag (a replay without it, :mod:`games.runs.undo`); the reason not."""
        from games.runs.undo import NothingToUndo, take_back_last_drag

        ahead = leader(self.session, self.spec)
        if ahead is not None and ahead not in peer.seats:
            return f"{self.spec.seat_names[ahead]} is playing (only they may take back)"
        try:
            rewound = take_back_last_drag(self.spec, self.session)
        except NothingToUndo as nothing:
            return str(nothing)
        self.session, self.rewound = rewound, True
        self.actions = _actions(rewound)
        for other in self.peers:
            other.pending.clear()
            other.upto = rewound.frame
        return None

    def _forward(self, peer: Peer, event: InputEvent, ran: Ran) -> bool:
        """A seat's forwardable input while another machine leads: sent on to the leader
        (a remote peer's table), or played now where the host's own seat leads."""
        ahead = leader(self.session, self.spec)
        seat = acting_seat(self.session, self.spec, event)
        if event.action not in FORWARDED or ahead is None or ahead in peer.seats \
                or seat not in peer.seats:
            return False
        if any(ahead in other.seats and other.runs_ahead for other in self.peers):
            self.forwarded = [*self.forwarded[-15:], (seat, event)]
            ran.forwards.append((peer, event))
            return True
        if any(ahead in other.seats for other in self.peers):
            return False  # the leading peer follows the stream: taken at its frame (below)
        try:  # the host's own table leads: played at this frame, as it came
            self.session.handle(event)
        except InputRefused as error:
            ran.dropped.append(f"{peer.name}: {event.action} at frame {event.frame} dropped: "
                               f"refused by the rules: {error}")
        return True

    def _refusal(self, peer: Peer, event: InputEvent) -> str | None:
        ahead = leader(self.session, self.spec)
        seat = acting_seat(self.session, self.spec, event)
        if ahead is not None and ahead in peer.seats and seat is not None \
                and seat not in peer.seats:
            for index, (forwarder, forwarded) in enumerate(self.forwarded):
                if forwarder == seat and _same_move(forwarded, event):
                    del self.forwarded[index]
                    return None  # the leader played the input we forwarded to it
        if ahead is not None and ahead not in peer.seats \
                and not (event.action in FORWARDED and seat in peer.seats):
            return (f"{self.spec.seat_names[ahead]}'s machine leads the table now "
                    f"({peer.name} plays seats {peer.seats})")
        if seat is None or seat in peer.seats:
            return None
        name = self.spec.seat_names[seat] if seat < len(self.spec.seat_names) else seat
        return f"out of turn ({name} is to play; {peer.name} plays seats {peer.seats})"


def _same_move(one: InputEvent, other: InputEvent) -> bool:
    """The same input, whatever frame it was stamped at."""
    return (one.action, one.x, one.y, one.data) == (other.action, other.x, other.y, other.data)


def _actions(session: Session) -> int:
    """How many actions a dice game has taken (a digest is compared after each one); 0 for a
    physics game (compared every :data:`CHECK_SECONDS`)."""
    records = getattr(session, "records", None)
    return len(records) if isinstance(records, list) else 0


class Desync(Exception):
    """A peer's digest differs from the host's at a frame: it must resynchronise."""


class Follower:
    """A peer's side: apply the host's stream to the local session, checking its digests.

    When this machine leads the table (:func:`leader`), its session runs ahead of the stream
    (:meth:`run_ahead`, :meth:`play_now`): the inputs it applied itself are kept until the
    stream brings them back, which must be exactly them at the same frames, and its digests at
    the host's check frames are noted on the way to be compared when the host's arrive. Any
    difference is a :class:`Desync` (the peer then reloads the host's game)."""

    def __init__(self, session: Session, spec: GameSpec | None = None) -> None:
        self.session = session
        self.spec = spec
        self.pending: list[InputEvent] = []
        self.checks: dict[int, str] = {}
        self.upto = session.frame  # how far the stream has come
        self.ahead: list[InputEvent] = []  # applied here ahead of the stream, not yet back
        self.noted: dict[int, str] = {}  # our digests at check frames we ran ahead through
        self.played_ahead = 0  # our inputs applied here before the stream brought them
        self.refused: list[str] = []  # forwarded inputs this table refused (to log)
        self.check_every = max(1, round(CHECK_SECONDS * session.setup.config.world.step_hz))

    @game_work
    def take(self, upto: int, events: Iterable[InputEvent], digests: Iterable[tuple[int, str]]
             ) -> None:
        """Run to ``upto`` with these inputs at their frames; :class:`Desync` on a digest that
        differs (the session is then where the difference was found)."""
        session = self.session
        self.upto = max(self.upto, upto)
        for event in events:
            if self.ahead and event == self.ahead[0]:
                self.ahead.pop(0)  # ours, back from the host as we played it
            elif self.ahead or (self.noted and event.frame < session.frame):
                raise Desync(f"frame {event.frame}: the host applied {event.action}, which "
                             "this table (ahead of the stream) did not")
            elif event.frame >= session.frame:
                self.pending.append(event)
        self.pending.sort(key=lambda event: event.frame)
        for frame, digest in digests:
            mine = self.noted.pop(frame, None)
            if mine is not None and mine != digest:
                raise Desync(f"frame {frame}: digest {mine[:12]}…, the host's {digest[:12]}…")
            if mine is None and frame >= session.frame:
                self.checks[frame] = digest
        while True:
            expected = self.checks.pop(session.frame, None)
            if expected is not None and session.digest() != expected:
                raise Desync(f"frame {session.frame}: digest {session.digest()[:12]}…, "
                             f"the host's {expected[:12]}…")
            if session.frame >= upto:
                return
            while self.pending and self.pending[0].frame <= session.frame:
                event = self.pending.pop(0)
                try:
                    session.handle(event)
                except InputRefused as error:  # the host took it: this table is not the host's
                    raise Desync(f"frame {session.frame}: {event.action} refused here ({error})"
                                 ) from None
            session.tick()

    def leads(self, seats: Sequence[int]) -> bool:
        """Whether this table may run ahead now: it has played all the stream brought, and its
        seat leads the table at its frame."""
        session = self.session
        return (self.spec is not None and session.frame >= self.upto and not self.pending
                and session.outcome is None and leader(session, self.spec) in seats)

    def _note(self) -> None:
        session = self.session
        if session.frame % self.check_every == 0 and session.frame not in self.noted:
            self.noted[session.frame] = session.digest()

    def play_now(self, event: InputEvent) -> InputEvent:
        """Our player's input, applied at once at this table's frame (it leads); the stamped
        input to send. :class:`InputRefused` as the session says."""
        self._note()
        stamped = InputEvent(self.session.frame, event.action, event.x, event.y, event.data)
        self.session.handle(stamped)
        self.ahead.append(stamped)
        self.played_ahead += 1
        return stamped

    @game_work
    def run_ahead(self, to: int, seats: Sequence[int], limit: int,
                  own: Callable[[int], Sequence[InputEvent]] = lambda frame: (),
                  forwarded: list[InputEvent] | None = None) -> list[InputEvent]:
        """Tick ahead of the stream towards frame ``to`` while this table leads (and before
        ``limit``), playing ``own(frame)``, our inputs due at each frame, and the other seats'
        inputs the host ``forwarded`` (taken from the list as they are played, at the first
        frame this table leads). Returns the forwarded inputs as played here (to declare)."""
        session = self.session
        played: list[InputEvent] = []
        while session.frame < min(to, limit) and self.leads(seats):
            for event in own(session.frame):
                with contextlib.suppress(InputRefused):  # refused at the host too: not streamed
                    self.play_now(event)
            while forwarded:
                event = forwarded.pop(0)
                try:
                    played.append(self.play_now(event))
                except InputRefused as error:
                    self.refused.append(f"{event.action} forwarded by the host: {error}")
            self._note()
            session.tick()
        return played


def session_seats(words: Sequence[str], computer_joins: dict[int, bool]) -> tuple[SeatKind, ...]:
    """The session's seat kinds: computer seats, and remote seats whose peer joined with
    ``--computer``, are computers (their moves follow from the seed on every machine)."""
    return tuple(
        SeatKind.COMPUTER
        if word == COMPUTER or (word == REMOTE and computer_joins.get(index, False))
        else SeatKind.HUMAN
        for index, word in enumerate(words)
    )
