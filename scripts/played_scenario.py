"""Shipped scenarios made by playing: what scripts/animals_scenarios.py and
scripts/wallamoppi_scenarios.py share (not a script of its own).

A scenario is a two-human-seat session played live through ``session.handle`` (so its inputs
are what ``session.recorded`` holds), run on for a moment, saved with the session's game, seed
and options, replayed fresh from the file, and given the replay's goldens.
"""

from __future__ import annotations

from pathlib import Path

from games.physicskit.physics_session import PhysicsSession
from games.runs.scenario import (
    InputRecord,
    Replay,
    Scenario,
    dump_scenario,
    load_scenario,
    replay,
    update_goldens,
)
from tests.table_hand import run


def save_played(
    folder: Path, name: str, description: str, session: PhysicsSession, extra_seconds: float
) -> Replay:
    """``session`` run ``extra_seconds`` more, then saved as ``folder/name.toml`` with the
    goldens of its fresh replay (returned)."""
    run(session, extra_seconds)
    scenario = Scenario(
        game=session.game_id,
        seed=session.seed,
        description=description,
        frames=session.frame,
        stop_at_outcome=True,
        seats=["human", "human"],
        options=dict(session.initial_setup.options),
        input=[InputRecord.model_validate(event.to_json()) for event in session.recorded],
    )
    path = folder / f"{name}.toml"
    path.write_text(dump_scenario(scenario))
    replayed = replay(load_scenario(path), path)
    update_goldens(path, replayed)
    return replayed
