"""Settle and fall detection that games reuse.

- :class:`SettleDetector`: all watched bodies slower than a speed for a stretch of time.
- :func:`tilt`, :func:`dropped_below`, :func:`touches`: the ways a stacked piece can be said to
  have fallen: tilted past an angle, its centre sunk below where its support holds it, or in
  contact with something it must not touch (the table, the wall).
"""

from __future__ import annotations

import math
from collections.abc import Iterable

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

    def update(self, pieces: Iterable[Piece], frame_seconds: float) -> bool:
        """Feed one frame; True once the pieces have been quiet long enough."""
        fastest = max((point_speed(piece) for piece in pieces), default=0.0)
        self.quiet_for = self.quiet_for + frame_seconds if fastest < self.speed else 0.0
        return self.settled

    @property
    def settled(self) -> bool:
        return self.quiet_for >= self.seconds

    def reset(self) -> None:
        self.quiet_for = 0.0


def point_speed(piece: Piece) -> float:
    """Speed of the fastest point of the piece, mm/s (sleeping bodies count as still)."""
    body = piece.body
    if body.is_sleeping:
        return 0.0
    return body.velocity.length + abs(body.angular_velocity) * max(piece.size) / 2


def run_until_settled(
    world: World, pieces: Iterable[Piece], *, speed: float = 2.0, seconds: float = 0.5, limit: float = 30.0
) -> bool:
    """Step ``world`` until ``pieces`` settle or ``limit`` simulated seconds pass; True if settled."""
    watched = list(pieces)
    detector = SettleDetector(speed, seconds)
    for _ in range(round(limit / world.frame_seconds)):
        world.step()
        if detector.update(watched, world.frame_seconds):
            return True
    return False


def tilt(piece: Piece) -> float:
    """How far the piece is turned from its laid orientation, degrees in [0, 180]."""
    angle = math.degrees(piece.body.angle) % 360.0
    return min(angle, 360.0 - angle)


def tilt_mod_half_turn(piece: Piece) -> float:
    """Tilt of a symmetric box, degrees in [0, 90]: upside down counts as flat."""
    angle = math.degrees(piece.body.angle) % 180.0
    return min(angle, 180.0 - angle)


def dropped_below(piece: Piece, resting_y: float, tolerance: float) -> bool:
    """True if the piece's centre is more than ``tolerance`` mm below ``resting_y``."""
    return piece.body.position.y < resting_y - tolerance


def touching(world: World, piece: Piece) -> list[Piece]:
    """The pieces of ``world`` this piece is in contact with now."""
    others: list[Piece] = []
    world_pieces = {id(p.shape): p for p in world.pieces.values()}

    def collect(arbiter: object) -> None:
        for shape in arbiter.shapes:  # type: ignore[attr-defined]
            other = world_pieces.get(id(shape))
            if other is not None and other is not piece and other not in others:
                others.append(other)

    piece.body.each_arbiter(collect)
    return others


def touches(world: World, piece: Piece, *, kind: str | None = None, tag: str | None = None) -> bool:
    """True if the piece touches a piece of ``kind`` (e.g. "table") and carrying ``tag``."""
    return any(
        (kind is None or other.kind == kind) and (tag is None or tag in other.tags)
        for other in touching(world, piece)
    )
