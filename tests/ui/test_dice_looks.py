"""How the dice games look, through the real app loop (SDL dummy driver, real pygame events):
what is kept between frames draws the same pixels as a frame drawn afresh, the colour-blind
switch changes the seat colours drawn while every seat keeps its shape, and a monster that
catches Whacky is drawn over him, with the catch marked, not hidden under his token."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from games.core import registry
from games.core.protocol import SeatKind
from games.stonewall.view import WOOD, StonewallView
from games.ui.app import MIN_SIZE, App
from games.ui.canvas import TAG_COLOURS, mix
from games.ui.palette import COLOUR_BLIND, mark_ink, set_colour_blind
from games.whacky.rules import Phase
from games.whacky.view import MIN_CELL, WHACKY_YELLOW, WhackyView
from tests.dice_window import click, frames
from tests.whacky.whacky_helpers import position


@pytest.fixture(autouse=True)
def regular_palette() -> Iterator[None]:
    set_colour_blind(False)
    yield
    set_colour_blind(False)


def forget(app: App) -> None:
    """Throw away every picture the renderer and the view keep (boards, panels, layers)."""
    cache = app.renderer._cache
    cache.boards.clear()
    cache.panels.clear()
    cache.backgrounds.clear()
    assert app.game is not None
    forget_kept = getattr(app.game.view, "forget_kept", None)
    assert forget_kept is not None
    forget_kept()


@pytest.mark.parametrize("game_id", ["stonewall", "malloppo", "whacky"])
def test_a_kept_dice_frame_is_the_frame_drawn_afresh(game_id: str) -> None:
    window = App(game_id, size=(1100, 700), seed=4)
    try:
        window.start_game(registry.load(game_id), (SeatKind.COMPUTER, SeatKind.COMPUTER))
        for size in ((1100, 700), (900, 560)):
            window.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            for _ in range(3):
                frames(window, 40)  # the computers play on: dots go down, pieces move
                window._draw()
                kept = window.screen.copy()
                forget(window)
                window._draw()
                afresh = window.screen
                assert pygame.image.tobytes(kept, "RGB") == pygame.image.tobytes(afresh, "RGB")
        # a human's turn: the pointer over Roll lights it; kept or afresh, the same picture
        window.start_game(registry.load(game_id), (SeatKind.HUMAN, SeatKind.HUMAN))
        frames(window)
        assert window.game is not None
        view = window.game.view
        for lit in (True, False):
            roll = view.buttons["roll"].center  # type: ignore[attr-defined]
            pos = roll if lit else (5, window.play_rect.bottom - 5)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                                 buttons=(0, 0, 0)))
            frames(window, 2)
            window._draw()
            kept = window.screen.copy()
            forget(window)
            window._draw()
            assert pygame.image.tobytes(kept, "RGB") == \
                pygame.image.tobytes(window.screen, "RGB")
    finally:
        window.close()


def stonewall(size: tuple[int, int] = (1100, 700)) -> tuple[App, StonewallView]:
    window = App("stonewall", size=size, seed=2)
    window.start_game(registry.load("stonewall"), (SeatKind.HUMAN, SeatKind.HUMAN))
    frames(window)
    assert window.game is not None and isinstance(window.game.view, StonewallView)
    return window, window.game.view


def test_the_colour_blind_switch_changes_the_seat_colours_drawn() -> None:
    window, view = stonewall()
    try:
        board = view.state.board
        geo = view.geometry
        assert geo is not None
        red = board.corner_names.index("red")
        cell = geo.cell_rect(board.corners[red])
        spot = (cell.right - round(geo.cell * 0.15), cell.bottom - round(geo.cell * 0.15))
        if board.corners[red].x == 0:  # clear of the coordinates and the piece in the corner
            spot = (cell.centerx + round(geo.cell * 0.3), spot[1])
        frames(window)
        regular = tuple(window.screen.get_at(spot))[:3]
        set_colour_blind(True)
        frames(window)
        safe = tuple(window.screen.get_at(spot))[:3]
        assert regular == mix(WOOD, TAG_COLOURS["red"], 0.55)
        assert safe == mix(WOOD, COLOUR_BLIND["red"], 0.55)
        set_colour_blind(False)
        frames(window)
        assert tuple(window.screen.get_at(spot))[:3] == regular
    finally:
        window.close()


def ink_pixels(surface: pygame.Surface, centre: tuple[float, float], radius: float,
               ink: tuple[int, int, int]) -> int:
    x0, y0 = round(centre[0]), round(centre[1])
    r = round(radius * 0.6)
    return sum(tuple(surface.get_at((x, y)))[:3] == ink
               for x in range(x0 - r, x0 + r + 1) for y in range(y0 - r, y0 + r + 1))


@pytest.mark.parametrize("colour_blind", [False, True])
def test_every_seat_carries_its_own_shape_in_either_palette(colour_blind: bool) -> None:
    set_colour_blind(colour_blind)
    window, view = stonewall()
    try:
        frames(window)
        state, geo = view.state, view.geometry
        assert geo is not None
        counts = {}
        for player in range(state.players):
            name = state.name(player)
            centre = geo.cell_center(state.board.square(state.positions[player]))
            ink = mark_ink(view.player_colour(player))
            counts[name] = ink_pixels(window.screen, centre, geo.cell * 0.32, ink)
        assert all(count > 10 for count in counts.values()), counts
        # a triangle is about a third of a square's area: the shapes differ, not only colours
        assert counts["blue"] > 1.5 * counts["red"], counts
    finally:
        window.close()


def test_a_catching_monster_is_drawn_over_whacky_with_the_catch_marked() -> None:
    # wide enough that the maze stays large beside the winner panel (games/ui/winner.py)
    window = App("whacky", size=(1600, 900), seed=5)
    try:
        window.start_game(registry.load("whacky"), (SeatKind.HUMAN, SeatKind.HUMAN))
        frames(window)
        assert window.game is not None and isinstance(window.game.view, WhackyView)
        view = window.game.view
        # Whacky's last life on K9; the red monster two steps away on I9, to move 2
        view.game.state = position(whacky="K9", monsters={"red": "I9"}, lives=1,
                                   phase=Phase.MONSTER_MOVE, roll=2, chosen="red")
        frames(window)
        state = view.state
        red = state.board.monster_index("red")
        assert red is not None
        click(window, view.monster_pixel(red), settle=True)
        click(window, view.node_pixel(state.whacky), settle=True)
        assert state.is_over() and state.monsters[red] == state.whacky
        for _ in range(600):  # until the slide has been shown (simulated frames)
            if not view.animator.slides:
                break
            frames(window)
        frames(window)
        assert view.catch == (red, state.whacky)
        x, y = view.node_pixel(state.whacky)
        cell = view.cell
        # the monster sits up and right on Whacky, over him: its colour where it overlaps
        over = (round(x + cell * 0.3), round(y - cell * 0.3 + cell * 0.14))
        assert tuple(window.screen.get_at(over))[:3] == view.colours[red]
        assert tuple(window.screen.get_at((round(x - cell * 0.25), round(y + cell * 0.08))))[:3] \
            == WHACKY_YELLOW
        # the burst round the point in the catcher's colour
        burst = [(round(x), round(y + cell * 0.5)), (round(x - cell * 0.55), round(y))]
        assert [tuple(window.screen.get_at(p))[:3] for p in burst] == [view.colours[red]] * 2
    finally:
        window.close()


def whacky(size: tuple[int, int]) -> tuple[App, WhackyView]:
    window = App("whacky", size=size, seed=5)
    window.start_game(registry.load("whacky"), (SeatKind.HUMAN, SeatKind.HUMAN))
    frames(window)
    assert window.game is not None and isinstance(window.game.view, WhackyView)
    return window, window.game.view


def test_a_small_window_shows_whackys_maze_readable_and_a_right_drag_moves_it() -> None:
    window, view = whacky(MIN_SIZE)
    try:
        assert view.zoomed() and view.cell >= MIN_CELL
        area, _ = view.areas()
        assert area.collidepoint(view.node_pixel(view.state.whacky))
        corner = view.node_pixel(0)  # A1, top left
        before = view.state.to_json()
        start = area.center
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=3))
        frames(window)
        for step in range(1, 7):  # drag right and down: the maze follows the pointer
            pos = (start[0] + 15 * step, start[1] + 5 * step)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(15, 5),
                                                 buttons=(0, 0, 1)))
            frames(window)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=3))
        frames(window)
        moved = view.node_pixel(0)
        assert moved[0] > corner[0] and moved[1] >= corner[1]
        # never past the maze's edge: the left handle stays at or left of the area's edge
        assert moved[0] - 2.0 * view.cell <= area.left + 1
        assert view.state.to_json() == before  # a right-drag moves the view, not a piece
    finally:
        window.close()


def test_the_wheel_zooms_whackys_maze_and_back() -> None:
    window, view = whacky((1100, 700))
    try:
        fitted = view.cell
        area, _ = view.areas()
        pygame.mouse.set_pos(area.center)
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False))
        frames(window)
        assert view.cell > fitted * 1.5 and view.zoomed()
        assert area.collidepoint(view.node_pixel(view.state.whacky))
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-5, flipped=False))
        frames(window)
        assert view.cell == fitted and not view.zoomed()
    finally:
        window.close()


@pytest.mark.parametrize("game_id", ["stonewall", "malloppo", "whacky"])
def test_status_lines_fit_half_the_status_bar_at_1280(game_id: str) -> None:
    """Every status line of a whole computer game fits half of a 1280-wide status bar at
    its type size, leaving the other half to a notice: none is cut with "…"."""
    window = App(game_id, size=(1280, 800), seed=6)
    try:
        window.start_game(registry.load(game_id), (SeatKind.COMPUTER, SeatKind.COMPUTER))
        assert window.game is not None
        view = window.game.view
        font = window.renderer.font(17)
        seen = set()
        for _ in range(200):
            seen.add(view.status())
            if window.game.session.outcome is not None:
                break
            window.step_frame(0.4)
        seen.add(view.status())
        assert len(seen) > 5
        too_long = [s for s in seen if font.size(s)[0] > (1280 - 32) / 2]
        assert not too_long
    finally:
        window.close()


@pytest.mark.parametrize("game_id", ["stonewall", "malloppo", "whacky"])
def test_a_large_window_draws_a_wider_panel_in_larger_type(game_id: str) -> None:
    widths = {}
    for size in ((1280, 800), (1920, 1080)):
        window = App(game_id, size=size, seed=3)
        try:
            window.start_game(registry.load(game_id), (SeatKind.HUMAN, SeatKind.HUMAN))
            frames(window)
            assert window.game is not None
            view = window.game.view
            panel = view.panel_rect()  # type: ignore[attr-defined]
            buttons = view.buttons.values()  # type: ignore[attr-defined]
            assert all(panel.contains(rect) for rect in buttons)
            widths[size] = (panel.width, view.ts(14), buttons)  # type: ignore[attr-defined]
        finally:
            window.close()
    small, large = widths[(1280, 800)], widths[(1920, 1080)]
    assert small[1] == 14 and large[1] >= 18  # the panel's type grows with the window
    assert large[0] > small[0] * 1.3
    assert min(r.height for r in large[2]) > min(r.height for r in small[2])


def test_stonewalls_legend_says_the_winner_is_home_not_heading_there() -> None:
    from games.stonewall import panel
    from games.stonewall.rules import Phase as StonewallPhase
    window, view = stonewall()
    try:
        state = view.state
        state.reached_far[0] = True
        state.positions[0] = state.goal(0)
        state.winner, state.phase = 0, StonewallPhase.OVER
        frames(window)
        rows = panel.player_rows(view, window.renderer, 400, 13)
        red, blue = (" ".join(lines) for _, lines in rows)
        assert "home: won" in red and "heading" not in red
        assert "to far corner" in blue
    finally:
        window.close()


def test_whacky_running_into_a_monster_is_shown_as_a_catch() -> None:
    window, view = whacky((1100, 700))
    try:
        view.game.state = position(whacky="K9", monsters={"red": "M9"}, lives=2,
                                   phase=Phase.WHACKY_MOVE, roll=2)
        frames(window)
        state = view.state
        target = state.board.node("M9")
        assert target is not None and target in view.options()
        click(window, view.node_pixel(target), settle=True)
        assert state.lives == 1 and state.whacky == state.board.start
        red = state.board.monster_index("red")
        assert view.catch == (red, target)
        for _ in range(600):  # until the slide has been shown (simulated frames)
            if not view.animator.slides:
                break
            frames(window)
        frames(window)
        x, y = view.node_pixel(target)
        below = (round(x), round(y + view.cell * 0.5))  # the burst, in red's colour
        assert tuple(window.screen.get_at(below))[:3] == view.colours[red or 0]
    finally:
        window.close()
