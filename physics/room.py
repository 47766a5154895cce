"""The room round a physics table: a table of real width standing on a floor.

Every physics scene (Free play, Wallamoppi, Animal upon Animal) calls :func:`furnish` once
instead of adding the endless table of :func:`physics.pieces.table`, so a piece pushed or
thrown over the table's edge falls and lands on the floor, where the window can show it, and
a game's "put back" key can gather it.

- The table is a static box, kind ``"table"``: its top surface is y = 0 from ``left`` to
  ``right`` (mm), with square edges (a piece pushed over the edge tips and drops; it does not
  roll round a curve). The box reaches down through the floor (:data:`TABLE_HEIGHT_MM` plus
  :data:`FLOOR_THICKNESS_MM`), so nothing gets under the table, and a piece whose centre sinks
  up to 270 mm into the top in one substep (a coarse clock, a hard throw) is still pushed back
  out above (the deep segment of :func:`physics.pieces.table` allowed 200 mm).
  The window draws it as a table seen from the side: a top, an apron and legs at its ends.
- The floor is a static segment, kind ``"floor"``, whose upper surface is y = -
  :data:`TABLE_HEIGHT_MM`, reaching :data:`FLOOR_REACH_MM` beyond each end of the table, where
  the room's walls (kind ``"room_wall"``, :data:`WALL_HEIGHT_MM` high) stop what rolls along
  it. What still leaves the room (thrown over a wall, through something at a coarse clock)
  leaves the world and is caught by the world's escape rule (physics/world.py), which puts it
  back on the table.

The table is a low one (140 mm, three and a half disk diameters): the scene is seen from the
side at the pieces' scale, and a floor that close stays in the picture beside the pieces
(Free play's at 1280×720 and 800×500), so a piece that falls off lands in view.
"""

from __future__ import annotations

import pymunk

from physics.world import Layer, Piece, World

# The kinds of the static pieces :func:`furnish` adds: the room, not what is played with.
KINDS = ("table", "floor", "room_wall")
TABLE_HEIGHT_MM = 140.0  # table top (y = 0) above the floor
FLOOR_REACH_MM = 700.0  # the floor reaches this far beyond each end of the table
# The floor's depth: a piece must move half of it (200 mm) in one substep to pass through
# (pymunk has no continuous collision), as with the deep table of physics.pieces.table.
FLOOR_THICKNESS_MM = 400.0
WALL_HEIGHT_MM = 1500.0  # the room's walls at the floor's ends reach this high above the table


def table(left: float, right: float, *, material: str = "felt") -> Piece:
    """The table: a static box from ``left`` to ``right`` (mm), its top at y = 0."""
    if not left < right:
        raise ValueError(f"table: left ({left} mm) must be less than right ({right} mm)")
    body = pymunk.Body(body_type=pymunk.Body.STATIC)
    bottom = -TABLE_HEIGHT_MM - FLOOR_THICKNESS_MM  # as deep as the floor: see the docstring
    corners = [(left, bottom), (right, bottom), (right, 0.0), (left, 0.0)]
    shape = pymunk.Poly(body, corners)
    size = (right - left, -bottom)
    piece = Piece("table", "table", material, body, shape, size, Layer.TABLE, set())
    piece.set_layer(Layer.TABLE)
    return piece


def floor(left: float, right: float, *, material: str = "wood") -> Piece:
    """The floor under a table from ``left`` to ``right``: its top at y = -TABLE_HEIGHT_MM."""
    half = FLOOR_THICKNESS_MM / 2
    y = -TABLE_HEIGHT_MM - half
    body = pymunk.Body(body_type=pymunk.Body.STATIC)
    start, end = (left - FLOOR_REACH_MM, y), (right + FLOOR_REACH_MM, y)
    shape = pymunk.Segment(body, start, end, half)
    size = (end[0] - start[0], FLOOR_THICKNESS_MM)
    piece = Piece("floor", "floor", material, body, shape, size, Layer.TABLE, set())
    piece.set_layer(Layer.TABLE)
    return piece


def walls(left: float, right: float) -> tuple[Piece, Piece]:
    """The room's walls at the ends of the floor under a table from ``left`` to ``right``:
    static segments, kind ``"room_wall"``, :data:`WALL_HEIGHT_MM` high, their inner faces at
    the floor's ends, so what rolls along the floor stops there instead of falling off it."""
    half = FLOOR_THICKNESS_MM / 2
    bottom = -TABLE_HEIGHT_MM - FLOOR_THICKNESS_MM
    made = []
    for name, x in (
        ("wall_left", left - FLOOR_REACH_MM - half),
        ("wall_right", right + FLOOR_REACH_MM + half),
    ):
        body = pymunk.Body(body_type=pymunk.Body.STATIC)
        shape = pymunk.Segment(body, (x, bottom), (x, WALL_HEIGHT_MM), half)
        size = (FLOOR_THICKNESS_MM, WALL_HEIGHT_MM - bottom)
        piece = Piece(name, "room_wall", "wood", body, shape, size, Layer.TABLE, set())
        piece.set_layer(Layer.TABLE)
        made.append(piece)
    return made[0], made[1]


def furnish(world: World, left: float, right: float) -> tuple[Piece, Piece]:
    """Add a table from ``left`` to ``right`` (mm), the floor under it and the room's walls
    at the floor's ends to ``world``; returns the table and the floor."""
    added = world.add(table(left, right)), world.add(floor(left, right))
    for wall in walls(left, right):
        world.add(wall)
    return added


def floor_y(world: World) -> float | None:
    """The floor's upper surface (mm) in ``world``, or None if it has no floor."""
    piece = world.pieces.get("floor")
    if piece is None:
        return None
    return float(piece.shape.cache_bb().top)


def table_span(world: World) -> tuple[float, float] | None:
    """(left, right) mm of the table's top in ``world``, or None for a table with no ends."""
    piece = world.pieces.get("table")
    if piece is None or not isinstance(piece.shape, pymunk.Poly):
        return None
    bb = piece.shape.cache_bb()
    return (float(bb.left), float(bb.right))


def on_floor(world: World, piece: Piece) -> bool:
    """True if ``piece`` is wholly below the table's top: it fell off the table (onto the
    floor, or on its way there)."""
    return floor_y(world) is not None and piece.shape.cache_bb().top < 0.0
