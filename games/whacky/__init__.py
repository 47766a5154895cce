"""Whacky Wit: Whacky runs a maze putting down dots; the four monsters hunt him.

The rule engine is :mod:`games.whacky.rules` (pure Python), the board file
``assets/whacky/board.toml`` (:mod:`games.whacky.board`), the computer players
:mod:`games.whacky.bots`, the session :mod:`games.whacky.session` and the pygame view
:mod:`games.whacky.view` (imported by the window only). Headless, the bots play without the
pause a human watcher needs.
"""

from typing import Annotated, Any, Literal

from pydantic import Field, field_validator

from games.core.option_models import DiceSkill, GameOptions
from games.core.protocol import GameSpec, files_read_by, session_made_by

# games.whacky.bots.BOTS (a test checks they agree): the strengths, the old names and
# the ladder's scripted newcomer
BotName = Literal["easy", "normal", "hard", "greedy", "expectimax", "novice"]
MAX_ACCIDENTS = 1000  # games.whacky.rules.MAX_ACCIDENTS (a test checks they agree)
FaceIndex = Annotated[int, Field(ge=0, le=MAX_ACCIDENTS - 1)]  # the session checks the die's own


class WhackyOptions(GameOptions):
    """What a Whacky Wit session takes (scenario ``options``, headless runs).

    ``accidents``: N for a 1-in-N accident chance per dot a monster passes (0, off, by
    default); ``start``: a saved state (:meth:`games.whacky.rules.State.to_json`, its ``board``
    may be left out) checked in full by the session; ``dice``: face indices the dice show
    first, in draw order (0 to 11, or to N - 1 for the accident die).
    """

    bots: list[BotName] = Field(default_factory=list, max_length=2)  # old: use skill
    skill: DiceSkill | list[DiceSkill] | None = None  # games/core/skill.py: one, or one per seat
    bot_delay_frames: int = Field(default=0, ge=0, le=100_000)
    undo_grace_frames: int = Field(default=0, ge=0, le=100_000)
    accidents: int = Field(default=0, ge=0, le=MAX_ACCIDENTS)
    start: dict[str, Any] | None = None
    dice: list[FaceIndex] = Field(default_factory=list, max_length=10_000)

    @field_validator("accidents")
    @classmethod
    def _off_or_a_chance(cls, value: int) -> int:
        if value == 1:
            raise ValueError(f"0 (off) or a whole number N from 2 to {MAX_ACCIDENTS} "
                             "(a 1-in-N chance per dot)")
        return value


GAME = GameSpec(
    id="whacky",
    title="Whacky Wit",
    blurb="Whacky puts down every dot of the maze; four monsters hunt him",
    # One paragraph per line: the help overlay wraps them to its width.
    help_text=(
        "One player is Whacky, the other all four monsters. Whacky wins when every dot is "
        "down; the monsters win when they have caught him three times.\n"
        "Whacky rolls, then moves exactly that many steps, turning back if he likes, and puts "
        "down every dot he passes. He starts each life with two rolls. Through the aisle (the "
        "handles at the ends of the middle row) he comes out on the other side.\n"
        "The monsters roll colour and number together: that monster moves exactly that far "
        "in one direction (turning back only at a handle), leaves the cage on 1-6, never ends "
        "on another monster. Passing over Whacky or ending on him catches him.\n"
        "A power dot gives Whacky three rolls in a row; every monster he then passes over or "
        "lands on goes back to the cage. Running into a monster otherwise costs a life (but "
        "puts its dot down). The last dot down wins at once.\n"
        "Whacky: click a dot you can reach (the path shows on hover), or step with the arrow "
        "keys (the move is made at the roll's length). Monsters: click the monster the colour "
        "die chose, then its destination. Enter (or a click on a die) rolls; Undo takes a move "
        "back until the next roll."
    ),
    seat_names=("whacky", "monsters"),
    min_seats=2,
    make_session=session_made_by("games.whacky.session.WhackySession"),
    view_module="games.whacky.view",
    physics=False,
    headless_options={"bot_delay_frames": 0},
    check_files=files_read_by("games.whacky.rules.default_board"),
    options=WhackyOptions,
)
