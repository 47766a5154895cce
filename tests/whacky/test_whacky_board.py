"""The Whacky Wit board file: the designed maze, and one-line errors for broken files."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.whacky.board import DEFAULT_BOARD_PATH, BoardError, load_board
from tests.dice_helpers import board_variant


def test_the_default_maze_has_well_over_100_dots_and_four_power_dots_near_the_corners() -> None:
    board = load_board()
    assert 100 < len(board.dots) <= 160
    assert len(board.power) == 4
    for node in board.power:
        x, y = board.coords[node]
        assert min(x, board.columns - 1 - x) <= 2 and min(y, board.rows - 1 - y) <= 2


def test_the_default_maze_has_no_dead_end_for_a_monster() -> None:
    board = load_board()
    for node in range(board.node_count - 1):
        if node not in board.handles:  # a monster bounces on a handle
            assert len(board.adjacency[node]) >= 2, board.label(node)


def test_the_start_point_has_two_neighbours_and_the_cage_one_way_out() -> None:
    board = load_board()
    assert sorted(board.label(n) for n in board.adjacency[board.start]) == ["I9", "K9"]
    assert board.monster_adjacency[board.cage] == (board.exit,)
    assert all(board.cage not in near for near in board.adjacency)


def test_the_dice_are_in_the_board_file() -> None:
    board = load_board()
    assert len(board.whacky_die) == len(board.monster_die) == len(board.colour_die) == 12
    assert sorted(set(board.colour_die)) == [0, 1, 2, 3]


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('"A5-E5"', '"A5-C7"', "board.toml: corridors[3]: 'A5-C7' is not straight"),
        ('"A5-E5"', '"A5"', "corridors[3]: 'A5' must be two points joined by '-'"),
        ('start = "J9"', 'start = "J8"', "board.toml: start: J8 is not a point of any corridor"),
        ('exit = "J6"', 'exit = "I6"', "board.toml: exit: I6 is not next to the cage J7"),
        ('handles = ["A7", "S7"]', 'handles = ["B7", "S7"]',
         "handles[0]: B7 must be the end of the aisle"),
        ('power = ["A1"', 'power = ["Z1"', "power[0]: 'Z1' is off the 19 x 13 board"),
        ("monster_number = [1, 1,", "monster_number = [0, 1,",
         "dice.monster_number: must list 12 faces, each a number from 1 to 20"),
        ('"red", "red", "red", "green"', '"red", "red", "pink", "green"',
         "dice.monster_colour[2]: 'pink' is not a monster; allowed: red, green, blue, purple"),
        ('colour = "#d83a3a"', 'colour = "red"', "monster[0].colour: 'red' must be a hex colour"),
        ("columns = 19", "columns = 19\ncolumns = 20", "not valid TOML"),
    ],
)
def test_a_broken_board_file_is_one_line_naming_the_key(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    with pytest.raises(BoardError) as caught:
        load_board(board_variant(DEFAULT_BOARD_PATH, tmp_path, old, new))
    assert message in str(caught.value) and "\n" not in str(caught.value)


def test_a_missing_board_file_says_so(tmp_path: Path) -> None:
    with pytest.raises(BoardError, match="no such board file"):
        load_board(tmp_path / "nope.toml")


def test_the_monsters_threaten_whackys_start_from_the_first_turns() -> None:
    # out of the cage and down G6 (or M6): 11 steps to I9 (or K9), the start point's
    # neighbours, where the long way round took 19
    from games.turnkit.graph import distances
    from games.whacky.paths import monster_walks

    board = load_board()
    away = distances(board.cage, board.monster_adjacency.__getitem__)
    for label in ("I9", "K9"):
        node = board.node(label)
        assert node is not None and away[node] == 11
        assert node in monster_walks(board, 0, 11, (board.cage,) * 4, whacky=-1)
