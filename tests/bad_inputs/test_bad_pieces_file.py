"""Bad Animal upon Animal pieces files (``animals/animals.toml`` in the assets folder) through
``wobbletop run animals`` and ``wobbletop play animals``: one line naming the file (and key),
exit code 2, no traceback, nothing written, before any window opens.

Written by hand (:data:`EDITS`) and generated from the shipped file (:func:`generated`): every
key at every level (the file, a template entry, ``[cylinder]``, ``[board]``) left out, given a
value of another kind, or joined by an unknown key beside it."""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Any

import pytest
import tomli_w

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

from tests.bad_inputs.helpers import (
    REPO_ASSETS,
    assets_with,
    refused,
    refused_before_any_window,
    spoil,
)

PIECES = "animals/animals.toml"
GOOD = (REPO_ASSETS / PIECES).read_text(encoding="utf-8")

# (id, old text, new text, a fragment the error line must hold)
EDITS = [
    ("crocodiles_text", "crocodiles = 4", 'crocodiles = "four"', "crocodiles"),
    ("crocodiles_missing", "crocodiles = 4", "", "crocodiles: missing"),
    ("picture_not_a_colour", '"#9aa0a8", "trunk"', '"grey", "trunk"', "template[0].picture"),
    ("name_empty", 'name = "elephant"', 'name = ""', "template[0].name"),
    ("template_text", "template = [", 'template = "x"\nold = [', "template"),
    ("bad_toml", "crocodiles = 4", "crocodiles = ", "not valid TOML"),
    ("deep_nesting", "crocodiles = 4", "crocodiles = 4\nx = " + "[" * 3000 + "]" * 3000,
     "nested too deeply"),
    ("material_unknown", 'material = "wood"', 'material = "jelly"', "material"),
    ("huge_integer", "crocodiles = 4", "crocodiles = " + "4" * 5000, "not a usable TOML value"),
    ("crocodiles_boolean", "crocodiles = 4", "crocodiles = true",
     "crocodiles: is True; allowed: a whole number from 0 to 10"),
    ("crocodiles_too_many", "crocodiles = 4", "crocodiles = 11", "crocodiles: is 11; allowed"),
    ("material_number", 'material = "wood"', "material = 5",
     "cylinder.material: is 5; allowed: a material of"),
    ("material_table", 'material = "wood"', 'material = { name = "wood" }',
     "cylinder.material: is {'name': 'wood'}; allowed: a material of"),
    ("material_unknown_names_the_allowed", 'material = "wood"', 'material = "jelly"',
     "cylinder.material: is 'jelly'; allowed: a material of"),
    ("top_unknown_key", "crocodiles = 4", "crocodiles = 4\ncrocodile = 4",
     "crocodile: unknown key; allowed: template, crocodiles, crocodile_picture, cylinder, board"),
    ("entry_unknown_key", '{ name = "bear", picture', '{ name = "bear", weight = 3, picture',
     "template[1].weight: unknown key; allowed: name, picture"),
    ("cylinder_unknown_key", "width_mm = 30.0", "width_mm = 30.0\ndepth_mm = 30.0",
     "cylinder.depth_mm: unknown key; allowed: width_mm, height_mm, material"),
    ("board_unknown_key", "thickness_mm = 8.0", "thickness_mm = 8.0\nthicknes_mm = 8.0",
     "board.thicknes_mm: unknown key; allowed: half_width_mm"),
    ("name_twice", 'name = "bear"', 'name = "elephant"',
     "template[1].name: is 'elephant'; allowed: a name no other piece has"),
    ("name_a_crocodile", 'name = "bear"', 'name = "crocodile1"', "template[1].name"),
    ("name_control_character", 'name = "bear"', 'name = "be\\u001b[2Jar"',
     "template[1].name: is 'be\\x1b[2Jar'; allowed: a name of 1 to 24 printable"),
    ("name_too_long", 'name = "bear"', 'name = "' + "b" * 25 + '"', "template[1].name"),
    ("mark_too_long", '"paws"', '"' + "p" * 17 + '"', "template[1].picture[1]"),
    ("picture_number", '["#7a5232", "paws"]', "7", "template[1].picture: is 7; allowed"),
    ("board_width_boolean", "half_width_mm = 180.0", "half_width_mm = true",
     "board.half_width_mm: is True; allowed: a number from 50 to 1000"),
    ("board_width_nan", "half_width_mm = 180.0", "half_width_mm = nan",
     "board.half_width_mm: is nan"),
    ("cylinder_huge", "width_mm = 30.0", "width_mm = 1e300", "cylinder.width_mm: is 1e+300"),
    ("template_too_long", "template = [",
     "template = [\n" + "".join(
         f'    {{ name = "a{n}", picture = ["#000000", "x"] }},\n' for n in range(30)),
     "template: is [{"),
    ("template_too_short", "template = [",
     'template = [{ name = "a", picture = ["#000000", "x"] }]\nold = [',
     "unknown key"),
]


def generated() -> list[tuple[str, str, str]]:
    """(id, pieces file text, the key the line must name): every key of the shipped file, of
    its first template entry, of [cylinder] and of [board] left out, given a value of another
    kind, or joined by an unknown key."""
    wrong: dict[str, Any] = {
        "missing": None, "text": "x", "boolean": True, "nan": math.nan, "empty_list": [],
        "table": {"a": 1}, "huge": 10**18,
    }  # fmt: skip
    places = {
        "": lambda data: data,
        "template[0]": lambda data: data["template"][0],
        "cylinder": lambda data: data["cylinder"],
        "board": lambda data: data["board"],
    }
    cases = []
    for where, table_of in places.items():
        prefix = f"{where}." if where else ""
        for key in table_of(tomllib.loads(GOOD)):
            for kind, value in wrong.items():
                if kind == "text" and key in ("name", "material"):
                    continue  # "x" is a fine name; an unknown material is in EDITS
                data = tomllib.loads(GOOD)
                if value is None:
                    del table_of(data)[key]
                else:
                    table_of(data)[key] = value
                cases.append((f"{prefix}{key}_{kind}", tomli_w.dumps(data), f"{prefix}{key}"))
        data = tomllib.loads(GOOD)
        table_of(data)["surplus"] = 1
        cases.append((f"{prefix}surplus", tomli_w.dumps(data), f"{prefix}surplus: unknown key"))
    return cases


GENERATED = generated()


@pytest.mark.parametrize(("old", "new", "fragment"), [e[1:] for e in EDITS],
                         ids=[e[0] for e in EDITS])
def test_a_bad_pieces_file_is_one_line_through_the_cli(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    old: str,
    new: str,
    fragment: str,
) -> None:
    assert old in GOOD
    pieces = assets_with(tmp_path, monkeypatch, PIECES, GOOD.replace(old, new, 1))
    line = refused(capsys, ["run", "animals", "--headless"], pieces)
    assert f"{pieces}: " in line and fragment in line


@pytest.mark.parametrize(("kind", "fragment"), [
    ("missing", "no such pieces file"), ("folder", "is a folder"),
    ("fifo", "not a regular file"), ("huge", "allowed: a pieces file of at most"),
])
def test_a_pieces_file_that_is_not_a_good_file_is_one_line(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    kind: str,
    fragment: str,
) -> None:
    pieces = assets_with(tmp_path, monkeypatch, PIECES, GOOD)
    spoil(pieces, kind, GOOD)
    line = refused(capsys, ["run", "animals", "--headless"], pieces)
    assert fragment in line


def test_play_refuses_a_bad_pieces_file_before_any_window(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pieces = assets_with(tmp_path, monkeypatch, PIECES, GOOD.replace("crocodiles = 4", ""))
    line = refused_before_any_window(capsys, monkeypatch, ["play", "animals"], pieces)
    assert "crocodiles: missing" in line


def test_the_generated_corpus_covers_every_level() -> None:
    assert tomllib.loads(GOOD) == tomllib.loads(tomli_w.dumps(tomllib.loads(GOOD)))
    assert len(EDITS) >= 25 and len(GENERATED) >= 100
    for level in ("crocodiles_", "template[0].name_", "cylinder.material_", "board.pouch_x_mm_"):
        assert any(case[0].startswith(level) for case in GENERATED), level


@pytest.mark.parametrize(("text", "key"), [g[1:] for g in GENERATED], ids=[g[0] for g in GENERATED])
def test_a_generated_bad_pieces_file_is_one_line_naming_the_key(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    text: str,
    key: str,
) -> None:
    from games.animals import catalogue

    catalogue._load.cache_clear()
    pieces = assets_with(tmp_path, monkeypatch, PIECES, text)
    line = refused(capsys, ["run", "animals", "--headless"], pieces)
    assert f"{pieces}: {key}" in line and ("allowed" in line or "missing" in line), line


def test_the_shipped_pieces_file_and_its_round_trip_load() -> None:
    from games.animals import catalogue

    shipped = catalogue.load(REPO_ASSETS / PIECES)
    assert shipped.cylinder.material == "wood" and len(shipped.catalogue.template) == 15
    assert len(shipped.catalogue.crocodiles) == 4


def test_play_refuses_an_unknown_material_before_any_window(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pieces = assets_with(tmp_path, monkeypatch, PIECES, GOOD.replace('"wood"', '"jelly"', 1))
    line = refused_before_any_window(capsys, monkeypatch, ["play", "animals"], pieces)
    assert "cylinder.material: is 'jelly'; allowed: a material of" in line
