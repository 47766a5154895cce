"""Move animation for the board games' views: a piece slides along its path, a wall drops in,
a die tumbles, and the last move stays marked until the next.

The rules apply a move at once; the view shows it over a short time so a person can follow
(a computer's move above all). Animations run on the view's clock (the real seconds the app
passes to :meth:`games.ui.view.View.update`), so a paused game pauses them, and they never feed
back into the rules: what is drawn while a piece slides is only where it is *shown*.

Positions are in board coordinates (a square's column and row, or a dot's x and y) as floats;
each view maps them to pixels, so a resize in the middle of a slide needs nothing special.

The computer's pace: a view hands :meth:`Animator.busy` to the session
(``TurnBasedSession.hold``), so a computer waits for the view's animation to finish before its
next action, then its usual delay; headless nothing holds it. The last move (its path, a wall
it placed) is kept as :class:`Mark` values until the next move replaces them, so a person who
looked away sees what the computer did; every dice game's view draws them the same way with
:meth:`games.ui.render.Renderer.draw_trail`.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

Point = tuple[float, float]

STEP_SECONDS = 0.12  # one square or dot of a slide
ROLL_SECONDS = 0.45  # a die tumbling before it shows its face
DROP_SECONDS = 0.3  # a placed wall dropping onto the board

# How many times faster than "normal" every animation runs (the settings' animation speed).
_speed = [1.0]


def set_speed(factor: float) -> None:
    """The settings screen's animation speed: 0.5 slow, 1 normal, 2 fast."""
    _speed[0] = max(float(factor), 0.05)


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


@dataclass(frozen=True)
class Mark:
    """Part of the last move, kept on the board until the next: ``kind`` "path" (a piece's
    start and every square it passed) or "wall" (a wall's two ends), by ``owner`` (a seat)."""

    kind: str
    points: tuple[Point, ...]
    owner: int


@dataclass
class Animator:
    """The running animations of one view, by piece key, on the view's own clock."""

    now: float = 0.0
    slides: dict[Hashable, Slide] = field(default_factory=dict)
    drops: dict[Hashable, tuple[float, float]] = field(default_factory=dict)  # start, seconds
    rolling_until: float = -math.inf
    marks: list[Mark] = field(default_factory=list)

    def advance(self, seconds: float) -> None:
        """Move the clock on (call from ``View.update``); finished slides are dropped."""
        self.now += max(seconds, 0.0) * _speed[0]
        for key in [k for k, slide in self.slides.items() if slide.done(self.now)]:
            del self.slides[key]
        for key in [k for k, (start, length) in self.drops.items() if self.now >= start + length]:
            del self.drops[key]

    def drop(self, key: Hashable, seconds: float = DROP_SECONDS) -> None:
        """Start ``key`` (a wall just placed) dropping onto the board."""
        self.drops[key] = (self.now, seconds)

    def drop_height(self, key: Hashable) -> float:
        """How far ``key`` still is above the board: 1 as it starts dropping, 0 once down
        (eased: it falls faster as it lands)."""
        if key not in self.drops:
            return 0.0
        start, seconds = self.drops[key]
        t = min(max((self.now - start) / seconds, 0.0), 1.0)
        return 1.0 - t * t

    def mark(self, mark: Mark, *, new_move: bool) -> None:
        """Keep ``mark`` as part of the last move; ``new_move`` first forgets the previous one."""
        if new_move:
            self.marks.clear()
        self.marks.append(mark)

    def clear(self) -> None:
        """Stop everything (an undo): pieces are drawn where the rules have them, unmarked."""
        self.slides.clear()
        self.drops.clear()
        self.marks.clear()
        self.rolling_until = -math.inf

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
        return bool(self.slides) or bool(self.drops) or self.rolling()

    def roll(self, seconds: float = ROLL_SECONDS) -> None:
        """Start a die tumbling."""
        self.rolling_until = self.now + seconds

    def rolling(self) -> bool:
        return self.now < self.rolling_until

    def tumbling_face(self, sides: int = 6) -> int:
        """The face a tumbling die shows now (changes every few hundredths of a second)."""
        return int(self.now * 23) % sides + 1
