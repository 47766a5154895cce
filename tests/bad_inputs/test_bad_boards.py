"""Bad Stonewall board files through ``wobbletop run stonewall`` and ``wobbletop play
stonewall``: each is one line naming the file (and key), exit code 2, no traceback, nothing
written. The board is the assets folder's ``stonewall/board.toml`` (``WOBBLETOP_ASSETS``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.stonewall.board import BoardError, default_board_path, load_board
from tests.bad_inputs.helpers import (
    BOARD_FILE_FAULTS,
    REPO_ASSETS,
    assets_with,
    refused,
    refused_before_any_window,
    spoil,
)

BOARD = "stonewall/board.toml"
GOOD = (REPO_ASSETS / BOARD).read_text(encoding="utf-8")

# (id, old text, new text, a fragment the error line must hold)
EDITS = [
    ("size_too_small", "size = 9", "size = 3", "size: 3 must be a whole number from 5 to 25"),
    ("size_text", "size = 9", 'size = "nine"', "size: 'nine' must be a whole number"),
    ("size_missing", "size = 9", "", "size: missing"),
    ("size_fraction", "size = 9", "size = 9.5", "size: 9.5"),
    ("size_huge_int", "size = 9", "size = " + "9" * 5000, "not a usable TOML value"),
    ("size_bigger", "size = 9", "size = 11",
     "corner[1].square: I1 is not a corner of the 11 x 11 board"),
    ("three_corners", '[[corner]]\nname = "yellow"\nsquare = [0, 8]\n', "",
     "corner: must have exactly 4 entries, not 3"),
    ("same_corner_twice", "square = [8, 0]", "square = [0, 0]", "different squares"),
    ("same_name_twice", 'name = "blue"', 'name = "red"', "different names"),
    ("corner_mid_edge", "square = [8, 0]", "square = [4, 0]", "E1 is not a corner"),
    ("corners_anticlockwise", "square = [8, 0]\n\n[[corner]]\nname = \"green\"\nsquare = [8, 8]",
     "square = [8, 8]\n\n[[corner]]\nname = \"green\"\nsquare = [8, 0]", "listed clockwise"),
    ("corner_name_empty", 'name = "red"', 'name = ""', "corner[0].name"),
    ("corner_name_escape", 'name = "red"', 'name = "r\\u001b[31m\\ned"', "corner[0].name"),
    ("corner_unknown_key", 'name = "red"', 'name = "red"\ncolour = "red"',
     "corner[0].colour: unknown key"),
    ("wall_not_neighbours", "between = [[1, 0], [1, 1]]", "between = [[1, 0], [2, 1]]",
     "not orthogonal neighbours"),
    ("wall_one_square", "between = [[1, 0], [1, 1]]", "between = [[1, 0]]", "must be two squares"),
    ("wall_off_board", "between = [[1, 0], [1, 1]]", "between = [[1, 0], [1, -1]]",
     "off the 9 x 9 board"),
    ("wall_twice", "between = [[0, 1], [1, 1]]", "between = [[1, 1], [1, 0]]", "already given"),
    ("walled_in_corner", "between = [[1, 0], [1, 1]]", "between = [[0, 0], [0, 1]]",
     "no way out of A1 (corner red)"),
    ("arrow_off_board", "square = [1, 0]\ndirection", "square = [1, 9]\ndirection",
     "arrow[0].square: [1, 9] is off the 9 x 9 board"),
    ("arrow_bad_direction", 'direction = "W"', 'direction = "Q"', "'Q' is not one of N, E, S, W"),
    ("arrow_no_direction", 'direction = "W"', "", "None is not one of"),
    ("arrow_float_square", "square = [1, 0]\ndirection", "square = [1.0, 0]\ndirection",
     "must be a square [x, y]"),
    ("arrow_on_corner", "square = [1, 0]\ndirection", "square = [0, 0]\ndirection",
     "A1 is a corner"),
    ("roll_again_off_board", "roll_again = [4, 4]", "roll_again = [4, 40]", "roll_again"),
    ("roll_again_bool", "roll_again = [4, 4]", "roll_again = [true, 4]", "roll_again"),
    ("roll_again_on_corner", "roll_again = [4, 4]", "roll_again = [8, 8]", "I9 is a corner"),
    ("unknown_top_key", "size = 9", "size = 9\nsizes = 9", "sizes: unknown key"),
    ("bad_toml", "size = 9", "size = ", "not valid TOML"),
    ("deep_nesting", "size = 9", "size = 9\nx = " + "[" * 3000 + "]" * 3000, "board.toml"),
]


@pytest.mark.parametrize(
    ("old", "new", "fragment"), [e[1:] for e in EDITS], ids=[e[0] for e in EDITS]
)
def test_a_bad_board_is_one_line_through_the_cli(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    old: str,
    new: str,
    fragment: str,
) -> None:
    assert old in GOOD
    board = assets_with(tmp_path, monkeypatch, BOARD, GOOD.replace(old, new, 1))
    line = refused(capsys, ["run", "stonewall", "--headless"], board)
    assert f"{board}: " in line
    assert fragment in line
    assert "\x1b" not in line


@pytest.mark.parametrize(
    ("kind", "fragment"),
    [("empty", "size: missing"), *BOARD_FILE_FAULTS],
)
def test_a_board_that_is_not_a_good_file_is_one_line(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    kind: str,
    fragment: str,
) -> None:
    board = assets_with(tmp_path, monkeypatch, BOARD, "")
    spoil(board, kind, GOOD)
    line = refused(capsys, ["run", "stonewall", "--headless"], board)
    assert fragment in line


def test_play_refuses_a_bad_board_before_any_window(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    board = assets_with(tmp_path, monkeypatch, BOARD, GOOD.replace("size = 9", "size = 3"))
    line = refused_before_any_window(capsys, monkeypatch, ["play", "stonewall"], board)
    assert "size: 3" in line


def test_the_api_gives_the_same_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    board = assets_with(tmp_path, monkeypatch, BOARD, GOOD.replace("size = 9", "size = 3"))
    assert default_board_path() == board
    with pytest.raises(BoardError, match="size: 3"):
        load_board()


def test_the_shipped_board_is_accepted() -> None:
    board = load_board(REPO_ASSETS / BOARD)
    assert board.size == 9
