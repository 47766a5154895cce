"""*Replay with these constants*: the game so far played again from its start with other
physics, beside the game as it was played. No pygame.

The new run is a fresh session of the same game, seed, seats and options, with the panel's
constants from frame 0, fed the same player inputs at the same frames (the inputs a scripted
session makes for itself are made again by its script, :func:`games.runs.scenario.player_inputs`;
the live config edits the game received are left out: they would put the old constants back).
Computer seats decide again in the new physics, as they would have. It runs to the frame the
game has reached, or until it ends sooner; an input the new run refuses (a disk that is no
longer where the player grabbed it) ends it there, and :attr:`Run.note` says so.
"""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from games.core.protocol import CONFIG_ACTION, GameSpec, InputRefused, Session
from games.runs.goldens import outcome_words
from games.runs.headless import drive
from games.runs.scenario import expected_outcome, player_inputs
from physics.config import PhysicsConfig

if TYPE_CHECKING:  # pragma: no cover
    from games.runs.replay import ReplayFile


@dataclass(frozen=True)
class Run:
    """One of the two runs: where it ended, its outcome in words and its digest."""

    label: str
    frame: int
    outcome: str
    digest: str
    note: str = ""


def as_played(session: Session) -> Run:
    """The game in front of the player, as it stands."""
    return Run(
        "as played",
        session.frame,
        outcome_words(expected_outcome(session)),
        session.digest(),
    )


class Rerun:
    """The game so far played again with ``config``, a slice at a time (:meth:`work`), so the
    window stays live while a long game is re-simulated; :attr:`runs` once it is done."""

    SLICE_FRAMES = 30

    def __init__(self, spec: GameSpec, session: Session, config: PhysicsConfig) -> None:
        self.source = session  # the game replayed (a replay of another game is dropped)
        self.spec = spec
        self.played = as_played(session)
        self.limit = session.frame
        self.inputs = tuple(
            event for event in player_inputs(session) if event.action != CONFIG_ACTION
        )
        self.left = list(self.inputs)
        self.setup = dataclasses.replace(session.initial_setup, config=config)
        self.session = spec.new_session(self.setup)
        self.note = ""
        self.runs: tuple[Run, Run] | None = None

    @property
    def share_done(self) -> float:
        return self.session.frame / self.limit if self.limit else 1.0

    def work(self, seconds: float) -> bool:
        """Run slices of frames for about ``seconds``; True once both runs are known."""
        deadline = time.perf_counter() + seconds
        while self.runs is None:
            again = self.session
            if again.frame >= self.limit or again.outcome is not None:
                self._finish()
                break
            try:  # drive's rules, a slice at a time: the inputs of a slice's last frame too
                self.left = drive(
                    again, min(again.frame + self.SLICE_FRAMES, self.limit), self.left
                )
            except InputRefused as refusal:
                self.note = f"an input at frame {again.frame} was refused here: {refusal}"
                self._finish()
                break
            if time.perf_counter() >= deadline:
                break
        return self.runs is not None

    def _finish(self) -> None:
        again = self.session
        if not self.note and self.left:
            count = len(self.left)
            self.note = f"the game ended at frame {again.frame}; {count} later inputs not played"
        outcome = outcome_words(expected_outcome(again))
        self.runs = (
            self.played,
            Run("with these constants", again.frame, outcome, again.digest(), self.note),
        )


    def to_watch(self) -> ReplayFile:
        """The re-run as a file for the replay window (*Watch*): the same setup and inputs,
        to the same last frame, so it plays back exactly what was compared."""
        from games.runs.replay import ReplayFile
        from games.runs.scenario import Scenario

        scenario = Scenario(game=self.spec.id, seed=self.setup.seed, frames=self.limit)
        return ReplayFile(
            path=Path("replay with these constants"),
            scenario=scenario,
            spec=self.spec,
            setup=self.setup,
            limit=self.limit,
            stop_at_outcome=True,
            events=self.inputs,
        )


def compare(spec: GameSpec, session: Session, config: PhysicsConfig) -> tuple[Run, Run]:
    """(the game as played, the game again with ``config``), in one go."""
    rerun = Rerun(spec, session, config)
    while not rerun.work(60.0):
        pass
    assert rerun.runs is not None
    return rerun.runs
