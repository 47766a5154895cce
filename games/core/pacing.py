"""The computer's speed: how long a person is given to see each computer action. Pure Python.

One word, the *computer speed*, governs every game: ``slow``, ``normal`` (the default),
``fast`` or ``instant``. It is the window's choice (``wobbletop play ... --speed WORD``, the
settings screen, :attr:`games.ui.app.App.computer_speed`) and reaches the games two ways:

- The dice games (Stonewall, Dammi il malloppo, Whacky Wit) pace in the window only: a piece
  slides one square every :attr:`Pace.step_seconds`, a die tumbles :attr:`Pace.roll_seconds`,
  a wall drops in :attr:`Pace.drop_seconds`, and the finished action then stays on screen
  :attr:`Pace.dwell_seconds` more (:class:`games.ui.animation.Animator`). The computer waits
  through all of it by the session's ``hold``, which the session records
  (:mod:`games.turnkit.turn_session`), so a recording replays headless to the same digest whatever
  the speed, and a chain (Stonewall's bonus turns) is shown one move at a time.
- The physics games (Wallamoppi, Animal upon Animal) pace in the session, since when a
  computer's hand moves changes the world: the window hands the word to the session as the
  option ``computer_speed`` (:func:`session_options`), which a recording and a save keep, so
  a replay makes the same moves on the same frames (a change of speed there applies from the
  next game: F5 or the menu). A session without the option (headless runs, scenarios,
  sweeps: nobody watches) plays as ``instant``, as it always has, so ``wobbletop regress``
  goldens and the bots' ladders do not move.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

COMPUTER_SPEEDS = ("slow", "normal", "fast", "instant")
DEFAULT_SPEED = "normal"
OPTION = "computer_speed"  # the physics games' session option


class SpeedError(ValueError):
    """An unknown speed word; ``str()`` is one line naming the allowed words."""


@dataclass(frozen=True)
class Pace:
    """The delays of one computer speed, in seconds."""

    # the dice games' window
    step_seconds: float  # one square or dot of a slide
    roll_seconds: float  # a die tumbling
    drop_seconds: float  # a placed wall dropping in
    dwell_seconds: float  # a finished action stays shown before the computer acts again
    # Wallamoppi's computer
    place_seconds: float  # before it puts its drawn disk on the wall
    # Animal upon Animal
    opening_seconds: float  # each of the opening three laid, face up, named
    show_seconds: float  # a computer's drawn animal held up, face up, before it is carried
    manoeuvre_seconds: float  # a computer's pause after each lift, carry and put-back


PACES: dict[str, Pace] = {
    "slow": Pace(0.24, 0.7, 0.5, 1.4, 1.6, 2.5, 2.5, 1.2),
    "normal": Pace(0.12, 0.45, 0.3, 0.7, 0.9, 1.5, 1.5, 0.6),
    "fast": Pace(0.06, 0.25, 0.15, 0.2, 0.3, 0.6, 0.5, 0.2),
    "instant": Pace(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0),
}


def check_speed(word: str) -> str:
    """``word`` if it is a computer speed, else :class:`SpeedError` (one line)."""
    if word not in COMPUTER_SPEEDS:
        raise SpeedError(f"computer speed {word!r}; allowed: {', '.join(COMPUTER_SPEEDS)}")
    return word


def pace(word: str | None) -> Pace:
    """The delays of ``word``; None (a session nobody watches) is ``instant``."""
    return PACES[check_speed(word)] if word is not None else PACES["instant"]


def session_pace(options: Mapping[str, Any]) -> Pace:
    """A physics session's pace from its options (absent: instant, see the module text)."""
    word = options.get(OPTION)
    return pace(None if word is None else str(word))


def session_options(spec: Any, options: Mapping[str, Any], speed: str) -> dict[str, Any]:
    """``options`` with the computer speed for a game whose session takes it (its options
    model has the ``computer_speed`` field); other games' options are returned unchanged."""
    fields = getattr(getattr(spec, "options", None), "model_fields", {})
    result = dict(options)
    if OPTION in fields:
        result[OPTION] = check_speed(speed)
    return result
