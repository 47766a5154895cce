"""Wallamoppi: build a wall of dark and light disks, then race the marble to stack a tower.

A headless game of two computer seats stops after 15 simulated minutes at most.
"""

from typing import Annotated, Literal

from pydantic import Field

from games.options import GameOptions
from games.protocol import GameSpec, Session, SessionSetup

Skill = Annotated[float, Field(ge=0, le=1)]  # 0 (careless) to 1 (best), the computer's care


class WallamoppiOptions(GameOptions):
    """``skill``: the computer seats' skill, one number or one per seat; ``wall = "auto"``: the
    wall is built at random before play (scenarios of the tower step)."""

    skill: Skill | dict[Literal["dark", "light"], Skill] | None = None
    wall: Literal["auto"] | None = None


def new_session(setup: SessionSetup) -> Session:
    """A Wallamoppi session (its module, and pymunk, are imported only now)."""
    from games.wallamoppi.session import WallamoppiSession

    return WallamoppiSession(setup)


GAME = GameSpec(
    id="wallamoppi",
    title="Wallamoppi",
    blurb="Build a wall of disks, then stack them high before the marble drops",
    help_text=(
        "Step 1, the wall: draw a disk (its colour shows only now) and place it on a lit slot, "
        "next to a bottom disk or centred on two disks. The finished wall is 8, 7, ... 1.\n"
        "Step 2, the tower: your opponent releases the marble (the button, or a click on the "
        "box). Drag one disk of your colour out of the wall (or off the table) onto the tower, "
        "then click the marble before it drops into the end hole.\n"
        "Right-drag (or Shift-drag) nudges a wall disk instead of pulling it out.\n"
        "If the tower falls, whoever last touched a disk loses. The last to stack wins."
    ),
    seat_names=("dark", "light"),
    min_seats=2,
    new_session=new_session,
    view_module="games.wallamoppi.view",
    physics=True,
    headless_seconds=900.0,
    options=WallamoppiOptions,
)
