"""A scenario's goldens: written back keeping the file, and a mismatch said in words.

No pygame. :func:`with_goldens` rewrites only the values under ``[expect]`` of a scenario
file with ``tomlkit``: every comment, the order of keys and tables and the layout of the rest
stay as they were, and a key of ``[expect]`` that keeps its value keeps its line (a comment
beside a golden survives an update that does not change it).

The goldens of a physics game also hold where every movable body ended
(``[expect.bodies]``: name = [x, y] in mm, rounded to 0.1 µm), so a mismatch can say which
bodies moved and by how many millimetres (:func:`explain`), not only that the digest differs.
A file written before body positions were kept says so in one line (``--update`` adds them).

:func:`outcome_words` is the table's outcome column: the game's reason and winner, or, for a
scenario that stops before the game ends (``reason = "unfinished"``), that it stopped, at which
frame, and how far the game had come (the tower's height, the turns).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import tomlkit
import tomlkit.items

from games.core.protocol import Session
from games.runs.toml_edit import plain, set_value

MOVE_TOLERANCE_MM = 0.001  # a body nearer than this to its golden position has not moved
MOST_BODIES_LISTED = 5
POSITION_DIGITS = 4


def body_positions(session: Session) -> dict[str, list[float]]:
    """Where every movable body of the session's world is (mm), by name; {} without a world."""
    world = session.world
    if world is None:
        return {}
    return {
        name: [round(state[0], POSITION_DIGITS), round(state[1], POSITION_DIGITS)]
        for name, state in world.body_states()
    }


def outcome_words(outcome: Mapping[str, Any]) -> str:
    """The outcome column: ``tower fell (dark)``, or ``stopped at frame 804 (tower 3, 2
    turns)`` for a run that ended before the game did."""
    reason = str(outcome.get("reason", "?"))
    winner = outcome.get("winner")
    if reason != "unfinished":
        return f"{reason} ({winner})" if winner else reason
    how_far = []
    if "tower_height" in outcome:
        how_far.append(f"tower {outcome['tower_height']}")
    if "turns" in outcome:
        turns = outcome["turns"]
        how_far.append(f"{turns} turn{'' if turns == 1 else 's'}")
    if "dots_left" in outcome:
        how_far.append(f"{outcome['dots_left']} dots left")
    detail = f" ({', '.join(how_far)})" if how_far else ""
    return f"stopped at frame {outcome.get('frames', '?')}, game not over{detail}"


def explain(
    wanted: Mapping[str, Any],
    got: Mapping[str, Any],
    wanted_bodies: Mapping[str, list[float]] | None,
    got_bodies: Mapping[str, list[float]],
) -> list[str]:
    """Lines saying which fields of the outcome moved and which bodies, by how many mm."""
    lines = []
    if wanted.get("reason") != got.get("reason") or wanted.get("winner") != got.get("winner"):
        lines.append(f"outcome: expected {outcome_words(wanted)}, got {outcome_words(got)}")
    for key in sorted(set(wanted) | set(got)):
        if key in ("reason", "winner") or wanted.get(key) == got.get(key):
            continue
        before, after = wanted.get(key), got.get(key)
        words = key.replace("_", " ")
        if isinstance(before, (int, float)) and isinstance(after, (int, float)):
            lines.append(f"{words}: expected {before!r}, got {after!r} ({after - before:+g})")
        else:
            lines.append(f"{words}: expected {before!r}, got {after!r}")
    lines.extend(_bodies_moved(wanted_bodies, got_bodies))
    return lines


def _bodies_moved(
    wanted: Mapping[str, list[float]] | None, got: Mapping[str, list[float]]
) -> list[str]:
    if not got:
        return []
    if wanted is None:
        return ["bodies: no positions in the goldens yet (run --update to keep them)"]
    moved: list[tuple[float, str]] = []
    for name in sorted(set(wanted) | set(got)):
        if name not in wanted or name not in got:
            where = "only in this run" if name in got else "missing in this run"
            moved.append((math.inf, f"{name} ({where})"))
            continue
        distance = math.dist(wanted[name], got[name])
        if distance >= MOVE_TOLERANCE_MM:
            moved.append((distance, f"{name} {distance:.3f} mm"))
    if not moved:
        return ["bodies: every body within 0.001 mm of its golden position"]
    moved.sort(key=lambda item: -item[0])
    listed = ", ".join(text for _, text in moved[:MOST_BODIES_LISTED])
    more = len(moved) - MOST_BODIES_LISTED
    tail = f" and {more} more" if more > 0 else ""
    return [f"bodies moved: {len(moved)} of {len(got)}: {listed}{tail}"]


def with_goldens(
    text: str,
    digest: str,
    outcome: Mapping[str, Any],
    bodies: Mapping[str, list[float]] | None = None,
) -> str:
    """A scenario file's ``text`` with the values of ``[expect]`` set to what ran, and every
    other character as it was (the caller writes it: games.runs.scenario.update_goldens)."""
    document = tomlkit.parse(text)
    fresh: dict[str, Any] = {"digest": digest, "outcome": dict(outcome)}
    if bodies:
        fresh["bodies"] = dict(bodies)
    expect = document.get("expect")
    if not isinstance(expect, (tomlkit.items.Table, dict)):
        if "expect" in document:
            del document["expect"]
        if not text.endswith("\n\n"):
            document.add(tomlkit.nl())
        document.add("expect", _as_table(fresh))
    else:
        _lay_on(expect, fresh)
    return tomlkit.dumps(document)


def _as_table(values: Mapping[str, Any]) -> tomlkit.items.Table:
    table = tomlkit.table()
    for key, value in values.items():
        if isinstance(value, Mapping):
            table.add(key, _as_table(value))
        else:
            table.add(key, value)
    return table


def _lay_on(table: Any, values: Mapping[str, Any]) -> None:
    """Make ``table`` hold exactly ``values``: equal values keep their line, tables recurse."""
    for key in [key for key in table if key not in values]:
        del table[key]
    for key, value in values.items():
        old = table.get(key)
        if isinstance(value, Mapping):
            if isinstance(old, (tomlkit.items.Table, tomlkit.items.InlineTable)):
                _lay_on(old, value)
            else:
                if key in table:
                    del table[key]
                table.add(key, _as_table(value))
        elif old is None or plain(old) != value:
            set_value(table, key, value)
