"""The world reports contacts that begin (for the window's sound), read-only and only on demand."""

from __future__ import annotations

from physics import pieces
from physics.config import load_config
from physics.world import Impact, World


def drop(height: float, listen: bool = True) -> tuple[World, list[Impact]]:
    config = load_config().config
    world = World(config)
    world.add(pieces.table())
    world.add(pieces.flat_disk(config, "disk", (0.0, height)))
    heard: list[Impact] = []
    if listen:
        world.impact_listener = heard.append
    for _ in range(60):
        world.step()
    return world, heard


def test_a_disk_landing_on_the_table_is_heard_once_and_harder_from_higher() -> None:
    _, low = drop(15.0)
    _, high = drop(120.0)
    for heard in (low, high):
        landing = [i for i in heard if set(i.kinds) == {"disk", "table"}]
        assert landing, heard
        assert abs(landing[0].point[0]) < 25.0  # under the disk
        assert landing[0].materials[0] in ("wood", "felt")
    assert max(i.impulse for i in high) > 2 * max(i.impulse for i in low)


def test_listening_changes_nothing_in_the_world() -> None:
    quiet, _ = drop(120.0, listen=False)
    heard, impacts = drop(120.0)
    assert impacts and quiet.digest() == heard.digest()
