"""Stonewall's actions read from a file (scenario inputs, saves) are taken as written or
refused with one line naming the field, the value and what is allowed: ``3.7`` is not a roll
of 3, ``true`` is not 1, ``"1"`` is not a number."""

from __future__ import annotations

import json

import pytest

from games.stonewall.actions import (
    ChangeWall,
    MovePiece,
    NoMove,
    Pass,
    PlaceWall,
    Roll,
    action_from_json,
    action_to_json,
)
from games.stonewall.board import Square, Wall
from tests.bad_inputs.helpers import refused_in_one_line

WALL = {"o": "h", "x": 2, "y": 3, "len": 2}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"type": "roll", "value": 3.7}, "action 'roll': value: 3.7; allowed: a whole number "
                                         "from 1 to 6"),
        ({"type": "roll", "value": True}, "action 'roll': value: True; allowed: a whole number"),
        ({"type": "roll", "value": "1"}, "action 'roll': value: '1'; allowed: a whole number"),
        ({"type": "roll", "value": 7}, "action 'roll': value: 7; allowed: a whole number"),
        ({"type": "roll"}, "action 'roll': value: missing"),
        ({"type": "roll", "value": 3, "extra": 1}, "action 'roll': unknown field 'extra'"),
        ({"type": "move", "path": [[1.0, 2]]}, r"action 'move': path\[0\]\[0\]: 1.0; allowed: "
                                               "a whole number"),
        ({"type": "move", "path": [[1, True]]}, r"action 'move': path\[0\]\[1\]: True"),
        ({"type": "move", "path": [["1", 2]]}, r"action 'move': path\[0\]\[0\]: '1'"),
        ({"type": "move", "path": "A1"}, "action 'move': path: 'A1'; allowed: a list"),
        ({"type": "place", "wall": {**WALL, "len": 2.0}}, "action 'place': wall.len: 2.0"),
        ({"type": "place", "wall": {**WALL, "x": True}}, "action 'place': wall.x: True"),
        ({"type": "place", "wall": {**WALL, "y": "3"}}, "action 'place': wall.y: '3'"),
        ({"type": "change", "old": WALL, "new": {}}, "action 'change': new: {}; allowed: a wall"),
        ({"type": "pass", "value": 1}, "action 'pass': unknown field 'value'; allowed: none"),
        ({"type": 1}, "unknown action type 1; allowed: roll, move"),
    ],
)
def test_action_from_json_takes_an_action_as_written_or_refuses_it(
    data: dict[str, object], message: str
) -> None:
    refused_in_one_line(action_from_json, data, message)


def test_action_from_json_reads_back_every_action_as_written() -> None:
    wall = Wall("h", 2, 3, 2)
    for action in (Roll(3), MovePiece((Square(1, 2), Square(1, 3))), NoMove(), PlaceWall(wall),
                   ChangeWall(wall, None), ChangeWall(wall, Wall("v", 4, 4, 2)), Pass()):
        assert action_from_json(json.loads(json.dumps(action_to_json(action)))) == action
