"""The physics games in the real window for the tests (SDL's dummy driver): where on the screen
a point of the table is, for the mouse events the Animals and Wallamoppi window tests post."""

from __future__ import annotations

from collections.abc import Sequence

from games.ui.physics_view import PhysicsView


def screen(view: PhysicsView, point: Sequence[float]) -> tuple[int, int]:
    """The pixel where ``view`` shows the world point ``point`` (mm), its camera fitted first."""
    view.refit()
    x, y = view.camera.to_screen((point[0], point[1]))
    return round(x), round(y)
