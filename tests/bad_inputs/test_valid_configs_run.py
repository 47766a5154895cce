"""Every config the schema accepts runs: the shipped games play with it to an end, no crash.

The allowed ranges describe settings that run: each value at its minimum together, the
largest pieces, a thick disk, a 30 Hz clock with one substep. Settings that each pass alone
but together would never finish (every solver constant at its maximum) are refused in one line.
A config without a material the pieces are made of is refused as a file and as a live edit
(it used to kill the window with a ``KeyError``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from games.cli import main
from games.core.protocol import CONFIG_ACTION, InputEvent, InputRefused, SessionSetup
from games.runs.scenario import ScenarioError, run_scenario_file
from physics.config import ConfigError, _bounds, _section_model, load_config


def extreme(which: str) -> dict[str, Any]:
    table: dict[str, Any] = {}
    for section in ("world", "pieces", "grab", "wallamoppi"):
        model = _section_model(section)
        assert model is not None
        table[section] = {}
        for name, info in model.model_fields.items():
            if info.annotation is bool:  # a switch has no extremes; it keeps its default
                continue
            low, high = _bounds(info.metadata)
            value = low if which == "min" else high
            table[section][name] = int(value) if info.annotation is int else float(value)  # type: ignore[arg-type]
    table["pieces"]["lay_overlap"] = 0.0
    return table


VALID = {
    "thick_disk": {"pieces": {"disk_thickness": 7.0}},
    "coarse_clock": {"world": {"step_hz": 30, "substeps": 1}},
    "all_minimum": extreme("min"),
    "largest_pieces": {
        "pieces": {
            "disk_diameter": 200.0,
            "disk_thickness": 100.0,
            "cylinder_diameter": 200.0,
            "cylinder_height": 300.0,
            "marble_diameter": 100.0,
        }
    },
}


@pytest.mark.parametrize("name", list(VALID))
@pytest.mark.parametrize("game", ["freeplay", "stonewall", "wallamoppi"])
def test_a_valid_config_plays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, game: str
) -> None:
    path = tmp_path / f"{name}.toml"
    path.write_text(tomli_w.dumps(VALID[name]), encoding="utf-8")
    frames = [] if game != "wallamoppi" else ["--frames", "400"]
    assert main(["run", game, "--headless", "--config", str(path), *frames]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert json.loads(out)["game"] == game


def test_every_solver_constant_at_its_maximum_is_refused_not_run_for_ever(tmp_path: Path) -> None:
    path = tmp_path / "max.toml"
    path.write_text(tomli_w.dumps(extreme("max")), encoding="utf-8")
    with pytest.raises(ConfigError, match=r"at most 600,000 solver iterations per simulated"):
        load_config(path)


def test_a_long_settle_in_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "settle.toml"
    path.write_text("[world]\nsettle_iterations = 1000\nsettle_seconds = 10.0\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"world.settle_iterations: .* allowed: at most"):
        load_config(path)


def without_glass() -> dict[str, Any]:
    table = load_config().config.model_dump()
    del table["materials"]["glass"]
    for pairs in ("friction", "restitution", "rolling_resistance"):
        table[pairs] = {k: v for k, v in table[pairs].items() if "glass" not in k}
    return table


def test_a_defaults_file_without_a_piece_material_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "physics.toml"
    path.write_text(tomli_w.dumps(without_glass()), encoding="utf-8")
    with pytest.raises(ConfigError, match=r"materials.glass: missing: the pieces are made of"):
        load_config(None, default_path=path)


@pytest.mark.parametrize("game", ["freeplay", "wallamoppi"])
def test_a_live_edit_dropping_a_material_is_refused_and_the_game_goes_on(game: str) -> None:
    from games.core import registry

    spec = registry.load(game)
    session = spec.new_session(SessionSetup(config=load_config().config, seed=1))
    with pytest.raises(InputRefused, match=r"materials.glass: missing"):
        session.handle(InputEvent(0, CONFIG_ACTION, data={"config": without_glass()}))
    session.tick()
    assert session.frame == 1


def test_a_scenario_whose_live_edit_drops_a_material_is_broken_not_a_crash(
    tmp_path: Path,
) -> None:
    path = tmp_path / "drop.toml"
    scenario = {
        "game": "freeplay",
        "frames": 5,
        "input": [{"frame": 2, "action": CONFIG_ACTION, "data": {"config": without_glass()}}],
    }
    path.write_text(tomli_w.dumps(scenario), encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"refused: config: .*glass"):
        run_scenario_file(path)
