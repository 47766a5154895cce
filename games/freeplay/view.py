"""Free play's window: the pieces framed tightly, every piece draggable with the mouse.

It is the plain :class:`~games.ui.physics_view.PhysicsView` with a tighter frame than the
default (:func:`freeplay_frame`): the scene is a long, low row of pieces, so its width sets the
zoom, and every millimetre of side margin makes the pieces smaller. The frame is measured from
the scene as built, so it follows any change to the layout in ``games/freeplay/scene.py``:
the bumper at the left edge, room to put a disk down right of the cylinders, room to lift a
disk over the stack, and the table's front edge below. Resizing the window refits it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.protocol import Session
from games.ui.physics_view import PhysicsView
from games.ui.render import WorldRect
from physics.world import World

if TYPE_CHECKING:  # pragma: no cover
    from games.ui.app import App

LEFT_EDGE_MM = 12.0  # felt shown beyond the leftmost piece (the bumper at the table's edge)
PUT_DOWN_MM = 70.0  # free felt right of the rightmost piece: a disk's width and a bit
HEADROOM_MM = 40.0  # above the tallest piece: a disk lifted over the stack stays in view
TABLE_EDGE_MM = 24.0  # below the felt: the table's front edge


class FreeplayView(PhysicsView):
    """Drag anything; Shift while grabbing keeps the piece upright."""

    def frame_rect(self) -> WorldRect:
        if self._frame is None:
            self._frame = freeplay_frame(self.world)
        return self._frame


def freeplay_frame(world: World) -> WorldRect:
    """The world rectangle (mm) Free play keeps in view: its pieces, tightly (see above)."""
    boxes = [piece.shape.bb for piece in world.pieces.values() if piece.kind != "table"]
    return WorldRect(
        min(bb.left for bb in boxes) - LEFT_EDGE_MM,
        -TABLE_EDGE_MM,
        max(bb.right for bb in boxes) + PUT_DOWN_MM,
        max(bb.top for bb in boxes) + HEADROOM_MM,
    )


def make_view(app: App, session: Session) -> FreeplayView:
    return FreeplayView(app, session)
