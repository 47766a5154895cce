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
comes from the mind's own :class:`~games.core.rng.Chance`, so the game's draws do not depend on
how well a seat remembers.

Judgement:

- where to insert (:meth:`Mind.choose_insert`): the height with the fewest disagreements with
  what it remembers (ties: the middle of the tied heights);
- "stop stacking!" (:meth:`Mind.believes_wrong`): when, by its own memory model, a wrong order
  is more likely than not (the same test for doubting a finished tower). The mind knows how it
  forgets, so beside each remembered name it keeps its *trust*, the chance that the name is
  still right: 1 when seen (the opening, an insert, a restack it watched), times
  ``1 - 2 p SWAP_SHARE`` at every turn's forgetting (a place is falsely remembered when its
  own disturbance or its neighbour's swapped it). Two remembered animals out of template order
  are a real wrong order only if both memories are right: with ``t`` their trusts' product and
  ``q`` the chance, before looking, that the tower is wrong at that very place
  (:data:`PRIOR_WRONG_HERE`), the chance of a wrong order is ``t q / (t q + (1 - t)(1 - q))``,
  and the computer calls when that is above one half. So an order it saw go wrong (a fresh
  insert, a restack it watched) is called, and an old memory that drifted rarely is. A call
  on a right tower makes every other player win, a wrong tower left alone only goes on, so a
  person calls when fairly sure: before, one remembered swap was taken as certainty, and most
  calls between computers were on right towers.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field

from games.animals.rules import Catalogue
from games.core.rng import Chance

FORGET_PER_TURN = 0.12
SWAP_SHARE = 0.3  # of the disturbances, this share swaps two places; the rest forget one
FULL_TOWER = 15
# The chance, before the computer looks at its memory, that the tower is wrong at one given
# place: small, as most towers between careful players are right (most calls of the old
# computer, certain of every memory, were on right towers). With it, an order seen going wrong
# a moment ago (trust 1 beside a memory of trust 0.99) is called (0.6), a pair of memories a
# few turns old that disagree (trusts 0.99 each) is not (0.43).
PRIOR_WRONG_HERE = 0.015
CALL_ABOVE = 0.5  # call when a wrong order is more likely than not


@dataclass
class Mind:
    catalogue: Catalogue
    memory: float  # 1 = perfect, 0 = forgetful
    chance: Chance
    belief: list[str | None] = field(default_factory=list)
    trust: list[float] = field(default_factory=list)  # per place: the chance its name is right

    # -- seeing ----------------------------------------------------------------------------

    def see_tower(self, tower: list[str]) -> None:
        """The tower as shown to all (the opening)."""
        self.belief = list(tower)
        self.trust = [1.0] * len(tower)

    def see_insert(self, animal: str, at: int) -> None:
        self._fit_trust()
        place = min(at, len(self.belief))
        self.belief.insert(place, animal)
        self.trust.insert(place, 1.0)
        self.forget()

    def see_remove(self, index: int) -> None:
        self._fit_trust()
        if index < len(self.belief):
            self.belief.pop(index)
            self.trust.pop(index)
        self.forget()

    def see_restack(self, moved: Sequence[int]) -> None:
        """The tower's animals moved on the table: ``moved[i]`` is the old place of the animal
        now at place ``i`` (everyone saw the face-down cylinders move, not their faces)."""
        self._fit_trust()
        self.belief = [self.belief[i] if i < len(self.belief) else None for i in moved]
        self.trust = [self.trust[i] if i < len(self.trust) else 0.0 for i in moved]

    def see_turn(self) -> None:
        """A turn in which the tower did not change (a crocodile that found nothing)."""
        self.forget()

    def forget(self) -> None:
        height = len(self.belief)
        p = (1.0 - self.memory) * FORGET_PER_TURN * height / FULL_TOWER
        if p <= 0.0:
            return
        self._fit_trust()
        kept = max(0.0, 1.0 - 2.0 * p * SWAP_SHARE)
        self.trust = [t * kept for t in self.trust]
        for index in range(height):
            if self.chance.index(1000) >= p * 1000:
                continue
            if self.chance.index(10) >= SWAP_SHARE * 10 or height < 2:
                self.belief[index] = None
            else:
                other = index + 1 if index + 1 < height else index - 1
                self.belief[index], self.belief[other] = self.belief[other], self.belief[index]

    # -- judging ---------------------------------------------------------------------------

    def _fit_trust(self) -> None:
        """One trust per place (a belief set directly, as tests do, is trusted)."""
        missing = len(self.belief) - len(self.trust)
        if missing > 0:
            self.trust.extend([1.0] * missing)
        elif missing < 0:
            del self.trust[len(self.belief):]

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
            self._fit_trust()
        scores = [self._disagreements(animal, at) for at in range(height + 1)]
        best = min(scores)
        tied = [at for at, score in enumerate(scores) if score == best]
        return tied[len(tied) // 2]

    def chance_wrong(self) -> float:
        """How likely the tower is out of template order, by this mind's memory model: the
        most trusted pair of remembered animals that are out of order (0 if none is)."""
        self._fit_trust()
        known = [(self.catalogue.rank(a), t)
                 for a, t in zip(self.belief, self.trust, strict=True) if a is not None]
        best = 0.0
        for (low_rank, low_trust), (high_rank, high_trust) in itertools.combinations(known, 2):
            if low_rank > high_rank:
                best = max(best, low_trust * high_trust)
        if best == 0.0:
            return 0.0
        wrong = best * PRIOR_WRONG_HERE
        return wrong / (wrong + (1.0 - best) * (1.0 - PRIOR_WRONG_HERE))

    def believes_wrong(self) -> bool:
        """A wrong order is more likely than not (:meth:`chance_wrong` above one half)."""
        return self.chance_wrong() > CALL_ABOVE
