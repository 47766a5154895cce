"""Wallamoppi against the computer, as a newcomer plays it: real pygame events (SDL dummy).

- a plain left-drag on a disk you may not take is refused with the reason, and nothing moves;
  a nudge is the deliberate right-drag (or Shift-drag), shown as one while held, and gentle;
- the computer counts in before it releases the marble; Space starts it at once (not pause);
- the marble is caught with Space or a click anywhere on its panel;
- the computer's hand is chosen in the menu with the words of ``--skill``;
- a nudged disk that comes to lie on the tower is put back on the table, with a message.
"""

from __future__ import annotations

import itertools
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

from collections.abc import Callable, Sequence
from typing import Any

import pygame
import pytest

from games.core import registry
from games.core.protocol import SeatKind
from games.core.skill import SKILLS
from games.ui import overlays
from games.ui.app import App
from games.wallamoppi.rules import DARK, LIGHT
from games.wallamoppi.session import WallamoppiSession
from games.wallamoppi.view import WallamoppiView
from tests.table_window import screen
from tests.wallamoppi.helpers import human_session, own_wall_disk, run, send, stack_turn

FRAME = 1 / 60


def start(make_app: Callable[..., Any], *seats: SeatKind) -> tuple[App, WallamoppiSession, Any]:
    app = make_app()
    app.start_game(registry.load("wallamoppi"), seats, {"wall": "auto"})
    session, view = app.session, app.game.view
    assert isinstance(session, WallamoppiSession) and isinstance(view, WallamoppiView)
    return app, session, view


def drag(app: App, path: Sequence[tuple[int, int]], button: int, hold_frames: int = 30) -> None:
    """Press ``button`` at path[0], move a frame apart, hold, release at the end."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=path[0], button=button))
    app.step_frame(FRAME)
    buttons = (1, 0, 0) if button == 1 else (0, 0, 1)
    for previous, point in itertools.pairwise(path):
        rel = (point[0] - previous[0], point[1] - previous[1])
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=rel, buttons=buttons)
        )
        app.step_frame(FRAME)
    for _ in range(hold_frames):
        app.step_frame(FRAME)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=path[-1], button=button))
    app.step_frame(FRAME)


def dark_on_turn(
    make_app: Callable[..., Any], ui: Any
) -> tuple[App, WallamoppiSession, WallamoppiView]:
    """Two people at the table, half a second in; light clicks the panel's button to release
    the marble for dark: dark's timer runs."""
    app, session, view = start(make_app, SeatKind.HUMAN, SeatKind.HUMAN)
    ui.run(app, 0.5)
    view.refit()
    ui.click(app, view.button.center)
    return app, session, view


def positions(session: WallamoppiSession) -> dict[str, tuple[float, float]]:
    return {n: (p.body.position.x, p.body.position.y) for n, p in session.scene.disks.items()}


def notice(app: App) -> str:
    return (app.current_notice() or ("",))[0]


def bottom_disk(session: WallamoppiSession, colour: str) -> str:
    """A bottom-row wall disk of ``colour`` nearest the middle (it carries the most)."""
    scene = session.scene
    names = [n for n, s in scene.slots.items() if s.row == 0 and colour in scene.disks[n].tags]
    return min(names, key=lambda n: abs(scene.slots[n].index - 3.5))


def test_a_left_drag_on_a_disk_you_may_not_take_is_refused_and_nothing_moves(
    make_app: Callable[..., Any], ui: Any
) -> None:
    app, session, view = dark_on_turn(make_app, ui)
    assert session.rules.turn.timer_running and session.rules.turn.seat == DARK
    light = bottom_disk(session, LIGHT)
    before = positions(session)
    x, y = screen(view, before[light])
    drag(app, [(x, y), (x, y - 5), (x, y - 10)], button=1)  # the 10-pixel slip
    assert "light disk; you take only dark disks" in notice(app)
    assert "right-drag or Shift-drag" in notice(app)
    assert session.hand.held is None and session.rules.last_toucher != DARK
    after = positions(session)
    assert all(abs(after[n][0] - before[n][0]) < 0.05 for n in before)
    assert all(abs(after[n][1] - before[n][1]) < 0.05 for n in before)
    assert session.outcome is None


def test_a_right_drag_nudges_gently_and_shows_it_cannot_heave_the_wall(
    make_app: Callable[..., Any], ui: Any
) -> None:
    app, session, view = dark_on_turn(make_app, ui)
    light = bottom_disk(session, LIGHT)
    x, y = screen(view, session.scene.disks[light].body.position)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=3))
    app.step_frame(FRAME)
    for step in range(1, 21):  # a hard heave: 100 px up, then held there
        pos = (x, y - 5 * step)
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, -5), buttons=(0, 0, 1))
        )
        app.step_frame(FRAME)
    assert session.hand.held is session.scene.disks[light]
    assert session.nudging == light  # the view draws "nudge (gentle)" and its force gauge
    assert session.hand.push_share() > 0.9  # the gentle hand pushes at its limit, no harder
    ui.run(app, 0.5)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y - 100), button=3))
    app.step_frame(FRAME)
    ui.run(app, 2.0)
    assert session.outcome is None, session.fall_reason  # the tower still stands
    assert "wall" in session.scene.disks[light].tags
    assert session.rules.last_toucher == DARK and session.rules.turn.taken is None


def test_the_computer_counts_in_and_space_starts_the_marble_at_once(
    make_app: Callable[..., Any], ui: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    app, session, view = start(make_app, SeatKind.HUMAN, SeatKind.COMPUTER)
    count_in = session.setup.config.wallamoppi.count_in_seconds
    assert count_in >= 2.0
    ui.run(app, count_in - 1.0)
    left = session.count_in_left()
    assert left is not None and 0.5 < left < count_in
    assert not session.rules.turn.timer_running
    assert "releases the marble in" in view.next_step() and "Space" in view.next_step()
    assert pygame.K_SPACE in view.own_keys
    shown: list[Any] = []
    monkeypatch.setattr(overlays, "draw_top_bar", lambda *args: shown.append(args[3]))
    ui.run(app, 0.1)
    assert ("P", "pause") in shown[-1] and all(key != "P / Space" for key, _ in shown[-1])
    ui.key(app, pygame.K_SPACE)
    assert session.rules.turn.timer_running and not app.paused  # Space was the game's here


def test_the_count_in_runs_out_by_itself(make_app: Callable[..., Any], ui: Any) -> None:
    app, session, _view = start(make_app, SeatKind.HUMAN, SeatKind.COMPUTER)
    count_in = session.setup.config.wallamoppi.count_in_seconds
    ui.run(app, count_in - 0.3)
    assert not session.rules.turn.timer_running
    ui.run(app, 0.6)
    assert session.rules.turn.timer_running


def test_space_catches_the_marble_and_so_does_a_click_anywhere_on_its_panel(
    make_app: Callable[..., Any], ui: Any
) -> None:
    app, session, view = dark_on_turn(make_app, ui)
    stack_turn(session, own_wall_disk(session, DARK))
    ui.run(app, 1.0)
    assert session.rules.turn.stacked and session.rules.turn.seat == DARK
    ui.key(app, pygame.K_SPACE)
    assert session.rules.turn.seat == LIGHT and not app.paused
    assert pygame.K_SPACE not in view.own_keys  # light's timer waits: Space pauses again
    view.refit()
    ui.click(app, view.button.center)  # dark releases the marble for light
    stack_turn(session, own_wall_disk(session, LIGHT))
    ui.run(app, 1.0)
    assert session.rules.turn.stacked and session.rules.turn.seat == LIGHT
    panel = view.timer_rect()
    ui.click(app, (panel.left + 12, panel.top + 60))  # far from the marble, on its panel
    assert session.rules.turn.seat == DARK and session.outcome is None


def test_the_menu_offers_the_computers_hand_in_the_words_of_skill(
    make_app: Callable[..., Any], ui: Any
) -> None:
    app = make_app()
    ui.click(app, app.menu.entry_rect("wallamoppi").center)
    button = app.menu.skill_rect()
    assert button is not None and app.menu.choice().skill == "normal"
    ui.click(app, button.center)
    ui.click(app, button.center)
    assert app.menu.choice().skill == "easy"
    ui.click(app, app.menu.start_rect().center)
    session = app.session
    assert isinstance(session, WallamoppiSession)
    assert {bot.hand.skill for bot in session.bots.values()} == {SKILLS["shaky"]}
    ui.key(app, pygame.K_F5)  # a restart keeps the choice
    assert isinstance(app.session, WallamoppiSession)
    assert {bot.hand.skill for bot in app.session.bots.values()} == {SKILLS["shaky"]}
    ui.key(app, pygame.K_ESCAPE)
    ui.click(app, app.menu.entry_rect("stonewall").center)
    assert app.menu.skill_rect() is not None  # a board game's computers: the same words


def test_a_nudged_disk_left_on_the_tower_is_put_back_with_a_message() -> None:
    session = human_session()
    send(session, "start_timer")
    scene = session.scene
    light = own_wall_disk(session, LIGHT)  # one that leaves the wall standing
    top = scene.top()
    assert top is not None
    piece = scene.disks[light]
    seat = top.body.position.y + session.setup.config.pieces.disk_thickness
    # As if a nudge had lifted it there: it lies on the tower's top, not taken. (A wall at
    # rest is frozen, World.freeze: a hand taking hold of a disk thaws it, as a nudge would.)
    session.world.thaw()
    piece.body.position = (top.body.position.x, seat)
    piece.body.velocity = (0.0, 0.0)
    piece.body.angle = 0.0
    run(session, 0.2)
    assert session.notice is not None and "does not count" in session.notice
    assert "a nudged light disk" in session.notice and light not in session.notice
    assert "fallen" in piece.tags and piece.body.position.y < 10.0
    assert light not in session.rules.tower and session.outcome is None


def test_a_game_cut_short_with_ready_replays_exactly() -> None:
    from games.core.protocol import SessionSetup
    from games.runs.headless import drive
    from tests.wallamoppi.helpers import config

    def new() -> WallamoppiSession:
        seats = (SeatKind.HUMAN, SeatKind.COMPUTER)
        return WallamoppiSession(SessionSetup(config(), 2, seats, {"wall": "auto"}))

    played = new()
    run(played, 1.0)
    send(played, "ready")  # dark cuts the count-in short
    run(played, 0.5)
    assert played.rules.turn.timer_running
    replay = new()
    drive(replay, played.frame, played.recorded)
    assert [e.action for e in played.recorded] == ["ready"]
    assert replay.digest() == played.digest()
