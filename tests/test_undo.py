"""Undo by replay: taking back the last drag gives the table exactly as it was before it."""

from __future__ import annotations

import pytest

from games.core import registry
from games.core.protocol import InputEvent, SessionSetup
from games.runs.headless import drive
from games.runs.undo import NothingToUndo, take_back_last_drag
from physics.config import load_config


def drag(frame: int, start: tuple[float, float], end: tuple[float, float]) -> list[InputEvent]:
    return [
        InputEvent(frame, "grab", *start),
        InputEvent(frame + 30, "move", *end),
        InputEvent(frame + 90, "release", *end),
    ]


def test_taking_back_the_last_drag_restores_the_table_bit_for_bit() -> None:
    spec = registry.load("freeplay")
    session = spec.new_session(SessionSetup(load_config().config, seed=4))
    loose = session.world.pieces["loose0"]
    first = drag(30, tuple(loose.body.position), (60.0, 40.0))
    cylinder = session.world.pieces["cylinder0"]
    second = drag(300, tuple(cylinder.body.position), (0.0, 140.0))
    drive(session, 600, first + second, stop_at_outcome=False)

    before_second = spec.new_session(SessionSetup(load_config().config, seed=4))
    drive(before_second, 300, first, stop_at_outcome=False)

    rewound = take_back_last_drag(spec, session)
    assert rewound.frame == 300
    assert rewound.digest() == before_second.digest()
    moved = rewound.world.pieces["cylinder0"].body.position
    assert moved == before_second.world.pieces["cylinder0"].body.position
    assert rewound.world.pieces["loose0"].body.position.x == pytest.approx(60.0, abs=8.0)
    assert [event.action for event in rewound.recorded] == ["grab", "move", "release"]


def test_nothing_to_take_back_before_the_first_drag() -> None:
    spec = registry.load("freeplay")
    session = spec.new_session(SessionSetup(load_config().config, seed=1))
    with pytest.raises(NothingToUndo, match="nothing to undo"):
        take_back_last_drag(spec, session)
