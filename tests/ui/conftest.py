"""UI test helpers: the real app under SDL's dummy video driver, driven by posted pygame events.

``make_app(...)`` builds an :class:`~games.ui.app.App` (closed after the test). The ``ui``
fixture offers ``ui.click``, ``ui.drag`` and ``ui.key``, which post real events, and
``ui.run(app, seconds)``, which renders frames of a fixed 1/60 s so the physics advances by
the same number of fixed frames on any machine.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pygame
import pytest

from games.ui.app import App

FRAME = 1 / 60
TEST_SIZE = (960, 600)  # smaller than the default window: faster frames, same behaviour


def run(app: App, seconds: float) -> None:
    """Render ``seconds`` of frames at 60 Hz (the physics runs its fixed frames inside)."""
    for _ in range(round(seconds / FRAME)):
        app.step_frame(FRAME)


def until(app: App, done: Callable[[], bool], limit_seconds: float = 60.0) -> None:
    """Render frames at 60 Hz until ``done()`` (a condition, never a duration), at most
    ``limit_seconds`` of game time."""
    for _ in range(round(limit_seconds / FRAME)):
        if done():
            return
        app.step_frame(FRAME)
    raise AssertionError(f"not done within {limit_seconds} s of frames")


def click(app: App, pos: Sequence[float], button: int = 1) -> None:
    """A full click at a screen position, one frame for the press and one for the release."""
    xy = (round(pos[0]), round(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=xy, button=button))
    app.step_frame(FRAME)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=xy, button=button))
    app.step_frame(FRAME)


def drag(app: App, path: Sequence[Sequence[float]], *, hold_seconds: float = 0.5) -> None:
    """Press at ``path[0]``, move through the rest a frame apart, wait, release at the end."""
    points = [(round(p[0]), round(p[1])) for p in path]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=points[0], button=1))
    app.step_frame(FRAME)
    previous = points[0]
    for point in points[1:]:
        rel = (point[0] - previous[0], point[1] - previous[1])
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=rel, buttons=(1, 0, 0))
        )
        app.step_frame(FRAME)
        previous = point
    run(app, hold_seconds)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=points[-1], button=1))
    app.step_frame(FRAME)


def key(app: App, key_code: int, mod: int = 0) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=key_code, mod=mod, unicode="", scancode=0)
    )
    app.step_frame(FRAME)
    pygame.event.post(
        pygame.event.Event(pygame.KEYUP, key=key_code, mod=mod, unicode="", scancode=0)
    )
    app.step_frame(FRAME)


class UI:
    """The helpers above, as a fixture (test modules do not import conftest)."""

    run = staticmethod(run)
    until = staticmethod(until)
    click = staticmethod(click)
    drag = staticmethod(drag)
    key = staticmethod(key)
    frame = FRAME
    escape = pygame.K_ESCAPE


@pytest.fixture
def ui() -> type[UI]:
    return UI


@pytest.fixture
def make_app() -> Iterator[Callable[..., App]]:
    """Build apps with the test window size; every app is closed after the test."""
    apps: list[App] = []

    def factory(*args: Any, **kwargs: Any) -> App:
        kwargs.setdefault("size", TEST_SIZE)
        kwargs.setdefault("seed", 1)
        app = App(*args, **kwargs)
        apps.append(app)
        pygame.event.clear()
        return app

    yield factory
    for app in apps:
        app.close()
