"""Piece factories, in millimetres, for a side view of the table.

- A flat disk lying on the table is seen edge-on: a box of diameter × thickness.
- A standing cylinder is seen from the side: a box of diameter × height.
- A marble is a circle.
- Ramps, walls and the table are static segments.

Masses come from the real 3D piece (density in kg/m³ times its true volume), so a disk weighs
what a wooden disk weighs; the moment of inertia is that of the 2D shape with that mass.
Pieces stacked with :func:`stack_height` overlap by ``lay_overlap`` so contacts exist from the
first step instead of everything dropping one step and jolting.
"""

from __future__ import annotations

import math

import pymunk

from physics.config import PhysicsConfig
from physics.world import Layer, Piece, World

MM3_PER_M3 = 1e9


def _mass(config: PhysicsConfig, material: str, volume_mm3: float) -> float:
    """kg of ``volume_mm3`` of ``material``."""
    return config.materials[material] * volume_mm3 / MM3_PER_M3


def _box_piece(
    name: str,
    kind: str,
    material: str,
    mass: float,
    size: tuple[float, float],
    position: tuple[float, float],
    angle: float,
    layer: Layer,
    tags: set[str],
) -> Piece:
    body = pymunk.Body(mass, pymunk.moment_for_box(mass, size))
    body.position = position
    body.angle = angle
    shape = pymunk.Poly.create_box(body, size)
    piece = Piece(name, kind, material, body, shape, size, layer, set(tags))
    piece.set_layer(layer)
    return piece


def flat_disk(
    config: PhysicsConfig,
    name: str,
    position: tuple[float, float],
    *,
    material: str = "wood",
    angle: float = 0.0,
    layer: Layer = Layer.FREE,
    tags: set[str] | None = None,
) -> Piece:
    """A disk lying flat, seen edge-on: a ``disk_diameter`` × ``disk_thickness`` box (mm)."""
    sizes = config.pieces
    radius = sizes.disk_diameter / 2
    mass = _mass(config, material, math.pi * radius**2 * sizes.disk_thickness)
    size = (sizes.disk_diameter, sizes.disk_thickness)
    return _box_piece(name, "disk", material, mass, size, position, angle, layer, tags or set())


def standing_cylinder(
    config: PhysicsConfig,
    name: str,
    position: tuple[float, float],
    *,
    material: str = "wood",
    angle: float = 0.0,
    layer: Layer = Layer.FREE,
    tags: set[str] | None = None,
    size: tuple[float, float] | None = None,
) -> Piece:
    """A cylinder on its end, seen from the side: ``cylinder_diameter`` × ``cylinder_height``
    (or ``size`` = (diameter, height) mm, for a game with its own pieces file)."""
    sizes = config.pieces
    if size is None:
        size = (sizes.cylinder_diameter, sizes.cylinder_height)
    radius = size[0] / 2
    mass = _mass(config, material, math.pi * radius**2 * size[1])
    return _box_piece(name, "cylinder", material, mass, size, position, angle, layer, tags or set())


def marble(
    config: PhysicsConfig,
    name: str,
    position: tuple[float, float],
    *,
    material: str = "glass",
    layer: Layer = Layer.FREE,
    tags: set[str] | None = None,
) -> Piece:
    """A solid sphere seen as a circle of ``marble_diameter`` mm.

    Its moment is a solid sphere's (2/5 m r²), not a disk's, so it rolls down an incline with
    the textbook acceleration 5/7 g sin θ.
    """
    radius = config.pieces.marble_diameter / 2
    mass = _mass(config, material, 4 / 3 * math.pi * radius**3)
    body = pymunk.Body(mass, 0.4 * mass * radius**2)
    body.position = position
    shape = pymunk.Circle(body, radius)
    diameter = 2 * radius
    piece = Piece(
        name, "marble", material, body, shape, (diameter, diameter), layer, set(tags or ())
    )
    piece.set_layer(layer)
    return piece


def static_segment(
    name: str,
    start: tuple[float, float],
    end: tuple[float, float],
    *,
    kind: str = "wall",
    material: str = "wood",
    thickness: float = 2.0,
    layer: Layer = Layer.SCENERY,
    tags: set[str] | None = None,
) -> Piece:
    """A static segment from ``start`` to ``end`` (mm), ``thickness`` mm thick: ramps, walls."""
    body = pymunk.Body(body_type=pymunk.Body.STATIC)
    shape = pymunk.Segment(body, start, end, thickness / 2)
    length = math.dist(start, end)
    piece = Piece(name, kind, material, body, shape, (length, thickness), layer, set(tags or ()))
    piece.set_layer(layer)
    return piece


def ramp(
    name: str,
    start: tuple[float, float],
    end: tuple[float, float],
    *,
    material: str = "wood",
    tags: set[str] | None = None,
) -> Piece:
    """A static inclined plank from ``start`` to ``end`` (mm)."""
    return static_segment(
        name, start, end, kind="ramp", material=material, thickness=4.0, tags=tags
    )


def table(name: str = "table", *, half_width: float = 2000.0, material: str = "felt") -> Piece:
    """The table top: a static segment whose upper surface is y = 0, ``2 × half_width`` mm wide.

    An endless table for tests and benchmarks; the games' scenes stand a table of their own
    width on a floor instead (:func:`physics.room.furnish`).

    It is 400 mm thick (drawn as a thin top; only its upper surface is ever touched): pymunk
    has no continuous collision, and a piece whose centre crosses the segment's middle line in
    one substep is pushed out *below*. At 20 mm a disk dropped 2 cm at a 30 Hz, 1-substep
    clock fell through; now a piece must move 200 mm in one substep to tunnel, and one that
    still does is caught and put back by the world (physics/world.py).
    """
    thickness = 400.0
    return static_segment(
        name,
        (-half_width, -thickness / 2),
        (half_width, -thickness / 2),
        kind="table",
        material=material,
        thickness=thickness,
        layer=Layer.TABLE,
    )


def stack_height(
    config: PhysicsConfig, level: int, piece_height: float, base: float = 0.0
) -> float:
    """Centre y (mm) of the ``level``-th piece (0 = lowest) in a stack of equal pieces on ``base``.

    Each piece sinks ``lay_overlap`` mm into the one below so contacts exist from the first step.
    """
    overlap = config.pieces.lay_overlap
    return base + piece_height / 2 - overlap + level * (piece_height - overlap)


def disk_stack(
    world: World,
    count: int,
    *,
    x: float = 0.0,
    base: float = 0.0,
    prefix: str = "d",
    tags: set[str] | None = None,
) -> list[Piece]:
    """Lay ``count`` flat disks centred on ``x`` on a surface at height ``base`` (mm).

    Names are ``prefix`` plus the level, zero-padded to two digits (``d00`` is the lowest).
    Call :meth:`World.settle_in` afterwards so a tall stack takes up its weight gently.
    """
    config = world.config
    height = config.pieces.disk_thickness
    disks = []
    for level in range(count):
        centre = (x, stack_height(config, level, height, base))
        disks.append(world.add(flat_disk(config, f"{prefix}{level:02d}", centre, tags=tags)))
    return disks
