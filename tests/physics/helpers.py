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
