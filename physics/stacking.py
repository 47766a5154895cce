"""Stacks of upright boxes: which pieces stand on which, and how still a piece sits on another.

Shared by the games whose towers are piles of pieces (Wallamoppi's coin stack, Animal upon
Animal's cylinders):

- :func:`columns` groups upright pieces into columns standing on a surface, by geometry alone
  (no contact lists, so it gives the same answer on the first frame after laying a stack);
- :func:`riders` is what rides on a piece: the pieces above it in its column (lift the piece
  and they come along, held by friction only);
- :func:`relative_speed` is how fast a piece moves relative to the one it rests on (a tall
  tower sways as a whole; a piece resting on it sways along and counts as still).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from physics.detect import point_speed, tilt_of_angle
from physics.stepper import cached_bb_height, pose_of
from physics.world import Piece


@dataclass
class Column:
    """Pieces standing on each other, bottom first."""

    pieces: list[Piece] = field(default_factory=list)

    @property
    def bottom(self) -> Piece:
        return self.pieces[0]

    @property
    def top(self) -> Piece:
        return self.pieces[-1]

    def __contains__(self, piece: object) -> bool:
        return piece in self.pieces

    def __len__(self) -> int:
        return len(self.pieces)


def columns(
    pieces: Iterable[Piece],
    *,
    base_y: float,
    max_gap: float = 2.0,
    max_offset: float | None = None,
    max_tilt_deg: float = 15.0,
) -> list[Column]:
    """Upright ``pieces`` grouped into columns standing on the surface at height ``base_y``.

    A piece stands on the surface if its bottom is within ``max_gap`` mm of ``base_y``; on
    another piece if its bottom is within ``max_gap`` of that piece's top and their centres are
    at most ``max_offset`` mm apart sideways (default: half the lower piece's width). A piece
    tilted past ``max_tilt_deg`` belongs to no column, and neither does anything above it.
    Columns are returned left to right; pieces standing on nothing are left out.
    """
    # each piece measured once (its position, and its box: cache_bb, as the broadphase has it)
    upright: list[tuple[float, float, float, float, Piece]] = []
    for piece in pieces:
        angle, x, y = pose_of(piece.body)
        if tilt_of_angle(angle) <= max_tilt_deg:
            bottom, top = cached_bb_height(piece.shape)
            upright.append((y, x, bottom, top, piece))
    upright.sort(key=_height)  # stable: pieces at the same height keep their order
    found: list[Column] = []
    tops: list[tuple[float, float, float]] = []  # each column's top: (x, box top, offset)
    for _, x, bottom, top_y, piece in upright:
        width = piece.size[0]
        offset = max_offset if max_offset is not None else width / 2
        if abs(bottom - base_y) <= max_gap:
            found.append(Column([piece]))
            tops.append((x, top_y, offset))
            continue
        for index, (column_x, column_top, column_offset) in enumerate(tops):
            if abs(bottom - column_top) <= max_gap and abs(x - column_x) <= column_offset:
                found[index].pieces.append(piece)
                tops[index] = (x, top_y, offset)
                break
    return sorted(found, key=lambda c: c.bottom.position.x)


def _height(measured: tuple[float, float, float, float, Piece]) -> float:
    return measured[0]


def riders(column: Column, piece: Piece) -> list[Piece]:
    """The pieces above ``piece`` in ``column`` (they ride along when it is lifted)."""
    index = column.pieces.index(piece)
    return column.pieces[index + 1 :]


def relative_speed(piece: Piece, support: Piece | None) -> float:
    """How fast ``piece`` moves relative to ``support``, mm/s (its fastest point).

    Without a support it is the piece's own :func:`~physics.detect.point_speed`.
    """
    if support is None:
        return point_speed(piece)
    relative = piece.body.velocity - support.body.velocity
    spin = abs(piece.body.angular_velocity - support.body.angular_velocity)
    return float(relative.length + spin * max(piece.size) / 2)
