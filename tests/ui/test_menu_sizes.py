"""The menu grows with a window larger than 1280x800 (no 1280-wide island in a big window),
and stays clickable there: real mouse events through the app's loop."""

from __future__ import annotations

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
