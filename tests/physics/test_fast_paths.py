"""The per-frame fast paths give the same answers, to the bit, as the plain code they replace.

A headless game's digest depends on these: the hand's velocity sums in floats against pymunk's
``Vec2d`` arithmetic, the quiet test's early answer against ``max``, the poses of some bodies
against all of them, the table-touch set test against the walk over the contacts.
"""

from __future__ import annotations

import math
import random

import pymunk

from physics import pieces
from physics.detect import SettleDetector
from physics.grab import RELEASE_SMOOTHING_S, Hand
from physics.stepper import BodyWatch, pose_of, position_of, velocity_of
from physics.world import Piece
from tests.physics.helpers import config, table_world


def _vec2d_velocity_for(
    hand: Hand, gap: pymunk.Vec2d, frame_seconds: float
) -> pymunk.Vec2d:
    """The hand's velocity as the code before wrote it, in pymunk's Vec2d arithmetic."""
    velocity = gap / frame_seconds
    limit = hand.world.config.grab.max_speed
    accel = hand.max_acceleration
    if accel is not None:
        limit = min(limit, math.sqrt(2.0 * accel * gap.length))
    if velocity.length > limit:
        velocity = velocity.scale_to_length(limit)
    if accel is not None:
        change = velocity - hand.body.velocity
        if change.length > accel * frame_seconds:
            velocity = hand.body.velocity + change.scale_to_length(accel * frame_seconds)
    return velocity


def test_the_hands_float_sums_are_pymunks_vec2d_sums_to_the_bit() -> None:
    world = table_world(config())
    hand = Hand(world)
    chance = random.Random(7)
    frame_seconds = world.frame_seconds
    for accel in (None, 3000.0, 250.0):
        hand.max_acceleration = accel
        for _ in range(400):
            hand.body.velocity = (chance.uniform(-900, 900), chance.uniform(-900, 900))
            gap = pymunk.Vec2d(chance.uniform(-80, 80), chance.uniform(-80, 80)) * chance.choice(
                (1e-6, 0.01, 1.0, 10.0)
            )
            expected = _vec2d_velocity_for(hand, gap, frame_seconds)
            assert hand._velocity_for(gap, frame_seconds) == expected
            assert [math.copysign(1.0, v) for v in hand._velocity_for(gap, frame_seconds)] == [
                math.copysign(1.0, v) for v in expected
            ]


def test_the_hands_smoothed_velocity_follows_the_same_sums_as_with_vec2d() -> None:
    world = table_world(config())
    hand = Hand(world)
    hand.target = pymunk.Vec2d(40.0, 60.0)
    keep = math.exp(-world.frame_seconds / RELEASE_SMOOTHING_S)
    smoothed = pymunk.Vec2d(0.0, 0.0)
    for _ in range(30):
        hand.update(world.frame_seconds)
        smoothed = smoothed * keep + hand.body.velocity * (1.0 - keep)
        assert hand.smoothed_velocity == smoothed
        world.step()


def test_the_quiet_test_answers_as_the_maximum_does_nan_and_infinity_included() -> None:
    chance = random.Random(3)
    values = [0.0, 0.5, 1.9, 2.0, 2.1, 50.0, math.inf, math.nan]
    detector = SettleDetector(speed=2.0)
    world = table_world(config())
    stand_ins = [world.add(pieces.marble(config(), f"m{n}", (n * 30.0, 20.0))) for n in range(5)]
    for _ in range(2000):
        speeds = {piece: chance.choice(values) for piece in stand_ins[: chance.randrange(6)]}

        def speed_of(piece: Piece, speeds: dict[Piece, float] = speeds) -> float:
            return speeds[piece]

        expected = max(speeds.values(), default=0.0) < 2.0
        assert detector.quiet(list(speeds), speed_of) is expected


def test_poses_of_some_bodies_are_those_bodies_poses() -> None:
    world = table_world(config())
    disks = [
        world.add(pieces.flat_disk(config(), f"d{n}", (n * 45.0 - 90.0, 10.0))) for n in range(5)
    ]
    for _ in range(20):
        world.step()
    watch = BodyWatch([disk.body for disk in disks])
    everything = watch.poses()
    assert watch.poses([3, 1]) == [everything[3], everything[1]]
    assert watch.poses([]) == []
    for disk, (x, y, angle) in zip(disks, everything, strict=True):
        assert (x, y) == tuple(disk.body.position) == position_of(disk.body)
        assert pose_of(disk.body) == (angle, x, y) == (disk.body.angle, x, y)
        assert velocity_of(disk.body) == tuple(disk.body.velocity)


def test_the_table_touch_set_test_agrees_with_the_walk_over_the_contacts() -> None:
    world = table_world(config())
    resting = world.add(pieces.flat_disk(config(), "resting", (0.0, 5.0)))
    flying = world.add(pieces.flat_disk(config(), "flying", (100.0, 200.0)))
    tables = frozenset(piece for piece in world.pieces.values() if piece.kind == "table")
    for _ in range(6):  # the resting disk meets the table, the flying one is still in the air
        world.step()
    for piece in (resting, flying):
        assert world.touches_any(piece, tables) is world.touches_kind(piece, "table")
    assert world.touches_any(resting, tables) and not world.touches_any(flying, tables)
