"""Wallamoppi: build a wall of dark and light disks, then race the marble to stack a tower.

A headless game of two computer seats stops after 15 simulated minutes at most.
"""

from typing import Literal

# Skill: easy / normal / hard (or careful / steady / shaky), or 0 (careless) to 1 (best)
from games.core.option_models import ComputerSpeed, GameOptions, Skill
from games.core.protocol import GameSpec, session_made_by


class WallamoppiOptions(GameOptions):
    """``skill``: the computer seats' strength (easy / normal / hard, games/core/skill.py: the
    hand's steadiness; or a hand's number from 0 to 1), one for all or one per seat (a list or
    a table); ``wall = "auto"``: the wall is built at random before play (scenarios of the
    tower step); ``computer_speed``: how long a person is given to see each computer action
    (games/core/pacing.py; the window sets it, absent: instant); ``practice = true``: each person's
    first tower turn is untimed until their disk is stacked (the window's guided first turn)."""

    skill: Skill | list[Skill] | dict[Literal["dark", "light"], Skill] | None = None
    wall: Literal["auto"] | None = None
    computer_speed: ComputerSpeed | None = None
    practice: bool | None = None


GAME = GameSpec(
    id="wallamoppi",
    title="Wallamoppi",
    blurb="Build a wall of disks, then stack them high before the marble drops",
    help_text=(
        "Step 1, the wall: draw a disk (its colour shows only now) and place it on a lit slot, "
        "next to a bottom disk or centred on two disks. The finished wall is 8, 7, ... 1.\n"
        "Step 2, the tower: your opponent releases the marble (the button, or a click on the "
        "box; the computer counts in first: Space or Enter starts it at once). Drag one disk "
        "of your colour out of the wall (or off the table) onto the tower, then catch the "
        "marble before it drops into the end hole: Space, Enter or a click on its panel.\n"
        "A left-drag on a disk you may not take is refused. Right-drag (or Shift-drag) nudges "
        "a wall disk instead, gently (a limited push, shown while you hold it).\n"
        "If the tower falls, whoever last touched a disk loses. The last to stack wins."
    ),
    seat_names=("dark", "light"),
    min_seats=2,
    make_session=session_made_by("games.wallamoppi.session.WallamoppiSession"),
    view_module="games.wallamoppi.view",
    physics=True,
    headless_seconds=900.0,
    options=WallamoppiOptions,
)
