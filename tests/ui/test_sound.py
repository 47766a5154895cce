"""The window's sound: synthesised voices, volume from the impulse, a few at once, M mutes,
a config switch, and silence (no error) where there is no audio device.

Runs with SDL_AUDIODRIVER=dummy (tests/ui/conftest.py): the mixer works and plays to nowhere.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pygame
import pytest

from games.core import registry
from games.core.protocol import SeatKind
from games.ui.sound import QUIET_IMPULSE, Sound, impact_volume, synthesise, voice_for
from physics.config import SoundSettings, load_config
from physics.world import Impact


def impact(impulse: float, kinds: tuple[str, str] = ("disk", "disk")) -> Impact:
    return Impact("a", "b", impulse, (0.0, 0.0), kinds, ("wood", "wood"))


def test_the_voices_are_made_from_numbers_alone() -> None:
    voices = synthesise()
    assert set(voices) == {"knock", "thud", "roll", "collapse", "die"}
    for wave in voices.values():
        assert len(wave) > 1000 and 0.5 < float(np.max(np.abs(wave))) <= 1.0
    assert len(voices["knock"]) < len(voices["collapse"])
    assert all(np.array_equal(voices[k], v) for k, v in synthesise().items())  # no luck


def test_volume_grows_with_the_impulse_and_soft_contacts_are_silent() -> None:
    assert impact_volume(QUIET_IMPULSE * 0.5) == 0.0
    volumes = [impact_volume(i) for i in (1.0, 3.0, 8.0, 14.0, 100.0)]
    assert volumes == sorted(volumes) and volumes[0] > 0.0 and volumes[-1] == 1.0
    assert voice_for(impact(5.0, ("disk", "table"))) == "thud"
    assert voice_for(impact(5.0)) == "knock"


def test_at_most_a_few_at_once_and_many_hard_contacts_are_one_collapse() -> None:
    sound = Sound(SoundSettings(voices=2))
    assert sound.available
    for strength in (2.0, 9.0, 5.0):
        sound._hear(impact(strength))
    sound.frame([])
    played = list(sound.played)
    assert len(played) == 2 and played[0][1] == impact_volume(9.0)  # the hardest first
    sound.played.clear()
    for _ in range(8):
        sound._hear(impact(6.0))
    sound.frame([])
    assert [name for name, _ in sound.played] == ["collapse"]
    sound.close()


def test_the_config_switch_turns_sound_off_and_the_physics_hook_stays_off() -> None:
    sound = Sound(SoundSettings(enabled=False))
    world = load_world()
    sound.frame([world])
    sound.play("knock")
    assert not sound.available and not sound.played and world.impact_listener is None


def load_world() -> Any:
    from games.freeplay.scene import build_freeplay

    return build_freeplay(load_config().config)


def test_a_disk_dropped_on_the_table_is_heard_and_m_mutes(
    make_app: Callable[..., Any], ui: Any
) -> None:
    app = make_app()
    app.start_game(registry.load("freeplay"), (SeatKind.HUMAN,))
    view = app.game.view
    ui.run(app, 0.5)
    assert app.sound.available
    pygame.mixer.stop()  # the frames run faster than real time: free the voices first
    app.sound.played.clear()
    disk = app.session.world.pieces["loose1"].body.position
    view.refit()
    start = view.camera.to_screen((disk.x, disk.y))
    high = view.camera.to_screen((disk.x, disk.y + 110.0))
    path = [(start[0], start[1] + (high[1] - start[1]) * n / 20) for n in range(21)]
    ui.drag(app, path, hold_seconds=0.5)  # lift it 11 cm and let go
    ui.run(app, 1.0)
    heard = [(name, volume) for name, volume in app.sound.played if name in ("thud", "knock")]
    assert heard and max(volume for _, volume in heard) > 0.5
    ui.key(app, pygame.K_m)
    assert app.sound.muted and "sound off" in (app.current_notice() or ("",))[0]
    app.sound.played.clear()
    ui.drag(app, path, hold_seconds=0.5)
    ui.run(app, 1.0)
    assert not app.sound.played  # muted: nothing plays
    ui.key(app, pygame.K_m)
    assert not app.sound.muted


def test_no_audio_device_means_silence_not_an_error(
    make_app: Callable[..., Any], ui: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_device(*args: Any, **kwargs: Any) -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    app = make_app()
    assert not app.sound.available
    app.start_game(registry.load("freeplay"), (SeatKind.HUMAN,))
    ui.run(app, 1.0)
    ui.key(app, pygame.K_m)
    assert "no sound here" in (app.current_notice() or ("",))[0]
    assert app.game is not None and app.error is None


def test_the_marble_is_heard_rolling_down_its_ramp(make_app: Callable[..., Any], ui: Any) -> None:
    app = make_app()
    app.start_game(registry.load("freeplay"), (SeatKind.HUMAN,))  # the marble starts on its ramp
    ui.run(app, 1.0)
    assert "roll" in [name for name, _ in app.sound.played]
    ui.key(app, pygame.K_p)  # paused: the roll stops
    assert not pygame.mixer.Channel(0).get_busy()


def test_a_rolled_die_rattles(make_app: Callable[..., Any], ui: Any) -> None:
    app = make_app()
    app.start_game(registry.load("whacky"), (SeatKind.HUMAN, SeatKind.HUMAN))
    ui.run(app, 0.2)
    pygame.mixer.stop()
    app.sound.played.clear()
    ui.key(app, pygame.K_RETURN)  # Whacky rolls
    ui.run(app, 0.1)
    assert [name for name, _ in app.sound.played].count("die") == 1
