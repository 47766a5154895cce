"""The board data file: its layout, and one-line errors naming file, key and the rule broken."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.malloppo.board import DEFAULT_BOARD_PATH, BoardError, load_board
from games.turnkit.grid import Square
from tests.dice_helpers import board_variant


def test_default_board_has_three_start_squares_for_each_of_four_colours() -> None:
    board = load_board()
    assert board.size == 9
    assert board.colour_names == ("red", "blue", "green", "yellow")
    assert all(len(starts) == 3 for starts in board.starts)
    assert len({sq for starts in board.starts for sq in starts}) == 12
    assert board.starts[0] == (Square(2, 0), Square(4, 0), Square(6, 0))  # C1, E1, G1
    assert board.colours_for(2) == ("red", "green")


def test_no_two_hands_of_a_colour_start_side_by_side() -> None:
    board = load_board()
    for starts in board.starts:
        for a in starts:
            assert not set(board.neighbours[a]) & set(starts)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("size = 9", "size = 3", r"board.toml: size: 3 must be a whole number from 5 to 20"),
        ("start = [[8, 2], [8, 4], [8, 6]]", "start = [[8, 2], [8, 4], [4, 0]]",
         r"board.toml: colour\[1\].start\[2\]: \[4, 0\] \(E1\) is already a start square of red"),
        ("start = [[8, 2], [8, 4], [8, 6]]", "start = [[8, 2], [8, 4], [9, 6]]",
         r"colour\[1\].start\[2\]: \[9, 6\] \(J7\) is off the 9 x 9 board"),
        ("start = [[8, 2], [8, 4], [8, 6]]", "start = [[8, 2], [8, 4]]",
         r"colour\[1\].start: must be 3 squares"),
        ('name = "blue"', 'name = "red"', r"colour\[1\].name: 'red' is already the name of"),
        ('2 = ["red", "green"]', '2 = ["red", "purple"]',
         r"seating.2: 'purple' is not a colour; allowed: red, blue, green, yellow"),
        ('2 = ["red", "green"]', '2 = ["red", "red"]', r"seating.2: names a colour twice"),
        ("size = 9", "size = 9\nshape = 'round'", r"board.toml: shape: unknown key"),
        ("start_3 = [[0, 3], [0, 1], [3, 0]]", "start_3 = [[0, 3], [0, 1], [8, 2]]",
         r"colour\[1\].start\[0\]: \[8, 2\] \(I3\) is already a start square of red with 3 "
         r"players"),
        ("start_3 = [[0, 3], [0, 1], [3, 0]]", "start_3 = [[0, 3], [0, 1]]",
         r"colour\[0\].start_3: must be 3 squares"),
        ("start_3 = [[3, 8], [0, 7], [0, 5]]", "start_3 = [[3, 8], [0, 7], [0, 9]]",
         r"colour\[2\].start_3\[2\]: \[0, 9\] \(A10\) is off the 9 x 9 board"),
        ("size = 9", "size = ", r"board.toml: not valid TOML"),
    ],
)
def test_bad_board_files_give_one_line_errors(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    with pytest.raises(BoardError, match=message) as error:
        load_board(board_variant(DEFAULT_BOARD_PATH, tmp_path, old, new))
    assert "\n" not in str(error.value)


def test_missing_board_file_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(BoardError, match="no such board file"):
        load_board(tmp_path / "nope.toml")
