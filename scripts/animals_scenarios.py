"""Regenerate assets/scenarios/animals/*.toml by playing human-seat sessions with real inputs.

Run from the repository root: ``python scripts/animals_scenarios.py``. Each scenario is played
and saved with its goldens by scripts/played_scenario.py. After a physics retune,
``wobbletop regress --update`` is usually enough; rerun this only when the scenarios themselves
should change.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from played_scenario import save_played

from games.animals.session import AnimalsSession
from tests.animals.helpers import carry, insert_dog_under_the_sheep, run, send, session

OUT = Path("assets/scenarios/animals")


def save(name: str, description: str, game: AnimalsSession, extra_seconds: float) -> None:
    print(name, save_played(OUT, name, description, game, extra_seconds).outcome)


OUT.mkdir(parents=True, exist_ok=True)

# 1. a careful insert stands
game = session(1)
insert_dog_under_the_sheep(game)
save(
    "careful_insert_stands",
    "Blue lifts sheep and rabbit aside slowly, puts the dog on the lion, puts them back: "
    "the tower of 4 stands and the turn passes to red",
    game,
    2.0,
)

# 2. a fast lift topples
game = session(1)
send(game, "draw")
x, y = game.scene.piece_of["lion"].position
send(game, "grab", x, y)
send(game, "move", x, y + 8.0)
run(game, 0.3)
send(game, "move", x + 250.0, y + 8.0)
save(
    "fast_lift_topples",
    "Blue lifts the whole tower by the lion and yanks it sideways: the riders fall, blue loses",
    game,
    2.0,
)

# 3. a correct doubt wins: the dog under the sheep is out of order; red calls stop stacking
game = session(1)
insert_dog_under_the_sheep(game)
run(game, 2.0)
send(game, "stop")
save(
    "correct_doubt_wins",
    "Blue puts the dog below the sheep (wrong order); red calls stop stacking and wins",
    game,
    0.1,
)

# 4. a wrong doubt loses: the opening tower is in order
game = session(1)
run(game, 0.5)
send(game, "stop")
save(
    "wrong_doubt_loses",
    "Blue calls stop stacking on the opening tower, which is in order: red wins",
    game,
    0.1,
)

# 5. a crocodile removes the second animal: elephant, fox, turtle; a 2 takes the fox out
game = session(5)
scene = game.scene
board = game.file.board
send(game, "draw")
send(game, "roll")
elephant, fox, turtle = (scene.piece_of[a] for a in ("elephant", "fox", "turtle"))
carry(game, tuple(turtle.position), (board.aside_x, scene.seat_y(0) + 1.0))
run(game, 0.3)
carry(game, tuple(fox.position), (board.pouch_x, scene.board_top + 80.0))
run(game, 0.3)
carry(
    game,
    tuple(turtle.position),
    (elephant.position.x, elephant.position.y + scene.size[1] + 1.0),
)
save(
    "crocodile_removes_second_animal",
    "Blue draws a crocodile and rolls 2: the turtle is lifted aside, the fox (second from the "
    "bottom) dropped into the pouch, the turtle put back on the elephant",
    game,
    2.0,
)

# 6. a portion dropped off-centre from height topples after the release: still blue's fall
game = session(1)
insert_dog_under_the_sheep(game, back_offset=16.0, back_drop=12.0)
save(
    "off_centre_drop_topples_after_release",
    "Blue lets the sheep and rabbit go 12 mm up and 16 mm off centre: they topple after the "
    "release, before the tower settled, so blue caused the fall and loses",
    game,
    3.0,
)
