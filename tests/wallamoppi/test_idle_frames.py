"""A headless Wallamoppi game jumps over the frames in which nothing moves and no computer acts
(games/runs/headless.py's event-driven tick) and ends in the state that ticking every frame
gives."""

from __future__ import annotations

from typing import Any

import pytest

from games.core.protocol import SeatKind, SessionSetup
from games.runs.headless import drive
from games.wallamoppi.session import WallamoppiSession
from physics.config import load_config


def computer_game(seed: int, options: dict[str, Any] | None = None) -> WallamoppiSession:
    setup = SessionSetup(
        config=load_config().config,
        seed=seed,
        seats=(SeatKind.COMPUTER, SeatKind.COMPUTER),
        options={"wall": "auto"} if options is None else options,
    )
    return WallamoppiSession(setup)


class Counted(WallamoppiSession):
    """Counts the frames taken by :meth:`skip`."""

    skipped = 0

    def skip(self, frames: int) -> None:
        self.skipped += frames
        super().skip(frames)


@pytest.mark.parametrize(
    "options",
    [None, {"computer_speed": "normal"}],  # the tower phase; a window's paced wall (recorded)
    ids=["tower", "paced-wall"],
)
def test_skipped_frames_end_where_ticked_frames_end(options: dict[str, Any] | None) -> None:
    frames = 2400  # 20 s: the marble released, disks pulled and stacked (or the wall built)
    ticked = computer_game(3, options)
    while ticked.frame < frames and ticked.outcome is None:
        ticked.tick()
    setup = computer_game(3, options).setup
    jumped = Counted(setup)
    drive(jumped, frames)
    assert jumped.skipped > frames // 10, "no idle frame was jumped over"
    assert (jumped.frame, jumped.digest()) == (ticked.frame, ticked.digest())
    assert jumped.rules.to_json() == ticked.rules.to_json()

