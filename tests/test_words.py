"""One voice in the window's words (games/core/words.py): capitalised names, verbs that agree with
them, present tense for what to do, the same seat words in every game."""

from __future__ import annotations

import pytest

from games.core.words import display_name, does, says, seat_label, wins


@pytest.mark.parametrize(("name", "need", "line"), [
    ("red", "roll", "Red rolls"),
    ("red", "place a wall or pass", "Red places a wall or passes"),
    ("red", "change a wall (move or remove one)", "Red changes a wall (move or remove one)"),
    ("red", "pay a coin, then move a hand", "Red pays a coin, then moves a hand"),
    ("monsters", "move the blue monster 2 steps", "The monsters move the blue monster 2 steps"),
    ("monsters", "roll the colour and number dice", "The monsters roll the colour and number dice"),
    ("whacky", "roll (powered), 3 rolls in a row", "Whacky rolls (powered), 3 rolls in a row"),
])
def test_what_to_do_is_said_in_the_present_tense(name: str, need: str, line: str) -> None:
    assert does(name, need, the=True) == line


def test_names_are_capitalised_and_verbs_agree_with_them() -> None:
    assert display_name("red") == "Red" and display_name("monsters") == "Monsters"
    assert wins("monsters") == "Monsters win" and wins("red") == "Red wins"
    assert says("monsters", "think", "…", the=True) == "The monsters think…"
    assert says("blue", "think", "…") == "Blue thinks…"


def test_a_seat_reads_the_same_in_every_game() -> None:
    assert seat_label("red", True) == "Red (you)"
    assert seat_label("green", False) == "Green (computer)"
