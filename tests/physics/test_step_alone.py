"""``World.step(alone=piece)``: a caller's word that only the piece in the hand moves. The
world steps exactly as without it (the same floats), skips the thaw check that would find
nothing, and says so (``stepped_alone``) only while the word can hold: no contact began in the
frame and no body was woken, thawed or laid since ``solve_lightly`` found the piece alone."""

from __future__ import annotations

from physics import pieces
from physics.grab import Hand
from physics.world import World
from tests.physics.helpers import asleep_stack


def _beside_a_frozen_stack() -> tuple[World, list[pieces.Piece], pieces.Piece, Hand]:
    """A 4-disk stack asleep on the table, its two lower disks frozen, and a disk in the hand
    beside it, touching nothing."""
    world, disks = asleep_stack(4)
    world.freeze(disks[:2])
    carried = world.add(pieces.flat_disk(world.config, "carried", (200.0, 100.0)))
    hand = Hand(world)
    hand.grab(carried, (200.0, 100.0))
    return world, disks, carried, hand


def _carry(frames: int, *, vouch: bool, down: bool = False) -> tuple[World, list[bool]]:
    """Carry the disk up and sideways (or ``down`` onto the table) for ``frames`` frames; the
    caller vouches each frame (``vouch``) for the disk alone once solve_lightly found it so."""
    world, _, carried, hand = _beside_a_frozen_stack()
    alone: list[bool] = []
    for frame in range(frames):
        hand.move_to((200.0 - frame, 4.0 if down else 100.0 + frame / 2))
        hand.update(world.frame_seconds)
        world.step(carried if vouch and world.lightly else None)
        alone.append(world.stepped_alone)
        world.solve_lightly(carried)
    return world, alone


def test_a_disk_stepped_alone_moves_as_one_stepped_as_usual() -> None:
    vouched, alone = _carry(120, vouch=True)
    plain, never = _carry(120, vouch=False)
    assert vouched.digest() == plain.digest()
    assert sum(alone) > 100 and not any(never)


def test_a_contact_that_begins_ends_the_lone_steps_with_the_same_floats() -> None:
    vouched, alone = _carry(240, vouch=True, down=True)
    plain, _ = _carry(240, vouch=False, down=True)
    assert vouched.digest() == plain.digest()
    assert alone[0] is False and any(alone)  # alone while in the air
    assert not alone[-1]  # on the table: touching it, never alone again


def test_a_body_woken_or_thawed_between_frames_is_not_stepped_past() -> None:
    world, disks, carried, hand = _beside_a_frozen_stack()
    for _ in range(3):
        hand.update(world.frame_seconds)
        world.step(carried if world.lightly else None)
        world.solve_lightly(carried)
    assert world.lightly
    for wake in (
        lambda: world.thaw([disks[0]]),  # thawed
        world.wake_all,  # woken
        lambda: world.lay_at_rest(disks[3], tuple(disks[3].body.position)),  # laid
    ):
        hand.update(world.frame_seconds)
        world.step(carried)
        assert world.stepped_alone
        world.solve_lightly(carried)
        wake()
        hand.update(world.frame_seconds)
        world.step(carried)
        assert not world.stepped_alone
        for _ in range(240):  # until everything but the carried disk sleeps again
            hand.update(world.frame_seconds)
            world.step()
            world.solve_lightly(carried)
            if world.lightly:
                break
        world.freeze(disks[:2])
        world.solve_lightly(carried)
        assert world.lightly
