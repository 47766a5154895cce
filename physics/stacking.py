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

from physics.detect import point_speed, tilt_mod_half_turn
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


def _bottom(piece: Piece) -> float:
    return float(piece.shape.cache_bb().bottom)


def _top(piece: Piece) -> float:
    return float(piece.shape.cache_bb().top)


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
    upright = sorted(
        (p for p in pieces if tilt_mod_half_turn(p) <= max_tilt_deg), key=lambda p: p.position.y
    )
    found: list[Column] = []
    for piece in upright:
        bottom = _bottom(piece)
        if abs(bottom - base_y) <= max_gap:
            found.append(Column([piece]))
            continue
        for column in found:
            top = column.top
            offset = max_offset if max_offset is not None else top.size[0] / 2
            if (
                abs(bottom - _top(top)) <= max_gap
                and abs(piece.position.x - top.position.x) <= offset
            ):
                column.pieces.append(piece)
                break
    return sorted(found, key=lambda c: c.bottom.position.x)


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
