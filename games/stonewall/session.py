"""Stonewall as a :class:`games.protocol.Session`: the rule engine, seats, bots and dice.

No physics world (``world`` is None). Each frame (:meth:`tick`) a computer seat whose turn it
is acts once its delay has passed (``options["bot_delay_frames"]``, default a third of a
second, so a human can follow). Human seats act through :meth:`handle`:

* ``InputEvent(action="roll")``: roll the die (also the opening roll).
* ``InputEvent(action="move", data=<action JSON>)``: any non-roll action of
  :func:`games.stonewall.rules.action_to_json` (a move along a path, no_move, place, change,
  pass).
* ``InputEvent(action="undo")``: take back the last move or wall of a human seat, as long as
  no die has been rolled since (so a roll can never be taken back).

Every die comes from one :class:`games.rng.Chance` made from the seed, so a seed plus the
recorded human inputs replays a game exactly. Bots per seat: ``options["bots"]`` (a list of
names from :data:`games.stonewall.bots.BOTS`), default expectimax for every computer seat.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.protocol import InputEvent, InputRefused, Outcome, SeatKind, Session, SessionSetup
from games.rng import Chance
from games.stonewall.bots import Bot, make_bot
from games.stonewall.rules import (
    Action,
    IllegalMove,
    Phase,
    Roll,
    State,
    action_from_json,
    action_to_json,
)

DEFAULT_BOT = "expectimax"
DEFAULT_DELAY_SECONDS = 1 / 3


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
        default_delay = round(DEFAULT_DELAY_SECONDS * setup.config.world.step_hz)
        self.bot_delay = int(setup.options.get("bot_delay_frames", default_delay))
        self._wait = self.bot_delay
        self.actors: list[int] = []  # who did each entry of state.history
        self.log: list[str] = []  # what happened, newest last, for the window
        self.last_action: Action | None = None

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
        actor = self.state.current
        try:
            self.state.push(action)
        except IllegalMove as error:
            raise InputRefused(str(error)) from None
        self.actors.append(actor)
        self.last_action = action
        self.log.append(self.describe(actor, action))
        self._wait = self.bot_delay

    def undo(self) -> None:
        """Take back the last human move or wall, never a roll."""
        state = self.state
        if not state.history or isinstance(state.history[-1][0], Roll):
            raise InputRefused("nothing to undo since the last roll")
        if not self.is_human(self.actors[-1]):
            raise InputRefused("the last action was a computer's; it cannot be undone")
        state.pop()
        self.actors.pop()
        self.log.append(f"{state.name(state.current)} took back an action")
        self.last_action = None

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
        return Outcome(
            result.name,
            "home",
            {"players": self.state.players, "walls_placed": len(self.state.placed),
             "actions": len(self.state.history)},
        )

    def state_json(self) -> Mapping[str, Any]:
        return {"rules": self.state.to_json(), "bot_wait": self._wait, "actors": self.actors}

    def status(self) -> str:
        state = self.state
        if state.is_over():
            return f"{state.name(state.winner or 0)} is home and wins"
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

    def describe(self, player: int, action: Action) -> str:
        data: dict[str, Any] = action_to_json(action)
        name = self.state.name(player)
        kind = data["type"]
        if kind == "roll":
            return f"{name} rolled {data['value']}"
        if kind == "move":
            return f"{name} moved to {tuple(data['path'][-1])}"
        if kind == "place":
            return f"{name} placed a wall"
        if kind == "change":
            return f"{name} {'moved' if data['new'] else 'removed'} a wall"
        if kind == "no_move":
            return f"{name} could not move"
        return f"{name} passed"
