"""The computers' strength, in three words every game shares: easy, normal, hard.

One small table read by the menu, ``wobbletop play|run GAME --skill WORD[,WORD...]``, the
sessions and the sweeps. What a word means is each game's own reading:

- ``easy``: a first game (a child or a newcomer wins often);
- ``normal``: the default, a fair game;
- ``hard``: the strongest computer we have.

The physics games (Wallamoppi, the Animals game) read the word as the hand's steadiness
(:data:`HAND_LEVELS`, the number 0 to 1 the games' ``Dexterity`` classes read), the Animals
game also as the memory (:data:`MEMORY_LEVELS`); the dice games (Stonewall, Dammi il
malloppo, Whacky Wit) as the bot, each game's ``bots.STRENGTHS`` (``easy`` blunders on
purpose, ``normal`` plays the best turn now, ``hard`` searches a chance node deeper). In
Wallamoppi the hand barely decides a game between our computers, the choice of disk does:
``hard`` there also looks ahead over the wall (games/wallamoppi/plan.py).

The old words keep working as aliases: the hands' ``careful`` / ``steady`` / ``shaky``
(hard / normal / easy) for the physics games, the bots' names ``expectimax`` / ``greedy``
(hard / normal) for the dice games (:func:`aliases`). A physics game's ``skill`` may also be a
number from 0 to 1.

An option ``skill`` is one value for every computer seat, a list with one value per seat (the
value at a human seat is not used) or a table per seat name (``{"dark": "easy", "light":
0.9}``). Anything else is refused with a one-line message that names the words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

T = TypeVar("T")

STRENGTHS: tuple[str, ...] = ("easy", "normal", "hard")
DEFAULT_STRENGTH = "normal"
HAND_ALIASES: Mapping[str, str] = {"shaky": "easy", "steady": "normal", "careful": "hard"}
BOT_ALIASES: Mapping[str, str] = {"greedy": "normal", "expectimax": "hard"}
HAND_LEVELS: Mapping[str, float] = {"easy": 0.45, "normal": 0.8, "hard": 0.95}
MEMORY_LEVELS: Mapping[str, float] = {"easy": 0.6, "normal": 0.9, "hard": 0.97}
SKILL_HELP = "easy (a first game), normal (the default) or hard; one word, or one per seat"
# The option types for a game's options model are games.core.option_models.HandSkill and DiceSkill
# (pydantic, kept out of this module: the command line reads SKILL_HELP at start-up).

# The games whose computer has a hand (a ``skill`` may be a number); the dice games' computers
# are bots chosen by the word.
DEXTERITY_GAMES: frozenset[str] = frozenset({"wallamoppi", "animals"})
DICE_GAMES: frozenset[str] = frozenset({"stonewall", "malloppo", "whacky"})
SKILL_GAMES: frozenset[str] = DEXTERITY_GAMES | DICE_GAMES

# Kept for old imports: the hands' words and levels.
SKILLS: Mapping[str, float] = {
    **HAND_LEVELS, **{old: HAND_LEVELS[new] for old, new in HAND_ALIASES.items()}
}
SKILL_NAMES: tuple[str, ...] = STRENGTHS
DEFAULT_SKILL_NAME = DEFAULT_STRENGTH


def bot_names(easy: T, normal: T, hard: T, novice: T) -> dict[str, T]:
    """The names a dice game's computers answer to, in the order its errors list them: the
    strengths, their old names (:data:`BOT_ALIASES`) and the ladder's scripted ``novice``."""
    strengths = {"easy": easy, "normal": normal, "hard": hard}
    return {**strengths, **{old: strengths[new] for old, new in BOT_ALIASES.items()},
            "novice": novice}


class SkillError(ValueError):
    """A skill value that is not a word the game knows (or, for a hand, a number 0 to 1)."""


def aliases(game: str) -> Mapping[str, str]:
    """The old words ``game`` still takes, each with the strength it stands for."""
    if game in DEXTERITY_GAMES:
        return HAND_ALIASES
    if game in DICE_GAMES:
        return BOT_ALIASES
    return {}


def allowed_words(game: str, *, numbers: bool = True) -> str:
    """``easy, normal, hard (old words: ...)`` for messages (and, for a hand, the numbers)."""
    old = aliases(game)
    extra = f" (old words: {', '.join(old)})" if old else ""
    number = " or a number from 0 to 1" if numbers and game in DEXTERITY_GAMES else ""
    return f"{', '.join(STRENGTHS)}{extra}{number}"


def strength(word: str, game: str, *, key: str = "skill") -> str:
    """The strength (easy / normal / hard) a word stands for in ``game``.

    >>> strength("Careful", "animals"), strength("greedy", "stonewall")
    ('hard', 'normal')
    """
    name = word.strip().lower()
    if name in STRENGTHS:
        return name
    old = aliases(game)
    if name in old:
        return old[name]
    raise SkillError(f"{key}: {word!r}; allowed: {allowed_words(game, numbers=False)}")


def skill_level(value: Any, *, key: str = "skill", game: str = "wallamoppi") -> float:
    """A hand's level (0 to 1) for a word or a number from 0 to 1.

    >>> skill_level("easy") < skill_level("normal") < skill_level("hard")
    True
    """
    if isinstance(value, str):
        try:
            return HAND_LEVELS[strength(value, game, key=key)]
        except SkillError:
            try:
                number = float(value.strip())
            except ValueError:
                raise SkillError(f"{key}: {value!r}; allowed: {allowed_words(game)}") from None
    elif isinstance(value, bool) or not isinstance(value, (int, float)):
        raise SkillError(f"{key}: {value!r}; allowed: {allowed_words(game)}")
    else:
        number = float(value)
    if not 0.0 <= number <= 1.0:
        raise SkillError(f"{key}: {value!r}; allowed: {allowed_words(game)}")
    return number


def seat_value(option: Any, seat: str, seats: Sequence[str], *, key: str = "skill") -> Any:
    """The value for ``seat`` from an option: absent (None), one for all, a list per seat in
    ``seats`` order, or a table per seat name."""
    if isinstance(option, Mapping):
        return option.get(seat)
    if isinstance(option, (list, tuple)):
        if len(option) != len(seats):
            raise SkillError(
                f"options.{key}: {len(option)} values for {len(seats)} seats; "
                f"give one value or one per seat ({', '.join(seats)})"
            )
        return option[list(seats).index(seat)]
    return option


def seat_skill(
    option: Any,
    seat: str,
    default: float,
    *,
    key: str = "skill",
    seats: Sequence[str] = (),
    game: str = "wallamoppi",
) -> float:
    """A hand's level for ``seat`` from an option (see :func:`seat_value`)."""
    value = seat_value(option, seat, seats or (seat,), key=key)
    if value is None:
        return default
    return skill_level(value, key=f"options.{key}", game=game)


def seat_strength(
    option: Any, seat: str, seats: Sequence[str], game: str, *, key: str = "skill"
) -> str | None:
    """The strength word for ``seat`` from an option, or None where it names a number or
    nothing (a number is a hand's level, not a strength)."""
    value = seat_value(option, seat, seats, key=key)
    if isinstance(value, str):
        return strength(value, game, key=f"options.{key}")
    return None


def next_skill(name: str) -> str:
    """The word after ``name`` in :data:`STRENGTHS`, round again (the menu's button)."""
    index = STRENGTHS.index(name) if name in STRENGTHS else -1
    return STRENGTHS[(index + 1) % len(STRENGTHS)]


def skill_name(level: float) -> str:
    """The word closest to a hand's ``level`` (for the menu and the status line)."""
    return min(HAND_LEVELS, key=lambda word: abs(HAND_LEVELS[word] - level))


def parse_skill_words(text: str, game: str, seats: int, computers: Sequence[int]) -> Any:
    """``--skill`` on the command line: one word for every computer, one word per seat, or
    one word per computer seat (``computers``: their indices); the option ``skill`` (a word or
    a list per seat). A problem is a :class:`SkillError` of one line."""
    words = [word.strip() for word in text.split(",")]
    for word in words:
        strength(word, game, key=f"--skill {text}")
    names = [strength(word, game) for word in words]
    if len(names) == 1:
        return names[0]
    if len(names) == seats:
        return names
    if len(names) == len(computers):
        per_seat = [DEFAULT_STRENGTH] * seats
        for index, name in zip(computers, names, strict=True):
            per_seat[index] = name
        return per_seat
    raise SkillError(
        f"--skill {text}: {len(names)} words for {seats} seats ({len(computers)} computers); "
        "give one word, one per seat or one per computer seat"
    )
