"""Bad physics config files through the ``wobbletop`` command: every one is one line naming
the file and key, exit code 2, no traceback, and the file unchanged on disk.

Generated from the schema (each numeric key below its minimum, above its maximum, NaN,
infinity, text, a bool) plus the structural mistakes and files that are not files (a FIFO,
``/dev/zero``, a folder, huge files, deep nesting, a 5,000-digit integer, escape codes).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from physics.config import PhysicsConfig, _bounds, _section_model
from tests.bad_inputs.helpers import refused, refused_before_any_window, spoil


def _numeric_cases() -> list[tuple[str, str, str]]:
    cases = []
    for section in ("world", "pieces", "grab", "wallamoppi"):
        model = _section_model(section)
        assert model is not None
        for name, info in model.model_fields.items():
            low, high = _bounds(info.metadata)
            key = f"{section}.{name}"
            whole = info.annotation is int
            if high is not None:
                over = int(high) + 1 if whole else high * 1.5 + 1
                cases.append((f"{key}_above", f"[{section}]\n{name} = {over}\n", key))
            if low is not None and low > 0:
                under = int(low) - 1 if whole else -1.0
                cases.append((f"{key}_below", f"[{section}]\n{name} = {under}\n", key))
            if not whole:
                cases.append((f"{key}_nan", f"[{section}]\n{name} = nan\n", key))
            else:
                cases.append((f"{key}_fraction", f"[{section}]\n{name} = 2.5\n", key))
            cases.append((f"{key}_text", f'[{section}]\n{name} = "7"\n', key))
    return cases


STRUCTURAL = [
    ("unknown_section", "[wrld]\ngravity = 1.0\n", "wrld: unknown section"),
    ("unknown_key", "[world]\ngravty = 1.0\n", "world.gravty: unknown key"),
    ("section_not_table", "world = 5\n", "world: is 5"),
    ("key_outside_section", "gravity = 9810.0\n", "gravity: unknown section"),
    ("inf_gravity", "[world]\ngravity = inf\n", "world.gravity"),
    ("minus_inf_density", "[materials]\nwood = -inf\n", "materials.wood"),
    ("bool_gravity", "[world]\ngravity = true\n", "world.gravity"),
    ("array_gravity", "[world]\ngravity = [1.0]\n", "world.gravity"),
    ("table_gravity", "[world.gravity]\nx = 1\n", "world.gravity"),
    ("material_dash", "[materials]\nred-wood = 500.0\n", "red-wood"),
    ("material_without_pairs", "[materials]\nsteel = 7800.0\n", "steel"),
    ("pair_unknown", "[friction]\nwood-steel = 0.5\n", "friction.wood-steel"),
    ("pair_twice", "[friction]\nfelt-wood = 0.6\n", "given twice"),
    ("pair_three_names", "[friction]\nwood-felt-glass = 0.6\n", "not a pair"),
    ("friction_too_high", "[friction]\nwood-wood = 3.0\n", "friction.wood-wood"),
    ("restitution_negative", "[restitution]\nwood-wood = -0.1\n", "restitution.wood-wood"),
    ("rolling_text", '[rolling_resistance]\nwood-felt = "x"\n', "rolling_resistance"),
    ("overlap_not_below_slop", "[pieces]\nlay_overlap = 0.5\n", "collision_slop"),
    ("duplicate_key", "[world]\ngravity = 1.0\ngravity = 2.0\n", "not valid TOML"),
    ("missing_value", "[world]\ngravity =\n", "not valid TOML"),
    ("newline_in_key", '[world]\n"grav\\nity" = 1.0\n', "unknown key"),
    ("escape_in_key", '[world]\n"\\u001b[2J" = 1.0\n', "unknown key"),
    ("long_key", '[world]\n"' + "k" * 5000 + '" = 1.0\n', "too long"),
    ("long_value", '[world]\ngravity = "' + "v" * 100_000 + '"\n', "characters"),
    ("deep_nesting", "[world]\ngravity = " + "[" * 5000 + "]" * 5000 + "\n", "deep"),
    ("huge_integer", "[world]\nstep_hz = " + "9" * 5000 + "\n", "not a usable TOML value"),
]


CASES = [*_numeric_cases(), *STRUCTURAL]


def test_the_corpus_is_big_enough() -> None:
    assert len(CASES) >= 50
    assert PhysicsConfig.model_fields  # the schema the cases were generated from


@pytest.mark.parametrize(("text", "fragment"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_a_bad_config_is_one_line_naming_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, fragment: str
) -> None:
    path = tmp_path / "user.toml"
    path.write_text(text, encoding="utf-8")
    line = refused(capsys, ["config", "--config", str(path)], path)
    assert f"{path}: " in line
    assert fragment in line, line
    assert "\x1b" not in line


def test_a_config_refused_by_config_is_refused_by_run_alike(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "user.toml"
    path.write_text("[world]\ngravity = nan\n", encoding="utf-8")
    line = refused(capsys, ["run", "freeplay", "--headless", "--config", str(path)], path)
    assert "world.gravity" in line


@pytest.mark.parametrize(
    ("kind", "fragment"),
    [
        ("fifo", "not a regular file"),
        ("dev_zero", "not a regular file"),
        ("folder", "is a folder"),
        ("missing", "no such config file"),
        ("huge", "bytes; allowed: a config file of at most"),
        ("not_utf8", "not UTF-8"),
        ("newline_in_path", "no such config file"),
    ],
)
def test_a_config_that_is_not_a_sane_file_is_refused_before_reading(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str, fragment: str
) -> None:
    path = tmp_path / "user.toml"
    if kind == "newline_in_path":
        path = tmp_path / "a\nb\x1b[31m.toml"
    else:
        spoil(path, kind, "[world]\ngravity = 1.0\n", huge_bytes=50 << 20)
    line = refused(capsys, ["config", "--config", str(path)], path)
    assert fragment in line


@pytest.mark.parametrize("value", ["", " "])
def test_an_empty_config_path_is_refused_not_ignored(
    capsys: pytest.CaptureFixture[str], value: str
) -> None:
    line = refused(capsys, ["config", "--config", value])
    assert "--config" in line and "empty" in line


def test_an_empty_record_path_is_refused_not_ignored(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    line = refused_before_any_window(capsys, monkeypatch, ["play", "freeplay", "--record", ""])
    assert "--record" in line and "empty" in line
