"""A game at rest costs next to no CPU (games/ui/rest.py): once nothing moves and nobody is to
act but a human, the window draws its picture once, then neither draws nor flips and its loop
waits for input; a real mouse event wakes it and the frame is drawn at once. The session is
still ticked for every real second, so a game played with rests reaches the same state."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from games.core import registry
from games.core.protocol import SeatKind
from games.ui import rest

SETTLE_FRAMES = 60 * 60  # a bound (a minute of game time at 60 Hz), not a time the test waits


def settle(app: Any) -> None:
    """Run frames until the game is at rest; fail if it never is within the bound."""
    for _ in range(SETTLE_FRAMES):
        app.step_frame(1 / 60)
        if app.idle:
            return
    pytest.fail(f"{app.game.spec.id} never came to rest with every seat human")


def count_flips(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    flips: list[int] = []
    real_flip = pygame.display.flip
    monkeypatch.setattr(pygame.display, "flip", lambda: (flips.append(1), real_flip())[1])
    return flips


@pytest.mark.parametrize("game_id", registry.available())
def test_a_game_at_rest_draws_nothing_and_wakes_on_a_mouse_move(
    game_id: str, make_app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    spec = registry.load(game_id)
    app = make_app(game_id, seats=(SeatKind.HUMAN,) * spec.min_seats)
    settle(app)
    flips = count_flips(monkeypatch)
    drawn: list[int] = []
    real_draw = app.game.view.draw
    monkeypatch.setattr(app.game.view, "draw", lambda *a: (drawn.append(1), real_draw(*a))[1])
    frame = app.game.session.frame
    for _ in range(30):
        app.step_frame(1 / 60)
    assert flips == [] and drawn == [] and app.idle  # half a second at rest: nothing drawn
    # ...but the game's clock ran on as in any frame (120 fixed frames a second of play)
    assert app.game.session.frame - frame == round(0.5 / app.game.session.frame_seconds)

    sleeps: list[int] = []  # the loop's sleeps while it waits for input
    real_sleep = pygame.time.wait
    monkeypatch.setattr(pygame.time, "wait", lambda ms: (sleeps.append(ms), real_sleep(ms))[1])
    app.step_frame()  # the real loop's frame: it waits for input, at most REST_WAIT_SECONDS
    assert sum(sleeps) >= round(rest.REST_WAIT_SECONDS * 1000)  # slept the whole wait
    assert flips == [] and app.idle
    sleeps.clear()
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(40, 200), rel=(2, 2), buttons=(0, 0, 0))
    )
    app.step_frame()
    assert sleeps == []  # the queued mouse move ended the wait before any sleep...
    assert flips == [1] and drawn == [1] and not app.idle  # ...and the frame was drawn


def test_a_computer_to_act_keeps_the_window_awake(make_app: Any) -> None:
    app = make_app("stonewall", seats=(SeatKind.COMPUTER, SeatKind.COMPUTER))
    for _ in range(120):
        app.step_frame(1 / 60)
        assert not app.idle  # the computers play on: every frame is drawn


def test_resting_changes_nothing_in_the_game(make_app: Any, ui: Any) -> None:
    """The same drag in Free play, in a window that rests and in one that never does, ends
    in the same state at the same frame (digest)."""
    results = []
    for allow_rest in (True, False):
        app = make_app("freeplay", seed=3)
        if not allow_rest:
            app.rest.unchanged = lambda game: False
        ui.run(app, 4.0)
        assert app.idle is allow_rest  # the table came to rest (only the first one rests)
        session = app.game.session
        piece = session.world.dynamic_pieces()[0]
        start = app.game.view.camera.to_screen(tuple(piece.body.position))
        ui.drag(app, [start, (start[0] + 40, start[1] - 60)])
        ui.run(app, 8.0)
        assert app.idle is allow_rest  # at rest again after the drag
        results.append((session.frame, session.digest()))
    assert results[0] == results[1]
