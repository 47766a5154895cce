"""World bookkeeping, per-pair materials, live config, digest, the hand, and the detectors."""

from __future__ import annotations

import pytest

from physics import detect, pieces
from physics.grab import Hand
from physics.world import Layer, World
from tests.physics.helpers import NO_SLEEP, config, table_world


def _disk_on_table(cfg, name="d", x=0.0):  # type: ignore[no-untyped-def]
    return pieces.flat_disk(cfg, name, (x, pieces.stack_height(cfg, 0, cfg.pieces.disk_thickness)))


def test_pair_friction_is_the_pairs_value_on_every_step() -> None:
    cfg = config(friction={"wood-felt": 0.37, "wood-wood": 0.5, "felt-felt": 0.8})
    world = table_world(cfg)
    disk = world.add(_disk_on_table(cfg))
    seen: list[float] = []
    world.run(0.1)
    disk.body.each_arbiter(lambda arbiter: seen.append(arbiter.friction))
    assert seen == [pytest.approx(0.37)]


def test_same_material_pair_uses_its_value() -> None:
    cfg = config()
    world = table_world(cfg)
    height = cfg.pieces.disk_thickness
    world.add(_disk_on_table(cfg, "a"))
    top = world.add(pieces.flat_disk(cfg, "b", (0.0, pieces.stack_height(cfg, 1, height))))
    world.run(0.1)
    seen: list[float] = []
    top.body.each_arbiter(lambda arbiter: seen.append(arbiter.friction))
    assert seen == [pytest.approx(cfg.friction_of("wood", "wood"))]


def test_apply_config_changes_gravity_of_a_running_world() -> None:
    cfg = config(world={"damping": 1.0})
    world = World(cfg)
    disk = world.add(pieces.flat_disk(cfg, "d", (0.0, 1000.0)))
    world.apply_config(config(world={"damping": 1.0, "gravity": 0.0}))
    world.run(0.2)
    assert disk.body.position.y == pytest.approx(1000.0)


def _scripted_run(nudge: float) -> str:
    cfg = config()
    world = table_world(cfg)
    for index in range(4):
        world.add(_disk_on_table(cfg, f"d{index}", x=index * 45.0))
    world.add(pieces.marble(cfg, "m", (-80.0, 60.0)))
    hand = Hand(world)
    hand.grab(world.pieces["d0"], (0.0, 4.0))
    for frame in range(60):
        hand.move_to((frame * 1.0 + nudge, 30.0))
        hand.update(world.frame_seconds)
        world.step()
    hand.release()
    world.run(0.5)
    return world.digest()


def test_digest_repeats_for_identical_runs_and_changes_with_input() -> None:
    assert _scripted_run(0.0) == _scripted_run(0.0)
    assert _scripted_run(0.0) != _scripted_run(0.5)


def test_grab_moves_piece_to_the_hand_without_disturbing_the_rest() -> None:
    cfg = config()
    world = table_world(cfg)
    held = world.add(_disk_on_table(cfg, "held"))
    others = [world.add(_disk_on_table(cfg, f"o{i}", x=200.0 + 45.0 * i)) for i in range(3)]
    before = [o.body.position for o in others]
    hand = Hand(world)
    hand.grab(held, (0.0, 4.0))
    for frame in range(120):
        hand.move_to((-min(frame, 100) * 1.5, 4.0 + min(frame, 100) * 0.8))
        hand.update(world.frame_seconds)
        world.step()
    assert held.body.position.x == pytest.approx(-150.0, abs=2.0)
    assert held.body.position.y == pytest.approx(84.0, abs=2.0)
    assert all((o.body.position - p).length < 0.1 for o, p in zip(others, before, strict=True))


def test_hand_still_drags_a_piece_in_zero_gravity() -> None:
    cfg = config(world={"gravity": 0.0})
    world = World(cfg)
    held = world.add(pieces.flat_disk(cfg, "floating", (0.0, 100.0)))
    hand = Hand(world)
    hand.grab(held, (0.0, 100.0))
    hand.move_to((120.0, 100.0))
    for _ in range(120):
        hand.update(world.frame_seconds)
        world.step()
    assert held.body.position.x == pytest.approx(120.0, abs=2.0)


def test_release_hands_over_the_hands_velocity() -> None:
    cfg = config(world=NO_SLEEP)
    world = World(cfg)  # no table: nothing but the hand acts on the piece
    world.apply_config(config(world={**NO_SLEEP, "gravity": 0.0, "damping": 1.0}))
    disk = world.add(pieces.flat_disk(cfg, "d", (0.0, 100.0)))
    hand = Hand(world)
    hand.grab(disk, (0.0, 100.0))
    speed = 200.0  # mm/s
    for frame in range(60):
        hand.move_to((speed * (frame + 1) * world.frame_seconds, 100.0))
        hand.update(world.frame_seconds)
        world.step()
    hand.release()
    assert disk.body.velocity.x == pytest.approx(speed, rel=0.05)
    world.run(0.5)
    assert disk.body.velocity.x == pytest.approx(speed, rel=0.05)


def test_lifted_piece_stops_colliding_with_the_chosen_layer() -> None:
    cfg = config()
    world = table_world(cfg)
    wall = world.add(_disk_on_table(cfg, "wall"))
    wall.set_layer(Layer.WALL)
    mover = world.add(_disk_on_table(cfg, "mover", x=-60.0))
    hand = Hand(world)
    hand.grab(mover, (-60.0, 4.0), lift_out_of=Layer.WALL)
    for frame in range(80):
        hand.move_to((-60.0 + frame * 1.5, 4.0))
        hand.update(world.frame_seconds)
        world.step()
    assert mover.body.position.x > 50.0  # passed right through
    assert wall.body.position.x == pytest.approx(0.0, abs=0.1)
    assert wall in detect.overlapping(world, mover) or mover.body.position.x > 40.0


def test_settle_detector_waits_for_quiet() -> None:
    cfg = config()
    world = table_world(cfg)
    disk = world.add(pieces.flat_disk(cfg, "d", (0.0, 60.0)))
    detector = detect.SettleDetector(speed=2.0, seconds=0.3)
    world.step()
    assert not detector.update([disk], world.frame_seconds)
    assert detect.run_until_settled(world, [disk], limit=5.0)
    assert disk.body.position.y < 10.0


def test_fall_helpers() -> None:
    cfg = config()
    world = table_world(cfg)
    height = cfg.pieces.disk_thickness
    base = world.add(_disk_on_table(cfg, "base"))
    seat = pieces.stack_height(cfg, 1, height)
    top = world.add(pieces.flat_disk(cfg, "top", (0.0, seat)))
    world.run(0.2)
    assert detect.supports(world, base, top)
    assert not detect.supports(world, top, base)
    assert detect.touches(world, base, kind="table")
    assert not detect.fallen(top, resting_y=seat, max_tilt_deg=20, max_drop=3, world=world)
    top.body.position = (200.0, 30.0)
    top.body.angle = 0.6
    world.space.reindex_shapes_for_body(top.body)
    world.run(1.0)
    assert detect.fallen(top, resting_y=seat, max_tilt_deg=20, max_drop=3, world=world)
    assert detect.touches(world, top, kind="table")
