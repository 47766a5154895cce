"""Scenario files checked against the game they name: seat counts, and [config] errors that
read ``FILE: config.KEY: problem`` (the file once, the key as written in the scenario)."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.cli import main
from games.core import registry
from games.runs.scenario import ScenarioError, run_scenario_file


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def one_line(error: pytest.ExceptionInfo[ScenarioError]) -> str:
    message = str(error.value)
    assert "\n" not in message
    return message


@pytest.mark.parametrize(
    ("game", "seats"),
    [("freeplay", []), ("freeplay", ["human", "human"]), ("stonewall", ["human"] * 9)],
)
def test_a_seat_list_that_does_not_fit_the_game_is_one_line(
    tmp_path: Path, game: str, seats: list[str]
) -> None:
    spec = registry.load(game)
    listed = ", ".join(f'"{seat}"' for seat in seats)
    path = write(tmp_path / "seats.toml", f'game = "{game}"\nframes = 3\nseats = [{listed}]\n')
    with pytest.raises(ScenarioError) as caught:
        run_scenario_file(path)
    message = one_line(caught)
    most = len(spec.seat_names)
    allowed = str(most) if spec.min_seats == most else f"{spec.min_seats} to {most}"
    assert message.startswith(f"{path}: seats: {len(seats)} given; allowed: {allowed} seat")
    assert message.endswith(f"for {game}")


def test_a_seat_list_that_fits_is_played(tmp_path: Path) -> None:
    spec = registry.load("stonewall")
    seats = ", ".join(['"human"'] * spec.min_seats)
    path = write(tmp_path / "ok.toml", f'game = "stonewall"\nframes = 3\nseats = [{seats}]\n')
    _, replayed = run_scenario_file(path)
    assert replayed.outcome["frames"] == 3


@pytest.mark.parametrize(
    ("config", "key", "fragment"),
    [
        ("[config.world]\ngravity = nan\n", "config.world.gravity", "NaN and infinity"),
        ("[config.wrld]\ngravity = 1.0\n", "config.wrld", "unknown section"),
        ("[config.world]\ngravty = 1.0\n", "config.world.gravty", "unknown key"),
        ("[config.pieces]\nlay_overlap = 0.5\n", "config.pieces.lay_overlap", "collision_slop"),
    ],
)
def test_a_bad_config_table_names_the_file_once_and_the_key_with_its_prefix(
    tmp_path: Path, config: str, key: str, fragment: str
) -> None:
    path = write(tmp_path / "cfg.toml", 'game = "freeplay"\nframes = 3\n' + config)
    with pytest.raises(ScenarioError) as caught:
        run_scenario_file(path)
    message = one_line(caught)
    assert message.startswith(f"{path}: {key}: ")
    assert message.count(str(path)) == 1
    assert fragment in message


def test_regress_lists_a_bad_config_table_as_file_then_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(
        tmp_path / "cfg_nan.toml", 'game = "freeplay"\nframes = 3\n[config.world]\ngravity = nan\n'
    )
    assert main(["regress", str(tmp_path)]) == 2
    out = capsys.readouterr().out
    detail = [line for line in out.splitlines() if line.startswith("cfg_nan.toml: ")]
    assert detail == [
        "cfg_nan.toml: config.world.gravity: is nan; NaN and infinity are not allowed; "
        "allowed: a number from 0 to 100000 (mm/s² downward)"
    ]


def test_a_scenario_file_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    path = tmp_path / "bom.toml"
    path.write_text('game = "freeplay"\nframes = 4\n', encoding="utf-8-sig")
    scenario, replayed = run_scenario_file(path)
    assert scenario.frames == 4 and replayed.outcome["frames"] == 4
