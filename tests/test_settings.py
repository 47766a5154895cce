"""The player's settings file (games/ui/settings.py): read back what was written, a strict
loader whose one-line errors name the file and the key, and a bad file never written over."""

from __future__ import annotations

import pytest

from games.ui.settings import (
    COMPUTER_SPEEDS,
    Settings,
    SettingsError,
    SettingsStore,
    load_settings,
    settings_text,
)


def test_written_settings_read_back(tmp_path) -> None:
    path = tmp_path / "settings.toml"
    chosen = Settings(volume=30, muted=True, computer_speed="instant", animation_speed="slow",
                      colour_blind=True, tutorials_seen=("stonewall", "whacky"))
    path.write_text(settings_text(chosen))
    assert load_settings(path) == chosen


def test_no_file_is_the_defaults(tmp_path) -> None:
    assert load_settings(tmp_path / "settings.toml") == Settings()


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("[sound]\nvolume = 101\n", "sound.volume = 101; allowed: a whole number from 0 to 100"),
        ("[sound]\nvolume = true\n", "sound.volume = True"),
        ("[sound]\nmuted = 1\n", "sound.muted = 1; allowed: true or false"),
        ('[play]\ncomputer_speed = "warp"\n', "play.computer_speed = 'warp'; allowed: slow"),
        ('[play]\nanimation_speed = "instant"\n', "play.animation_speed"),
        ("[play]\nspeed = 1\n", "unknown key play.'speed'"),
        ("[colours]\non = true\n", "unknown table ['colours']"),
        ("sound = 3\n", "sound = 3 is not a table"),
        ("[tutorial]\nseen = [1]\n", "tutorial.seen = [1]"),
        ("[sound\n", "not valid TOML"),
    ],
)
def test_a_bad_file_is_one_line_naming_it_and_the_key(tmp_path, text, named) -> None:
    path = tmp_path / "settings.toml"
    path.write_text(text)
    with pytest.raises(SettingsError) as caught:
        load_settings(path)
    message = str(caught.value)
    assert "settings.toml" in message and named in message and "\n" not in message


def test_a_store_never_writes_over_a_file_it_could_not_read(tmp_path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text('[play]\ncomputer_speed = "warp"\n')
    store = SettingsStore.load(path)
    assert store.settings == Settings() and store.problem and not store.writable
    problem = store.change(Settings(volume=10))
    assert problem is not None and "not saved" in problem
    assert path.read_text() == '[play]\ncomputer_speed = "warp"\n'
    assert store.settings.volume == 10  # in force for this run


def test_a_store_writes_and_a_new_one_reads(tmp_path) -> None:
    path = tmp_path / "deeper" / "settings.toml"
    store = SettingsStore.load(path)
    assert store.change(store.settings.with_seen("animals")) is None
    assert SettingsStore.load(path).settings.tutorials_seen == ("animals",)


def test_the_four_computer_speeds() -> None:
    assert COMPUTER_SPEEDS == ("slow", "normal", "fast", "instant")
