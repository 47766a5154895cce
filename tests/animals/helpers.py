"""Shared helpers for the Animals tests: sessions driven by plain inputs (run, send and glide
are tests/table_hand.py's, shared with the Wallamoppi tests)."""

from __future__ import annotations

from typing import Any

from games.animals.session import AnimalsSession
from games.core.protocol import SeatKind, SessionSetup
from physics.config import PhysicsConfig, load_config
from tests.table_hand import glide, run, send

__all__ = ["carry", "config", "glide", "insert_dog_under_the_sheep", "run", "send", "session"]


def config(**animals: Any) -> PhysicsConfig:
    return load_config(None, overrides={"animals": animals} if animals else None).config


def session(
    seed: int = 1,
    seats: tuple[SeatKind, ...] = (SeatKind.HUMAN, SeatKind.HUMAN),
    cfg: PhysicsConfig | None = None,
    **options: Any,
) -> AnimalsSession:
    return AnimalsSession(SessionSetup(cfg or config(), seed, seats, options))


def carry(
    game: AnimalsSession,
    grab: tuple[float, float],
    to: tuple[float, float],
    *,
    lift: float = 40.0,
    speed: float = 150.0,
    hold: float = 0.3,
) -> None:
    """Grab at ``grab``, lift ``lift`` mm above the higher end, cross, lower to ``to``, let go."""
    send(game, "grab", *grab)
    top = max(grab[1], to[1]) + lift
    glide(game, [(grab[0], top), (to[0], top), to], speed)
    run(game, hold)
    send(game, "release", *to)


def insert_dog_under_the_sheep(
    game: AnimalsSession, *, back_offset: float = 0.0, back_drop: float = 1.0
) -> None:
    """Seed 1: the tower is lion, sheep, rabbit and blue draws the dog: the sheep (and the
    rabbit on it) lifted aside, the dog carried onto the lion, the sheep put back on the dog
    ``back_offset`` mm off centre and let go ``back_drop`` mm above it."""
    scene = game.scene
    board = game.file.board
    height = scene.size[1]
    send(game, "draw")
    assert game.rules.in_hand == "dog"
    lion, sheep = scene.piece_of["lion"], scene.piece_of["sheep"]
    dog = game.drawn_piece
    assert dog is not None
    carry(game, tuple(sheep.position), (board.aside_x, scene.seat_y(0) + 1.0))
    run(game, 0.3)
    carry(game, tuple(dog.position), (lion.position.x, lion.position.y + height + 1.0))
    run(game, 0.3)
    carry(
        game,
        tuple(sheep.position),
        (dog.position.x + back_offset, dog.position.y + height + back_drop),
    )
