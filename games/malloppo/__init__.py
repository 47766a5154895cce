"""Dammi il malloppo: move your hands exactly the roll, take coins from every hand you land next to.

The rule engine is :mod:`games.malloppo.rules` (pure Python), the board file
``assets/malloppo/board.toml`` (:mod:`games.malloppo.board`), the computer players
:mod:`games.malloppo.bots`, the session :mod:`games.malloppo.session` and the pygame view
:mod:`games.malloppo.view` (imported by the window only). Headless, the bots play without the
pause a human watcher needs.
"""

from typing import Annotated, Any, Literal

from pydantic import Field

from games.core.option_models import DiceSkill, GameOptions
from games.core.protocol import GameSpec, files_read_by, session_made_by

# games.malloppo.bots.BOTS (a test checks they agree): the strengths, the old names and
# the ladder's scripted newcomer
BotName = Literal["easy", "normal", "hard", "greedy", "expectimax", "novice"]
DieValue = Annotated[int, Field(ge=1, le=6)]


class MalloppoOptions(GameOptions):
    """What a Dammi il malloppo session takes (scenario ``options``, headless runs).

    ``position`` is a saved state (:meth:`games.malloppo.rules.State.to_json`, its ``board`` may
    be left out), checked in full by the session (a one-line error naming the key); ``dice``
    are the values the first rolls show, before the seeded ones.
    """

    bots: list[BotName] = Field(default_factory=list, max_length=4)  # old: use skill
    skill: DiceSkill | list[DiceSkill] | None = None  # games/core/skill.py: one, or one per seat
    bot_delay_frames: int = Field(default=0, ge=0, le=100_000)
    undo_grace_frames: int = Field(default=0, ge=0, le=100_000)
    position: dict[str, Any] | None = None
    dice: list[DieValue] = Field(default_factory=list, max_length=10_000)


GAME = GameSpec(
    id="malloppo",
    title="Dammi il malloppo",
    blurb="Move your hands, grab coins from every hand you land beside; last one standing wins",
    # One paragraph per line: the help overlay wraps them to its width.
    help_text=(
        "Each player has 3 hands with coins (2 each, 4 with two players). Be the last player "
        "with a hand on the board.\n"
        "Roll. An odd roll costs a coin first: click the hand that pays (a hand without coins "
        "leaves the board). Then click one of your hands and a lit square exactly that many "
        "steps away: orthogonal steps, never straight back, never through or onto a hand "
        "(hover shows the path).\n"
        "Landing next to hands, yours or others', you may take one coin from each: click the "
        "coins you want (the opponents' are chosen at first), then Take. A hand left without coins "
        "leaves the board; a player without hands is out.\n"
        "Undo takes back your turn until the next roll. Squares are named by the letters and "
        "numbers on the board's edge (C2)."
    ),
    seat_names=("red", "blue", "green", "yellow"),
    min_seats=2,
    make_session=session_made_by("games.malloppo.session.MalloppoSession"),
    view_module="games.malloppo.view",
    physics=False,
    headless_options={"bot_delay_frames": 0},
    check_files=files_read_by("games.malloppo.rules.default_board"),
    options=MalloppoOptions,
)
