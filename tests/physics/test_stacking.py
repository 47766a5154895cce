"""physics.stacking (columns, riders, relative speed) and the hand's acceleration limit."""

from __future__ import annotations

import math

from physics import pieces
from physics.grab import Hand
from physics.stacking import columns, relative_speed, riders
from tests.physics.helpers import config, table_world


def test_columns_group_standing_pieces_and_leave_out_a_toppled_one() -> None:
    cfg = config()
    world = table_world(cfg)
    height = cfg.pieces.cylinder_height
    left = [
        world.add(
            pieces.standing_cylinder(cfg, f"a{n}", (-60.0, pieces.stack_height(cfg, n, height)))
        )
        for n in range(3)
    ]
    right = world.add(
        pieces.standing_cylinder(cfg, "b0", (60.0, pieces.stack_height(cfg, 0, height)))
    )
    lying = world.add(
        pieces.standing_cylinder(
            cfg, "c0", (150.0, cfg.pieces.cylinder_diameter / 2), angle=math.pi / 2
        )
    )
    found = columns(world.dynamic_pieces(), base_y=0.0)
    assert [c.pieces for c in found] == [left, [right]]
    assert lying not in [p for c in found for p in c.pieces]
    assert riders(found[0], left[0]) == left[1:]


def test_relative_speed_of_a_piece_swaying_with_its_support_is_zero() -> None:
    cfg = config()
    world = table_world(cfg)
    lower = world.add(pieces.standing_cylinder(cfg, "low", (0.0, 18.0)))
    upper = world.add(pieces.standing_cylinder(cfg, "up", (0.0, 54.0)))
    lower.body.velocity = upper.body.velocity = (40.0, 0.0)
    assert relative_speed(upper, lower) == 0.0
    assert relative_speed(upper, None) == 40.0


def test_a_hand_with_an_acceleration_limit_speeds_up_and_brakes_smoothly() -> None:
    cfg = config()
    world = table_world(cfg)
    piece = world.add(pieces.standing_cylinder(cfg, "held", (0.0, 18.0)))
    hand = Hand(world)
    hand.max_acceleration = 3000.0
    hand.grab(piece, (0.0, 18.0), lock_rotation=True)
    hand.move_to((200.0, 18.0))
    dt = world.frame_seconds
    previous = 0.0
    for _ in range(round(1.5 / dt)):
        hand.update(dt)
        world.step()
        speed = hand.body.velocity.x
        assert abs(speed - previous) <= 3000.0 * dt + 1e-9
        previous = speed
    assert abs(hand.position.x - 200.0) < 1.0 and abs(hand.body.velocity.x) < 30.0
