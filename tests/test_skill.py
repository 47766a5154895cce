"""The computers' strength in three words (easy, normal, hard), one table for every game: the
words and their aliases, what each word makes of each game's computers, ``--skill`` on ``run``,
and small seeded duels as smoke checks (the ladder's numbers are scripts/ladder.py's)."""

import json
from typing import Any

import pytest

from games.cli import main
from games.core.errors import UserError
from games.core.protocol import InputRefused, SeatKind, Session, SessionSetup
from games.core.registry import load
from games.core.skill import (
    HAND_LEVELS,
    MEMORY_LEVELS,
    STRENGTHS,
    SkillError,
    seat_skill,
    skill_level,
    skill_name,
    strength,
)
from physics.config import load_config

C = SeatKind.COMPUTER


def test_the_three_words_order_the_hands_and_the_old_words_are_aliases() -> None:
    assert STRENGTHS == ("easy", "normal", "hard")
    assert skill_level("easy") < skill_level("normal") < skill_level("hard")
    assert skill_level(" Normal ") == skill_level("normal")
    assert all(skill_name(skill_level(word)) == word for word in STRENGTHS)
    assert [strength(w, "wallamoppi") for w in ("shaky", "steady", "careful")] == list(STRENGTHS)
    assert [strength(w, "malloppo") for w in ("greedy", "expectimax")] == ["normal", "hard"]


def test_numbers_lists_and_tables_per_seat() -> None:
    assert skill_level(0.3) == 0.3
    assert skill_level("0.3") == 0.3
    assert seat_skill({"dark": "shaky"}, "dark", 0.8) == skill_level("easy")
    assert seat_skill({"dark": "shaky"}, "light", 0.8) == 0.8
    assert seat_skill(None, "dark", 0.8) == 0.8
    seats = ("dark", "light")
    assert seat_skill(["easy", 0.3], "light", 0.8, seats=seats) == 0.3
    with pytest.raises(SkillError, match=r"3 values for 2 seats"):
        seat_skill(["easy", "easy", "hard"], "dark", 0.8, seats=seats)


@pytest.mark.parametrize("bad", ["wobbly", 1.5, -0.1, True, [1]])
def test_a_bad_skill_names_the_words(bad: object) -> None:
    with pytest.raises(SkillError, match=r"easy, normal, hard \(old words: shaky, steady, "
                                         r"careful\) or a number from 0 to 1"):
        skill_level(bad)


def test_a_dice_game_refuses_a_hand_word() -> None:
    with pytest.raises(SkillError, match=r"'careful'; allowed: easy, normal, hard \(old words: "
                                         r"greedy, expectimax\)$"):
        strength("careful", "stonewall")


def new(game: str, options: dict[str, Any], seed: int = 1) -> Session:
    spec = load(game)
    setup = SessionSetup(load_config().config, seed, (C,) * spec.min_seats, options)
    return spec.new_session(setup)


def computers(session: Session) -> dict[Any, Any]:
    """What makes each computer seat play as it does (tests/ui/test_menu_strengths.py too)."""
    bots: dict[Any, Any] = vars(session)["bots"]
    if session.game_id in ("wallamoppi",):
        return {seat: bot.hand.skill for seat, bot in bots.items()}
    if session.game_id == "animals":
        return {seat: (bot.hand.skill, bot.mind.memory) for seat, bot in bots.items()}
    return {seat: type(bot).__name__ for seat, bot in bots.items()}


@pytest.mark.parametrize("word", STRENGTHS)
@pytest.mark.parametrize("game", ["wallamoppi", "animals"])
def test_a_physics_game_reads_the_word_as_hand_and_memory(game: str, word: str) -> None:
    got = set(computers(new(game, {"skill": word})).values())
    hand = HAND_LEVELS[word]
    assert got == ({hand} if game == "wallamoppi" else {(hand, MEMORY_LEVELS[word])})


def test_an_animals_memory_option_wins_over_the_word() -> None:
    got = computers(new("animals", {"skill": ["easy", "hard"], "memory": {"red": 0.5}}))
    assert got == {"red": (HAND_LEVELS["easy"], 0.5),
                   "blue": (HAND_LEVELS["hard"], MEMORY_LEVELS["hard"])}


@pytest.mark.parametrize("game", ["stonewall", "malloppo", "whacky"])
def test_a_dice_game_reads_the_word_as_its_bot(game: str) -> None:
    bots = __import__(f"games.{game}.bots", fromlist=["STRENGTHS"])
    for word in STRENGTHS:
        assert set(computers(new(game, {"skill": word})).values()) == {
            bots.STRENGTHS[word].__name__
        }
    mixed = computers(new(game, {"skill": ["easy", "hard"]}))
    assert mixed == {0: bots.STRENGTHS["easy"].__name__, 1: bots.STRENGTHS["hard"].__name__}
    old = computers(new(game, {"bots": ["expectimax", "greedy"]}))  # the old option still works
    assert old == {0: bots.STRENGTHS["hard"].__name__, 1: bots.STRENGTHS["normal"].__name__}
    default = computers(new(game, {}))
    assert set(default.values()) == {bots.STRENGTHS["normal"].__name__}
    with pytest.raises((InputRefused, UserError), match=r"options\.skill and options\.bots"):
        new(game, {"skill": "easy", "bots": ["greedy"]})


@pytest.mark.parametrize("game", ["wallamoppi", "animals"])
def test_the_physics_games_refuse_an_unknown_word(game: str) -> None:
    with pytest.raises((InputRefused, UserError),
                       match=r"'wobbly'; allowed: 'easy', 'normal', 'hard'"):
        new(game, {"skill": "wobbly"})


def test_run_takes_the_strengths_per_seat(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "stonewall", "--seed", "4", "--skill", "easy,hard"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["seats"] == {"red": "computer (easy)", "blue": "computer (hard)"}
    assert main(["run", "malloppo", "--seed", "4", "--players", "3", "--skill", "greedy"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert set(result["seats"].values()) == {"computer (normal)"}


@pytest.mark.parametrize("game", ["stonewall", "malloppo", "whacky"])
def test_a_seeded_duel_between_hard_and_easy_goes_to_hard(game: str) -> None:
    """A smoke check on a few fixed seeds (each strength in each seat), not a measurement: hard
    wins most of them. The ladder with its intervals is scripts/ladder.py's."""
    from games.runs.headless import drive

    hard_wins = 0
    for seed in range(3):
        for order in (["hard", "easy"], ["easy", "hard"]):
            session = new(game, {"skill": order, "bot_delay_frames": 0}, seed=seed)
            drive(session, 200_000)
            outcome = session.outcome
            assert outcome is not None
            hard_wins += session.result()["seats"][outcome.winner] == "computer (hard)"
    assert hard_wins >= 4


def test_the_same_seed_and_strengths_replay_the_same_game() -> None:
    from games.runs.headless import drive

    digests = set()
    for _ in range(2):
        session = new("malloppo", {"skill": ["easy", "hard"], "bot_delay_frames": 0}, seed=11)
        drive(session, 200_000)
        digests.add(session.digest())
    assert len(digests) == 1
