"""Free play's table: a handful of pieces to push around.

Flat disks in a small stack and loose, standing cylinders, a marble at the top of a ramp.
Everything is laid with the config's overlap so the scene is at rest from the first frame
(but the marble, which rolls).
"""

from __future__ import annotations

from physics import pieces
from physics.config import PhysicsConfig
from physics.world import World

RAMP_TOP_MM = (-260.0, 120.0)
RAMP_FOOT_MM = (-120.0, 0.0)


def build_freeplay(config: PhysicsConfig) -> World:
    """The Free-play table: 5 stacked disks, 2 loose disks, 3 cylinders, a ramp and a marble."""
    world = World(config)
    world.add(pieces.table())
    disk_h = config.pieces.disk_thickness
    for level in range(5):
        y = pieces.stack_height(config, level, disk_h)
        world.add(pieces.flat_disk(config, f"disk{level}", (0.0, y), tags={"stack"}))
    for index, x in enumerate((90.0, 150.0)):
        y = pieces.stack_height(config, 0, disk_h)
        world.add(pieces.flat_disk(config, f"loose{index}", (x, y)))
    cyl_h = config.pieces.cylinder_height
    for index, x in enumerate((220.0, 260.0, 300.0)):
        y = pieces.stack_height(config, 0, cyl_h)
        world.add(pieces.standing_cylinder(config, f"cylinder{index}", (x, y)))
    world.add(pieces.ramp("ramp", RAMP_TOP_MM, RAMP_FOOT_MM))
    radius = config.pieces.marble_diameter / 2
    world.add(pieces.marble(config, "marble", (RAMP_TOP_MM[0] + 12.0, RAMP_TOP_MM[1] + radius + 6.0)))
    return world
