"""Seat set-up in the menu: players between the game's limits, human or computer per seat."""

from __future__ import annotations

from games.core.protocol import GameSpec, SeatKind
from games.ui.menu import SeatChoice


def four_seat_spec() -> GameSpec:
    return GameSpec(
        id="fourway",
        title="Four way",
        blurb="a board for two to four",
        help_text="",
        seat_names=("red", "blue", "yellow", "green"),
        min_seats=2,
        make_session=lambda setup: None,  # type: ignore[arg-type, return-value]
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
    monkeypatch.setattr(
        app, "start_game", lambda spec, seats, options=None: started.append((spec.id, seats))
    )
    ui.click(app, app.menu.start_rect().center)
    assert started == [("fourway", (SeatKind.HUMAN, SeatKind.COMPUTER, SeatKind.HUMAN))]


def test_in_a_short_window_start_never_covers_a_seat_and_seats_still_toggle(
    make_app, ui, monkeypatch
) -> None:
    import pygame

    app = make_app(size=(800, 500))
    app.menu.select("stonewall")
    ui.run(app, ui.frame)
    for _ in range(2):
        ui.click(app, app.menu.layout().more.center)  # four players
    layout = app.menu.layout()
    assert len(layout.seat_buttons) == 4
    assert not any(layout.start.colliderect(button) for button in layout.seat_buttons)
    started = []
    monkeypatch.setattr(app, "start_game", lambda spec, seats, options=None: started.append(seats))
    ui.click(app, layout.seat_buttons[3].center)  # the last seat: toggled, not started
    assert started == []
    assert app.menu.choice().kinds[3] is SeatKind.HUMAN
    assert pygame.display.get_surface().get_size() == (800, 500)


def test_a_blurb_too_long_for_its_card_ends_in_an_ellipsis(make_app, ui) -> None:
    app = make_app(size=(800, 500))
    ui.run(app, ui.frame)
    renderer = app.renderer
    card = app.menu.layout().cards[0]
    for spec in app.menu.specs:
        shown = renderer.ellipsize(spec.blurb, card.width - 40, 15)
        assert renderer.font(15).size(shown)[0] <= card.width - 40
        assert shown == spec.blurb or (shown.endswith("…") and spec.blurb.startswith(shown[:-1]))
