"""*Replay with these constants*: the game so far played again from its start with other
physics, beside the game as it was played. No pygame.

The new run is a fresh session of the same game, seed, seats and options, with the panel's
constants from frame 0, fed the same player inputs at the same frames (the inputs a scripted
session makes for itself are made again by its script, :func:`games.scenario.player_inputs`;
the live config edits the game received are left out: they would put the old constants back).
Computer seats decide again in the new physics, as they would have. It runs to the frame the
game has reached, or until it ends sooner; an input the new run refuses (a disk that is no
longer where the player grabbed it) ends it there, and :attr:`Run.note` says so.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from games.goldens import outcome_words
from games.headless import drive
from games.protocol import CONFIG_ACTION, GameSpec, InputRefused, Session
from games.scenario import expected_outcome, player_inputs
from physics.config import PhysicsConfig


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


def rerun(spec: GameSpec, session: Session, config: PhysicsConfig) -> tuple[Run, Session]:
    """The same inputs from the start with ``config``: its :class:`Run` and the new session."""
    inputs = [event for event in player_inputs(session) if event.action != CONFIG_ACTION]
    setup = dataclasses.replace(session.initial_setup, config=config)
    again = spec.new_session(setup)
    note = ""
    try:
        left = drive(again, session.frame, inputs, stop_at_outcome=True)
    except InputRefused as refusal:
        note = f"an input at frame {again.frame} was refused with these constants: {refusal}"
    else:
        if left:
            note = f"the game ended at frame {again.frame}; {len(left)} later inputs not played"
    run = Run(
        "with these constants",
        again.frame,
        outcome_words(expected_outcome(again)),
        again.digest(),
        note,
    )
    return run, again


def compare(spec: GameSpec, session: Session, config: PhysicsConfig) -> tuple[Run, Run]:
    """(the game as played, the game again with ``config``)."""
    return as_played(session), rerun(spec, session, config)[0]
