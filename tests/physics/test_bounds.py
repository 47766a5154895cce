"""Bodies stay finite and inside the world: a piece flung at 100 m/s, a 30 Hz clock with one
substep, or a body pushed under the table is caught, reported and put back on the table."""

from __future__ import annotations

import math

from games.core import registry
from games.core.protocol import InputEvent, SeatKind, SessionSetup
from physics import pieces
from physics.world import World
from tests.physics.helpers import config, table_world


def all_in_bounds(world: World) -> bool:
    left, bottom, right, top = world.bounds()
    for piece in world.dynamic_pieces():
        x, y = piece.body.position
        if not (math.isfinite(x) and math.isfinite(y)):
            return False
        if not (left <= x <= right and bottom <= y <= top):
            return False
    return True


def test_a_body_under_the_table_is_put_back_and_reported() -> None:
    world = table_world(config())
    disk = world.add(pieces.flat_disk(world.config, "d", (0.0, 4.0)))
    disk.body.position = (300.0, -5000.0)
    world.step()
    assert all_in_bounds(world)
    assert disk.body.position.y > 0 and disk.body.velocity.length == 0
    assert [(e.name, "fell through the table" in e.why) for e in world.escapes] == [("d", True)]


def test_a_body_with_a_non_finite_position_is_put_back() -> None:
    world = table_world(config())
    disk = world.add(pieces.flat_disk(world.config, "d", (0.0, 4.0)))
    disk.body.position = (math.nan, 10.0)
    world.step()
    assert all_in_bounds(world)
    assert "finite" in world.escapes[0].why


def fling(overrides: dict[str, dict[str, float]], frames: int) -> tuple[bool, list[str]]:
    """Free play: grab the top stack disk and fling it sideways and up as fast as the hand
    goes; every body must stay in bounds after every frame."""
    spec = registry.load("freeplay")
    cfg = config(**overrides)
    session = spec.new_session(SessionSetup(config=cfg, seed=1, seats=(SeatKind.HUMAN,)))
    top = session.world.pieces["disk7"].body.position
    session.handle(InputEvent(0, "grab", top.x, top.y))
    session.tick()
    session.handle(InputEvent(1, "move", 1_000_000.0, 1_000_000.0))
    session.tick()
    session.tick()
    session.handle(InputEvent(3, "release", 1_000_000.0, 1_000_000.0))
    ok = True
    for _ in range(frames):
        session.tick()
        ok = ok and all_in_bounds(session.world)
    return ok, session.result().get("escaped", [])


def test_a_piece_flung_at_100_m_per_s_stays_in_the_world() -> None:
    ok, escaped = fling({"grab": {"max_speed": 100_000.0, "force_per_weight": 500.0}}, 600)
    assert ok
    assert len(escaped) == 1 and "disk7: it left the world" in escaped[0]  # then it stays


def test_a_coarse_clock_keeps_every_body_in_the_world() -> None:
    ok, escaped = fling(
        {"world": {"step_hz": 30, "substeps": 1}, "grab": {"max_speed": 100_000.0}}, 300
    )
    assert ok
    assert len(escaped) == 1 and "disk7: it left the world" in escaped[0]


def test_a_drop_at_a_coarse_clock_does_not_tunnel_through_the_table() -> None:
    world = table_world(config(world={"step_hz": 30, "substeps": 1}))
    disk = world.add(pieces.flat_disk(world.config, "d", (0.0, 300.0)))
    for _ in range(90):
        world.step()
    assert world.escapes == []
    assert 0.0 < disk.body.position.y < 10.0
