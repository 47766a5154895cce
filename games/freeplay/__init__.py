"""Free play: a physics table with disks, cylinders, a marble and a ramp to drag around."""

from games.freeplay.session import FreeplaySession
from games.protocol import GameSpec

GAME = GameSpec(
    id="freeplay",
    title="Free play",
    blurb="A table of disks, cylinders, a marble and a ramp: drag anything",
    help_text=(
        "No rules: a sandbox to feel the physics.\n"
        "Drag a piece with the left mouse button; let go to drop it (a flick throws it).\n"
        "Hold Shift while grabbing to keep the piece upright (both hands).\n"
        "Edit the config file while playing: new constants apply within a second."
    ),
    seat_names=("player",),
    min_seats=1,
    new_session=FreeplaySession,
    view_module="games.freeplay.view",
)
