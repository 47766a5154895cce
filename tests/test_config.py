"""The physics config: layering a user file over the defaults, one-line errors, live reload."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from datafiles.assets import default_config_path
from physics.config import (
    ConfigError,
    changed_keys,
    load_config,
    reload_notice,
    waits_for_restart,
)
from physics.live import ConfigWatcher

BAD_CONFIGS = Path(__file__).parent / "bad_configs"

# Every bad file and a fragment its one-line message must contain (file name is checked apart).
EXPECTED_ERRORS = {
    "unknown_section.toml": "wrld: unknown section; allowed: [world], [materials]",
    "unknown_key.toml": "world.gravty: unknown key; allowed in [world]: gravity, step_hz",
    "wrong_type_string.toml": "world.gravity: is 'fast'; allowed: a number from 0 to 100000",
    "nan_gravity.toml": "world.gravity: is nan; NaN and infinity are not allowed",
    "inf_gravity.toml": "world.gravity: is inf; NaN and infinity are not allowed",
    "density_minus_inf.toml": "materials.wood: is -inf; NaN and infinity are not allowed",
    "substeps_zero.toml": "world.substeps: is 0; allowed: a whole number from 1 to 64",
    "step_hz_too_high.toml": "world.step_hz: is 5000; allowed: a whole number from 30 to 1000",
    "substeps_fraction.toml": "world.substeps: is 2.5; allowed: a whole number",
    "gravity_bool.toml": "world.gravity: is True; allowed: a number",
    "malformed_missing_value.toml": "not valid TOML: Invalid value (at line 2",
    "malformed_duplicate_key.toml": "not valid TOML: Cannot overwrite a value (at line 3",
    "material_without_pairs.toml": "friction.felt-rubber: missing: every pair of materials",
    "pair_of_unknown_material.toml": "friction.wood-steel: not a pair of known materials",
    "friction_too_high.toml": "friction.wood-wood: is 3.0; allowed: a number from 0 to 2",
    "restitution_negative.toml": "restitution.glass-glass: is -0.5; allowed: a number from 0 to 1",
    "density_too_low.toml": "materials.wood: is 5.0; allowed: a number from 10 to 20000 (kg/m³)",
    "density_string.toml": "materials.wood: is 'oak'; allowed: a number",
    "section_not_table.toml": "world: is 5; allowed: a table [world]",
    "key_outside_section.toml": "gravity: unknown section",
    "key_as_table.toml": "world.gravity: is {'value': 1.0}; allowed: a number",
    "overlap_too_big.toml": "pieces.lay_overlap: is 1.5; allowed: a number from 0 to 1 (mm)",
    "grab_speed_negative.toml": "grab.max_speed: is -1.0; allowed: a number from 10 to 100000",
    "pair_given_twice.toml": "friction.wood-felt: given twice (also as felt-wood)",
    "not_utf8.toml": "cannot read: not UTF-8 text",
    "overlap_not_below_slop.toml": (
        "pieces.lay_overlap: is 0.05, not below world.collision_slop = 0.05; "
        "allowed: 0, or less than world.collision_slop"
    ),
    "material_name_with_dash.toml": (
        "materials.hard-wood: not a material name; names may use letters, digits and _"
    ),
}


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_every_bad_file_has_an_expected_message() -> None:
    on_disk = {path.name for path in BAD_CONFIGS.glob("*.toml")}
    assert on_disk == set(EXPECTED_ERRORS)
    assert len(on_disk) >= 15


@pytest.mark.parametrize("name", sorted(EXPECTED_ERRORS))
def test_bad_config_gives_one_line_naming_file_and_key(name: str) -> None:
    path = BAD_CONFIGS / name
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(f"{path}: ")  # the user's file, never the defaults
    assert EXPECTED_ERRORS[name] in message


def test_user_file_overrides_only_what_it_names(tmp_path: Path) -> None:
    user = write(tmp_path / "mine.toml", "[world]\ngravity = 1635.0\n[friction]\nwood-wood = 0.9\n")
    loaded = load_config(user)
    defaults = load_config().config
    assert loaded.config.world.gravity == 1635.0
    assert loaded.config.friction_of("wood", "wood") == 0.9
    assert loaded.config.world.step_hz == defaults.world.step_hz
    assert loaded.config.friction_of("wood", "felt") == defaults.friction_of("wood", "felt")
    assert loaded.sources["world.gravity"] == user
    assert loaded.sources["world.step_hz"] == default_config_path()


def test_user_file_may_add_a_material_with_all_its_pairs(tmp_path: Path) -> None:
    pairs = ["rubber-rubber", "rubber-wood", "glass-rubber", "felt-rubber"]
    text = "[materials]\nrubber = 1100.0\n[friction]\n" + "".join(f"{p} = 1.0\n" for p in pairs)
    text += "[restitution]\n" + "".join(f"{p} = 0.7\n" for p in pairs)
    text += "[rolling_resistance]\n" + "".join(f"{p} = 0.03\n" for p in pairs)
    config = load_config(write(tmp_path / "rubber.toml", text)).config
    assert config.friction_of("wood", "rubber") == 1.0
    assert config.restitution_of("rubber", "glass") == 0.7
    assert config.rolling_resistance_of("felt", "rubber") == 0.03


def test_missing_pair_of_a_new_material_blames_the_user_file_not_the_defaults(
    tmp_path: Path,
) -> None:
    user = write(tmp_path / "rubber.toml", "[materials]\nrubber = 1100.0\n")
    with pytest.raises(ConfigError) as caught:
        load_config(user)
    assert str(caught.value).startswith(f"{user}: ")
    assert str(default_config_path()) not in str(caught.value)


def test_missing_or_folder_config_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"nowhere\.toml: no such config file$"):
        load_config(tmp_path / "nowhere.toml")
    with pytest.raises(ConfigError, match="is a folder; allowed: a TOML file"):
        load_config(tmp_path)


def test_in_memory_overrides_are_named_by_their_source(tmp_path: Path) -> None:
    scenario = tmp_path / "case.toml"
    loaded = load_config(overrides={"world": {"gravity": 100.0}}, overrides_source=scenario)
    assert loaded.config.world.gravity == 100.0
    assert loaded.sources["world.gravity"] == scenario
    with pytest.raises(ConfigError, match=rf"^{scenario}: world.substeps: is 0;"):
        load_config(overrides={"world": {"substeps": 0}}, overrides_source=scenario)


def test_describe_groups_by_section_with_units_and_sources(tmp_path: Path) -> None:
    user = write(tmp_path / "mine.toml", "[world]\ngravity = 1635.0\n")
    lines = list(load_config(user).describe())
    assert "[world]" in lines and "[friction]" in lines
    gravity = next(line for line in lines if line.split()[:1] == ["gravity"])
    assert "1635" in gravity and "mm/s²" in gravity and gravity.endswith(f"from {user}")
    step = next(line for line in lines if line.split()[:1] == ["step_hz"])
    assert "from" not in step  # the defaults are named once, at the top
    assert str(default_config_path()) in lines[0]
    density = next(line for line in lines if line.split()[:1] == ["wood"])
    assert "kg/m³" in density


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def edit(path: Path, text: str, stamp: int) -> None:
    """Write ``text`` and give the file a distinct modification time (ns)."""
    path.write_text(text, encoding="utf-8")
    os.utime(path, ns=(stamp, stamp))


def test_watcher_applies_a_good_edit_and_keeps_the_last_good_on_a_bad_one(tmp_path: Path) -> None:
    user = tmp_path / "live.toml"
    edit(user, "[world]\ngravity = 9810.0\n", 1_000_000_000)
    clock = FakeClock()
    watcher = ConfigWatcher(user, interval=0.5, clock=clock)
    assert watcher.last_good.config.world.gravity == 9810.0

    clock.now = 1.0
    assert watcher.poll() is None  # nothing changed

    edit(user, "[world]\ngravity = 1635.0\n", 2_000_000_000)
    clock.now = 1.2
    assert watcher.poll() is None  # too soon after the last look
    clock.now = 1.6
    assert watcher.poll() is None  # seen; applied once it has stayed the same a while
    clock.now = 2.2
    reloaded = watcher.poll()
    assert not isinstance(reloaded, ConfigError) and reloaded is not None
    assert reloaded.config.world.gravity == 1635.0

    edit(user, "[world]\ngravity = nan\n", 3_000_000_000)
    clock.now = 2.8
    assert watcher.poll() is None
    clock.now = 3.4
    error = watcher.poll()
    assert isinstance(error, ConfigError) and "world.gravity: is nan" in str(error)
    assert watcher.last_good.config.world.gravity == 1635.0
    assert watcher.error is error

    edit(user, "[world\n", 4_000_000_000)
    clock.now = 4.0
    assert watcher.poll() is None
    clock.now = 4.6
    assert isinstance(watcher.poll(), ConfigError)
    assert watcher.last_good.config.world.gravity == 1635.0

    edit(user, "[world]\ngravity = 4905.0\n", 5_000_000_000)
    clock.now = 5.2
    assert watcher.poll() is None
    clock.now = 5.8
    fixed = watcher.poll()
    assert not isinstance(fixed, ConfigError) and fixed is not None
    assert watcher.last_good.config.world.gravity == 4905.0 and watcher.error is None


def test_watcher_survives_the_file_vanishing_during_a_save(tmp_path: Path) -> None:
    user = tmp_path / "live.toml"
    edit(user, "[world]\ngravity = 2000.0\n", 1_000_000_000)
    clock = FakeClock()
    watcher = ConfigWatcher(user, interval=0.5, clock=clock)
    user.unlink()
    clock.now = 1.0
    assert watcher.poll() is None
    clock.now = 1.6
    error = watcher.poll()
    assert isinstance(error, ConfigError) and "no such config file" in str(error)
    assert watcher.last_good.config.world.gravity == 2000.0


def test_a_byte_order_mark_at_the_start_is_accepted(tmp_path: Path) -> None:
    user = tmp_path / "windows.toml"
    user.write_text("[world]\ngravity = 1635.0\n", encoding="utf-8-sig")
    assert user.read_bytes().startswith(b"\xef\xbb\xbf")
    assert load_config(user).config.world.gravity == 1635.0


def test_lowering_the_slop_under_the_default_overlap_blames_the_user_file(tmp_path: Path) -> None:
    user = write(tmp_path / "stiff.toml", "[world]\ncollision_slop = 0.01\n")
    with pytest.raises(ConfigError) as caught:
        load_config(user)
    message = str(caught.value)
    assert message.startswith(f"{user}: pieces.lay_overlap: is 0.02, not below")
    assert "world.collision_slop = 0.01" in message


def test_no_overlap_is_fine_whatever_the_slop(tmp_path: Path) -> None:
    user = write(
        tmp_path / "exact.toml", "[world]\ncollision_slop = 0.0\n[pieces]\nlay_overlap = 0.0\n"
    )
    assert load_config(user).config.pieces.lay_overlap == 0.0


def test_material_names_with_underscores_and_digits_are_fine(tmp_path: Path) -> None:
    pairs = [f"{other}-oak_2" for other in ("wood", "glass", "felt", "oak_2")]
    text = "[materials]\noak_2 = 750.0\n"
    for table, value in (("friction", 0.5), ("restitution", 0.1), ("rolling_resistance", 0.01)):
        text += f"[{table}]\n" + "".join(f"{pair} = {value}\n" for pair in pairs)
    config = load_config(write(tmp_path / "oak.toml", text)).config
    assert config.friction_of("oak_2", "felt") == 0.5


def test_reload_notice_names_the_keys_that_wait_for_a_restart(tmp_path: Path) -> None:
    old = load_config().config
    edits = "[world]\nstep_hz = 240\ngravity = 100.0\n[pieces]\nmarble_diameter = 20.0\n"
    new = load_config(write(tmp_path / "new.toml", edits)).config
    assert changed_keys(old, new) == [
        "pieces.marble_diameter",
        "world.gravity",
        "world.step_hz",
    ]
    assert reload_notice(old, new) == (
        "Config reloaded: pieces.marble_diameter, world.step_hz wait for a restart (F5); "
        "1 other change applied now"
    )
    assert reload_notice(old, old) == "Config reloaded: no value changed"


def test_only_scene_shaping_and_frame_counting_keys_wait_for_a_restart() -> None:
    waits = ["pieces.disk_diameter", "materials.wood", "world.step_hz", "wallamoppi.timer_ramps"]
    live = ["world.gravity", "friction.wood-felt", "grab.max_speed", "wallamoppi.fall_tilt_deg"]
    assert all(waits_for_restart(key) for key in waits)
    assert not any(waits_for_restart(key) for key in live)


def test_watcher_applies_a_save_in_pieces_once_whole(tmp_path: Path) -> None:
    """An editor writing the file in pieces (and emptying it first) applies one edit: the
    final content, once it has stayed the same for the quiet period."""
    user = tmp_path / "live.toml"
    edit(user, "[world]\ngravity = 9810.0\n", 1_000_000_000)
    clock = FakeClock()
    watcher = ConfigWatcher(user, interval=0.1, quiet=0.5, clock=clock)
    applied = []
    for step, text in enumerate(["", "[world]\ngravity = 5", "[world]\ngravity = 50",
                                 "[world]\ngravity = 500", "[world]\ngravity = 5000.0\n"]):
        edit(user, text, 2_000_000_000 + step)
        clock.now += 0.2
        result = watcher.poll()
        if result is not None:
            applied.append(result)
    assert applied == []
    for _ in range(4):
        clock.now += 0.2
        result = watcher.poll()
        if result is not None:
            applied.append(result)
    assert len(applied) == 1 and not isinstance(applied[0], ConfigError)
    assert applied[0].config.world.gravity == 5000.0


def test_watcher_sees_a_save_with_the_same_size_and_time(tmp_path: Path) -> None:
    user = tmp_path / "live.toml"
    edit(user, "[world]\ngravity = 1000.0\n", 1_000_000_000)
    clock = FakeClock()
    watcher = ConfigWatcher(user, interval=0.5, clock=clock)
    edit(user, "[world]\ngravity = 2000.0\n", 1_000_000_000)  # same size, same mtime
    for now in (1.0, 1.6):
        clock.now = now
        result = watcher.poll()
    assert result is not None and not isinstance(result, ConfigError)
    assert result.config.world.gravity == 2000.0
