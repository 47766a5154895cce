"""The computer's hand, in words a person understands: careful, steady, shaky.

One small table shared by the menu, ``wobbletop play GAME --skill WORD`` and the sessions of
the dexterity games (Wallamoppi, the Animals game). Each word stands for a ``skill`` level
from 0 (clumsy) to 1 (a very steady hand), the number the games' ``Dexterity`` classes read:

- ``careful``: a calm, precise hand; hardest to beat;
- ``steady``: the default, a good hand that sometimes slips;
- ``shaky``: a nervous hand, easiest to beat (a first game).

A session option ``skill`` may be one of these words, a number from 0 to 1, or a table per
seat of either (``{"dark": "shaky", "light": 0.9}``). Anything else is refused with a one-line
message that names the words.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

SKILLS: Mapping[str, float] = {"careful": 0.95, "steady": 0.8, "shaky": 0.45}
SKILL_NAMES: tuple[str, ...] = tuple(SKILLS)
DEFAULT_SKILL_NAME = "steady"
SKILL_HELP = "careful (hardest to beat), steady (the default) or shaky (a first game)"
# The option's type for a game's options model is games.option_models.Skill (pydantic, kept
# out of this module: the command line reads SKILL_HELP at start-up).

# The games whose computer has a hand (session option ``skill``): the menu offers the choice.
DEXTERITY_GAMES: frozenset[str] = frozenset({"wallamoppi", "animals"})


class SkillError(ValueError):
    """A skill value that is neither a known word nor a number from 0 to 1."""


def skill_level(value: Any, *, key: str = "skill") -> float:
    """The level (0 to 1) for a word from :data:`SKILLS` or a number from 0 to 1.

    >>> skill_level("shaky") < skill_level("steady") < skill_level("careful")
    True
    """
    if isinstance(value, str):
        word = value.strip().lower()
        if word in SKILLS:
            return SKILLS[word]
        try:
            number = float(word)
        except ValueError:
            raise SkillError(
                f"{key}: {value!r}; allowed: {', '.join(SKILL_NAMES)} or a number from 0 to 1"
            ) from None
    elif isinstance(value, bool) or not isinstance(value, (int, float)):
        raise SkillError(
            f"{key}: {value!r}; allowed: {', '.join(SKILL_NAMES)} or a number from 0 to 1"
        )
    else:
        number = float(value)
    if not 0.0 <= number <= 1.0:
        raise SkillError(
            f"{key}: {value!r}; allowed: {', '.join(SKILL_NAMES)} or a number from 0 to 1"
        )
    return number


def seat_skill(option: Any, seat: str, default: float, *, key: str = "skill") -> float:
    """The level for ``seat`` from an option: absent, one value for all, or a table per seat."""
    if isinstance(option, Mapping):
        option = option.get(seat)
    if option is None:
        return default
    return skill_level(option, key=f"options.{key}")


def next_skill(name: str) -> str:
    """The word after ``name`` in :data:`SKILL_NAMES`, round again (the menu's button)."""
    index = SKILL_NAMES.index(name) if name in SKILLS else -1
    return SKILL_NAMES[(index + 1) % len(SKILL_NAMES)]


def skill_name(level: float) -> str:
    """The word closest to ``level`` (for the menu and the status line)."""
    return min(SKILLS, key=lambda word: abs(SKILLS[word] - level))
