"""Seeded randomness with injectable outcomes: dice and shuffles as explicit chance events.

Every game draws all its chance from one :class:`Chance` made from the game's seed. A test or a
replay can queue forced outcomes with :meth:`Chance.force`; those are used first, in order, and
each one is checked against what was asked for, so an injected roll can never be illegal.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable, Sequence
from typing import TypeVar

T = TypeVar("T")


class Chance:
    """One game's source of luck: ``random.Random(seed)`` plus a queue of forced outcomes."""

    def __init__(self, seed: int, forced: Iterable[int] = ()) -> None:
        self.seed = seed
        self._random = random.Random(seed)
        self._forced: deque[int] = deque(forced)
        self.history: list[int] = []

    def force(self, *outcomes: int) -> None:
        """Queue outcomes that the next draws return instead of random ones."""
        self._forced.extend(outcomes)

    def roll(self, sides: int = 6) -> int:
        """A die roll from 1 to ``sides``."""
        return self._draw(1, sides)

    def index(self, count: int) -> int:
        """A uniform index from 0 to ``count - 1``."""
        return self._draw(0, count - 1)

    def face(self, faces: Sequence[T]) -> T:
        """One face of a die with custom faces (listed one per face), through :meth:`index`:
        a forced outcome is the face's position in ``faces``."""
        return faces[self.index(len(faces))]

    def uniform(self, low: float, high: float) -> float:
        """A float from ``low`` to ``high`` in 1/1000 steps (one :meth:`index` draw, so forced
        draws apply too): the computer hands' aim and timing."""
        return low + (high - low) * self.index(1001) / 1000

    def noise(self, spread: float) -> float:
        """Bell-shaped noise of standard deviation about ``spread`` (sum of three uniforms)."""
        return sum(self.uniform(-1.0, 1.0) for _ in range(3)) * spread

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A shuffled copy (Fisher-Yates through :meth:`index`, so forced draws apply too)."""
        result = list(items)
        for last in range(len(result) - 1, 0, -1):
            pick = self.index(last + 1)
            result[last], result[pick] = result[pick], result[last]
        return result

    def _draw(self, low: int, high: int) -> int:
        if self._forced:
            value = self._forced.popleft()
            if not low <= value <= high:
                raise ValueError(f"forced outcome {value} is not in {low}..{high}")
        else:
            value = self._random.randint(low, high)
        self.history.append(value)
        return value
