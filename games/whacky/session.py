"""Whacky Wit as a :class:`games.core.protocol.Session`: the rule engine with seats, bots and dice.

No physics world (``world`` is None). Seats, the computers' pace, the undo grace after a
human's action, undo until the next roll and the log come from
:class:`games.turnkit.turn_session.TurnBasedSession`. Seat 0 plays Whacky, seat 1 the four monsters;
either may be a human or a computer. Human seats act through :meth:`handle`:

* ``InputEvent(action="roll")``: roll Whacky's die, or the monsters' two dice at once (and the
  accident die, with the accident rules).
* ``InputEvent(action="move", data=<action JSON>)``: a move of
  :func:`games.whacky.rules.action_to_json` (``{"type": "move", "piece": "whacky",
  "path": ["K9", "L9"]}``), or ``{"type": "use_power"}`` before a roll.
* ``InputEvent(action="undo")``: take back the last move of a human seat until the next roll.

Options: ``skill`` (easy / normal / hard, one or one per seat; default normal) or the old
``bots`` (names from :data:`games.whacky.bots.BOTS` per seat),
``bot_delay_frames``, ``undo_grace_frames``, ``accidents`` (N: a 1-in-N accident chance per
dot a monster passes; 0, the default, is off), and for scenario files ``start`` (a state saved
by :meth:`games.whacky.rules.State.to_json` to start from) and ``dice`` (face indices the dice
show first, in draw order: see :meth:`games.whacky.rules.State.draw`).

:meth:`result` (what ``wobbletop run whacky --headless`` prints) says who won and why, the
seats, the dots left, Whacky's lives, the catches, the monsters sent back to the cage and the
number of rolls per side.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.options import OptionsError
from games.core.protocol import InputRefused, SessionSetup
from games.core.words import does, says, wins
from games.turnkit.turn_session import TurnBasedSession, seat_tuple
from games.whacky.bots import make_bot
from games.whacky.rules import (
    LIVES,
    MAX_ACCIDENTS,
    MONSTERS,
    WHACKY,
    Accident,
    Action,
    IllegalMove,
    MonsterRoll,
    Move,
    Phase,
    Roll,
    State,
    StateError,
    UsePower,
    action_from_json,
)

DEFAULT_BOT = "normal"  # games/core/skill.py: the strength a computer seat gets by default


def _state_from_options(options: Mapping[str, Any]) -> State:
    accidents = options.get("accidents", 0)
    if not isinstance(accidents, int) or isinstance(accidents, bool) or not (
        accidents == 0 or accidents >= 2
    ):
        raise OptionsError(f"options.accidents: {accidents!r}; allowed: 0 (off) or a whole number "
                           f"N from 2 to {MAX_ACCIDENTS} (a 1-in-N chance per dot)")
    start = options.get("start")
    if start is None:
        return State(accidents=accidents)
    if not isinstance(start, Mapping):
        raise OptionsError("options.start: must be a table (a saved Whacky Wit state)")
    data = {"accidents": accidents, **dict(start)}
    if "board" not in data:
        data["board"] = State().board.to_json()
    try:
        return State.from_json(data)
    except StateError as error:
        raise OptionsError(f"options.start: {error}") from None


class WhackySession(TurnBasedSession[State, Action]):
    game_id = "whacky"
    illegal = IllegalMove

    def __init__(self, setup: SessionSetup) -> None:
        seats = seat_tuple(setup, 2, 2, "Whacky Wit")
        state = _state_from_options(setup.options)
        super().__init__(setup, state, seats, make_bot, DEFAULT_BOT)
        dice = setup.options.get("dice", ())
        if not isinstance(dice, list | tuple) or not all(
            isinstance(d, int) and not isinstance(d, bool) for d in dice
        ):
            raise OptionsError("options.dice: must be a list of face indices (whole numbers)")
        top = max(11, state.accidents - 1)
        for i, index in enumerate(dice):
            if not 0 <= index <= top:
                raise OptionsError(f"options.dice[{i}]: {index} is not a face index 0..{top}")
        self.chance.force(*dice)

    # --- the hooks of TurnBasedSession ---------------------------------------------------
    def roll(self) -> Action:
        try:
            return self.state.draw(self.chance)
        except ValueError as error:  # a forced face index out of range
            raise InputRefused(f"options.dice: {error}") from None

    def parse_action(self, data: Mapping[str, Any]) -> Action:
        return action_from_json(dict(data))

    def is_roll(self, action: Action) -> bool:
        return isinstance(action, Roll | MonsterRoll | Accident)

    def snapshot(self) -> tuple[int, ...]:
        return self.state.monsters

    def note(self, before: tuple[int, ...], action: Action) -> tuple[int, ...]:
        """The monsters Whacky's powered move sent back to the cage."""
        if not isinstance(action, Move) or action.piece != "whacky":
            return ()
        cage = self.state.board.cage
        return tuple(m for m, pos in enumerate(self.state.monsters)
                     if pos == cage and before[m] != cage)

    def _tick(self) -> None:
        """A computer Whacky uses a stored power (accident rules) before it rolls."""
        state = self.state
        if (
            state.can_use_power()
            and not self.is_human(WHACKY)
            and self._wait <= 0
            and self.bots[WHACKY].wants_power(state)  # type: ignore[attr-defined]
        ):
            self._do(UsePower())
            return
        super()._tick()

    def stats(self) -> dict[str, Any]:
        """What happened so far (for the result JSON)."""
        state = self.state

        def count(kind: type, actor: int | None = None) -> int:
            return sum(1 for r in self.records
                       if isinstance(r.action, kind) and (actor is None or r.actor == actor))

        return {
            "seats": {state.name(p): self.seat_label(p) for p in (WHACKY, MONSTERS)},
            "dots_left": state.dots_up(),
            "dots_total": len(state.board.dots),
            "lives_left": state.lives,
            "catches": LIVES - state.lives,
            "sent_to_cage": sum(len(r.note) for r in self.records),
            "rolls": {"whacky": count(Roll), "monsters": count(MonsterRoll)},
            "actions": len(self.records),
        }

    def state_json(self) -> Mapping[str, Any]:
        return {"rules": self.state.to_json(), "bot_wait": self._wait, "actors": self.actors,
                "chance": len(self.chance.history)}

    def status(self) -> str:
        state = self.state
        if state.is_over():
            return f"{wins(state.name(state.winner or 0))}: {state.reason}"
        if self.in_undo_grace():
            return says(state.name(state.current), "think", "… (Undo still possible)", the=True)
        return does(state.name(state.current), self.need(), the=True)

    def side(self, player: int) -> str:
        return "Whacky" if player == WHACKY else "The monsters"

    def need(self) -> str:
        """What the current player has to do, in words."""
        state = self.state
        if state.phase is Phase.WHACKY_ROLL:
            power = " (powered)" if state.powered() else ""
            more = f", {state.rolls_left} rolls in a row" if state.rolls_left > 1 else ""
            return f"roll{power}{more}"
        if state.phase is Phase.WHACKY_MOVE:
            power = ", powered" if state.powered() else ""
            return f"move {_steps(state.roll or 0)}{power}"
        if state.phase is Phase.MONSTER_ROLL:
            return "roll the colour and number dice"
        if state.phase is Phase.MONSTER_MOVE:
            return f"move the {state.monster_name(state.chosen or 0)} monster " \
                   f"{_steps(state.roll or 0)}"
        if state.phase is Phase.ACCIDENT:
            return "roll for an accident"
        return "rest"

    def describe(self, player: int, action: Action, phase: Any, note: tuple[int, ...]) -> str:
        """One log line in players' words: the action, then what it caused."""
        state = self.state
        if isinstance(action, Roll):
            text = f"Whacky rolled {action.value}"
        elif isinstance(action, MonsterRoll):
            text = f"the monsters rolled {action.monster} {action.value}"
        elif isinstance(action, Accident):
            text = "" if state.said else "no accident"
        elif isinstance(action, Move):
            who = "Whacky" if action.piece == "whacky" else f"the {action.piece} monster"
            text = f"{who} moved to {action.destination}"
        else:
            text = ""
        parts = [p for p in (text, *state.said) if p]
        line = "; ".join(parts)
        return line[:1].upper() + line[1:]


def _steps(count: int) -> str:
    return f"{count} step" if count == 1 else f"{count} steps"
