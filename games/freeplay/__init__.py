"""Free play: a physics table with disks, cylinders, a marble and a ramp to drag around.

Headless (``wobbletop run freeplay --headless``) it plays its scripted drop-and-settle scene.
"""

from games.core.options import WordOptions
from games.core.protocol import GameSpec, session_made_by

# ``script = "drop"``: the scripted drop-and-settle scene (headless runs, tests). Plain words,
# checked without pydantic (games/core/options.py), so a headless Free play process starts fast.
FreeplayOptions = WordOptions({"script": ("drop",)})


GAME = GameSpec(
    id="freeplay",
    title="Free play",
    blurb="A table of disks, cylinders, a marble and a ramp: drag anything",
    help_text=(
        "No rules: a sandbox to feel the physics.\n"
        "Drag a piece with the left mouse button; let go to drop it (a flick throws it).\n"
        "Hold Shift while grabbing to keep the piece upright (both hands).\n"
        "Mouse wheel: zoom in and out about the cursor.\n"
        "A piece pushed or thrown off the table falls to the floor; the view widens to show "
        "it. B puts back every piece that left the table, where it started.\n"
        "Ctrl+Z takes back your last drag (the table is replayed without it).\n"
        "Edit the config file while playing: new constants apply within a second."
    ),
    seat_names=("player",),
    min_seats=1,
    make_session=session_made_by("games.freeplay.session.FreeplaySession"),
    view_module="games.freeplay.view",
    headless_options={"script": "drop"},
    undo_by_replay=True,
    options=FreeplayOptions,
)
