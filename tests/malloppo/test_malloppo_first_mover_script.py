"""scripts/malloppo_first_mover.py: the opening it plays again from a seed is the game's own
(the colour it names is the one that takes the first turn of the whole seeded game), and it
refuses a results file with no Dammi il malloppo game in it."""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType

import pytest

from games.core.protocol import Session
from games.malloppo.rules import Turn
from games.malloppo.session import MalloppoSession
from games.runs.headless import play_headless


@pytest.fixture(scope="module")
def first_mover() -> ModuleType:
    """The script as a module (``scripts/`` is a namespace package of the repository)."""
    return importlib.import_module("scripts.malloppo_first_mover")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_colour_named_takes_the_first_turn_of_the_seeded_game(
    first_mover: ModuleType, players: int
) -> None:
    named = [first_mover.who_begins(seed, players) for seed in range(6)]
    played = []
    for seed in range(6):
        first: list[str] = []

        def note(session: Session, first: list[str] = first) -> None:
            assert isinstance(session, MalloppoSession)
            turn = next(r for r in session.records if isinstance(r.action, Turn))
            first.append(session.state.name(turn.actor))

        play_headless("malloppo", None, seed, players=players, options={"skill": "normal"},
                      after=note)
        played.append(first[0])
    assert named == played
    assert len(set(named)) > 1 or players == 2  # the seeds do not all give one colour


def test_a_file_with_no_malloppo_game_is_refused(
    first_mover: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = tmp_path / "other.csv"
    results.write_text("game,point,seed,players,status,error,seats,winner\n"
                       'stonewall,0,1,2,ok,,"[""red"",""blue""]",red\n', encoding="utf-8")
    assert first_mover.main([str(results)]) == 2
    assert "no finished Dammi il malloppo games" in capsys.readouterr().err
