"""Free play's window: the whole table framed, every piece draggable with the mouse.

It is the plain :class:`~games.ui.physics_view.PhysicsView`. The frame is measured from the
scene as built (every piece but the table, padded), so it follows any change to the layout in
``games/freeplay/scene.py`` and leaves room on both sides to put pieces down.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.protocol import Session
from games.ui.physics_view import PhysicsView

if TYPE_CHECKING:  # pragma: no cover
    from games.ui.app import App


class FreeplayView(PhysicsView):
    """Drag anything; Shift while grabbing keeps the piece upright."""


def make_view(app: App, session: Session) -> FreeplayView:
    return FreeplayView(app, session)
