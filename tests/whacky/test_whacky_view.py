"""The Whacky Wit window through the real app loop (SDL dummy driver, real pygame events):
roll by clicking, move Whacky by clicking a reachable dot and by arrow keys, and as the
monsters' player click the chosen monster and then its destination; the rules state changes
as the rules say, and a refused click changes nothing."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import pygame
import pytest

from games.core import registry
from games.core.protocol import SeatKind
from games.ui.app import MIN_SIZE, App
from games.whacky.rules import Phase
from games.whacky.view import MIN_CELL, WhackyView
from tests import dice_window
from tests.dice_window import frames, open_game, post, view_of


def click(app: App, pos: Sequence[float]) -> None:
    """Here the pointer rests a frame before each click (the hover path is drawn first)."""
    dice_window.click(app, pos, settle=True)


def key(app: App, code: int) -> None:
    post(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)
    frames(app)


@pytest.fixture
def app() -> Iterator[App]:
    window = open_game("whacky", (1100, 700), seed=5)
    yield window
    window.close()


def dot(view: WhackyView, label: str) -> tuple[float, float]:
    node = view.state.board.node(label)
    assert node is not None
    return view.node_pixel(node)


def test_whacky_moves_by_clicking_a_reachable_dot_and_by_arrow_keys(app: App) -> None:
    view = view_of(app, WhackyView)
    state, game = view.state, view.game
    game.chance.force(2, 1)  # Whacky's die: 3, then 2
    click(app, view.buttons["roll"].center)
    assert state.phase is Phase.WHACKY_MOVE and state.roll == 3
    # hovering a ringed dot shows the path; clicking it moves along that path
    post(pygame.MOUSEMOTION, pos=tuple(round(v) for v in dot(view, "M9")), rel=(0, 0),
         buttons=(0, 0, 0))
    frames(app)
    assert view.hover == state.board.node("M9")
    click(app, dot(view, "M9"))
    assert state.label(state.whacky) == "M9"
    assert not any(state.is_up(state.board.node(p) or 0) for p in ("K9", "L9", "M9"))
    # a dot out of reach is refused with a reason and changes nothing
    click(app, view.dice_rects[0].center)  # roll by clicking Whacky's die: 2
    assert state.roll == 2
    before = state.to_json()
    click(app, dot(view, "A1"))
    assert state.to_json() == before
    notice = app.current_notice()
    assert notice is not None and "A1 cannot be reached with 2" in notice[0]
    # arrow keys: a wall to the right is refused; up from M9 to M8, then M7: the move is
    # made at the roll's length
    key(app, pygame.K_RIGHT)
    notice = app.current_notice()
    assert notice is not None and "no path that way from M9" in notice[0] and not view.steps
    key(app, pygame.K_UP)
    assert state.phase is Phase.WHACKY_MOVE and view.steps == [state.board.node("M8")]
    key(app, pygame.K_UP)
    assert state.label(state.whacky) == "M7" and state.phase is Phase.MONSTER_ROLL
    assert not state.is_up(state.board.node("M8") or 0)


def test_the_monsters_player_clicks_the_chosen_monster_then_its_destination(app: App) -> None:
    view = view_of(app, WhackyView)
    state, game = view.state, view.game
    game.chance.force(0, 0)  # Whacky: 1, 1
    for _ in range(2):
        key(app, pygame.K_RETURN)  # Enter rolls
        key(app, pygame.K_RIGHT if state.label(state.whacky) == "J9" else pygame.K_LEFT)
    assert state.phase is Phase.MONSTER_ROLL
    game.chance.force(6, 4)  # the colour die: blue; the number die: 2
    click(app, view.dice_rects[1].center)
    assert state.phase is Phase.MONSTER_MOVE and state.monster_name(state.chosen or 0) == "blue"
    # clicking another monster is refused; clicking a destination first asks for the monster
    click(app, view.monster_pixel(state.board.monster_index("red") or 0))
    notice = app.current_notice()
    assert notice is not None and "chose the blue monster, not the red" in notice[0]
    click(app, dot(view, "I6"))
    assert state.phase is Phase.MONSTER_MOVE
    click(app, view.monster_pixel(state.chosen or 0))
    assert view.selected and set(view.options()) == {
        state.board.node("I6"), state.board.node("K6")}
    click(app, dot(view, "K6"))
    assert state.label(state.monsters[state.chosen or 0]) == "K6"
    assert state.phase is Phase.WHACKY_ROLL
    click(app, view.buttons["undo"].center)
    assert state.phase is Phase.MONSTER_MOVE and state.label(state.monsters[2]) == "J7"


@pytest.mark.parametrize("size", [(1280, 800), (800, 500), MIN_SIZE])
def test_board_and_panel_fit_the_window(size: tuple[int, int]) -> None:
    window = App("whacky", size=size, seed=3)
    try:
        window.start_game(registry.load("whacky"), (SeatKind.HUMAN, SeatKind.HUMAN))
        frames(window)
        view = view_of(window, WhackyView)
        board_area, panel = view.areas()
        assert window.play_rect.contains(panel)
        for rect in [*view.dice_rects, *view.buttons.values()]:
            assert panel.contains(rect), (rect, panel)
        if view.zoomed():  # the smallest window: readable points, the piece to move shown
            assert size == MIN_SIZE and view.cell >= MIN_CELL
            assert board_area.collidepoint(view.node_pixel(view.state.whacky))
            return
        for node in range(view.state.board.node_count):
            assert board_area.collidepoint(view.node_pixel(node))
    finally:
        window.close()


def test_a_computer_seat_plays_in_the_window() -> None:
    window = App("whacky", size=(1000, 640), seed=8)
    try:
        window.start_game(registry.load("whacky"), (SeatKind.COMPUTER, SeatKind.COMPUTER))
        for _ in range(40):
            window.step_frame(0.25)
        view = view_of(window, WhackyView)
        records = len(view.game.records)
        assert records > 4 and view.seen >= records - 1  # animated up to the latest frame
    finally:
        window.close()
