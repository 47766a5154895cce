"""The Stonewall board: its data file, its geometry and the value objects Square and Wall.

Pure Python (no pygame, no pymunk). The board is read from ``stonewall/board.toml`` in the assets
folder (:func:`datafiles.assets.assets_dir`: the repository's ``assets/`` or the installed copy), or
from any file of the same shape, and checked on load: every mistake is one line naming the file
and the key, e.g. ``board.toml: arrow[2].direction: 'Q' is not one of N, E, S, W``.

Layout of the default board (9 x 9, x to the right, y downwards)::

      0 1 2 3 4 5 6 7 8
    0 R < . . . . . < B      R, B, G, Y  Start/Finish corners of red, blue, green, yellow
    1 v . . . . . . . ^      < > ^ v     one-way arrow squares
    2 . . . . . . . . .      @           the Roll Again square (four doorways)
    3 . . . . . . . . .
    4 . . . . @ . . . .      Permanent walls: one square long, between each arrow square
    5 . . . . . . . . .      and the square diagonal to its corner, e.g. below [1, 0] and
    6 . . . . . . . . .      right of [0, 1]: eight in all.
    7 v . . . . . . . ^
    8 Y > . . . . . > G

Why this layout: the rulebook's key names "one-way corners" and "eight corner walls". Two
permanent walls and two arrows per corner make each corner a one-way bay: a piece enters the
corner along one edge of the board and leaves along the next (anticlockwise all round), so a
player passing through a Change-a-Wall corner cannot stop short and turn back, and every
corner stays reachable. 9 x 9 gives a single middle square for Roll Again; its four sides are
its doorways. The corners are listed clockwise, so play order follows the list.

Geometry conventions used everywhere:

* A square is ``(x, y)``; internally its index is ``y * size + x``.
* A unit *edge* is the guide-line segment between two orthogonally adjacent squares. A
  horizontal edge ``(c, y)`` (line ``y`` from 1 to size-1) separates ``(c, y-1)`` from ``(c, y)``;
  a vertical edge ``(x, r)`` separates ``(x-1, r)`` from ``(x, r)``.
* A :class:`Wall` is ``length`` unit edges in a row on one guide line: orientation ``"h"`` lies
  on horizontal line ``y`` covering columns ``x .. x+length-1``; ``"v"`` lies on vertical line
  ``x`` covering rows ``y .. y+length-1``. Walls are only placed on inner guide lines (the board
  border is a wall already).
* Grid *points* are the corners of squares, ``(px, py)`` with 0 <= px, py <= size.

For players, squares are named like a chessboard but read from the top: columns are letters
from ``A`` (left) and rows numbers from ``1`` (top), so ``(2, 1)`` is ``C2``; the window writes
the letters and numbers round the board's frame. Walls are described by the squares they
border: ``Wall("h", 2, 2, 2)`` is "the double wall under C2-D2" and ``Wall("v", 3, 0, 1)`` is
"the single wall right of C1" (:meth:`Wall.describe`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from datafiles.assets import assets_dir
from datafiles.userfile import shown
from games.core.errors import UserError, load_game_file
from games.turnkit.grid import DIRECTIONS, Square, square_label

DEFAULT_BOARD_PATH = assets_dir() / "stonewall" / "board.toml"
MAX_BOARD_BYTES = 256 * 1024


def default_board_path() -> Path:
    """The board file the game uses: ``stonewall/board.toml`` in the assets folder (looked up
    on each call, so ``WOBBLETOP_ASSETS`` set later is seen)."""
    return assets_dir() / "stonewall" / "board.toml"


WALL_NAMES = {1: "single", 2: "double", 3: "triple"}


class BoardError(UserError):
    """A board file mistake; ``str()`` is one line: file: key: problem."""


@dataclass(frozen=True, order=True)
class Wall:
    """A straight wall on a guide line (see the module docstring for the coordinates)."""

    orientation: str  # "h" or "v"
    x: int
    y: int
    length: int

    def __str__(self) -> str:
        return f"{self.orientation}{self.length}@({self.x},{self.y})"

    @property
    def kind(self) -> str:
        """"single", "double" or "triple" (other lengths: "4-long" …)."""
        return WALL_NAMES.get(self.length, f"{self.length}-long")

    def describe(self) -> str:
        """The wall in words for players: "the double wall under C2-D2" (see module docstring)."""
        return f"the {self.kind} wall {self.where()}"

    def where(self) -> str:
        """Where the wall lies in players' words: "under C2-D2", "right of B3-B5".

        A horizontal wall is named by the squares above it ("under"), or below it on the top
        line; a vertical one by the squares on its left ("right of"), or on its right on the
        left line.
        """
        last = self.length - 1
        if self.orientation == "h":
            row, side = (self.y - 1, "under") if self.y >= 1 else (self.y, "above")
            first, end = square_label(self.x, row), square_label(self.x + last, row)
        else:
            col, side = (self.x - 1, "right of") if self.x >= 1 else (self.x, "left of")
            first, end = square_label(col, self.y), square_label(col, self.y + last)
        squares = first if first == end else f"{first}-{end}"
        return f"{side} {squares}"

    def to_json(self) -> dict[str, Any]:
        return {"o": self.orientation, "x": self.x, "y": self.y, "len": self.length}

    @classmethod
    def from_json(cls, data: Any) -> Wall:
        try:
            return cls(str(data["o"]), int(data["x"]), int(data["y"]), int(data["len"]))
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"not a wall: {data!r} (want {{o, x, y, len}})") from error

    def points(self) -> list[tuple[int, int]]:
        """The grid points along the wall, end to end."""
        if self.orientation == "h":
            return [(self.x + i, self.y) for i in range(self.length + 1)]
        return [(self.x, self.y + i) for i in range(self.length + 1)]

    def inner_points(self) -> list[tuple[int, int]]:
        """Grid points strictly inside the wall (where a crossing wall would overlap it)."""
        return self.points()[1:-1]


@dataclass(frozen=True)
class Board:
    """The fixed features of a board; all lookups the rules need are precomputed."""

    size: int
    corners: tuple[Square, ...]  # clockwise
    corner_names: tuple[str, ...]
    roll_again: Square
    permanent_edges: frozenset[int]
    arrows: tuple[tuple[Square, str], ...]
    source: str = field(default="<board>", compare=False)

    # --- squares and edges -------------------------------------------------------------
    @property
    def square_count(self) -> int:
        return self.size * self.size

    @property
    def edge_count(self) -> int:
        return 2 * self.size * (self.size - 1)

    def index(self, square: tuple[int, int]) -> int:
        return square[1] * self.size + square[0]

    def square(self, index: int) -> Square:
        return Square(index % self.size, index // self.size)

    def on_board(self, square: tuple[int, int]) -> bool:
        return 0 <= square[0] < self.size and 0 <= square[1] < self.size

    def edge_between(self, a: tuple[int, int], b: tuple[int, int]) -> int:
        """The id of the unit edge between two orthogonally adjacent squares."""
        (ax, ay), (bx, by) = a, b
        n = self.size
        if ax == bx and abs(ay - by) == 1:
            return (max(ay, by) - 1) * n + ax
        if ay == by and abs(ax - bx) == 1:
            return n * (n - 1) + (max(ax, bx) - 1) * n + ay
        raise ValueError(f"squares {a} and {b} are not neighbours")

    def edge_points(self, edge: int) -> tuple[tuple[int, int], tuple[int, int]]:
        """The two grid points at the ends of a unit edge."""
        n = self.size
        if edge < n * (n - 1):
            line, col = divmod(edge, n)
            return (col, line + 1), (col + 1, line + 1)
        line, row = divmod(edge - n * (n - 1), n)
        return (line + 1, row), (line + 1, row + 1)

    def edge_squares(self, edge: int) -> tuple[Square, Square]:
        (px, py), (_, qy) = self.edge_points(edge)
        if py == qy:  # horizontal edge on line py, column px
            return Square(px, py - 1), Square(px, py)
        return Square(px - 1, py), Square(px, py)

    def wall_fits(self, wall: Wall) -> str | None:
        """Why ``wall`` does not lie on an inner guide line of this board, or None if it does."""
        n = self.size
        if wall.orientation not in ("h", "v"):
            return f"wall {wall}: orientation must be 'h' or 'v'"
        if wall.length < 1:
            return f"wall {wall}: length must be at least 1"
        line, start = (wall.y, wall.x) if wall.orientation == "h" else (wall.x, wall.y)
        if not 1 <= line <= n - 1 or start < 0 or start + wall.length > n:
            return f"{wall.describe()} would lie partly off the board"
        return None

    def wall_edges(self, wall: Wall) -> tuple[int, ...]:
        n = self.size
        if wall.orientation == "h":
            return tuple((wall.y - 1) * n + wall.x + i for i in range(wall.length))
        return tuple(n * (n - 1) + (wall.x - 1) * n + wall.y + i for i in range(wall.length))

    def point_index(self, point: tuple[int, int]) -> int:
        return point[1] * (self.size + 1) + point[0]

    def on_border(self, point: tuple[int, int]) -> bool:
        return point[0] in (0, self.size) or point[1] in (0, self.size)

    def to_json(self) -> dict[str, Any]:
        """The board as plain data (a fresh copy each call; serialised once per board)."""
        return json.loads(self._json_text)

    @cached_property
    def _json_text(self) -> str:
        return json.dumps(self._build_json())

    def _build_json(self) -> dict[str, Any]:
        return {
            "size": self.size,
            "roll_again": list(self.roll_again),
            "corner": [
                {"name": name, "square": list(sq)}
                for name, sq in zip(self.corner_names, self.corners, strict=True)
            ],
            "permanent_wall": [
                {"between": [list(sq) for sq in self.edge_squares(e)]}
                for e in sorted(self.permanent_edges)
            ],
            "arrow": [{"square": list(sq), "direction": d} for sq, d in self.arrows],
        }


def load_board(path: str | Path | None = None) -> Board:
    """Read and check a board file (TOML); :class:`BoardError` names the file and key (and
    refuses anything not a regular file of sane size before parsing:
    :func:`games.core.errors.load_game_file`)."""
    board_path = Path(path) if path is not None else default_board_path()
    return load_game_file(board_path, "board file", MAX_BOARD_BYTES, BoardError, board_from_data)


_TOP_KEYS = ("size", "roll_again", "corner", "permanent_wall", "arrow")
_ENTRY_KEYS = {
    "corner": ("name", "square"),
    "permanent_wall": ("between",),
    "arrow": ("square", "direction"),
}
MAX_NAME_CHARS = 16


def board_from_data(data: Any, source: str = "<board>") -> Board:
    """Build a :class:`Board` from parsed data, checking every key.

    Beyond each key's own shape: the four corners are the board's four corner squares in
    clockwise order, no arrow sits on a corner or the Roll Again square, and the permanent walls
    and arrows leave every square reachable from every square (a walled-in corner is refused).
    """
    check = _Checker(source)
    if not isinstance(data, dict):
        check.fail("", "the board must be a table")
    check.known_keys(data, "", _TOP_KEYS)
    size = check.integer(data, "size", low=5, high=25)
    roll_again = check.square(data, "roll_again", size)
    corners_raw = check.table_list(data, "corner", exact=4)
    for i, entry in enumerate(corners_raw):
        check.known_keys(entry, f"corner[{i}].", _ENTRY_KEYS["corner"])
    names = tuple(check.text(c, f"corner[{i}].name") for i, c in enumerate(corners_raw))
    corners = tuple(
        check.square(c, "square", size, f"corner[{i}].") for i, c in enumerate(corners_raw)
    )
    if len(set(corners)) != 4:
        check.fail("corner", "the four corners must be different squares")
    if len(set(names)) != 4:
        check.fail("corner", "the four corners must have different names")
    _check_corners(check, corners, size)
    if roll_again in corners:
        check.fail("roll_again", f"{roll_again} is a corner; allowed: a square that is not")
    board_stub = Board(size, corners, names, roll_again, frozenset(), (), source)
    permanent: set[int] = set()
    for i, entry in enumerate(check.table_list(data, "permanent_wall")):
        check.known_keys(entry, f"permanent_wall[{i}].", _ENTRY_KEYS["permanent_wall"])
        key = f"permanent_wall[{i}].between"
        pair: Any = entry.get("between")
        if not isinstance(pair, list) or len(pair) != 2:
            check.fail(key, f"{shown(pair)} must be two squares, e.g. [[1, 0], [1, 1]]")
        a = check.square({"s": pair[0]}, "s", size, key + "[0]")
        b = check.square({"s": pair[1]}, "s", size, key + "[1]")
        if abs(a.x - b.x) + abs(a.y - b.y) != 1:
            check.fail(key, f"{a} and {b} are not orthogonal neighbours")
        edge = board_stub.edge_between(a, b)
        if edge in permanent:
            check.fail(key, f"a permanent wall between {a} and {b} is already given")
        permanent.add(edge)
    arrows: list[tuple[Square, str]] = []
    for i, entry in enumerate(check.table_list(data, "arrow")):
        check.known_keys(entry, f"arrow[{i}].", _ENTRY_KEYS["arrow"])
        square = check.square(entry, "square", size, f"arrow[{i}].")
        direction = entry.get("direction")
        if not isinstance(direction, str) or direction not in DIRECTIONS:
            check.fail(f"arrow[{i}].direction", f"{shown(direction)} is not one of N, E, S, W")
        if square in {sq for sq, _ in arrows}:
            check.fail(f"arrow[{i}].square", f"{square} already has an arrow")
        if square in corners or square == roll_again:
            what = "a corner" if square in corners else "the Roll Again square"
            check.fail(f"arrow[{i}].square", f"{square} is {what}; allowed: any other square")
        arrows.append((square, str(direction)))
    board = Board(size, corners, names, roll_again, frozenset(permanent), tuple(arrows), source)
    _check_connected(check, board)
    return board


def _check_corners(check: _Checker, corners: tuple[Square, ...], size: int) -> None:
    last = size - 1
    clockwise = [Square(0, 0), Square(last, 0), Square(last, last), Square(0, last)]
    if set(corners) != set(clockwise):
        wrong = next(i for i, sq in enumerate(corners) if sq not in clockwise)
        check.fail(
            f"corner[{wrong}].square",
            f"{corners[wrong]} is not a corner of the {size} x {size} board; allowed: "
            f"{', '.join(str(sq) for sq in clockwise)}",
        )
    start = clockwise.index(corners[0])
    if list(corners) != clockwise[start:] + clockwise[:start]:
        check.fail("corner", "the four corners must be listed clockwise (as seen on screen)")


def _steps(board: Board) -> list[list[int]]:
    """Each square's neighbours a piece may step to: permanent walls and arrows respected."""
    n = board.size
    arrow_of = {board.index(sq): d for sq, d in board.arrows}
    steps: list[list[int]] = [[] for _ in range(n * n)]
    for i in range(n * n):
        x, y = i % n, i // n
        for d, (dx, dy) in DIRECTIONS.items():
            if not (0 <= x + dx < n and 0 <= y + dy < n):
                continue
            j = (y + dy) * n + x + dx
            if arrow_of.get(i, d) != d or arrow_of.get(j, d) != d:
                continue
            if board.edge_between((x, y), (x + dx, y + dy)) in board.permanent_edges:
                continue
            steps[i].append(j)
    return steps


def _reached(steps: list[list[int]], start: int) -> set[int]:
    seen, stack = {start}, [start]
    while stack:
        for nxt in steps[stack.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return seen


def _check_connected(check: _Checker, board: Board) -> None:
    """Every square must be reachable from every square (the rule walls may never break)."""
    steps = _steps(board)
    back: list[list[int]] = [[] for _ in steps]
    for i, targets in enumerate(steps):
        for j in targets:
            back[j].append(i)
    middle = board.index(board.roll_again)
    into, out_of = _reached(steps, middle), _reached(back, middle)
    for index in range(board.square_count):
        if index in into and index in out_of:
            continue
        square = board.square(index)
        how = (
            "no way into" if index not in into and index in out_of
            else "no way out of" if index in into
            else "no way into or out of"
        )
        named = f"{square} (corner {board.corner_names[board.corners.index(square)]})" if (
            square in board.corners
        ) else str(square)
        check.fail(
            "permanent_wall",
            f"the permanent walls and arrows leave {how} {named}; allowed: walls and arrows "
            "that leave every square reachable from every square",
        )


class _Checker:
    """Small helpers that raise one-line :class:`BoardError` messages."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, key: str, problem: str) -> Any:
        raise BoardError(f"{self.source}: {key}: {problem}" if key else f"{self.source}: {problem}")

    def known_keys(self, data: dict[str, Any], prefix: str, allowed: tuple[str, ...]) -> None:
        for key in data:
            if key not in allowed:
                self.fail(
                    f"{prefix}{shown(key)[1:-1]}",
                    f"unknown key; allowed: {', '.join(allowed)}",
                )

    def integer(self, data: dict[str, Any], key: str, low: int, high: int) -> int:
        value = data.get(key)
        if value is None:
            self.fail(key, f"missing; allowed: a whole number from {low} to {high}")
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            self.fail(key, f"{shown(value)} must be a whole number from {low} to {high}")
        return int(value)  # type: ignore[arg-type]

    def text(self, data: dict[str, Any], key: str) -> str:
        value = data.get(key.rsplit(".", 1)[-1])
        if (
            not isinstance(value, str)
            or not value
            or len(value) > MAX_NAME_CHARS
            or not value.isprintable()
        ):
            self.fail(
                key,
                f"{shown(value)}: allowed: a name of 1 to {MAX_NAME_CHARS} printable characters",
            )
        return str(value)

    def square(self, data: dict[str, Any], key: str, size: int, prefix: str = "") -> Square:
        value = data.get(key)
        name = prefix + key if key != "s" else prefix.rstrip(".")
        if (
            not isinstance(value, list)
            or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        ):
            what = "missing" if value is None else shown(value)
            self.fail(name, f"{what} must be a square [x, y] of whole numbers")
        x, y = value  # type: ignore[misc]
        if not (0 <= x < size and 0 <= y < size):
            self.fail(name, f"{shown(value)} is off the {size} x {size} board")
        return Square(x, y)

    def table_list(
        self, data: dict[str, Any], key: str, exact: int | None = None
    ) -> list[dict[str, Any]]:
        value = data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            self.fail(key, "must be a list of tables ([[" + key + "]])")
        if len(value) > 1000:
            self.fail(key, f"{len(value):,} entries; allowed: at most 1000")
        if exact is not None and len(value) != exact:
            self.fail(key, f"must have exactly {exact} entries, not {len(value)}")
        return list(value)
