"""Animal upon Animal: Memory Stacking — stack face-down animals in the template's order.

The rule engine is :mod:`games.animals.rules` (pure Python), the pieces file
``assets/animals/animals.toml`` (:mod:`games.animals.catalogue`), the table
:mod:`games.animals.scene`, the session :mod:`games.animals.session`, the computer
:mod:`games.animals.mind` (memory) and :mod:`games.animals.bot` (the hand), the window
:mod:`games.animals.view`. A headless game stops after 20 simulated minutes at most.
"""

from typing import Annotated, Literal

from pydantic import Field

from games.core.option_models import ComputerSpeed, GameOptions, Skill
from games.core.protocol import GameSpec, files_read_by, session_made_by

Level = Annotated[float, Field(ge=0, le=1)]  # 0 (none) to 1 (perfect)
Seat = Literal["red", "blue", "yellow", "green"]  # games.animals.rules.SEAT_NAMES


class AnimalsOptions(GameOptions):
    """The computer seats' ``memory`` (how well they remember the face-down tower, a number
    from 0 to 1) and ``skill`` (easy / normal / hard, games/core/skill.py: the hand and, unless
    ``memory`` is given, the memory; or a hand's number from 0 to 1), each one value for every
    computer or one per seat (a list or a table); ``computer_speed``: how long a person is
    given to see each computer action and the opening (games/core/pacing.py; the window sets it,
    absent: instant)."""

    memory: Level | dict[Seat, Level] | None = None
    skill: Skill | list[Skill] | dict[Seat, Skill] | None = None
    computer_speed: ComputerSpeed | None = None


GAME = GameSpec(
    id="animals",
    title="Animal upon Animal",
    blurb="Memory stacking: insert face-down animals in the template's order",
    help_text=(
        "All animals look the same face down: remember the tower. The template (left) shows "
        "the right order, heaviest at the bottom.\n"
        "On your turn press Draw: the drawn animal is shown to everyone. Insert it where it "
        "belongs: drag the animal where you split the tower (what sits on it rides along) and "
        "set that portion down on the board, put the drawn animal on the lower part, then put "
        "the portion back on top by its lowest animal. The grip keeps animals upright.\n"
        "A crocodile: Roll; take the animal that many places up from the bottom out (lift what "
        "is above it aside first) and drop it into the pouch, right of the board.\n"
        "Instead of drawing you may press Stop stacking!: the tower is shown; a wrong order "
        "makes you the winner, a right one makes everyone else win. An animal on the table "
        "or toppled over: the player on turn loses. A finished tower: the next player doubts "
        "it or accepts it (everyone wins)."
    ),
    seat_names=("red", "blue", "yellow", "green"),
    min_seats=2,
    make_session=session_made_by("games.animals.session.AnimalsSession"),
    view_module="games.animals.view",
    physics=True,
    headless_seconds=1200.0,
    check_files=files_read_by("games.animals.catalogue.load"),
    options=AnimalsOptions,
)
