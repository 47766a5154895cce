"""Shared helpers for the Wallamoppi tests: human-seat sessions driven by plain inputs."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.core.protocol import InputEvent, SeatKind, SessionSetup
from games.wallamoppi.session import WallamoppiSession
from physics.config import PhysicsConfig, load_config


def config(**wallamoppi: Any) -> PhysicsConfig:
    return load_config(None, overrides={"wallamoppi": wallamoppi} if wallamoppi else None).config


def human_session(seed: int = 1, cfg: PhysicsConfig | None = None) -> WallamoppiSession:
    """Both seats human, the wall built at once by the placement strategy, then 0.5 s settled."""
    setup = SessionSetup(
        config=cfg or config(),
        seed=seed,
        seats=(SeatKind.HUMAN, SeatKind.HUMAN),
        options={"wall": "auto"},
    )
    session = WallamoppiSession(setup)
    run(session, 0.5)
    return session


def run(session: WallamoppiSession, seconds: float) -> None:
    for _ in range(round(seconds / session.frame_seconds)):
        session.tick()


def send(
    session: WallamoppiSession, action: str, x: float = 0.0, y: float = 0.0, **data: Any
) -> None:
    session.handle(InputEvent(session.frame, action, x, y, data))


def glide(session: WallamoppiSession, points: Iterable[tuple[float, float]], speed: float) -> None:
    """Move the hand through ``points`` at ``speed`` mm/s, one target per frame."""
    hand = session.hand
    for x, y in points:
        start = hand.target
        steps = max(
            1,
            round(
                ((x - start.x) ** 2 + (y - start.y) ** 2) ** 0.5 / (speed * session.frame_seconds)
            ),
        )
        for n in range(1, steps + 1):
            send(
                session,
                "move",
                start.x + (x - start.x) * n / steps,
                start.y + (y - start.y) * n / steps,
            )
            session.tick()


def own_wall_disk(session: WallamoppiSession, seat: str) -> str:
    """A wall disk of ``seat``'s colour that is safe to pull (the bot's own choice)."""
    from games.wallamoppi.bot import Bot

    bot = Bot(session, seat, 1.0)
    name = bot._target()
    assert name is not None
    return name


def stack_turn(
    session: WallamoppiSession, name: str, *, offset: float = 0.0, speed: float = 200.0
) -> None:
    """Pull ``name`` out, carry it over the tower, lower it ``offset`` mm off centre, let go."""
    piece = session.scene.disks[name]
    x, y = piece.body.position
    send(session, "grab", x, y)
    top = session.scene.top()
    assert top is not None
    above = top.body.position.y + 40.0
    aim = top.body.position.x + offset
    seat = top.body.position.y + piece.size[1] + 1.0
    glide(session, [(x, above), (aim, above), (aim, seat)], speed)
    run(session, 0.2)
    send(session, "release", aim, seat)
