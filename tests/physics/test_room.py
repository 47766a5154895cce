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


def test_a_disk_sliding_along_the_floor_stops_at_the_rooms_wall() -> None:
    world = room_world()
    floor = room.floor_y(world)
    assert floor is not None
    disk = world.add(pieces.flat_disk(world.config, "d", (RIGHT + 100.0, floor + 3.98)))
    disk.body.velocity = (6000.0, 0.0)  # fast enough to reach the floor's end
    world.run(3.0)
    wall = RIGHT + room.FLOOR_REACH_MM
    assert RIGHT < disk.body.position.x < wall and room.on_floor(world, disk)
    assert not world.escapes


def test_a_piece_thrown_over_the_rooms_wall_is_still_caught_and_put_back_on_the_table() -> None:
    world = room_world()
    disk = world.add(pieces.flat_disk(world.config, "d", (0.0, 4.0)))
    beyond = RIGHT + room.FLOOR_REACH_MM + 2 * room.FLOOR_THICKNESS_MM
    disk.body.position = (beyond, 0.0)  # outside the room: it falls past the floor
    world.run(2.0)
    assert [e.name for e in world.escapes] == ["d"]
    assert LEFT < disk.body.position.x < RIGHT and not room.on_floor(world, disk)


def test_a_scene_without_a_room_has_no_floor() -> None:
    world = World(config())
    world.add(pieces.table())
    assert room.floor_y(world) is None and room.table_span(world) is None
    assert room.table_span(room_world()) == (LEFT, RIGHT)
