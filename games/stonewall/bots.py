"""Computer opponents for Stonewall. Pure Python, like the rules.

Three strengths (games/core/skill.py), each choosing an action for the current (non-chance) phase
of a :class:`~games.stonewall.rules.State`: *easy* is :class:`EasyBot`, *normal*
:class:`GreedyBot`, *hard* :class:`ExpectimaxBot` (the old names ``greedy`` and ``expectimax``
still choose them):

* :class:`EasyBot` plays greedy's move half the time and any legal move the other half, and
  places a wall only half the time greedy would (a first game); its luck is its own, seeded
  (:mod:`games.turnkit.bot_luck`).
* :class:`GreedyBot` races: it moves to where its own remaining path (to its Change-a-Wall
  corner, then home) is shortest, and places the wall that lengthens the leader's path most
  without lengthening its own (it passes if no wall helps). A wall change removes or moves the
  wall that helps it most.
* :class:`ExpectimaxBot` searches one move and one chance node deeper: for each of its moves it
  takes the expectation over the next player's six possible rolls, assuming that player then
  makes its best reply (including stomping this bot), and scores the position as "the nearest
  opponent's remaining path minus mine", plus the value of extra turns earned. Walls are scored
  the same way against every opponent. So it values stomps and avoids standing where it is
  likely to be stomped, which the greedy bot does not.
* :class:`LookaheadBot` (not a strength) searches deeper still: its own next roll after a move
  that earns another turn, and its next wall after this one. Tried for *hard* and not kept: it
  plays no better (scripts/hard_duel.py, docs/computers.md).

A wall is scored by searching again only the legs of the players' paths (to the Change-a-Wall
corner, then home) that it cuts, each search stopping at the leg's end (a wall that misses
every edge of a leg's shortest way leaves its length as it was): the same walls as searching
every player's whole distance for every wall, in under half the time.
Distances come from breadth-first searches over the square graph (arrows respected), so walls
and one-way corners count exactly as the rules do.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from games.core.skill import bot_names
from games.stonewall.board import Wall
from games.stonewall.rules import (
    EXTRA_TURN_ROLL,
    Action,
    ChangeWall,
    MovePiece,
    NoMove,
    Pass,
    Phase,
    PlaceWall,
    Roll,
    State,
)
from games.turnkit.bot_luck import BLUNDER_SHARE, decision_luck

UNREACHABLE = 10_000
EXTRA_TURN_VALUE = 3.0  # about one average roll of progress
FOLLOW_WEIGHT = 0.5  # LookaheadBot: the weight of its next wall's score after this one
WIN_VALUE = 1000.0  # a win, in an expectation over rolls (far above any race's difference)
MAX_WALL_CHANGES = 40  # moved-wall candidates tried per placed wall (closest to the target)


class Bot:
    """A computer player: :meth:`choose` one action for the state's current phase."""

    name = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed  # its own luck (games.turnkit.bot_luck), for the easy bot's blunders

    def choose(self, state: State) -> Action:
        if state.phase is Phase.MOVE:
            return self.choose_move(state)
        if state.phase is Phase.WALL:
            return self.choose_wall(state)
        if state.phase is Phase.CHANGE:
            return self.choose_change(state)
        raise ValueError(f"a bot cannot act in phase {state.phase.value}")

    def choose_move(self, state: State) -> Action:
        raise NotImplementedError

    def choose_wall(self, state: State) -> Action:
        return _best_wall(state, self.wall_targets(state))

    def choose_change(self, state: State) -> Action:
        return _best_change(state, self.wall_targets(state))

    def wall_targets(self, state: State) -> list[int]:
        """The opponents whose paths this bot's walls aim to lengthen."""
        raise NotImplementedError


# --- distances ----------------------------------------------------------------------------
def distances_to(state: State, target: int) -> list[int]:
    """Fewest steps from every square to ``target`` (UNREACHABLE where none)."""
    rarcs, blocked = state.geo.rarcs, state.blocked
    dist = [UNREACHABLE] * state.board.square_count
    dist[target] = 0
    frontier = [target]
    while frontier:
        nxt_frontier = []
        for square in frontier:
            d = dist[square] + 1
            for prev, edge in rarcs[square]:
                if not blocked[edge] and dist[prev] == UNREACHABLE:
                    dist[prev] = d
                    nxt_frontier.append(prev)
        frontier = nxt_frontier
    return dist


@dataclass
class Race:
    """Per-player distance fields for the current walls: remaining path from any square."""

    to_far: list[int]
    to_home: list[int]
    far_to_home: int

    def remaining(self, square: int, reached_far: bool) -> int:
        if reached_far:
            return self.to_home[square]
        return self.to_far[square] + self.far_to_home


def race(state: State, player: int) -> Race:
    to_far = distances_to(state, state.far_corner(player))
    to_home = distances_to(state, state.home(player))
    return Race(to_far, to_home, to_home[state.far_corner(player)])


def remaining(state: State, player: int) -> int:
    """Steps the player still needs (Change-a-Wall corner, then home)."""
    pos = state.positions[player]
    if state.reached_far[player]:
        return bfs_target(state, pos, state.home(player))
    far = state.far_corner(player)
    return bfs_target(state, pos, far) + bfs_target(state, far, state.home(player))


def bfs_target(state: State, start: int, target: int) -> int:
    dist = state.distances_from(start)[target]
    return dist if dist >= 0 else UNREACHABLE


def opponents(state: State, player: int) -> list[int]:
    return [q for q in range(state.players) if q != player]


def leader(state: State, player: int) -> int:
    """The opponent nearest to winning."""
    return min(opponents(state, player), key=lambda q: remaining(state, q))


# --- walls --------------------------------------------------------------------------------
def path_edges(state: State, player: int) -> set[int]:
    """The edges of one shortest remaining path of ``player`` (only walls there can slow it)."""
    return set().union(*(edges for _, _, _, edges in _legs(state, player)))


Leg = tuple[int, int, int, set[int]]  # start, target, steps, the edges of one shortest path


def _legs(state: State, player: int) -> list[Leg]:
    """The player's remaining path in legs (to the Change-a-Wall corner, then home; or home),
    each with its length and the edges of one shortest way."""
    pos = state.positions[player]
    ends = [(pos, state.home(player))] if state.reached_far[player] else [
        (pos, state.far_corner(player)), (state.far_corner(player), state.home(player))
    ]
    legs: list[Leg] = []
    for start, target in ends:
        dist = distances_to(state, target)
        edges: set[int] = set()
        here = start
        while here != target and dist[here] < UNREACHABLE:
            for nxt, edge, _ in state.geo.arcs[here]:
                if not state.blocked[edge] and dist[nxt] == dist[here] - 1:
                    edges.add(edge)
                    here = nxt
                    break
            else:
                break
        legs.append((start, target, dist[start], edges))
    return legs


def _steps(state: State, start: int, target: int) -> int:
    """Fewest steps from ``start`` to ``target`` (a search that stops on finding it)."""
    if start == target:
        return 0
    steps, blocked = state.geo.steps, state.blocked
    seen = bytearray(len(steps))
    seen[start] = 1
    frontier, d = [start], 0
    while frontier:
        d += 1
        ahead = []
        for square in frontier:
            for nxt, edge in steps[square]:
                if not blocked[edge] and not seen[nxt]:
                    if nxt == target:
                        return d
                    seen[nxt] = 1
                    ahead.append(nxt)
        frontier = ahead
    return UNREACHABLE


def wall_score(state: State, me: int, targets: Iterable[int], base: dict[int, int]) -> float:
    """How much the walls as they stand now help ``me`` compared with ``base`` distances."""
    mine = remaining(state, me) - base[me]
    theirs = [remaining(state, q) - base[q] for q in targets]
    return (min(theirs) if theirs else 0) - mine + 0.1 * sum(theirs)


def _score(after: dict[int, int], me: int, targets: list[int], base: dict[int, int]) -> float:
    """:func:`wall_score` from the players' distances ``after`` the walls changed."""
    theirs = [after[q] - base[q] for q in targets]
    return (min(theirs) if theirs else 0) - (after[me] - base[me]) + 0.1 * sum(theirs)


def _distances_with(
    state: State, wall: Wall, players: list[int], paths: dict[int, list[Leg]],
    base: dict[int, int],
) -> dict[int, int]:
    """Every player's remaining distance with ``wall`` placed as well. Exact and cheap: a wall
    that blocks none of the edges of a shortest way (``paths``: each player's legs) leaves that
    leg's length as it was (walls only ever take steps away), so only the legs it cuts are
    searched again, each until the search reaches the leg's end."""
    edges = state.board.wall_edges(wall)
    cut = [(p, leg) for p in players for leg in paths[p] if not leg[3].isdisjoint(edges)]
    if not cut:
        return base
    after = dict(base)
    with state.trying_walls(add=wall):
        for p, (start, target, steps, _) in cut:
            after[p] += _steps(state, start, target) - steps
    return after


def _wall_scores(
    state: State, targets: list[int], me: int | None = None, lengths: list[int] | None = None
) -> list[tuple[float, Wall]]:
    """Every legal wall that cuts a target's path, with its score for ``me`` (default: the
    current player, from their stock; else walls of ``lengths``)."""
    me = state.current if me is None else me
    watched = [me, *targets]
    paths = {p: _legs(state, p) for p in watched}
    base = {p: sum(leg[2] for leg in paths[p]) for p in watched}
    near = set().union(*(leg[3] for q in targets for leg in paths[q]))
    wall_edges = state.board.wall_edges
    return [
        (_score(_distances_with(state, wall, watched, paths, base), me, targets, base), wall)
        for wall in state.legal_wall_placements(lengths)
        if not near.isdisjoint(wall_edges(wall))
    ]


def _best_wall(state: State, targets: list[int]) -> Action:
    me = state.current
    watched = [me, *targets]
    paths = {p: _legs(state, p) for p in watched}
    base = {p: sum(leg[2] for leg in paths[p]) for p in watched}
    near = set().union(*(leg[3] for q in targets for leg in paths[q]))
    best: tuple[float, Action] = (0.0, Pass())
    wall_edges = state.board.wall_edges
    for wall in state.legal_wall_placements():
        edges = wall_edges(wall)
        if near.isdisjoint(edges):
            continue
        score = _score(_distances_with(state, wall, watched, paths, base), me, targets, base)
        if score > best[0] + 1e-9:
            best = (score, PlaceWall(wall))
    return best[1]


def _best_change(state: State, targets: list[int], limit: int | None = MAX_WALL_CHANGES) -> Action:
    """The best wall change: each placed wall removed, or moved to one of the (``limit``
    closest, or all) positions that cut a target's path."""
    me = state.current
    watched = [me, *targets]
    base = {p: remaining(state, p) for p in watched}
    near = set().union(*(path_edges(state, q) for q in targets)) if targets else set()
    wall_edges = state.board.wall_edges
    best: tuple[float, Action] | None = None
    for old in list(state.placed):
        with state.trying_walls(remove=old):  # distances with the old wall gone
            paths = {p: _legs(state, p) for p in watched}
            gone = {p: sum(leg[2] for leg in paths[p]) for p in watched}
        options: list[tuple[dict[int, int], ChangeWall]] = [(gone, ChangeWall(old, None))]
        moved = [
            w for w in state.legal_wall_placements([old.length], ignore=old)
            if w != old and not near.isdisjoint(wall_edges(w))
        ]
        with state.trying_walls(remove=old):
            for w in moved if limit is None else moved[:limit]:
                options.append((_distances_with(state, w, watched, paths, gone),
                                ChangeWall(old, w)))
        for after, option in options:
            score = _score(after, me, targets, base)
            if best is None or score > best[0] + 1e-9:
                best = (score, option)
    assert best is not None, "a change phase always has a placed wall"
    return best[1]


# --- the bots -----------------------------------------------------------------------------
class GreedyBot(Bot):
    """Race along your shortest path; wall the leader's."""

    name = "greedy"

    def choose_move(self, state: State) -> Action:
        me = state.current
        mine = race(state, me)
        best: tuple[tuple[float, ...], Action] | None = None
        for move, dest, reached in _moves(state):
            stomps = sum(1 for q in opponents(state, me) if state.positions[q] == dest)
            key = (-mine.remaining(dest, reached), stomps)
            if best is None or key > best[0]:
                best = (key, move)
        return best[1] if best else NoMove()

    def wall_targets(self, state: State) -> list[int]:
        return [leader(state, state.current)]


class EasyBot(GreedyBot):
    """Greedy, with blunders: a random legal move or no wall, each
    :data:`~games.turnkit.bot_luck.BLUNDER_SHARE` of the time."""

    name = "easy"
    blunder_share = BLUNDER_SHARE

    def choose_move(self, state: State) -> Action:
        luck = decision_luck(self.seed, state)
        if luck.random() < self.blunder_share:
            moves = state.legal_moves()
            return moves[luck.randrange(len(moves))] if moves else NoMove()
        return super().choose_move(state)

    def choose_wall(self, state: State) -> Action:
        if decision_luck(self.seed, state).random() < self.blunder_share:
            return Pass()
        return super().choose_wall(state)


class ExpectimaxBot(Bot):
    """One move, then a chance node over the next player's roll and their best reply."""

    name = "expectimax"

    def choose_move(self, state: State) -> Action:
        moves = _moves(state)
        if not moves:
            return NoMove()
        return _best(self._values(state, [(dest, reached) for _, dest, reached in moves]), moves)

    def _values(
        self, state: State, ends: list[tuple[int, bool]], races: dict[int, Race] | None = None
    ) -> list[float]:
        """The value of each move's end (its square, and whether the far corner is reached by
        then): the expectation over the next player's roll and best reply (``races``: the
        distance fields, when the caller has them for these walls)."""
        me = state.current
        if races is None:
            races = {p: race(state, p) for p in range(state.players)}
        rem = {p: races[p].remaining(state.positions[p], state.reached_far[p]) for p in races}
        nxt = (me + 1) % state.players
        replies = self._reply_table(state, nxt, races[nxt])
        return [self._value(state, me, dest, reached, races, rem, nxt, replies)
                for dest, reached in ends]

    def _value(
        self,
        state: State,
        me: int,
        dest: int,
        reached: bool,
        races: dict[int, Race],
        rem: dict[int, int],
        nxt: int,
        replies: list[tuple[int, set[int]]],
    ) -> float:
        if reached and dest == state.home(me):
            return float("inf")
        after = dict(rem)
        after[me] = races[me].remaining(dest, reached)
        for q in opponents(state, me):
            if state.positions[q] == dest:  # stomp
                after[q] = races[q].remaining(state.home(q), False)
        roll_again = state.board.index(state.board.roll_again)
        extra = (state.roll == EXTRA_TURN_ROLL) + (dest == roll_again)
        if extra:
            return _eval(after, me) + EXTRA_TURN_VALUE * extra
        stomped = races[me].remaining(state.home(me), False)
        total = 0.0
        for best_rem, reachable in replies:
            outcome = dict(after)
            if dest in reachable and dest != state.home(me):
                # stomping us is worth it to them if it costs them little progress
                their_rem = races[nxt].remaining(dest, state.reached_far[nxt])
                if _eval({**outcome, me: stomped, nxt: their_rem}, nxt) >= _eval(
                    {**outcome, nxt: best_rem}, nxt
                ):
                    outcome[me], outcome[nxt] = stomped, their_rem
                    total += _eval(outcome, me)
                    continue
            outcome[nxt] = best_rem
            total += _eval(outcome, me)
        return total / len(replies)

    def _reply_table(self, state: State, player: int, their: Race) -> list[tuple[int, set[int]]]:
        """For each roll 1-6: the player's best remaining distance and the squares reachable."""
        table = []
        reached_now = state.reached_far[player]
        for roll in range(1, 7):
            best, squares = their.remaining(state.positions[player], reached_now), set()
            for path, triggered in state.walks(roll, player):
                dest = path[-1]
                squares.add(dest)
                best = min(best, their.remaining(dest, reached_now or triggered))
            table.append((best, squares))
        return table

    def wall_targets(self, state: State) -> list[int]:
        return opponents(state, state.current)


class LookaheadBot(ExpectimaxBot):
    """A deeper search, tried for *hard* and not kept: it won 50.0 % (45.1-54.9 %) of 400
    games against :class:`ExpectimaxBot`, and with :attr:`wall_beam` 0 (the extra turn's
    search alone) 410 of 800 (docs/computers.md; ``python scripts/hard_duel.py --only
    stonewall``). Not a strength; kept to measure against.

    :class:`ExpectimaxBot`'s search, and where a move earns another turn (a four, or
    ending on Roll Again) a chance node deeper: instead of a fixed bonus for the extra turn,
    the expectation over this bot's own next roll of its best next move, each valued by the
    shallow search (the next player's roll and best reply). So of two squares a four can reach
    it takes the one its next roll plays best from: nearer the corner, a stomp in reach, out
    of the next player's reach after the second move. Only the :attr:`extra_beam` moves the
    shallow search values most are searched deeper (a fixed budget: the same choice every
    time). Its walls look a ply deeper too (:meth:`choose_wall`)."""

    name = "lookahead"
    extra_beam = 6  # moves searched deeper per decision (the best by the shallow value)
    wall_beam = 4  # walls searched a ply deeper per decision (the best by their score)

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        # the next player's reply tables of the decision being made, by where they stand
        # and the walls
        self._replies: dict[tuple[Any, ...], list[tuple[int, set[int]]]] = {}

    def choose_move(self, state: State) -> Action:
        self._replies = {}
        moves = _moves(state)
        if not moves:
            return NoMove()
        races = {p: race(state, p) for p in range(state.players)}
        values = self._values(state, [(dest, reached) for _, dest, reached in moves], races)
        me = state.current
        roll_again = state.board.index(state.board.roll_again)
        again = [
            i for i, (_, dest, reached) in enumerate(moves)
            if (state.roll == EXTRA_TURN_ROLL or dest == roll_again)
            and not (reached and dest == state.home(me))
        ]
        if again:
            again.sort(key=lambda i: -values[i])
            deeper = {i: self._again(state, moves[i][0], races) for i in again[:self.extra_beam]}
            searched = {i: v for i, v in deeper.items() if v is not None}
            if searched:
                # the moves without another turn keep the shallow value; those searched
                # deeper replace theirs; the rest of the moves with another turn (past the
                # beam) are ranked below the worst searched
                floor = min(searched.values())
                for i in again:
                    values[i] = searched.get(i, min(values[i], floor - 1e-6))
        return _best(values, moves)

    def choose_wall(self, state: State) -> Action:
        """A ply deeper than the shallow search's wall: each of the :attr:`wall_beam` best
        walls (and passing) is worth its score plus :data:`FOLLOW_WEIGHT` of the best score
        this bot's next wall would have after it, so it finds two walls that together shut a
        corridor where each alone gains little (the other player's moves meanwhile are not
        searched: hence the weight)."""
        if not self.wall_beam:
            return super().choose_wall(state)
        me = state.current
        targets = self.wall_targets(state)
        scored = _wall_scores(state, targets)
        scored.sort(key=lambda entry: -entry[0])
        stock = state.stocks[me]
        best_now = max((score for score, _ in scored), default=0.0)
        best: tuple[float, Action] = (FOLLOW_WEIGHT * max(best_now, 0.0), Pass())
        for score, wall in scored[:self.wall_beam]:
            if score < 0:
                break
            left = list(stock)
            left[wall.length - 1] -= 1
            lengths = [i + 1 for i, count in enumerate(left) if count > 0]
            state.push(PlaceWall(wall))
            try:
                follow = max((s for s, _ in _wall_scores(state, targets, me, lengths)),
                             default=0.0)
            finally:
                state.pop()
            value = score + FOLLOW_WEIGHT * max(follow, 0.0)
            if value > best[0] + 1e-9:
                best = (value, PlaceWall(wall))
        return best[1]

    def _reply_table(self, state: State, player: int, their: Race) -> list[tuple[int, set[int]]]:
        """The shallow search's reply table, once per decision for each square the player
        stands on and each layout of walls."""
        key = (player, state.positions[player], state.reached_far[player], tuple(state.placed))
        table = self._replies.get(key)
        if table is None:
            table = self._replies[key] = super()._reply_table(state, player, their)
        return table

    def _again(
        self, state: State, move: MovePiece, races: dict[int, Race]
    ) -> float | None:
        """The expectation over this bot's next roll of its best move's shallow value after
        ``move`` (and no wall, or the wall change hard would make), or None where the move
        ends the game. A stomp moves pieces, not walls: the distance fields still hold."""
        state.push(move)
        try:
            if state.phase is Phase.WALL:
                state.push(Pass())
            elif state.phase is Phase.CHANGE:
                state.push(self.choose_change(state))
                races = {p: race(state, p) for p in range(state.players)}  # walls changed
            else:
                return None
            try:
                total = 0.0
                for roll in range(1, 7):
                    state.push(Roll(roll))
                    try:
                        me = state.current
                        ends = [(dest, reached) for _, dest, reached in _moves(state)] or [
                            (state.positions[me], state.reached_far[me])]
                        total += min(max(self._values(state, ends, races)), WIN_VALUE)
                    finally:
                        state.pop()
                return total / 6
            finally:
                state.pop()
        finally:
            state.pop()


def _best(values: list[float], moves: list[tuple[MovePiece, int, bool]]) -> Action:
    """The first move of the highest value (a later one only when better by more than 1e-9)."""
    best = 0
    for i in range(1, len(values)):
        if values[i] > values[best] + 1e-9:
            best = i
    return moves[best][0]


def _eval(rem: dict[int, int], me: int) -> float:
    others = [r for p, r in rem.items() if p != me]
    return min(others) - rem[me] + 0.1 * sum(others)


def _moves(state: State) -> list[tuple[MovePiece, int, bool]]:
    """Legal moves with destination index and whether the far corner has been reached."""
    me = state.current
    out = []
    for move in state.legal_moves():
        dest = state.board.index(move.destination)
        far = state.far_corner(me)
        reached = state.reached_far[me] or any(state.board.index(sq) == far for sq in move.path)
        out.append((move, dest, reached))
    return out


class NoviceBot(EasyBot):
    """A scripted newcomer for the ladder's measurements (not a strength): any legal turn."""

    name = "novice"
    blunder_share = 1.0


BOTS: dict[str, type[Bot]] = bot_names(EasyBot, GreedyBot, ExpectimaxBot, NoviceBot)
STRENGTHS: dict[str, type[Bot]] = {word: BOTS[word] for word in ("easy", "normal", "hard")}


def make_bot(name: str, seed: int = 0) -> Bot:
    """The bot for a strength (easy / normal / hard) or an old name, with its seeded luck."""
    try:
        return BOTS[name](seed)
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; allowed: {', '.join(BOTS)}") from None


