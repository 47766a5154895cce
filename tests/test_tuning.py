"""The constants panel's rules without a window (games/runs/tuning.py): edits, refusals, reset,
undo, and Save's round trips through files that keep every comment."""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from datafiles.assets import default_config_path
from games.runs.tuning import BUILT_IN, PANEL_SOURCE, SaveRefused, Tuner, TuneRefused, save_changes
from physics.config import load_config


def comment_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.lstrip().startswith("#") or " #" in line]


def tuner_for(path: Path | None = None) -> Tuner:
    return Tuner(load_config(path))


def test_a_copy_of_the_shipped_file_keeps_every_comment_through_a_save(tmp_path: Path) -> None:
    user = tmp_path / "physics.toml"
    original = default_config_path().read_text(encoding="utf-8")
    user.write_text(original, encoding="utf-8")
    tuner = tuner_for(user)
    tuner.set("world.gravity", 1635.0)
    tuner.set("friction.wood-felt", 0.45)
    tuner.set("world.sleeping", False)
    tuner.set("wallamoppi.count_in_seconds", 1.5)
    save_changes(user, tuner.changed(), tuner.config)

    text = user.read_text(encoding="utf-8")
    assert comment_lines(text) == comment_lines(original)
    changed = [
        line for line in difflib.ndiff(original.splitlines(), text.splitlines())
        if line.startswith(("- ", "+ "))
    ]
    assert sorted(changed) == sorted(
        [
            "- gravity = 9810.0",
            "+ gravity = 1635.0",
            "- sleeping = true",
            "+ sleeping = false",
            *[line for line in changed if "wood-felt" in line or "count_in_seconds" in line],
        ]
    )
    assert any(line.startswith("+ wood-felt = 0.45") for line in changed)
    assert load_config(user).config == tuner.config


def test_a_new_file_is_made_with_only_the_changed_keys(tmp_path: Path) -> None:
    user = tmp_path / "new" / "physics.toml"
    tuner = tuner_for()
    tuner.set("grab.max_speed", 2500.0)
    tuner.set("sound.voices", 8)
    save_changes(user, tuner.changed(), tuner.config)
    text = user.read_text(encoding="utf-8")
    assert "[grab]\nmax_speed = 2500.0" in text and "[sound]\nvoices = 8" in text
    assert "gravity" not in text
    assert load_config(user).config == tuner.config


def test_the_shipped_defaults_are_never_written(tmp_path: Path) -> None:
    before = default_config_path().read_bytes()
    tuner = tuner_for()
    tuner.set("world.gravity", 1000.0)
    with pytest.raises(SaveRefused, match="the shipped defaults are never written"):
        save_changes(default_config_path(), tuner.changed(), tuner.config)
    assert default_config_path().read_bytes() == before


def test_a_broken_user_file_is_refused_and_kept(tmp_path: Path) -> None:
    user = tmp_path / "broken.toml"
    user.write_text("[world\ngravity = 1\n", encoding="utf-8")
    tuner = tuner_for()
    tuner.set("world.gravity", 1000.0)
    with pytest.raises(SaveRefused, match=str(user)):
        save_changes(user, tuner.changed(), tuner.config)
    assert user.read_text(encoding="utf-8") == "[world\ngravity = 1\n"


@pytest.mark.parametrize(
    ("key", "text", "fragment"),
    [
        ("world.gravity", "fast", "world.gravity: is 'fast'; allowed: a number from 0 to 100000"),
        ("world.gravity", "1e6", "allowed: a number from 0 to 100000 (mm/s² downward)"),
        ("world.gravity", "nan", "allowed: a number from 0 to 100000"),
        ("world.substeps", "2.5", "allowed: a whole number from 1 to 64"),
        ("world.sleeping", "maybe", "allowed: true or false"),
        ("friction.wood-felt", "3", "allowed: a number from 0 to 2 (coefficient)"),
        ("pieces.lay_overlap", "0.5", "allowed: 0, or less than world.collision_slop"),  # 2 keys
    ],
)
def test_a_bad_value_is_refused_naming_the_key_and_the_range(
    key: str, text: str, fragment: str
) -> None:
    tuner = tuner_for()
    before = tuner.config
    with pytest.raises(TuneRefused) as refused:
        tuner.set_text(key, text)
    assert fragment in str(refused.value)
    assert "\n" not in str(refused.value)
    assert tuner.config is before and not tuner.history


def test_typed_values_take_the_keys_kind() -> None:
    tuner = tuner_for()
    assert tuner.set_text("world.substeps", "8").world.substeps == 8
    assert tuner.set_text("world.sleeping", "off").world.sleeping is False
    assert tuner.set_text("world.gravity", "1_635").world.gravity == 1635.0


def test_reset_goes_to_the_default_and_undo_takes_back_one_change(tmp_path: Path) -> None:
    user = tmp_path / "mine.toml"
    user.write_text("[world]\ngravity = 2000.0\nsubsteps = 8\n", encoding="utf-8")
    tuner = tuner_for(user)
    assert tuner.source("world.gravity") == str(user)
    assert tuner.source("world.low_stack_iterations") in ("assets/physics.toml", BUILT_IN)
    tuner.reset("world.gravity")
    assert tuner.config.world.gravity == 9810.0
    assert tuner.source("world.gravity") == PANEL_SOURCE
    assert tuner.changed() == {"world.gravity": 9810.0}
    tuner.reset_section("world")
    assert tuner.config.world.substeps == 6
    assert tuner.undo() is not None  # the section as one change
    assert tuner.config.world.substeps == 8 and tuner.config.world.gravity == 9810.0
    tuner.undo()
    assert tuner.config.world.gravity == 2000.0 and not tuner.changed()
    assert tuner.undo() is None


def test_a_key_the_users_file_adds_has_no_default_to_reset_to(tmp_path: Path) -> None:
    user = tmp_path / "oak.toml"
    pairs = "".join(
        f"[{table}]\noak-oak = {value}\n"
        + "".join(f"oak-{other} = {value}\n" for other in ("wood", "glass", "felt"))
        for table, value in (("friction", 0.5), ("restitution", 0.3), ("rolling_resistance", 0.01))
    )
    user.write_text(f"[materials]\noak = 750.0\n{pairs}", encoding="utf-8")
    tuner = tuner_for(user)
    assert tuner.source("materials.oak") == str(user)
    with pytest.raises(TuneRefused, match=r"materials\.oak: has no default"):
        tuner.reset("materials.oak")
    tuner.reset_section("materials")  # the section's other keys still go back
    assert tuner.config.materials["oak"] == 750.0
