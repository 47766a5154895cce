"""The hard computer's search: legal, deterministic, and its cheaper wall scores exact."""

from __future__ import annotations

from collections.abc import Iterator

from stonewall_helpers import BLUE, RED, play_random, position

from games.core.rng import Chance
from games.stonewall.bots import (
    Bot,
    ExpectimaxBot,
    GreedyBot,
    LookaheadBot,
    _best_change,
    _best_wall,
    path_edges,
    remaining,
    wall_score,
)
from games.stonewall.rules import Action, ChangeWall, Pass, Phase, PlaceWall, State
from tests.dice_helpers import play_on

SEEDS = range(3)


def positions(players: int, seeds: range = SEEDS, every: int = 3) -> Iterator[State]:
    """Decision points of seeded games between greedy computers (every ``every``-th one),
    walls and wall changes included."""
    for seed in seeds:
        state = State(players)
        play_random(state, seed, 6)  # a different opening per seed
        bot, chance = GreedyBot(seed), Chance(seed)
        for count in range(2000):
            if state.is_over():
                break
            if state.is_chance():
                state.roll_with(chance)
                continue
            if count % every == 0:
                yield state.copy()
            state.push(bot.choose(state.copy()))


def reference_wall(state: State, targets: list[int]) -> Action:
    """The wall search as it was: every wall cutting a target's path scored by searching
    every watched player's distance again."""
    me = state.current
    base = {p: remaining(state, p) for p in [me, *targets]}
    near = set().union(*(path_edges(state, q) for q in targets))
    best: tuple[float, Action] = (0.0, Pass())
    for wall in state.legal_wall_placements():
        if not near.intersection(state.board.wall_edges(wall)):
            continue
        with state.trying_walls(add=wall):
            score = wall_score(state, me, targets, base)
        if score > best[0] + 1e-9:
            best = (score, PlaceWall(wall))
    return best[1]


def reference_change(state: State, targets: list[int]) -> Action:
    me = state.current
    base = {p: remaining(state, p) for p in [me, *targets]}
    near = set().union(*(path_edges(state, q) for q in targets))
    options: list[ChangeWall] = []
    for old in state.placed:
        options.append(ChangeWall(old, None))
        moved = [w for w in state.legal_wall_placements([old.length], ignore=old)
                 if w != old and near.intersection(state.board.wall_edges(w))]
        options.extend(ChangeWall(old, w) for w in moved[:40])
    best: tuple[float, Action] | None = None
    for option in options:
        with state.trying_walls(add=option.new, remove=option.old):
            score = wall_score(state, me, targets, base)
        if best is None or score > best[0] + 1e-9:
            best = (score, option)
    assert best is not None
    return best[1]


def test_the_cheaper_wall_search_chooses_as_the_full_one_did() -> None:
    """Only the players whose shortest path a wall cuts are searched again: the same walls
    and wall changes as searching everyone's distance for every wall."""
    walls = changes = 0
    for state in positions(4, range(2), every=1):
        targets = [q for q in range(state.players) if q != state.current]
        if state.phase is Phase.WALL:
            walls += 1
            assert _best_wall(state, targets) == reference_wall(state, targets)
        elif state.phase is Phase.CHANGE:
            changes += 1
            assert _best_change(state, targets) == reference_change(state, targets)
    assert walls > 30 and changes > 0


def test_hard_plays_a_legal_action_in_every_position() -> None:
    for players in (2, 4):
        for state in positions(players, range(2), every=4):
            action = ExpectimaxBot(7).choose(state.copy())
            state.push(action)  # refused if illegal


def test_hard_chooses_the_same_action_twice() -> None:
    for state in positions(2, range(2)):
        first = ExpectimaxBot(3).choose(state.copy())
        assert ExpectimaxBot(3).choose(state.copy()) == first
        bot = ExpectimaxBot(3)
        assert bot.choose(state.copy()) == bot.choose(state.copy()) == first


def test_the_deeper_search_tried_finishes_games_against_hard() -> None:
    """LookaheadBot (tried for hard, not kept: scripts/hard_duel.py) still plays whole games."""
    bots: list[Bot] = [LookaheadBot(1), ExpectimaxBot(2)]
    state = play_on(State(2), Chance(5), lambda now: bots[now.current].choose(now.copy()), 4000)
    assert state.is_over()


def stomp_rolls(state: State, player: int, victim: int) -> int:
    """How many of ``player``'s six rolls end on ``victim``'s square (as the pieces stand)."""
    square = state.positions[victim]
    return sum(1 for roll in range(1, 7)
               if any(path[-1] == square for path, _ in state.walks(roll, player)))


def test_the_deeper_search_tried_takes_the_four_that_brings_a_stomp_in_reach() -> None:
    """A four earns another turn. Red's fours from I6 all leave it 9 steps from home: hard
    values them alike (the extra turn a fixed bonus) and takes one from which no roll reaches
    blue; LookaheadBot searches its next roll and takes one from which two rolls stomp blue,
    10 steps from home."""
    state = position(2, roll=4, at={RED: (8, 5), BLUE: (4, 6)}, reached={RED: True, BLUE: True})
    deeper = LookaheadBot()
    deeper.wall_beam = 0
    chosen = {}
    for name, bot in (("hard", ExpectimaxBot()), ("deeper", deeper)):
        after = state.copy()
        after.push(bot.choose(state.copy()))
        assert after.positions[BLUE] == state.positions[BLUE]  # no stomp now
        chosen[name] = (remaining(after, RED), stomp_rolls(after, RED, BLUE))
    assert chosen == {"hard": (9, 0), "deeper": (9, 2)}
