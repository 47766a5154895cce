"""Seats, turn order and hot-seat play for every turn-based (dice) game. No pygame, no pymunk.

A turn-based game is a pure rule engine (a ``State`` with ``push``/``pop``, chance nodes and an
``IllegalMove`` family of errors) plus the seats around it. What every such game needs from its
session is the same, so it lives here once:

* seats: ``setup.seats`` (human or computer per seat), a bot per computer seat chosen by its
  strength (``options["skill"]``: easy / normal / hard, one for all or one per seat, default
  normal; games/core/skill.py) or, as before, by name from the game's bot table
  (``options["bots"]``,
  one name per seat; the old names are aliases of the strengths), the strengths used in
  results. Each bot has its own seeded luck for ties and blunders (:mod:`games.turnkit.bot_luck`);
* hot-seat: human seats act through :meth:`Session.handle` with ``roll``, ``move`` (a JSON
  action of the game) or ``undo``; an input for a computer seat, after the end, or not allowed by
  the rules is an :class:`~games.core.protocol.InputRefused` naming the reason, and changes nothing;
* pace: a computer acts once ``options["bot_delay_frames"]`` frames have passed (default a
  third of a second, so a person can follow; 0 headless); after a human's action that can still
  be undone, a computer waits ``options["undo_grace_frames"]`` (default 1.75 s) before it rolls,
  so the human can take it back. A window sets :attr:`TurnBasedSession.hold` (its animator's
  ``busy``): while it is true the computer's delay does not count down, so a computer's next
  action waits until the last one has been shown (a die tumbled, a piece slid). The undo grace
  is never held. The hold is part of the game's history: each time the window's ``hold``
  changes while a computer is waiting, the session records a ``hold`` input (``data.on``) and
  the countdown follows that recorded state (:attr:`TurnBasedSession.held`), so a recording
  or a save made in the window replays headless (where nothing holds) to the same digest;
* undo: a human's last non-chance action can be taken back until the next die is rolled (a roll
  is never taken back, so nobody can re-roll by undoing);
* a log in players' words and one :class:`Record` per applied action (who, what, in which phase,
  and anything the game notes about it, such as whom a move stomped); :meth:`turn_log` joins a
  player's actions from one roll to the next into one line a person reads ("Blue rolled 3,
  moved H1 → G1 and placed a double wall under G2"), what the windows' panels show.

Every die comes from one :class:`games.core.rng.Chance` made from the seed, so a seed plus the
recorded human inputs replays a game exactly. A game subclasses :class:`TurnBasedSession` and
fills in the few game-specific hooks (how to roll, how to parse and describe an action, what the
current player must do).
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from games.core.protocol import InputEvent, InputRefused, Outcome, SeatKind, Session, SessionSetup
from games.core.rng import Chance
from games.core.skill import BOT_ALIASES, DEFAULT_STRENGTH, SkillError, seat_value
from games.core.words import display_name
from games.turnkit.bot_luck import bot_seed

DEFAULT_DELAY_SECONDS = 1 / 3
UNDO_GRACE_SECONDS = 1.75
HOLD_ACTION = "hold"  # the window's hold turned on or off (data: {"on": true/false})


class TurnState(Protocol):
    """What the seats need of a rule engine's state."""

    @property
    def current(self) -> int: ...

    @property
    def history(self) -> Sequence[Any]: ...

    def is_over(self) -> bool: ...

    def is_chance(self) -> bool: ...

    def push(self, action: Any) -> None: ...

    def pop(self) -> Any: ...

    def name(self, player: int) -> str: ...

    def outcome(self) -> Any: ...  # None, or a result with .name and .reason


class TurnBot(Protocol):
    """A computer player: it chooses one action for the state's current (non-chance) node."""

    name: str

    def choose(self, state: Any) -> Any: ...


StateT = TypeVar("StateT", bound=TurnState)
ActionT = TypeVar("ActionT")


@dataclass(frozen=True)
class Record(Generic[ActionT]):
    """One applied action: who did it, in which phase, and what the game notes about it."""

    actor: int
    action: ActionT
    phase: Any
    note: tuple[int, ...] = ()
    text: str = ""  # its log line (describe), for the turn summaries


def seat_tuple(setup: SessionSetup, low: int, high: int, game: str) -> tuple[SeatKind, ...]:
    """The setup's seats (two computers by default), checked against the game's range."""
    seats = tuple(setup.seats) or (SeatKind.COMPUTER, SeatKind.COMPUTER)
    if not low <= len(seats) <= high:
        if low == high:
            raise ValueError(f"{game} seats {low} players, not {len(seats)}")
        raise ValueError(f"{game} seats {low} to {high} players, not {len(seats)}")
    return seats


def seat_strengths(options: Mapping[str, Any], players: int, default: str) -> list[str]:
    """Each seat's strength (easy / normal / hard) from ``options.skill`` or the old
    ``options.bots`` (not both); a problem is a one-line :class:`InputRefused`."""
    skill, bots = options.get("skill"), options.get("bots")
    if skill is not None and bots:
        raise InputRefused("options.skill and options.bots: give one (bots is the old name)")
    if bots:
        words = [str(name) for name in bots] + [default] * max(0, players - len(bots))
    else:
        seats = [str(i) for i in range(players)]
        try:
            words = [str(seat_value(skill, seat, seats) or default) for seat in seats]
        except SkillError as error:
            raise InputRefused(str(error)) from None
    return [BOT_ALIASES.get(word, word) for word in words]


class TurnBasedSession(Session, Generic[StateT, ActionT]):
    """A rule engine's state with seats, bots, pace, undo and a log (see the module docstring).

    Subclasses set :attr:`illegal` (the rules' base error) and implement :meth:`roll`,
    :meth:`parse_action`, :meth:`is_roll`, :meth:`describe` and :meth:`need`.
    """

    illegal: type[Exception] = ValueError

    def __init__(
        self,
        setup: SessionSetup,
        state: StateT,
        seats: tuple[SeatKind, ...],
        make_bot: Callable[[str, int], TurnBot],
        default_bot: str = DEFAULT_STRENGTH,
    ) -> None:
        super().__init__(setup)
        self.seats = seats
        self.state = state
        self.chance = Chance(setup.seed)
        names = seat_strengths(setup.options, len(seats), default_bot)
        self.bots: dict[int, TurnBot] = {
            i: make_bot(names[i], bot_seed(setup.seed, i))
            for i, kind in enumerate(seats)
            if kind is SeatKind.COMPUTER
        }
        self.bot_names = {i: names[i] for i in self.bots}
        hz = setup.config.world.step_hz
        default_delay = round(DEFAULT_DELAY_SECONDS * hz)
        self.bot_delay = int(setup.options.get("bot_delay_frames", default_delay))
        default_grace = round(UNDO_GRACE_SECONDS * hz) if self.bot_delay > 0 else 0
        self.undo_grace = int(setup.options.get("undo_grace_frames", default_grace))
        self._wait = self.bot_delay
        self.hold: Callable[[], bool] | None = None  # a window's "still animating" (see above)
        self.held = False  # the hold as recorded (what the countdown follows)
        self.records: list[Record[ActionT]] = []  # one per entry of state.history
        self.log: list[str] = []  # what happened, newest last, for the window
        self.before: Any = None  # snapshot() taken before the action being described

    # --- the game's hooks ---------------------------------------------------------------
    @abstractmethod
    def roll(self) -> ActionT:
        """The chance action for the current chance node, drawn from :attr:`chance`."""

    @abstractmethod
    def parse_action(self, data: Mapping[str, Any]) -> ActionT:
        """A player's action from its JSON form; ``ValueError`` with one line if malformed."""

    @abstractmethod
    def is_roll(self, action: ActionT) -> bool:
        """True for chance actions (never chosen by a player, never undone)."""

    @abstractmethod
    def describe(self, player: int, action: ActionT, phase: Any, note: tuple[int, ...]) -> str:
        """One log line in players' words."""

    @abstractmethod
    def need(self) -> str:
        """What the current player has to do, in words ("roll", "move a hand")."""

    def note(self, before: Any, action: ActionT) -> tuple[int, ...]:
        """What the game notes of an action just applied (``before``: :meth:`snapshot`)."""
        return ()

    def snapshot(self) -> Any:
        """What :meth:`note` needs to know of the state before an action."""
        return None

    @property
    def phase(self) -> Any:
        """The state's phase now (recorded with each action)."""
        return getattr(self.state, "phase", None)

    # --- seats ----------------------------------------------------------------------------
    @property
    def actors(self) -> list[int]:
        """Who did each entry of ``state.history``."""
        return [record.actor for record in self.records]

    def is_human(self, player: int) -> bool:
        return self.seats[player] is SeatKind.HUMAN

    def human_to_act(self) -> bool:
        return not self.state.is_over() and self.is_human(self.state.current)

    def seat_label(self, player: int) -> str:
        """"human" or "computer (hard)" (its strength), for results and the window."""
        name = self.bot_names.get(player)
        return f"computer ({name})" if name else "human"

    # --- inputs ---------------------------------------------------------------------------
    def _apply_input(self, event: InputEvent) -> None:
        state = self.state
        if event.action == HOLD_ACTION:
            on = event.data.get("on")
            if not isinstance(on, bool):
                raise InputRefused(f"hold: data.on is {on!r}; allowed: true or false")
            self.held = on
            return
        if event.action == "undo":
            self.undo()
            return
        if state.is_over():
            raise InputRefused("the game is over")
        if not self.is_human(state.current):
            name = display_name(state.name(state.current))
            raise InputRefused(f"it is {name}'s turn (a computer seat)")
        if event.action == "roll":
            if not state.is_chance():
                name = display_name(state.name(state.current))
                raise InputRefused(f"no roll now: {name} must {self.need()}")
            self._do(self.roll())
            return
        if event.action != "move":
            raise InputRefused(f"unknown action {event.action!r}; allowed: roll, move, undo, hold")
        try:
            action = self.parse_action(dict(event.data))
        except ValueError as error:
            raise InputRefused(str(error)) from None
        if self.is_roll(action):
            raise InputRefused("dice are rolled with the 'roll' action, not chosen")
        self._do(action)

    def _do(self, action: ActionT) -> None:
        state = self.state
        actor, phase, before = state.current, self.phase, self.snapshot()
        try:
            state.push(action)
        except self.illegal as error:
            raise InputRefused(str(error)) from None
        self.before = before
        note = self.note(before, action)
        line = self.describe(actor, action, phase, note)
        self.records.append(Record(actor, action, phase, note, line))
        self.log.append(line)
        self._wait = self.undo_grace if self.in_undo_grace() else self.bot_delay

    # --- undo -----------------------------------------------------------------------------
    def can_undo(self) -> bool:
        """True if the last action was a human's move and no die has been rolled since."""
        return (
            bool(self.records)
            and not self.is_roll(self.records[-1].action)
            and self.is_human(self.records[-1].actor)
        )

    def in_undo_grace(self) -> bool:
        """True while a computer waits to roll after a human's action that can still be undone."""
        state = self.state
        return (
            not state.is_over()
            and state.is_chance()
            and not self.is_human(state.current)
            and self.can_undo()
        )

    def undo(self) -> None:
        """Take back the last human action, never a roll."""
        if not self.records or self.is_roll(self.records[-1].action):
            raise InputRefused("nothing to undo since the last roll")
        if not self.is_human(self.records[-1].actor):
            raise InputRefused("the last action was a computer's; it cannot be undone")
        self.state.pop()
        self.records.pop()
        self.log.append(f"{display_name(self.state.name(self.state.current))} took back an action")
        self._wait = self.bot_delay

    def last_roll(self) -> tuple[int, ActionT] | None:
        """(player, chance action) of the latest roll, or None."""
        for record in reversed(self.records):
            if self.is_roll(record.action):
                return record.actor, record.action
        return None

    # --- the clock ------------------------------------------------------------------------
    def _tick(self) -> None:
        state = self.state
        if state.is_over() or self.is_human(state.current):
            return
        if self._wait > 0:
            if self.hold is not None and bool(self.hold()) != self.held:
                # the window started or stopped showing an action: recorded, so that a
                # replay waits on the same frames
                self.handle(InputEvent(self.frame, HOLD_ACTION, data={"on": not self.held}))
            if self.held and not self.in_undo_grace():
                return  # the window still shows the last action
            self._wait -= 1
            return
        if state.is_chance():
            self._do(self.roll())
        else:
            self._do(self.bots[state.current].choose(self.bot_view()))

    def rest_key(self) -> object | None:
        """At rest while a human is to act or the game is over: :meth:`_tick` then does nothing."""
        state = self.state
        if state.is_over() or self.is_human(state.current):
            return len(self.records)
        return None

    # --- turn summaries -------------------------------------------------------------------
    def turn_log(self) -> list[str]:
        """The log as one line per turn: each player's actions from a roll (or from their
        first action) up to the next roll or the next player, joined into a sentence that
        names the player once ("Blue rolled 3, moved H1 → G1 and placed a double wall under
        G2"). Undone actions are gone from it; "took back" lines are not repeated here."""
        turns: list[tuple[int, list[str]]] = []
        for record in self.records:
            starts = not turns or turns[-1][0] != record.actor or self.is_roll(record.action)
            if starts:
                turns.append((record.actor, []))
            if record.text:
                turns[-1][1].append(record.text)
        return [_sentence(self.state.name(actor), parts) for actor, parts in turns if parts]

    def bot_view(self) -> Any:
        """What a computer sees when it chooses: a copy of the state by default."""
        copy = getattr(self.state, "copy", None)
        return copy() if copy is not None else self.state

    #: the outcome's reason in words; None: the rules' own ``Result.reason``
    win_reason: str | None = None

    @property
    def outcome(self) -> Outcome | None:
        result = self.state.outcome()
        if result is None:
            return None
        reason = self.win_reason if self.win_reason is not None else result.reason
        return Outcome(result.name, reason, self.stats())

    def stats(self) -> dict[str, Any]:
        """What happened so far, for the result JSON (a game adds its own counts)."""
        return {}

    def result(self) -> dict[str, Any]:
        """A turn-based game has no clock: no simulated seconds in its result; an unfinished
        game's result has :meth:`stats` too."""
        summary = super().result()
        summary.pop("sim_seconds", None)
        if self.outcome is None:
            summary.update(self.stats())
        return summary


def _sentence(name: str, parts: Sequence[str]) -> str:
    """Log lines of one player joined into one sentence: the first whole, the player's name
    cut from the others, commas between and "and" before the last ("Blue rolled 3, moved
    H1 → G1 and placed a double wall under G2")."""
    first, rest = parts[0], []
    for part in parts[1:]:
        for prefix in {name, name.capitalize(), name.title()}:
            if part.startswith(prefix + " "):
                part = part[len(prefix) + 1:]
                break
        else:
            part = part[:1].lower() + part[1:]
        rest.append(part)
    line = first if not rest else ", ".join([first, *rest[:-1]]) + " and " + rest[-1]
    return line[:1].upper() + line[1:]
