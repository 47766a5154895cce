"""The window: it fits the screen, remembers its size, F11 is full screen, icon and title.

Driven through the real app loop under SDL's dummy driver (its desktop is 1024x768); every
test's settings folder is its own temporary one (``user_home`` in tests/conftest.py).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame
import pytest

from games.core import userdirs
from games.ui import app as app_module
from games.ui import window as window_module
from games.ui.window import DEFAULT_SIZE, MIN_SIZE, SCREEN_SHARE, fit_window_size

SETTLE = 0.6  # s of frames: more than the app's wait before it writes a resized size


def settings_file(home: Path) -> Path:
    return home / "config" / "window.toml"


def post_resize(size: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))


def dummy_desktop() -> tuple[int, int]:
    return tuple(pygame.display.get_desktop_sizes()[0])  # type: ignore[return-value]


# -- the size it opens at ------------------------------------------------------------------


@pytest.mark.parametrize(
    "desktop", [(1366, 768), (1280, 720), (1024, 768), (1440, 900), (800, 600), (640, 480)]
)
def test_a_new_window_fits_the_screen_with_room_for_the_bars(desktop) -> None:
    width, height = fit_window_size(desktop)
    assert width <= desktop[0] * SCREEN_SHARE and height <= desktop[1] * SCREEN_SHARE
    assert width >= MIN_SIZE[0] and height >= MIN_SIZE[1]
    assert width == min(DEFAULT_SIZE[0], int(desktop[0] * SCREEN_SHARE))  # no more shrunk
    assert height == min(DEFAULT_SIZE[1], int(desktop[1] * SCREEN_SHARE))


def test_the_preferred_size_is_kept_on_a_screen_with_room_for_it() -> None:
    assert fit_window_size((1920, 1080)) == DEFAULT_SIZE == (1280, 800)
    assert fit_window_size((1600, 1000)) == DEFAULT_SIZE
    assert fit_window_size((1366, 768)) == (1229, 691)  # the laptop: shorter than 800


@pytest.mark.parametrize("desktop", [None, (0, 0), (-1, 768), (1024, 0)])
def test_a_screen_size_that_makes_no_sense_is_ignored(desktop) -> None:
    assert fit_window_size(desktop) == DEFAULT_SIZE
    assert fit_window_size(desktop, (900, 700)) == (900, 700)


def test_a_screen_smaller_than_the_layout_gets_the_smallest_window() -> None:
    assert fit_window_size((320, 240)) == MIN_SIZE
    assert fit_window_size((500, 380)) == MIN_SIZE  # 90% would be under the minimum


def test_a_remembered_size_is_kept_when_it_fits_and_shrunk_when_it_does_not() -> None:
    assert fit_window_size((1920, 1080), (1900, 1000)) == (1900, 1000)  # dragged nearly full
    assert fit_window_size((1920, 1080), (600, 420)) == (600, 420)
    assert fit_window_size((1366, 768), (1900, 1000)) == (1229, 691)  # from a bigger screen


def test_the_app_opens_fitted_to_the_screen_it_is_on(make_app, ui, monkeypatch) -> None:
    asked = []

    def laptop(display: int) -> tuple[int, int]:
        asked.append(display)
        return (1366, 768)

    monkeypatch.setattr(app_module, "desktop_size", laptop)
    app = make_app(size=None)
    assert asked == [0]  # the display the window is put on (set_mode's display=0)
    assert app.screen.get_size() == (1229, 691)
    ui.run(app, ui.frame)
    assert app.menu.start_rect().bottom <= 691  # the menu is whole on screen


def test_under_the_dummy_driver_the_app_fits_its_desktop(make_app) -> None:
    app = make_app(size=None)
    desktop = dummy_desktop()
    assert app.screen.get_size() == fit_window_size(desktop)
    width, height = app.screen.get_size()
    assert width <= desktop[0] and height <= desktop[1]


# -- the size it remembers -----------------------------------------------------------------


def test_a_resize_is_remembered_and_the_next_start_opens_at_it(make_app, ui, user_home) -> None:
    app = make_app(size=None)
    ui.run(app, ui.frame)
    post_resize((1000, 640))
    ui.run(app, SETTLE)
    assert app.screen.get_size() == (1000, 640)
    text = settings_file(user_home).read_text()  # written once the resize settled
    assert "width = 1000" in text and "height = 640" in text
    app.close()
    again = make_app(size=None)
    assert again.screen.get_size() == (1000, 640)


def test_a_resize_just_before_closing_is_written_at_close(make_app, ui, user_home) -> None:
    app = make_app("freeplay", size=None)
    ui.run(app, ui.frame)
    post_resize((700, 500))
    app.step_frame(ui.frame)
    assert not settings_file(user_home).exists()  # a drag is not written every frame
    app.close()
    assert make_app(size=None).screen.get_size() == (700, 500)


def test_a_window_never_resized_writes_nothing(make_app, ui, user_home) -> None:
    folder = user_home / "config"
    before = {path.name: path.read_bytes() for path in folder.iterdir()}  # the fixture's
    app = make_app(size=None)
    ui.run(app, SETTLE)
    app.close()
    assert {path.name: path.read_bytes() for path in folder.iterdir()} == before


def test_the_settings_live_in_the_folder_the_env_names(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("WOBBLETOP_HOME", str(tmp_path))
    assert window_module.settings_path() == tmp_path / "config" / "window.toml"
    assert userdirs.user_data_dir() == tmp_path / "data"
    monkeypatch.delenv("WOBBLETOP_HOME")
    assert userdirs.user_config_dir().name == "wobbletop"  # the platform's own folder


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b"[window\nwidth = 1", "not valid TOML"),
        (b'[window]\nwidth = "wide"\nheight = 600\n', "window.width = 'wide'"),
        (b"[window]\nwidth = 900\nheight = 10\n", "window.height = 10"),
        (b"width = 900\n", "no [window] table"),
        (b"\xff\xfe\x00garbage", "not UTF-8"),
    ],
)
def test_a_corrupt_settings_file_is_ignored_with_one_line(
    make_app, ui, user_home, capsys, content, problem
) -> None:
    path = settings_file(user_home)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    app = make_app(size=None)
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("wobbletop: ") and str(path) in err and problem in err
    assert "ignored" in err
    assert app.screen.get_size() == fit_window_size(dummy_desktop())  # the default
    post_resize((800, 560))
    ui.run(app, SETTLE)
    app.close()
    assert make_app(size=None).screen.get_size() == (800, 560)  # the bad file was replaced
    assert capsys.readouterr().err == ""


def test_a_folder_where_the_settings_file_should_be_does_not_stop_the_app(
    make_app, ui, user_home, capsys
) -> None:
    settings_file(user_home).mkdir(parents=True)
    app = make_app(size=None)
    assert "is a folder" in capsys.readouterr().err
    ui.run(app, ui.frame)
    assert app.running


def test_a_settings_folder_that_cannot_be_written_is_one_line_once(
    make_app, ui, user_home, capsys
) -> None:
    shutil.rmtree(user_home / "config")  # the shared fixture's settings.toml with it
    (user_home / "config").write_text("a file where the folder should be")
    app = make_app(size=None)
    for size in ((800, 560), (820, 580)):
        post_resize(size)
        ui.run(app, SETTLE)
    app.close()
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "could not remember the window size" in err
    assert "Traceback" not in err


# -- full screen ---------------------------------------------------------------------------


def test_f11_toggles_full_screen_and_back_to_the_same_window(make_app, ui) -> None:
    app = make_app()
    ui.run(app, ui.frame)
    ui.key(app, pygame.K_F11)
    assert app.fullscreen and pygame.display.is_fullscreen()
    assert app.screen.get_flags() & pygame.FULLSCREEN
    assert app.screen.get_size() == dummy_desktop()
    ui.key(app, pygame.K_F11)
    assert not app.fullscreen and not pygame.display.is_fullscreen()
    assert app.screen.get_size() == (960, 600)
    assert app.running and app.game is None  # F11 did nothing else on the menu


def test_f11_works_in_a_game_and_the_game_goes_on(make_app, ui) -> None:
    app = make_app("freeplay")
    ui.run(app, ui.frame)
    frame = app.game.session.frame
    ui.key(app, pygame.K_F11)
    assert pygame.display.is_fullscreen() and app.game is not None and not app.paused
    ui.run(app, 0.2)
    assert app.game.session.frame > frame
    assert app.play_rect.width == dummy_desktop()[0]  # the game fills the whole screen
    ui.key(app, pygame.K_h)
    ui.key(app, pygame.K_F11)  # in the help too
    assert not pygame.display.is_fullscreen() and app.show_help


def test_the_remembered_size_is_the_windowed_one(make_app, ui, user_home) -> None:
    app = make_app(size=None)
    post_resize((900, 620))
    ui.run(app, ui.frame)
    ui.key(app, pygame.K_F11)
    post_resize(dummy_desktop())  # what a window manager sends on going full screen
    ui.run(app, SETTLE)
    assert pygame.display.is_fullscreen()
    app.close()  # closed while full screen
    assert make_app(size=None).screen.get_size() == (900, 620)


def drawn_texts(app) -> list[str]:
    """Every text the renderer draws from now on."""
    seen: list[str] = []
    original = app.renderer.text

    def spy(surface, text, pos, **kwargs):
        seen.append(text)
        return original(surface, text, pos, **kwargs)

    app.renderer.text = spy
    return seen


def test_the_help_lists_f11(make_app, ui) -> None:
    app = make_app("freeplay")
    ui.run(app, ui.frame)
    ui.key(app, pygame.K_h)
    seen = drawn_texts(app)
    app.step_frame(ui.frame)
    assert "F11" in seen and "full screen on / off" in seen


def test_the_menu_hint_names_f11(make_app, ui) -> None:
    app = make_app()
    seen = drawn_texts(app)
    ui.run(app, ui.frame)
    assert any("F11 full screen" in text for text in seen)


# -- icon and title ------------------------------------------------------------------------


def test_the_window_has_an_icon_drawn_in_code(make_app, monkeypatch) -> None:
    icons: list[pygame.Surface] = []
    real = pygame.display.set_icon
    monkeypatch.setattr(pygame.display, "set_icon", lambda s: (icons.append(s), real(s)))
    make_app()
    (icon,) = icons
    assert icon.get_size() == (64, 64)
    assert icon.get_at((0, 0)).a == 0  # transparent round the stack
    opaque = pygame.mask.from_surface(icon).count()
    assert 64 * 64 * 0.25 < opaque < 64 * 64 * 0.8  # a shape, not a blank or a block


def test_the_title_names_the_game_while_it_is_open(make_app, ui) -> None:
    app = make_app()
    ui.run(app, ui.frame)
    assert pygame.display.get_caption()[0] == "Wobbletop"
    ui.click(app, app.menu.entry_rect("wallamoppi").center)
    ui.key(app, pygame.K_RETURN)
    assert app.game is not None and app.game.spec.id == "wallamoppi"
    assert pygame.display.get_caption()[0] == "Wallamoppi — Wobbletop"
    ui.key(app, pygame.K_ESCAPE)
    assert app.game is None
    assert pygame.display.get_caption()[0] == "Wobbletop"


def test_a_game_started_from_the_command_line_has_its_title(make_app) -> None:
    make_app("malloppo")
    assert pygame.display.get_caption()[0] == "Dammi il malloppo — Wobbletop"
