"""The menu grows with a window larger than 1280x800 (no 1280-wide island in a big window),
and stays clickable there: real mouse events through the app's loop."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import pygame


def _spread(app: Any) -> tuple[int, int]:
    """How wide the cards and the panel are together, and the window's width."""
    layout = app.menu.layout()
    left = min(card.left for card in layout.cards)
    return layout.panel.right - left, app.screen.get_width()


def test_a_large_window_menu_fills_the_window_and_its_cards_are_clicked(
    make_app: Callable[..., Any], ui: Any
) -> None:
    small = make_app(size=(1280, 800))
    used, width = _spread(small)
    card_small = small.menu.layout().cards[0].height
    small.close()
    large = make_app(size=(1600, 1000))
    used_large, width_large = _spread(large)
    assert used_large / width_large >= used / width - 0.01  # the same share of the window
    assert used_large > used * 1.2  # not the 1280 window's island
    assert large.menu.layout().cards[0].height > card_small  # the cards (and type) grow
    target = large.menu.entry_rect("wallamoppi")
    ui.click(large, target.center)
    assert large.menu.spec is not None and large.menu.spec.id == "wallamoppi"
    ui.click(large, large.menu.start_rect().center)
    assert large.game is not None and large.game.spec.id == "wallamoppi"


def test_the_menu_of_the_default_window_is_as_it_was(make_app: Callable[..., Any]) -> None:
    app = make_app(size=(1280, 800))
    layout = app.menu.layout()
    assert layout.sizes.scale == 1.0
    assert layout.cards[0].width == 520 and layout.panel.width == 460
    assert pygame.display.get_surface().get_size() == (1280, 800)


def _header_buttons(app: Any) -> dict[str, Any]:
    """The menu's small header buttons on screen now (those the window has room for)."""
    from games.ui.tune_panel import menu_button_rect

    found = {
        "Replays…": app.menu.replays_rect(),
        "Settings…": app.screens.menu_button(),
        "Network…": app.menu.network_rect(),
        "Constants…": menu_button_rect(app) if app.tune.available() else None,
    }
    return {name: rect for name, rect in found.items() if rect is not None}


def _title_box(app: Any) -> Any:
    sizes = app.menu.layout().sizes
    font = app.renderer.font(sizes.title, bold=True, serif=True)
    box = pygame.Rect((0, 0), font.size("Wobbletop"))
    box.midtop = (app.screen.get_width() // 2, sizes.title_y)
    return box


def test_the_header_buttons_grow_with_the_menu_and_never_overlap(
    make_app: Callable[..., Any], ui: Any
) -> None:
    sizes = [(480, 360), (800, 500), (1280, 800), (1920, 1080), (2560, 1600)]
    found = {}
    for size in sizes:
        app = make_app(size=size)
        ui.run(app, ui.frame)
        buttons = _header_buttons(app)
        title = _title_box(app)
        for (a, rect_a), (b, rect_b) in itertools.combinations(buttons.items(), 2):
            assert not rect_a.colliderect(rect_b), f"{size}: {a} {rect_a} overlaps {b} {rect_b}"
        for name, rect in buttons.items():
            assert not rect.colliderect(title), f"{size}: {name} {rect} overlaps the title"
            assert app.screen.get_rect().contains(rect)
            assert rect.bottom <= app.menu.layout().sizes.top  # above the cards
        found[size] = buttons
        app.close()
    base, large = found[(1280, 800)], found[(1920, 1080)]
    assert set(base) == set(large) == {"Replays…", "Settings…", "Network…", "Constants…"}
    for name in base:
        assert large[name].width > base[name].width * 1.3, name
        assert large[name].height > base[name].height * 1.3, name


def test_a_large_windows_header_buttons_are_clicked_where_they_are_drawn(
    make_app: Callable[..., Any], ui: Any
) -> None:
    app = make_app(size=(1920, 1080))
    ui.run(app, ui.frame)
    replays = app.menu.replays_rect()
    ui.click(app, (replays.right - 4, replays.bottom - 4))  # past the 1280x800 button's corner
    assert app.menu.replays is not None  # the replay list opened
