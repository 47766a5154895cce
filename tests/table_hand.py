"""A physics game's hand driven by plain inputs, as a person's mouse drives it: the helpers the
Animals and Wallamoppi tests (and their scenario scripts, scripts/*_scenarios.py) share.

Every input goes through ``session.handle`` (so it is recorded, as a person's is) and the hand
moves one target per frame, the session ticking in between.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.core.protocol import InputEvent
from games.physicskit.physics_session import PhysicsSession


def run(session: PhysicsSession, seconds: float) -> None:
    """``seconds`` of frames (rounded to whole frames)."""
    for _ in range(round(seconds / session.frame_seconds)):
        session.tick()


def send(session: PhysicsSession, action: str, x: float = 0.0, y: float = 0.0, **data: Any) -> None:
    """One input at the session's current frame."""
    session.handle(InputEvent(session.frame, action, x, y, data))


def glide(session: PhysicsSession, points: Iterable[tuple[float, float]], speed: float) -> None:
    """Move the hand through ``points`` at ``speed`` mm/s, one target per frame."""
    for x, y in points:
        start = session.hand.target
        length = ((x - start.x) ** 2 + (y - start.y) ** 2) ** 0.5
        steps = max(1, round(length / (speed * session.frame_seconds)))
        for n in range(1, steps + 1):
            send(
                session,
                "move",
                start.x + (x - start.x) * n / steps,
                start.y + (y - start.y) * n / steps,
            )
            session.tick()
