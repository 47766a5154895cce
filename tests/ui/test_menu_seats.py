"""Seat set-up in the menu: players between the game's limits, human or computer per seat."""

from __future__ import annotations

from games.protocol import GameSpec, SeatKind
from games.ui.menu import SeatChoice


def four_seat_spec() -> GameSpec:
    return GameSpec(
        id="fourway",
        title="Four way",
        blurb="a board for two to four",
        help_text="",
        seat_names=("red", "blue", "yellow", "green"),
        min_seats=2,
        new_session=lambda setup: None,  # type: ignore[arg-type, return-value]
        view_module="games.freeplay.view",
        physics=False,
    )


def test_player_count_stays_within_the_games_limits() -> None:
    choice = SeatChoice(four_seat_spec())
    assert choice.seats() == (SeatKind.HUMAN, SeatKind.COMPUTER)
    for _ in range(5):
        choice.change_count(+1)
    assert len(choice.seats()) == 4
    for _ in range(5):
        choice.change_count(-1)
    assert len(choice.seats()) == 2


def test_toggling_a_seat_switches_human_and_computer() -> None:
    choice = SeatChoice(four_seat_spec())
    choice.toggle(1)
    assert choice.seats() == (SeatKind.HUMAN, SeatKind.HUMAN)
    choice.toggle(0)
    assert choice.seats()[0] is SeatKind.COMPUTER


def test_clicking_the_seat_and_count_buttons_sets_up_the_game(make_app, ui, monkeypatch) -> None:
    app = make_app()
    spec = four_seat_spec()
    app.menu.specs.append(spec)
    app.menu.choices[spec.id] = SeatChoice(spec)
    app.menu.select(spec.id)
    ui.run(app, ui.frame)
    layout = app.menu.layout()
    assert layout.more is not None
    ui.click(app, layout.more.center)  # three players
    layout = app.menu.layout()
    ui.click(app, layout.seat_buttons[2].center)  # the third seat becomes human
    started = []
    monkeypatch.setattr(app, "start_game", lambda spec, seats: started.append((spec.id, seats)))
    ui.click(app, app.menu.start_rect().center)
    assert started == [("fourway", (SeatKind.HUMAN, SeatKind.COMPUTER, SeatKind.HUMAN))]
