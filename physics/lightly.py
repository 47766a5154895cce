"""A piece carried alone: solved with few iterations, and stepped once a frame while far from all.

Most of a Wallamoppi game's frames have one body awake: the disk the hand carries to the tower,
held by the hand's joints to a kinematic body and touching nothing (the wall frozen, the tower
asleep). :class:`LightSolver` is the half of :class:`physics.world.World` that makes those
frames cheap without changing what happens in them:

* **Few iterations** (:meth:`LightSolver.solve_lightly`): the solver's iterations only work on
  contacts and joints, and the joints of one body to an immovable one converge in a few, so
  such a frame runs :data:`LIGHT_ITERATIONS` instead of the stack's; a contact that begins
  brings the full iterations back within the same substep (``ContactBook._begin_contact``).
* **One step a frame** (:meth:`LightSolver._one_step`): substeps are there so contacts are met
  early and a fast piece cannot pass through a thin one. While nothing the carried piece
  collides with lies within its reach this frame, the circle round its centre of gravity that
  holds it at any angle, widened by how far its velocity takes it in the frame (Chipmunk moves
  a body by the velocity it starts a step with, then meets contacts where it arrives) and
  :data:`LIGHT_CLEARANCE_MM`, there is nothing to meet: the frame is one step of its whole
  length. No contact is missed and nothing tunnels; carried by a smoothly moving hand its path
  differs from the substepped one by the rounding of the joints' integration (about a
  micrometre over a second), and after a sudden jump of the hand it lags by that one frame.
  The shapes near it are looked up once per :data:`LIGHT_WINDOW_MM` of travel (while it is the
  only piece awake everything else is static or asleep and stays where it is) and again
  whenever its collision filter changes (it meets other layers from then on).

See docs/physics-tuning.md, "A wall that sleeps between pulls" ("Solving lightly", "A carried
disk in one step").
"""

from __future__ import annotations

import math

import pymunk

from physics.config import PhysicsConfig
from physics.piece import Piece
from physics.stepper import BodyWatch, position_of, velocity_of

# Solver iterations while the only piece awake is a held one touching nothing.
LIGHT_ITERATIONS = 10
# One step a frame only while nothing lies within this of where the frame could take the piece.
LIGHT_CLEARANCE_MM = 2.0
LIGHT_WINDOW_MM = 30.0  # how much farther round it the shapes near it are looked up at once

Box = tuple[float, float, float, float]  # left, bottom, right, top (mm)


def bounding_radius(shape: pymunk.Shape) -> float:
    """The farthest any point of ``shape`` lies from its body's centre of gravity (about which
    it turns, and whose velocity is the body's; body-local points are kept from the body's
    origin, ``body.position``), mm."""
    assert shape.body is not None
    centre = shape.body.center_of_gravity
    if isinstance(shape, pymunk.Circle):
        return (shape.offset - centre).length + shape.radius
    if isinstance(shape, pymunk.Poly):
        return max((vertex - centre).length for vertex in shape.get_vertices()) + shape.radius
    if isinstance(shape, pymunk.Segment):
        return max((shape.a - centre).length, (shape.b - centre).length) + shape.radius
    raise TypeError(f"no bounding radius for {type(shape).__name__}")


class LightSolver:
    """Solving a lone carried piece lightly (see the module docstring); a mixin of ``World``."""

    # Created by World.__init__; listed here for the type checker.
    config: PhysicsConfig
    space: pymunk.Space
    _light: bool
    _light_watch: tuple[int, BodyWatch, list[pymunk.Body]] | None
    _rest_watch: tuple[int, BodyWatch, list[pymunk.Body]] | None
    _untouched: dict[Piece, None]
    _full_iterations: int
    _frame_seconds: float
    _gravity: float
    _light_piece: Piece | None = None  # the held piece while solving lightly
    # (piece, its bounding radius, its centre of gravity off its origin (None: on it), the
    # filter it was looked up with, the box looked up, the boxes of the shapes in it); None:
    # look up again (a piece added or removed, the light solving over)
    _light_window: (
        tuple[Piece, float, pymunk.Vec2d | None, pymunk.ShapeFilter, Box | None, list[Box]] | None
    ) = None

    def _bodies_watch(self) -> tuple[int, BodyWatch, list[pymunk.Body]]:
        raise NotImplementedError  # World's

    def solve_lightly(self, held: Piece | None) -> None:
        """From the next frame, run :data:`LIGHT_ITERATIONS` solver iterations (and one step a
        frame while nothing is near, :meth:`_one_step`) while ``held`` (the piece in the hand)
        is the only moving piece awake and touches nothing; the full iterations again at once
        when it does not (None: at once). Chipmunk reads the iterations after it has met a
        substep's contacts, so a contact that begins has them within the same substep."""
        light = held is not None and held in self._untouched and self._only_awake(held)
        self._light_watch = self._rest_watch if light else None
        self._light_piece = held if light else None
        if not light:
            self._light_window = None  # the world may change before it is light again
        if light != self._light:
            self._light = light
            self.space.iterations = LIGHT_ITERATIONS if light else self._full_iterations

    @property
    def lightly(self) -> bool:
        """True while solving lightly (:meth:`solve_lightly`): the held piece was the only one
        awake and touched nothing when last asked, and no contact has begun since."""
        return self._light

    def _only_awake(self, piece: Piece) -> bool:
        """True if ``piece`` is the only dynamic body awake."""
        awake = self._bodies_watch()[1].awake()
        return len(awake) == 1 and awake[0] is piece.body

    def _one_step(self, vouched: bool) -> bool:
        """True if the next frame may be one step of its whole length: solving lightly, the
        held piece still the only one awake (``vouched``: the caller's word, else asked) and
        nothing it collides with within its reach this frame (the module docstring)."""
        piece = self._light_piece
        if piece is None or not self._light or not (vouched or self._only_awake(piece)):
            return False
        body, shape = piece.body, piece.shape
        window = self._light_window
        # a new piece, or the same one colliding with other layers now (a disk pulled out of
        # the wall meets the tower again once clear of it; one let go meets everything)
        if window is None or window[0] is not piece or window[3] != shape.filter:
            centre = body.center_of_gravity
            off = centre if centre.x or centre.y else None
            window = (piece, bounding_radius(shape), off, shape.filter, None, [])
            self._light_window = window
        _, radius, off, looked_with, box, near = window
        x, y = position_of(body) if off is None else body.local_to_world(off)
        vx, vy = velocity_of(body)
        reach = radius + math.hypot(vx, vy) * self._frame_seconds + LIGHT_CLEARANCE_MM
        left, bottom, right, top = x - reach, y - reach, x + reach, y + reach
        if box is None or not (
            box[0] <= left and box[1] <= bottom and right <= box[2] and top <= box[3]
        ):
            box = (left - LIGHT_WINDOW_MM, bottom - LIGHT_WINDOW_MM,
                   right + LIGHT_WINDOW_MM, top + LIGHT_WINDOW_MM)
            near = [
                (bb.left, bb.bottom, bb.right, bb.top)
                for other in self.space.bb_query(pymunk.BB(*box), looked_with)
                if other is not shape
                for bb in (other.bb,)
            ]
            self._light_window = (piece, radius, off, looked_with, box, near)
        return not any(
            left <= near_right and near_left <= right and bottom <= near_top and near_bottom <= top
            for near_left, near_bottom, near_right, near_top in near
        )
