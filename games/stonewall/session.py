"""Stonewall as a :class:`games.protocol.Session`: the rule engine, seats, bots and dice.

No physics world (``world`` is None). Each frame (:meth:`tick`) a computer seat whose turn it
is acts once its delay has passed (``options["bot_delay_frames"]``, default a third of a
second, so a human can follow). When a human's action hands the turn to a computer, the
computer waits longer before it rolls (``options["undo_grace_frames"]``, default 1.75 s; none
when ``bot_delay_frames`` is 0, as headless), so the human has a real chance to press Undo:
a roll ends the chance to undo. Human seats act through :meth:`handle`:

* ``InputEvent(action="roll")``: roll the die (also the opening roll).
* ``InputEvent(action="move", data=<action JSON>)``: any non-roll action of
  :func:`games.stonewall.rules.action_to_json` (a move along a path, no_move, place, change,
  pass).
* ``InputEvent(action="undo")``: take back the last move or wall of a human seat, as long as
  no die has been rolled since (so a roll can never be taken back).

Every die comes from one :class:`games.rng.Chance` made from the seed, so a seed plus the
recorded human inputs replays a game exactly. Bots per seat: ``options["bots"]`` (a list of
names from :data:`games.stonewall.bots.BOTS`), default expectimax for every computer seat.

:meth:`result` (what ``wobbletop run stonewall --headless`` prints) says who won and why, the
seats, the number of turns (rolls after the opening) and, per player, turns, walls placed,
walls changed and stomps; no simulated seconds (a turn-based game has no clock).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.protocol import InputEvent, InputRefused, Outcome, SeatKind, Session, SessionSetup
from games.rng import Chance
from games.stonewall.bots import Bot, make_bot
from games.stonewall.rules import (
    Action,
    ChangeWall,
    IllegalMove,
    MovePiece,
    NoMove,
    Phase,
    PlaceWall,
    Roll,
    State,
    action_from_json,
)

DEFAULT_BOT = "expectimax"
DEFAULT_DELAY_SECONDS = 1 / 3
UNDO_GRACE_SECONDS = 1.75
WIN_REASON = "first piece back home"


@dataclass(frozen=True)
class Record:
    """One applied action: who did it, in which phase, and whom it stomped."""

    actor: int
    action: Action
    phase: Phase
    stomped: tuple[int, ...] = ()


class StonewallSession(Session):
    game_id = "stonewall"

    def __init__(self, setup: SessionSetup) -> None:
        super().__init__(setup)
        seats = setup.seats or (SeatKind.COMPUTER, SeatKind.COMPUTER)
        if not 2 <= len(seats) <= 4:
            raise ValueError(f"Stonewall seats 2 to 4 players, not {len(seats)}")
        self.seats = tuple(seats)
        self.state = State(len(seats))
        self.chance = Chance(setup.seed)
        names = list(setup.options.get("bots", ()))
        self.bots: dict[int, Bot] = {
            i: make_bot(names[i] if i < len(names) else DEFAULT_BOT)
            for i, kind in enumerate(self.seats)
            if kind is SeatKind.COMPUTER
        }
        self.bot_names = {i: bot.name for i, bot in self.bots.items()}
        hz = setup.config.world.step_hz
        default_delay = round(DEFAULT_DELAY_SECONDS * hz)
        self.bot_delay = int(setup.options.get("bot_delay_frames", default_delay))
        default_grace = round(UNDO_GRACE_SECONDS * hz) if self.bot_delay > 0 else 0
        self.undo_grace = int(setup.options.get("undo_grace_frames", default_grace))
        self._wait = self.bot_delay
        self.records: list[Record] = []  # one per entry of state.history
        self.log: list[str] = []  # what happened, newest last, for the window

    @property
    def actors(self) -> list[int]:
        """Who did each entry of ``state.history``."""
        return [record.actor for record in self.records]

    # --- protocol -----------------------------------------------------------------------
    def is_human(self, player: int) -> bool:
        return self.seats[player] is SeatKind.HUMAN

    def human_to_act(self) -> bool:
        return not self.state.is_over() and self.is_human(self.state.current)

    def _apply_input(self, event: InputEvent) -> None:
        state = self.state
        if event.action == "undo":
            self.undo()
            return
        if state.is_over():
            raise InputRefused("the game is over")
        if not self.is_human(state.current):
            raise InputRefused(f"it is {state.name(state.current)}'s turn (a computer seat)")
        if event.action == "roll":
            if not state.is_chance():
                raise InputRefused(f"no roll now: {state.name(state.current)} must {self.need()}")
            self._do(Roll(self.chance.roll(6)))
            return
        if event.action != "move":
            raise InputRefused(f"unknown action {event.action!r}; allowed: roll, move, undo")
        try:
            action = action_from_json(dict(event.data))
        except ValueError as error:
            raise InputRefused(str(error)) from None
        if isinstance(action, Roll):
            raise InputRefused("dice are rolled with the 'roll' action, not chosen")
        self._do(action)

    def _do(self, action: Action) -> None:
        state = self.state
        actor, phase = state.current, state.phase
        before = list(state.positions)
        try:
            state.push(action)
        except IllegalMove as error:
            raise InputRefused(str(error)) from None
        stomped = tuple(
            q for q in range(state.players)
            if q != actor and isinstance(action, MovePiece) and before[q] != state.positions[q]
        )
        self.records.append(Record(actor, action, phase, stomped))
        self.log.append(self.describe(actor, action, phase, stomped))
        self._wait = self.undo_grace if self.in_undo_grace() else self.bot_delay

    def can_undo(self) -> bool:
        """True if the last action was a human's move or wall and no die has been rolled since."""
        history = self.state.history
        return (
            bool(history)
            and not isinstance(history[-1][0], Roll)
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
        """Take back the last human move or wall, never a roll."""
        state = self.state
        if not state.history or isinstance(state.history[-1][0], Roll):
            raise InputRefused("nothing to undo since the last roll")
        if not self.is_human(self.records[-1].actor):
            raise InputRefused("the last action was a computer's; it cannot be undone")
        state.pop()
        self.records.pop()
        self.log.append(f"{state.name(state.current)} took back an action")
        self._wait = self.bot_delay

    def last_roll(self) -> tuple[int, int] | None:
        """(player, value) of the latest die roll, opening rolls included, or None."""
        for record in reversed(self.records):
            if isinstance(record.action, Roll):
                return record.actor, record.action.value
        return None

    def _tick(self) -> None:
        state = self.state
        if state.is_over() or self.is_human(state.current):
            return
        if self._wait > 0:
            self._wait -= 1
            return
        if state.is_chance():
            self._do(Roll(self.chance.roll(6)))
        else:
            self._do(self.bots[state.current].choose(state.copy()))

    @property
    def outcome(self) -> Outcome | None:
        result = self.state.outcome()
        if result is None:
            return None
        return Outcome(result.name, WIN_REASON, self.stats())

    def result(self) -> dict[str, Any]:
        """Winner, reason, seats, turns and per-player walls/stomps; no simulated seconds."""
        summary = super().result()
        summary.pop("sim_seconds", None)
        if self.outcome is None:
            summary.update(self.stats())
        return summary

    def stats(self) -> dict[str, Any]:
        """What happened so far, per player by name (for the result JSON)."""
        state = self.state
        names = [state.name(p) for p in range(state.players)]

        def per_player(count: Any) -> dict[str, int]:
            return {name: sum(1 for r in self.records if r.actor == p and count(r))
                    for p, name in enumerate(names)}

        turns = per_player(lambda r: isinstance(r.action, Roll) and r.phase is Phase.ROLL)
        return {
            "players": state.players,
            "seats": {
                name: f"computer ({self.bot_names[p]})" if p in self.bot_names else "human"
                for p, name in enumerate(names)
            },
            "turns": sum(turns.values()),
            "turns_each": turns,
            "walls_placed": per_player(lambda r: isinstance(r.action, PlaceWall)),
            "walls_changed": per_player(lambda r: isinstance(r.action, ChangeWall)),
            "stomps": {name: sum(len(r.stomped) for r in self.records if r.actor == p)
                       for p, name in enumerate(names)},
            "walls_on_board": len(state.placed),
            "actions": len(self.records),
        }

    def state_json(self) -> Mapping[str, Any]:
        return {"rules": self.state.to_json(), "bot_wait": self._wait, "actors": self.actors}

    def status(self) -> str:
        state = self.state
        if state.is_over():
            return f"{state.name(state.winner or 0)} is home and wins"
        if self.in_undo_grace():
            return f"{state.name(state.current)} thinks… (Undo still possible)"
        roll = f" (rolled {state.roll})" if state.roll and state.phase is not Phase.ROLL else ""
        return f"{state.name(state.current)} to {self.need()}{roll}"

    def need(self) -> str:
        """What the current player has to do, in words."""
        return {
            Phase.OPENING: "roll for the start",
            Phase.ROLL: "roll",
            Phase.MOVE: "move",
            Phase.WALL: "place a wall or pass",
            Phase.CHANGE: "change a wall (move or remove one)",
            Phase.OVER: "rest",
        }[self.state.phase]

    def describe(
        self, player: int, action: Action, phase: Phase, stomped: tuple[int, ...] = ()
    ) -> str:
        """One log line in players' words (squares like C2, walls by the squares they border)."""
        state = self.state
        name = state.name(player)
        if isinstance(action, Roll):
            start = " for the start" if phase is Phase.OPENING else ""
            return f"{name} rolled {action.value}{start}"
        if isinstance(action, MovePiece):
            stomps = "".join(f", stomping {state.name(q)}" for q in stomped)
            return f"{name} moved to {action.destination}{stomps}"
        if isinstance(action, PlaceWall):
            return f"{name} placed a {action.wall.kind} wall {action.wall.where()}"
        if isinstance(action, ChangeWall):
            if action.new is None:
                return f"{name} removed {action.old.describe()}"
            return f"{name} moved {action.old.describe()} to {action.new.where()}"
        if isinstance(action, NoMove):
            return f"{name} could not move"
        return f"{name} placed no wall"
