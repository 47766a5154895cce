"""The physics tables in a small window: never drawn under the readable minimum
(:data:`~games.ui.physics_view.MIN_SCALE`), the part where the action is shown, and the
player moves the view with a middle drag, the arrow keys or by dragging a piece to its edge."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from games.cli import main
from games.core import registry
from games.core.protocol import SeatKind
from games.runs.replay import load_replay
from games.ui.physics_view import MIN_SCALE

SMALL = (480, 360)


def on_screen_width(app: Any, name: str) -> float:
    """A piece's width on screen, px (its bounding box through the camera)."""
    bb = app.game.session.world.pieces[name].shape.cache_bb()
    camera = app.game.view.camera
    return camera.to_screen((bb.right, 0.0))[0] - camera.to_screen((bb.left, 0.0))[0]


def in_view(app: Any, name: str) -> bool:
    view = app.game.view
    position = tuple(app.game.session.world.pieces[name].body.position)
    return bool(view.visible_rect().collidepoint(view.camera.to_screen(position)))


def left_end_in_view(app: Any) -> bool:
    """Is the framed table's left end (the marble's ramp and its bumper) on screen?"""
    view = app.game.view
    x = view.camera.to_screen((view.frame_rect().left + 20.0, 0.0))[0]
    return bool(view.visible_rect().left <= x)


def marble_rolled_away(app: Any) -> bool:
    """The marble has run down its ramp and out of the close view, and lies still."""
    marble = app.game.session.world.pieces["marble"]
    return not in_view(app, "marble") and marble.body.velocity.length < 1.0


def middle_drag(app: Any, ui: Any, start: tuple[int, int], end: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=2))
    ui.run(app, ui.frame)
    steps = 8
    previous = start
    for n in range(1, steps + 1):
        point = (start[0] + (end[0] - start[0]) * n // steps,
                 start[1] + (end[1] - start[1]) * n // steps)
        rel = (point[0] - previous[0], point[1] - previous[1])
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=rel, buttons=(0, 1, 0))
        )
        ui.run(app, ui.frame)
        previous = point
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=2))
    ui.run(app, ui.frame)


def test_free_play_at_480x360_draws_a_disk_40_px_wide_round_the_stack(
    make_app: Any, ui: Any
) -> None:
    app = make_app("freeplay", size=SMALL)
    ui.run(app, 0.2)
    view = app.game.view
    disk = app.game.session.world.config.pieces.disk_diameter
    assert disk == 40.0
    assert on_screen_width(app, "disk0") >= 40.0 * MIN_SCALE - 1  # was 28 px fitted whole
    assert view.shows_part()
    assert in_view(app, "disk0")  # the stack is where the view starts
    assert not left_end_in_view(app)  # the marble's ramp is off to the left


def test_a_large_window_still_shows_the_whole_table(make_app: Any, ui: Any) -> None:
    app = make_app("freeplay", size=(1280, 800))
    ui.run(app, 0.2)
    assert not app.game.view.shows_part()
    assert all(in_view(app, name) for name in ("marble", "disk0", "cylinder2"))


def test_a_middle_drag_brings_the_marble_into_view(make_app: Any, ui: Any) -> None:
    app = make_app("freeplay", size=SMALL)
    ui.until(app, lambda: marble_rolled_away(app))
    world_before = tuple(app.game.session.world.pieces["marble"].body.position)
    middle_drag(app, ui, (100, 150), (420, 150))  # the table follows the hand: to the right
    assert in_view(app, "marble")
    # the view moved, not the marble
    after = tuple(app.game.session.world.pieces["marble"].body.position)
    assert math.dist(after, world_before) < 1.0
    ui.run(app, 2.0)
    assert in_view(app, "marble")  # the view stays where the player put it
    view = app.game.view
    labels = [box for text, box in view.away_labels if "cylinder" in text]
    assert labels  # an arrow says where the cylinders went, its words off every piece
    assert not any(box.collidelist(view.piece_boxes()) >= 0 for box in labels)


def test_the_arrow_keys_move_the_view(make_app: Any, ui: Any) -> None:
    app = make_app("freeplay", size=SMALL)
    ui.run(app, 0.2)
    assert not in_view(app, "cylinder2")
    for _ in range(4):
        ui.key(app, pygame.K_RIGHT)
    assert in_view(app, "cylinder2")
    assert not left_end_in_view(app)
    for _ in range(8):
        ui.key(app, pygame.K_LEFT)
    assert left_end_in_view(app)
    assert not in_view(app, "cylinder2")


def test_a_piece_dragged_to_the_edge_scrolls_the_view_and_stays_under_the_mouse(
    make_app: Any, ui: Any
) -> None:
    app = make_app("freeplay", size=SMALL)
    ui.run(app, 0.2)
    view = app.game.view
    top = app.game.session.world.pieces["disk7"]
    start = view.camera.to_screen(tuple(top.body.position))
    centre_before = view.centre
    edge = (view.visible_rect().right - 6, round(start[1]) - 40)
    ui.drag(app, [start, (start[0] + 60, start[1] - 40), edge], hold_seconds=1.0)
    assert view.centre[0] > centre_before[0] + 100  # the view moved right, > 100 mm
    held_x = view.camera.to_screen(tuple(top.body.position))[0]
    assert held_x > view.visible_rect().centerx  # the disk came along, on the right


def test_animals_at_480x360_are_drawn_at_the_minimum_scale_on_the_tower(
    make_app: Any, ui: Any
) -> None:
    app = make_app("animals", size=SMALL)
    ui.run(app, 0.2)
    view = app.game.view
    assert view.camera.scale >= MIN_SCALE  # was 0.52 px a mm fitted whole
    board_middle = view.camera.to_screen((0.0, view.game.scene.board_top))
    assert view.visible_rect().collidepoint(board_middle)  # the tower's base is in view
    # the side panel's buttons stay where they were and inside the panel
    assert all(view.panel_rect().contains(rect) for rect in view.buttons.values())


def test_resizing_down_shows_part_of_the_table_and_back_up_the_whole(
    make_app: Any, ui: Any
) -> None:
    app = make_app("freeplay")
    ui.run(app, ui.frame)
    view = app.game.view
    for size, part in (((600, 420), True), ((960, 600), False)):
        pygame.event.post(
            pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        )
        ui.run(app, ui.frame)
        assert view.shows_part() is part
        assert view.camera.scale >= MIN_SCALE * 0.98
        assert in_view(app, "disk0")
        if not part:
            assert view.pieces_out_of_view() == []  # the whole table again


@pytest.mark.parametrize("game_id", ["freeplay", "animals"])
def test_a_small_windows_part_view_comes_to_rest(game_id: str, make_app: Any, ui: Any) -> None:
    """The close view's camera stops easing (its goal kept on the table), so the window at
    rest draws nothing (games/ui/rest.py), as the whole table's does."""
    app = make_app(game_id, size=SMALL, seats=(SeatKind.HUMAN, SeatKind.HUMAN)[
        : registry.load(game_id).min_seats])
    ui.until(app, lambda: app.idle)
    assert app.game.view.shows_part() and not app.game.view.animating()


def test_a_replay_in_a_small_window_is_moved_with_a_middle_drag(
    make_app: Any, ui: Any, tmp_path: Path
) -> None:
    path = tmp_path / "freeplay.toml"
    assert main(["run", "freeplay", "--seed", "1", "--frames", "30", "--save", str(path)]) == 0
    app = make_app(replay=load_replay(path), size=SMALL)
    ui.run(app, 0.2)
    inner = app.game.view.inner
    assert inner.shows_part()
    before = inner.centre
    middle_drag(app, ui, (100, 150), (300, 150))
    assert inner.centre[0] < before[0] - 50  # the table moved right: the view went left


def test_wallamoppis_wall_stays_whole_beside_the_marble_box_at_480x360(
    make_app: Any, ui: Any
) -> None:
    """The marble step gives the marble box a panel: the table is shown at the readable
    minimum (it would be 0.8 px a mm whole) and the whole wall still fits beside it."""
    app = make_app(size=SMALL)
    app.start_game(registry.load("wallamoppi"), (SeatKind.HUMAN, SeatKind.HUMAN),
                   {"wall": "auto"})
    ui.run(app, 0.5)
    view = app.game.view
    assert view.shows_part() and view.camera.scale >= MIN_SCALE
    area = view.visible_rect()
    for piece in view.world.dynamic_pieces():
        if "disk" in piece.tags:
            bb = piece.shape.cache_bb()
            left = view.camera.to_screen((bb.left, bb.top))
            right = view.camera.to_screen((bb.right, bb.bottom))
            assert area.left <= left[0] and right[0] <= area.right, piece.name


def test_the_record_of_what_went_where_keeps_off_the_tower_in_a_small_window(
    make_app: Callable[..., Any], ui: Any
) -> None:
    from games.animals import memory_view

    app = make_app("animals", size=(480, 360), seats=(SeatKind.HUMAN, SeatKind.COMPUTER), seed=2)
    game, view = app.session, app.game.view
    ui.until(app, lambda: game.rules.turns >= 1, limit_seconds=120)  # the computer's turn done
    ui.run(app, 0.5)
    box = memory_view.record_box(view)
    assert box is not None  # the record is shown
    assert box.collidelist(view.piece_boxes()) == -1  # and hides no animal of the tower
