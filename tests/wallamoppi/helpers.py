"""Shared helpers for the Wallamoppi tests: human-seat sessions driven by plain inputs (run,
send and glide are tests/table_hand.py's, shared with the Animals tests)."""

from __future__ import annotations

from typing import Any

from games.core.protocol import SeatKind, SessionSetup
from games.wallamoppi.rules import DARK, LIGHT
from games.wallamoppi.session import WallamoppiSession
from physics.config import PhysicsConfig, load_config
from tests.table_hand import glide, run, send

__all__ = [
    "config",
    "glide",
    "human_session",
    "own_wall_disk",
    "run",
    "send",
    "stack_turn",
    "two_off_centre_stacks",
]


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


def two_off_centre_stacks(session: WallamoppiSession, offset: float = 14.0) -> None:
    """Dark stacks a safe disk ``offset`` mm off centre and catches the marble, then light
    does the same on top (the shipped scenario off_centre_topples): the two overhang."""
    send(session, "start_timer")
    stack_turn(session, own_wall_disk(session, DARK), offset=offset)
    run(session, 0.6)
    send(session, "marble")
    send(session, "start_timer")
    stack_turn(session, own_wall_disk(session, LIGHT), offset=offset)
