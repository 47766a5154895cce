"""Computer players: what each bot does in a position a person can check, and full games."""

from __future__ import annotations

import pytest
from whacky_helpers import position

from games.core.rng import Chance
from games.whacky.bots import ExpectimaxBot, GreedyBot, danger_map, make_bot, play
from games.whacky.rules import Phase, State


@pytest.mark.parametrize("bot", [GreedyBot(), ExpectimaxBot()])
def test_monsters_catch_whacky_when_the_roll_allows(bot: object) -> None:
    state = position(whacky="C5", monsters={"red": "A5"}, phase=Phase.MONSTER_MOVE, roll=2,
                     chosen="red")
    assert bot.choose(state).destination == "C5"  # type: ignore[attr-defined]


@pytest.mark.parametrize("bot", [GreedyBot(), ExpectimaxBot()])
def test_monsters_catch_whacky_passing_over_him_when_the_roll_allows(bot: object) -> None:
    # red on A5 with a 3: over Whacky on B5 to D5 catches him; north (A4-A3-...) does not
    state = position(whacky="B5", monsters={"red": "A5"}, phase=Phase.MONSTER_MOVE, roll=3,
                     chosen="red")
    move = bot.choose(state)  # type: ignore[attr-defined]
    assert move.path == ("B5", "C5", "D5") and state.catches(move)


@pytest.mark.parametrize("bot", [GreedyBot(), ExpectimaxBot()])
def test_whacky_puts_down_the_most_dots(bot: object) -> None:
    # from K9 with 3: west over the start point puts down none (I9, H9 are down), east three
    state = position(whacky="K9", down=["I9", "H9"], phase=Phase.WHACKY_MOVE, roll=3)
    move = bot.choose(state)  # type: ignore[attr-defined]
    gained = sum(1 for p in move.path if state.is_up(state.board.node(p) or 0))
    assert gained == 3


def test_greedy_whacky_never_runs_into_a_monster_without_winning() -> None:
    state = position(whacky="A3", monsters={"red": "A5"}, phase=Phase.WHACKY_MOVE, roll=2,
                     down=["A2", "A1", "B3", "C3", "A4"])
    assert GreedyBot().choose(state).destination != "A5"


def test_powered_whacky_hunts_a_monster() -> None:
    state = position(whacky="A3", monsters={"red": "A5"}, phase=Phase.WHACKY_MOVE, roll=2,
                     down=["A4", "A2", "A1", "B3", "C3"], rolls_left=3, power=3)
    assert ExpectimaxBot().choose(state).destination == "A5"


@pytest.mark.parametrize("bot", [GreedyBot(), ExpectimaxBot()])
def test_powered_whacky_hunts_the_monsters_on_his_way(bot: object) -> None:
    # every dot near is down: through red (A4) and blue (A2) to A1 sends both to the cage
    state = position(whacky="A5", monsters={"red": "A4", "blue": "A2"}, phase=Phase.WHACKY_MOVE,
                     roll=4, down=["A4", "A3", "A2", "A1", "B3", "C3", "B5", "C5", "D5", "E5"],
                     rolls_left=3, power=3)
    move = bot.choose(state)  # type: ignore[attr-defined]
    assert move.path == ("A4", "A3", "A2", "A1")


@pytest.mark.parametrize("bot", [GreedyBot(), ExpectimaxBot()])
def test_whacky_avoids_a_dot_a_monster_can_reach(bot: object) -> None:
    # Whacky on A9 with 2: A11 and C9 both put down 2 dots, but the red monster on A13 reaches
    # A11 with a 2 or more (ending there or passing over it), C9 only with its 7
    state = position(whacky="A9", monsters={"red": "A13"}, phase=Phase.WHACKY_MOVE, roll=2)
    danger = danger_map(state)
    end = bot.choose(state).destination  # type: ignore[attr-defined]
    assert end == "C9"
    assert danger[state.board.node("C9") or 0] < danger[state.board.node("A11") or 0]


def test_unknown_bot_names_the_choices() -> None:
    with pytest.raises(ValueError, match="unknown Whacky Wit bot 'x'; choose from easy, "
                                         "normal, hard, greedy, expectimax"):
        make_bot("x")


def test_bots_play_whole_games_that_end() -> None:
    for seed in range(3):
        state = play(State(), make_bot("expectimax"), make_bot("greedy"), Chance(seed))
        assert state.is_over()
