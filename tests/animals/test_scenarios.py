"""Each shipped Animals scenario replays to its goldens and shows what its name says."""

from __future__ import annotations

from pathlib import Path

import pytest

from datafiles.assets import assets_dir
from games.runs.scenario import run_scenario_file

FOLDER = assets_dir() / "scenarios" / "animals"

EXPECTED = {
    "careful_insert_stands": {"reason": "unfinished", "tower_height": 4, "turns": 1},
    "fast_lift_topples": {"reason": "tower fell", "losers": ["blue"], "turns": 0},
    "correct_doubt_wins": {
        "reason": "stop stacking: wrong order",
        "winners": ["red"],
        "caller": "red",
    },
    "wrong_doubt_loses": {
        "reason": "stop stacking: right order",
        "losers": ["blue"],
        "caller": "blue",
    },
    "crocodile_removes_second_animal": {
        "reason": "unfinished",
        "tower_height": 2,
        "crocodiles": 1,
        "turns": 1,
    },
    "off_centre_drop_topples_after_release": {"reason": "tower fell", "losers": ["blue"]},
}


def test_there_are_at_least_five_scenarios() -> None:
    assert {path.stem for path in FOLDER.glob("*.toml")} == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_scenario_replays_and_shows_what_its_name_says(name: str) -> None:
    _, replayed = run_scenario_file(Path(FOLDER / f"{name}.toml"))
    assert replayed.ok, replayed.differences()
    for key, value in EXPECTED[name].items():
        assert replayed.outcome.get(key) == value, key
