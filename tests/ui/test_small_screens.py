"""The winner panel and the guided turn's card in the smallest window (480x360): the board is
not squeezed by a side strip (the winner panel is an opaque banner over the play area's foot,
its buttons clicked there) and the tutorial's card covers none of Free play's pieces."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from games.core import registry
from games.core.protocol import Outcome, SeatKind
from games.core.userdirs import user_config_dir
from games.freeplay.session import FreeplaySession
from games.ui.render import PANEL
from games.ui.winner import BANNER_PX
from games.wallamoppi.rules import all_slots
from games.wallamoppi.scene import slot_position

SMALL = (480, 360)
HUMAN, COMPUTER = SeatKind.HUMAN, SeatKind.COMPUTER


def end_stonewall(app: Any) -> None:
    app.session.state.outcome = lambda: type("R", (), {"name": "red", "reason": "home"})()


def test_the_winner_panel_is_a_banner_at_the_foot_in_a_small_window(
    make_app: Any, ui: Any
) -> None:
    app = make_app(size=SMALL)
    app.start_game(registry.load("stonewall"), (HUMAN, COMPUTER))
    ui.run(app, ui.frame)
    width_playing = app.play_rect.width
    end_stonewall(app)
    ui.run(app, ui.frame)
    winner = app.screens.winner
    banner = winner.rect()
    assert app.play_rect.width == width_playing == 480  # the board keeps the whole width
    assert banner.height == BANNER_PX and banner.bottom == app.play_rect.bottom
    buttons = list(winner.buttons().values())
    assert all(banner.contains(rect) for rect in buttons)
    assert not any(a.colliderect(b) for n, a in enumerate(buttons) for b in buttons[n + 1:])
    assert app.screen.get_at((banner.left + 3, banner.bottom - 3))[:3] == PANEL  # opaque
    game = app.game
    ui.click(app, winner.buttons()["Rematch"].center)
    assert app.game is not game and app.session.outcome is None


def test_a_wide_window_keeps_the_side_strip(make_app: Any, ui: Any) -> None:
    app = make_app(size=(1280, 800))
    app.start_game(registry.load("stonewall"), (HUMAN, COMPUTER))
    ui.run(app, ui.frame)
    end_stonewall(app)
    ui.run(app, ui.frame)
    panel = app.screens.winner.rect()
    assert panel.left == app.play_rect.right and panel.right == 1280


def test_a_free_play_banner_leaves_the_pieces_in_sight(
    make_app: Any, ui: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app("freeplay", size=SMALL)
    ui.run(app, 0.2)
    monkeypatch.setattr(
        FreeplaySession, "outcome", property(lambda self: Outcome("player", "all stacked"))
    )
    ui.run(app, ui.frame)
    banner = app.screens.winner.rect()
    pieces = app.game.view.busy_rect()
    assert pieces is not None and not banner.colliderect(pieces)


@pytest.fixture
def first_run() -> None:
    """A player who has never had a guided turn (the shared fixture marks them all seen)."""
    (user_config_dir() / "settings.toml").unlink()


def test_the_guided_turn_card_covers_none_of_free_plays_pieces(
    make_app: Any, ui: Any, first_run: None
) -> None:
    app = make_app("freeplay", size=SMALL)
    ui.run(app, 0.2)
    tutorial = app.screens.tutorial
    assert app.screens.overlay == "tutorial"
    card = tutorial.card_rect()
    view = app.game.view
    for piece in view.world.dynamic_pieces():
        bb = piece.shape.cache_bb()
        left, top = view.camera.to_screen((bb.left, bb.top))
        right, bottom = view.camera.to_screen((bb.right, bb.bottom))
        box = pygame.Rect(round(left), round(top), round(right - left), round(bottom - top))
        assert not card.colliderect(box), piece.name
    skip, _ = tutorial.buttons()
    assert card.contains(skip) and card.height < 100  # Skip on the title line: a short card
    ui.click(app, skip.center)
    assert app.screens.overlay is None


def test_the_guided_turn_card_keeps_off_wallamoppis_wall_slots(
    make_app: Any, ui: Any, first_run: None
) -> None:
    app = make_app("wallamoppi", size=SMALL)
    ui.run(app, 0.2)
    assert app.screens.overlay == "tutorial"
    card = app.screens.tutorial.card_rect()
    view = app.game.view
    config = view.game.scene.config
    for slot in all_slots():  # the first step: click a lit slot; every slot stays in sight
        x, y = view.camera.to_screen(slot_position(config, slot))
        assert not card.collidepoint(x, y), slot


def test_a_narrow_guided_turn_card_has_its_buttons_on_its_title_line(
    make_app: Any, ui: Any, first_run: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Stonewall at 480x360: the card beside the panel is too narrow for the whole title and
    Skip, so it says "Step 1 of 3" and has no row of its own for Skip: it covers less."""
    app = make_app(size=SMALL)
    app.start_game(registry.load("stonewall"), (HUMAN, COMPUTER))
    ui.run(app, ui.frame)
    tutorial = app.screens.tutorial
    assert app.screens.overlay == "tutorial" and tutorial.title() == "Step 1 of 3"
    card = tutorial.card_rect()
    skip, _ = tutorial.buttons()
    assert card.contains(skip) and skip.top < card.top + 20  # on the title line
    with monkeypatch.context() as patch:  # the same card with its buttons on a row below
        patch.setattr(type(tutorial), "short", lambda self: False)
        with_a_button_row = tutorial.card_rect()
    assert card.height <= with_a_button_row.height - 30  # 30 px more of the board in sight
    ui.click(app, skip.center)
    assert app.screens.overlay is None
