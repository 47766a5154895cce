"""The solver runs iterations in proportion to the tallest stack (``world.iterations`` for 36
pieces, at least ``world.low_stack_iterations``), and the low stacks that run fewer stay put."""

from __future__ import annotations

import random

import pymunk

from games.freeplay.scene import build_freeplay
from games.wallamoppi.scene import table_world_config
from physics import pieces
from physics.world import World
from tests.physics.helpers import NO_SLEEP, config, table_world


def stacked_on(world: World, names: list[str], seed: int) -> None:
    """Drop the named pieces one at a time onto Free play's stack as a hand would: let go
    1.5 mm above the top, moving down at 75 mm/s, aimed a little off centre."""
    aim = random.Random(seed)
    top = world.tagged("stack")[-1]
    for name in names:
        piece = world.pieces[name]
        half_height = (piece.shape.bb.top - piece.shape.bb.bottom) / 2
        offset = max(-6.0, min(6.0, aim.gauss(0.0, 1.9)))
        world.lay_at_rest(
            piece, (top.body.position.x + offset, top.shape.bb.top + half_height + 1.5)
        )
        piece.body.velocity = (0.0, -75.0)
        world.renumber(piece)
        world.run(0.5)
        top = piece


def test_free_play_runs_the_low_stack_iterations_and_a_36_disk_stack_all_of_them() -> None:
    cfg = config()
    free_play = build_freeplay(cfg)
    free_play.run(1.5)  # the marble has rolled down its ramp
    assert free_play.space.iterations == cfg.world.low_stack_iterations < cfg.world.iterations
    tall = table_world(cfg)
    pieces.disk_stack(tall, 36)
    tall.step()
    assert tall.space.iterations == cfg.world.iterations


def test_a_stack_built_higher_in_play_gets_more_iterations() -> None:
    cfg = config()
    world = build_freeplay(cfg)
    world.run(1.5)
    stacked_on(world, ["loose0", "loose1", "cylinder0", "cylinder1"], seed=0)
    world.step()
    assert cfg.world.low_stack_iterations < world.space.iterations < cfg.world.iterations


def test_free_plays_stack_held_awake_stays_where_it_was_laid() -> None:
    world = build_freeplay(config(world=NO_SLEEP))
    stack = world.tagged("stack")
    laid = [disk.body.position for disk in stack]
    world.run(30.0)
    moved = max(abs(d.body.position.x - p.x) for d, p in zip(stack, laid, strict=True))
    assert moved < 0.1, f"Free play's stack moved {moved:.3f} mm in 30 s held awake"


def test_pieces_dropped_onto_free_plays_stack_leave_the_disks_below_still() -> None:
    for seed in range(3):
        world = build_freeplay(config())
        world.run(1.0)
        stack = world.tagged("stack")
        rest = [disk.body.position for disk in stack]
        stacked_on(world, ["loose0", "loose1", "cylinder0", "cylinder1", "cylinder2"], seed)
        world.run(2.0)
        moved = max(abs(d.body.position.x - p.x) for d, p in zip(stack, rest, strict=True))
        assert moved < 0.1, f"seed {seed}: the disks below moved {moved:.3f} mm"


def test_low_stack_iterations_at_iterations_runs_iterations_everywhere() -> None:
    cfg = config(world={"low_stack_iterations": 60, "iterations": 60})
    world = build_freeplay(cfg)
    world.run(1.5)
    assert world.space.iterations == 60


def test_wallamoppis_table_world_runs_its_minimum_whatever_its_tower() -> None:
    cfg = table_world_config(config())
    world = table_world(cfg)
    world.add(pieces.flat_disk(cfg, "only", (0.0, cfg.pieces.disk_thickness / 2)))
    world.step()
    assert world.space.iterations == cfg.wallamoppi.min_iterations == 60


def test_every_contact_in_free_play_has_its_pairs_friction_with_or_without_a_callback() -> None:
    """The felt is fitted to the wood (most moving pieces) and the marble's contacts with the
    felt and the ramp get theirs from the callback: every contact still has its pair's value."""
    cfg = config()
    world = build_freeplay(cfg)
    assert ("wood", "felt") in world._exact_pairs
    seen: set[tuple[str, str]] = set()
    for _ in range(round(2.5 / world.frame_seconds)):  # the marble rolls down onto the felt
        world.step()
        for piece in world.dynamic_pieces():

            def check(arbiter: pymunk.Arbiter, piece: object = piece) -> None:
                first, second = (world.piece_of(shape) for shape in arbiter.shapes)
                assert first is not None and second is not None
                pair = (first.material, second.material)
                seen.add(pair)
                assert abs(arbiter.friction - cfg.friction_of(*pair)) < 1e-12, pair

            piece.body.each_arbiter(check)
    assert {("wood", "felt"), ("glass", "wood"), ("glass", "felt")} <= seen | {
        (b, a) for a, b in seen
    }
