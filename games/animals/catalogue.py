"""Read ``assets/animals/animals.toml``: the animals, the template order, the cylinder, the board.

Pure Python (TOML only). A missing or malformed file raises :class:`CatalogueError` whose
message is one line naming the file, the key and what is allowed. The rule engine gets the
:class:`~games.animals.rules.Catalogue`; the scene gets the :class:`Cylinder` and
:class:`Board` sizes in mm.

Checked as strictly as the board files of Dammi il malloppo and Whacky Wit: an unknown key at
any level (the file, a template entry, ``[cylinder]``, ``[board]``) is refused, every value
must have its type (``crocodiles = true`` is no count, ``material = 5`` no material), names and
marks are short printable text, and the template holds :data:`MOST_ANIMALS` animals at most (a
tower of a thousand animals would be a world no game ends in). The cylinder's material must be
one of the shipped config's ``[materials]`` (``physics.toml`` in the assets folder), as the
file's own comment says: so ``wobbletop play`` refuses it before any window opens.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from datafiles.assets import assets_dir, default_config_path
from datafiles.userfile import UserFileError, read_user_toml, shown, shown_path
from games.animals.rules import OPENING_ANIMALS, Animal, Catalogue
from games.core.errors import UserError

COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
MAX_PIECES_BYTES = 256 * 1024
MOST_ANIMALS = 30  # twice the published 15
MOST_CROCODILES = 10
MAX_NAME_CHARS = 24
MAX_MARK_CHARS = 16
FILE_KEYS = ("template", "crocodiles", "crocodile_picture", "cylinder", "board")
ENTRY_KEYS = ("name", "picture")
CYLINDER_KEYS = ("width_mm", "height_mm", "material")
BOARD_LIMITS = (  # key, lowest, highest (mm)
    ("half_width_mm", 50, 1000),
    ("thickness_mm", 1, 50),
    ("stack_x_mm", -1000, 1000),
    ("aside_x_mm", -1000, 1000),
    ("drawn_x_mm", -1000, 1000),
    ("pouch_x_mm", -2000, 2000),
    ("pouch_width_mm", 10, 500),
)


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
    except CatalogueError:
        raise
    except (KeyError, TypeError, ValueError) as error:
        message = f"{error.args[0]}: missing" if isinstance(error, KeyError) else str(error)
        raise CatalogueError(f"{shown_path(path)}: {message}") from None


def _known(table: Any, where: str, allowed: tuple[str, ...]) -> dict[str, Any]:
    """``table`` if it is a table of only ``allowed`` keys (all present), else a ValueError."""
    if not isinstance(table, dict):
        raise ValueError(f"{where or 'the file'}: is {shown(table)}; allowed: a table of "
                         f"{', '.join(allowed)}")
    prefix = f"{where}." if where else ""
    for key in table:
        if key not in allowed:
            raise ValueError(f"{prefix}{shown(key)[1:-1]}: unknown key; allowed: "
                             f"{', '.join(allowed)}")
    for key in allowed:
        if key not in table:
            raise ValueError(f"{prefix}{key}: missing; allowed: {', '.join(allowed)}")
    return table


def _text(value: Any, key: str, most: int, what: str) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > most or not (
        value.isprintable()
    ):
        raise ValueError(f"{key}: is {shown(value)}; allowed: {what} of 1 to {most} printable "
                         "characters")
    return value


def _picture(value: Any, key: str) -> tuple[str, str]:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not isinstance(value[0], str)
        or not COLOUR.fullmatch(value[0])
        or not isinstance(value[1], str)
    ):
        raise ValueError(f'{key}: is {shown(value)}; allowed: ["#rrggbb", "a short mark"]')
    return value[0], _text(value[1], f"{key}[1]", MAX_MARK_CHARS, "a mark")


def _number(table: dict[str, Any], key: str, section: str, low: float, high: float) -> float:
    value = table[key]
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise ValueError(
            f"{section}.{key}: is {shown(value)}; allowed: a number from {low} to {high}"
        )
    return float(value)


def _material(value: Any) -> str:
    """The cylinder's material: a name among the shipped config's ``[materials]``."""
    known = shipped_materials()
    if not isinstance(value, str) or value not in known:
        raise ValueError(
            f"cylinder.material: is {shown(value)}; allowed: a material of "
            f"{shown_path(default_config_path())} [materials]: {', '.join(known)}"
        )
    return value


def shipped_materials() -> list[str]:
    """The material names of the shipped config (``physics.toml`` in the assets folder)."""
    try:
        data = read_user_toml(default_config_path(), what="config file")
    except UserFileError as error:
        raise CatalogueError(str(error)) from None
    materials = data.get("materials")
    return sorted(str(name) for name in materials) if isinstance(materials, dict) else []


def _parse(data: dict[str, Any]) -> PiecesFile:
    _known(data, "", FILE_KEYS)
    template = data["template"]
    if (
        not isinstance(template, list)
        or not all(isinstance(e, dict) for e in template)
        or not OPENING_ANIMALS <= len(template) <= MOST_ANIMALS
    ):
        raise ValueError(
            f"template: is {shown(template)}; allowed: a list of {OPENING_ANIMALS} to "
            f"{MOST_ANIMALS} tables {{ name, picture }}"
        )
    animals = []
    seen: set[str] = set()
    for index, entry in enumerate(template):
        where = f"template[{index}]"
        _known(entry, where, ENTRY_KEYS)
        name = _text(entry["name"], f"{where}.name", MAX_NAME_CHARS, "a name")
        if name in seen or name.startswith("crocodile"):
            raise ValueError(f"{where}.name: is {shown(name)}; allowed: a name no other piece "
                             "has (and not crocodile…, the crocodiles' names)")
        seen.add(name)
        colour, mark = _picture(entry["picture"], f"{where}.picture")
        animals.append(Animal(name, colour, mark))
    count = data["crocodiles"]
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MOST_CROCODILES:
        raise ValueError(
            f"crocodiles: is {shown(count)}; allowed: a whole number from 0 to {MOST_CROCODILES}"
        )
    colour, mark = _picture(data["crocodile_picture"], "crocodile_picture")
    crocodiles = tuple(Animal(f"crocodile{n + 1}", colour, mark, True) for n in range(count))
    catalogue = Catalogue(tuple(animals), crocodiles)
    cylinder_table = _known(data["cylinder"], "cylinder", CYLINDER_KEYS)
    cylinder = Cylinder(
        _number(cylinder_table, "width_mm", "cylinder", 5, 200),
        _number(cylinder_table, "height_mm", "cylinder", 5, 200),
        _material(cylinder_table["material"]),
    )
    board_table = _known(data["board"], "board", tuple(key for key, _, _ in BOARD_LIMITS))
    board = Board(
        *(_number(board_table, key, "board", low, high) for key, low, high in BOARD_LIMITS)
    )
    return PiecesFile(catalogue, cylinder, board)
