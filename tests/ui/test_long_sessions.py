"""Long sessions: a game that was left (F5, Esc) leaves nothing of itself in the window's caches
and nothing holds its session.

The renderer kept each drawn world's layer (a copy of the screen) keyed by the world's ``id`` and
each wooden box's outline keyed by its shape's ``id`` with the shape itself: keys that never
repeat, so a long session of computer games piled up a layer and the boxes of every game until
a size limit emptied the cache (up to 9 screen-sized layers and 2,048 shapes with their
bodies). Both are now keyed weakly by the world and the shape, and a game left is collected
at once (its world is in reference cycles, which Python's collector reached only now and then:
each game's world and layer stayed meanwhile, about 3 MB a game of Animal upon Animal).
``scripts/soak.py`` measures the memory over minutes; this checks in seconds, in the real window
(keys posted through its loop), that after games were played and left no earlier game is kept.
"""

from __future__ import annotations

import weakref

import pygame
import pytest

from games.core.protocol import SeatKind, Session

GAMES = ["freeplay", "wallamoppi", "animals", "stonewall", "malloppo", "whacky"]


@pytest.mark.parametrize("game", GAMES)
def test_games_left_in_the_window_are_let_go(make_app, ui, game: str) -> None:
    seats = None if game == "freeplay" else [SeatKind.COMPUTER, SeatKind.COMPUTER]
    app = make_app(game, seats=seats)
    left: list[weakref.ReferenceType[Session]] = []
    for ending in (pygame.K_F5, pygame.K_F5, pygame.K_ESCAPE):
        ui.run(app, 0.5)  # drawn: its world's layer and its boxes are kept meanwhile
        left.append(weakref.ref(app.game.session))
        ui.key(app, ending)
    assert app.game is None  # Esc: back on the menu
    # Freed when left, not at Python's next full collection (rare in a long session): no
    # gc.collect() here.
    assert [ref() for ref in left] == [None, None, None]
    cache = app.renderer._cache
    assert len(cache.layers) == 0 and len(cache.boxes) == 0  # nothing of a game left


def test_texts_that_never_repeat_keep_the_cache_at_its_size(make_app) -> None:
    """A turn log's lines never repeat: the text cache keeps the most recent ones, up to its
    size, and a text drawn every frame (the title) stays in it."""
    from games.ui.canvas import TEXT_KEPT

    app = make_app(None)
    renderer = app.renderer
    title = renderer.render_text("Wobbletop", 30)
    for turn in range(3 * TEXT_KEPT):
        renderer.render_text(f"red rolled 3 on turn {turn}", 15)
        assert renderer.render_text("Wobbletop", 30) is title  # used every frame: kept
    kept = [key[0] for key in renderer._cache.text]
    assert len(kept) == TEXT_KEPT
    assert f"red rolled 3 on turn {3 * TEXT_KEPT - 1}" in kept
    assert "red rolled 3 on turn 0" not in kept
