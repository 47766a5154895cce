"""The room round a physics table (physics/room.py): a table of real width with square edges,
a floor below it, and the world's escape rule still catching what leaves the floor."""

from __future__ import annotations

from physics import pieces, room
from physics.world import World
from tests.physics.helpers import config

LEFT, RIGHT = -300.0, 300.0


def room_world() -> World:
    world = World(config())
    room.furnish(world, LEFT, RIGHT)
    return world


def test_a_disk_pushed_over_the_edge_falls_and_lies_on_the_floor() -> None:
    world = room_world()
    disk = world.add(pieces.flat_disk(world.config, "d", (RIGHT - 30.0, 4.0)))
    disk.body.velocity = (900.0, 0.0)  # slid towards the right end, fast enough to leave it
    world.run(3.0)
    assert room.on_floor(world, disk)
    assert disk.body.position.x > RIGHT  # beside the table, not under it
    assert abs(disk.shape.cache_bb().bottom - (-room.TABLE_HEIGHT_MM)) < 1.0
    assert disk.body.velocity.length < 1.0 and not world.escapes  # at rest, nothing caught


def test_the_table_edge_is_square_a_disk_overhanging_by_a_third_stays() -> None:
    world = room_world()
    disk = world.add(pieces.flat_disk(world.config, "d", (RIGHT - 8.0, 3.98)))  # 12 mm over
    world.run(3.0)
    assert not room.on_floor(world, disk)
    assert abs(disk.body.position.x - (RIGHT - 8.0)) < 0.5 and abs(disk.body.angle) < 1e-3


def test_a_piece_past_the_floors_end_is_still_caught_and_put_back_on_the_table() -> None:
    world = room_world()
    disk = world.add(pieces.flat_disk(world.config, "d", (0.0, 4.0)))
    floor_end = RIGHT + room.FLOOR_REACH_MM
    disk.body.position = (floor_end + 200.0, -room.TABLE_HEIGHT_MM)  # off the floor's end
    world.run(2.0)
    assert [e.name for e in world.escapes] == ["d"]
    assert LEFT < disk.body.position.x < RIGHT and not room.on_floor(world, disk)


def test_a_scene_without_a_room_has_no_floor() -> None:
    world = World(config())
    world.add(pieces.table())
    assert room.floor_y(world) is None and room.table_span(world) is None
    assert room.table_span(room_world()) == (LEFT, RIGHT)
