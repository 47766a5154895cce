"""The computer's hand: how a computer seat plays a physics game through a person's inputs.

A computer seat never moves bodies. Its game's bot (games/animals/bot.py, games/wallamoppi/bot.py)
decides what to do and writes it as a *plan*: a generator of inputs, one per frame (``grab``,
``move``, ``release``...; None for a frame of waiting), that :class:`ComputerHand` feeds to the
session's :meth:`~games.physicskit.physics_session.PhysicsSession.handle_as_computer`, the same
route and checks as a person's input (a move may be a bare point ``(x, y)``: one a frame while
a piece is carried, it goes to the session's ``move_as_computer``, the same move handling
without an event to build). Between steps it waits: ``wait`` seconds, counted down by the
frame time (a person's reaction), or ``pause`` frames in which the plan is not asked (what a
headless run jumps over, games/physicskit/idle.py). A plan that ends (done, or given up after a
refused grab) lets go of whatever the hand still holds, and the computer reacts again a moment
later. How steady the hand is (its speeds, its aim) stays each game's own.

No pygame.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Generic, Protocol, TypeVar

from games.core.pacing import Pace
from games.core.protocol import InputEvent, InputRefused
from games.core.rng import Chance
from physics.grab import Hand

# a plan's step: an input, a point the hand moves to (a "move" input), or None (a frame waited)
Plan = Iterator[InputEvent | tuple[float, float] | None]
_DONE = object()  # what an exhausted plan yields


class ComputerTable(Protocol):
    """What the computer's hand reads of its session (a game's bot reads more)."""

    @property
    def chance(self) -> Chance:
        """The game's seeded dice: all of a computer's luck."""
        ...

    @property
    def frame_seconds(self) -> float: ...

    @property
    def pace(self) -> Pace:
        """How fast the computers play (games/core/pacing.py): a window slows them to be seen."""
        ...

    @property
    def hand(self) -> Hand:
        """The one hand on the table (physics/grab.py), the person's and the computers'."""
        ...

    def handle_as_computer(self, event: InputEvent) -> None: ...

    def move_as_computer(self, x: float, y: float) -> None:
        """``handle_as_computer`` of a "move" to (x, y), without the event."""
        ...


TableT = TypeVar("TableT", bound=ComputerTable)


class ComputerHand(Generic[TableT]):
    """One computer seat's hand on ``session``'s table; a game's bot builds on it."""

    def __init__(self, session: TableT, seat: str) -> None:
        self.session = session
        self.seat = seat
        self.wait = 0.0  # seconds before the computer acts again
        self.plan: Plan | None = None
        self.pause = 0  # frames the plan waits before it is asked again (its pauses)

    @property
    def chance(self) -> Chance:
        return self.session.chance

    def _play(self, new_plan: Callable[[], Plan], reaction_seconds: float) -> None:
        """One frame of the plan: start one (``new_plan``) if there is none, count a pause
        down, or send the plan's next input; a plan that ends lets go of what the hand holds
        and the computer waits ``reaction_seconds`` before it acts again."""
        if self.plan is None:
            self.plan = new_plan()
        elif self.pause > 0:
            self.pause -= 1
            return
        step = next(self.plan, _DONE)
        if step is _DONE:
            self._drop_plan()
            self._let_go()
            self.wait = reaction_seconds
        elif isinstance(step, tuple):  # a move (one a frame while a piece is carried)
            self._aim(step)
        elif isinstance(step, InputEvent):
            self._send(step)

    def _drop_plan(self) -> None:
        self.plan = None
        self.pause = 0

    def _pause(self, frames: int) -> Iterator[None]:
        """``frames`` frames of waiting: this one and ``frames - 1`` in which :meth:`_play` only
        counts :attr:`pause` down, without asking the plan (what a headless run jumps over)."""
        if frames > 0:
            self.pause = frames - 1
            yield None

    def _let_go(self) -> None:
        """Release whatever the hand still holds, where it is."""
        if self.session.hand.held is not None:
            target = self.session.hand.target
            self._send(InputEvent(0, "release", target.x, target.y))

    def _aim(self, point: tuple[float, float]) -> bool:
        """A move of the hand to ``point`` as the computer; False if the session refused it."""
        try:
            self.session.move_as_computer(*point)
        except InputRefused:
            return False
        return True

    def _send(self, event: InputEvent) -> bool:
        """One input as the computer; False if the session refused it."""
        try:
            self.session.handle_as_computer(event)
        except InputRefused:
            return False
        return True
