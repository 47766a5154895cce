"""The three dice games' windows follow alike: with computers in every seat, a computer never
acts while the window still shows the last action (a die tumbling, a piece sliding), each
move is marked in the mover's colour until the next, and the panel's log is the session's
turn summaries (one line per turn)."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import registry
from games.core.protocol import SeatKind
from games.turnkit.turn_session import TurnBasedSession

FRAME = 1 / 60


@pytest.mark.parametrize("game_id", ["stonewall", "malloppo", "whacky"])
def test_computers_wait_for_the_animation_and_mark_their_move(make_app, game_id: str) -> None:
    app = make_app(game_id, size=(900, 560), seed=3)
    spec = registry.load(game_id)
    app.start_game(spec, (SeatKind.COMPUTER,) * spec.min_seats)
    assert app.game is not None
    view, game = app.game.view, app.game.session
    assert isinstance(game, TurnBasedSession)
    animator = view.animator  # type: ignore[attr-defined]
    assert game.hold is not None
    busy_when_acting: list[bool] = []
    original = game._do

    def spy(action: Any) -> None:
        busy_when_acting.append(animator.busy())
        original(action)

    game._do = spy  # type: ignore[method-assign]
    marked = slid = False
    for _ in range(1500):
        app.step_frame(FRAME)
        slid = slid or bool(animator.slides)
        marked = marked or any(mark.kind != "wall" for mark in animator.marks)
        if len(busy_when_acting) >= 8 and marked and slid:
            break
    assert slid and marked
    assert busy_when_acting and not any(busy_when_acting)
    assert game.turn_log() and len(game.turn_log()) < len(game.records)
    app.leave_game()
    assert game.hold is None  # a session left behind is not held by a closed window
