"""Dammi il malloppo: move your hands exactly the roll, take coins from every hand you land next to.

The rule engine is :mod:`games.malloppo.rules` (pure Python), the board file
``assets/malloppo/board.toml`` (:mod:`games.malloppo.board`), the computer players
:mod:`games.malloppo.bots`, the session :mod:`games.malloppo.session` and the pygame view
:mod:`games.malloppo.view` (imported by the window only). Headless, the bots play without the
pause a human watcher needs.
"""

from games.protocol import GameSpec, Session, SessionSetup


def new_session(setup: SessionSetup) -> Session:
    """A Dammi il malloppo session (its module is imported only now)."""
    from games.malloppo.session import MalloppoSession

    return MalloppoSession(setup)


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
    new_session=new_session,
    view_module="games.malloppo.view",
    physics=False,
    headless_options={"bot_delay_frames": 0},
)
