"""Free play's window: the pieces framed tightly, every piece draggable with the mouse.

It is the plain :class:`~games.ui.physics_view.PhysicsView` with a tighter frame than the
default (:func:`freeplay_frame`): the scene is a long, low row of pieces, so its width sets the
zoom, and every millimetre of side margin makes the pieces smaller. The frame is measured from
the scene as built, so it follows any change to the layout in ``games/freeplay/scene.py``:
the bumper at the left edge, room to put a disk down right of the cylinders, room to lift a
disk over the stack, and the table's front edge below. Resizing the window refits it; a
window too small to show it all at the readable minimum (a 40 mm disk 40 px wide,
:data:`~games.ui.physics_view.MIN_SCALE`) shows the part round the stack, then round the piece
in hand or last moved (a middle or right drag and the arrow keys move it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core.protocol import Session
from games.freeplay.scene import home_rect
from games.freeplay.session import FreeplaySession
from games.ui.physics_view import PhysicsView
from games.ui.render import Point, WorldRect
from physics.world import Piece, World

if TYPE_CHECKING:  # pragma: no cover
    from games.ui.view import Window

class FreeplayView(PhysicsView):
    """Drag anything; Shift while grabbing keeps the piece upright; B puts back what is away."""

    def frame_rect(self) -> WorldRect:
        if self._frame is None:
            self._frame = freeplay_frame(self.world)
        return self._frame

    def focus_point(self) -> Point:
        """A small window's close view starts on the stack of disks (the game's heart)."""
        stack = [p for p in self.world.pieces.values() if "stack" in p.tags]
        if not stack:
            return super().focus_point()
        return (stack[0].body.position.x, self.frame_rect().bottom)

    def put_back_pieces(self) -> list[Piece]:
        """B puts back every piece off the table (the session's ``away``)."""
        assert isinstance(self.physics, FreeplaySession)
        return self.physics.away()


def freeplay_frame(world: World) -> WorldRect:
    """The world rectangle (mm) Free play keeps in view: its pieces, tightly (see above)."""
    return WorldRect(*home_rect(world))


def make_view(app: Window, session: Session) -> FreeplayView:
    return FreeplayView(app, session)
