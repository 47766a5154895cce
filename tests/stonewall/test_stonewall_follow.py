"""A computer's Stonewall turn through the real window, at a pace a person can follow: the die
tumbles, the piece slides square by square, a placed wall drops in, the computer waits for
each to be shown, and each player's last move stays marked until their next; the panel's log
reads one line per turn. Headless (no window, nothing holds the computer) the same seed plays
the same game."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from games.core import registry
from games.core.protocol import SeatKind, SessionSetup
from games.stonewall.rules import MovePiece, PlaceWall
from games.stonewall.session import StonewallSession
from games.stonewall.view import StonewallView
from games.ui.app import App
from physics.config import load_config

FRAME = 1 / 60
C = SeatKind.COMPUTER


@pytest.fixture
def app() -> Iterator[App]:
    window = App("stonewall", size=(900, 600), seed=5)
    pygame.event.clear()
    window.start_game(registry.load("stonewall"), (C, C))
    yield window
    window.close()


def watch(app: App, until: Any, limit: int = 3000) -> list[tuple[int, bool, bool]]:
    """Run frames until ``until(view)``; per computer action: (record index, the animator was
    busy when the computer acted, in the undo grace)."""
    assert app.game is not None
    view = app.game.view
    assert isinstance(view, StonewallView)
    game = view.game
    acted: list[tuple[int, bool, bool]] = []
    original = game._do

    def spy(action: Any) -> None:
        acted.append((len(game.records), view.animator.busy(), game.in_undo_grace()))
        original(action)

    game._do = spy  # type: ignore[method-assign]
    for _ in range(limit):
        app.step_frame(FRAME)
        if until(view):
            app.step_frame(FRAME)  # the view starts showing it
            break
    else:
        raise AssertionError("the computers never got there")
    return acted


def first_wall(view: StonewallView) -> bool:
    return any(isinstance(r.action, PlaceWall) for r in view.game.records)


def test_a_computer_waits_for_each_action_to_be_shown_and_marks_its_move(app: App) -> None:
    acted = watch(app, first_wall)
    assert app.game is not None
    view = app.game.view
    assert isinstance(view, StonewallView)
    game = view.game
    assert len(acted) >= 4
    assert not any(busy for _, busy, _ in acted)  # never while the last action is still shown
    # the wall just placed is still in the air, and the last move is marked: its path ...
    placed = game.records[-1].action
    assert isinstance(placed, PlaceWall)
    assert view.animator.drop_height(("wall", placed.wall)) > 0.5
    move = next(r for r in reversed(game.records) if isinstance(r.action, MovePiece))
    assert isinstance(move.action, MovePiece)
    kinds = {mark.kind: mark for mark in view.animator.marks}
    path = kinds["path"].points
    assert path[-1] == (move.action.destination.x, move.action.destination.y)
    assert len(path) == len(move.action.path) + 1
    # ... and its wall, both in the mover's name
    assert kinds["wall"].owner == move.actor == kinds["path"].owner
    screenshot = app.screen.copy()
    for _ in range(30):  # the wall lands
        app.step_frame(FRAME)
    assert view.animator.drop_height(("wall", placed.wall)) == 0.0
    assert app.screen.get_at(_wall_centre(view, placed)) != screenshot.get_at(
        _wall_centre(view, placed)
    )  # drawn where it lies once landed, not before
    # the marks stay through the other player's turn, until the mover's own next move
    mover, next_move = move.actor, len(game.records)

    def moved(by: Any) -> Any:
        return lambda v: (
            isinstance(v.game.records[-1].action, MovePiece)
            and len(v.game.records) > next_move
            and by(v.game.records[-1].actor)
        )

    watch(app, moved(lambda actor: actor != mover))
    assert any(mark.kind == "path" and mark.points == path for mark in view.animator.marks)
    assert {mark.owner for mark in view.animator.marks} == {0, 1}  # both players' moves shown
    watch(app, moved(lambda actor: actor == mover))
    assert all(mark.points != path for mark in view.animator.marks)


def _wall_centre(view: StonewallView, record_action: PlaceWall) -> tuple[int, int]:
    geo = view.geometry
    assert geo is not None
    ends = record_action.wall.points()
    (ax, ay), (bx, by) = geo.corner(ends[0]), geo.corner(ends[-1])
    return round((ax + bx) / 2), round((ay + by) / 2)


def test_a_slide_shows_the_piece_between_squares(app: App) -> None:
    watch(app, lambda v: bool(v.animator.slides))
    assert app.game is not None
    view = app.game.view
    assert isinstance(view, StonewallView)
    (key, slide), = view.animator.slides.items()
    player = key[1]
    resting = view.state.position(player)
    shown = view.animator.position(key, (float(resting.x), float(resting.y)))
    assert shown != (resting.x, resting.y)  # on its way, not yet on its square
    assert len(slide.points) >= 2


def test_the_panel_log_says_each_turn_in_one_line(app: App) -> None:
    watch(app, first_wall)
    assert app.game is not None
    view = app.game.view
    assert isinstance(view, StonewallView)
    drawn: list[str] = []
    renderer = app.renderer
    original = renderer.text

    def spy(surface: pygame.Surface, text: str, *args: Any, **kwargs: Any) -> pygame.Rect:
        drawn.append(text)
        return original(surface, text, *args, **kwargs)

    renderer.text = spy  # type: ignore[method-assign]
    view.forget_kept()  # the panel is drawn, not its kept picture
    app.step_frame(FRAME)
    last = view.game.turn_log()[-1]
    assert " moved " in last and " → " in last and " and placed a " in last
    assert any(line in last for line in drawn if len(line) > 12)


def test_headless_nothing_holds_the_computer() -> None:
    setup = SessionSetup(config=load_config(None).config, seed=5, seats=(C, C))
    session = StonewallSession(setup)
    assert session.hold is None
    for _ in range(400):
        session.tick()
    # one action per delay: nothing to wait for
    assert len(session.records) == 400 // (session.bot_delay + 1)
