"""The computers' measured ladder from sweep results: ``python scripts/ladder.py RESULTS.csv ...``

Reads the CSV files that ``wobbletop sweep`` writes for the ladder sweeps
(``assets/sweeps/ladder_*.toml``, ``malloppo_fair.toml``, ``animals_calls.toml``) and prints,
as Markdown tables (docs/computers.md's rows come from here):

* **head-to-head**: for every two computers that met in 2-player games (each seat both ways
  in the sweep), the games, each one's score (a win 1, a game both win, as a finished Animals
  tower, ½) with its 95 % interval (Wilson's), and how the games ended;
* **equal computers**: where every seat had the same computer, each seat's win rate, and the
  95 % interval of the fair share (1 / players) over that many games: a seat outside it is
  marked (the seat, or the board, decides more than chance allows);
* the share of games in which coins changed hands (Dammi il malloppo, ``coins_taken``) and of
  games ended by a call on a right tower (Animals), where the sweep collected them;
* where the sweep collected ``coins_paid`` (Dammi il malloppo: one coin per odd roll), the
  share of 2-player games won by the luckier roller, the player who paid fewer coins (games
  where both paid alike are left out): how much the dice decide.

A computer is named by its strength (``easy`` / ``normal`` / ``hard``), ``novice`` (the scripted
newcomer of the dice games: any legal turn) or its hand's number (a physics game's weakest
hand, ``0.0``, with ``memory`` added when the sweep set one). Nothing here runs a game.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import sys
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

Z95 = 1.959964


def wilson(successes: float, n: int) -> tuple[float, float]:
    """Wilson's 95 % interval for a proportion (a half point counts as half a success)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + Z95**2 / (2 * n)) / (1 + Z95**2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / (1 + Z95**2 / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def fair_band(players: int, n: int) -> tuple[float, float]:
    """Where a fair seat's win rate falls 95 % of the time over ``n`` games (normal approx.)."""
    p = 1 / players
    half = Z95 * math.sqrt(p * (1 - p) / n)
    return (p - half, p + half)


def pct(x: float) -> str:
    return f"{100 * x:.1f} %"


@dataclass
class Game:
    seats: list[str]
    labels: list[str]  # the computer in each seat
    winners: set[str]
    reason: str
    players: int
    extra: dict[str, Any] = field(default_factory=dict)


def _labels(row: dict[str, str], seats: list[str]) -> list[str]:
    def cell(key: str) -> Any:
        text = row.get(key) or ""
        try:
            return json.loads(text) if text else None
        except json.JSONDecodeError:
            return text  # a plain word

    skill, bots, memory = cell("options.skill"), cell("options.bots"), cell("options.memory")
    values: list[Any]
    if isinstance(bots, list) and bots:
        values = bots + ["normal"] * (len(seats) - len(bots))
    elif isinstance(skill, list):
        values = skill
    elif isinstance(skill, dict):
        values = [skill.get(seat, "normal") for seat in seats]
    else:
        values = [skill or "normal"] * len(seats)
    labels = [str(v) if isinstance(v, str) else f"hand {v:g}" for v in values]
    if isinstance(memory, dict):
        labels = [
            f"{label}, memory {memory[seat]:g}" if seat in memory else label
            for label, seat in zip(labels, seats, strict=True)
        ]
    return labels


def read(paths: Iterable[Path]) -> list[Game]:
    games = []
    for path in paths:
        with path.open(newline="", encoding="utf-8") as file:
            for row in csv.DictReader(file):
                if row.get("status") != "ok":
                    continue
                seats = json.loads(row["seats"])
                if row.get("winners"):
                    winners = set(json.loads(row["winners"]))
                else:
                    winners = {w.strip() for w in (row.get("winner") or "").split(",") if w}
                extra = {k: row[k] for k in ("coins_taken", "coins_paid", "caller", "game")
                 if row.get(k)}
                games.append(Game(seats, _labels(row, seats), winners, row.get("reason", ""),
                                  int(row["players"]), extra))
    return games


def head_to_head(games: list[Game]) -> list[str]:
    pairs: dict[tuple[str, str], list[Game]] = defaultdict(list)
    for game in games:
        if game.players == 2 and game.labels[0] != game.labels[1]:
            first, second = sorted(game.labels)
            pairs[(first, second)].append(game)
    lines = ["| A v B | games | A's score (95 % interval) | B's score | A wins | B wins | both "
             "| none |", "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for (a, b), group in sorted(pairs.items()):
        wins_a = wins_b = both = none = 0
        for game in group:
            won = [label for label, seat in zip(game.labels, game.seats, strict=True)
                   if seat in game.winners]
            if len(won) == 2:
                both += 1
            elif not won:
                none += 1
            elif won[0] == a:
                wins_a += 1
            else:
                wins_b += 1
        n = len(group)
        score_a = wins_a + both / 2 + none / 2
        low, high = wilson(score_a, n)
        lines.append(
            f"| {a} v {b} | {n} | {pct(score_a / n)} ({pct(low)}–{pct(high)}) "
            f"| {pct(1 - score_a / n)} | {wins_a} | {wins_b} | {both} | {none} |"
        )
    return lines


def equal(games: list[Game]) -> list[str]:
    groups: dict[tuple[str, int], list[Game]] = defaultdict(list)
    for game in games:
        if len(set(game.labels)) == 1:
            groups[(game.labels[0], game.players)].append(game)
    lines = ["| computers | players | games | each seat's win rate (95 % interval) "
             "| fair share's 95 % band | outside |", "|---|---:|---:|---|---|---|"]
    for (label, players), group in sorted(groups.items()):
        n = len(group)
        seats = group[0].seats
        wins = Counter(seat for game in group for seat in game.winners
                       if len(game.winners) == 1)
        low, high = fair_band(players, n)
        rates = []
        outside = []
        for seat in seats:
            rate = wins[seat] / n
            lo, hi = wilson(wins[seat], n)
            rates.append(f"{seat} {pct(rate)} ({pct(lo)}–{pct(hi)})")
            if not low <= rate <= high:
                outside.append(seat)
        shared = sum(1 for game in group if len(game.winners) != 1)
        note = f"; {shared} shared or unfinished" if shared else ""
        lines.append(
            f"| {label} | {players} | {n}{note} | {', '.join(rates)} | {pct(low)}–{pct(high)} "
            f"| {', '.join(outside) or 'none'} |"
        )
    return lines


def endings(games: list[Game]) -> list[str]:
    groups: dict[tuple[str, int], list[Game]] = defaultdict(list)
    for game in games:
        groups[("/".join(sorted(set(game.labels))), game.players)].append(game)
    lines = ["| computers | players | games | how games ended | coins changed hands |",
             "|---|---:|---:|---|---:|"]
    for (label, players), group in sorted(groups.items()):
        n = len(group)
        reasons = Counter(game.reason for game in group)
        ended = "; ".join(f"{reason} {count} ({pct(count / n)})"
                          for reason, count in reasons.most_common())
        coins = "–"
        if all("coins_taken" in game.extra for game in group):
            moved = sum(1 for game in group
                        if sum(json.loads(game.extra["coins_taken"]).values()) > 0)
            lo, hi = wilson(moved, n)
            coins = f"{moved} of {n}: {pct(moved / n)} ({pct(lo)}–{pct(hi)})"
        lines.append(f"| {label} | {players} | {n} | {ended} | {coins} |")
    return lines


def luck(games: list[Game]) -> list[str]:
    """How often the luckier roller (fewer coins paid for odd rolls) won, per pairing."""
    groups: dict[str, list[Game]] = defaultdict(list)
    for game in games:
        if game.players == 2 and "coins_paid" in game.extra and len(game.winners) == 1:
            groups["/".join(sorted(set(game.labels)))].append(game)
    if not groups:
        return []
    lines = ["| computers | games with unequal odd rolls | the luckier roller won |",
             "|---|---:|---:|"]
    for label, group in sorted(groups.items()):
        decided = won = 0
        for game in group:
            paid = json.loads(game.extra["coins_paid"])
            (low, low_paid), (_, high_paid) = sorted(paid.items(), key=lambda kv: kv[1])
            if low_paid == high_paid:
                continue
            decided += 1
            won += low in game.winners
        if decided:
            lo, hi = wilson(won, decided)
            lines.append(f"| {label} | {decided} | {won} ({pct(won / decided)}, "
                         f"{pct(lo)}–{pct(hi)}) |")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("csv", nargs="+", type=Path, help="results of a ladder sweep")
    args = parser.parse_args(argv)
    for path in args.csv:
        games = read([path])
        if not games:
            print(f"{path}: no finished games", file=sys.stderr)
            return 2
        print(f"## {path} ({games[0].extra.get('game', '?')}, {len(games)} games)\n")
        print("Head-to-head (2 players, each seat both ways):\n")
        print("\n".join(head_to_head(games)))
        print("\nEqual computers:\n")
        print("\n".join(equal(games)))
        print("\nHow the games ended:\n")
        print("\n".join(endings(games)) + "\n")
        lucky = luck(games)
        if lucky:
            print("The luckier roller (fewer odd rolls) in 2-player games:\n")
            print("\n".join(lucky) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
