"""The shipped Dammi il malloppo scenarios replay to their goldens and show what their names
say; a hand-written position (TOML has no null) may leave out what is empty."""

from __future__ import annotations

from pathlib import Path

import pytest

from datafiles.assets import assets_dir
from games.malloppo.rules import Phase, State
from games.runs.scenario import run_scenario_file

FOLDER = assets_dir() / "scenarios" / "malloppo"


def outcome(name: str) -> dict[str, object]:
    scenario, replayed = run_scenario_file(FOLDER / name)
    assert scenario.game == "malloppo"
    assert replayed.ok, replayed.differences()
    return replayed.outcome


@pytest.mark.parametrize("path", sorted(FOLDER.glob("*.toml")), ids=lambda p: p.stem)
def test_scenario_reproduces_its_goldens(path: Path) -> None:
    outcome(path.name)


def test_steal_the_last_coin_wins() -> None:
    result = outcome("steal_the_last_coin_wins.toml")
    assert result["winner"] == "red" and result["coins"] == {"red": 5, "green": 0}


def test_odd_roll_last_coin_puts_out() -> None:
    result = outcome("odd_roll_last_coin_puts_out.toml")
    assert result["out_after_turn"] == {"red": 1} and result["coins_paid"]["red"] == 1  # type: ignore[index]


def test_walled_in_roll_unused() -> None:
    result = outcome("walled_in_roll_unused.toml")
    assert result["coins"] == {"red": 3, "green": 4} and result["turns"] == 1


def test_human_takes_from_two_hands() -> None:
    result = outcome("human_takes_from_two_hands.toml")
    assert result["coins_taken"] == {"red": 2, "blue": 0, "green": 0}
    assert result["out_after_turn"] == {"green": 1}


def test_a_hand_written_position_may_leave_out_what_is_empty() -> None:
    state = State.from_json({
        "players": 2, "bank": 20, "phase": "roll", "current": 1,
        "hands": [{"colour": "red", "square": [0, 0], "coins": 2}, {"colour": "red"},
                  {"colour": "red"}, {"colour": "green", "square": [8, 8], "coins": 2},
                  {"colour": "green"}, {"colour": "green"}],
    })
    assert state.phase is Phase.ROLL and state.roll is None and state.squares[1] is None
