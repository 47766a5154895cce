"""The hard computer's search: legal, deterministic, and the monsters' cheaper scoring exact."""

from __future__ import annotations

from collections.abc import Iterator

from games.core.rng import Chance
from games.whacky.bots import (
    CLOSE,
    MODEL_LIFE,
    NEAR,
    DeeperBot,
    ExpectimaxBot,
    GreedyBot,
    danger_map,
    nearest_up,
    tables,
    whacky_base,
)
from games.whacky.rules import Move, Phase, State, UsePower, counted

SEEDS = range(2)


def positions(seeds: range = SEEDS, every: int = 1) -> Iterator[State]:
    """Decision points of seeded games between greedy computers (every ``every``-th one)."""
    for seed in seeds:
        state, chance, bot = State(), Chance(seed), GreedyBot(seed)
        for count in range(3000):
            if state.is_over():
                break
            if state.is_chance():
                if bot.wants_power(state):
                    state.push(UsePower())
                else:
                    state.roll_with(chance)
                continue
            if count % every == 0:
                yield state.copy()
            state.push(bot.choose(state.copy()))


def reference_monster(state: State, moves: list[Move]) -> Move:
    """The monsters' search as it was: each of Whacky's replies scored through
    :func:`whacky_base` on its labels."""
    for move in moves:
        if state.catches(move):
            return move
    board = state.board
    row = tables(board).dist[state.whacky]
    chosen = state.chosen or 0

    def value(move: Move) -> float:
        end = board.node(move.destination)
        assert end is not None
        after = state.copy()
        places = list(state.monsters)
        places[chosen] = end
        after.monsters = tuple(places)
        after.rolls_left, after.power = 1, 0
        danger = danger_map(after)
        stay = (-NEAR * nearest_up(after, after.whacky, after.up)
                - MODEL_LIFE * danger.get(after.whacky, 0.0))
        expected = 0.0
        for roll, p in counted(board.whacky_die):
            best = -1e9
            for path in after.whacky_walks(after.whacky, roll).values():
                reply = Move("whacky", tuple(board.labels[n] for n in path))
                base, node, weight = whacky_base(after, reply, 1)
                best = max(best, base - MODEL_LIFE * weight * danger.get(node, 0.0))
            expected += p * (best if best > -1e9 else stay)
        return expected + CLOSE * row[end]

    return min(moves, key=value)


def test_the_monsters_cheaper_scoring_chooses_as_before() -> None:
    """Each of Whacky's walks scored from its points once per decision: the same monster
    moves as scoring every reply through whacky_base."""
    checked = 0
    for state in positions(range(2), every=2):
        if state.phase is Phase.MONSTER_MOVE and len(state.legal_moves()) > 1:
            checked += 1
            ours = ExpectimaxBot().choose(state.copy())
            assert ours.path == reference_monster(state.copy(), state.legal_moves()).path
    assert checked > 30


def test_hard_plays_a_legal_move_in_every_position() -> None:
    for bot in (ExpectimaxBot(5), DeeperBot(5)):
        for state in positions(range(1), every=3):
            state.push(bot.choose(state.copy()))  # refused if illegal


def test_hard_chooses_the_same_move_twice() -> None:
    for bot_class in (ExpectimaxBot, DeeperBot):
        for state in positions(range(1), every=7):
            first = bot_class(3).choose(state.copy())
            again = bot_class(3).choose(state.copy())
            assert again.path == first.path
