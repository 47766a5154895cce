"""Free play's window: the whole table framed, every piece draggable with the mouse.

It is the plain :class:`~games.ui.physics_view.PhysicsView` with a fixed frame around the ramp,
the stack, the loose disks and the cylinders (with room on the right to put things down).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.protocol import Session
from games.ui.physics_view import PhysicsView
from games.ui.render import WorldRect

if TYPE_CHECKING:  # pragma: no cover
    from games.ui.app import App

# The table area kept in view, mm: from left of the ramp's top to right of the cylinders.
FREEPLAY_FRAME = WorldRect(left=-300.0, bottom=-30.0, right=420.0, top=190.0)


class FreeplayView(PhysicsView):
    """Drag anything; Shift while grabbing keeps the piece upright."""


def make_view(app: App, session: Session) -> FreeplayView:
    return FreeplayView(app, session, FREEPLAY_FRAME)
