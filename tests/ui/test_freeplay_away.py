"""Free play: a piece thrown off the framed table is pointed to and put back with B.

Real pygame events under SDL's dummy driver: a mouse throw, then the B key.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from games import registry
from games.freeplay.session import FreeplaySession
from games.freeplay.view import FreeplayView
from games.protocol import SeatKind


def throw_right(app: Any, ui: Any, view: FreeplayView, name: str) -> None:
    position = view.physics.world.pieces[name].body.position
    view.refit()
    x, y = (round(v) for v in view.camera.to_screen((position.x, position.y)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
    app.step_frame(ui.frame)
    for step in range(1, 6):  # a flick to the right: the hand lets go at speed
        pos = (x + 25 * step, y - 8 * step)
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(25, -8), buttons=(1, 0, 0))
        )
        app.step_frame(ui.frame)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x + 125, y - 40), button=1))
    app.step_frame(ui.frame)


def test_a_thrown_piece_is_pointed_to_and_b_puts_it_back(
    make_app: Callable[..., Any], ui: Any
) -> None:
    app = make_app()
    app.start_game(registry.load("freeplay"), (SeatKind.HUMAN,))
    session, view = app.session, app.game.view
    assert isinstance(session, FreeplaySession) and isinstance(view, FreeplayView)
    ui.run(app, 0.5)
    start = session.world.pieces["cylinder2"].body.position
    assert session.away() == [] and view.pieces_out_of_view() == []
    throw_right(app, ui, view, "cylinder2")
    ui.run(app, 3.0)
    cylinder = session.world.pieces["cylinder2"]
    assert [p.name for p in session.away()] == ["cylinder2"]
    assert [p.name for p in view.pieces_out_of_view()] == ["cylinder2"]  # an arrow points to it
    assert "B puts it back" in session.status()
    ui.key(app, pygame.K_b)
    ui.run(app, 1.0)
    assert session.away() == [] and view.pieces_out_of_view() == []
    assert abs(cylinder.body.position.x - start.x) < 5.0  # back where it stood, upright
    assert abs(cylinder.body.position.y - start.y) < 2.0
    assert session.outcome is None
