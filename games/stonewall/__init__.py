"""Stonewall: race to the far corner and back home, walling your opponents in on the way.

The rule engine is :mod:`games.stonewall.rules` (pure Python), the board file
``assets/stonewall/board.toml`` (:mod:`games.stonewall.board`), the computer players
:mod:`games.stonewall.bots`, the session :mod:`games.stonewall.session` and the pygame view
:mod:`games.stonewall.view` (imported by the window only). Headless, the bots play without the
pause a human watcher needs.
"""

from typing import Literal

from pydantic import Field

from games.core.option_models import DiceSkill, GameOptions
from games.core.protocol import GameSpec, files_read_by, session_made_by

# games.stonewall.bots.BOTS (a test checks they agree): the strengths, the old names and
# the ladder's scripted newcomer
BotName = Literal["easy", "normal", "hard", "greedy", "expectimax", "novice"]


class StonewallOptions(GameOptions):
    """What a Stonewall session takes (scenario ``options``, headless runs)."""

    bots: list[BotName] = Field(default_factory=list, max_length=4)  # old: use skill
    skill: DiceSkill | list[DiceSkill] | None = None  # games/core/skill.py: one, or one per seat
    bot_delay_frames: int = Field(default=0, ge=0, le=100_000)
    undo_grace_frames: int = Field(default=0, ge=0, le=100_000)


GAME = GameSpec(
    id="stonewall",
    title="Stonewall",
    blurb="Race to the far corner and home again; wall your opponents in",
    # One paragraph per line: the help overlay wraps them to its width.
    help_text=(
        "Go from your corner through the diagonally opposite (Change-a-Wall) corner and back "
        "home; first home wins, no exact roll needed.\n"
        "Roll, then move exactly that many squares in orthogonal steps, never through a wall "
        "or the same square twice; arrows are one way. Ending on a piece STOMPS it home. A four "
        "or ending on the middle square gives another turn.\n"
        "Then you may drag one wall from your stock onto the guide lines (R or right button "
        "turns it; Pass skips). No wall may shut off a square or cut anyone's path. Your "
        "Change-a-Wall corner makes you move or remove a placed wall instead.\n"
        "Undo takes back your move or wall until the next roll. Squares are named by the "
        "letters and numbers on the board's edge (C2)."
    ),
    seat_names=("red", "blue", "green", "yellow"),
    min_seats=2,
    make_session=session_made_by("games.stonewall.session.StonewallSession"),
    view_module="games.stonewall.view",
    physics=False,
    headless_options={"bot_delay_frames": 0},
    check_files=files_read_by("games.stonewall.rules.default_board"),
    options=StonewallOptions,
)
