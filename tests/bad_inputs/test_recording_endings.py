"""Recordings through every ending: each of the six games played with ``--record`` in a real
window process (SDL's dummy driver), ended each way a player ends one, leaves a complete file
per game that replays to the digest the game had when it was left.

The endings are the window's close button, Esc, F5 (two games, two files), Ctrl-C twice, SIGTERM,
SIGHUP and the terminal closed (``tests/endings.py`` says how each is made). Each ending is
tried on one physics game and one dice game, the games taking turns, so every game is ended
both in the window and by a signal (14 child processes instead of all 42 pairs: the ending is
the shell's, the recording the game's); ``WOBBLETOP_ALL_ENDINGS=1 python -m pytest
tests/bad_inputs/test_recording_endings.py`` plays every game with every ending. Then the worst
moment: the signal (twice) arrives while the first recording is being written, after the window
was closed, Esc or F5: the file is still written whole, and the command still ends by the
signal (exit 128 + its number). No test waits a fixed time: each acts once the child says the
game got somewhere.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from tests.endings import ENDINGS, GAMES, check_recordings, play_and_end
from tests.waiting import Spawn

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="POSIX signals, pty")


PHYSICS, DICE = GAMES[:3], GAMES[3:]
PAIRS = (
    [(game, ending) for ending in ENDINGS for game in GAMES]
    if os.environ.get("WOBBLETOP_ALL_ENDINGS")
    else [
        (kind[e % len(kind)], ending)
        for e, ending in enumerate(ENDINGS)
        for kind in (PHYSICS, DICE)
    ]
)


def test_the_sample_ends_every_game_in_the_window_and_by_a_signal() -> None:
    window = {"close", "esc", "f5"}
    for game in GAMES:
        endings = {ending for played, ending in PAIRS if played == game}
        assert endings & window and endings - window, game


@pytest.mark.parametrize(("game", "ending"), PAIRS)
def test_every_ending_leaves_a_recording_that_replays(
    spawn: Spawn, tmp_path: Path, game: str, ending: str
) -> None:
    ended = play_and_end(spawn, tmp_path, game, ending)
    check_recordings(ended, game, ending)


# Each window ending with each signal once, the games taking turns.
IN_SAVE = [
    (GAMES[(3 * e + s) % len(GAMES)], ending, signal_name)
    for e, ending in enumerate(("close", "esc", "f5"))
    for s, signal_name in enumerate(("SIGINT", "SIGTERM", "SIGHUP"))
]


@pytest.mark.parametrize(("game", "ending", "signal_name"), IN_SAVE)
def test_a_signal_while_the_recording_is_written_waits_for_it(
    spawn: Spawn, tmp_path: Path, game: str, ending: str, signal_name: str
) -> None:
    ended = play_and_end(spawn, tmp_path, game, ending, signal_in_save=signal_name)
    check_recordings(ended, game, ending, signal_in_save=signal_name)
