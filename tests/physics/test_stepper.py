"""Stepping through cpSpaceStep directly gives pymunk's own trace, and queued work still happens."""

from __future__ import annotations

import pymunk

from physics import pieces
from physics.stepper import BodyWatch, direct_stepper
from tests.physics.helpers import config, table_world


def _falling_space() -> tuple[pymunk.Space, list[pymunk.Body]]:
    space = pymunk.Space()
    space.gravity = (0.0, -9810.0)
    space.sleep_time_threshold = 0.05
    floor = pymunk.Segment(space.static_body, (-100.0, 0.0), (100.0, 0.0), 1.0)
    floor.friction = 0.5
    space.add(floor)
    bodies = []
    for n in range(3):
        body = pymunk.Body(0.01, 10.0)
        body.position = (n * 5.0, 10.0 + 8.0 * n)
        shape = pymunk.Poly.create_box(body, (20.0, 8.0))
        shape.friction = 0.5
        space.add(body, shape)
        bodies.append(body)
    return space, bodies


def test_direct_stepping_gives_the_same_trace_as_pymunks_step() -> None:
    plain, plain_bodies = _falling_space()
    fast, fast_bodies = _falling_space()
    step = direct_stepper(fast)
    assert step != fast.step  # the direct path is in use with this pymunk
    for _ in range(600):
        plain.step(1 / 720)
        step(1 / 720)
    for a, b in zip(plain_bodies, fast_bodies, strict=True):
        assert (a.position, a.angle, a.velocity) == (b.position, b.angle, b.velocity)
    assert all(body.is_sleeping for body in fast_bodies)  # sleeping happens as before


def test_a_shape_removed_from_a_callback_is_gone_after_the_direct_step() -> None:
    space, bodies = _falling_space()
    step = direct_stepper(space)
    removed: list[pymunk.Shape] = []

    def begin(arbiter: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        for shape in arbiter.shapes:
            if shape.body is bodies[0] and shape not in removed:
                removed.append(shape)
                space.remove(shape)  # queued: the space is locked during the step

    space.on_collision(begin=begin)
    for _ in range(200):
        step(1 / 720)
    assert removed and removed[0] not in space.shapes
    assert bodies[0].position.y < -100.0  # nothing holds it up any more: it fell through


def test_body_watch_tells_which_disks_sleep() -> None:
    world = table_world(config(world={"sleep_time": 0.1}))
    disks = pieces.disk_stack(world, 3)
    loose = world.add(pieces.flat_disk(world.config, "loose", (200.0, 300.0)))
    watch = BodyWatch([disk.body for disk in disks] + [loose.body])
    world.settle_in()
    world.run(0.5)
    assert list(map(bool, watch.asleep())) == [True, True, True, True]
    assert watch.all_asleep()
    loose.body.activate()
    assert list(map(bool, watch.asleep())) == [True, True, True, False]
    assert not watch.all_asleep()
    assert BodyWatch([]).all_asleep()
