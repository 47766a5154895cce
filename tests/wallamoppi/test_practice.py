"""Wallamoppi's practice turn (option ``practice``, the window's guided first game): a person's
first tower turn is untimed until their disk is stacked, then the marble rolls as usual; the
computer's turns, and every later turn, are timed as ever; a replay holds the marble alike."""

from __future__ import annotations

from games.core.protocol import SeatKind, SessionSetup
from games.runs.headless import drive
from games.wallamoppi.rules import DARK
from games.wallamoppi.session import WallamoppiSession
from tests.wallamoppi.helpers import config, own_wall_disk, run, send, stack_turn

SEATS = (SeatKind.HUMAN, SeatKind.COMPUTER)


def released(practice: bool) -> WallamoppiSession:
    """Dark (a person) on turn with the wall built; the computer has released the marble."""
    options = {"wall": "auto", "practice": True} if practice else {"wall": "auto"}
    session = WallamoppiSession(SessionSetup(config(), 2, SEATS, options))
    run(session, 0.5)
    assert session.rules.turn.seat == DARK
    send(session, "ready")  # the computer's count-in cut short: the marble is released
    run(session, 0.2)
    assert session.rules.turn.timer_running and session.timer is not None
    return session


def test_the_marble_waits_until_the_practice_disk_is_stacked() -> None:
    session = released(practice=True)
    run(session, 3.0)
    assert session.timer is not None and session.timer.elapsed == 0.0
    assert session.marble_waits()
    stack_turn(session, own_wall_disk(session, DARK))
    for _ in range(600):
        if session.rules.turn.stacked:
            break
        session.tick()
    assert session.rules.turn.stacked and not session.marble_waits()
    run(session, 0.5)
    assert session.timer.elapsed > 0.0  # now it rolls, to be caught as usual


def test_without_practice_the_marble_rolls_at_once() -> None:
    session = released(practice=False)
    run(session, 1.0)
    assert session.timer is not None and session.timer.elapsed > 0.0
    assert not session.marble_waits()


def test_a_practice_game_replays_to_the_same_state() -> None:
    played = released(practice=True)
    run(played, 1.0)
    replay = WallamoppiSession(
        SessionSetup(config(), 2, SEATS, {"wall": "auto", "practice": True})
    )
    drive(replay, played.frame, played.recorded)
    assert replay.digest() == played.digest()
