"""Dammi il malloppo as a :class:`games.core.protocol.Session`: the rule engine with seats, bots,
dice.

No physics world (``world`` is None). Seats, the computers' pace, the undo grace after a
human's turn, undo until the next roll and the log come from
:class:`games.turnkit.turn_session.TurnBasedSession`, shared by every dice game. Human seats act
through :meth:`handle`:

* ``InputEvent(action="roll")``: roll the die (also the opening roll).
* ``InputEvent(action="move", data=<turn JSON>)``: a whole turn,
  :func:`games.malloppo.rules.action_to_json` of a :class:`~games.malloppo.rules.Turn`
  (``{"type": "turn", "pay": [x, y] | null, "hand": [x, y], "to": [x, y], "steals": [...]}``).
* ``InputEvent(action="undo")``: take back the last turn of a human seat, as long as no die has
  been rolled since.

Options: ``skill`` (easy / normal / hard, one or one per seat; default normal) or the old
``bots`` (names from :data:`games.malloppo.bots.BOTS` per seat),
``bot_delay_frames``, ``undo_grace_frames``; for scenario files also ``position`` (a saved
state, :meth:`~games.malloppo.rules.State.to_json`, to start from instead of the opening; its
``board`` may be left out) and ``dice`` (die values the first rolls show, in order, before the
seeded ones).

:meth:`result` (what ``wobbletop run malloppo --headless`` prints) says who won, the coins each
player holds, the seats, the number of turns, and per player the coins taken, the coins paid
for odd rolls and when they went out.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.options import OptionsError
from games.core.protocol import SessionSetup
from games.core.words import display_name, does, says
from games.malloppo.bots import make_bot
from games.malloppo.rules import (
    DIE_SIDES,
    Action,
    IllegalMove,
    Phase,
    Roll,
    State,
    StateError,
    Turn,
    action_from_json,
)
from games.turnkit.turn_session import TurnBasedSession, seat_tuple

DEFAULT_BOT = "normal"  # games/core/skill.py: the strength a computer seat gets by default
WIN_REASON = "last player with hands on the board"


def start_state(players: int, options: Mapping[str, Any]) -> State:
    """The opening position, or ``options["position"]`` (checked: a one-line
    :class:`OptionsError` naming the key)."""
    saved = options.get("position")
    if saved is None:
        return State(players)
    if not isinstance(saved, Mapping):
        raise OptionsError("options.position: must be a saved Dammi il malloppo state (a table)")
    try:
        state = State.from_json(dict(saved))
    except StateError as error:
        raise OptionsError(f"options.position: {error}") from None
    if state.players != players:
        raise OptionsError(
            f"options.position: has {state.players} players but the game seats {players}"
        )
    return state


class MalloppoSession(TurnBasedSession[State, Action]):
    win_reason = WIN_REASON
    game_id = "malloppo"
    illegal = IllegalMove

    def __init__(self, setup: SessionSetup) -> None:
        seats = seat_tuple(setup, 2, 4, "Dammi il malloppo")
        state = start_state(len(seats), setup.options)
        super().__init__(setup, state, seats, make_bot, DEFAULT_BOT)
        dice = setup.options.get("dice", ())
        if not isinstance(dice, (list, tuple)) or not all(
            isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= DIE_SIDES for v in dice
        ):
            raise OptionsError(f"options.dice: {dice!r} must be a list of die values 1 to 6")
        self.chance.force(*dice)

    # --- the hooks of TurnBasedSession ---------------------------------------------------
    def roll(self) -> Action:
        return Roll(self.chance.roll(DIE_SIDES))

    def parse_action(self, data: Mapping[str, Any]) -> Action:
        return action_from_json(dict(data))

    def is_roll(self, action: Action) -> bool:
        return isinstance(action, Roll)

    def snapshot(self) -> list[int]:
        return self.state.alive()

    def note(self, before: list[int], action: Action) -> tuple[int, ...]:
        """The players this action put out of the game."""
        alive = set(self.state.alive())
        return tuple(p for p in before if p not in alive)

    def stats(self) -> dict[str, Any]:
        """What happened so far, per player by colour (for the result JSON)."""
        state = self.state
        names = [state.name(p) for p in range(state.players)]
        turns = {name: 0 for name in names}
        taken = {name: 0 for name in names}
        paid = {name: 0 for name in names}
        out: dict[str, int] = {}
        for record in self.records:
            name = names[record.actor]
            if isinstance(record.action, Turn):
                turns[name] += 1
                taken[name] += len(record.action.steals)
                paid[name] += record.action.pay is not None
                for player in record.note:
                    out[names[player]] = sum(turns.values())
        return {
            "players": state.players,
            "coins": state.coins_by_colour(),
            "bank": state.bank,
            "seats": {name: self.seat_label(p) for p, name in enumerate(names)},
            "turns": sum(turns.values()),
            "coins_taken": taken,
            "coins_paid": paid,
            "out_after_turn": out,
            "actions": len(self.records),
        }

    def state_json(self) -> Mapping[str, Any]:
        return {"rules": self.state.to_json(), "bot_wait": self._wait, "actors": self.actors}

    def status(self) -> str:
        state = self.state
        if state.is_over():
            return (f"{display_name(state.name(state.winner or 0))} is the last with hands on the "
                    "board and wins")
        if self.in_undo_grace():
            return says(state.name(state.current), "think", "… (Undo still possible)")
        roll = f" (rolled {state.roll})" if state.roll else ""
        return f"{does(state.name(state.current), self.need())}{roll}"

    def need(self) -> str:
        state = self.state
        if state.phase is Phase.MOVE:
            odd = (state.roll or 0) % 2 == 1
            return "pay a coin, then move a hand" if odd else "move a hand"
        return {
            Phase.OPENING: "roll for the start",
            Phase.ROLL: "roll",
            Phase.OVER: "rest",
        }[state.phase]

    def describe(self, player: int, action: Action, phase: Any, note: tuple[int, ...] = ()) -> str:
        """One log line in players' words (squares like C2)."""
        state = self.state
        name = display_name(state.name(player))
        if isinstance(action, Roll):
            start = " for the start" if phase is Phase.OPENING else ""
            return f"{name} rolled {action.value}{start}"
        parts = []
        if action.pay is not None:
            parts.append(f"paid a coin from {action.pay}")
        if action.hand is None:
            parts.append("could not move")
        else:
            parts.append(f"moved round and back to {action.to}" if action.hand == action.to
                         else f"moved {action.hand}→{action.to}")
        if action.steals:
            parts.append(f"took from {', '.join(str(s) for s in action.steals)}")
        out = "".join(f"; {display_name(state.name(q))} is out" for q in note)
        return f"{name} {', '.join(parts)}{out}"
