"""Bounces keep their height: bounce height / drop height = e² over drop heights and restitutions.

The bounce height is the apex of the flight after the first bounce, above the point where the
piece touches the table. pymunk's integrator is a leapfrog: a body's stored velocity is the
velocity half a substep after its position, so the apex of the flight it is on is
``y + (v + g·dt/2)² / 2g`` at any frame of that flight (exact for constant gravity). One test
also samples every substep and takes the highest point, as an eye would.
"""

from __future__ import annotations

import pytest

from physics import pieces
from physics.config import PhysicsConfig
from physics.world import Piece, World
from tests.physics.helpers import config

HEIGHTS_MM = (20.0, 50.0, 120.0, 250.0, 500.0)


def _drop(restitution: float, height: float, kind: str, **world: object) -> tuple[World, Piece]:
    cfg = config(
        world={"sleeping": False, **world},
        restitution={"glass-felt": restitution, "wood-felt": restitution},
    )
    scene = World(cfg)
    scene.add(pieces.table())
    if kind == "marble":
        piece = pieces.marble(cfg, "p", (0.0, _rest(cfg, kind) + height))
    else:
        piece = pieces.flat_disk(cfg, "p", (0.0, _rest(cfg, kind) + height))
    return scene, scene.add(piece)


def _rest(cfg: PhysicsConfig, kind: str) -> float:
    """Centre height (mm) at which the piece just touches the table."""
    if kind == "marble":
        return cfg.pieces.marble_diameter / 2
    return cfg.pieces.disk_thickness / 2


def _in_contact(piece: Piece) -> bool:
    found: list[object] = []
    piece.body.each_arbiter(found.append)
    return bool(found)


def bounce_height(restitution: float, height: float, kind: str) -> float:
    """Apex (mm above touching) of the flight after the first bounce; 0 if it never leaves."""
    world, piece = _drop(restitution, height, kind)
    cfg = world.config
    gravity = cfg.world.gravity
    dt = cfg.world.frame_seconds / cfg.world.substeps
    bounced = False
    before = 0.0
    for _ in range(round(3.0 / world.frame_seconds)):
        world.step()
        vy = piece.body.velocity.y
        # the table pushed it up this frame (free flight only ever slows it by g per second)
        bounced = bounced or vy > before + gravity * world.frame_seconds
        before = vy
        if bounced and not _in_contact(piece):
            y = piece.body.position.y - _rest(cfg, kind)
            return y + (vy + gravity * dt / 2) ** 2 / (2 * gravity)
        if bounced and abs(vy) < 1e-6:
            return 0.0  # came to rest without leaving the table
    raise AssertionError("the piece never came back up nor to rest")


@pytest.mark.parametrize("kind", ["marble", "disk"])
@pytest.mark.parametrize("restitution", [0.1, 0.3, 0.5, 0.7, 0.9])
def test_bounce_height_ratio_is_e_squared_for_every_drop_height(
    kind: str, restitution: float
) -> None:
    for height in HEIGHTS_MM:
        ratio = bounce_height(restitution, height, kind) / height
        assert ratio == pytest.approx(restitution**2, rel=0.03), f"dropped {height} mm"


def test_the_highest_point_seen_every_substep_is_e_squared_of_the_drop() -> None:
    for restitution, height in ((0.1, 20.0), (0.3, 50.0), (0.9, 500.0)):
        # one substep per frame at the shipped substep length: every substep is seen
        world, piece = _drop(restitution, height, "marble", step_hz=720, substeps=1)
        rest = _rest(world.config, "marble")
        highest, fell, rising = 0.0, False, False
        for _ in range(round(3.0 / world.frame_seconds)):
            world.step()
            vy = piece.body.velocity.y
            fell = fell or vy < -1.0
            if fell and vy > 0.0:
                rising = True
            if rising:
                highest = max(highest, piece.body.position.y - rest)
                if vy < 0.0:
                    break
        assert highest / height == pytest.approx(restitution**2, rel=0.03)


def test_the_shipped_low_restitutions_still_bounce() -> None:
    cfg = config()
    for pair, kind in (("wood-felt", "disk"), ("glass-felt", "marble")):
        restitution = cfg.restitution[pair]
        ratio = bounce_height(restitution, 100.0, kind) / 100.0
        assert ratio == pytest.approx(restitution**2, rel=0.03), pair
