"""Frozen pieces (``World.freeze``): held still as static bodies until something moves them.

A frozen piece must never hold up what physics would move: a moving piece that touches one
thaws it (and it then moves as it would have), the hand takes one as any other, and what rests
on a frozen piece rests on it as on the table. What it saves: a landing on a stack standing on
frozen pieces wakes only the stack.
"""

from __future__ import annotations

import pymunk

from physics import pieces
from physics.grab import Hand
from physics.piece import Layer
from physics.world import LIGHT_ITERATIONS, World
from tests.physics.helpers import NO_SLEEP, asleep_stack, config, table_world


def test_a_landing_on_a_stack_on_frozen_pieces_wakes_only_the_stack_and_moves_nothing() -> None:
    world, disks = asleep_stack(8)
    base, stack = disks[:4], disks[4:]
    before = {disk.name: tuple(disk.body.position) for disk in disks}
    world.freeze(base)
    assert world.frozen and all(disk.frozen and not disk.is_static for disk in base)
    # what slept with them sleeps again at once
    assert all(disk.body.is_sleeping for disk in stack)
    top = stack[-1]
    cfg = world.config
    y = top.body.position.y + cfg.pieces.disk_thickness + 1.5
    drop = world.add(pieces.flat_disk(cfg, "drop", (top.body.position.x, y)))
    drop.body.velocity = (0.0, -75.0)
    woken: set[str] = set()
    for _ in range(120):
        world.step()
        woken |= {disk.name for disk in stack if not disk.body.is_sleeping}
    assert woken == {disk.name for disk in stack}
    assert all(disk.frozen for disk in base)  # an old contact pressed harder thaws nothing
    for disk in disks:
        x, y = disk.body.position
        assert abs(x - before[disk.name][0]) < 0.01 and abs(y - before[disk.name][1]) < 0.01
    # frozen pieces are still moving pieces to the digest
    assert {name for name, _ in world.body_states()} >= {disk.name for disk in base}


def test_a_piece_thrown_at_a_frozen_piece_thaws_it_and_knocks_it_away() -> None:
    world, disks = asleep_stack(3)
    world.freeze(disks)
    assert all(disk.body.body_type == pymunk.Body.STATIC for disk in disks)
    cfg = world.config
    bottom = disks[0]
    half = cfg.pieces.disk_diameter / 2
    thrown = world.add(
        pieces.flat_disk(cfg, "thrown", (bottom.body.position.x - 3 * half, bottom.body.position.y))
    )
    thrown.body.velocity = (600.0, 0.0)
    start = bottom.body.position.x
    world.run(0.5)
    assert not world.frozen and not any(disk.frozen for disk in disks)
    assert bottom.body.body_type == pymunk.Body.DYNAMIC
    assert bottom.body.position.x - start > 1.0  # it was hit and pushed along


def test_the_hand_takes_a_frozen_piece_as_any_other() -> None:
    world, disks = asleep_stack(3)
    world.freeze(disks)
    top = disks[-1]
    point = (top.body.position.x, top.body.position.y)
    assert world.piece_at(point) is top
    hand = Hand(world)
    hand.grab(top, point)
    assert not top.frozen and top.body.mass > 0
    hand.move_to((point[0], point[1] + 30.0))
    for _ in range(60):
        hand.update(world.frame_seconds)
        world.step()
    assert top.body.position.y > point[1] + 20.0


def test_nothing_freezes_while_sleeping_is_off() -> None:
    world = table_world(config(world=NO_SLEEP))
    disks = pieces.disk_stack(world, 3)
    world.settle_in()
    world.freeze(disks)
    assert not world.frozen and not any(disk.frozen for disk in disks)


def _counting_steps(world: World) -> list[int]:
    """A list whose one number counts the pymunk steps ``world`` takes from now on."""
    steps = [0]
    step = world._step_space

    def counted(dt: float) -> None:
        steps[0] += 1
        step(dt)

    world._step_space = counted
    return steps


def _carry(light: bool) -> tuple[World, pieces.Piece, Hand, int]:
    """A disk carried beside a sleeping stack, up and over, for 1 s; and the pymunk steps."""
    world, _ = asleep_stack(3)
    cfg = world.config
    disk = world.add(pieces.flat_disk(cfg, "carried", (200.0, 100.0)))
    hand = Hand(world)
    point = (200.0, 100.0)
    hand.grab(disk, point)
    steps = _counting_steps(world)
    for frame in range(120):
        hand.move_to((200.0 - frame, 100.0 + frame / 2))
        hand.update(world.frame_seconds)
        world.step()
        world.solve_lightly(disk if light else None)
    return world, disk, hand, steps[0]


def test_a_piece_carried_alone_is_solved_lightly_with_the_same_path() -> None:
    light_world, light_disk, _, light_steps = _carry(True)
    full_world, full_disk, _, full_steps = _carry(False)
    assert light_world.space.iterations < full_world.space.iterations
    # far from everything it is stepped once a frame, not once a substep
    substeps = full_world.config.world.substeps
    assert full_steps == 120 * substeps
    assert light_steps <= substeps + 119
    # the hand's joints on one body converge in a few iterations, and one step of the frame
    # moves it as the substeps do: the same path within a micrometre or so
    assert (light_disk.body.position - full_disk.body.position).length < 0.005
    assert abs(light_disk.body.angle - full_disk.body.angle) < 1e-6


def _slam_onto_stack(light: bool) -> tuple[pieces.Piece, list[pieces.Piece], int]:
    """A disk held high over a sleeping stack, then driven down through it at the hand's
    top speed for 1 s (solved lightly while it touches nothing, if ``light``)."""
    world, stack = asleep_stack(3)
    disk = world.add(pieces.flat_disk(world.config, "carried", (0.0, 400.0)))
    hand = Hand(world)
    hand.grab(disk, (0.0, 400.0))
    steps = _counting_steps(world)
    hand.move_to((0.0, -400.0))  # through the stack and the table
    for _ in range(120):
        hand.update(world.frame_seconds)
        world.step()
        world.solve_lightly(disk if light else None)
    return disk, stack, steps[0]


def test_a_piece_carried_fast_onto_a_stack_is_stepped_in_full_near_it_and_stops_on_it() -> None:
    light_disk, light_stack, light_steps = _slam_onto_stack(True)
    full_disk, full_stack, full_steps = _slam_onto_stack(False)
    # one step a frame only while high above the stack: fewer steps, but not one a frame
    assert 120 < light_steps < full_steps
    for disk, stack in ((light_disk, light_stack), (full_disk, full_stack)):
        top = max(piece.body.position.y for piece in stack)
        assert disk.body.position.y > top  # pressed down on the stack, not through it
        assert not disk.body.is_sleeping
    assert abs(light_disk.body.position.y - full_disk.body.position.y) < 0.5


def test_a_contact_brings_the_full_iterations_back_at_once() -> None:
    world, disk, hand, _ = _carry(True)
    assert world.space.iterations == LIGHT_ITERATIONS
    # the fewest a world ever runs (its stacks measured on the way down: the disk held high
    # counted as a tall one)
    full = world.config.world.low_stack_iterations
    assert full > LIGHT_ITERATIONS
    hand.move_to((disk.body.position.x, 2.0))  # down onto the table, pressing on it
    for _ in range(120):
        hand.update(world.frame_seconds)
        world.step()
        if world.touching(disk):
            break
    assert world.touching(disk) and world.space.iterations >= full
    world.solve_lightly(disk)  # touching something: never lightly
    assert world.space.iterations >= full


def test_a_piece_pressing_on_two_frozen_ones_thaws_both() -> None:
    world = table_world(config())
    cfg = world.config
    half, thickness = cfg.pieces.disk_diameter / 2, cfg.pieces.disk_thickness
    low = pieces.stack_height(cfg, 0, thickness)
    feet = [
        world.add(pieces.flat_disk(cfg, f"foot{n}", (side * (half + 1.0), low)))
        for n, side in enumerate((-1.0, 1.0))
    ]
    across = world.add(
        pieces.flat_disk(cfg, "across", (0.0, pieces.stack_height(cfg, 1, thickness)))
    )
    world.settle_in()
    for _ in range(240):
        world.step()
        if all(piece.body.is_sleeping for piece in (*feet, across)):
            break
    world.freeze(feet)
    assert set(world.touching(across)) == set(feet) and all(foot.frozen for foot in feet)
    across.body.velocity = (300.0, 0.0)  # slid along: it rubs on both
    world.step()
    assert not any(foot.frozen for foot in feet)


def test_a_piece_taken_off_a_frozen_one_presses_on_it_no_more() -> None:
    world, (bottom, top) = asleep_stack(2)
    world.freeze([bottom])
    cfg = world.config
    # something awake far away, so that every frame is stepped and checked
    faller = world.add(pieces.flat_disk(cfg, "faller", (-400.0, 300.0)))
    world.step()
    assert world.touching(top) == [bottom] and top.body.is_sleeping and not faller.frozen
    # set down by code beside the stack, in the air: it moves, touching nothing frozen
    world.lay_at_rest(top, (top.body.position.x + 200.0, 60.0))
    for _ in range(20):
        world.step()
        assert bottom.frozen
    assert top.body.velocity.length > 10.0 or world.touching(top)


def _hover_then_drop(open_layers: bool) -> tuple[pieces.Piece, list[pieces.Piece], float]:
    """A disk held lightly 1 mm over a sleeping 12-disk stack, passing in front of it (its
    layer lifted out, as a disk pulled out of Wallamoppi's wall), then colliding with it again
    (if ``open_layers``, as the pull does once clear of the tower) and brought down fast onto
    it. Returns the disk, the stack and the top disk's height before."""
    world, stack = asleep_stack(12)
    top_y = stack[-1].body.position.y
    start = (0.0, top_y + 9.0)
    disk = world.add(pieces.flat_disk(world.config, "carried", start))
    hand = Hand(world)
    hand.grab(disk, start, lift_out_of=Layer.FREE)
    for _ in range(60):
        hand.update(world.frame_seconds)
        world.step()
        world.solve_lightly(disk)
    assert world.lightly
    if open_layers:
        mask = disk.shape.filter.mask | int(Layer.FREE)
        disk.shape.filter = pymunk.ShapeFilter(categories=disk.shape.filter.categories, mask=mask)
    hand.move_to((0.0, top_y - 31.0))
    for _ in range(120):
        hand.update(world.frame_seconds)
        world.step()
        world.solve_lightly(hand.held)
    return disk, stack, top_y


def test_a_carried_disk_colliding_again_is_never_stepped_past_what_it_now_meets() -> None:
    disk, stack, top_y = _hover_then_drop(open_layers=True)
    # it lands on the top disk (its centre a disk's thickness above the top one's), pushing
    # nothing aside: the shapes near it are looked up again when its layers change
    thickness = disk.size[1]
    assert disk.body.position.y > stack[-1].body.position.y + 0.9 * thickness
    assert all(abs(piece.body.position.x) < 0.1 for piece in stack)
    assert abs(stack[-1].body.position.y - top_y) < 0.5
    # passing in front of the stack it went down through it (the layer still lifted out)
    passing, _, _ = _hover_then_drop(open_layers=False)
    assert passing.body.position.y < top_y - 20.0
