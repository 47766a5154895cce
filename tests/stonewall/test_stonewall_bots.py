"""Computer opponents: the greedy bot races and walls the leader; the expectimax bot beats it."""

from __future__ import annotations

from stonewall_helpers import BLUE, RED, position

from games.core.rng import Chance
from games.stonewall.board import Wall
from games.stonewall.bots import Bot, ExpectimaxBot, GreedyBot, make_bot, remaining
from games.stonewall.rules import MovePiece, Pass, Phase, PlaceWall, State
from tests.dice_helpers import play_on

DUEL_SEEDS = range(12)


def play(seed: int, bots: list[Bot], limit: int = 4000) -> State:
    return play_on(State(len(bots)), Chance(seed),
                   lambda state: bots[state.current].choose(state.copy()), limit)


def test_greedy_bot_moves_along_its_shortest_path() -> None:
    state = position(roll=3, at={RED: (2, 2)})
    before = remaining(state, RED)
    state.push(GreedyBot().choose(state))
    assert remaining(state, RED) == before - 3


def test_greedy_bot_walls_the_leaders_path_not_its_own() -> None:
    state = position(roll=1, at={RED: (2, 2), BLUE: (8, 4)}, reached={BLUE: True})
    state.push(state.legal_moves()[0])
    assert state.phase is Phase.WALL
    mine, theirs = remaining(state, RED), remaining(state, BLUE)
    action = GreedyBot().choose(state)
    assert isinstance(action, PlaceWall)
    state.push(action)
    assert remaining(state, BLUE) > theirs and remaining(state, RED) <= mine


def test_expectimax_bot_stomps_the_leader_when_it_can() -> None:
    state = position(roll=2, at={RED: (2, 3), BLUE: (2, 5)}, reached={BLUE: True})
    action = ExpectimaxBot().choose(state)
    assert isinstance(action, MovePiece) and tuple(action.destination) == (2, 5)


def test_bots_pass_or_place_only_legal_walls() -> None:
    state = position(roll=1, at={RED: (4, 2)}, walls=(Wall("h", 3, 5, 3),))
    state.push(state.legal_moves()[0])
    for bot in (GreedyBot(), ExpectimaxBot()):
        action = bot.choose(state.copy())
        assert isinstance(action, Pass) or state.wall_problem(action.wall) is None  # type: ignore[union-attr]


def test_expectimax_beats_greedy_in_most_seeded_games() -> None:
    """Two-player games on fixed seeds, seats alternating so neither side always starts first."""
    search_wins = 0
    for seed in DUEL_SEEDS:
        bots: list[Bot] = [make_bot("expectimax"), make_bot("greedy")]
        if seed % 2:
            bots.reverse()
        state = play(seed, bots)
        assert state.is_over()
        winner = state.outcome()
        assert winner is not None
        search_wins += bots[winner.winner].name == "expectimax"
    assert search_wins > len(DUEL_SEEDS) // 2, f"expectimax won only {search_wins}"


def test_four_computer_players_finish_a_game() -> None:
    state = play(3, [make_bot("expectimax"), make_bot("greedy")] * 2)
    assert state.is_over() and state.wall_total() == 60
