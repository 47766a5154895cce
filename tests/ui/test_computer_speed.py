"""The computer speed (games/core/pacing.py) through the real window: ``play --speed WORD`` reaches
the app (an unknown word is one line and exit 2), the dice games' computers act less often in
the same frames the slower the speed, and a physics game gets the word as a recorded option."""

from __future__ import annotations

from typing import Any

import pytest

from games.cli import main
from games.core import registry
from games.core.pacing import COMPUTER_SPEEDS, OPTION
from games.core.protocol import SeatKind
from games.turnkit.turn_session import TurnBasedSession

FRAME = 1 / 60
C, H = SeatKind.COMPUTER, SeatKind.HUMAN


def test_play_speed_reaches_the_window(started: list[dict[str, Any]]) -> None:
    assert main(["play", "stonewall", "--speed", "slow"]) == 0
    assert started[-1]["computer_speed"] == "slow"
    assert main(["play", "stonewall"]) == 0
    assert "computer_speed" not in started[-1]  # the app's default: normal


def test_an_unknown_speed_is_one_line_and_exit_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import games.ui.app

    monkeypatch.setattr(games.ui.app, "run_app", lambda *a, **k: pytest.fail("window opened"))
    assert main(["play", "animals", "--speed", "quick"]) == 2
    error = capsys.readouterr().err.strip()
    assert len(error.splitlines()) == 1
    assert "quick" in error and "slow, normal, fast, instant" in error


@pytest.mark.parametrize("game_id", ["stonewall", "malloppo", "whacky"])
def test_slower_speeds_give_a_person_more_time_per_computer_action(make_app, game_id: str) -> None:
    """Two computers, the same seed, the same 360 frames (6 s): the slower the speed, the
    fewer actions they got through; every speed plays the same game (its actions agree)."""
    spec = registry.load(game_id)
    done: dict[str, list[Any]] = {}
    for word in COMPUTER_SPEEDS:
        app = make_app(game_id, size=(480, 360), seed=4, computer_speed=word)
        app.start_game(spec, (C,) * spec.min_seats)
        assert app.game is not None
        game = app.game.session
        assert isinstance(game, TurnBasedSession)
        for _ in range(360):
            app.step_frame(FRAME)
        done[word] = [record.action for record in game.records]
        app.close()
    counts = [len(done[word]) for word in COMPUTER_SPEEDS]
    assert counts == sorted(counts) and counts[0] < counts[-1], counts
    for word in COMPUTER_SPEEDS:
        shorter = min(len(done[word]), len(done["instant"]))
        assert done[word][:shorter] == done["instant"][:shorter]


def test_a_physics_game_takes_the_speed_as_its_recorded_option(make_app) -> None:
    app = make_app("wallamoppi", seats=(H, C), computer_speed="fast")
    assert app.game is not None
    assert app.game.session.initial_setup.options[OPTION] == "fast"
    app.computer_speed = "slow"  # the settings changed: the next game takes it
    app.restart()
    assert app.game.session.initial_setup.options[OPTION] == "slow"
    # a dice game's session has no such option: its pace is the window's
    app.start_game(registry.load("stonewall"), (H, C))
    assert OPTION not in app.game.session.initial_setup.options


def test_a_stonewall_chain_is_shown_move_by_move_and_stays_marked_whole(make_app) -> None:
    """Seed 1, two computers: red rolls a 4 and moves again (a bonus turn). Both of red's
    moves stay marked, with blue's last, and the second waited for the first to be shown."""
    from games.stonewall.rules import MovePiece

    app = make_app("stonewall", size=(1000, 640), seed=1, seats=(C, C))
    game, view = app.session, app.game.view
    busy_at_move: list[bool] = []
    original = game._do

    def spy(action: Any) -> None:
        if isinstance(action, MovePiece):
            busy_at_move.append(view.animator.busy())
        original(action)

    game._do = spy
    for _ in range(60 * 90):
        app.step_frame(FRAME)
        moves = [r for r in game.records if isinstance(r.action, MovePiece)]
        if len(moves) >= 2 and moves[-1].actor == moves[-2].actor:
            break
    else:
        raise AssertionError("no chain in 90 s")
    app.step_frame(FRAME)
    chain = moves[-2:]
    paths = [m.points for m in view.animator.marks if m.kind == "path"]
    for record in chain:
        destination = record.action.destination
        assert any(p[-1] == (destination.x, destination.y) for p in paths)
    assert {m.owner for m in view.animator.marks} == {0, 1}
    assert not any(busy_at_move)  # each move waited for the one before to be shown
