"""Move animation for the board games' views: a piece slides along its path, a die tumbles.

The rules apply a move at once; the view shows it over a short time so a person can follow
(a computer's move above all). Animations run on the view's clock (the real seconds the app
passes to :meth:`games.ui.view.View.update`), so a paused game pauses them, and they never feed
back into the rules: what is drawn while a piece slides is only where it is *shown*.

Positions are in board coordinates (a square's column and row, or a dot's x and y) as floats;
each view maps them to pixels, so a resize in the middle of a slide needs nothing special.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

Point = tuple[float, float]

STEP_SECONDS = 0.12  # one square or dot of a slide
ROLL_SECONDS = 0.45  # a die tumbling before it shows its face


@dataclass(frozen=True)
class Slide:
    """A piece moving along ``points`` (its start first), one point every ``step_seconds``."""

    points: tuple[Point, ...]
    start: float
    step_seconds: float = STEP_SECONDS

    @property
    def seconds(self) -> float:
        return self.step_seconds * max(len(self.points) - 1, 0)

    def done(self, now: float) -> bool:
        return now >= self.start + self.seconds

    def position(self, now: float) -> Point:
        """Where the piece is shown at ``now``: eased within each step, exact at each point."""
        if len(self.points) == 1 or now <= self.start:
            return self.points[0]
        if self.done(now):
            return self.points[-1]
        progress = (now - self.start) / self.step_seconds
        index = int(progress)
        t = progress - index
        t = t * t * (3 - 2 * t)  # smoothstep: a small stop on every square
        (x0, y0), (x1, y1) = self.points[index], self.points[index + 1]
        return (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)


@dataclass
class Animator:
    """The running animations of one view, by piece key, on the view's own clock."""

    now: float = 0.0
    slides: dict[Hashable, Slide] = field(default_factory=dict)
    rolling_until: float = -math.inf

    def advance(self, seconds: float) -> None:
        """Move the clock on (call from ``View.update``); finished slides are dropped."""
        self.now += max(seconds, 0.0)
        for key in [k for k, slide in self.slides.items() if slide.done(self.now)]:
            del self.slides[key]

    def slide(self, key: Hashable, points: Sequence[Point], step_seconds: float = STEP_SECONDS,
              ) -> None:
        """Start sliding piece ``key`` along ``points`` (its start first); replaces any slide."""
        if len(points) >= 2:
            self.slides[key] = Slide(tuple(points), self.now, step_seconds)

    def position(self, key: Hashable, resting: Point) -> Point:
        """Where to draw piece ``key``: on its slide, or at ``resting`` when not moving."""
        slide = self.slides.get(key)
        return resting if slide is None else slide.position(self.now)

    def busy(self) -> bool:
        """True while anything moves (a view may hold a computer's next action until then)."""
        return bool(self.slides) or self.rolling()

    def roll(self, seconds: float = ROLL_SECONDS) -> None:
        """Start a die tumbling."""
        self.rolling_until = self.now + seconds

    def rolling(self) -> bool:
        return self.now < self.rolling_until

    def tumbling_face(self, sides: int = 6) -> int:
        """The face a tumbling die shows now (changes every few hundredths of a second)."""
        return int(self.now * 23) % sides + 1
