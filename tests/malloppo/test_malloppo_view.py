"""The Dammi il malloppo window through the real app loop (SDL dummy driver, real pygame
events): roll, click a hand, hover and click a lit destination, choose the coins to take by
clicking them, Take, undo; an odd roll's payment; refusals change nothing; the panel fits."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from malloppo_helpers import RED, position, sq

from games.core.protocol import SeatKind
from games.malloppo.rules import Phase, State
from games.malloppo.view import MalloppoView
from games.ui.app import MIN_SIZE, App
from tests.dice_window import click, drawn_outside, hover, open_game, view_of

GREEN = 1  # two players: red and green


def start(size: tuple[int, int], seats: tuple[SeatKind, ...], state: State | None) -> App:
    window = open_game("malloppo", size, seed=11, seats=seats)
    if state is not None:
        view_of(window, MalloppoView).game.state = state
    return window


@pytest.fixture
def app() -> Iterator[App]:
    state = position(2, hands={RED: [("E3", 2), ("A9", 1)], GREEN: [("F5", 2), ("E6", 1)]})
    window = start((1100, 700), (SeatKind.HUMAN, SeatKind.HUMAN), state)
    yield window
    window.close()


def centre(view: MalloppoView, name: str) -> tuple[float, float]:
    assert view.geometry is not None
    return view.geometry.cell_center(sq(name))


def test_click_a_hand_a_destination_choose_coins_take_and_undo(app: App) -> None:
    view = view_of(app, MalloppoView)
    state = view.state
    view.game.chance.force(2)
    click(app, view.buttons["roll"].center)
    assert state.phase is Phase.MOVE and state.roll == 2
    click(app, centre(view, "E3"))  # the hand
    assert sq("E5") in view.destinations(view.draft.hand)
    hover(app, centre(view, "E5"))
    shown = view.shown_path()
    assert shown is not None and shown[0] == sq("E3") and shown[1][-1] == sq("E5")
    click(app, centre(view, "E5"))  # two green hands beside: both coins chosen at first
    assert view.stage() == "steal" and view.action_label() == ("Take 2 coins", True)
    click(app, centre(view, "E6"))  # leave the one-coin hand its coin
    assert view.action_label() == ("Take 1 coin", True)
    click(app, view.buttons["act"].center)
    assert state.hand_at(sq("E5")) == 0 and state.coins[0] == 3
    assert state.coins[state.hand_at(sq("F5"))] == 1  # type: ignore[index]
    assert state.coins[state.hand_at(sq("E6"))] == 1  # type: ignore[index]
    assert state.current == GREEN and state.phase is Phase.ROLL

    click(app, view.buttons["undo"].center)  # the whole turn, until green rolls
    assert state.current == RED and state.phase is Phase.MOVE
    assert state.hand_at(sq("E3")) == 0 and state.coins_of(GREEN) == 3


def test_right_button_steps_back_through_the_clicks(app: App) -> None:
    view = view_of(app, MalloppoView)
    state = view.state
    view.game.chance.force(2)
    click(app, view.die_rect.center)
    click(app, centre(view, "E3"))
    click(app, centre(view, "E5"))
    assert view.stage() == "steal"
    click(app, centre(view, "A1"), button=3)
    assert view.stage() == "hand" and view.draft.hand == 0
    click(app, centre(view, "A1"), button=3)
    assert view.draft.hand is None and state.phase is Phase.MOVE and state.history == [
        state.history[0]
    ]


def test_an_odd_roll_pays_first_and_a_lone_move_is_made_at_once(app: App) -> None:
    view = view_of(app, MalloppoView)
    state = view.state
    view.game.chance.force(1)
    click(app, view.buttons["roll"].center)
    assert view.stage() == "pay"
    bank = state.bank
    click(app, centre(view, "A9"))  # pays its last coin: it will leave
    assert view.stage() == "hand" and view.movable() == [0]
    click(app, centre(view, "E3"))
    click(app, centre(view, "D3"))  # nobody beside D3: sent at once
    assert state.hand_at(sq("D3")) == 0 and state.squares[1] is None
    assert state.bank == bank + 1 and state.current == GREEN


def test_a_refused_destination_says_why_and_changes_nothing(app: App) -> None:
    view = view_of(app, MalloppoView)
    state = view.state
    view.game.chance.force(2)
    click(app, view.buttons["roll"].center)
    click(app, centre(view, "E3"))
    before = state.to_json()
    click(app, centre(view, "E4"))  # one step away: a 2 cannot end there
    assert state.to_json() == before
    notice = app.current_notice()
    assert notice is not None and "cannot reach E4 in 2 steps" in notice[0]


@pytest.mark.parametrize("size", [(1280, 800), (960, 600), (800, 500), MIN_SIZE])
def test_panel_and_board_fit_the_window(size: tuple[int, int]) -> None:
    window = start(size, (SeatKind.HUMAN,) * 4, None)
    try:
        view = view_of(window, MalloppoView)
        for _ in range(12):  # the opening rolls, by clicking the die
            if view.state.phase is Phase.ROLL:
                break
            click(window, view.die_rect.center)
        click(window, view.buttons["roll"].center)
        panel = view.panel_rect()
        assert window.play_rect.contains(panel)
        inner = panel.inflate(-8, -8)
        for rect in [view.die_rect, *view.buttons.values()]:
            assert inner.contains(rect), (rect, panel)
        assert not drawn_outside(view, window), "panel drawing spills past the panel"
        geo = view.geometry
        assert geo is not None
        frame = geo.rect.inflate(round(geo.cell * 0.5), round(geo.cell * 0.5))
        assert window.play_rect.contains(frame) and frame.right <= panel.left
    finally:
        window.close()


def test_computers_play_on_in_the_window() -> None:
    window = start((900, 600), (SeatKind.COMPUTER,) * 3, None)
    try:
        view = view_of(window, MalloppoView)
        for _ in range(40):
            window.step_frame(0.25)
        assert len(view.game.records) > 5 and view.game.log
    finally:
        window.close()


def test_a_roll_no_hand_can_use_is_passed_with_no_move() -> None:
    state = position(2, hands={RED: [("A1", 3)], GREEN: [("A2", 2), ("B1", 2)]})
    window = start((1000, 650), (SeatKind.HUMAN, SeatKind.HUMAN), state)
    try:
        view = view_of(window, MalloppoView)
        view.game.chance.force(2)
        click(window, view.buttons["roll"].center)
        assert view.stage() == "stuck" and view.action_label() == ("No move", True)
        click(window, view.buttons["act"].center)
        assert state.current == GREEN and state.squares[0] == sq("A1") and state.coins[0] == 3
    finally:
        window.close()


def badge_pixels(app: App, view: MalloppoView, name: str, fill: tuple[int, int, int]) -> int:
    """Pixels of ``fill`` where a hand's badge sits (its top right)."""
    assert view.geometry is not None
    x, y = centre(view, name)
    radius = view.geometry.cell * 0.36
    cx, cy = round(x + radius * 0.7), round(y - radius * 0.85)
    reach = round(radius)
    return sum(tuple(app.screen.get_at((i, j)))[:3] == fill
               for i in range(cx - reach, cx + reach)
               for j in range(cy - reach // 2, cy + reach // 2))


def test_the_headline_follows_the_payment_and_badges_say_paid_or_take(app: App) -> None:
    from games.malloppo.view import BADGES
    view = view_of(app, MalloppoView)
    view.game.chance.force(3)  # odd: a coin to pay, from E3 or A9
    click(app, view.buttons["roll"].center)
    assert view.stage() == "pay" and view.headline() == "Red rolled 3: pay a coin"
    click(app, centre(view, "E3"))
    assert view.headline() == "Red paid a coin: move 3"
    paid, take = BADGES["paid"][0], BADGES["take"][0]
    assert badge_pixels(app, view, "E3", paid) > 20
    assert badge_pixels(app, view, "E3", take) == 0
