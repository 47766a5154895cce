"""Animal upon Animal playable from memory from move 1 (issue 21, point 1), through the real
window loop (SDL dummy) at the default computer speed: the opening three laid one at a time,
face up and named; the computer's drawn animal held up, face up, before anything is carried;
where it went recorded by place, never by name, until the game is over; the status line
narrating with capitalised names. Headless (no computer speed) nothing changes."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

import itertools
import re
from collections.abc import Callable
from typing import Any

import pygame

from games.animals.record import Entry, Record
from games.animals.rules import Phase
from games.animals.session import AnimalsSession
from games.animals.view import AnimalsView
from games.core.pacing import pace
from games.core.protocol import SeatKind
from tests.animals.helpers import run, session

FRAME = 1 / 60
H, C = SeatKind.HUMAN, SeatKind.COMPUTER


def frames_until(app: Any, done: Callable[[], bool], limit: int = 60 * 60) -> int:
    for n in range(limit):
        if done():
            return n
        app.step_frame(FRAME)
    raise AssertionError("never happened")


def names_in(text: str, game: AnimalsSession) -> set[str]:
    words = set(re.findall(r"[a-z-]+", text.lower()))
    return {a.name for a in game.file.catalogue.template} & words


def shows_colour(app: Any, rect: pygame.Rect, colour: str, near: int = 0) -> bool:
    """Any pixel of ``rect`` on the screen is ``colour`` ("#rrggbb"), each channel within
    ``near`` (a face-up animal is painted shaded wood of its colour: games/ui/wood.py)."""
    want = pygame.Color(colour)
    clipped = rect.clip(app.screen.get_rect())
    for x in range(clipped.left, clipped.right, 2):
        for y in range(clipped.top, clipped.bottom, 2):
            got = app.screen.get_at((x, y))
            if all(abs(got[i] - want[i]) <= near for i in range(3)):
                return True
    return False


def test_the_opening_is_laid_one_by_one_face_up_then_the_computer_shows_its_draw(
    make_app: Callable[..., Any],
) -> None:
    app = make_app("animals", seats=(H, C), seed=2)
    game, view = app.session, app.game.view
    assert isinstance(game, AnimalsSession) and isinstance(view, AnimalsView)
    normal = pace("normal")
    opening = list(game.rules.tower)
    app.step_frame(FRAME)
    assert len(game.scene.animals()) == 1  # the first opening animal only
    bottom = game.scene.piece_of[opening[0]]
    spot = pygame.Rect(0, 0, 8, 8)
    spot.center = tuple(round(v) for v in view.camera.to_screen(tuple(bottom.position)))
    assert shows_colour(app, spot, game.file.catalogue.pieces[opening[0]].colour, near=40)
    assert opening[0] in app.game.view.status() and opening[1] not in view.status()
    assert view.status().startswith("Red lays the opening")
    laid_at = [0]
    for count in (2, 3):
        laid_at.append(laid_at[-1] + frames_until(app, lambda c=count: game.opening_laid == c))
    assert all(name in view.status() for name in opening)
    gaps = [b - a for a, b in itertools.pairwise(laid_at)]
    assert all(gap >= round(normal.opening_seconds / FRAME) - 2 for gap in gaps)  # in view
    assert game.rules.in_hand is None  # the computer has not drawn meanwhile
    shown = frames_until(app, lambda: game.rules.in_hand is not None)
    assert shown >= round(normal.opening_seconds / FRAME) - 2  # the three shown together
    # the computer's draw: held up, face up, before its hand takes anything
    animal = game.rules.in_hand
    assert animal is not None and game.rules.phase is Phase.PLACE
    assert view.status() == f"Blue stacks the {animal}"
    app.step_frame(FRAME)
    table = view.table_rect()
    card = pygame.Rect(table.left, table.top, table.width, 60)
    assert shows_colour(app, card, game.file.catalogue.pieces[animal].colour)  # the card
    held_up = frames_until(app, lambda: game.hand.held is not None)
    assert held_up >= round(normal.show_seconds / FRAME) - 2
    # its insertion: recorded and narrated by place, the animal never named once it is in
    frames_until(app, lambda: game.rules.turns == 1, limit=60 * 120)
    line = game.record.lines(reveal=False)[-1]
    assert game.inserted_at is not None
    assert line == (
        f"Turn 1: Blue put an animal in at place {game.inserted_at + 1} of 4 from the bottom"
    )
    assert game.rules.tower[game.inserted_at] == animal
    app.step_frame(FRAME)
    assert not names_in(view.status(), game) and view.status().startswith("Blue put an animal")
    assert not any(names_in(text, game) for text in game.record.lines(reveal=False))
    assert not game.laying_opening()


def test_the_record_names_the_animals_only_once_the_game_is_over() -> None:
    record = Record()
    record.add(Entry(0, "red", "opening", ("lion", "sheep", "rabbit"), height=3))
    record.add(Entry(1, "blue", "insert", ("dog",), 2, 4))
    record.add(Entry(2, "red", "remove", ("sheep",), 3, 3, rolled=3))
    record.add(Entry(3, "blue", "miss", (), height=3, rolled=6))
    hidden = record.lines(reveal=False)
    assert hidden == [
        "Red laid the opening three animals",
        "Turn 1: Blue put an animal in at place 2 of 4 from the bottom",
        "Turn 2: Red's crocodile rolled 3: animal 3 back into the pouch, 3 left",
        "Turn 3: Blue's crocodile rolled 6: above the tower, nothing taken out",
    ]
    shown = record.lines(reveal=True)
    assert "lion, sheep, rabbit" in shown[0] and "the dog" in shown[1] and "sheep" in shown[2]


def test_headless_without_a_speed_plays_exactly_as_instant() -> None:
    """The option absent (headless, scenarios) and ``instant`` are the same game, frame for
    frame; the paced game is its own, the same every time (a recording replays it)."""
    games = [
        session(3, (C, C)),
        session(3, (C, C), computer_speed="instant"),
        session(3, (C, C), computer_speed="normal"),
        session(3, (C, C), computer_speed="normal"),
    ]
    for game in games:
        run(game, 12.0)
    digests = [game.digest() for game in games]
    assert digests[0] == digests[1] and digests[2] == digests[3] and digests[0] != digests[2]
    assert games[0].rules.turns > games[2].rules.turns
