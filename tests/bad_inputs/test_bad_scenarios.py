"""Bad scenario files: every one is a one-line ``ScenarioError`` naming the file and key, and
``wobbletop regress`` over the lot reports each as broken in its own row (one detail line per
file), exits 2, prints no traceback and changes no file.

Covers non-finite and absurd numbers (rolls, squares, wall positions, slots, coordinates), each
game's declared options (unknown keys, wrong types, unknown bots and scripts), inputs past the
end of the game, and files that are not files.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.cli import main
from games.core import registry
from games.core.options import OptionsError, check_options
from games.runs.scenario import ScenarioError, parse_scenario, run_scenario_file
from tests.bad_inputs.helpers import snapshot, spoil

FREE = 'game = "freeplay"\nframes = 3\n'
STONE = 'game = "stonewall"\nframes = 3\nseats = ["human", "human"]\n'
WALL = 'game = "wallamoppi"\nframes = 3\nseats = ["human", "human"]\n'
MALL = 'game = "malloppo"\nframes = 3\nseats = ["human", "human"]\n'
WHACK = 'game = "whacky"\nframes = 3\nseats = ["human", "human"]\n'
ANIM = 'game = "animals"\nframes = 3\n'


def move(data: str) -> str:
    return f'{STONE}[[input]]\nframe = 0\naction = "move"\ndata = {data}\n'


# (id, file text, a fragment the error must hold)
CASES = [
    ("not_toml", "game = ", "not valid TOML"),
    ("empty", "", "game: missing"),
    ("unknown_game", 'game = "chess"', "unknown game 'chess'"),
    ("game_not_a_string", "game = 3", "game:"),
    ("unknown_key", FREE + "framez = 3\n", "framez: unknown key"),
    ("negative_seed", 'game = "freeplay"\nseed = -1\n', "seed:"),
    ("seed_float", 'game = "freeplay"\nseed = 1.5\n', "seed:"),
    ("frames_inf", 'game = "freeplay"\nframes = inf\n', "frames:"),
    ("frames_too_many", 'game = "freeplay"\nframes = 100000001\n', "frames:"),
    ("frames_beyond_an_hour", 'game = "freeplay"\nframes = 100000000\n',
     "frames: 100000000: allowed: a whole number from 1 to 432,000 (an hour of simulated"),
    ("players_zero", 'game = "freeplay"\nplayers = 0\n', "players:"),
    ("seat_kind", 'game = "freeplay"\nseats = ["robot"]\n', "not a kind of seat"),
    ("options_unknown", FREE + 'options = { scrip = "drop" }\n', "options.scrip: unknown option"),
    ("options_script", FREE + 'options = { script = "rain" }\n', "options.script: 'rain'"),
    ("options_script_type", FREE + "options = { script = 5 }\n", "options.script: 5"),
    ("options_bot", STONE + 'options = { bots = ["nope"] }\n', "options.bots[0]: 'nope'"),
    ("options_bots_type", STONE + 'options = { bots = "greedy" }\n', "options.bots: 'greedy'"),
    ("options_delay_inf", STONE + "options = { bot_delay_frames = inf }\n",
     "options.bot_delay_frames: inf"),
    ("options_delay_float", STONE + "options = { bot_delay_frames = 1.5 }\n",
     "options.bot_delay_frames: 1.5"),
    ("options_delay_huge", STONE + "options = { bot_delay_frames = 100000000000 }\n",
     "options.bot_delay_frames"),
    ("options_skill_nan", WALL + "options = { skill = nan }\n", "options.skill: nan"),
    ("options_skill_big", WALL + "options = { skill = 2.0 }\n", "options.skill: 2.0"),
    ("options_skill_text", WALL + 'options = { skill = "x" }\n', "options.skill: 'x'"),
    ("options_skill_seat", WALL + "options = { skill = { purple = 0.5 } }\n", "options.skill"),
    ("options_wall", WALL + 'options = { wall = "manual" }\n', "options.wall: 'manual'"),
    ("malloppo_position_missing_keys", MALL + "options = { position = { players = 2 } }\n",
     "options.position: saved Dammi il malloppo state: hands: missing"),
    ("malloppo_position_text", MALL + 'options = { position = "start" }\n',
     "options.position: 'start'"),
    ("malloppo_position_players", MALL + "options = { position = { players = inf } }\n",
     "options.position"),
    ("malloppo_dice_seven", MALL + "options = { dice = [3, 7] }\n", "options.dice[1]: 7"),
    ("malloppo_dice_nan", MALL + "options = { dice = [nan] }\n", "options.dice[0]: nan"),
    ("malloppo_dice_text", MALL + 'options = { dice = "six" }\n', "options.dice: 'six'"),
    ("malloppo_bot", MALL + 'options = { bots = ["smart"] }\n', "options.bots[0]: 'smart'"),
    ("malloppo_unknown", MALL + "options = { start = {} }\n", "options.start: unknown option"),
    ("whacky_accidents_one", WHACK + "options = { accidents = 1 }\n", "options.accidents: 1"),
    ("whacky_accidents_inf", WHACK + "options = { accidents = inf }\n", "options.accidents: inf"),
    ("whacky_dice_face", WHACK + "options = { dice = [12] }\n",
     "options.dice[0]: 12 is not a face index 0..11"),
    ("whacky_dice_negative", WHACK + "options = { dice = [-1] }\n", "options.dice[0]: -1"),
    ("whacky_start_lives", WHACK + "options = { start = { lives = 5 } }\n", "options.start:"),
    ("whacky_start_text", WHACK + 'options = { start = "J9" }\n', "options.start: 'J9'"),
    ("whacky_delay_nan", WHACK + "options = { undo_grace_frames = nan }\n",
     "options.undo_grace_frames: nan"),
    ("animals_memory_big", ANIM + "options = { memory = 1.5 }\n", "options.memory: 1.5"),
    ("animals_skill_seat", ANIM + "options = { skill = { purple = 0.5 } }\n", "options.skill"),
    ("animals_memory_absent_seat", ANIM + "options = { memory = { green = 1 } }\n",
     "options.memory.green: green does not play in a 2-player game; allowed: red, blue"),
    ("animals_skill_absent_seat", ANIM + 'players = 3\noptions = { skill = { green = "shaky" } }\n',
     "options.skill.green: green does not play in a 3-player game; allowed: red, blue, yellow"),
    ("animals_skill_nan", ANIM + "options = { skill = nan }\n", "options.skill: nan"),
    ("animals_dexterity", ANIM + "options = { dexterity = 0.5 }\n",
     "options.dexterity: unknown option; allowed: memory, skill"),
    ("x_huge", FREE + '[[input]]\nframe = 0\naction = "grab"\nx = 1e300\n', "input[0].x"),
    ("y_nan", FREE + '[[input]]\nframe = 0\naction = "grab"\ny = nan\n', "input[0].y"),
    ("roll_inf", move('{ type = "roll", value = inf }'), "data.value: inf"),
    ("square_huge", move('{ type = "move", path = [[1e300, 0]] }'), "data.path[0][0]: 1e+300"),
    ("square_nan", move('{ type = "move", path = [[nan, 0]] }'), "data.path[0][0]: nan"),
    ("wall_x_inf", move('{ type = "place", wall = { o = "h", x = inf, y = 1, len = 1 } }'),
     "data.wall.x: inf"),
    ("wall_y_big", move('{ type = "place", wall = { o = "h", x = 1, y = 99999999999, len = 1 } }'),
     "data.wall.y"),
    ("slot_inf", WALL + '[[input]]\nframe = 0\naction = "place"\ndata = { slot = [inf, 0] }\n',
     "data.slot[0]: inf"),
    ("slot_huge", WALL + '[[input]]\nframe = 0\naction = "place"\ndata = { slot = [0, 1e300] }\n',
     "data.slot[1]: 1e+300"),
    ("data_long_text", move('{ type = "' + "x" * 5000 + '" }'), "at most 1000 characters"),
    ("refused_input", FREE + '[[input]]\nframe = 0\naction = "jump"\n', "was refused"),
    ("input_after_frames", FREE + '[[input]]\nframe = 9\naction = "release"\n',
     "after the last frame 3"),
    ("inputs_out_of_order",
     FREE + '[[input]]\nframe = 2\naction = "release"\n[[input]]\nframe = 1\naction = "release"\n',
     "comes before"),
    ("config_missing_table", FREE + '[[input]]\nframe = 0\naction = "config"\n', "data.config"),
    ("config_nan", FREE + "[config.world]\ngravity = nan\n", "config.world.gravity"),
    ("expect_digest", FREE + '[expect]\ndigest = "abc"\n', "expect.digest"),
    ("key_with_escape", FREE + '"bad\\u001b[31m\\nkey" = 1\n', "unknown key"),
    ("huge_description", FREE.replace("frames", 'description = "' + "d" * 70_000 + '"\nframes'),
     "description"),
    ("deep_nesting", FREE + "options = " + "[" * 2000 + "]" * 2000 + "\n", "nested too deeply"),
    ("long_integer", FREE + "seed = " + "7" * 5000 + "\n", "not a usable TOML value"),
]


def test_the_corpus_is_big_enough() -> None:
    assert len(CASES) >= 30


@pytest.mark.parametrize(("text", "fragment"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_a_bad_scenario_is_one_line_naming_the_file(
    tmp_path: Path, text: str, fragment: str
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        run_scenario_file(path)
    message = str(caught.value)
    assert message.isprintable(), message[:300]
    assert len(message) < 800
    assert message.startswith(f"{path}: ")
    assert fragment in message


def test_regress_reports_every_bad_scenario_in_its_row_and_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name, text, _ in CASES:
        (tmp_path / f"{name}.toml").write_text(text, encoding="utf-8")
    files = sorted(tmp_path.iterdir())
    before = snapshot(files)
    assert main(["regress", str(tmp_path), "-j", "2"]) == 2
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    for name, _, fragment in CASES:
        details = [line for line in out.splitlines() if line.startswith(f"{name}.toml: ")]
        assert len(details) == 1, (name, details)
        assert fragment in details[0], (name, details)
    assert f"{len(CASES)} scenarios: 0 ok, 0 mismatched, {len(CASES)} broken" in out
    assert snapshot(files) == before


@pytest.mark.parametrize("kind", ["fifo", "dev_zero", "folder_named_toml", "huge"])
def test_a_scenario_that_is_not_a_sane_file_is_refused_before_reading(
    tmp_path: Path, kind: str
) -> None:
    path = tmp_path / "odd.toml"
    spoil(path, kind, FREE + "# " + "x" * 1000 + "\n", huge_bytes=17 << 20)
    with pytest.raises(ScenarioError) as caught:
        run_scenario_file(path)
    assert str(caught.value).startswith(f"{path}: ")


def test_inputs_past_the_frame_limit_are_refused(tmp_path: Path) -> None:
    """With no ``frames`` the game's own limit applies; an input after it would never be
    played, so the file is refused (a long Free play sandbox stops at its safety limit)."""
    path = tmp_path / "late.toml"
    path.write_text(
        'game = "freeplay"\n[[input]]\nframe = 99999999\naction = "release"\n',
        encoding="utf-8",
    )
    with pytest.raises(ScenarioError, match=r"input\[0\]\.frame: 99999999 is after freeplay"):
        run_scenario_file(path)


def test_inputs_after_the_game_ended_are_said_not_silently_dropped(tmp_path: Path) -> None:
    path = tmp_path / "late.toml"
    path.write_text(
        'game = "stonewall"\noptions = { bot_delay_frames = 0 }\n'
        '[[input]]\nframe = 50000\naction = "roll"\n',
        encoding="utf-8",
    )
    _, replayed = run_scenario_file(path)
    assert replayed.outcome["reason"] != "unfinished"
    assert replayed.notes == (
        f"note: the game ended at frame {replayed.outcome['frames']}; "
        "the last 1 input was not played",
    )


def test_the_declared_stonewall_bots_are_the_engine_s_bots() -> None:
    from games.stonewall import StonewallOptions
    from games.stonewall.bots import BOTS

    field = StonewallOptions.model_fields["bots"]
    allowed = set(field.annotation.__args__[0].__args__)  # type: ignore[union-attr]
    assert allowed == set(BOTS)


@pytest.mark.parametrize("game", ["malloppo", "whacky"])
def test_the_declared_bots_of_the_dice_games_are_their_engines_bots(game: str) -> None:
    import importlib

    spec = registry.load(game)
    field = spec.options.model_fields["bots"]
    allowed = set(field.annotation.__args__[0].__args__)
    assert allowed == set(importlib.import_module(f"games.{game}.bots").BOTS)


def test_whacky_options_and_saved_states_allow_the_same_accident_rules() -> None:
    from games import whacky
    from games.whacky import rules

    assert whacky.MAX_ACCIDENTS == rules.MAX_ACCIDENTS


def test_the_declared_animals_seats_are_the_engine_s_seats() -> None:
    from games.animals import Seat
    from games.animals.rules import SEAT_NAMES

    assert set(Seat.__args__) == set(SEAT_NAMES)  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", registry.available())
def test_each_game_declares_its_options(game: str) -> None:
    """Every game in the registry names its options model (a new game too: its options are
    otherwise passed on unchecked)."""
    assert registry.load(game).options is not None


def test_every_game_of_the_project_is_checked() -> None:
    assert {"freeplay", "stonewall", "wallamoppi", "animals", "malloppo", "whacky"} <= set(
        registry.available()
    )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    key=st.sampled_from(
        ["bots", "bot_delay_frames", "undo_grace_frames", "skill", "wall", "memory", "dice",
         "accidents", "position", "start"]
    ),
    value=st.one_of(
        st.floats(allow_nan=True, allow_infinity=True).filter(
            lambda v: not (math.isfinite(v) and 0 <= v <= 1)
        ),
        st.text(max_size=5).filter(lambda v: v != "auto"),
        st.lists(st.integers(), min_size=1, max_size=3),
        st.integers(min_value=10**6),
    ),
    game=st.sampled_from(["stonewall", "wallamoppi", "animals", "malloppo", "whacky"]),
)
def test_generated_bad_options_are_one_line_errors(key: str, value: object, game: str) -> None:
    spec = registry.load(game)
    if key == "dice" and isinstance(value, list) and game in ("malloppo", "whacky"):
        return  # a list of whole numbers may be good dice of these games
    try:
        check_options(spec, {key: value})
    except OptionsError as error:
        message = str(error)
        assert message.startswith("options.") and message.isprintable()
        return
    pytest.fail(f"{game} took options {{{key}: {value!r}}}")


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("animals", {"skill": "shaky", "memory": 0.5}),
        ("animals", {"skill": {"red": "careful", "blue": 0.3}, "memory": {"green": 1}}),
        ("malloppo", {"bots": ["greedy", "expectimax"], "dice": [1, 6], "position": {}}),
        ("whacky", {"accidents": 6, "dice": [0, 11, 5], "start": {}, "undo_grace_frames": 0}),
    ],
)
def test_good_options_of_the_new_games_are_taken(game: str, options: dict[str, object]) -> None:
    assert check_options(registry.load(game), options) == options


def test_a_good_scenario_still_parses(tmp_path: Path) -> None:
    scenario = parse_scenario({"game": "stonewall", "options": {"bots": ["greedy"]}}, tmp_path)
    assert scenario.options == {"bots": ["greedy"]}


def test_a_run_of_more_than_an_hour_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from tests.bad_inputs.helpers import refused

    line = refused(capsys, ["run", "freeplay", "--headless", "--frames", "100000000"])
    assert "--frames 100000000: allowed: a whole number from 1 to 432,000" in line
