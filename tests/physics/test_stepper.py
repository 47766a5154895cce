"""Stepping through cpSpaceStep directly gives pymunk's own trace, and queued work still happens."""

from __future__ import annotations

import pymunk

from physics import pieces
from physics.grab import Hand
from physics.stepper import BodyWatch, direct_stepper
from physics.world import World
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
    assert watch.awake() == [loose.body]
    # a body moves when its kinetic energy is above its mass times the idle speed squared
    loose.body.velocity = (3.0, 4.0)  # 25 mm²/s² a unit of mass
    loose.body.angular_velocity = 0.0
    assert watch.moves(3, 24.0)
    assert not watch.moves(3, 25.0)
    assert not watch.moves(0, 1.0)  # at rest on the stack (slower than 1 mm/s)


def _resting_pile(skip: bool) -> tuple[World, Hand]:
    world = table_world(config())
    world.skip_still_frames = skip
    for n in range(3):
        world.add(pieces.flat_disk(config(), f"d{n}", (n * 50.0, 20.0)))
    return world, Hand(world)


def test_frames_at_rest_are_skipped_without_changing_the_trace() -> None:
    """Once every disk sleeps a frame is taken without stepping (the hand drifting on, empty);
    a disk grabbed and dropped wakes the world; the digests match a world stepped every frame."""
    worlds = [_resting_pile(skip) for skip in (True, False)]
    skipped = 0
    for frame in range(400):
        for world, hand in worlds:
            if frame == 200:
                hand.grab(world.pieces["d1"], (50.0, 4.0))
                hand.move_to((60.0, 40.0))
            if frame == 260:
                hand.release()
            if frame == 330:
                hand.move_to((2000.5, 40.25))  # the empty hand moves on while all rests
            hand.update(world.frame_seconds)
            world.step()
        skipping = worlds[0][0]
        skipped += not skipping.stepped
        assert skipping.digest() == worlds[1][0].digest()
        assert skipping.pieces["d0"].body.position == worlds[1][0].pieces["d0"].body.position
        assert worlds[0][1].body.position == worlds[1][1].body.position
    assert 100 < skipped < 400 - 60  # it rested before the grab and after the drop, not while held
    assert worlds[0][1].body.velocity.x > 0.0  # the hand moved through skipped frames
    assert worlds[1][0].stepped  # the other world stepped every frame
