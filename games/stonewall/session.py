"""Stonewall as a :class:`games.core.protocol.Session`: the rule engine with seats, bots and dice.

No physics world (``world`` is None). Seats, the computers' pace, the undo grace after a
human's action, undo until the next roll and the log come from
:class:`games.turnkit.turn_session.TurnBasedSession`, shared by every dice game. Human seats act
through :meth:`handle`:

* ``InputEvent(action="roll")``: roll the die (also the opening roll).
* ``InputEvent(action="move", data=<action JSON>)``: any non-roll action of
  :func:`games.stonewall.rules.action_to_json` (a move along a path, no_move, place, change,
  pass).
* ``InputEvent(action="undo")``: take back the last move or wall of a human seat, as long as
  no die has been rolled since (so a roll can never be taken back).

Computers per seat: ``options["skill"]`` (easy / normal / hard, one or one per seat; default
normal) or the old ``options["bots"]`` (a list of names from
:data:`games.stonewall.bots.BOTS`). Each record notes whom a move stomped.

:meth:`result` (what ``wobbletop run stonewall --headless`` prints) says who won and why, the
seats, the number of turns (rolls after the opening) and, per player, turns, walls placed,
walls changed and stomps; no simulated seconds (a turn-based game has no clock).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.protocol import SessionSetup
from games.core.words import display_name, does, says
from games.stonewall.bots import make_bot
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
from games.turnkit.turn_session import TurnBasedSession, seat_tuple

DEFAULT_BOT = "normal"  # games/core/skill.py: the strength a computer seat gets by default
WIN_REASON = "first piece back home"


class StonewallSession(TurnBasedSession[State, Action]):
    win_reason = WIN_REASON
    game_id = "stonewall"
    illegal = IllegalMove

    def __init__(self, setup: SessionSetup) -> None:
        seats = seat_tuple(setup, 2, 4, "Stonewall")
        super().__init__(setup, State(len(seats)), seats, make_bot, DEFAULT_BOT)

    # --- the hooks of TurnBasedSession ---------------------------------------------------
    def roll(self) -> Action:
        return Roll(self.chance.roll(6))

    def parse_action(self, data: Mapping[str, Any]) -> Action:
        return action_from_json(dict(data))

    def is_roll(self, action: Action) -> bool:
        return isinstance(action, Roll)

    def snapshot(self) -> tuple[int, list[int]]:
        return self.state.current, list(self.state.positions)

    def note(self, before: tuple[int, list[int]], action: Action) -> tuple[int, ...]:
        """The players a move stomped back home."""
        if not isinstance(action, MovePiece):
            return ()
        actor, positions = before
        now = self.state.positions
        return tuple(q for q in range(len(now)) if q != actor and positions[q] != now[q])

    def start_square(self, player: int) -> str:
        """Where ``player`` stood before the action being described ("" if not known)."""
        before = self.before
        if not isinstance(before, tuple) or len(before) != 2:
            return ""
        return str(self.state.board.square(before[1][player]))

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
            "seats": {name: self.seat_label(p) for p, name in enumerate(names)},
            "turns": sum(turns.values()),
            "turns_each": turns,
            "walls_placed": per_player(lambda r: isinstance(r.action, PlaceWall)),
            "walls_changed": per_player(lambda r: isinstance(r.action, ChangeWall)),
            "stomps": {name: sum(len(r.note) for r in self.records if r.actor == p)
                       for p, name in enumerate(names)},
            "walls_on_board": len(state.placed),
            "actions": len(self.records),
        }

    def state_json(self) -> Mapping[str, Any]:
        return {"rules": self.state.to_json(), "bot_wait": self._wait, "actors": self.actors}

    def status(self) -> str:
        state = self.state
        if state.is_over():
            return f"{display_name(state.name(state.winner or 0))} is home and wins"
        if self.in_undo_grace():
            return says(state.name(state.current), "think", "… (Undo still possible)")
        roll = f" (rolled {state.roll})" if state.roll and state.phase is not Phase.ROLL else ""
        return f"{does(state.name(state.current), self.need())}{roll}"

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
        self, player: int, action: Action, phase: Phase, note: tuple[int, ...] = ()
    ) -> str:
        """One log line in players' words (squares like C2, walls by the squares they border)."""
        state = self.state
        name = display_name(state.name(player))
        if isinstance(action, Roll):
            start = " for the start" if phase is Phase.OPENING else ""
            return f"{name} rolled {action.value}{start}"
        if isinstance(action, MovePiece):
            stomps = "".join(f", stomping {display_name(state.name(q))}" for q in note)
            start = self.start_square(player)
            where = f"{start} → {action.destination}" if start else f"to {action.destination}"
            return f"{name} moved {where}{stomps}"
        if isinstance(action, PlaceWall):
            return f"{name} placed a {action.wall.kind} wall {action.wall.where()}"
        if isinstance(action, ChangeWall):
            if action.new is None:
                return f"{name} removed {action.old.describe()}"
            return f"{name} moved {action.old.describe()} to {action.new.where()}"
        if isinstance(action, NoMove):
            return f"{name} could not move"
        return f"{name} placed no wall"
