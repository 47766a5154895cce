"""The Whacky Wit board: its data file, the maze as a point graph, and the three dice.

Pure Python (no pygame, no pymunk). The board is read from ``whacky/board.toml`` in the assets
folder (:func:`datafiles.assets.assets_dir`), or from any file of the same shape, and checked on
load: every mistake is one line naming the file and the key, e.g.
``board.toml: corridors[3]: 'A5-C7' is not straight (one row or one column)``. A maze of more
than :data:`MOST_POINTS` points is refused: the computers' search would take minutes a game.

The maze is a graph of *points* with grid coordinates ``(x, y)`` (x to the right, y down). A
point is named by a column letter and a row number, ``"J9"`` (games.turnkit.grid's names). Points
come from straight *corridors*: every grid point between a corridor's two ends is a point, and
neighbours along a corridor are joined by a path. Every point holds a dot except Whacky's
start point and the cage.

The default board (``assets/whacky/board.toml``, 19 x 13 points, 152 dots) was designed for
this program, the printed board not being in the rulebook:

* corridors in a rectangle like the wooden board: an outer ring broken by the aisle, two long
  rows (3 and 11) and columns (E and O) crossing the whole maze, short loops near the middle;
  no dead ends, so a monster (which may not turn back) always has a way on;
* four power dots in the corners, far from the cage and the start point;
* Whacky's start point J9 below the cage, in a row with exactly two neighbours (I9, K9): two
  monsters there block every way out (the rulebook's "checkmate", Tricky Situations figure 2);
* the cage J7 in the middle, joined one way to its exit J6 above it, and the corridors beside
  the cage joined to the rows below it (G6, M6): a monster out of the cage is 11 steps from
  the start point's neighbours, so, as on the wooden board, the monsters threaten Whacky from
  the first turns and the checkmate happens in play (by the long way round, 19 steps, the
  opening was never contested and no game between the computers reached a checkmate);
* the aisle across the middle row with its handles A7 and S7 on the board's two edges: for
  Whacky the handles are joined to each other (one step "through the aisle"); a monster at a
  handle may only turn back ("bounce").

Node numbering: points in reading order (row by row, left to right), then the cage last.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from datafiles.assets import assets_dir
from datafiles.userfile import shown
from games.core.errors import UserError, load_game_file
from games.turnkit.grid import square_label

DEFAULT_BOARD_PATH = assets_dir() / "whacky" / "board.toml"
MAX_BOARD_BYTES = 256 * 1024
DIE_FACES = 12
MONSTERS = 4
MAX_NAME_CHARS = 16
# The most points a maze may have: the shipped board has 153. The computers' search grows
# faster than the maze: a game takes about 1 s on the shipped board, 17 s on a 19 x 13 maze of
# every row and column (246 points), a minute at 415 points, and never ends at 26 x 99.
MOST_POINTS = 256
BOARD_KEYS = (
    "columns", "rows", "corridors", "start", "cage", "exit", "handles", "power", "dice", "monster"
)
DICE_KEYS = ("whacky", "monster_number", "monster_colour")
_LABEL = re.compile(r"^([A-Z])([1-9][0-9]?)$")


def default_board_path() -> Path:
    """The board file the game uses: ``whacky/board.toml`` in the assets folder (looked up on
    each call, so ``WOBBLETOP_ASSETS`` set later is seen)."""
    return assets_dir() / "whacky" / "board.toml"


def node_mask(nodes: Iterable[int]) -> int:
    """The bit mask with bit ``n`` set for every node ``n`` of ``nodes``."""
    mask = 0
    for node in nodes:
        mask |= 1 << node
    return mask


class BoardError(UserError):
    """A board file mistake; ``str()`` is one line: file: key: problem."""


def parse_label(text: str) -> tuple[int, int] | None:
    """``"J9"`` -> ``(9, 8)``; None if it is not a point name."""
    match = _LABEL.match(text.strip().upper()) if isinstance(text, str) else None
    if match is None:
        return None
    return ord(match.group(1)) - ord("A"), int(match.group(2)) - 1


@dataclass(frozen=True)
class Board:
    """The maze and the dice; every lookup the rules need is precomputed."""

    columns: int
    rows: int
    coords: tuple[tuple[int, int], ...]  # node -> (x, y); the cage is the last node
    adjacency: tuple[tuple[int, ...], ...]  # maze paths (no aisle wrap, no cage)
    start: int
    cage: int
    exit: int
    handles: tuple[int, int]
    power: frozenset[int]
    corridors: tuple[str, ...]
    whacky_die: tuple[int, ...]
    monster_die: tuple[int, ...]
    colour_die: tuple[int, ...]  # monster index per face
    monster_names: tuple[str, ...]
    monster_colours: tuple[str, ...]
    source: str = field(default="<board>", compare=False)

    # --- points -------------------------------------------------------------------------
    @property
    def node_count(self) -> int:
        return len(self.coords)

    @cached_property
    def labels(self) -> tuple[str, ...]:
        return tuple(square_label(x, y) for x, y in self.coords)

    @cached_property
    def _by_label(self) -> dict[str, int]:
        return {label: node for node, label in enumerate(self.labels)}

    def label(self, node: int) -> str:
        return self.labels[node]

    def node(self, label: str) -> int | None:
        """The node named ``label`` ("J9", any case), or None."""
        return self._by_label.get(label.strip().upper()) if isinstance(label, str) else None

    @cached_property
    def dots(self) -> tuple[int, ...]:
        """Nodes holding a dot (all but the start point and the cage)."""
        return tuple(n for n in range(self.node_count) if n not in (self.start, self.cage))

    @cached_property
    def dot_mask(self) -> int:
        """Bit ``n`` set for every node holding a dot."""
        return node_mask(self.dots)

    @cached_property
    def power_mask(self) -> int:
        return node_mask(self.power)

    # --- moves --------------------------------------------------------------------------
    @cached_property
    def whacky_adjacency(self) -> tuple[tuple[int, ...], ...]:
        """Whacky's steps: the maze paths plus the aisle (handle to handle)."""
        a, b = self.handles
        result = [list(n) for n in self.adjacency]
        result[a].append(b)
        result[b].append(a)
        return tuple(tuple(n) for n in result)

    @cached_property
    def whacky_distances(self) -> tuple[tuple[int, ...], ...]:
        """Fewest of Whacky's steps between every two points (breadth first; the cage and
        points he cannot reach are ``node_count`` away)."""
        n = self.node_count
        rows = []
        for start in range(n):
            row = [n] * n
            row[start] = 0
            frontier = [start]
            while frontier:
                following = []
                for here in frontier:
                    for other in self.whacky_adjacency[here]:
                        if row[other] == n:
                            row[other] = row[here] + 1
                            following.append(other)
                frontier = following
            rows.append(tuple(row))
        return tuple(rows)

    @cached_property
    def _balls(self) -> dict[int, tuple[int, ...]]:
        return {}

    def balls(self, radius: int) -> tuple[int, ...]:
        """Per point, the bit mask of the points at most ``radius`` of Whacky's steps away
        (worked out once per radius)."""
        row = self._balls.get(radius)
        if row is None:
            row = self._balls[radius] = tuple(
                sum(1 << other for other, d in enumerate(distances) if d <= radius)
                for distances in self.whacky_distances
            )
        return row

    def ball(self, node: int, radius: int) -> int:
        """Bit mask of the points at most ``radius`` of Whacky's steps from ``node``."""
        return self.balls(radius)[node]

    @cached_property
    def _whacky_steps(self) -> dict[int, tuple[tuple[tuple[int, int, int], ...], ...]]:
        return {}

    def whacky_steps(self, left: int) -> tuple[tuple[tuple[int, int, int], ...], ...]:
        """Per point, Whacky's steps from it as (next point, its bit, the bit mask of the
        points at most ``left`` steps from the next point), in :attr:`whacky_adjacency`'s
        order: what his best-walk search reads at each step (worked out once per ``left``)."""
        row = self._whacky_steps.get(left)
        if row is None:
            ball = self.balls(left)
            row = self._whacky_steps[left] = tuple(
                tuple((other, 1 << other, ball[other]) for other in neighbours)
                for neighbours in self.whacky_adjacency
            )
        return row

    @cached_property
    def monster_adjacency(self) -> tuple[tuple[int, ...], ...]:
        """The monsters' steps: the maze paths plus the one-way step out of the cage."""
        result = list(self.adjacency)
        result[self.cage] = (self.exit,)
        return tuple(result)

    @cached_property
    def monster_steps(self) -> dict[int, tuple[tuple[int, int], ...]]:
        """A monster's steps by (point, previous point) pair, numbered ``point * width +
        previous`` (``width`` = node_count + 1; previous == node_count: none, the start of a
        move): the (next point, next pair) steps it may take, in :attr:`monster_adjacency`'s
        order, never straight back onto the previous point except at a handle (it bounces).
        Only the pairs a walk can be in (a start, or a step along a path)."""
        width = self.node_count + 1
        table: dict[int, tuple[tuple[int, int], ...]] = {}
        for node, neighbours in enumerate(self.monster_adjacency):
            bounces = node in self.handles
            previous_points = [other for other, its in enumerate(self.monster_adjacency)
                               if node in its]
            for previous in (*previous_points, width - 1):
                table[node * width + previous] = tuple(
                    (following, following * width + node) for following in neighbours
                    if following != previous or bounces
                )
        return table

    # --- dice ---------------------------------------------------------------------------
    def monster_name(self, monster: int) -> str:
        return self.monster_names[monster]

    def monster_index(self, name: str) -> int | None:
        try:
            return self.monster_names.index(name.strip().lower())
        except (ValueError, AttributeError):
            return None

    # --- JSON ---------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The board as the data of its file (a fresh copy each call)."""
        data: dict[str, Any] = json.loads(self._json_text)
        return data

    @cached_property
    def _json_text(self) -> str:
        return json.dumps({
            "columns": self.columns,
            "rows": self.rows,
            "corridors": list(self.corridors),
            "start": self.label(self.start),
            "cage": self.label(self.cage),
            "exit": self.label(self.exit),
            "handles": [self.label(h) for h in self.handles],
            "power": sorted(self.label(p) for p in self.power),
            "dice": {
                "whacky": list(self.whacky_die),
                "monster_number": list(self.monster_die),
                "monster_colour": [self.monster_names[m] for m in self.colour_die],
            },
            "monster": [
                {"name": n, "colour": c}
                for n, c in zip(self.monster_names, self.monster_colours, strict=True)
            ],
        })


def load_board(path: str | Path | None = None) -> Board:
    """Read and check a board file (TOML); :class:`BoardError` names the file and key (and
    refuses anything not a regular file of sane size before parsing:
    :func:`games.core.errors.load_game_file`)."""
    board_path = Path(path) if path is not None else default_board_path()
    return load_game_file(board_path, "board file", MAX_BOARD_BYTES, BoardError, board_from_data)


def board_from_data(data: Any, source: str = "<board>") -> Board:
    """Build a :class:`Board` from parsed data, checking every key."""
    check = _Checker(source)
    if not isinstance(data, dict):
        check.fail("", "the board must be a table")
    check.known(data, "", BOARD_KEYS)
    columns = check.integer(data, "columns", 3, 26)
    rows = check.integer(data, "rows", 3, 99)
    raw = data.get("corridors")
    if not isinstance(raw, list) or not raw:
        check.fail("corridors", "must be a list of corridors like \"A1-I1\"")
    points: set[tuple[int, int]] = set()
    edges: set[tuple[tuple[int, int], tuple[int, int]]] = set()
    for i, text in enumerate(raw):
        ends = text.split("-") if isinstance(text, str) else []
        if len(ends) != 2:
            check.fail(f"corridors[{i}]",
                       f"{text!r} must be two points joined by '-', e.g. \"A1-I1\"")
        a = check.point(ends[0], columns, rows, f"corridors[{i}]")
        b = check.point(ends[1], columns, rows, f"corridors[{i}]")
        if a == b or (a[0] != b[0] and a[1] != b[1]):
            check.fail(f"corridors[{i}]",
                       f"{text!r} is not straight (one row or one column, two different ends)")
        dx, dy = (b[0] > a[0]) - (b[0] < a[0]), (b[1] > a[1]) - (b[1] < a[1])
        here = a
        points.add(here)
        while here != b:
            nxt = (here[0] + dx, here[1] + dy)
            points.add(nxt)
            edges.add((min(here, nxt), max(here, nxt)))
            here = nxt
        if len(points) > MOST_POINTS:
            check.fail(
                f"corridors[{i}]",
                f"the maze has more than {MOST_POINTS} points by here; allowed: a maze of at "
                f"most {MOST_POINTS} points (the shipped one has 153)",
            )
    cage = check.point(data.get("cage"), columns, rows, "cage")
    if cage in points:
        check.fail("cage",
                   f"{square_label(*cage)} is on a corridor; the cage is a point of its own")
    order = sorted(points, key=lambda p: (p[1], p[0]))
    index = {p: n for n, p in enumerate(order)}
    cage_node = len(order)
    coords = (*order, cage)

    def maze_point(key: str) -> int:
        p = check.point(data.get(key), columns, rows, key)
        if p not in index:
            check.fail(key, f"{square_label(*p)} is not a point of any corridor")
        return index[p]

    start = maze_point("start")
    exit_node = maze_point("exit")
    adjacency: list[list[int]] = [[] for _ in coords]
    for p, q in sorted(edges):
        adjacency[index[p]].append(index[q])
        adjacency[index[q]].append(index[p])
    if abs(cage[0] - order[exit_node][0]) + abs(cage[1] - order[exit_node][1]) != 1:
        check.fail("exit", f"{square_label(*order[exit_node])} is not next to the cage "
                           f"{square_label(*cage)}")
    if exit_node == start:
        check.fail("exit", "the cage's exit cannot be Whacky's start point")
    handles_raw = data.get("handles")
    if not isinstance(handles_raw, list) or len(handles_raw) != 2:
        check.fail("handles", "must be the two ends of the aisle, e.g. [\"A7\", \"S7\"]")
    handles: list[int] = []
    for i, label in enumerate(handles_raw):
        p = check.point(label, columns, rows, f"handles[{i}]")
        if p not in index:
            check.fail(f"handles[{i}]", f"{square_label(*p)} is not a point of any corridor")
        if index[p] in (start, exit_node):
            check.fail(f"handles[{i}]", f"{square_label(*p)} is the start point or the cage's exit")
        if len(adjacency[index[p]]) != 1:
            check.fail(f"handles[{i}]", f"{square_label(*p)} must be the end of the aisle "
                                        f"(one path, not {len(adjacency[index[p]])})")
        handles.append(index[p])
    if handles[0] == handles[1]:
        check.fail("handles", "the two handles must be different points")
    power_raw = data.get("power")
    if not isinstance(power_raw, list) or not power_raw:
        check.fail("power", "must be a list of points, e.g. [\"A1\", \"S1\"]")
    power: set[int] = set()
    for i, label in enumerate(power_raw):
        p = check.point(label, columns, rows, f"power[{i}]")
        if p not in index or index[p] == start:
            check.fail(f"power[{i}]", f"{square_label(*p)} is not a dot of the maze")
        power.add(index[p])
    monsters = check.table_list(data, "monster", MONSTERS)
    names: list[str] = []
    colours: list[str] = []
    for i, entry in enumerate(monsters):
        check.known(entry, f"monster[{i}].", ("name", "colour"))
        name: Any = entry.get("name")
        colour: Any = entry.get("colour")
        if (
            not isinstance(name, str)
            or not name.strip()
            or len(name) > MAX_NAME_CHARS
            or not name.isprintable()
        ):
            check.fail(
                f"monster[{i}].name",
                f"{shown(name)}: allowed: a name of 1 to {MAX_NAME_CHARS} printable characters",
            )
        if not isinstance(colour, str) or not re.fullmatch(r"#[0-9a-fA-F]{6}", colour):
            check.fail(f"monster[{i}].colour", f"{colour!r} must be a hex colour like \"#d83a3a\"")
        if name.strip().lower() in names:
            check.fail(f"monster[{i}].name", f"{name!r} is used twice")
        names.append(name.strip().lower())
        colours.append(colour)
    dice = data.get("dice")
    if not isinstance(dice, dict):
        check.fail("dice", "must be a table with whacky, monster_number and monster_colour")
    check.known(dice, "dice.", DICE_KEYS)
    whacky_die = check.faces(dice, "whacky")
    monster_die = check.faces(dice, "monster_number")
    colour_raw = dice.get("monster_colour")
    if not isinstance(colour_raw, list) or len(colour_raw) != DIE_FACES:
        check.fail("dice.monster_colour", f"must list the {DIE_FACES} faces' monster names")
    colour_die: list[int] = []
    for i, name in enumerate(colour_raw):
        if not isinstance(name, str) or name.strip().lower() not in names:
            check.fail(f"dice.monster_colour[{i}]",
                       f"{name!r} is not a monster; allowed: {', '.join(names)}")
        colour_die.append(names.index(name.strip().lower()))
    for m, name in enumerate(names):
        if m not in colour_die:
            check.fail("dice.monster_colour",
                       f"no face shows {name}: that monster could never move")
    board = Board(
        columns, rows, coords, tuple(tuple(a) for a in adjacency), start, cage_node, exit_node,
        (handles[0], handles[1]), frozenset(power), tuple(str(t) for t in raw),
        whacky_die, monster_die, tuple(colour_die), tuple(names), tuple(colours), source,
    )
    _check_connected(board, check)
    return board


def _check_connected(board: Board, check: _Checker) -> None:
    """Every point reachable from the start point (over Whacky's steps)."""
    seen = {board.start}
    frontier = [board.start]
    while frontier:
        node = frontier.pop()
        for other in board.whacky_adjacency[node]:
            if other not in seen:
                seen.add(other)
                frontier.append(other)
    missing = [board.label(n) for n in range(board.node_count - 1) if n not in seen]
    if missing:
        check.fail("corridors", f"{', '.join(missing[:5])} cannot be reached from the start point")


class _Checker:
    """Small helpers that raise one-line :class:`BoardError` messages."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, key: str, problem: str) -> Any:
        raise BoardError(f"{self.source}: {key}: {problem}" if key else f"{self.source}: {problem}")

    def known(self, data: dict[str, Any], prefix: str, allowed: tuple[str, ...]) -> None:
        for key in data:
            if key not in allowed:
                self.fail(prefix + shown(key)[1:-1], f"unknown key; allowed: {', '.join(allowed)}")

    def integer(self, data: dict[str, Any], key: str, low: int, high: int) -> int:
        value = data.get(key)
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            self.fail(key, f"{value!r} must be a whole number from {low} to {high}")
        return int(value)  # type: ignore[arg-type]

    def point(self, value: Any, columns: int, rows: int, key: str) -> tuple[int, int]:
        parsed = parse_label(value) if isinstance(value, str) else None
        if parsed is None:
            self.fail(key, f"{value!r} is not a point name like \"J9\"")
        assert parsed is not None
        if not (parsed[0] < columns and parsed[1] < rows):
            self.fail(key, f"{value!r} is off the {columns} x {rows} board")
        return parsed

    def faces(self, dice: dict[str, Any], key: str) -> tuple[int, ...]:
        value = dice.get(key)
        if (
            not isinstance(value, list)
            or len(value) != DIE_FACES
            or not all(
                isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 20 for v in value
            )
        ):
            self.fail(f"dice.{key}", f"must list {DIE_FACES} faces, each a number from 1 to 20")
        return tuple(value)  # type: ignore[arg-type]

    def table_list(self, data: dict[str, Any], key: str, exact: int) -> list[dict[str, Any]]:
        value = data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            self.fail(key, "must be a list of tables ([[" + key + "]])")
        if len(value) != exact:
            self.fail(key, f"must have exactly {exact} entries, not {len(value)}")
        return list(value)
