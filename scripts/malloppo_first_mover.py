"""Who began each Dammi il malloppo game of a sweep, and how often the one who began won:
``python scripts/malloppo_first_mover.py RESULTS.csv ...``

In Dammi il malloppo no seat moves first: every player rolls once and the highest roll begins
(games/malloppo/rules.py, ``opening``). The sweep's rows do not record who began, but a game's
opening depends on its seed alone (the first die rolls of the game's own dice, drawn before any
computer decides anything), so this script plays each row's opening again from its seed, exactly
as the game does, and prints per player count: how often each colour began, and the share of
games the one who began won, with its 95 % interval (Wilson's, as ``scripts/ladder.py``) and the
fair share's band. Reads the CSV files that ``wobbletop sweep`` writes for ``malloppo_fair`` and
``malloppo_fair_more``; rows that did not finish are left out. Plays no more than the openings.
"""

from __future__ import annotations

import argparse
import csv
import sys
from collections import Counter, defaultdict
from functools import cache
from pathlib import Path
from typing import Any

from games.core import registry
from games.malloppo.rules import Phase
from games.malloppo.session import MalloppoSession
from games.runs.headless import new_session, seats_for
from physics.config import load_config

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ladder import fair_band, pct, wilson  # a sibling script


@cache
def _game() -> tuple[Any, Any]:
    """The game and the physics config a sweep uses (shipped defaults: a sweep never reads the
    user's config)."""
    return registry.load("malloppo"), load_config(None).config


def who_begins(seed: int, players: int) -> str:
    """The colour that begins the seeded game of ``players``: its opening rolled as the game
    rolls it (the session's own dice), nothing after it."""
    spec, config = _game()
    session = new_session(spec, config, seed, seats_for(spec, players), spec.headless_options)
    assert isinstance(session, MalloppoSession)
    state = session.state
    while state.phase is Phase.OPENING:
        state.push(session.roll())
    return state.name(state.current)


def table(rows: list[dict[str, str]]) -> list[str]:
    began: dict[int, Counter[str]] = defaultdict(Counter)
    won: Counter[int] = Counter()
    for row in rows:
        players = int(row["players"])
        first = who_begins(int(row["seed"]), players)
        began[players][first] += 1
        won[players] += first in {w.strip() for w in row["winner"].split(",")}
    lines = [
        "| players | games | who began | the one who began won (95 % interval) | fair band |",
        "|---:|---:|---|---:|---|",
    ]
    for players in sorted(began):
        games = sum(began[players].values())
        low, high = wilson(won[players], games)
        band = fair_band(players, games)
        counts = ", ".join(f"{colour} {n}" for colour, n in began[players].most_common())
        lines.append(
            f"| {players} | {games} | {counts} | {won[players]} ({pct(won[players] / games)}, "
            f"{pct(low)}–{pct(high)}) | {pct(band[0])}–{pct(band[1])} |"
        )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("csv", nargs="+", type=Path, help="results of a Dammi il malloppo sweep")
    args = parser.parse_args(argv)
    for path in args.csv:
        with path.open(newline="", encoding="utf-8") as file:
            rows = [r for r in csv.DictReader(file) if r.get("status") == "ok"]
        if not rows or any(r.get("game") != "malloppo" for r in rows):
            print(f"{path}: no finished Dammi il malloppo games", file=sys.stderr)
            return 2
        print(f"## {path} ({len(rows)} games)\n")
        print("\n".join(table(rows)) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
