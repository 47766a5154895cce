"""The room round a physics table: a table of real width standing on a floor.

Every physics scene (Free play, Wallamoppi, Animal upon Animal) calls :func:`furnish` once
instead of adding the endless table of :func:`physics.pieces.table`, so a piece pushed or
thrown over the table's edge falls and lands on the floor, where the window can show it, and
a game's "put back" key can gather it.

- The table is a static box, kind ``"table"``: its top surface is y = 0 from ``left`` to
  ``right`` (mm), with square edges (a piece pushed over the edge tips and drops; it does not
  roll round a curve). The box reaches down to the floor (:data:`TABLE_HEIGHT_MM`), so nothing
  gets under the table and a piece whose centre sinks into the top in one substep is still
  pushed back out above (the deep segment of :func:`physics.pieces.table` did the same).
  The window draws it as a table seen from the side: a top, an apron and legs at its ends.
- The floor is a static segment, kind ``"floor"``, whose upper surface is y = -
  :data:`TABLE_HEIGHT_MM`, reaching :data:`FLOOR_REACH_MM` beyond each end of the table. What
  slides off the floor's ends still leaves the world and is caught by the world's escape rule
  (physics/world.py), which puts it back on the table.

The table is a low one (160 mm, four disks' diameters): the scene is seen from the side at the
pieces' scale, and a floor that close stays in the picture beside the pieces.
"""

from __future__ import annotations

import pymunk

from physics.world import Layer, Piece, World

TABLE_HEIGHT_MM = 160.0  # table top (y = 0) above the floor
FLOOR_REACH_MM = 700.0  # the floor reaches this far beyond each end of the table
FLOOR_THICKNESS_MM = 200.0  # deep, so a fast fall cannot pass through it in one substep


def table(left: float, right: float, *, material: str = "felt") -> Piece:
    """The table: a static box from ``left`` to ``right`` (mm), its top at y = 0."""
    if not left < right:
        raise ValueError(f"table: left ({left} mm) must be less than right ({right} mm)")
    body = pymunk.Body(body_type=pymunk.Body.STATIC)
    corners = [(left, -TABLE_HEIGHT_MM), (right, -TABLE_HEIGHT_MM), (right, 0.0), (left, 0.0)]
    shape = pymunk.Poly(body, corners)
    size = (right - left, TABLE_HEIGHT_MM)
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


def furnish(world: World, left: float, right: float) -> tuple[Piece, Piece]:
    """Add a table from ``left`` to ``right`` (mm) and the floor under it to ``world``."""
    return world.add(table(left, right)), world.add(floor(left, right))


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


def lay_at_rest(world: World, piece: Piece, position: tuple[float, float]) -> None:
    """Put ``piece`` at ``position`` (mm), upright and at rest (a hand setting it down)."""
    body = piece.body
    body.position = position
    body.angle = 0.0
    body.velocity = (0.0, 0.0)
    body.angular_velocity = 0.0
    world.space.reindex_shapes_for_body(body)
    body.activate()
