"""Shared helpers for the Animals tests: sessions driven by plain inputs."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.animals.session import AnimalsSession
from games.core.protocol import InputEvent, SeatKind, SessionSetup
from physics.config import PhysicsConfig, load_config


def config(**animals: Any) -> PhysicsConfig:
    return load_config(None, overrides={"animals": animals} if animals else None).config


def session(
    seed: int = 1,
    seats: tuple[SeatKind, ...] = (SeatKind.HUMAN, SeatKind.HUMAN),
    cfg: PhysicsConfig | None = None,
    **options: Any,
) -> AnimalsSession:
    return AnimalsSession(SessionSetup(cfg or config(), seed, seats, options))


def run(game: AnimalsSession, seconds: float) -> None:
    for _ in range(round(seconds / game.frame_seconds)):
        game.tick()


def send(game: AnimalsSession, action: str, x: float = 0.0, y: float = 0.0) -> None:
    game.handle(InputEvent(game.frame, action, x, y))


def glide(game: AnimalsSession, points: Iterable[tuple[float, float]], speed: float) -> None:
    """Move the hand through ``points`` at ``speed`` mm/s, one target per frame."""
    for x, y in points:
        start = game.hand.target
        length = ((x - start.x) ** 2 + (y - start.y) ** 2) ** 0.5
        steps = max(1, round(length / (speed * game.frame_seconds)))
        for n in range(1, steps + 1):
            send(
                game,
                "move",
                start.x + (x - start.x) * n / steps,
                start.y + (y - start.y) * n / steps,
            )
            game.tick()


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
