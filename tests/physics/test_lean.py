"""A tall centred stack does not lean: measured from where each disk was laid, not from where
the settle-in left it (a drift measured after the settle-in never sees a lean made during it)."""

from __future__ import annotations

import math

from physics import pieces
from tests.physics.helpers import NO_SLEEP, config, table_world


def test_a_centred_36_disk_stack_leans_under_a_tenth_of_a_millimetre_and_stays() -> None:
    world = table_world(config(world=NO_SLEEP))
    disks = pieces.disk_stack(world, 36)
    laid = [disk.body.position for disk in disks]
    world.settle_in()
    top = disks[-1]
    lean = abs(top.body.position.x - laid[-1].x)
    assert lean < 0.1, f"the top leans {lean:.3f} mm after the settle-in"
    assert abs(math.degrees(top.body.angle)) < 0.05
    assert max(abs(d.body.position.x - p.x) for d, p in zip(disks, laid, strict=True)) < 0.1
    settled = top.body.position
    worst = 0.0
    for _ in range(round(60.0 / world.frame_seconds)):  # held awake: only the solver holds it
        world.step()
        worst = max(worst, (top.body.position - settled).length)
    assert worst < 0.1, f"the top drifts {worst:.3f} mm more in 60 s"


def test_a_low_stack_settles_in_with_fewer_iterations_than_a_tall_one() -> None:
    cfg = config()
    low, tall = table_world(cfg), table_world(cfg)
    pieces.disk_stack(low, 9)
    pieces.disk_stack(tall, 36)
    assert low._settle_iterations() < tall._settle_iterations() == cfg.world.settle_iterations
    assert low._settle_iterations() >= cfg.world.iterations
