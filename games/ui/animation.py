"""Move animation for the board games' views: a piece slides along its path, a wall drops in,
a die tumbles, and each player's last move stays marked until their next.

The rules apply a move at once; the view shows it over a short time so a person can follow
(a computer's move above all). Animations run on the view's clock (the real seconds the app
passes to :meth:`games.ui.view.View.update`), so a paused game pauses them, and they never feed
back into the rules: what is drawn while a piece slides is only where it is *shown*.

Positions are in board coordinates (a square's column and row, or a dot's x and y) as floats;
each view maps them to pixels, so a resize in the middle of a slide needs nothing special.

The computer's pace: a view hands :meth:`Animator.busy` to the session
(``TurnBasedSession.hold``), so a computer waits for the view's animation to finish, and then
for the action to stay shown a moment more (the dwell), before its next action and its usual
delay; headless nothing holds it. How long a slide, a tumble, a drop and the dwell last is the
computer speed's (:mod:`games.core.pacing`: ``speed`` is asked each time an animation starts, so a
change in the settings applies to the next action). Each player's last move (its path, a wall
it placed) is kept as :class:`Mark` values until that player moves again: a chain of one
player's moves (Stonewall's bonus turns) stays marked whole, and a person who looked away sees
what every computer did since their own move; every dice game's view draws them the same way
with :meth:`games.ui.render.Renderer.draw_trail`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field

from games.core.pacing import DEFAULT_SPEED, Pace, pace

Point = tuple[float, float]

STEP_SECONDS = pace(DEFAULT_SPEED).step_seconds  # one square or dot of a slide, by default

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
        if self.done(now) or self.step_seconds <= 0.0:
            return self.points[-1]
        progress = (now - self.start) / self.step_seconds
        index = int(progress)
        t = progress - index
        t = t * t * (3 - 2 * t)  # smoothstep: a small stop on every square
        (x0, y0), (x1, y1) = self.points[index], self.points[index + 1]
        return (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)


@dataclass(frozen=True)
class Mark:
    """Part of a player's last move, kept on the board until their next: ``kind`` "path" (a
    piece's start and every square it passed) or "wall" (a wall's two ends), by ``owner`` (a
    seat)."""

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
    speed: Callable[[], str] = lambda: DEFAULT_SPEED  # the computer speed (games/core/pacing.py)
    shown_until: float = -math.inf  # the last action stays shown (the dwell) until then
    last_owner: int | None = None  # who made the latest mark

    @property
    def pace(self) -> Pace:
        return pace(self.speed())

    def _shown_for(self, seconds: float, dwell: float | None = None) -> None:
        """An action starting now is shown ``seconds``, then stays shown the dwell."""
        rest = self.pace.dwell_seconds if dwell is None else dwell
        self.shown_until = max(self.shown_until, self.now + seconds + rest)

    def advance(self, seconds: float) -> None:
        """Move the clock on (call from ``View.update``); finished slides are dropped."""
        self.now += max(seconds, 0.0) * _speed[0]
        for key in [k for k, slide in self.slides.items() if slide.done(self.now)]:
            del self.slides[key]
        for key in [k for k, (start, length) in self.drops.items() if self.now >= start + length]:
            del self.drops[key]

    def drop(self, key: Hashable, seconds: float | None = None) -> None:
        """Start ``key`` (a wall just placed) dropping onto the board (the speed's drop time
        unless ``seconds`` is given)."""
        seconds = self.pace.drop_seconds if seconds is None else seconds
        self._shown_for(seconds)
        if seconds > 0.0:
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
        """Keep ``mark`` as part of its owner's last move. ``new_move`` starts a move: it first
        forgets that owner's marks of an earlier turn (another player moved since), never
        another player's, nor the owner's earlier moves of the same chain."""
        if new_move and mark.owner != self.last_owner:
            self.marks = [kept for kept in self.marks if kept.owner != mark.owner]
        self.last_owner = mark.owner
        self.marks.append(mark)

    def clear(self) -> None:
        """Stop everything (an undo): pieces are drawn where the rules have them, unmarked."""
        self.slides.clear()
        self.drops.clear()
        self.marks.clear()
        self.rolling_until = -math.inf
        self.shown_until = -math.inf
        self.last_owner = None

    def slide(
        self, key: Hashable, points: Sequence[Point], step_seconds: float | None = None
    ) -> None:
        """Start sliding piece ``key`` along ``points`` (its start first), one point every
        ``step_seconds`` (the speed's unless given); replaces any slide."""
        if len(points) >= 2:
            step = self.pace.step_seconds if step_seconds is None else step_seconds
            slide = Slide(tuple(points), self.now, step)
            self._shown_for(slide.seconds)
            if step > 0.0:
                self.slides[key] = slide

    def position(self, key: Hashable, resting: Point) -> Point:
        """Where to draw piece ``key``: on its slide, or at ``resting`` when not moving."""
        slide = self.slides.get(key)
        return resting if slide is None else slide.position(self.now)

    def busy(self) -> bool:
        """True while anything moves or the last action still dwells (a view holds a
        computer's next action until then)."""
        return (
            bool(self.slides) or bool(self.drops) or self.rolling() or self.now < self.shown_until
        )

    def roll(self, seconds: float | None = None) -> None:
        """Start a die tumbling (the speed's tumble unless ``seconds`` is given); its face then
        stays half the dwell before the computer acts on it."""
        seconds = self.pace.roll_seconds if seconds is None else seconds
        self.rolling_until = self.now + seconds
        self._shown_for(seconds, self.pace.dwell_seconds / 2)

    def rolling(self) -> bool:
        return self.now < self.rolling_until

    def tumbling_face(self, sides: int = 6) -> int:
        """The face a tumbling die shows now (changes every few hundredths of a second)."""
        return int(self.now * 23) % sides + 1
