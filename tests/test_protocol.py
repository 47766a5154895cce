"""The game protocol every game plugs into: digests, config inputs, layering, headless specs."""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from games.core import registry
from games.core.protocol import CONFIG_ACTION, GameSpec, InputEvent, InputRefused, SeatKind, Session
from games.runs.headless import drive, frame_limit, new_session, play_headless, seats_for
from physics.config import PhysicsConfig, load_config

REPO_ROOT = Path(__file__).resolve().parent.parent
SHA256_HEX = re.compile(r"^[0-9a-f]{64}$")


def config() -> PhysicsConfig:
    return load_config(None).config


def headless_session(game_id: str, seed: int = 3) -> Session:
    spec = registry.load(game_id)
    return new_session(spec, config(), seed, seats_for(spec, None), spec.headless_options)


def gravity_of(session: Session) -> float:
    """The running world's downward gravity, mm/s² (pymunk holds it as a negative y)."""
    world = session.world
    assert world is not None
    return float(world.space.gravity.y)


def config_input(changed: PhysicsConfig) -> InputEvent:
    return InputEvent(0, CONFIG_ACTION, data={"config": changed.model_dump()})


def with_gravity(base: PhysicsConfig, gravity: float) -> PhysicsConfig:
    return base.model_copy(update={"world": base.world.model_copy(update={"gravity": gravity})})


# -- digests -------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", registry.available())
def test_every_game_digests_its_state_to_64_hex_that_moves_with_the_game(game_id: str) -> None:
    session = headless_session(game_id)
    start = session.digest()
    drive(session, 60)
    later = session.digest()
    assert SHA256_HEX.match(start) and SHA256_HEX.match(later)
    assert later != start


def test_stonewall_digest_covers_the_rules_state_not_only_the_frame() -> None:
    a, b = headless_session("stonewall", seed=1), headless_session("stonewall", seed=2)
    drive(a, 30)
    drive(b, 30)
    assert a.frame == b.frame and a.state_json() != b.state_json()
    assert a.digest() != b.digest()


def test_freeplay_outcome_does_not_repeat_the_digest() -> None:
    result = play_headless("freeplay", None, 0)
    assert result["reason"] == "settled"
    assert SHA256_HEX.match(result["digest"])
    session = headless_session("freeplay", seed=0)
    drive(session, frame_limit(registry.load("freeplay"), config(), None))
    outcome = session.outcome
    assert outcome is not None and "digest" not in outcome.details
    assert "digest" not in session.result()


# -- config inputs ----------------------------------------------------------------------------


def test_a_config_input_changes_the_running_world_and_is_recorded() -> None:
    session = headless_session("freeplay")
    drive(session, 10)
    moon = with_gravity(config(), 1635.0)
    session.handle(config_input(moon))
    assert gravity_of(session) == -1635.0
    assert session.setup.config.world.gravity == 1635.0
    assert session.initial_setup.config.world.gravity == 9810.0  # what the game started with
    recorded = session.recorded[-1]
    assert recorded.action == CONFIG_ACTION and recorded.frame == 10


def test_a_bad_config_input_is_refused_and_changes_nothing() -> None:
    session = headless_session("freeplay")
    data = config().model_dump()
    data["world"]["gravity"] = -5.0
    with pytest.raises(InputRefused, match=r"world\.gravity"):
        session.handle(InputEvent(0, CONFIG_ACTION, data={"config": data}))
    with pytest.raises(InputRefused, match="config"):
        session.handle(InputEvent(0, CONFIG_ACTION, data={}))
    assert gravity_of(session) == -9810.0
    assert all(event.action != CONFIG_ACTION for event in session.recorded)


def test_a_turn_based_game_takes_a_config_input_without_a_world() -> None:
    session = headless_session("stonewall")
    before = session.state_json()
    session.handle(config_input(with_gravity(config(), 2000.0)))
    assert session.world is None and session.setup.config.world.gravity == 2000.0
    assert session.state_json() == before  # the game itself did not move
    assert session.recorded[-1].action == CONFIG_ACTION


# -- headless specs -------------------------------------------------------------------------


def test_headless_limit_is_simulated_seconds_whatever_the_frame_rate() -> None:
    spec = registry.load("wallamoppi")
    assert spec.headless_seconds > 0
    base = config()
    fast = base.model_copy(update={"world": base.world.model_copy(update={"step_hz": 240})})
    limit_120, limit_240 = frame_limit(spec, base, None), frame_limit(spec, fast, None)
    assert limit_240 == 2 * limit_120
    assert limit_120 / base.world.step_hz == pytest.approx(spec.headless_seconds, abs=0.01)


def test_a_game_without_a_limit_stops_at_the_safety_limit() -> None:
    spec = replace(registry.load("wallamoppi"), headless_seconds=0.0)
    assert frame_limit(spec, config(), None) == 600 * config().world.step_hz


def test_headless_options_come_from_the_spec(monkeypatch: pytest.MonkeyPatch) -> None:
    freeplay = registry.load("freeplay")
    assert freeplay.headless_options == {"script": "drop"}
    unscripted: GameSpec = replace(freeplay, headless_options={})
    monkeypatch.setattr(registry, "load", lambda game_id: unscripted)
    result = play_headless("freeplay", None, 0, frames=400)
    assert result["reason"] == "unfinished"  # no script: nothing is dropped, nothing settles


# -- layering -------------------------------------------------------------------------------


def _rules_module(game_id: str) -> str:
    name = f"games.{game_id}.rules"
    return name if importlib.util.find_spec(name) is not None else f"games.{game_id}"


@pytest.mark.parametrize("game_id", registry.available())
def test_a_games_rules_and_spec_load_without_pymunk_or_pygame(game_id: str) -> None:
    code = (
        "import importlib, json, sys\n"
        f"importlib.import_module({_rules_module(game_id)!r})\n"
        "from games.core import registry\n"
        f"spec = registry.load({game_id!r})\n"
        "print(json.dumps([m for m in ('pymunk', 'pygame') if m in sys.modules]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO_ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []


def test_a_headless_run_imports_no_pygame() -> None:
    code = (
        "import json, sys\n"
        "from games.runs.headless import play_headless\n"
        "play_headless('stonewall', None, 1)\n"
        "print(json.dumps('pygame' in sys.modules))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO_ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) is False


@pytest.mark.parametrize("game_id", registry.available())
def test_every_games_file_check_reads_its_shipped_files(game_id: str) -> None:
    spec = registry.load(game_id)
    if spec.check_files is not None:
        spec.check_files()  # the loader its spec names exists and passes the shipped files


def test_every_spec_builds_a_session_of_its_own_game() -> None:
    for game_id in registry.available():
        session = headless_session(game_id)
        assert session.game_id == game_id
        assert SeatKind.COMPUTER in session.setup.seats
