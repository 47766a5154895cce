"""Stonewall: race to the far corner and back home, walling your opponents in on the way.

The rule engine is :mod:`games.stonewall.rules` (pure Python), the board file
``assets/stonewall/board.toml`` (:mod:`games.stonewall.board`), the computer players
:mod:`games.stonewall.bots`, the session :mod:`games.stonewall.session` and the pygame view
:mod:`games.stonewall.view` (imported by the window only). Headless, the bots play without the
pause a human watcher needs.
"""

from games.protocol import GameSpec, Session, SessionSetup


def new_session(setup: SessionSetup) -> Session:
    """A Stonewall session (its module is imported only now)."""
    from games.stonewall.session import StonewallSession

    return StonewallSession(setup)


GAME = GameSpec(
    id="stonewall",
    title="Stonewall",
    blurb="Race to the far corner and home again; wall your opponents in",
    help_text=(
        "Goal: go from your corner through the diagonally opposite (Change-a-Wall) corner and\n"
        "back home. First home wins; you need not roll the exact number to get home.\n"
        "Turn: roll the die, then move exactly that many squares in orthogonal steps, never\n"
        "through a wall or the same square twice. Arrow squares only one way. Ending on an\n"
        "opponent STOMPS them back to their start. A four, or ending on the middle Roll Again\n"
        "square, gives another turn (two with a four there).\n"
        "Walls: after each turn you may place one wall from your stock on the guide lines\n"
        "(drag it; R or right button rotates; Pass skips). No wall may shut off a square or\n"
        "cut anyone's path. Reaching your Change-a-Wall corner obliges you to move or remove\n"
        "one placed wall instead (again if you are stomped). Undo takes back your last move\n"
        "or wall until the next roll (a computer waits a moment before rolling after you).\n"
        "Squares are named by the letters and numbers on the board's edge, e.g. C2."
    ),
    seat_names=("red", "blue", "green", "yellow"),
    min_seats=2,
    new_session=new_session,
    view_module="games.stonewall.view",
    physics=False,
    headless_options={"bot_delay_frames": 0},
)
