"""The app's screens through its own loop: one overlay at a time, overlays stop every game, the
winner panel beside the board and its buttons, the settings screen kept between runs, the
first-game tutorial (games/ui/screens.py, winner.py, settings_screen.py, tutorial.py)."""

from __future__ import annotations

import pygame
import pytest

from games.core import registry
from games.core.protocol import Outcome, SeatKind
from games.freeplay.session import FreeplaySession
from games.ui import animation
from games.ui.render import ACCENT
from games.ui.settings import settings_path
from games.ui.winner import game_numbers

HUMAN, COMPUTER = SeatKind.HUMAN, SeatKind.COMPUTER
MAX_FRAMES = 60 * 120  # a bound on waiting for a computer, never reached


@pytest.fixture(autouse=True)
def _animation_speed_restored(monkeypatch) -> None:
    """The animation speed is the module's (the settings set it): each test's own, undone."""
    monkeypatch.setattr(animation, "_speed", [1.0])


def run_until(app, ui, condition, what: str) -> None:
    for _ in range(MAX_FRAMES):
        if condition():
            return
        app.step_frame(ui.frame)
    pytest.fail(f"{what} did not happen")


def end_freeplay(monkeypatch) -> None:
    monkeypatch.setattr(
        FreeplaySession, "outcome", property(lambda self: Outcome("player", "all stacked"))
    )


FAST_COMPUTERS = {"bot_delay_frames": 0, "undo_grace_frames": 0}


def play_malloppo_to_the_end(make_app, ui, monkeypatch):
    """Two computers play Dammi il malloppo (seed 1) to its real end, their moves shown fast."""
    app = make_app()
    monkeypatch.setattr(animation, "_speed", [50.0])  # restored after the test
    app.start_game(registry.load("malloppo"), (COMPUTER, COMPUTER), FAST_COMPUTERS)
    run_until(app, ui, lambda: app.session.outcome is not None, "the end of the game")
    return app


def test_space_or_p_just_after_the_game_ends_opens_no_pause(make_app, ui, monkeypatch) -> None:
    app = play_malloppo_to_the_end(make_app, ui, monkeypatch)
    for key in (pygame.K_SPACE, pygame.K_p):
        ui.key(app, key)
        assert not app.paused and app.screens.overlay is None
    assert app.game is not None and app.screens.side_panel_px() > 0  # the result stays


def test_a_real_ending_shows_its_numbers_and_rematch_starts_the_same_game(
    make_app, ui, monkeypatch
) -> None:
    app = play_malloppo_to_the_end(make_app, ui, monkeypatch)
    outcome = app.session.outcome
    rows = dict(game_numbers(outcome, app.screens.winner.seconds))
    assert rows["Coins"] == ", ".join(
        f"{name.capitalize()} {count}" for name, count in outcome.details["coins"].items()
    )
    assert rows["Turns"] == str(outcome.details["turns"]) and rows["Time"] != "0:00"
    finished = app.game
    ui.click(app, app.screens.winner.buttons()["Rematch"].center)
    assert app.game is not finished and app.game.spec.id == "malloppo"
    assert app.game.seats == (COMPUTER, COMPUTER) and app.game.options == FAST_COMPUTERS
    assert app.screens.side_panel_px() == 0 and app.screens.winner.seconds < 1.0


def test_one_overlay_at_a_time_the_last_asked_wins(make_app, ui) -> None:
    app = make_app("freeplay")
    ui.run(app, ui.frame)
    ui.key(app, pygame.K_p)
    assert app.paused
    ui.key(app, pygame.K_h)
    assert app.show_help and not app.paused and app.screens.overlay == "help"
    ui.key(app, pygame.K_o)
    assert app.screens.overlay == "settings" and not app.show_help
    ui.key(app, pygame.K_ESCAPE)
    assert app.screens.overlay is None and app.game is not None  # Esc closed it, no menu


def test_help_stops_a_dice_game_no_computer_moves_under_it(make_app, ui) -> None:
    app = make_app()
    app.start_game(registry.load("stonewall"), (COMPUTER, COMPUTER))
    session = app.session
    ui.key(app, pygame.K_h)
    assert app.show_help
    before = len(session.records)
    ui.run(app, 5.0)  # far longer than a computer's pause between moves
    assert len(session.records) == before
    ui.key(app, pygame.K_h)
    run_until(app, ui, lambda: len(session.records) > before, "a computer move after help")


def test_pause_stops_the_physics_world(make_app, ui) -> None:
    app = make_app("freeplay")
    ui.run(app, 0.1)
    frame = app.session.frame
    ui.key(app, pygame.K_SPACE)
    ui.run(app, 1.0)
    assert app.session.frame == frame
    ui.key(app, pygame.K_SPACE)
    ui.run(app, 0.5)
    assert app.session.frame > frame


def accent_pixels(app, rect: pygame.Rect) -> int:
    band = app.screen.subsurface(rect)
    return pygame.mask.from_threshold(band, ACCENT, (30, 30, 30, 255)).count()


@pytest.mark.parametrize("view_draws_its_own", [False, True])
def test_the_winner_panel_stands_beside_the_board(
    make_app, ui, monkeypatch, view_draws_its_own
) -> None:
    app = make_app("freeplay")
    ui.run(app, ui.frame)
    width = app.play_rect.width
    monkeypatch.setattr(type(app.game.view), "draws_outcome", view_draws_its_own)
    end_freeplay(monkeypatch)
    ui.run(app, ui.frame)
    panel = app.screens.winner.rect()
    assert app.play_rect.width < width and panel.left == app.play_rect.right
    assert panel.right == app.screen.get_width()
    assert accent_pixels(app, panel) > 200  # "Player wins" in the accent colour
    # opaque: the panel's colour is the same everywhere between its words
    assert app.screen.get_at((panel.right - 3, panel.centery)) == app.screen.get_at(
        (panel.right - 3, panel.centery + 5)
    )


def test_winner_panel_rematch_swap_seats_and_menu(make_app, ui) -> None:
    app = make_app()
    app.start_game(registry.load("stonewall"), (HUMAN, COMPUTER), {"skill": ["easy", "hard"]})
    game = app.game
    game.session.state.outcome = lambda: type("R", (), {"name": "red", "reason": "home"})()
    ui.run(app, ui.frame)
    buttons = app.screens.winner.buttons()
    ui.click(app, buttons["Rematch"].center)
    assert app.game is not game and app.session.outcome is None
    assert app.game.seats == (HUMAN, COMPUTER) and app.game.options == {"skill": ["easy", "hard"]}
    app.session.state.outcome = lambda: type("R", (), {"name": "red", "reason": "home"})()
    ui.run(app, ui.frame)
    ui.click(app, app.screens.winner.buttons()["Swap seats"].center)
    assert app.game.seats == (COMPUTER, HUMAN) and app.game.options == {"skill": ["hard", "easy"]}
    app.session.state.outcome = lambda: type("R", (), {"name": "blue", "reason": "home"})()
    ui.run(app, ui.frame)
    ui.click(app, app.screens.winner.buttons()["Menu"].center)
    assert app.game is None and app.running


def test_settings_from_the_menu_are_kept_for_the_next_run(make_app, ui) -> None:
    app = make_app()
    ui.run(app, ui.frame)
    ui.click(app, app.screens.menu_button().center)
    assert app.screens.overlay == "settings"
    rects, done = app.screens.settings_screen.buttons(app.screens.settings_screen.area())
    ui.click(app, rects["computer_speed"].center)  # normal -> fast
    ui.click(app, rects["volume"].center)  # 80 -> 90
    ui.click(app, rects["colour_blind"].center)
    ui.click(app, done.center)
    assert app.screens.overlay is None and app.game is None and app.running
    assert app.sound.level == pytest.approx(0.9)
    text = settings_path().read_text()
    assert 'computer_speed = "fast"' in text and "volume = 90" in text
    fresh = make_app()
    kept = fresh.screens.store.settings
    assert (kept.computer_speed, kept.volume, kept.colour_blind) == ("fast", 90, True)
    assert fresh.sound.level == pytest.approx(0.9)


def test_settings_in_a_game_stop_it_and_keys_step_them(make_app, ui) -> None:
    app = make_app("freeplay")
    ui.run(app, 0.1)
    frame = app.session.frame
    ui.key(app, pygame.K_o)
    ui.key(app, pygame.K_DOWN)  # the sound row
    ui.key(app, pygame.K_RIGHT)
    ui.run(app, 0.5)
    assert app.session.frame == frame and app.sound.muted
    assert app.screens.store.settings.muted
    ui.key(app, pygame.K_o)
    assert app.screens.overlay is None


def test_a_bad_settings_file_keeps_the_defaults_and_is_never_overwritten(
    make_app, ui, capsys
) -> None:
    path = settings_path()
    bad = "[play]\ncomputer_speed = \"ludicrous\"\n"
    path.write_text(bad)
    app = make_app("freeplay")
    out = capsys.readouterr().err
    assert out.count("\n") == 1 and str(path) in out
    assert "play.computer_speed = 'ludicrous'; allowed: slow, normal, fast, instant" in out
    assert app.screens.store.settings.computer_speed == "normal"
    ui.key(app, pygame.K_o)
    ui.key(app, pygame.K_RIGHT)  # volume up: applies, but is not written
    assert app.screens.store.settings.volume == 90
    assert path.read_text() == bad
    assert "not saved" in app.current_notice()[0]


@pytest.fixture
def first_run():
    """A player who has never had a guided turn (the shared fixture marks them all seen)."""
    settings_path().unlink()


def test_the_tutorial_shows_on_a_games_first_run_only(make_app, ui, first_run) -> None:
    app = make_app()
    app.start_game(registry.load("stonewall"), (HUMAN, COMPUTER))
    ui.run(app, ui.frame)
    assert app.screens.overlay == "tutorial"
    assert "stonewall" in app.screens.store.settings.tutorials_seen
    ui.key(app, pygame.K_RETURN)  # step 1: roll (Enter rolls in Stonewall)
    assert app.screens.tutorial.index == 1  # the roll was seen: on to the move
    skip, _ = app.screens.tutorial.buttons()
    ui.click(app, skip.center)
    assert app.screens.overlay is None
    app.restart()
    ui.run(app, ui.frame)
    assert app.screens.overlay is None  # offered once
    again = make_app()
    again.start_game(registry.load("stonewall"), (HUMAN, COMPUTER))
    ui.run(again, ui.frame)
    assert again.screens.overlay is None  # nor in the next run
    ui.key(again, pygame.K_t)  # T, listed in the help, shows it again
    assert again.screens.overlay == "tutorial" and again.screens.tutorial.index == 0
    assert any("T guided turn" in meaning for _, meaning in again.help_keys(again.game))


def test_a_tutorial_card_that_waits_for_next_stops_the_game(make_app, ui, first_run) -> None:
    app = make_app("wallamoppi")
    ui.run(app, ui.frame)
    tutorial = app.screens.tutorial
    assert app.screens.overlay == "tutorial" and tutorial.step.wait_for  # place a disk: runs
    tutorial.index = 3  # the marble card: read, then Next
    assert not tutorial.step.wait_for
    frame = app.session.frame
    ui.run(app, 0.5)
    assert app.session.frame == frame
    _, next_button = tutorial.buttons()
    ui.click(app, next_button.center)
    assert tutorial.index == 4
    ui.key(app, pygame.K_RETURN)
    assert app.screens.overlay is None  # the last card's Next ends it
    ui.run(app, 0.2)
    assert app.session.frame > frame


def test_wallamoppis_guided_game_has_the_practice_turn_and_a_rematch_does_not(
    make_app, ui, first_run
) -> None:
    app = make_app()
    app.start_game(registry.load("wallamoppi"), (HUMAN, COMPUTER))
    ui.run(app, ui.frame)
    assert app.session.setup.options.get("practice") is True
    assert "practice" not in app.game.options  # what Rematch and Swap seats start from
    steps = app.screens.tutorial.steps
    assert any(step.needs_option == "practice" for step in steps)
    ui.click(app, app.screens.tutorial.buttons()[0].center)  # Skip
    app.restart()
    ui.run(app, ui.frame)
    assert "practice" not in app.session.setup.options and app.screens.overlay is None
    ui.key(app, pygame.K_t)  # the guided turn again: without the practice card
    assert app.screens.overlay == "tutorial"
    assert all(step.needs_option is None for step in app.screens.tutorial.steps)


def test_m_mutes_and_the_settings_keep_it(make_app, ui) -> None:
    app = make_app("freeplay")
    ui.key(app, pygame.K_m)
    assert app.sound.muted and app.screens.store.settings.muted
    assert "muted = true" in settings_path().read_text()
    assert make_app("freeplay").sound.muted  # the next run starts muted
    ui.key(app, pygame.K_m)
    assert not app.sound.muted and not app.screens.store.settings.muted


def test_the_window_size_row_resizes_the_window(make_app, ui) -> None:
    app = make_app(size=(960, 600))
    ui.key(app, pygame.K_o)
    screen = app.screens.settings_screen
    rects, _ = screen.buttons(screen.area())
    ui.click(app, rects["window"].center)
    assert app.screen.get_size() == (1280, 800) and app.windowed_size == (1280, 800)
    rects, _ = screen.buttons(screen.area())
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rects["window"].center,
                                         button=3))
    ui.run(app, ui.frame)
    assert app.screen.get_size() == (960, 600)


def test_on_the_menu_o_opens_the_settings_and_esc_closes_them_without_quitting(
    make_app, ui
) -> None:
    app = make_app()
    ui.key(app, pygame.K_o)
    assert app.screens.overlay == "settings"
    ui.key(app, pygame.K_ESCAPE)
    assert app.screens.overlay is None and app.running and app.game is None
    ui.key(app, pygame.K_ESCAPE)
    assert not app.running  # Esc on the bare menu still quits


def test_a_computers_only_game_offers_no_tutorial_and_keeps_it_for_later(
    make_app, ui, first_run
) -> None:
    app = make_app()
    app.start_game(registry.load("stonewall"), (COMPUTER, COMPUTER))
    ui.run(app, ui.frame)
    assert app.screens.overlay is None
    assert "stonewall" not in app.screens.store.settings.tutorials_seen
    app.start_game(registry.load("stonewall"), (HUMAN, COMPUTER))
    ui.run(app, ui.frame)
    assert app.screens.overlay == "tutorial"


def test_help_stops_wallamoppis_marble(make_app, ui) -> None:
    app = make_app()
    app.start_game(registry.load("wallamoppi"), (HUMAN, COMPUTER), {"wall": "auto"})
    session = app.session
    run_until(app, ui, lambda: session.count_in_left() is not None, "the computer's count-in")
    ui.key(app, pygame.K_SPACE)  # the game's key here: the marble is released at once
    run_until(app, ui, lambda: session.timer is not None and session.timer.elapsed > 0,
              "the marble rolling")
    ui.key(app, pygame.K_h)
    elapsed = session.timer.elapsed
    ui.run(app, 1.0)
    assert session.timer.elapsed == elapsed and app.show_help
    ui.key(app, pygame.K_h)
    ui.run(app, 0.2)
    assert session.timer.elapsed > elapsed


def test_settings_reach_the_palette_and_the_computers_pace(make_app, ui) -> None:
    from games.ui import palette

    app = make_app()
    assert not palette.colour_blind()  # the saved setting, applied at start
    usual_red = palette.seat_colour("red")
    ui.key(app, pygame.K_o)
    screen = app.screens.settings_screen
    rects, _ = screen.buttons(screen.area())
    try:
        ui.click(app, rects["colour_blind"].center)
        assert palette.colour_blind() and palette.seat_colour("red") != usual_red
        ui.click(app, rects["computer_speed"].center)
        ui.click(app, rects["computer_speed"].center)
        assert app.computer_speed == "instant"
        ui.click(app, rects["animation_speed"].center)
        assert animation._speed[0] == 2.0  # fast: twice as quick
    finally:
        palette.set_colour_blind(False)


def test_the_settings_computer_speed_is_used_unless_speed_is_given(make_app) -> None:
    path = settings_path()
    path.write_text(path.read_text() + '\n[play]\ncomputer_speed = "slow"\n', encoding="utf-8")
    assert make_app().computer_speed == "slow"  # the settings file's word
    assert make_app(computer_speed="fast").computer_speed == "fast"  # --speed wins
