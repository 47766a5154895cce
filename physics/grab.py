"""The hand: how a player (mouse or computer) holds and moves a piece.

A kinematic hand body follows its target at a bounded speed and pulls the held piece through a
``PivotJoint`` whose ``max_force`` is a multiple of the piece's weight, so a dragged piece can
neither tunnel through others nor fling the world. An optional rotation-locked grip adds a
``GearJoint`` (both hands on an animal). The plain grip is a pinch: a ``SimpleMotor`` of small
torque resists the piece turning in the fingers, so a piece held near its centre does not spin
on while carried, yet one held by its edge still swings down. Releasing gives the piece the
hand's velocity: a careless flick is a careless flick. A hand may be given a
``max_acceleration``: it then speeds up and brakes smoothly towards its target (a person
carrying a tower). A held piece can be lifted out of the
plane: while held it stops colliding with chosen layers (a disk pulled out of the wall towards
the player). A *gentle* hand (:meth:`Hand.gently`, Wallamoppi's nudge) pushes with a capped
force and stays on a leash: at most ``rise`` above the point it took hold of and within
``reach`` of it, so it pushes a piece where it lies but can neither lift it over others nor
carry it away; :attr:`Hand.held_back` says the last target was cut short.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pymunk

from physics.stepper import position_of, set_velocity, velocity_of
from physics.world import Layer, Piece, World


@dataclass
class _Grip:
    piece: Piece
    pivot: pymunk.PivotJoint
    gear: pymunk.GearJoint | None
    pinch: pymunk.SimpleMotor
    saved_mask: int

    @property
    def constraints(self) -> list[pymunk.Constraint]:
        return [c for c in (self.pivot, self.gear, self.pinch) if c is not None]


RELEASE_SMOOTHING_S = 0.04  # s: the hand's velocity is averaged over about this long
_STILL = pymunk.Vec2d(0.0, 0.0)
EARTH_GRAVITY_MM_S2 = 9810.0


class Hand:
    """A kinematic body that grabs one piece at a time and drags it towards a target point."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        self.body.position = (0.0, 0.0)
        self.target = pymunk.Vec2d(0.0, 0.0)
        self.smoothed_velocity = pymunk.Vec2d(0.0, 0.0)  # mm/s, what a release hands over
        self._keep = (math.nan, 1.0)  # (frame seconds, exp(-frame seconds / smoothing))
        self._grip: _Grip | None = None
        # Where the empty hand came to rest on its target (None: moving, holding or just moved):
        # until the target changes, update() only lets the smoothed velocity die away.
        self._parked: pymunk.Vec2d | None = None
        # mm/s²: a hand that speeds up and slows down smoothly (None: it follows the target
        # at once, up to max_speed). A game whose pieces ride on the held one sets it.
        self.max_acceleration: float | None = None
        # a gentle hand's leash: (where it took hold, the most it rises, the most it reaches)
        self._leash: tuple[pymunk.Vec2d, float, float] | None = None
        self.held_back = False  # the last target was cut short by the leash
        world.space.add(self.body)

    @property
    def held(self) -> Piece | None:
        """The piece in the hand, if any."""
        return self._grip.piece if self._grip else None

    @property
    def position(self) -> pymunk.Vec2d:
        return self.body.position

    def grab(
        self,
        piece: Piece,
        point: tuple[float, float],
        *,
        lock_rotation: bool = False,
        lift_out_of: Layer = Layer(0),  # noqa: B008 - an immutable flag value
    ) -> None:
        """Take hold of ``piece`` at world ``point`` (mm); drop whatever was held first.

        ``lift_out_of`` names the layers the piece stops colliding with while held.
        """
        if self._grip is not None:
            self.release()
        if piece.frozen:  # held still as a static body (World.freeze): moving again now
            self.world.thaw_for(piece)
        self._leash = None
        self.held_back = False
        grab_config = self.world.config.grab
        # The grip is sized to the piece's weight, but never weaker than on Earth: in low or no
        # gravity a hand still pushes as hard as it does at home.
        weight = piece.body.mass * max(self.world.config.world.gravity, EARTH_GRAVITY_MM_S2)
        self.body.position = point
        self.body.velocity = (0.0, 0.0)
        self._parked = None
        self.smoothed_velocity = pymunk.Vec2d(0.0, 0.0)
        self.target = pymunk.Vec2d(*point)
        anchor = piece.body.world_to_local(point)
        pivot = pymunk.PivotJoint(self.body, piece.body, (0.0, 0.0), anchor)
        pivot.max_force = grab_config.force_per_weight * max(weight, 1e-9)
        pivot.error_bias = grab_config.error_bias
        gear = None
        if lock_rotation:
            gear = pymunk.GearJoint(self.body, piece.body, piece.body.angle - self.body.angle, 1.0)
            gear.max_force = grab_config.torque_per_weight * max(weight, 1e-9) * max(piece.size)
            gear.error_bias = grab_config.error_bias
        pinch = pymunk.SimpleMotor(self.body, piece.body, 0.0)
        pinch.max_force = grab_config.pinch_torque_per_weight * max(weight, 1e-9) * max(piece.size)
        saved_mask = piece.shape.filter.mask
        if lift_out_of:
            piece.shape.filter = pymunk.ShapeFilter(
                categories=piece.shape.filter.categories, mask=saved_mask & ~int(lift_out_of)
            )
        self._grip = _Grip(piece, pivot, gear, pinch, saved_mask)
        self.world.space.add(*self._grip.constraints)
        piece.body.activate()

    def limit_force(self, max_force: float) -> None:
        """Cap the grip's pull on the held piece at ``max_force`` (µN: kg·mm/s²), a gentle hand."""
        if self._grip is not None:
            self._grip.pivot.max_force = min(self._grip.pivot.max_force, max_force)

    def gently(self, max_force: float, *, rise: float, reach: float) -> None:
        """Hold the piece in hand gently until it is let go: a pull of at most ``max_force``,
        and the hand kept at most ``rise`` mm above the point it took hold of and within
        ``reach`` mm of it (a nudge pushes a piece where it lies, never lifts or carries it)."""
        if self._grip is None:
            return
        self.limit_force(max_force)
        self._leash = (pymunk.Vec2d(*self.body.position), rise, reach)

    def push_share(self) -> float:
        """How much of its force limit the grip used in the last substep, 0 to 1 (for display)."""
        if self._grip is None or self._grip.pivot.max_force <= 0.0:
            return 0.0
        dt = self.world.frame_seconds / max(self.world.config.world.substeps, 1)
        force = abs(self._grip.pivot.impulse) / dt
        return min(force / self._grip.pivot.max_force, 1.0)

    def move_to(self, point: tuple[float, float]) -> None:
        """Aim the hand at ``point`` (mm), or as near as a gentle hand's leash lets it; call
        :meth:`update` each frame to move it."""
        target = pymunk.Vec2d(*point)
        self.held_back = False
        if self._leash is not None:
            origin, rise, reach = self._leash
            if target.y > origin.y + rise:
                target = pymunk.Vec2d(target.x, origin.y + rise)
            if (target - origin).length > reach:
                target = origin + (target - origin).scale_to_length(reach)
            self.held_back = target != pymunk.Vec2d(*point)
        self.target = target

    def update(self, frame_seconds: float) -> None:
        """Set the hand's velocity to reach the target this frame, capped at ``grab.max_speed``.

        Runs every frame a hand moves: plain floats, the same operations in the same order as
        pymunk's ``Vec2d`` arithmetic (bit-identical), without a ``Vec2d`` per step."""
        keep = self._keep[1] if self._keep[0] == frame_seconds else self._keep_for(frame_seconds)
        rest = 1.0 - keep
        smooth_x, smooth_y = self.smoothed_velocity
        grip = self._grip
        if grip is None and self.idle:
            # at rest on its target, empty: the velocity stays zero (the same sums as below)
            self.smoothed_velocity = pymunk.Vec2d(smooth_x * keep + 0.0 * rest,
                                                  smooth_y * keep + 0.0 * rest)
            return
        body = self.body
        x, y = position_of(body)
        target_x, target_y = self.target
        gap_x, gap_y = target_x - x, target_y - y
        velocity = self._velocity_for((gap_x, gap_y), frame_seconds)
        set_velocity(body, velocity)
        # A mouse reports positions in jumps; averaging the hand's velocity over the last
        # RELEASE_SMOOTHING_S keeps one jumpy frame from deciding how hard a release throws.
        velocity_x, velocity_y = velocity
        self.smoothed_velocity = pymunk.Vec2d(smooth_x * keep + velocity_x * rest,
                                              smooth_y * keep + velocity_y * rest)
        if grip is not None:
            grip.piece.body.activate()
            self._parked = None
        elif velocity_x == 0.0 and velocity_y == 0.0 and gap_x == 0.0 and gap_y == 0.0:
            self._parked = self.target
        else:
            self._parked = None

    def _keep_for(self, frame_seconds: float) -> float:
        """The smoothed velocity's share kept from one frame to the next (cached per step)."""
        cached = self._keep
        if cached[0] != frame_seconds:
            cached = self._keep = (frame_seconds, math.exp(-frame_seconds / RELEASE_SMOOTHING_S))
        return cached[1]

    def _velocity_for(
        self, gap: tuple[float, float], frame_seconds: float
    ) -> tuple[float, float]:
        """The velocity that closes ``gap`` this frame, within the speed and acceleration caps
        (floats: the same operations as ``Vec2d``'s ``/``, ``length``, ``scale_to_length``)."""
        gap_x, gap_y = gap
        x, y = gap_x / frame_seconds, gap_y / frame_seconds
        limit = self.world.config.grab.max_speed
        accel = self.max_acceleration
        if accel is not None:  # never faster than it can still stop within the gap
            limit = min(limit, math.sqrt(2.0 * accel * math.sqrt(gap_x**2 + gap_y**2)))
        length = math.sqrt(x**2 + y**2)
        if length > limit:
            x, y = x * limit / length, y * limit / length
        if accel is not None:
            now_x, now_y = velocity_of(self.body)
            change_x, change_y = x - now_x, y - now_y
            change = math.sqrt(change_x**2 + change_y**2)
            most = accel * frame_seconds
            if change > most:
                x, y = now_x + change_x * most / change, now_y + change_y * most / change
        return x, y

    def settled(self, frame_seconds: float) -> bool:
        """True if the empty hand's :meth:`update` would set the velocity it has already:
        parked on its target, or stuck a rounding error short of it (a velocity too small to
        move it, :meth:`World.still_frames` checks that it does not move). Its frames then
        only change the smoothed velocity (:meth:`skip_idle`)."""
        if self._grip is not None:
            return False
        if self.idle:
            return True
        velocity = self.body.velocity
        return self._velocity_for(self.target - self.body.position, frame_seconds) == velocity

    @property
    def idle(self) -> bool:
        """True while the hand is empty and parked on its target: :meth:`update` then only lets
        the smoothed velocity die away (:meth:`skip_idle`)."""
        return self._parked is not None and self._grip is None and self._parked == self.target

    def skip_idle(self, frames: int, frame_seconds: float) -> None:
        """``frames`` calls of :meth:`update` on a :meth:`settled` hand, with the same sums."""
        keep = self._keep_for(frame_seconds)
        rest = 1.0 - keep
        velocity_x, velocity_y = _STILL if self.idle else self.body.velocity
        x, y = self.smoothed_velocity  # floats: Vec2d's own sums, without a Vec2d per frame
        for _ in range(frames):
            next_x, next_y = x * keep + velocity_x * rest, y * keep + velocity_y * rest
            if next_x == x and next_y == y:
                # a fixed point (a zero's sign too: -0.0 stays only if both terms are -0.0)
                x, y = next_x, next_y
                break
            x, y = next_x, next_y
        self.smoothed_velocity = pymunk.Vec2d(x, y)

    def release(self) -> Piece | None:
        """Let go: the piece keeps the hand's velocity and collides with every layer again.

        The velocity handed over is the hand's, averaged over the last few frames
        (``smoothed_velocity``), so a release after the mouse stopped drops the piece gently.
        """
        grip = self._grip
        if grip is None:
            return None
        self.world.space.remove(*grip.constraints)
        grip.piece.body.velocity = self.smoothed_velocity
        grip.piece.body.activate()
        grip.piece.shape.filter = pymunk.ShapeFilter(
            categories=grip.piece.shape.filter.categories, mask=grip.saved_mask
        )
        self.body.velocity = (0.0, 0.0)
        self.smoothed_velocity = pymunk.Vec2d(0.0, 0.0)
        self._grip = None
        self._parked = None
        self._leash = None
        return grip.piece
