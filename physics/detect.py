"""Settle and fall detection that games reuse.

- :class:`SettleDetector`: all watched bodies slower than a speed for a stretch of time.
- :func:`tilt`, :func:`dropped_below`, :func:`touches`: the ways a stacked piece can be said to
  have fallen: tilted past an angle, its centre sunk below where its support holds it, or in
  contact with something it must not touch (the table, the wall); :func:`fallen` combines them.
- :func:`resting_on`, :func:`supports`: which pieces carry a piece (contact below it with a
  near-vertical normal), e.g. "is this disk resting on the tower?".
- :func:`overlapping`: shapes overlapping a piece whatever the layers (before a lifted piece is
  released back into the plane).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable

import pymunk

from physics.stepper import body_sleeps, velocity_of
from physics.world import Piece, World


class SettleDetector:
    """Reports settled once every watched piece has moved slower than ``speed`` for ``seconds``.

    Angular speed counts too: ``speed`` is compared with the fastest point of each body,
    |v| + |ω| × half its largest size.
    """

    def __init__(self, speed: float = 2.0, seconds: float = 0.5) -> None:
        self.speed = speed  # mm/s
        self.seconds = seconds  # s
        self.quiet_for = 0.0

    def update(
        self,
        pieces: Iterable[Piece],
        frame_seconds: float,
        speed_of: Callable[[Piece], float] | None = None,
    ) -> bool:
        """Feed one frame; True once the pieces have been quiet long enough.

        ``speed_of`` measures a piece (default :func:`point_speed`): e.g. its speed relative to
        what it rests on, or infinity while it is not where it should settle.
        """
        return self.count(frame_seconds, quiet=self.quiet(pieces, speed_of))

    def quiet(
        self, pieces: Iterable[Piece], speed_of: Callable[[Piece], float] | None = None
    ) -> bool:
        """True if every piece is slower than :attr:`speed` now: a frame :meth:`update`
        counts as quiet (a caller may ask this first and skip costlier tests when not)."""
        measure = speed_of or point_speed
        limit = self.speed
        speeds: list[float] = []
        for piece in pieces:
            speed = measure(piece)
            if speed >= limit:  # the maximum is then >= limit too (or NaN): not quiet
                return False
            speeds.append(speed)
        return max(speeds, default=0.0) < limit  # max's own answer, NaN included

    def count(self, frame_seconds: float, *, quiet: bool) -> bool:
        """Feed one frame already measured (:meth:`quiet`); True once quiet long enough."""
        self.quiet_for = self.quiet_for + frame_seconds if quiet else 0.0
        return self.settled

    def skip(self, frames: int, frame_seconds: float, *, quiet: bool) -> None:
        """``frames`` frames in which the measure stays as it was (a headless run's idle
        frames): the quiet time counted up frame by frame, the same sums :meth:`update`
        makes, or back to zero."""
        if not quiet:
            self.quiet_for = 0.0
            return
        for _ in range(frames):
            self.quiet_for += frame_seconds

    @property
    def settled(self) -> bool:
        return self.quiet_for >= self.seconds

    def reset(self) -> None:
        self.quiet_for = 0.0


def point_speed(piece: Piece) -> float:
    """Speed of the fastest point of the piece, mm/s (sleeping bodies count as still)."""
    body = piece.body
    if body_sleeps(body):
        return 0.0
    vx, vy = velocity_of(body)  # Vec2d.length's own sum, without a Vec2d
    return math.sqrt(vx**2 + vy**2) + abs(body.angular_velocity) * max(piece.size) / 2


def run_until_settled(
    world: World,
    pieces: Iterable[Piece],
    *,
    speed: float = 2.0,
    seconds: float = 0.5,
    limit: float = 30.0,
) -> bool:
    """Step ``world`` until ``pieces`` settle or ``limit`` simulated s pass; True if settled."""
    watched = list(pieces)
    detector = SettleDetector(speed, seconds)
    for _ in range(round(limit / world.frame_seconds)):
        world.step()
        if detector.update(watched, world.frame_seconds):
            return True
    return False


def tilt_mod_half_turn(piece: Piece) -> float:
    """Tilt of a symmetric box, degrees in [0, 90]: upside down counts as flat."""
    return tilt_of_angle(piece.body.angle)


def tilt_of_angle(radians: float) -> float:
    """:func:`tilt_mod_half_turn` of a body at angle ``radians``."""
    angle = math.degrees(radians) % 180.0
    return min(angle, 180.0 - angle)


def dropped_below(piece: Piece, resting_y: float, tolerance: float) -> bool:
    """True if the piece's centre is more than ``tolerance`` mm below ``resting_y``."""
    return piece.body.position.y < resting_y - tolerance


def touching(world: World, piece: Piece) -> list[Piece]:
    """The pieces of ``world`` this piece is in contact with now (see :meth:`World.touching`)."""
    return world.touching(piece)


def touches(world: World, piece: Piece, *, kind: str | None = None, tag: str | None = None) -> bool:
    """True if the piece touches a piece of ``kind`` (e.g. "table") and carrying ``tag``."""
    return any(
        (kind is None or other.kind == kind) and (tag is None or tag in other.tags)
        for other in touching(world, piece)
    )


def resting_on(world: World, piece: Piece, *, max_tilt_deg: float = 30.0) -> list[Piece]:
    """The pieces that carry ``piece`` now: in contact below it, with a contact normal within
    ``max_tilt_deg`` of vertical (a disk lying on a disk, not one leaning against its side)."""
    carriers: list[Piece] = []
    min_up = math.cos(math.radians(max_tilt_deg))

    def collect(arbiter: pymunk.Arbiter) -> None:
        first, second = arbiter.shapes
        other_shape = second if first is piece.shape else first
        other = world.piece_of(other_shape)
        if other is None or other is piece or other in carriers:
            return
        # arbiter.normal points from the first shape to the second.
        normal = arbiter.normal if first is other_shape else -arbiter.normal
        touching_points = arbiter.contact_point_set.points
        if normal.y >= min_up and touching_points:
            carriers.append(other)

    piece.body.each_arbiter(collect)
    return carriers


def supports(world: World, lower: Piece, upper: Piece, *, max_tilt_deg: float = 30.0) -> bool:
    """True if ``upper`` rests on ``lower`` now (see :func:`resting_on`)."""
    return lower in resting_on(world, upper, max_tilt_deg=max_tilt_deg)


def overlapping(world: World, piece: Piece) -> list[Piece]:
    """Pieces whose shapes overlap ``piece``'s now, whatever the layers (e.g. before releasing a
    piece lifted out of the wall back into it)."""
    hits = world.space.shape_query(piece.shape)
    found: list[Piece] = []
    for hit in hits:
        other = world.piece_of(hit.shape)
        if other is not None and other is not piece and other not in found:
            found.append(other)
    return found


def fallen(
    piece: Piece,
    *,
    resting_y: float,
    max_tilt_deg: float,
    max_drop: float,
    world: World | None = None,
    forbidden_kind: str | None = "table",
) -> bool:
    """The usual fall test: tilted past ``max_tilt_deg``, sunk more than ``max_drop`` mm below
    ``resting_y``, or (given ``world``) touching a piece of ``forbidden_kind``."""
    if tilt_mod_half_turn(piece) > max_tilt_deg or dropped_below(piece, resting_y, max_drop):
        return True
    return (
        world is not None
        and forbidden_kind is not None
        and touches(world, piece, kind=forbidden_kind)
    )
