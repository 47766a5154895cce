"""The computer's memory and judgement: what it believes the face-down tower is. Pure Python.

A :class:`Mind` sees what every player sees: the opening three, each drawn animal and the
height it went in at, the height the crocodile took an animal from, and which places the
tower's face-down animals moved to when a turn restacked them. It remembers the tower as a
list of names (``None`` where it has forgotten).

Forgetting: at the end of every turn, each remembered place is disturbed with probability
``p = (1 - memory) × FORGET_PER_TURN × height / 15``: mostly it is forgotten (``None``),
sometimes (``SWAP_SHARE``) swapped with a neighbour, which makes a false memory. So the
chance of a wrong or missing memory rises with the number of animals and with the turns since
the animal was seen (disturbances pile up), and a ``memory`` of 1 never forgets. All luck
comes from the mind's own :class:`~games.rng.Chance`, so the game's draws do not depend on
how well a seat remembers.

Judgement:

- where to insert (:meth:`Mind.choose_insert`): the height with the fewest disagreements with
  what it remembers (ties: the middle of the tied heights);
- "stop stacking!" (:meth:`Mind.believes_wrong`): when what it remembers is out of template
  order (the same test for doubting a finished tower).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field

from games.animals.rules import Catalogue
from games.rng import Chance

FORGET_PER_TURN = 0.12
SWAP_SHARE = 0.3  # of the disturbances, this share swaps two places; the rest forget one
FULL_TOWER = 15


@dataclass
class Mind:
    catalogue: Catalogue
    memory: float  # 1 = perfect, 0 = forgetful
    chance: Chance
    belief: list[str | None] = field(default_factory=list)

    # -- seeing ----------------------------------------------------------------------------

    def see_tower(self, tower: list[str]) -> None:
        """The tower as shown to all (the opening)."""
        self.belief = list(tower)

    def see_insert(self, animal: str, at: int) -> None:
        self.belief.insert(min(at, len(self.belief)), animal)
        self.forget()

    def see_remove(self, index: int) -> None:
        if index < len(self.belief):
            self.belief.pop(index)
        self.forget()

    def see_restack(self, moved: Sequence[int]) -> None:
        """The tower's animals moved on the table: ``moved[i]`` is the old place of the animal
        now at place ``i`` (everyone saw the face-down cylinders move, not their faces)."""
        self.belief = [self.belief[i] if i < len(self.belief) else None for i in moved]

    def see_turn(self) -> None:
        """A turn in which the tower did not change (a crocodile that found nothing)."""
        self.forget()

    def forget(self) -> None:
        height = len(self.belief)
        p = (1.0 - self.memory) * FORGET_PER_TURN * height / FULL_TOWER
        if p <= 0.0:
            return
        for index in range(height):
            if self.chance.index(1000) >= p * 1000:
                continue
            if self.chance.index(10) >= SWAP_SHARE * 10 or height < 2:
                self.belief[index] = None
            else:
                other = index + 1 if index + 1 < height else index - 1
                self.belief[index], self.belief[other] = self.belief[other], self.belief[index]

    # -- judging ---------------------------------------------------------------------------

    def _disagreements(self, animal: str, at: int) -> int:
        rank = self.catalogue.rank(animal)
        wrong = 0
        for index, known in enumerate(self.belief):
            if known is None:
                continue
            below = index < at
            if below != (self.catalogue.rank(known) < rank):
                wrong += 1
        return wrong

    def choose_insert(self, animal: str, height: int) -> int:
        """The height (animals below it) to insert ``animal`` at, in a tower of ``height``."""
        if len(self.belief) != height:  # lost count: trust the table's height
            self.belief = (self.belief + [None] * height)[:height]
        scores = [self._disagreements(animal, at) for at in range(height + 1)]
        best = min(scores)
        tied = [at for at, score in enumerate(scores) if score == best]
        return tied[len(tied) // 2]

    def believes_wrong(self) -> bool:
        """What it remembers is out of template order."""
        ranks = [self.catalogue.rank(a) for a in self.belief if a is not None]
        return any(a > b for a, b in itertools.pairwise(ranks))
