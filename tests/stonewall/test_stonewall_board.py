"""The board data file: its layout, its one-line errors naming file and key, and the names
players see for squares and walls."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.stonewall.board import DEFAULT_BOARD_PATH, BoardError, Square, Wall, load_board
from games.stonewall.rules import State
from tests.dice_helpers import board_variant


def test_default_board_has_the_rulebook_features() -> None:
    board = load_board()
    assert board.size == 9 and len(board.corners) == 4
    assert len(board.permanent_edges) == 8  # the eight permanent corner walls
    assert len(board.arrows) == 8  # one-way corners
    assert board.roll_again == Square(4, 4)
    assert board.corner_names == ("red", "blue", "green", "yellow")


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('direction = "W"', 'direction = "Q"', r"board.toml: arrow\[0\].direction: 'Q' is not"),
        ("size = 9", "size = 3", r"board.toml: size: 3 must be a whole number from 5 to 25"),
        ("roll_again = [4, 4]", "roll_again = [4, 40]", r"board.toml: roll_again: .* off the"),
        ("between = [[1, 0], [1, 1]]", "between = [[1, 0], [2, 1]]",
         r"permanent_wall\[0\].between: .* not orthogonal neighbours"),
        ('square = [8, 0]\n', 'square = [0, 0]\n', r"board.toml: corner: .*different squares"),
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


def test_squares_and_walls_are_named_as_the_frame_labels_them() -> None:
    assert str(Square(0, 0)) == "A1" and str(Square(2, 1)) == "C2" and str(Square(8, 8)) == "I9"
    assert Wall("h", 2, 2, 2).describe() == "the double wall under C2-D2"
    assert Wall("v", 3, 0, 1).describe() == "the single wall right of C1"
    assert Wall("v", 1, 2, 3).describe() == "the triple wall right of A3-A5"
    assert Wall("h", 0, 0, 1).describe() == "the single wall above A1"  # off the inner lines


def test_trying_walls_blocks_only_inside_the_block() -> None:
    state = State(2)
    far = state.far_corner(0)
    before = state.to_json()
    wall = Wall("h", 0, 2, 1)  # red's only way out of its corner bay
    with state.trying_walls(add=wall):
        assert state.distances_from(state.positions[0])[far] == -1
    assert state.to_json() == before and state.distances_from(state.positions[0])[far] > 0
