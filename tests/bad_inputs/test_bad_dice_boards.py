"""Bad Dammi il malloppo and Whacky Wit board files through ``wobbletop run`` and ``wobbletop
play``: each is one line naming the file (and key), exit code 2, no traceback, nothing written.

The board is the assets folder's ``malloppo/board.toml`` or ``whacky/board.toml``
(``WOBBLETOP_ASSETS``). Two families per game: hand-written edits of the shipped file (each
names the fragment its line must hold), and generated ones: every top-level key of the shipped
board left out, or replaced by text, NaN, a fraction, an empty list and an empty table.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from tests.bad_inputs.helpers import (
    BOARD_FILE_FAULTS,
    REPO_ASSETS,
    assets_with,
    refused,
    refused_before_any_window,
    spoil,
)

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

GOOD = {
    game: (REPO_ASSETS / game / "board.toml").read_text(encoding="utf-8")
    for game in ("malloppo", "whacky")
}

# (id, old text, new text, a fragment the error line must hold)
MALLOPPO_EDITS = [
    ("size_too_small", "size = 9", "size = 4", "size: 4 must be a whole number from 5 to 20"),
    ("size_too_big", "size = 9", "size = 21", "size: 21"),
    ("size_huge_int", "size = 9", "size = " + "9" * 5000, "not a usable TOML value"),
    ("size_bool", "size = 9", "size = true", "size: True"),
    ("size_smaller_than_starts", "size = 9", "size = 7", "is off the 7 x 7 board"),
    ("colour_table_misspelt", '[[colour]]\nname = "yellow"', '[[colur]]\nname = "yellow"',
     "colur: unknown key"),
    ("colour_unknown_key", 'name = "red"', 'name = "red"\nhue = 3',
     "colour[0].hue: unknown key"),
    ("colour_name_empty", 'name = "red"', 'name = ""', "colour[0].name"),
    ("colour_name_twice", 'name = "blue"', 'name = "red"', "already the name of colour[0]"),
    ("colour_name_escape", 'name = "red"', 'name = "r\\u001b[31m\\ned"', "colour[0].name"),
    ("two_starts", "start = [[2, 0], [4, 0], [6, 0]]", "start = [[2, 0], [4, 0]]",
     "colour[0].start: must be 3 squares"),
    ("start_off_board", "[6, 0]", "[9, 0]", "colour[0].start[2]: [9, 0] (J1) is off the 9 x 9"),
    ("start_negative", "[6, 0]", "[6, -1]", "colour[0].start[2]"),
    ("start_float", "[6, 0]", "[6.0, 0]", "must be a square [x, y]"),
    ("start_nan", "[6, 0]", "[nan, 0]", "colour[0].start[2]"),
    ("start_three_numbers", "[6, 0]", "[6, 0, 1]", "must be a square [x, y]"),
    ("start_shared", "[8, 2]", "[2, 0]", "already a start square of red"),
    ("seating_missing_two", '2 = ["red", "green"]\n', "", "seating.2: must list 2 colour"),
    ("seating_unknown_colour", '2 = ["red", "green"]', '2 = ["red", "pink"]',
     "'pink' is not a colour"),
    ("seating_twice", '2 = ["red", "green"]', '2 = ["red", "red"]', "names a colour twice"),
    ("seating_five", '4 = ["red", "blue", "green", "yellow"]',
     '4 = ["red", "blue", "green", "yellow"]\n5 = ["red"]', "seating.5: unknown key"),
    ("seating_too_long", '3 = ["red", "blue", "green"]', '3 = ["red", "blue", "green", "yellow"]',
     "seating.3: must list 3 colour"),
    ("bad_toml", "size = 9", "size = ", "not valid TOML"),
    ("deep_nesting", "size = 9", "size = 9\nx = " + "[" * 3000 + "]" * 3000, "nested too deeply"),
]

WHACKY_EDITS = [
    ("columns_too_few", "columns = 19", "columns = 2", "columns: 2 must be a whole number"),
    ("columns_too_many", "columns = 19", "columns = 27", "columns: 27"),
    ("rows_text", "rows = 13", 'rows = "13"', "rows: '13'"),
    ("rows_huge_int", "rows = 13", "rows = " + "1" * 5000, "not a usable TOML value"),
    ("rows_fewer", "rows = 13", "rows = 12", "is off the 19 x 12 board"),
    ("corridor_bent", '"A1-I1"', '"A1-I2"', "corridors[0]: 'A1-I2' is not straight"),
    ("corridor_one_point", '"A1-I1"', '"A1-A1"', "is not straight"),
    ("corridor_no_dash", '"A1-I1"', '"A1I1"', "corridors[0]: 'A1I1' must be two points"),
    ("corridor_number", '"A1-I1"', "17", "corridors[0]: 17 must be two points"),
    ("corridor_off_board", '"A1-I1"', '"A1-Z1"', "'Z1' is off the 19 x 13 board"),
    ("corridor_row_zero", '"A1-I1"', '"A0-I0"', "'A0' is not a point name"),
    ("monster_name_escape", 'name = "red"\ncolour', 'name = "r\\u001b[31m\\ned"\ncolour',
     "monster[0].name"),
    ("corridors_empty", "corridors = [", "corridors = []\nold_corridors = [",
     "old_corridors: unknown key"),
    ("cut_off_points", '"A1-I1", ', '"B2-C2", "A1-I1", ',
     "B2, C2 cannot be reached from the start point"),
    ("cage_on_corridor", 'cage = "J7"', 'cage = "J9"', "cage: J9 is on a corridor"),
    ("start_off_maze", 'start = "J9"', 'start = "B2"', "start: B2 is not a point of any"),
    ("exit_far_from_cage", 'exit = "J6"', 'exit = "I6"', "exit: I6 is not next to the cage"),
    ("one_handle", 'handles = ["A7", "S7"]', 'handles = ["A7"]', "handles: must be the two"),
    ("handle_not_an_end", 'handles = ["A7", "S7"]', 'handles = ["B7", "S7"]',
     "handles[0]: B7 must be the end of the aisle"),
    ("same_handle_twice", 'handles = ["A7", "S7"]', 'handles = ["A7", "A7"]',
     "two handles must be different"),
    ("power_on_start", 'power = ["A1"', 'power = ["J9"', "power[0]: J9 is not a dot"),
    ("power_empty", 'power = ["A1", "S1", "A13", "S13"]', "power = []", "power: must be a list"),
    ("die_eleven_faces", "whacky = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 5, 6]",
     "whacky = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 5]", "dice.whacky: must list 12 faces"),
    ("die_face_zero", "whacky = [1, 2,", "whacky = [0, 2,", "dice.whacky"),
    ("die_face_inf", "monster_number = [1, 1,", "monster_number = [inf, 1,",
     "dice.monster_number"),
    ("dice_unknown_key", "[dice]\n", "[dice]\nbonus = [1]\n", "dice.bonus: unknown key"),
    ("colour_face_unknown", '"red", "red", "red", "green"', '"red", "red", "pink", "green"',
     "dice.monster_colour[2]: 'pink' is not a monster"),
    ("monster_never_rolled", '"purple", "purple", "purple"', '"red", "red", "red"',
     "no face shows purple"),
    ("monster_colour_not_hex", 'colour = "#d83a3a"', 'colour = "red"',
     "monster[0].colour: 'red' must be a hex colour"),
    ("monster_name_twice", 'name = "green"\ncolour', 'name = "red"\ncolour',
     "monster[1].name: 'red' is used twice"),
    ("monster_unknown_key", 'name = "red"\ncolour = "#d83a3a"',
     'name = "red"\ncolour = "#d83a3a"\nspeed = 2', "monster[0].speed: unknown key"),
    ("top_unknown_key", "columns = 19", "columns = 19\ncolumn = 19", "column: unknown key"),
    ("bad_toml", "columns = 19", "columns = ", "not valid TOML"),
]

EDITS = [("malloppo", *edit) for edit in MALLOPPO_EDITS] + [
    ("whacky", *edit) for edit in WHACKY_EDITS
]


def generated() -> list[tuple[str, str, str, str]]:
    """(game, id, board text, the key the line must name): every top-level key of the shipped
    board left out or replaced by a value of a wrong kind."""
    cases = []
    for game, text in GOOD.items():
        data = tomllib.loads(text)
        for key in data:
            replacements: dict[str, Any] = {
                "missing": None, "text": "x", "nan": math.nan, "fraction": 2.5, "empty_list": [],
                "empty_table": {},
            }
            for kind, value in replacements.items():
                if kind == "empty_list" and key == "corridors":
                    continue  # tomli_w would write an empty list; still bad, but named alike
                changed = dict(data)
                if value is None:
                    del changed[key]
                else:
                    changed[key] = value
                cases.append((game, f"{key}_{kind}", tomli_w.dumps(changed), key))
    return cases


GENERATED = generated()


def board_file(game: str) -> str:
    """Where the game's board lies in the assets folder."""
    return f"{game}/board.toml"


def test_the_corpus_is_big_enough() -> None:
    for game in ("malloppo", "whacky"):
        assert len([e for e in EDITS if e[0] == game]) >= 20
        assert len([g for g in GENERATED if g[0] == game]) >= 15


@pytest.mark.parametrize(
    ("game", "old", "new", "fragment"),
    [(e[0], *e[2:]) for e in EDITS],
    ids=[f"{e[0]}-{e[1]}" for e in EDITS],
)
def test_a_bad_board_is_one_line_through_the_cli(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    game: str,
    old: str,
    new: str,
    fragment: str,
) -> None:
    assert old in GOOD[game]
    board = assets_with(tmp_path, monkeypatch, board_file(game), GOOD[game].replace(old, new, 1))
    line = refused(capsys, ["run", game, "--headless"], board)
    assert f"{board}: " in line
    assert fragment in line
    assert "\x1b" not in line


@pytest.mark.parametrize(
    ("game", "text", "key"), [(g[0], *g[2:]) for g in GENERATED],
    ids=[f"{g[0]}-{g[1]}" for g in GENERATED],
)
def test_a_generated_bad_board_is_one_line_naming_the_key(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    game: str,
    text: str,
    key: str,
) -> None:
    board = assets_with(tmp_path, monkeypatch, board_file(game), text)
    line = refused(capsys, ["run", game, "--headless"], board)
    assert line.startswith(f"wobbletop: {board}: ")
    assert key in line


@pytest.mark.parametrize("game", ["malloppo", "whacky"])
@pytest.mark.parametrize(
    ("kind", "fragment"),
    [("empty", "must be a"), *BOARD_FILE_FAULTS],
)
def test_a_board_that_is_not_a_good_file_is_one_line(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    game: str,
    kind: str,
    fragment: str,
) -> None:
    board = assets_with(tmp_path, monkeypatch, board_file(game), "")
    spoil(board, kind, GOOD[game])
    line = refused(capsys, ["run", game, "--headless"], board)
    assert fragment in line


@pytest.mark.parametrize(("game", "old", "new"), [
    ("malloppo", "size = 9", "size = 4"), ("whacky", "columns = 19", "columns = 2"),
])
def test_play_refuses_a_bad_board_before_any_window(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    game: str,
    old: str,
    new: str,
) -> None:
    board = assets_with(tmp_path, monkeypatch, board_file(game), GOOD[game].replace(old, new))
    line = refused_before_any_window(capsys, monkeypatch, ["play", game], board)
    assert f"{board}: " in line


@pytest.mark.parametrize("game", ["malloppo", "whacky"])
def test_the_api_gives_the_same_error_as_a_user_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    import importlib

    from games.core.errors import UserError

    board_module = importlib.import_module(f"games.{game}.board")
    rules = importlib.import_module(f"games.{game}.rules")
    board = assets_with(tmp_path, monkeypatch, board_file(game), "nonsense = 1\n")
    assert board_module.default_board_path() == board
    with pytest.raises(UserError, match="nonsense: unknown key"):
        rules.default_board()
    assert issubclass(board_module.BoardError, UserError)


@pytest.mark.parametrize("game", ["malloppo", "whacky"])
def test_the_shipped_boards_are_accepted(game: str) -> None:
    import importlib

    board_module = importlib.import_module(f"games.{game}.board")
    assert board_module.load_board(REPO_ASSETS / game / "board.toml").source.endswith("board.toml")


def grid_maze(columns: int, rows: int) -> str:
    """A Whacky Wit board whose corridors are every row and every inner column (the densest
    maze of that size), the cage in the middle: a valid board but for its size."""
    data = tomllib.loads(GOOD["whacky"])

    def label(x: int, y: int) -> str:
        return f"{chr(65 + x)}{y + 1}"

    cx, cy = columns // 2, rows // 2
    corridors = []
    for y in range(rows):
        if y == cy:
            corridors += [
                f"{label(0, y)}-{label(cx - 1, y)}", f"{label(cx + 1, y)}-{label(columns - 1, y)}"
            ]
        else:
            corridors.append(f"{label(0, y)}-{label(columns - 1, y)}")
    for x in range(1, columns - 1):
        if x == cx:
            corridors += [
                f"{label(x, 0)}-{label(x, cy - 1)}", f"{label(x, cy + 1)}-{label(x, rows - 1)}"
            ]
        else:
            corridors.append(f"{label(x, 0)}-{label(x, rows - 1)}")
    data.update(
        columns=columns, rows=rows, corridors=corridors, cage=label(cx, cy),
        exit=label(cx, cy - 1), start=label(cx - 3, cy + 2),
        handles=[label(0, 0), label(columns - 1, 0)], power=[label(3, 3)],
    )  # fmt: skip
    return tomli_w.dumps(data)


def test_a_maze_of_huge_geometry_is_refused_by_its_size_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from games.whacky.board import MOST_POINTS, board_from_data

    densest = board_from_data(tomllib.loads(grid_maze(19, 13)))  # 246 points: still allowed
    assert densest.node_count - 1 <= MOST_POINTS
    board = assets_with(tmp_path, monkeypatch, "whacky/board.toml", grid_maze(26, 99))
    line = refused(capsys, ["run", "whacky", "--headless"], board)
    assert f"{board}: corridors[" in line
    assert f"allowed: a maze of at most {MOST_POINTS} points" in line
