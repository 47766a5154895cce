"""The Dammi il malloppo board: its data file and the lookups the rules need. Pure Python.

The board is read from ``malloppo/board.toml`` in the assets folder (the repository's
``assets/`` or the installed copy), or from any file of the same shape, and checked on load:
every mistake is one line naming the file, the key and the rule broken, e.g.
``board.toml: colour[1].start[2]: [8, 4] is already the start square of blue``.

Layout of the default board (9 x 9, x to the right, y downwards; players read columns A-I and
rows 1-9 from the top, so ``[2, 0]`` is ``C1``)::

      A B C D E F G H I
    1 . . R . R . R . .      R red, B blue, G green, Y yellow: the three start
    2 . . . . . . . . .      squares of each colour, in the middle of its own edge,
    3 Y . . . . . . . B      two squares apart
    4 . . . . . . . . .
    5 Y . . . . . . . B
    6 . . . . . . . . .
    7 Y . . . . . . . B
    8 . . . . . . . . .
    9 . . G . G . G . .

Why this board (the rulebook's printed board is not in its text, and NOTES.md found no public
description of it):

* 9 x 9 = 81 squares for at most 12 hands: crowded enough that hands meet and block each
  other, open enough that a hand almost always has somewhere to go. The die moves a hand 1 to 6
  squares (3.5 on average); from the middle of an edge the centre is 4 steps away and the
  opposite edge 8, so every hand can reach striking distance of most others within two turns,
  and the middle of the board (where most coins change hands) is one good roll away.
* Each colour's three start squares lie two apart in the middle of its own edge: no two hands of
  one colour start side by side (so nobody can take a free coin from their own hand on the
  first roll), and neighbouring colours start 4 squares apart round the corner, so the first
  turns can already bring a steal, as the rulebook's examples suggest the game is about.
* A start square is marked in its colour only; after the start it is an ordinary square for
  everyone (rulebook: "not safe squares").
* ``seating`` says which colours play with 2, 3 and 4 players: two players face each other
  across the board, three take three sides. Play goes round in the order of ``colour``
  (clockwise on screen), skipping colours not playing.
* A colour may start elsewhere with 3 players (``start_3``, default ``start``). With three of
  the four edges taken, the middle colour (blue) has both others beside its edge while red and
  green face each other across the empty one: from the edges' middles, between equal computers
  over 1,000 games, blue won 24.5 % and red 40.1 % (the fair band is 30.4-36.3 %). With one
  hand each moved towards the empty edge (red A2, C1, E1) blue still won only 30.9 % of 5,000.
  So with 3 players red and green start with two hands on the empty (yellow) edge and one on
  their own (red A4, A2, D1; green D9, A8, A6), the best of nine placements measured on
  2,000-3,000 games each: over seeds 0-4999 (``wobbletop sweep malloppo_fair`` and
  ``malloppo_fair_more``) red 32.3 %, blue 34.2 %, green 33.4 %, inside the band 32.0-34.6 %.
* With 2 and 4 players every colour starts at its edge's middle: there the board looks the same
  from every seat (each colour's start squares are the previous colour's turned a quarter round,
  in the order of play) and who begins is rolled, so no seat can be favoured. Measured between
  equal computers on seeds 0-4999: red 50.6 % with 2 players, 25.1 / 25.2 / 25.5 / 24.2 % with
  4, all inside the fair bands (docs/computers.md, "Balance between equal computers").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from datafiles.assets import assets_dir
from datafiles.userfile import shown
from games.core.errors import UserError, load_game_file
from games.turnkit.graph import NumberedMoves, numbered_moves
from games.turnkit.grid import Square, orthogonal_steps

DEFAULT_BOARD_PATH = assets_dir() / "malloppo" / "board.toml"
MAX_BOARD_BYTES = 256 * 1024
HANDS_PER_COLOUR = 3
COLOURS = 4
MIN_SIZE, MAX_SIZE = 5, 20
MAX_NAME_CHARS = 16


def default_board_path() -> Path:
    """The board file the game uses: ``malloppo/board.toml`` in the assets folder (looked up on
    each call, so ``WOBBLETOP_ASSETS`` set later is seen)."""
    return assets_dir() / "malloppo" / "board.toml"


class BoardError(UserError):
    """A board file mistake; ``str()`` is one line: file: key: problem."""


@dataclass(frozen=True)
class Board:
    """The fixed features of a board: its size, the colours' start squares, the seating."""

    size: int
    colour_names: tuple[str, ...]  # clockwise; the order of play
    starts: tuple[tuple[Square, ...], ...]  # per colour, its three start squares
    seating: tuple[tuple[str, ...], ...]  # colours playing with 2, 3 and 4 players
    source: str = field(default="<board>", compare=False)
    starts_3: tuple[tuple[Square, ...], ...] = ()  # per colour, with 3 players (() = starts)

    def starts_for(self, players: int) -> tuple[tuple[Square, ...], ...]:
        """Per colour, its start squares in a game of ``players`` players."""
        return self.starts_3 if players == 3 and self.starts_3 else self.starts

    def on_board(self, square: tuple[int, int]) -> bool:
        return 0 <= square[0] < self.size and 0 <= square[1] < self.size

    def colours_for(self, players: int) -> tuple[str, ...]:
        """The colours that play with ``players`` players, in the order of play."""
        return self.seating[players - 2]

    def colour_index(self, name: str) -> int:
        return self.colour_names.index(name)

    @cached_property
    def neighbours(self) -> dict[Square, tuple[Square, ...]]:
        """Every square's orthogonal neighbours (north, east, south, west)."""
        n = self.size
        return {
            Square(x, y): tuple(orthogonal_steps(Square(x, y), n, n))
            for y in range(n)
            for x in range(n)
        }

    @cached_property
    def square_list(self) -> tuple[Square, ...]:
        """Square number ``y * size + x`` -> the square (the engine's move search numbers them)."""
        n = self.size
        return tuple(Square(i % n, i // n) for i in range(n * n))

    @cached_property
    def adjacency(self) -> tuple[tuple[int, ...], ...]:
        """:attr:`neighbours` by square number, in the same order."""
        n = self.size
        return tuple(
            tuple(sq.y * n + sq.x for sq in self.neighbours[square]) for square in self.square_list
        )

    @cached_property
    def moves(self) -> NumberedMoves:
        """:attr:`adjacency` without turning back, as :func:`games.turnkit.graph.indexed_walks`
        walks on it (the rules' "never straight back")."""
        return numbered_moves(self.adjacency, no_turning_back=True)

    def start_colour(self, players: int = 4) -> dict[Square, int]:
        """Start square -> index of the colour that starts there (for drawing only)."""
        return {sq: c for c, squares in enumerate(self.starts_for(players)) for sq in squares}

    def to_json(self) -> dict[str, Any]:
        colours = []
        for i, (name, starts) in enumerate(zip(self.colour_names, self.starts, strict=True)):
            entry: dict[str, Any] = {"name": name, "start": [list(sq) for sq in starts]}
            if self.starts_3 and self.starts_3[i] != starts:
                entry["start_3"] = [list(sq) for sq in self.starts_3[i]]
            colours.append(entry)
        return {
            "size": self.size,
            "colour": colours,
            "seating": {str(i + 2): list(names) for i, names in enumerate(self.seating)},
        }


def load_board(path: str | Path | None = None) -> Board:
    """Read and check a board file (TOML); :class:`BoardError` names the file and key (and
    refuses anything not a regular file of sane size before parsing:
    :func:`games.core.errors.load_game_file`)."""
    board_path = Path(path) if path is not None else default_board_path()
    return load_game_file(board_path, "board file", MAX_BOARD_BYTES, BoardError, board_from_data)


def board_from_data(data: Any, source: str = "<board>") -> Board:
    """Build a :class:`Board` from parsed data, checking every key."""

    def fail(key: str, problem: str) -> Any:
        raise BoardError(f"{source}: {key}: {problem}" if key else f"{source}: {problem}")

    if not isinstance(data, dict):
        fail("", "the board must be a table")
    unknown = sorted(set(data) - {"size", "colour", "seating"})
    if unknown:
        fail(unknown[0], "unknown key; allowed: size, colour, seating")
    size = data.get("size")
    if not isinstance(size, int) or isinstance(size, bool) or not MIN_SIZE <= size <= MAX_SIZE:
        fail("size", f"{size!r} must be a whole number from {MIN_SIZE} to {MAX_SIZE}")
    colours = data.get("colour")
    if not isinstance(colours, list) or not all(isinstance(c, dict) for c in colours):
        fail("colour", "must be a list of tables ([[colour]])")
    if len(colours) != COLOURS:
        fail("colour", f"must have exactly {COLOURS} entries (one per colour), not {len(colours)}")
    names: list[str] = []
    starts: list[tuple[Square, ...]] = []
    starts_3: list[tuple[Square, ...]] = []
    owner: dict[Square, str] = {}
    owner_3: dict[Square, str] = {}

    def start_squares(i: int, key: str, raw: Any, owners: dict[Square, str], name: str,
                      when: str = "") -> tuple[Square, ...]:
        if not isinstance(raw, list) or len(raw) != HANDS_PER_COLOUR:
            fail(f"colour[{i}].{key}", f"must be {HANDS_PER_COLOUR} squares [[x, y], ...]")
        squares: list[Square] = []
        for k, value in enumerate(raw):
            where = f"colour[{i}].{key}[{k}]"
            if (
                not isinstance(value, list)
                or len(value) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            ):
                fail(where, f"{value!r} must be a square [x, y]")
            square = Square(value[0], value[1])
            if not (0 <= square.x < size and 0 <= square.y < size):
                fail(where, f"{value!r} ({square}) is off the {size} x {size} board")
            if square in owners:
                fail(where, f"{value!r} ({square}) is already a start square of "
                            f"{owners[square]}{when}")
            owners[square] = name
            squares.append(square)
        return tuple(squares)

    for i, entry in enumerate(colours):
        extra_keys = sorted(set(entry) - {"name", "start", "start_3"})
        if extra_keys:
            fail(f"colour[{i}].{extra_keys[0]}", "unknown key; allowed: name, start, start_3")
        name = entry.get("name")
        if (
            not isinstance(name, str)
            or not name
            or len(name) > MAX_NAME_CHARS
            or not name.isprintable()
        ):
            fail(
                f"colour[{i}].name",
                f"{shown(name)}: allowed: a name of 1 to {MAX_NAME_CHARS} printable characters",
            )
        if name in names:
            earlier = names.index(name)
            fail(f"colour[{i}].name", f"{name!r} is already the name of colour[{earlier}]")
        names.append(name)
        starts.append(start_squares(i, "start", entry.get("start"), owner, name))
    for i, entry in enumerate(colours):  # with 3 players: start_3, or start where not given
        key = "start_3" if "start_3" in entry else "start"
        starts_3.append(
            start_squares(i, key, entry.get(key), owner_3, names[i], " with 3 players")
        )
    seating_raw = data.get("seating")
    if not isinstance(seating_raw, dict):
        fail("seating", "must be a table with keys 2, 3 and 4 listing the colours that play")
    extra = sorted(set(seating_raw) - {"2", "3", "4"})
    if extra:
        fail(f"seating.{extra[0]}", "unknown key; allowed: 2, 3, 4 (players)")
    seating: list[tuple[str, ...]] = []
    for players in (2, 3, 4):
        key = f"seating.{players}"
        chosen = seating_raw.get(str(players))
        if not isinstance(chosen, list) or len(chosen) != players:
            fail(key, f"must list {players} colour names")
        for name in chosen:
            if name not in names:
                fail(key, f"{name!r} is not a colour; allowed: {', '.join(names)}")
        if len(set(chosen)) != players:
            fail(key, "names a colour twice")
        seating.append(tuple(sorted(chosen, key=names.index)))
    three = tuple(starts_3) if starts_3 != starts else ()
    return Board(size, tuple(names), tuple(starts), tuple(seating), source, three)
