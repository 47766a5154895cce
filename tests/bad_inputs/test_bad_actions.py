"""An action with a value of the wrong type (a bool, a float, a string where a whole number or
a square belongs) is refused by ``push`` with the engine's own one-line ``IllegalMove`` naming
the field and what is allowed, in every phase, and the state is left as it was.

Actions come from saves, scripts and network messages, not only from ``legal_actions()``: a
roll of 2.5 must not be accepted and break the next ``legal_actions()``.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from games.core.rng import Chance
from games.turnkit.grid import Square
from tests.bad_inputs.engines import ENGINES


def spoiled(value: Any) -> Iterator[Any]:
    """Values of the wrong type in place of ``value``."""
    if isinstance(value, bool):
        return
    if isinstance(value, Square):
        yield (float(value.x), value.y)
        yield (str(value), value.y)
        yield [value.x, value.y]
    elif isinstance(value, int):
        yield from (True, float(value), str(value), None, value + 0.5)
    elif isinstance(value, str):
        yield from (3, None, value.encode())
    elif isinstance(value, tuple) and value:
        yield list(value)
        for bad in spoiled(value[-1]):
            yield (*value[:-1], bad)


def spoilt_actions(action: Any) -> Iterator[tuple[str, Any]]:
    """(field name, ``action`` with that field made the wrong type), nested walls included."""
    if not dataclasses.is_dataclass(action):
        return
    for field in dataclasses.fields(action):
        value = getattr(action, field.name)
        label = f"{type(action).__name__}.{field.name}"
        if dataclasses.is_dataclass(value):
            for inner, bad in spoilt_actions(value):
                yield inner, dataclasses.replace(action, **{field.name: bad})  # type: ignore[misc]
            continue
        for bad in spoiled(value):
            yield label, dataclasses.replace(action, **{field.name: bad})  # type: ignore[misc]


@pytest.mark.parametrize("name", list(ENGINES))
def test_an_action_of_the_wrong_type_is_refused_in_one_line(name: str) -> None:
    engine = ENGINES[name]
    checked: set[str] = set()
    for seed in range(2):
        for state in engine.played(seed, 40):
            if engine.over(state):
                continue
            before = json.dumps(state.to_json())
            legal = engine.legal(state)
            for action in legal[:: max(1, len(legal) // 4)]:
                for label, bad in spoilt_actions(action):
                    if repr(bad) == repr(action):  # made whole again (sorted into a tuple)
                        continue
                    with pytest.raises(engine.move_error) as caught:
                        state.push(bad)
                    message = str(caught.value)
                    assert message.startswith(f"{label}: ") and "allowed: " in message, message
                    assert message.isprintable() and len(message) < 300, message
                    assert json.dumps(state.to_json()) == before
                    checked.add(label)
            engine.legal(state)  # still answers
    # every action class with a number or a name in it was tried
    expected = {
        "animals": {"Draw.piece", "Insert.at", "Roll.value"},
        "stonewall": {"Roll.value", "MovePiece.path"},
        "malloppo": {"Roll.value", "Turn.hand", "Turn.to"},
        "whacky": {"Roll.value", "Move.piece", "Move.path"},
    }[name]
    assert expected <= checked, sorted(checked)


@pytest.mark.parametrize(
    ("name", "labels"),
    [
        ("whacky", {"Accident.index", "MonsterRoll.value", "MonsterRoll.monster"}),
        ("stonewall", {"Wall.x", "Wall.y", "Wall.length", "Wall.orientation"}),
        ("malloppo", {"Turn.pay", "Turn.steals"}),
    ],
)
def test_a_roll_or_index_of_the_wrong_type_is_refused_in_its_own_phase(
    name: str, labels: set[str]
) -> None:
    """The phase where each value matters: Whacky's accident index and monster roll,
    Stonewall's wall (x, y, length), Dammi il malloppo's paying hand and coins taken."""
    engine = ENGINES[name]
    seen: set[str] = set()
    for seed in (1, 3, 5, 7):
        state, rng, chance = engine.new(seed), random.Random(seed), Chance(seed)
        for _ in range(300):
            if engine.over(state) or labels <= seen:
                break
            for action in engine.legal(state)[:3]:
                for label, bad in spoilt_actions(action):
                    if label in seen or repr(bad) == repr(action):
                        continue
                    before = json.dumps(state.to_json())
                    with pytest.raises(engine.move_error, match=f"^{label}: "):
                        state.push(bad)
                    assert json.dumps(state.to_json()) == before
                    seen.add(label)
            engine.step(state, rng, chance)
    assert labels <= seen, seen
