"""Saved Stonewall states: a state loaded from JSON is one the game could reach, or a one-line
:class:`StateError` naming the key; a malformed Change-a-Wall is refused, not read as "remove".

No command reads a saved state (the API does), so these call ``State.from_json`` directly.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.stonewall.board import Wall
from games.stonewall.rules import Phase, State, StateError, action_from_json
from tests.bad_inputs.helpers import Edit, refused_state, setter


def played(seed: int = 3, actions: int = 60) -> dict[str, Any]:
    """A state some way into a two-player game, with walls on the board."""
    state = State(2)
    rng = random.Random(seed)
    for _ in range(actions):
        if state.is_over():
            break
        options = state.legal_actions()
        walls = [a for a in options if type(a).__name__ == "PlaceWall"]
        state.push(rng.choice(walls) if walls and rng.random() < 0.7 else rng.choice(options))
    assert state.placed, "the fixture needs placed walls"
    return json.loads(json.dumps(state.to_json()))


BASE = played()


def item(key: str, index: int, value: Any) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        data[key][index] = value

    return edit


def overlapping(data: dict[str, Any]) -> None:
    wall = dict(data["placed"][0])
    data["placed"].append(wall)
    data["stocks"][0][wall["len"] - 1] -= 1


def crossing(data: dict[str, Any]) -> None:
    data["placed"] = [{"o": "h", "x": 2, "y": 4, "len": 2}, {"o": "v", "x": 3, "y": 3, "len": 2}]
    data["stocks"] = [[12, 11, 6], [12, 11, 6]]
    data["removed"] = [0, 0, 0]


def walled_in(data: dict[str, Any]) -> None:
    # Red's corner bay has one way out (down, [0, 1] -> [0, 2]): a wall there shuts it.
    data["placed"] = [{"o": "h", "x": 0, "y": 2, "len": 1}]
    data["stocks"] = [[11, 12, 6], [12, 12, 6]]
    data["removed"] = [0, 0, 0]


def extra_wall(data: dict[str, Any]) -> None:
    data["removed"][0] += 1


# (id, edit, a fragment the error must hold)
CASES: list[tuple[str, Edit, str]] = [
    ("not_a_table", lambda d: d.clear(), "missing"),
    ("unknown_key", setter("cheat", 1), "cheat: unknown key"),
    ("players_bool", setter("players", True), "players: True"),
    ("players_five", setter("players", 5), "players: 5"),
    ("position_off_board", item("positions", 0, [9, 0]), "positions[0][0]: 9"),
    ("position_negative", item("positions", 1, [0, -1]), "positions[1][1]: -1"),
    ("position_float", item("positions", 0, [1.0, 0]), "positions[0][0]: 1.0"),
    ("position_three", item("positions", 0, [1, 0, 0]), "positions[0]"),
    ("positions_short", setter("positions", [[0, 0]]), "positions: 1 entries"),
    ("reached_far_int", setter("reached_far", [1, 0]), "reached_far[0]: 1"),
    ("stock_negative", item("stocks", 0, [-1, 12, 6]), "stocks[0][0]: -1"),
    ("stock_too_big", item("stocks", 0, [13, 12, 6]), "stocks[0][0]: 13"),
    ("walls_do_not_add_up", extra_wall, "stocks: 25 walls of length 1"),
    ("wall_off_board", item("placed", 0, {"o": "h", "x": 8, "y": 3, "len": 3}),
     "placed[0]: the triple wall"),
    ("wall_on_border", item("placed", 0, {"o": "h", "x": 0, "y": 0, "len": 1}), "placed[0]"),
    ("wall_bad_orientation", item("placed", 0, {"o": "d", "x": 1, "y": 1, "len": 1}),
     "placed[0].o: 'd'"),
    ("wall_length_four", item("placed", 0, {"o": "h", "x": 1, "y": 1, "len": 4}),
     "placed[0].len: 4"),
    ("wall_missing_key", item("placed", 0, {"o": "h", "x": 1, "y": 1}), "placed[0]"),
    ("walls_overlap", overlapping, "lies on another wall"),
    ("walls_cross", crossing, "would cross"),
    ("corner_walled_in", walled_in, "placed[0]"),
    ("current_out_of_range", setter("current", 2), "current: 2"),
    ("winner_out_of_range", setter("winner", 7), "winner: 7"),
    ("winner_not_home", lambda d: d.update(winner=0, phase="over", current=0), "winner"),
    ("over_without_winner", setter("phase", "over"), "winner: None in phase 'over'"),
    ("phase_unknown", setter("phase", "dance"), "phase: 'dance'"),
    ("roll_seven", setter("roll", 7), "roll: 7"),
    ("roll_inf", setter("roll", float("inf")), "roll: inf"),
    ("roll_missing_in_move", lambda d: d.update(phase="move", roll=None), "roll: null"),
    ("extra_turns_many", setter("extra_turns", 9), "extra_turns: 9"),
    ("contenders_after_opening", setter("contenders", [0, 1]), "contenders"),
    ("opening_after_walls", setter("phase", "opening"), "positions"),
    ("board_bad", lambda d: d["board"].update(size=3), "size: 3"),
    ("removed_text", setter("removed", ["0", 0, 0]), "removed[0]: '0'"),
]


def test_the_corpus_is_big_enough() -> None:
    assert len(CASES) >= 20


def test_the_base_state_loads_as_it_was_saved() -> None:
    assert State.from_json(copy.deepcopy(BASE)).to_json() == BASE


@pytest.mark.parametrize(("edit", "fragment"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_an_unreachable_saved_state_is_one_line(edit: Edit, fragment: str) -> None:
    message = str(refused_state(State.from_json, StateError, BASE, edit))
    assert "\n" not in message and len(message) < 500
    assert fragment in message, message


def test_a_fresh_opening_state_loads() -> None:
    fresh = State(3)
    assert State.from_json(fresh.to_json()) == fresh
    assert fresh.phase is Phase.OPENING


@pytest.mark.parametrize(
    ("data", "fragment"),
    [
        ({"type": "change", "old": {"o": "h", "x": 3, "y": 5, "len": 3}, "new": {}}, "new"),
        ({"type": "change", "old": {"o": "h", "x": 3, "y": 5, "len": 3}}, "new: missing"),
        ({"type": "roll", "value": True}, "value: True"),
        ({"type": "roll", "value": 2.0}, "value: 2.0"),
        ({"type": "move", "path": [[1, 0]], "extra": 1}, "unknown field 'extra'"),
        ({"type": "move", "path": []}, "path"),
        ({"type": "place", "wall": {"o": "h", "x": 1e300, "y": 1, "len": 1}}, "wall.x"),
        ({"type": "fly"}, "unknown action type 'fly'"),
    ],
)
def test_a_malformed_action_is_refused_not_guessed(data: dict[str, Any], fragment: str) -> None:
    with pytest.raises(ValueError, match=None) as caught:
        action_from_json(data)
    assert fragment in str(caught.value)


def test_a_change_to_null_still_removes() -> None:
    action = action_from_json(
        {"type": "change", "old": {"o": "h", "x": 3, "y": 5, "len": 3}, "new": None}
    )
    assert action.old == Wall("h", 3, 5, 3) and action.new is None  # type: ignore[union-attr]


KEYS = sorted(BASE)
JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-5, max_value=30),
    st.floats(allow_nan=True),
    st.text(max_size=4),
    st.lists(st.integers(min_value=-2, max_value=10), max_size=4),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(key=st.sampled_from([k for k in KEYS if k != "board"]), value=JUNK, index=st.integers(0, 3))
def test_a_state_loads_exactly_as_saved_or_not_at_all(key: str, value: Any, index: int) -> None:
    """Whatever one field is changed to, loading either refuses it in one line or gives a
    state that saves back to exactly the same JSON (nothing moved or wrapped silently)."""
    data = copy.deepcopy(BASE)
    target = data[key]
    if isinstance(target, list) and target:
        target[index % len(target)] = value
    else:
        data[key] = value
    try:
        state = State.from_json(data)
    except StateError as error:
        assert "\n" not in str(error)
        return
    assert state.to_json() == data
