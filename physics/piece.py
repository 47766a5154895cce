"""A named piece of a physics world (body, shape, material, tags), its collision layers, and
what a contact between two pieces sounds like (:class:`Impact`).

Kept apart from :mod:`physics.world` so that the world's stepping and its contact bookkeeping
(:mod:`physics.contacts`) can both speak of pieces; ``physics.world`` re-exports all three.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

import pymunk


class Layer(enum.IntFlag):
    """Collision layers. A held piece can be lifted out of chosen layers (see ``physics.grab``)."""

    TABLE = 1 << 0
    FREE = 1 << 1  # loose pieces: free play, fallen disks
    WALL = 1 << 2  # Wallamoppi's wall
    TOWER = 1 << 3  # a stack being built
    SCENERY = 1 << 4  # ramps, chutes, box walls
    HAND = 1 << 5  # the kinematic hand itself never collides

    @classmethod
    def all(cls) -> Layer:
        return cls.TABLE | cls.FREE | cls.WALL | cls.TOWER | cls.SCENERY


@dataclass(frozen=True)
class Impact:
    """A contact that began this substep: who hit what, how hard (kg·mm/s), and where (mm)."""

    a: str
    b: str
    impulse: float
    point: tuple[float, float]
    kinds: tuple[str, str]  # the pieces' kinds ("disk", "table", "marble", ...)
    materials: tuple[str, str]


@dataclass(eq=False)
class Piece:
    """A named body in the world with its shape, material and the tags a game gave it."""

    name: str
    kind: str  # "disk", "cylinder", "marble", "ramp", "wall", "table"
    material: str
    body: pymunk.Body
    shape: pymunk.Shape
    size: tuple[float, float]  # mm: (width, height) for boxes, (diameter, diameter) for circles
    layer: Layer = Layer.FREE
    tags: set[str] = field(default_factory=set)
    rolls: bool = False  # a round dynamic piece: the world resists its rolling
    # held still as a static body until something touches it (World.freeze); still a moving
    # piece in every other respect
    frozen: bool = False

    @property
    def position(self) -> pymunk.Vec2d:
        return self.body.position

    @property
    def is_static(self) -> bool:
        """True for a piece built static (the table, ramps); not for a frozen moving piece."""
        return self.body.body_type == pymunk.Body.STATIC and not self.frozen

    def set_layer(self, layer: Layer, collides_with: Layer | None = None) -> None:
        """Put the piece on ``layer``, colliding with ``collides_with`` (default: everything)."""
        self.layer = layer
        mask = Layer.all() if collides_with is None else collides_with
        self.shape.filter = pymunk.ShapeFilter(categories=int(layer), mask=int(mask))
