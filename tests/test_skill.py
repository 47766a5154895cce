"""The computer's hand in words: one table for the menu, ``--skill`` and the sessions."""

from typing import Any

import pytest

from games.errors import UserError
from games.protocol import InputRefused, SeatKind, SessionSetup
from games.skill import SKILL_NAMES, SkillError, seat_skill, skill_level, skill_name
from physics.config import load_config


def test_the_three_words_order_the_hands_from_shaky_to_careful() -> None:
    assert SKILL_NAMES == ("careful", "steady", "shaky")
    assert skill_level("shaky") < skill_level("steady") < skill_level("careful")
    assert skill_level(" Steady ") == skill_level("steady")
    assert all(skill_name(skill_level(word)) == word for word in SKILL_NAMES)


def test_numbers_and_tables_per_seat_still_work() -> None:
    assert skill_level(0.3) == 0.3
    assert skill_level("0.3") == 0.3
    assert seat_skill({"dark": "shaky"}, "dark", 0.8) == skill_level("shaky")
    assert seat_skill({"dark": "shaky"}, "light", 0.8) == 0.8
    assert seat_skill(None, "dark", 0.8) == 0.8


@pytest.mark.parametrize("bad", ["wobbly", 1.5, -0.1, True, [1]])
def test_a_bad_skill_names_the_words(bad: object) -> None:
    with pytest.raises(SkillError, match="careful, steady, shaky or a number from 0 to 1"):
        skill_level(bad)


@pytest.mark.parametrize("game", ["wallamoppi", "animals"])
def test_the_dexterity_games_take_the_words(game: str) -> None:
    from games.registry import load

    spec = load(game)
    computers = (SeatKind.COMPUTER,) * spec.min_seats
    config = load_config().config
    session = spec.new_session(SessionSetup(config, 1, computers, {"skill": "shaky"}))
    bots: dict[str, Any] = vars(session)["bots"]
    hands = {bot.hand.skill for bot in bots.values()}
    assert hands == {skill_level("shaky")}
    with pytest.raises((InputRefused, UserError), match=r"'wobbly'.*shaky"):
        spec.new_session(SessionSetup(config, 1, computers, {"skill": "wobbly"}))
