"""The idle menu costs next to no CPU: a frame that changes nothing is neither drawn nor sent
to the screen, and the loop then wakes at IDLE_HZ instead of DISPLAY_HZ; any input (a mouse
move) or an uncovered window draws it again at once."""

from __future__ import annotations

import pygame

from games.ui import app as app_module


def test_an_idle_menu_is_not_sent_to_the_screen_again(make_app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    flips: list[int] = []
    real_flip = pygame.display.flip
    monkeypatch.setattr(pygame.display, "flip", lambda: (flips.append(1), real_flip())[1])
    app = make_app()
    app.step_frame(1 / 60)
    assert len(flips) == 1 and not app.idle
    for _ in range(10):
        app.step_frame(1 / 60)
    assert len(flips) == 1 and app.idle  # nothing changed: no drawing, no flip
    waits: list[int] = []

    class Clock:
        def tick(self, hz: int) -> int:
            waits.append(hz)
            return 16

    app.clock = Clock()
    app.step_frame()
    assert waits == [app_module.IDLE_HZ]  # an idle loop wakes less often
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(30, 30), rel=(1, 1),
                                         buttons=(0, 0, 0)))
    app.step_frame(1 / 60)
    assert len(flips) == 2 and not app.idle
    app.step_frame()
    assert waits[-1] == app_module.DISPLAY_HZ
    if app_module.REDRAW_EVENTS:
        kind = next(iter(app_module.REDRAW_EVENTS))
        pygame.event.post(pygame.event.Event(kind))
        app.step_frame(1 / 60)
        assert len(flips) == 3  # an uncovered window is drawn whole again
