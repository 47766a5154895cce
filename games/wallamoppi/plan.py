"""What a pull out of the wall risks, and the hard computer's plan: which wall disk to pull so
that the opponent runs out of safe pulls first.

:func:`pull_risk` (every computer's reading of the wall: the disk with the least risk is
pulled first) and :func:`slot_load` (the wall step's placement) live here so that the bot and
the plan share them without importing each other.

Measured on seeded games between our computers (normal against normal or hard): nearly every
game ends a fraction of a second after a player pulls a disk whose :func:`pull_risk` is 6 (a
lever: a disk above presses on a side with nothing under it), because every disk of their
colour still in the wall was that risky. Until then both play risk-0 (now and then risk-1)
pulls and the tower stands. So the game between steady hands is a race over the wall: who
is first left without a safe pull. *normal* takes the safest disk now; *hard* looks ahead.

The abstract game read here: the wall is the set of slots still holding a disk (the apex, the
tower's foot, counts as present), each of one colour. A move takes one disk of one's colour
whose pull risk is at most :data:`SAFE_RISK`, or one of one's fallen disks from the table
(which changes nothing in the wall). A player with no such move loses. Disks that would tumble
out are not modelled (a risk of 10 is never a safe move anyway). :func:`best_pull` searches
this game by negamax with alpha-beta and a table of positions seen, to a node budget; past it a
position is scored by the difference in safe pulls. Ties go to the lower-risk, then the less
loaded disk (the normal computer's order), so the plan only departs from normal's choice when
the search sees a reason.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field

from games.wallamoppi.rules import ROWS, Slot, other

SAFE_RISK = 1  # risk 1 (a disk left unpinned) was survived in the measured games; 6 was not
NODE_BUDGET = 4000  # positions searched per decision (well under a second on a slow core)
WIN = 1000


def slot_load(slot: Slot) -> int:
    """How many slots of the finished wall rest on ``slot``, directly or through others."""
    return sum(
        1
        for row in range(slot.row + 1, ROWS)
        for index in range(ROWS - row)
        if index <= slot.index <= index + (row - slot.row)
    )


def _slot(row: int, index: int) -> Slot | None:
    return Slot(row, index) if 0 <= row < ROWS and 0 <= index < ROWS - row else None


def pull_risk(present: AbstractSet[Slot], pulled: Slot) -> int:
    """How many disks resting on ``pulled`` would be left badly held if it were pulled out.

    A disk resting on the pulled one keeps only its other support, with its centre right over
    that support's edge. It stays put if that support is there and a disk above pins it down
    on that side (bridging to its neighbour). A missing other support costs 10, an unpinned
    disk 1, and 5 when a disk above presses on its unsupported side with nothing under its
    own other half (a lever that tips it). Two unpinned disks left leaning towards the gap
    wedge against each other (a 0.3 mm wall gap closes after about a degree) and hold up what
    rests on both: an arch, so that costs only their 1 each. The apex costs 10: nothing can
    pin it, and the tower's weight stands centred on it, right over the edge of its one
    remaining support (measured in tests/wallamoppi/test_physics.py: pulling either disk under
    the apex topples even a one-disk tower; a risk-0 disk comes out with nothing moving).
    """
    risk = 0
    for above in (_slot(pulled.row + 1, pulled.index - 1), _slot(pulled.row + 1, pulled.index)):
        if above is None or above not in present:
            continue
        keeps_right = above.index == pulled.index
        remaining = _slot(above.row - 1, above.index + 1 if keeps_right else above.index)
        if remaining is None or remaining not in present or above.is_apex:
            risk += 10
            continue
        pin = _slot(above.row + 1, above.index if keeps_right else above.index - 1)
        if pin is None or pin not in present or not all(s in present for s in pin.supports):
            risk += 1
        lever = _slot(above.row + 1, above.index - 1 if keeps_right else above.index)
        if (
            lever is not None
            and lever in present
            and not all(s in present for s in lever.supports if s != above)
        ):
            risk += 5
    return risk


@dataclass
class _Search:
    colour: Mapping[Slot, str]  # colour of every wall slot's disk (the apex included)
    nodes: int = 0
    seen: dict[tuple[frozenset[Slot], str, int, int], int] = field(default_factory=dict)
    risks: dict[tuple[frozenset[Slot], Slot], int] = field(default_factory=dict)

    def risk(self, present: frozenset[Slot], slot: Slot) -> int:
        key = (present, slot)
        value = self.risks.get(key)
        if value is None:
            value = self.risks[key] = pull_risk(present, slot)
        return value

    def safe(self, present: frozenset[Slot], seat: str) -> list[Slot]:
        return [
            slot
            for slot in sorted(present)
            if self.colour.get(slot) == seat
            and not slot.is_apex
            and self.risk(present, slot) <= SAFE_RISK
        ]

    def score(self, present: frozenset[Slot], seat: str, fallen: Mapping[str, int]) -> int:
        """A position past the budget: my safe pulls (and fallen disks) minus the other's."""
        mine = len(self.safe(present, seat)) + fallen[seat]
        theirs = len(self.safe(present, other(seat))) + fallen[other(seat)]
        return mine - theirs

    def negamax(
        self,
        present: frozenset[Slot],
        seat: str,
        fallen: dict[str, int],
        depth: int,
        alpha: int,
        beta: int,
    ) -> int:
        """The value of the position for ``seat``, to move: > 0 good, ±WIN decided."""
        key = (present, seat, fallen[seat], fallen[other(seat)])
        if key in self.seen:
            return self.seen[key]
        moves = self.safe(present, seat)
        if not moves and not fallen[seat]:
            return -WIN - depth  # lose later rather than sooner
        self.nodes += 1
        if depth == 0 or self.nodes > NODE_BUDGET:
            return self.score(present, seat, fallen)
        best = -2 * WIN
        window = alpha
        children: list[tuple[frozenset[Slot], dict[str, int]]] = [
            (present - {slot}, fallen) for slot in moves
        ]
        if fallen[seat]:
            children.append((present, {**fallen, seat: fallen[seat] - 1}))
        for child, child_fallen in children:
            value = -self.negamax(child, other(seat), child_fallen, depth - 1, -beta, -alpha)
            best = max(best, value)
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        if self.nodes <= NODE_BUDGET and window < best < beta:  # an exact value only
            self.seen[key] = best
        return best


def best_pull(
    colour: Mapping[Slot, str], seat: str, fallen: Mapping[str, int], *, depth: int = 40
) -> Slot | None:
    """The wall slot ``seat`` should pull now, or None to take a fallen disk (or if no safe
    pull is left: the caller then falls back to the least risky disk).

    ``colour``: the colour of each slot still holding a wall disk, the apex included;
    ``fallen``: how many fallen disks each colour has on the table.
    """
    search = _Search(colour)
    present = frozenset(colour)
    counts = {seat: fallen.get(seat, 0), other(seat): fallen.get(other(seat), 0)}
    moves = search.safe(present, seat)
    if not moves:
        return None
    # normal's order first: least risky, then least loaded; alpha-beta keeps the first best
    moves.sort(key=lambda slot: (search.risk(present, slot), slot_load(slot)))
    best: Slot | None = None
    best_value = -3 * WIN
    alpha, beta = -3 * WIN, 3 * WIN
    options: list[Slot | None] = [*moves, None] if counts[seat] else list(moves)
    for move in options:
        if move is None:
            child, child_fallen = present, {**counts, seat: counts[seat] - 1}
        else:
            child, child_fallen = present - {move}, counts
        value = -search.negamax(child, other(seat), child_fallen, depth - 1, -beta, -alpha)
        if value > best_value:
            best, best_value = move, value
            alpha = max(alpha, value)
    return best


__all__ = ["NODE_BUDGET", "SAFE_RISK", "best_pull"]
