"""Computer opponents: the greedy bot takes what it can now; the expectimax bot also weighs the
replies its opponents can roll, and beats greedy in most seeded games."""

from __future__ import annotations

from malloppo_helpers import BLUE, GREEN, RED, position, sq

from games.core.rng import Chance
from games.malloppo.bots import Bot, ExpectimaxBot, GreedyBot, make_bot
from games.malloppo.rules import State
from games.turnkit.grid import Square
from tests.dice_helpers import play_on

DUEL_SEEDS = range(40)


def play(seed: int, bots: list[Bot], limit: int = 5000) -> State:
    return play_on(State(len(bots)), Chance(seed),
                   lambda state: bots[state.current].choose(state.copy()), limit)


def test_greedy_bot_takes_every_opponent_coin_it_can() -> None:
    state = position(hands={RED: [("E3", 2)], BLUE: [("F5", 2)], GREEN: [("E6", 2)]}, roll=2)
    turn = GreedyBot().choose(state)
    assert turn.to == sq("E5") and set(turn.steals) == {sq("F5"), sq("E6")}


def test_greedy_bot_pays_from_a_hand_that_can_spare_the_coin() -> None:
    state = position(hands={RED: [("A1", 1), ("E5", 3)], BLUE: [("I9", 2)]}, roll=1)
    turn = GreedyBot().choose(state)
    assert turn.pay == sq("E5")  # the one-coin hand would leave the board


def test_bots_never_take_from_their_own_hands_for_nothing() -> None:
    state = position(hands={RED: [("E3", 2), ("F5", 2)], BLUE: [("A9", 2)]}, roll=2)
    for bot in (GreedyBot(), ExpectimaxBot()):
        assert bot.choose(state.copy()).steals == ()


def rolls_that_reach(state: State, square: Square, player: int) -> int:
    """How many of ``player``'s six rolls can put one of their hands beside ``square``."""
    beside = set(state.board.neighbours[square])
    return sum(
        any(beside & set(state.destinations(h, roll=roll)) for h in state.hands_of(player))
        for roll in range(1, 7)
    )


def test_expectimax_bot_keeps_a_one_coin_hand_where_fewest_rolls_reach_it() -> None:
    # red's last hand has one coin: any green hand landing beside it ends the game. Greedy sees
    # no difference between the squares a 2 reaches; expectimax takes the safest.
    state = position(2, hands={RED: [("E4", 1)], 1: [("I9", 2), ("A9", 2)]}, roll=2)
    exposure = {}
    for turn in state.legal_turns():
        state.push(turn)
        assert turn.to is not None
        exposure[turn.to] = rolls_that_reach(state, turn.to, 1)
        state.pop()
    assert len(set(exposure.values())) > 1  # the choice matters
    chosen = ExpectimaxBot().choose(state)
    assert chosen.to is not None and exposure[chosen.to] == min(exposure.values())


def test_expectimax_beats_greedy_in_most_seeded_two_player_games() -> None:
    """Two-player games on fixed seeds, seats alternating so neither side always starts first."""
    search_wins = 0
    for seed in DUEL_SEEDS:
        bots: list[Bot] = [make_bot("expectimax"), make_bot("greedy")]
        if seed % 2:
            bots.reverse()
        state = play(seed, bots)
        outcome = state.outcome()
        assert outcome is not None
        search_wins += bots[outcome.winner].name == "expectimax"
    assert search_wins > len(DUEL_SEEDS) // 2, f"expectimax won only {search_wins}"


def test_four_computer_players_finish_a_game() -> None:
    state = play(3, [make_bot("expectimax"), make_bot("greedy")] * 2)
    assert state.is_over() and state.coin_total() == 24


def test_ties_are_drawn_from_the_bots_seeded_luck_not_the_boards_order() -> None:
    """Every move of a lone hand in an empty corner is worth the same: which one is played
    depends on the computer's seed (the same seed, the same move), not on the order the squares
    are listed in, which would always favour one side of the board."""
    state = position(hands={RED: [("E5", 2)], BLUE: [("A9", 2)]}, roll=2)
    for bot_class in (GreedyBot, ExpectimaxBot):
        chosen = {seed: bot_class(seed).choose(state.copy()).to for seed in range(12)}
        assert len(set(chosen.values())) > 1
        assert all(bot_class(seed).choose(state.copy()).to == to for seed, to in chosen.items())
