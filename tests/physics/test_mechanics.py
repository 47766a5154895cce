"""Textbook mechanics: free fall, rolling, friction threshold, tipping, overhangs, the tower."""

from __future__ import annotations

import math

import pytest

from physics import pieces
from physics.world import World
from tests.physics.helpers import NO_SLEEP, config, table_world


def test_free_fall_follows_half_g_t_squared() -> None:
    cfg = config()  # the shipped defaults: no drag
    world = World(cfg)
    disk = world.add(pieces.flat_disk(cfg, "d", (0.0, 1000.0)))
    world.run(0.4)
    fallen = 1000.0 - disk.body.position.y
    assert fallen == pytest.approx(0.5 * cfg.world.gravity * world.time**2, rel=0.01)


def _incline(
    degrees: float, length: float = 600.0
) -> tuple[tuple[float, float], tuple[float, float]]:
    angle = math.radians(degrees)
    return (0.0, length * math.sin(angle)), (length * math.cos(angle), 0.0)


def test_marble_rolls_down_incline_at_five_sevenths_g_sin_theta() -> None:
    cfg = config(world=NO_SLEEP)
    world = World(cfg)
    degrees = 20.0
    top, foot = _incline(degrees)
    world.add(pieces.ramp("ramp", top, foot))
    angle = math.radians(degrees)
    radius = cfg.pieces.marble_diameter / 2 + 2.0  # ramp half thickness
    start = (
        60.0 * math.cos(angle) + radius * math.sin(angle),
        top[1] - 60 * math.sin(angle) + radius * math.cos(angle) - 0.01,
    )
    marble = world.add(pieces.marble(cfg, "m", start))
    world.run(0.05)
    p0, t0 = marble.body.position, world.time
    world.run(0.3)
    distance = (marble.body.position - p0).length
    world.run(0.3)
    distance2 = (marble.body.position - p0).length
    t1, t2 = 0.3, 0.6
    # s(t) = v0 t + a t²/2 for both intervals → solve for a (the marble is already rolling)
    accel = 2 * (distance2 * t1 - distance * t2) / (t2**2 * t1 - t1**2 * t2)
    rolling = cfg.rolling_resistance_of("glass", "wood")
    expected = 5 / 7 * cfg.world.gravity * (math.sin(angle) - rolling * math.cos(angle))
    assert world.time > t0
    assert accel == pytest.approx(expected, rel=0.03)


def test_marble_on_felt_slows_by_five_sevenths_rolling_resistance_g_and_stops() -> None:
    cfg = config(world=NO_SLEEP)
    world = table_world(cfg)
    radius = cfg.pieces.marble_diameter / 2
    marble = world.add(pieces.marble(cfg, "m", (0.0, radius - 0.02)))
    world.run(0.1)
    speed = 300.0  # mm/s, rolling without slipping to the right
    marble.body.velocity = (speed, 0.0)
    marble.body.angular_velocity = -speed / radius
    world.run(0.05)
    before = marble.body.velocity.x
    world.run(1.0)
    slowed = before - marble.body.velocity.x
    expected = 5 / 7 * cfg.rolling_resistance_of("glass", "felt") * cfg.world.gravity
    assert slowed == pytest.approx(expected, rel=0.03)
    world.run(5.0)
    assert abs(marble.body.velocity.x) < 0.01  # it comes to rest instead of rolling for ever


@pytest.mark.parametrize("slides", [False, True])
def test_block_on_incline_holds_below_friction_angle_slides_above(slides: bool) -> None:
    cfg = config(world={"damping": 1.0, **NO_SLEEP})
    mu = cfg.friction_of("wood", "wood")
    friction_angle = math.degrees(math.atan(mu))
    degrees = friction_angle + (4.0 if slides else -4.0)
    world = World(cfg)
    top, foot = _incline(degrees)
    world.add(pieces.ramp("ramp", top, foot))
    angle = math.radians(degrees)
    lift = cfg.pieces.disk_thickness / 2 + 2.0 - 0.02
    along = 150.0
    start = (
        along * math.cos(angle) - lift * math.sin(angle),
        top[1] - along * math.sin(angle) + lift * math.cos(angle),
    )
    block = world.add(pieces.flat_disk(cfg, "b", start, angle=-angle))
    world.run(0.2)
    p0 = block.body.position
    world.run(1.0)
    moved = (block.body.position - p0).length
    if slides:
        assert moved > 20.0
    else:
        assert moved < 0.5


@pytest.mark.parametrize(("overhang", "tips"), [(0.3, False), (0.7, True)])
def test_disk_tips_over_an_edge_only_with_its_centre_beyond(overhang: float, tips: bool) -> None:
    cfg = config(world=NO_SLEEP)
    world = table_world(cfg)
    diameter, height = cfg.pieces.disk_diameter, cfg.pieces.disk_thickness
    world.add(pieces.flat_disk(cfg, "base", (0.0, pieces.stack_height(cfg, 0, height))))
    x = diameter * overhang  # 0.5 puts the centre right over the base's edge
    top = world.add(pieces.flat_disk(cfg, "top", (x, pieces.stack_height(cfg, 1, height))))
    world.settle_in()
    world.run(1.5)
    if tips:
        assert abs(top.body.angle) > 0.2  # tipped: one end down on the table
        assert top.body.position.y < pieces.stack_height(cfg, 1, height) - 2.0
    else:
        assert top.body.position.y == pytest.approx(pieces.stack_height(cfg, 1, height), abs=0.3)
        assert abs(top.body.angle) < 0.01


def _harmonic_stack(scale: float) -> tuple[World, list[float]]:
    """Disks with the harmonic overhang (scale × L/2k for the k-th from the top)."""
    cfg = config(world=NO_SLEEP)
    world = table_world(cfg)
    count = 5
    diameter, height = cfg.pieces.disk_diameter, cfg.pieces.disk_thickness
    xs = [0.0] * count
    for k in range(1, count):  # level count-1-k is under the (k)-th from the top
        xs[count - 1 - k] = xs[count - k] - scale * diameter / (2 * k)
    xs = [x - xs[0] for x in xs]
    for level, x in enumerate(xs):
        world.add(pieces.flat_disk(cfg, f"d{level}", (x, pieces.stack_height(cfg, level, height))))
    return world, xs


def test_harmonic_overhang_stack_stands_and_past_the_limit_falls() -> None:
    world, xs = _harmonic_stack(0.9)
    world.settle_in()
    world.run(2.0)
    top = world.pieces["d4"]
    assert top.body.position.x == pytest.approx(xs[-1], abs=0.5)
    world, xs = _harmonic_stack(1.15)
    world.settle_in()
    world.run(2.0)
    assert world.pieces["d4"].body.position.y < 20.0


def _worst_drift(world: World, top: pieces.Piece, seconds: float) -> float:
    """The farthest the top disk's centre strays from where it is now, mm, over ``seconds``."""
    start = top.body.position
    worst = 0.0
    for _ in range(round(seconds / world.frame_seconds)):
        world.step()
        worst = max(worst, abs(top.body.position.x - start.x), abs(top.body.position.y - start.y))
    return worst


@pytest.mark.parametrize("sleeping", [True, False], ids=["default", "held-awake"])
def test_35_disk_tower_stands_without_creeping(sleeping: bool) -> None:
    # Held awake, the solver alone must keep the tower still: sleeping may not hide a creep.
    # Asleep it is watched a minute; held awake 20 s at a third of the minute's 0.5 mm (the
    # whole minute held awake is scripts/bench_physics.py's table, docs/physics-tuning.md).
    cfg = config() if sleeping else config(world=NO_SLEEP)
    world = table_world(cfg)
    disks = pieces.disk_stack(world, 35)
    world.settle_in()
    seconds = 60.0 if sleeping else 20.0
    assert _worst_drift(world, disks[-1], seconds) < 0.5 * seconds / 60.0
    assert all(disk.body.is_sleeping for disk in disks) == sleeping


@pytest.mark.parametrize("disturbance", ["woken", "disk dropped on top"])
def test_35_disk_tower_settles_again_after_a_disturbance(disturbance: str) -> None:
    cfg = config()
    world = table_world(cfg)
    disks = pieces.disk_stack(world, 35)
    world.settle_in()
    world.run(1.0)
    top = disks[-1]
    if disturbance == "woken":
        for disk in disks:
            disk.body.activate()
    else:
        above = top.body.position.y + cfg.pieces.disk_thickness + 2.0
        disks.append(world.add(pieces.flat_disk(cfg, "dropped", (2.0, above))))
    assert _worst_drift(world, top, 5.0) < 0.5
    assert all(disk.body.is_sleeping for disk in disks)


def test_laying_with_overlap_does_not_jolt() -> None:
    cfg = config(world=NO_SLEEP)
    world = table_world(cfg)
    height = cfg.pieces.disk_thickness
    disks = [
        world.add(pieces.flat_disk(cfg, f"d{i}", (0.0, pieces.stack_height(cfg, i, height))))
        for i in range(3)
    ]
    laid = [d.body.position.y for d in disks]
    world.step()
    assert max(abs(d.body.velocity.y) for d in disks) < 20.0  # free fall would be 82 mm/s
    world.run(0.5)
    assert all(abs(d.body.position.y - y) < 0.2 for d, y in zip(disks, laid, strict=True))
