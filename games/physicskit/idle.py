"""Counting idle frames ahead for the event-driven headless tick (games/runs/headless.py).

A frame a headless run jumps over must leave the same floats behind as ticking it: these count
how many frames a countdown or a quiet count stays short of its end with the same sums the
per-frame code does (repeated subtraction or addition of the frame time, never a division).
No pygame, no pymunk.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol


class CountsDown(Protocol):
    def idle_frames(self) -> int | None: ...


def countdown_frames(wait: float, frame_seconds: float) -> int:
    """Frames in which ``wait -= frame_seconds`` runs while ``wait > 0`` (a computer's wait)."""
    frames = 0
    while wait > 0.0:
        wait -= frame_seconds
        frames += 1
    return frames


def count_up_frames(count: float, frame_seconds: float, end: float, *, reach: bool) -> int:
    """Frames in which ``count += frame_seconds`` stays short of ``end``: below it, or with
    ``reach`` false up to it (a quiet count ends at ``>= end``, a give-up at ``> end``)."""
    frames = 0
    while (count + frame_seconds < end) if reach else (count + frame_seconds <= end):
        count += frame_seconds
        frames += 1
    return frames


def allowed_by(frames: int, computers: Iterable[CountsDown]) -> int:
    """``frames`` cut to what every computer allows (its ``idle_frames()``; None: any number)."""
    for computer in computers:
        if frames <= 0:
            break
        idle = computer.idle_frames()
        if idle is not None:
            frames = min(frames, idle)
    return max(frames, 0)
