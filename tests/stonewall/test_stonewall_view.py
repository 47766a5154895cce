"""The Stonewall window through the real app loop (SDL dummy driver, real pygame events):
roll, click a highlighted destination, drag a wall onto the guide lines, and check the rules
state changed as the rules say; a refused wall drop changes nothing."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import pygame
import pytest

from games.core import registry
from games.core.protocol import SeatKind
from games.stonewall.board import Wall
from games.stonewall.rules import Phase, Roll
from games.stonewall.view import StonewallView
from games.ui.app import MIN_SIZE, App
from tests.dice_window import click, drawn_outside, frames, open_game, post, view_of


def drag(app: App, start: Sequence[float], end: Sequence[float], steps: int = 6) -> None:
    a = (round(start[0]), round(start[1]))
    post(pygame.MOUSEBUTTONDOWN, pos=a, button=1)
    frames(app)
    for i in range(1, steps + 1):
        t = i / steps
        point = (round(a[0] + (end[0] - a[0]) * t), round(a[1] + (end[1] - a[1]) * t))
        post(pygame.MOUSEMOTION, pos=point, rel=(1, 1), buttons=(1, 0, 0))
        frames(app)
    post(pygame.MOUSEBUTTONUP, pos=(round(end[0]), round(end[1])), button=1)
    frames(app)


@pytest.fixture
def app() -> Iterator[App]:
    window = open_game("stonewall", (1100, 700), seed=11)
    yield window
    window.close()


def wall_pixel(view: StonewallView, wall: Wall) -> tuple[float, float]:
    """Where to drop a dragged wall so it snaps onto ``wall``'s guide line."""
    geo = view.geometry
    assert geo is not None
    x, y = geo.corner((wall.x, wall.y))
    if wall.orientation == "h":
        return x + geo.cell * wall.length / 2, y
    return x, y + geo.cell * wall.length / 2


def test_roll_move_and_place_a_wall_through_the_window(app: App) -> None:
    view = view_of(app, StonewallView)
    state = view.state
    for _ in range(20):  # opening rolls, by clicking the die
        if state.phase is Phase.ROLL:
            break
        click(app, view.die_rect.center)
    assert state.phase is Phase.ROLL
    mover = state.current
    click(app, view.buttons["roll"].center)
    assert state.phase is Phase.MOVE and state.roll is not None
    target = state.legal_moves()[0].destination
    assert view.geometry is not None
    click(app, view.geometry.cell_center(target))
    assert state.position(mover) == target and state.phase is Phase.WALL

    # an illegal drop (on a permanent corner wall) is refused and changes nothing
    before = state.to_json()
    drag(app, view.stock_rects[1].center, wall_pixel(view, Wall("h", 1, 1, 1)))
    assert state.to_json() == before
    notice = app.current_notice()
    assert notice is not None and "permanent wall" in notice[0]

    wall = Wall("h", 3, 5, 2)
    assert state.wall_problem(wall) is None
    stock = state.stocks[mover][1]
    drag(app, view.stock_rects[2].center, wall_pixel(view, wall))
    assert wall in state.placed
    assert state.stocks[mover][1] == stock - 1
    assert state.phase is Phase.ROLL  # the turn is over (the next roll, or a four's extra one)

    click(app, view.buttons["undo"].center)
    assert wall not in state.placed and state.phase is Phase.WALL


def test_rotating_with_r_places_a_vertical_wall(app: App) -> None:
    view = view_of(app, StonewallView)
    state = view.state
    while state.phase is not Phase.ROLL:
        click(app, view.die_rect.center)
    click(app, view.die_rect.center)
    click(app, view.geometry.cell_center(state.legal_moves()[0].destination))  # type: ignore[union-attr]
    post(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r", scancode=0)
    frames(app)
    wall = Wall("v", 5, 2, 3)
    drag(app, view.stock_rects[3].center, wall_pixel(view, wall))
    assert wall in state.placed


def test_pass_button_skips_the_wall(app: App) -> None:
    view = view_of(app, StonewallView)
    state = view.state
    while state.phase is not Phase.ROLL:
        click(app, view.die_rect.center)
    click(app, view.die_rect.center)
    click(app, view.geometry.cell_center(state.legal_moves()[0].destination))  # type: ignore[union-attr]
    stock = list(state.stocks[state.current])
    mover = state.current
    click(app, view.buttons["pass"].center)
    assert state.phase is Phase.ROLL and state.placed == [] and state.stocks[mover] == stock


def test_change_a_wall_by_dragging_it_off_the_board(app: App) -> None:
    view = view_of(app, StonewallView)
    state = view.state
    while state.phase is not Phase.ROLL:
        click(app, view.die_rect.center)
    wall = Wall("v", 4, 2, 2)
    state._put_wall(wall)
    state.stocks[state.current][1] -= 1
    corner = state.board.square(state.far_corner(state.current))
    state.phase, state.roll = Phase.MOVE, 2
    for square in range(state.board.square_count):  # a square two steps from the corner
        state.positions[state.current] = square
        if any(m.destination == corner for m in state.legal_moves()):
            break
    assert view.geometry is not None
    click(app, view.geometry.cell_center(corner))
    assert state.phase is Phase.CHANGE
    drag(app, wall_pixel(view, wall), (app.play_rect.right - 5, app.play_rect.bottom - 5))
    assert wall not in state.placed and state.removed == [0, 1, 0]
    assert state.wall_total() == 60


@pytest.mark.parametrize("size", [(1280, 800), (960, 600), (800, 500), MIN_SIZE])
def test_panel_text_and_buttons_stay_inside_the_panel(size: tuple[int, int]) -> None:
    window = App("stonewall", size=size, seed=3)
    try:
        window.start_game(registry.load("stonewall"), (SeatKind.HUMAN,) * 4)
        frames(window)
        view = view_of(window, StonewallView)
        state = view.state
        while state.phase is not Phase.ROLL:
            click(window, view.die_rect.center)
        click(window, view.buttons["roll"].center)  # the long move hint is showing now
        panel = view.panel_rect()
        assert window.play_rect.contains(panel)
        inner = panel.inflate(-8, -8)
        for rect in [view.die_rect, *view.buttons.values(), *view.stock_rects.values()]:
            assert inner.contains(rect), (rect, panel)
        renderer = window.renderer
        width = panel.width - 2 * 14
        bold = renderer.font(view.spacing.headline, bold=True)  # smaller in a small window
        assert all(bold.size(line)[0] <= width - 30 for line in view.headline_lines)
        hint = renderer.wrap(view.hint(), width, 14)
        assert len(hint) > 1 and all(renderer.font(14).size(line)[0] <= width for line in hint)
        assert not drawn_outside(view, window), "panel drawing spills past the panel"
        geo = view.geometry
        assert geo is not None
        frame = geo.rect.inflate(round(geo.cell * 0.5), round(geo.cell * 0.5))
        assert window.play_rect.contains(frame) and frame.right < panel.left
    finally:
        window.close()


def test_undo_after_handing_the_turn_to_a_computer_through_the_window() -> None:
    window = App("stonewall", size=(1100, 700), seed=4)
    try:
        window.start_game(registry.load("stonewall"), (SeatKind.HUMAN, SeatKind.COMPUTER))
        frames(window)
        view = view_of(window, StonewallView)
        state, game = view.state, view.game
        for _ in range(600):  # the opening: click the die when it is red's roll
            if state.phase is Phase.ROLL and state.current == 0:
                break
            if game.human_to_act():
                click(window, view.die_rect.center)
            frames(window)
        game.chance.force(3)
        click(window, view.buttons["roll"].center)
        assert view.geometry is not None
        click(window, view.geometry.cell_center(state.legal_moves()[0].destination))
        click(window, view.buttons["pass"].center)
        assert state.current == 1 and game.in_undo_grace()
        for _ in range(4):  # a second: three times a computer's usual pause
            window.step_frame(0.25)
        assert state.current == 1 and state.phase is Phase.ROLL
        assert "Undo still possible" in view.cue()[0]
        click(window, view.buttons["undo"].center)
        assert state.current == 0 and state.phase is Phase.WALL
        click(window, view.buttons["pass"].center)
        passed = len(game.records)
        for _ in range(9):  # past the grace of 1.75 s
            window.step_frame(0.25)
        blue_roll = game.records[passed]  # after the grace blue rolled, ending the undo chance
        assert blue_roll.actor == 1 and isinstance(blue_roll.action, Roll)
        assert not game.in_undo_grace()
    finally:
        window.close()
