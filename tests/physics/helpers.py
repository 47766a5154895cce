"""Shared builders for the physics tests."""

from __future__ import annotations

from typing import Any

from physics import pieces
from physics.config import PhysicsConfig, load_config
from physics.world import World

NO_SLEEP = {"sleeping": False}


def config(**sections: Any) -> PhysicsConfig:
    return load_config(overrides=sections).config


def table_world(cfg: PhysicsConfig) -> World:
    world = World(cfg)
    world.add(pieces.table())
    return world


def asleep_stack(levels: int) -> tuple[World, list[pieces.Piece]]:
    """A stack of ``levels`` disks on the table, settled in and run until it sleeps (at most
    5 s)."""
    world = table_world(config())
    disks = pieces.disk_stack(world, levels)
    world.settle_in()
    for _ in range(600):
        world.step()
        if all(disk.body.is_sleeping for disk in disks):
            break
    assert all(disk.body.is_sleeping for disk in disks)
    return world, disks
