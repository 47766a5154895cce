"""Sleeping as the config says: ``sleeping``, ``sleep_time``, ``idle_speed``, and the settle-in."""

from __future__ import annotations

from physics import pieces
from physics.world import World
from tests.physics.helpers import config, table_world


def _first_asleep(world: World, body_pieces: list[pieces.Piece], seconds: float) -> float | None:
    """Simulated seconds of play until every piece sleeps, or None within ``seconds``."""
    for _ in range(round(seconds / world.frame_seconds)):
        world.step()
        if all(piece.body.is_sleeping for piece in body_pieces):
            return world.time
    return None


def test_sleeping_false_keeps_every_body_awake() -> None:
    world = table_world(config(world={"sleeping": False}))
    disks = pieces.disk_stack(world, 5)
    world.settle_in()
    assert _first_asleep(world, disks, 3.0) is None
    assert not any(disk.body.is_sleeping for disk in disks)


def test_a_still_stack_sleeps_after_sleep_time_of_play_not_counting_the_settle_in() -> None:
    for sleep_time in (0.5, 1.0):
        world = table_world(config(world={"sleep_time": sleep_time, "settle_seconds": 1.0}))
        disks = pieces.disk_stack(world, 5)
        world.settle_in()  # 1 s of settling, longer than sleep_time: it must not count
        assert not any(disk.body.is_sleeping for disk in disks)
        asleep = _first_asleep(world, disks, 3.0)
        assert asleep is not None
        assert sleep_time <= asleep < sleep_time + 0.1


def test_idle_speed_zero_means_only_a_body_at_rest_is_idle() -> None:
    # In zero gravity a disk drifting at 2 mm/s never stops. pymunk alone would read an idle
    # speed of 0 as "estimate one" and put it to sleep; here it stays awake.
    def drifting(idle_speed: float) -> bool:
        world = World(config(world={"gravity": 0.0, "idle_speed": idle_speed}))
        cfg = world.config
        disk = world.add(pieces.flat_disk(cfg, "d", (0.0, 100.0)))
        disk.body.velocity = (2.0, 0.0)
        world.run(2.0)
        return not disk.body.is_sleeping

    assert drifting(0.0)
    assert drifting(1.0)  # faster than the idle speed: awake
    assert not drifting(4.0)  # slower than it: idle, and asleep after sleep_time


def test_switching_sleeping_off_live_wakes_what_slept() -> None:
    cfg = config()
    world = table_world(cfg)
    disks = pieces.disk_stack(world, 3)
    world.settle_in()
    world.run(1.0)
    assert all(disk.body.is_sleeping for disk in disks)
    world.apply_config(config(world={"sleeping": False}))
    world.run(2.0)
    assert not any(disk.body.is_sleeping for disk in disks)
    world.apply_config(cfg)
    world.run(1.0)
    assert all(disk.body.is_sleeping for disk in disks)


def test_the_default_sleeping_does_not_freeze_a_disk_just_past_its_supports_edge() -> None:
    # Sleeping after a short idle time must not catch a disk that has only begun to tip.
    cfg = config()
    height = cfg.pieces.disk_thickness
    for offset, tips in ((19.8, False), (20.1, True)):  # the support's edge is at 20 mm
        world = table_world(cfg)
        world.add(pieces.flat_disk(cfg, "base", (0.0, pieces.stack_height(cfg, 0, height))))
        top = world.add(
            pieces.flat_disk(cfg, "top", (offset, pieces.stack_height(cfg, 1, height)))
        )
        world.settle_in()
        world.run(3.0)
        assert top.body.is_sleeping
        assert (abs(top.body.angle) > 0.2) is tips, f"offset {offset} mm"
