"""scripts/fuzz_engines.py: a few games of each engine run clean, and a broken invariant is
reported with its seed (the full 10,000-game run is for the developer; numbers in docs/fuzzing.md).
The long versions of the suite's own fuzz tests (scripts/fuzz_stonewall.py, fuzz_malloppo.py,
fuzz_whacky.py) run a few games clean, as a command."""

from __future__ import annotations

import dataclasses
import importlib
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"


@pytest.fixture(scope="module")
def fuzz() -> ModuleType:
    """The script as a module (``scripts/`` is a namespace package of the repository)."""
    return importlib.import_module("scripts.fuzz_engines")


def test_a_short_fuzz_run_is_clean_and_finishes_its_games(
    fuzz: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    assert fuzz.main(["--games", "6", "--physics", "1", "--frames", "150"]) == 0
    rows = {line.split()[0]: line.split() for line in capsys.readouterr().out.splitlines()}
    for engine in ("stonewall", "malloppo", "whacky"):
        games, finished, failures = rows[engine][1], rows[engine][2], rows[engine][4]
        assert (games, finished, failures) == ("6", "6", "0"), engine  # every game ends
    for game in ("freeplay", "wallamoppi", "animals"):
        assert rows[game][1] == "1" and rows[game][4] == "0", game


def test_a_broken_invariant_is_reported_with_its_seed(fuzz: ModuleType) -> None:
    engine = fuzz.stonewall_engine()

    def check(state: object) -> None:
        raise AssertionError("made up")

    tally = fuzz.fuzz_engine(dataclasses.replace(engine, check=check), 2, 40, False)
    assert tally.failures == [
        "stonewall seed 40: AssertionError: made up",
        "stonewall seed 41: AssertionError: made up",
    ]
    assert fuzz.print_failures([tally]) == 1  # the scripts' exit code
    assert fuzz.print_failures([fuzz.Tally()]) == 0


@pytest.mark.parametrize(
    ("script", "args", "rows"),
    [
        ("fuzz_stonewall.py", ["--games", "5", "--whole", "0"], {"short": "5"}),
        ("fuzz_malloppo.py", ["--games", "3", "--players", "2", "4"],
         {"2 players": "3", "4 players": "3"}),
        ("fuzz_whacky.py", ["--games", "2", "--first-seed", "7"], {"whacky": "2"}),
    ],
)
def test_the_long_fuzz_of_a_suite_test_runs_clean_as_a_command(
    script: str, args: list[str], rows: dict[str, str]
) -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPTS / script), *args],
        capture_output=True, text=True, timeout=300, check=False,
    )
    assert done.returncode == 0, done.stderr
    table = {line[:12].strip(): line[12:].split() for line in done.stdout.splitlines()}
    for name, games in rows.items():
        assert table[name][0] == games and table[name][3] == "0", (name, done.stdout)
