"""Helpers for the sweep tests: small sweep files, reading results, and a game that misbehaves.

``crashy`` is a tiny turn-less game registered only by the tests that need it: seed 2 kills its
worker process (``os._exit``), seed 3 raises, every other seed ends at frame 5 with a winner;
with ``CRASHY_FIXED`` set in the environment (as after a fix) every seed ends well. On a Dask
worker, seed 9 closes its worker and the worker's nanny (as when a lab's batch job ends), so the
cluster is left with one worker fewer and that game never finishes.
"""

from __future__ import annotations

import csv
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from games.core.protocol import GameSpec, InputEvent, Outcome, Session, SessionSetup

STONEWALL_BOTS = """\
game = "stonewall"
players = 2
seeds = {seeds}
collect = ["winner", "reason", "turns", "frames", "digest", "turns_each"]

[grid.options]
bots = [["greedy", "expectimax"], ["expectimax", "greedy"]]
"""

FREEPLAY_SUBSTEPS = """\
game = "freeplay"
seeds = [0, 7]
frames = 240
collect = ["reason", "frames", "sim_seconds", "digest"]

[grid.config.world]
substeps = [4, 8]
"""


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def rows(path: Path) -> list[dict[str, str]]:
    """The rows of a results file, in a fixed order (they are written as games finish)."""
    with open(path, encoding="utf-8", newline="") as file:
        found = list(csv.DictReader(file))
    return sorted(found, key=lambda row: (int(row["point"]), int(row["seed"])))


class CrashySession(Session):
    game_id = "crashy"

    def __init__(self, setup: SessionSetup) -> None:
        super().__init__(setup)
        self._outcome: Outcome | None = None

    def _apply_input(self, event: InputEvent) -> None:
        raise NotImplementedError

    def _tick(self) -> None:
        if os.environ.get("CRASHY_FIXED"):
            pass
        elif self.frame == 3 and self.seed == 2:
            os._exit(17)  # a worker that dies (as a crash in C code or the OOM killer would)
        elif self.frame == 3 and self.seed == 3:
            raise RuntimeError("the rules tripped over seed 3")
        elif self.frame == 3 and self.seed == 9:
            leave_the_cluster()
        if self.frame == 5:
            self._outcome = Outcome("only", "done")

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    def state_json(self) -> Mapping[str, Any]:
        return {"seed": self.seed}


def leave_the_cluster() -> None:
    """Close this Dask worker and its nanny (no restart), and never return before they end."""
    import threading

    from distributed import get_worker

    worker = get_worker()
    worker.loop.add_callback(
        worker.close, nanny=True, executor_wait=False, reason="the test game left"
    )
    threading.Event().wait(600)  # the worker process ends under this job
    raise RuntimeError("the worker did not close within 600 s")


GAME = GameSpec(
    id="crashy",
    title="Crashy",
    blurb="a test game",
    help_text="",
    seat_names=("only",),
    min_seats=1,
    make_session=CrashySession,
    view_module="",
    physics=False,
)
