"""The first-game tutorial's steps, one small table per game. Pure Python (data only).

A :class:`Step` is a card of words, the part of the window it points at (``point_at``: a name
the window resolves, :data:`POINT_AT`) and what ends it:

- ``wait_for`` empty: the card waits for *Next* (Enter) and the game stands still under it,
  so nothing is timed while the player reads;
- ``wait_for`` action names ("roll", "move", "place", "release", "marble"...): the game runs
  and the step ends once the player's own input of one of those kinds is accepted (the
  computer's inputs are not recorded, so they never end a step), so the player does on the
  real board what the card says; ``"state:PATH=VALUE"`` ends it instead once the session's
  attribute PATH (dotted) reads VALUE (Wallamoppi's rules reaching the tower step).

A step with ``needs_option`` is shown only in a game started with that session option (the
practice turn's card, in a game the guided turn started: :data:`FIRST_RUN_OPTIONS`).

Readings chosen: Wallamoppi's guided game is started with ``practice = true`` (see
games/wallamoppi/session.py): building the wall is untimed anyway, and each person's first
tower turn is a practice in which the released marble waits until their disk is stacked, then
rolls to be caught; the dice games walk through the first roll and the first move with the
rules that apply, pointing at the panel (the die) and the board; Animals and Free play
explain the first drag.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

POINT_AT = ("board", "panel", "table", "timer", "play")


@dataclass(frozen=True)
class Step:
    text: str
    point_at: str = "play"
    wait_for: tuple[str, ...] = ()
    needs_option: str | None = None

    @property
    def lets_play(self) -> bool:
        """True if the game runs under this step's card (the player is to act)."""
        return bool(self.wait_for)


DICE_ROLL = "Press Roll (or click the die) in the panel: the number is how far you move."
DICE_UNDO = "Undo takes back your move until the next roll. H shows every rule; T this again."

STEPS: dict[str, tuple[Step, ...]] = {
    "wallamoppi": (
        Step("Welcome to Wallamoppi. First the wall, which is never timed: click a lit slot "
             "to place the disk you drew.", "table", ("place",)),
        Step("Each disk goes next to a bottom disk or centred on two below it. You and the "
             "other player take turns until the wall is finished (8, 7, ... 1).", "table",
             ("state:rules.phase.name=TOWER",)),
        Step("Your first tower turn is a practice: the marble, once released, waits until "
             "your disk is on the tower. Left-drag one of your disks out of the wall onto the "
             "tower; then the marble rolls: catch it with Space, Enter or a click on its box.",
             "table", ("marble",), needs_option="practice"),
        Step("The marble: on your turn the other player releases it (the box on the right). "
             "Pull one of your disks out of the wall, stack it on the tower, and catch the "
             "marble (Space, Enter or a click on the box) before it drops into the end hole.",
             "timer"),
        Step("A right-drag (or Shift-drag) nudges a disk gently. If the tower falls, whoever "
             "touched it last loses. H shows every rule; T shows this again.", "table"),
    ),
    "stonewall": (
        Step("Welcome to Stonewall: go from your corner through the opposite corner and back "
             "home. " + DICE_ROLL, "panel", ("roll",)),
        Step("Move exactly that many squares in straight steps: never through a wall or the "
             "same square twice; arrows are one way. The lit squares are where you may stop.",
             "board", ("move",)),
        Step("Then you may drag a wall from your stock onto the guide lines (R turns it, Pass "
             "skips); a wall may never cut anyone's path. A four gives another turn. "
             + DICE_UNDO, "board"),
    ),
    "malloppo": (
        Step("Welcome to Dammi il malloppo: be the last player with a hand on the board. "
             + DICE_ROLL + " An odd roll costs a coin first.", "panel", ("roll",)),
        Step("Click one of your hands, then a lit square exactly that many steps away: "
             "straight steps, never straight back, never through a hand.", "board", ("move",)),
        Step("Landing next to hands, you may take one coin from each. A hand without coins "
             "leaves the board. " + DICE_UNDO, "board"),
    ),
    "whacky": (
        Step("Welcome to Whacky Wit: Whacky puts down every dot; the monsters catch him three "
             "times to win. " + DICE_ROLL, "panel", ("roll",)),
        Step("Move exactly that many steps (turning back if you like); the lit dots show "
             "where you may end. Passing a monster costs a life.", "board", ("move",)),
        Step("A power dot gives Whacky three rolls; monsters he then passes go back to the "
             "cage. The aisle's handles take him to the other side. " + DICE_UNDO, "board"),
    ),
    "animals": (
        Step("Welcome to Animal upon Animal: all animals look the same face down, so remember "
             "the tower. The template shows the right order, heaviest at the bottom.", "table"),
        Step("Press Draw: the animal is shown to everyone. Drag it with the left mouse "
             "button where it belongs; what sits on an animal you lift rides along.", "table",
             ("release",)),
        Step("Instead of drawing you may press Stop stacking! if the order is wrong. "
             "H shows every rule; T shows this again.", "table"),
    ),
    "freeplay": (
        Step("Free play has no rules. Drag a piece with the left mouse button and let go to "
             "drop it (a flick throws it).", "table", ("release",)),
        Step("Hold Shift while grabbing to keep a piece upright; the wheel zooms; B puts back "
             "pieces that left the table; Ctrl+Z takes back a drag. T shows this again.",
             "table"),
    ),
}


# Session options a game's first run is started with when it offers the guided turn.
FIRST_RUN_OPTIONS: dict[str, dict[str, Any]] = {"wallamoppi": {"practice": True}}


def steps_for(game_id: str, options: Mapping[str, Any] | None = None) -> tuple[Step, ...]:
    """The game's tutorial steps for a session with ``options`` (a step that needs an option
    the session lacks is left out); none for a game without a table here."""
    options = options or {}
    return tuple(
        step for step in STEPS.get(game_id, ())
        if step.needs_option is None or options.get(step.needs_option)
    )


def state_reads(session: Any, condition: str) -> bool:
    """True if ``condition`` ("state:PATH=VALUE") holds of ``session``: its dotted attribute
    PATH, as text, is VALUE; False when the attribute is missing."""
    path, _, wanted = condition.removeprefix("state:").partition("=")
    value: Any = session
    for name in path.split("."):
        if not hasattr(value, name):
            return False
        value = getattr(value, name)
    return str(value) == wanted
