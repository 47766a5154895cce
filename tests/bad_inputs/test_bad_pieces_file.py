"""Bad Animal upon Animal pieces files (``animals/animals.toml`` in the assets folder) through
``wobbletop run animals`` and ``wobbletop play animals``: one line naming the file (and key),
exit code 2, no traceback, nothing written, before any window opens."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.bad_inputs.helpers import refused

REPO_ASSETS = Path(__file__).resolve().parents[2] / "assets"
GOOD = (REPO_ASSETS / "animals" / "animals.toml").read_text(encoding="utf-8")

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
]


def assets_with(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str) -> Path:
    assets = tmp_path / "assets"
    (assets / "animals").mkdir(parents=True)
    shutil.copy(REPO_ASSETS / "physics.toml", assets / "physics.toml")
    pieces = assets / "animals" / "animals.toml"
    pieces.write_text(text, encoding="utf-8")
    monkeypatch.setenv("WOBBLETOP_ASSETS", str(assets))
    return pieces


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
    pieces = assets_with(tmp_path, monkeypatch, GOOD.replace(old, new, 1))
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
    pieces = assets_with(tmp_path, monkeypatch, GOOD)
    pieces.unlink()
    if kind == "folder":
        pieces.mkdir()
    elif kind == "fifo":
        os.mkfifo(pieces)
    elif kind == "huge":
        pieces.write_text(GOOD + "#" * 300_000 + "\n", encoding="utf-8")
    line = refused(capsys, ["run", "animals", "--headless"], pieces)
    assert fragment in line


def test_play_refuses_a_bad_pieces_file_before_any_window(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.test_cli_guards import fake_window

    opened = fake_window(monkeypatch)
    pieces = assets_with(tmp_path, monkeypatch, GOOD.replace("crocodiles = 4", ""))
    line = refused(capsys, ["play", "animals"], pieces)
    assert "crocodiles: missing" in line and opened == []
