"""A headless Animal upon Animal game jumps over the frames in which nothing moves and no
computer acts (games/runs/headless.py's event-driven tick: the computers' pauses, their wait for the
tower to settle, the turn's quiet count) and ends in the state that ticking every frame gives."""

from __future__ import annotations

import pytest

from games.animals.session import AnimalsSession
from games.core.protocol import SeatKind, SessionSetup
from games.runs.headless import drive
from physics.config import load_config


class Counted(AnimalsSession):
    """Counts the frames taken by :meth:`skip`."""

    skipped = 0

    def skip(self, frames: int) -> None:
        self.skipped += frames
        super().skip(frames)


@pytest.mark.parametrize("speed", [None, "normal"])  # headless; a window's paced recording
def test_skipped_frames_end_where_ticked_frames_end(speed: str | None) -> None:
    frames = 3600  # 30 s: animals drawn, placed and let settle, turns ended by the quiet count
    options = {"computer_speed": speed} if speed else {}
    setup = SessionSetup(
        config=load_config().config, seed=4, seats=(SeatKind.COMPUTER, SeatKind.COMPUTER),
        options=options,
    )
    ticked = AnimalsSession(setup)
    while ticked.frame < frames and ticked.outcome is None:
        ticked.tick()
    jumped = Counted(setup)
    drive(jumped, frames)
    assert jumped.skipped > frames // 50, "no idle frame was jumped over"
    assert (jumped.frame, jumped.digest()) == (ticked.frame, ticked.digest())
    assert jumped.rules.to_json() == ticked.rules.to_json()


def test_a_paced_opening_is_never_jumped_over() -> None:
    """A window's paced opening (computer_speed normal, recorded with the game) lays an animal
    every few seconds while a person is to draw: the clock counts in frames nothing moves in."""
    frames = 900  # the three opening animals laid, then shown
    setup = SessionSetup(
        config=load_config().config, seed=4, seats=(SeatKind.HUMAN, SeatKind.COMPUTER),
        options={"computer_speed": "normal"},
    )
    ticked = AnimalsSession(setup)
    while ticked.frame < frames:
        ticked.tick()
    jumped = AnimalsSession(setup)
    drive(jumped, frames)
    assert ticked.opening_laid == 3
    assert (jumped.frame, jumped.digest()) == (ticked.frame, ticked.digest())
