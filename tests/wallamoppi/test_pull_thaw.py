"""Which frozen wall disks a pull thaws (games/wallamoppi/scene.py, ``_moved_by_pull``).

A wall at rest is frozen (physics/freeze.py); the hand taking a disk thaws what the pull
disturbs in the real game: the disks it touches (beside it, under it, on it) and everything
resting on any of them, the tower on top included; the far side of the wall stays frozen.
docs/physics-tuning.md, "Which disks a pull thaws".
"""

from __future__ import annotations

from tests.wallamoppi.helpers import human_session, run


def test_a_pull_thaws_the_disks_it_touches_and_what_rests_on_them_not_the_far_side() -> None:
    session = human_session()
    run(session, 1.0)
    scene = session.scene
    wall = [disk for disk in scene.disks.values() if "wall" in disk.tags]
    assert wall and all(disk.frozen for disk in wall)  # asleep: frozen
    by_slot = {(scene.slots[d.name].row, scene.slots[d.name].index): d for d in wall}
    pulled = by_slot[(1, 3)]
    session.world.thaw_for(pulled)  # as the hand taking it does (Hand.grab)
    thawed = {slot for slot, disk in by_slot.items() if not disk.frozen}
    # beside it, under it, on it
    assert {(1, 2), (1, 4), (0, 3), (0, 4), (2, 2), (2, 3)} <= thawed
    # resting on its neighbours, directly or through others, up to the top row (the 36th disk
    # began the tower)
    assert {(2, 1), (2, 4), (3, 1), (3, 3), (6, 0), (6, 1)} <= thawed
    # the far side of the wall, which the pull does not disturb, stays frozen
    assert all(by_slot[slot].frozen for slot in [(0, 0), (0, 7), (1, 0), (1, 6)])
