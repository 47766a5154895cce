"""The pydantic base of a game's options model, and the option types games share.

A game declares the options its sessions take as a subclass of :class:`GameOptions` beside its
spec (``GameSpec(options=StonewallOptions, ...)``); :func:`games.core.options.check_options`
validates
against it. This module is apart from :mod:`games.core.options` so that pydantic (≈ 40 ms to import)
is loaded only by a game that declares such a model: a game whose options are a few fixed words
declares them with :class:`games.core.options.WordOptions` instead (Free play), checked without
pydantic, so its headless process starts fast (issue 11, ``scripts/bench_speed.py``).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field


class GameOptions(BaseModel):
    """Base of every game's options model: unknown keys, loose types, NaN and inf refused."""

    model_config = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False, frozen=True)


# The computers' strength as an option (games/core/skill.py). A physics game's computer has a hand:
# a word (easy / normal / hard, or the old careful / steady / shaky) or a number from 0 to 1.
SkillWord = Literal["easy", "normal", "hard", "careful", "steady", "shaky"]
Skill = SkillWord | Annotated[float, Field(ge=0, le=1)]
# A dice game's computer is a bot: a word (easy / normal / hard, or the old bot names).
DiceSkill = Literal["easy", "normal", "hard", "greedy", "expectimax"]

# The computer speed a window plays a physics game at (games/core/pacing.py); absent: instant.
ComputerSpeed = Literal["slow", "normal", "fast", "instant"]
