"""Recordings with live config edits, without a window: the edit is an input at its frame, the
starting config is what the recording's [config] holds, and the user's file is never re-read."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.core import registry
from games.core.protocol import CONFIG_ACTION, InputEvent, SeatKind, Session
from games.runs.headless import drive, new_session
from games.runs.scenario import ScenarioError, load_scenario, replay, write_recording
from physics.config import PhysicsConfig, load_config

LOOSE_DISK = (90.0, 4.0)


def earth() -> PhysicsConfig:
    return load_config(None).config


def with_gravity(base: PhysicsConfig, gravity: float) -> PhysicsConfig:
    return base.model_copy(update={"world": base.world.model_copy(update={"gravity": gravity})})


def freeplay(config: PhysicsConfig) -> Session:
    return new_session(registry.load("freeplay"), config, 0, (SeatKind.HUMAN,), {})


def throw_with_a_gravity_change(session: Session) -> None:
    """Lift a loose disk, lower gravity while it is held, let go, let it land."""
    drive(session, 10)
    session.handle(InputEvent(0, "grab", *LOOSE_DISK))
    drive(session, 20, [InputEvent(15, "move", 90.0, 120.0)])
    change = {"config": with_gravity(session.setup.config, 2000.0).model_dump()}
    session.handle(InputEvent(0, CONFIG_ACTION, data=change))
    drive(session, 40, [InputEvent(30, "release", 150.0, 140.0)])
    drive(session, 120)


def test_a_config_change_mid_game_replays_to_the_same_digest(tmp_path: Path) -> None:
    session = freeplay(earth())
    throw_with_a_gravity_change(session)
    out = tmp_path / "recorded.toml"
    write_recording(out, session, None)

    scenario = load_scenario(out)
    edits = [record for record in scenario.input if record.action == CONFIG_ACTION]
    assert [record.frame for record in edits] == [20]
    replayed = replay(scenario, out)
    assert replayed.digest == session.digest() and replayed.ok

    on_earth = freeplay(earth())
    drive(on_earth, 120, [event for event in session.recorded if event.action != CONFIG_ACTION])
    assert on_earth.digest() != session.digest()  # the change made a difference


def test_the_recording_holds_the_starting_config_not_the_file_on_disk(tmp_path: Path) -> None:
    moon = with_gravity(earth(), 1635.0)
    session = freeplay(moon)
    throw_with_a_gravity_change(session)
    broken = tmp_path / "mine.toml"
    broken.write_text("[world]\ngravity = \n", encoding="utf-8")  # not TOML
    out = tmp_path / "recorded.toml"
    write_recording(out, session, broken)

    scenario = load_scenario(out)
    assert scenario.config == {"world": {"gravity": 1635.0}}
    assert str(broken) in scenario.description
    assert replay(scenario, out).ok


def test_a_config_input_without_its_table_is_a_one_line_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('game = "freeplay"\n[[input]]\nframe = 3\naction = "config"\n')
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    message = str(caught.value)
    assert "\n" not in message and str(path) in message
    assert "input[0]" in message and "data.config" in message


def test_a_config_input_with_a_bad_value_is_refused_at_its_frame(tmp_path: Path) -> None:
    data = earth().model_dump()
    data["world"]["gravity"] = -5.0
    session = freeplay(earth())
    session.recorded.append(InputEvent(7, CONFIG_ACTION, data={"config": data}))
    out = tmp_path / "bad_value.toml"
    session.frame = 10
    write_recording(out, session, None)
    with pytest.raises(ScenarioError) as caught:
        replay(load_scenario(out), out)
    message = str(caught.value)
    assert "\n" not in message and "frame 7" in message and "world.gravity" in message
