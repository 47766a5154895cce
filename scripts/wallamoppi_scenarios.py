"""Regenerate assets/scenarios/wallamoppi/*.toml by playing human-seat sessions with real inputs.

Run from the repository root: ``python scripts/wallamoppi_scenarios.py``. Each scenario is played
and saved with its goldens by scripts/played_scenario.py. After a physics retune,
``wobbletop regress --update`` is usually enough; rerun this only when the scenarios themselves
should change.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from played_scenario import save_played

from games.wallamoppi.rules import DARK, LIGHT, Slot
from games.wallamoppi.session import WallamoppiSession
from tests.wallamoppi.helpers import (
    glide,
    human_session,
    own_wall_disk,
    run,
    send,
    stack_turn,
    two_off_centre_stacks,
)

OUT = Path("assets/scenarios/wallamoppi")


def save(name: str, description: str, session: WallamoppiSession, extra_seconds: float) -> None:
    rep = save_played(OUT, name, description, session, extra_seconds)
    print(
        name,
        rep.outcome,
        "live:",
        session.result().get("reason"),
        session.result().get("tower_height"),
    )


# 1. centred stacks stand
s = human_session(1)
for seat in (DARK, LIGHT):
    send(s, "start_timer")
    stack_turn(s, own_wall_disk(s, seat))
    run(s, 0.6)
    send(s, "marble")
save(
    "centred_stack_stands",
    "Dark and light each pull a safe disk and stack it dead centre: the tower of 3 stands",
    s,
    3.0,
)

# 2. off-centre stack topples
s = human_session(1)
two_off_centre_stacks(s, offset=14.0)
save(
    "off_centre_topples",
    "Two disks each 14 mm off centre: their common centre overhangs the apex and light loses",
    s,
    2.0,
)

# 3. pulling a load-bearing disk (one of the two under the apex)
for seed in range(40):
    s = human_session(seed)
    row6 = [n for n, sl in s.scene.slots.items() if sl.row == 6 and DARK in s.scene.disks[n].tags]
    if row6:
        break
send(s, "start_timer")
x, y = s.scene.disks[row6[0]].body.position
send(s, "grab", x, y)
glide(s, [(x, y + 60.0), (x + 150.0, y + 60.0)], 150.0)
save(
    "load_bearing_pull",
    "Dark pulls a disk from under the apex: the apex tips, the tower falls, dark loses",
    s,
    2.0,
)

# 4. timer runs out
s = human_session(2)
send(s, "start_timer")
save(
    "timer_runs_out",
    "Light releases the marble and dark never moves: the marble reaches the end hole",
    s,
    11.0,
)

# 5. a fallen wall disk that is then stacked: nudge an end disk of the bottom row off the wall
for seed in range(60):
    s = human_session(seed)
    end = [
        n for n, sl in s.scene.slots.items() if sl == Slot(0, 7) and DARK in s.scene.disks[n].tags
    ]
    if end:
        break
name = end[0]
send(s, "start_timer")
x, y = s.scene.disks[name].body.position
send(s, "grab", x, y, nudge=True)
glide(s, [(x + 60.0, y)], 100.0)
send(s, "release", x + 60.0, y)
run(s, 1.0)
print("fallen tags", s.scene.disks[name].tags)
stack_turn(s, name)
run(s, 0.6)
send(s, "marble")
save(
    "fallen_disk_stacked",
    "Dark nudges a bottom end disk out of the wall onto the table, then stacks it",
    s,
    1.0,
)
