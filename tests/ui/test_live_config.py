"""Live tuning in the window: saving the config file changes the running world; a bad edit is
shown and the last good values stay."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pygame

from datafiles.sha import sha256
from games.ui.render import REFUSED


def save(path: Path, text: str, *, tick: int) -> None:
    """Write ``text`` and give the file a distinct modification time (coarse file systems)."""
    path.write_text(text, encoding="utf-8")
    stamp = 1_700_000_000 + tick
    os.utime(path, (stamp, stamp))


def red_pixels_at_top(app) -> int:
    """How many pixels in the top strip of the play area are the refusal red."""
    area = app.play_rect
    strip = app.screen.subsurface(pygame.Rect(area.left, area.top, area.width, 50))
    return pygame.mask.from_threshold(strip, REFUSED, (40, 40, 40, 255)).count()


def test_saving_the_config_applies_new_gravity_to_the_running_world(make_app, ui, tmp_path) -> None:
    user = tmp_path / "mine.toml"
    save(user, "[world]\ngravity = 9810.0\n", tick=0)
    app = make_app("freeplay", user, watch_interval=0.0)
    ui.run(app, 0.1)
    world = app.game.session.world
    assert world.space.gravity.y == -9810.0

    save(user, "[world]\ngravity = 1635.0\n", tick=1)  # the Moon
    ui.run(app, 2 * ui.frame)
    assert world.space.gravity.y == -1635.0
    assert app.game.session.setup.config.world.gravity == 1635.0
    assert app.config_error is None
    notice = app.current_notice()
    assert notice is not None and "reloaded" in notice[0]

    ui.key(app, pygame.K_F5)  # a restart keeps the tuned constants
    assert app.game.session.world.space.gravity.y == -1635.0


def test_a_bad_edit_is_shown_and_the_last_good_values_stay(make_app, ui, tmp_path) -> None:
    user = tmp_path / "mine.toml"
    save(user, "[grab]\nmax_speed = 2000.0\n", tick=0)
    app = make_app("freeplay", user, watch_interval=0.0)
    ui.run(app, 0.1)
    world = app.game.session.world
    good = sha256(user.read_bytes()).hexdigest()[:8]
    good_at = time.strftime("%H:%M:%S", time.localtime(user.stat().st_mtime))

    red_before = red_pixels_at_top(app)
    save(user, "[grab]\nmax_speed = 2000.0\n[world]\ngravity = -5.0\n", tick=1)
    ui.run(app, 2 * ui.frame)
    assert red_pixels_at_top(app) > red_before + 100  # the banner's red line is on screen
    assert app.config_error is not None
    assert "world.gravity" in app.config_error and str(user) in app.config_error
    assert "\n" not in app.config_error
    # ... and which version stays in force: the file as it was saved before the bad edit
    assert app.config_error.startswith(
        f"Config not applied, mine.toml of {good_at} ({good}) stays in force: {user}: "
    )
    assert world.space.gravity.y == -9810.0
    assert world.config.grab.max_speed == 2000.0
    frame = app.game.session.frame
    ui.run(app, 0.1)
    assert app.game.session.frame > frame  # the game plays on with the last good values

    save(user, "[world]\ngravity = 9000.0\n", tick=2)  # fixed: the banner goes away
    ui.run(app, 2 * ui.frame)
    assert app.config_error is None
    assert world.space.gravity.y == -9000.0
