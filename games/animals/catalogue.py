"""Read ``assets/animals/animals.toml``: the animals, the template order, the cylinder, the board.

Pure Python (TOML only). A missing or malformed file raises :class:`CatalogueError` whose
message is one line naming the file and the key. The rule engine gets the
:class:`~games.animals.rules.Catalogue`; the scene gets the :class:`Cylinder` and
:class:`Board` sizes in mm.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from games.animals.rules import Animal, Catalogue
from games.assets import assets_dir
from games.errors import UserError
from games.userfile import UserFileError, read_user_toml, shown_path

COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
MAX_PIECES_BYTES = 256 * 1024


class CatalogueError(UserError):
    """A pieces file that cannot be used; ``str()`` is one line naming the file and key."""


@dataclass(frozen=True)
class Cylinder:
    """Every piece's size seen from the side, mm, and its material."""

    width: float
    height: float
    material: str


@dataclass(frozen=True)
class Board:
    """The game board and the spots on it, mm (x from the table's middle)."""

    half_width: float
    thickness: float
    stack_x: float
    aside_x: float
    drawn_x: float
    pouch_x: float
    pouch_width: float


@dataclass(frozen=True)
class PiecesFile:
    catalogue: Catalogue
    cylinder: Cylinder
    board: Board


def default_path() -> Path:
    return assets_dir() / "animals" / "animals.toml"


def load(path: Path | None = None) -> PiecesFile:
    """The pieces file at ``path`` (default: the assets folder's, looked up on each call so
    ``WOBBLETOP_ASSETS`` set later is seen); read once per path."""
    return _load(path or default_path())


@lru_cache(maxsize=4)
def _load(path: Path) -> PiecesFile:
    # Anything that is not a regular file of sane size is refused before parsing.
    try:
        data = read_user_toml(path, what="pieces file", max_bytes=MAX_PIECES_BYTES)
    except UserFileError as error:
        raise CatalogueError(str(error)) from None
    try:
        return _parse(data)
    except (KeyError, TypeError, ValueError) as error:
        message = f"{error.args[0]}: missing" if isinstance(error, KeyError) else str(error)
        raise CatalogueError(f"{shown_path(path)}: {message}") from None


def _picture(value: Any, key: str) -> tuple[str, str]:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not isinstance(value[0], str)
        or not COLOUR.fullmatch(value[0])
        or not isinstance(value[1], str)
    ):
        raise ValueError(f'{key}: is {value!r}; allowed: ["#rrggbb", "a short mark"]')
    return value[0], value[1]


def _number(table: dict[str, Any], key: str, section: str, low: float, high: float) -> float:
    value = table[key]
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise ValueError(f"{section}.{key}: is {value!r}; allowed: a number from {low} to {high}")
    return float(value)


def _parse(data: dict[str, Any]) -> PiecesFile:
    template = data["template"]
    if not isinstance(template, list) or not all(isinstance(e, dict) for e in template):
        raise ValueError("template: must be a list of tables { name, picture }")
    animals = []
    for index, entry in enumerate(data["template"]):
        name = entry["name"]
        if not isinstance(name, str) or not name:
            raise ValueError(f"template[{index}].name: is {name!r}; allowed: a name")
        colour, mark = _picture(entry["picture"], f"template[{index}].picture")
        animals.append(Animal(name, colour, mark))
    count = data["crocodiles"]
    if not isinstance(count, int) or not 0 <= count <= 10:
        raise ValueError(f"crocodiles: is {count!r}; allowed: a whole number from 0 to 10")
    colour, mark = _picture(data["crocodile_picture"], "crocodile_picture")
    crocodiles = tuple(Animal(f"crocodile{n + 1}", colour, mark, True) for n in range(count))
    catalogue = Catalogue(tuple(animals), crocodiles)
    cylinder_table = data["cylinder"]
    cylinder = Cylinder(
        _number(cylinder_table, "width_mm", "cylinder", 5, 200),
        _number(cylinder_table, "height_mm", "cylinder", 5, 200),
        str(cylinder_table["material"]),
    )
    board_table = data["board"]
    board = Board(
        *(
            _number(board_table, key, "board", low, high)
            for key, low, high in (
                ("half_width_mm", 50, 1000),
                ("thickness_mm", 1, 50),
                ("stack_x_mm", -1000, 1000),
                ("aside_x_mm", -1000, 1000),
                ("drawn_x_mm", -1000, 1000),
                ("pouch_x_mm", -2000, 2000),
                ("pouch_width_mm", 10, 500),
            )
        )
    )
    return PiecesFile(catalogue, cylinder, board)
