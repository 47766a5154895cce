"""scripts/fuzz_engines.py: a few games of each engine run clean, and a broken invariant is
reported with its seed (the full 10,000-game run is for the developer; numbers in README)."""

from __future__ import annotations

import dataclasses
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "fuzz_engines.py"


@pytest.fixture(scope="module")
def fuzz() -> ModuleType:
    spec = importlib.util.spec_from_file_location("fuzz_engines", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["fuzz_engines"] = module
    spec.loader.exec_module(module)
    return module


def test_a_short_fuzz_run_is_clean_and_finishes_its_games(
    fuzz: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    assert fuzz.main(["--games", "6", "--physics", "1", "--frames", "150"]) == 0
    rows = {line.split()[0]: line.split() for line in capsys.readouterr().out.splitlines()}
    games, finished, failures = rows["stonewall"][1], rows["stonewall"][2], rows["stonewall"][4]
    assert (games, finished, failures) == ("6", "6", "0")  # the policy ends every game
    assert rows["freeplay"][4] == "0" and rows["wallamoppi"][4] == "0"


def test_a_broken_invariant_is_reported_with_its_seed(fuzz: ModuleType) -> None:
    engine = fuzz.stonewall_engine()

    def check(state: object) -> None:
        raise AssertionError("made up")

    tally = fuzz.fuzz_engine(dataclasses.replace(engine, check=check), 2, 40, False)
    assert tally.failures == [
        "stonewall seed 40: AssertionError: made up",
        "stonewall seed 41: AssertionError: made up",
    ]
