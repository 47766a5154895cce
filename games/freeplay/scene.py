"""Free play's table: a handful of pieces to push around.

Flat disks in a stack and loose, standing cylinders, a marble at the top of a ramp that rolls
down away from the other pieces towards a bumper at the table's edge. Everything is laid with
the config's overlap and settled in (:meth:`World.settle_in`) so the scene is at rest from the
first frame, but for the marble.
"""

from __future__ import annotations

from physics import pieces, room
from physics.config import PhysicsConfig
from physics.world import World

STACK_DISKS = 8
# The marble's run (ramp and bumper) sits close left of the stack and the cylinders close right
# of the loose disks, so the whole scene is about 580 mm wide and its pieces are drawn big in
# a wide window (the view frames the pieces, and the scene's width is what sets the zoom).
# The ramp keeps its 140 × 100 mm slope; the marble rolls 40 mm on the felt to the bumper.
RAMP_TOP_MM = (-100.0, 100.0)
RAMP_FOOT_MM = (-240.0, 0.0)
BUMPER_X_MM = -280.0
BUMPER_HEIGHT_MM = 40.0
GAP_MM = 10.0  # at least this much between neighbouring pieces, whatever their sizes
# The table (physics/room.py) ends this far left of the bumper and right of the last cylinder:
# a disk put down right of the cylinders still lies on it; one pushed further drops to the floor.
TABLE_LEFT_MM = 60.0
TABLE_RIGHT_MM = 120.0


def build_freeplay(config: PhysicsConfig) -> World:
    """The Free-play table: a stack of disks, 2 loose disks, 3 cylinders, a ramp and a marble,
    on a table of its own width standing on the floor (:func:`physics.room.furnish`)."""
    world = World(config)
    disk_h = config.pieces.disk_thickness
    for level in range(STACK_DISKS):
        y = pieces.stack_height(config, level, disk_h)
        world.add(pieces.flat_disk(config, f"disk{level}", (0.0, y), tags={"stack"}))
    # Spacing grows with the pieces (any sizes the config allows lie apart); the default
    # sizes give the positions described above.
    disk_d, cyl_d = config.pieces.disk_diameter, config.pieces.cylinder_diameter
    loose_x = [max(90.0, disk_d + GAP_MM)]
    loose_x.append(loose_x[0] + max(60.0, disk_d + GAP_MM))
    for index, x in enumerate(loose_x):
        y = pieces.stack_height(config, 0, disk_h)
        world.add(pieces.flat_disk(config, f"loose{index}", (x, y)))
    cyl_h = config.pieces.cylinder_height
    cyl_x = [max(200.0, loose_x[-1] + disk_d / 2 + cyl_d / 2 + GAP_MM)]
    for _ in range(2):
        cyl_x.append(cyl_x[-1] + max(36.0, cyl_d + GAP_MM))
    for index, x in enumerate(cyl_x):
        y = pieces.stack_height(config, 0, cyl_h)
        world.add(pieces.standing_cylinder(config, f"cylinder{index}", (x, y)))
    # The ramp moves left, clear of a wide stack.
    shift = max(0.0, disk_d / 2 + GAP_MM - (-RAMP_TOP_MM[0] - 70.0))
    room.furnish(world, BUMPER_X_MM - shift - TABLE_LEFT_MM, cyl_x[-1] + cyl_d / 2 + TABLE_RIGHT_MM)
    top = (RAMP_TOP_MM[0] - shift, RAMP_TOP_MM[1])
    foot = (RAMP_FOOT_MM[0] - shift, RAMP_FOOT_MM[1])
    world.add(pieces.ramp("ramp", top, foot))
    bumper_x = BUMPER_X_MM - shift
    bumper_top = (bumper_x, BUMPER_HEIGHT_MM)
    world.add(pieces.static_segment("bumper", (bumper_x, 0.0), bumper_top, thickness=8.0))
    world.settle_in()
    # The marble is laid after settling in, so it starts its run at the top of the ramp.
    radius = config.pieces.marble_diameter / 2
    start = (top[0] - 12.0, top[1] + radius + 4.0)
    world.add(pieces.marble(config, "marble", start))
    return world


# The framed part of the table, around the pieces as built: the bumper at the left edge, room
# to put a disk down right of the cylinders, room to lift a disk over the stack, the table's
# front edge below. The window keeps it in view; a piece outside it is "off the table".
LEFT_EDGE_MM = 8.0
PUT_DOWN_MM = 62.0
HEADROOM_MM = 40.0
TABLE_EDGE_MM = 24.0


def home_rect(world: World) -> tuple[float, float, float, float]:
    """(left, bottom, right, top) mm: Free play's framed table, measured from the pieces."""
    boxes = [
        piece.shape.cache_bb()
        for piece in world.pieces.values()
        if piece.kind not in room.KINDS
    ]
    return (
        min(bb.left for bb in boxes) - LEFT_EDGE_MM,
        -TABLE_EDGE_MM,
        max(bb.right for bb in boxes) + PUT_DOWN_MM,
        max(bb.top for bb in boxes) + HEADROOM_MM,
    )
