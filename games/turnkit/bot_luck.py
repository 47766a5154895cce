"""The dice games' computers' own luck: seeded, per decision, and apart from the game's dice.

A bot that breaks ties between equal turns, or blunders on purpose (the *easy* strength,
games/core/skill.py), draws from :func:`decision_luck`: a ``random.Random`` made from the bot's seed
(the game's seed and the seat, :func:`bot_seed`) and the position (a digest of the state's saved
form, ``to_json``: the bots are handed a copy without the history, so the number of actions
played is not there to count). So a decision depends on the seed and the position alone: it is
the same when a game is replayed or resumed, asking twice gives the same answer, and the game's
own dice (one :class:`games.core.rng.Chance`) are drawn exactly as they would be without it. The
position includes the roll, so a position that comes back with the same roll gets the same
choice, and with another roll a fresh one. Pure Python.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

T = TypeVar("T")

BLUNDER_SHARE = 0.5  # an easy computer plays a random legal turn this often, otherwise normal


class Saveable(Protocol):
    def to_json(self) -> dict[str, Any]: ...


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the computer in ``seat`` (apart from every other seat's)."""
    return game_seed * 7919 + 1009 * (seat + 1)


def decision_luck(seed: int, state: Saveable) -> random.Random:
    """The luck of one decision: the bot's seed and the position."""
    position = json.dumps(state.to_json(), sort_keys=True, separators=(",", ":"))
    digest = hashlib.blake2b(f"{seed}:{position}".encode(), digest_size=8).digest()
    return random.Random(int.from_bytes(digest, "big"))


def pick_best(items: Sequence[T], scores: Sequence[float], luck: random.Random) -> T:
    """The item with the highest score, ties (within 1e-9) drawn from ``luck``, never from the
    order the items were listed in (which would favour one side of the board)."""
    best = max(scores)
    tied = [item for item, score in zip(items, scores, strict=True) if score >= best - 1e-9]
    return tied[luck.randrange(len(tied))]
