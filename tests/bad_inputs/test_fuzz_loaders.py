"""Fuzzing the saved-state loaders with real states: every edit is refused in one line or plays on.

For each turn engine (Animal upon Animal, Stonewall, Dammi il malloppo, Whacky Wit) the states
of seeded random games are saved with ``to_json`` and edited at random, one edit at a time: a
number changed, a key dropped, two list entries swapped, an entry duplicated (a piece in two
places), the phase changed, a value of the wrong type. Loading the edited data must either
raise the engine's own one-line state error, or give a state that plays on: ``legal_actions``
answers, a legal action (or a roll) can be pushed, and ``to_json`` loads back to itself. Never
another exception, and the data given is never changed.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from games.animals import rules as animals
from games.core.rng import Chance
from games.malloppo import rules as malloppo
from games.stonewall import rules as stonewall
from games.whacky import rules as whacky
from tests.bad_inputs.engines import ENGINES, Engine

PHASES = {
    "animals": [p.value for p in animals.Phase],
    "stonewall": [p.value for p in stonewall.Phase],
    "malloppo": [p.value for p in malloppo.Phase],
    "whacky": [p.value for p in whacky.Phase],
}
EDITS_PER_GAME = 120
WRONG_TYPES: list[Any] = [None, True, 1.5, "3", [], {}, -1, 10**20, float("nan")]


def places(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into the JSON tree (keys and list indexes), the board's insides left out."""
    found = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            if path == () and key == "board":
                found.append((key,))
                continue
            found.extend(places(value, (*path, key)))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found.extend(places(value, (*path, index)))
    return found


def at(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        data = data[step]
    return data


def edit(data: dict[str, Any], game: str, rng: random.Random) -> str:
    """Change ``data`` in place by one random edit; say which."""
    kind = rng.choice(["number", "drop", "swap", "duplicate", "phase", "type"])
    if kind == "phase":
        data["phase"] = rng.choice(PHASES[game])
        return f"phase = {data['phase']}"
    path = rng.choice(places(data)[1:])
    parent, last = at(data, path[:-1]), path[-1]
    value = parent[last]
    if kind == "number" and isinstance(value, int) and not isinstance(value, bool):
        parent[last] = value + rng.choice([-2, -1, 1, 2, 7])
    elif kind == "drop":
        del parent[last]
    elif kind in ("swap", "duplicate") and isinstance(value, list) and value:
        i, j = rng.randrange(len(value)), rng.randrange(len(value))
        if kind == "swap":
            value[i], value[j] = value[j], value[i]
        else:
            value.insert(j, copy.deepcopy(value[i]))
    else:
        kind = "type"
        parent[last] = rng.choice(WRONG_TYPES)
    return f"{kind} at {'.'.join(map(str, path))}"


def plays_on(engine: Engine, state: Any, seed: int) -> None:
    engine.legal(state)
    saved = json.loads(json.dumps(state.to_json()))
    assert json.loads(json.dumps(engine.load(copy.deepcopy(saved)).to_json())) == saved
    if not engine.over(state):
        engine.step(state, random.Random(seed), Chance(seed))
        engine.legal(state)
        again = json.loads(json.dumps(state.to_json()))
        assert json.loads(json.dumps(engine.load(again).to_json())) == again


@pytest.mark.parametrize("game", list(ENGINES))
def test_an_edited_save_is_refused_in_one_line_or_plays_on(game: str) -> None:
    engine = ENGINES[game]
    states = [s for seed in range(3) for s in engine.played(seed, 50)[::4]]
    bases = [json.loads(json.dumps(s.to_json())) for s in states]
    rng = random.Random(f"fuzz {game}")
    outcomes = {"refused": 0, "loaded": 0}
    for number in range(EDITS_PER_GAME):
        data = copy.deepcopy(rng.choice(bases))
        what = edit(data, game, rng)
        kept = copy.deepcopy(data)
        try:
            state = engine.load(data)
        except engine.state_error as error:
            message = str(error)
            assert message.isprintable() and 0 < len(message) < 700, (what, message)
            outcomes["refused"] += 1
        else:
            plays_on(engine, state, number)
            outcomes["loaded"] += 1
        assert json.dumps(data, sort_keys=True) == json.dumps(kept, sort_keys=True), what
    assert outcomes["refused"] > EDITS_PER_GAME // 3, outcomes


def test_whacky_refuses_no_rolls_left_in_the_accident_phase() -> None:
    engine = ENGINES["whacky"]
    for seed in (1, 3, 5):
        for state in engine.played(seed, 200):
            if state.phase is whacky.Phase.ACCIDENT:
                data = json.loads(json.dumps(state.to_json()))
                assert data["rolls_left"] >= 1
                data["rolls_left"] = 0
                with pytest.raises(whacky.StateError):
                    engine.load(data)
                return
    raise AssertionError("no accident phase reached")
