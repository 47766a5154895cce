"""Building Wallamoppi's wall: each disk laid on its slot stays there, frozen, while the wall is
built (nothing on the table moves and no physics runs between placements), and the finished
wall takes up its weight at once and stands: every disk at its slot, asleep soon after."""

from __future__ import annotations

import math

from games.core.protocol import SeatKind, SessionSetup
from games.wallamoppi.bot import choose_slot
from games.wallamoppi.rules import Phase
from games.wallamoppi.scene import slot_position
from games.wallamoppi.session import WallamoppiSession
from tests.wallamoppi.helpers import config, run, send


def _people(seed: int = 4) -> WallamoppiSession:
    setup = SessionSetup(config=config(), seed=seed, seats=(SeatKind.HUMAN, SeatKind.HUMAN))
    return WallamoppiSession(setup)


def _off_slot(session: WallamoppiSession) -> float:
    """How far the wall disk farthest from its slot's centre lies from it, mm."""
    scene = session.scene
    return max(
        math.dist(scene.disks[name].body.position, slot_position(scene.config, slot))
        for name, slot in scene.slots.items()
    )


def test_each_wall_disk_stays_on_its_slot_while_the_wall_is_built() -> None:
    session = _people()
    world = session.world
    placed = 0
    while session.rules.phase is Phase.WALL:
        slot = choose_slot(session.rules, session.chance)
        send(session, "place", slot=slot.to_json())
        placed += 1
        if session.rules.phase is not Phase.WALL:
            break
        run(session, 0.25)  # a person takes their time between disks
        assert world.frozen_count == placed  # every disk laid is held still
        assert _off_slot(session) == 0.0  # exactly where it was laid: nothing sagged or slid
        assert world.at_rest()  # nothing to step: the frames between placements cost nothing
    # the last disk: the wall thaws and takes up its weight gently (World.settle_in)
    assert world.frozen_count == 0 and session.rules.phase is Phase.TOWER
    wall = [piece for piece in session.scene.disks.values() if "wall" in piece.tags]
    for _ in range(240):
        run(session, 1 / 60)
        if world.frozen_count == len(wall):
            break
    # asleep within 2 s (the wall then frozen whole again; the apex disk is the tower's), each
    # disk within a hair of its slot
    assert world.frozen_count == len(wall) == len(session.scene.slots) - 1
    assert session.scene.tower_asleep()
    assert _off_slot(session) < 0.05
