"""The shell's keys, loop and framing, driven through the real app loop with posted events."""

from __future__ import annotations

import dataclasses
import math

import pygame
import pytest

from games.core import registry
from games.core.protocol import SeatKind
from games.freeplay.session import FreeplaySession
from games.ui import app as app_module
from games.ui import overlays
from games.ui.app import MAX_FRAME_SECONDS, run_app


def body_snapshot(app) -> dict[str, tuple[float, float, float]]:
    world = app.game.session.world
    return {
        n: (p.position.x, p.position.y, p.body.angle)
        for n, p in world.pieces.items()
        if not p.is_static
    }


def test_pause_stops_the_world_and_resumes_it(make_app, ui) -> None:
    app = make_app("freeplay")
    ui.run(app, 0.1)  # the marble is rolling down its ramp
    ui.key(app, pygame.K_p)
    assert app.paused
    frame = app.game.session.frame
    before = body_snapshot(app)
    ui.run(app, 0.5)
    assert app.game.session.frame == frame
    assert body_snapshot(app) == before
    ui.key(app, pygame.K_SPACE)
    assert not app.paused
    ui.run(app, 0.2)
    assert app.game.session.frame > frame
    assert body_snapshot(app)["marble"] != before["marble"]


def test_escape_goes_back_to_the_menu_and_again_quits(make_app, ui) -> None:
    app = make_app("freeplay")
    ui.run(app, ui.frame)
    ui.key(app, pygame.K_ESCAPE)
    assert app.game is None
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    )
    assert app.step_frame(ui.frame) is False


def test_help_overlay_toggles_and_holds_the_game(make_app, ui) -> None:
    app = make_app("freeplay")
    ui.run(app, ui.frame)
    ui.key(app, pygame.K_h)
    assert app.show_help
    frame = app.game.session.frame
    ui.run(app, 0.2)
    assert app.game.session.frame == frame
    ui.key(app, pygame.K_F1)
    assert not app.show_help
    ui.key(app, pygame.K_h)
    ui.key(app, pygame.K_ESCAPE)  # Esc closes the help first, the game stays
    assert not app.show_help and app.game is not None


def test_restart_builds_the_table_afresh(make_app, ui) -> None:
    app = make_app("freeplay")
    ui.run(app, 1.0)
    marble_then = app.game.session.world.pieces["marble"].position
    old_session = app.game.session
    ui.key(app, pygame.K_F5)
    assert app.game.session is not old_session
    fresh = app.game.session.world.pieces["marble"].position
    assert fresh.y > marble_then.y + 50  # back at the top of its ramp
    ui.key(app, pygame.K_r, pygame.KMOD_CTRL)
    assert app.game.session.frame <= 4


def test_long_frames_are_clamped_not_spiralled(make_app, ui) -> None:
    app = make_app("freeplay")
    ui.run(app, ui.frame)
    session = app.game.session
    frame = session.frame
    app.step_frame(5.0)  # a window drag froze the loop for five seconds
    ticks = session.frame - frame
    assert 0 < ticks <= math.ceil(MAX_FRAME_SECONDS / session.frame_seconds) + 1
    frame = session.frame
    ui.run(app, 0.5)
    assert session.frame - frame == round(0.5 / session.frame_seconds)


# (under about 690 px wide Free play shows part of its table at the readable minimum instead:
# tests/ui/test_small_tables.py)
@pytest.mark.parametrize("size", [(720, 420), (1400, 500), (700, 900)])
def test_resized_window_keeps_the_scene_framed(make_app, ui, size) -> None:
    app = make_app("freeplay")
    ui.run(app, ui.frame)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    ui.run(app, ui.frame)
    assert app.screen.get_size() == size
    area = app.play_rect
    camera = app.game.view.camera
    frame = app.game.view.frame_rect()
    corners = [(frame.left, frame.bottom), (frame.right, frame.top)]
    for corner in corners:
        x, y = camera.to_screen(corner)
        assert area.left <= x <= area.right and area.top <= y <= area.bottom
    # the frame fills the area in one direction (aspect kept, nothing wasted)
    width = camera.px(frame.width)
    height = camera.px(frame.height)
    assert max(width / area.width, height / area.height) > 0.85
    for piece in app.game.session.world.dynamic_pieces():
        if piece.name != "marble":
            assert area.collidepoint(camera.to_screen(tuple(piece.position)))


def test_a_crashing_game_shows_a_message_not_a_traceback(make_app, ui, monkeypatch, capsys) -> None:
    app = make_app("freeplay")
    ui.run(app, ui.frame)

    def broken_tick(self) -> None:
        raise RuntimeError("the table collapsed")

    monkeypatch.setattr(FreeplaySession, "_tick", broken_tick)
    ui.run(app, ui.frame)
    assert app.running
    assert app.error is not None and "the table collapsed" in app.error
    assert "Traceback" not in capsys.readouterr().err
    ui.key(app, pygame.K_ESCAPE)
    assert app.error is None and app.game is None


def test_unknown_game_is_one_line_and_exit_code_2(capsys) -> None:
    assert run_app("tiddlywinks", None) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("wobbletop: unknown game 'tiddlywinks'") and "\n" not in err


def test_app_initialises_only_display_and_font(make_app, ui, monkeypatch) -> None:
    called = []
    monkeypatch.setattr(app_module.pygame, "init", lambda: called.append("init"))
    app = make_app("freeplay")
    ui.run(app, ui.frame)
    assert called == []
    assert pygame.display.get_init() and pygame.font.get_init()
    assert bool(pygame.mixer.get_init()) == app.sound.available  # the mixer only for sound


def test_a_game_without_a_window_says_so_and_esc_returns_to_the_menu(
    make_app, ui, monkeypatch
) -> None:
    freeplay = registry.load("freeplay")
    headless_only = dataclasses.replace(
        freeplay, id="headlessonly", title="Headless only", view_module="games.no_such_view"
    )
    monkeypatch.setattr(registry, "load", lambda game_id: headless_only)
    app = make_app("headlessonly")
    ui.run(app, ui.frame)
    assert app.game is None
    assert app.error is not None and "no window yet" in app.error
    assert "wobbletop run headlessonly" in app.error and "--headless" not in app.error
    ui.key(app, pygame.K_ESCAPE)
    assert app.error is None and app.running


def test_no_display_is_one_line_not_a_traceback(run_wobbletop) -> None:
    done = run_wobbletop(
        "play", "freeplay", env={"SDL_VIDEODRIVER": "offscreen-nope", "DISPLAY": ""}
    )
    assert done.returncode == 1
    assert done.stderr.startswith("wobbletop: cannot open a window")
    assert "Traceback" not in done.stderr and done.stderr.count("\n") == 1


@pytest.mark.parametrize("game", registry.available())
def test_help_fits_its_panel_in_a_small_window(make_app, game) -> None:
    app = make_app()  # the test window is 960x600, smaller than the default
    spec = registry.load(game)
    panel = overlays.help_panel(app.play_rect)
    app.start_game(spec, (SeatKind.HUMAN,) * spec.min_seats)
    extra = app.help_keys(app.game)  # as draw_help lists them: a shell key given once
    own = {key for key, _ in extra}
    keys = (*extra, *(hint for hint in overlays.GAME_KEYS if hint[0] not in own))
    layout = overlays.help_layout(app.renderer, panel, spec.help_text, keys)
    assert layout.height() <= panel.height - overlays.HELP_FOOTER_PX  # no scrolling needed
    widest = max(app.renderer.font(round(19 * layout.scale)).size(line)[0] for line in layout.lines)
    assert widest <= panel.width - 64
