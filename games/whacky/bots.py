"""Computer players for Whacky Wit, for either side. Pure Python, like the rules.

Each bot chooses an action for the current decision node of a
:class:`~games.whacky.rules.State` (Whacky's move, or the chosen monster's move). Both sides
come in three strengths (games/core/skill.py): *easy* is :class:`EasyBot`, *normal*
:class:`GreedyBot`, *hard* :class:`ExpectimaxBot` (the old names ``greedy`` and ``expectimax``
still choose them):

* :class:`EasyBot` plays greedy's move half the time and any legal move the other half (a first
  game); its luck is its own, seeded (:mod:`games.turnkit.bot_luck`).
* :class:`GreedyBot`. Whacky takes the move that puts down the most dots (a power dot counts
  extra; when powered, each monster hunted on the way counts extra), ending near dots still
  up, and never runs into a monster unless that wins; of the moves within three dots of the
  most, he takes the one where the monsters' next roll is least likely to catch him (with
  monsters that catch by passing over him, a Whacky blind to them loses nearly every game).
  Monsters catch Whacky when the roll allows (passing over him or ending on him), otherwise
  they close in: the move that ends nearest to Whacky.
* :class:`ExpectimaxBot`. Whacky searches one chance node deeper: for each move it takes the
  expectation over the monsters' two dice (colour x number, their real probabilities) of the
  monsters' best reply, which is to catch him when the rolled monster can reach him (pass
  over him or end on him), and
  otherwise the position is scored as greedy scores it. A life is worth many dots, so it
  trades dots for safety. (The monsters' reply is computed exactly but fast: for every point
  and number the points a monster can end on are precomputed as bit masks.) Monsters catch
  when they can; otherwise, for each way, they take the expectation over Whacky's die of his
  best escape (the point his roll reaches where the monsters' next roll is least likely to
  catch him) and choose the way that leaves him the worst best escape, closeness breaking ties.
  They score his escapes from the walks' points, each walk's dots counted once per decision
  (the same choices as scoring every reply as a move, several times faster).
* :class:`DeeperBot` (not a strength): Whacky searches a chance node deeper, over his own next
  roll. Tried for *hard* (scripts/hard_duel.py, docs/computers.md).

The reach tables ignore the other pieces except where the rules make them matter (a monster
never ends on another monster, Whacky never passes a monster), which the bots check on the
moves they actually choose from (``state.legal_moves()``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.core.skill import bot_names
from games.turnkit.bot_luck import BLUNDER_SHARE, decision_luck
from games.whacky.board import Board, node_mask
from games.whacky.rules import (
    CAGE_LEAVE_MAX,
    MONSTERS,
    Move,
    Phase,
    Roll,
    State,
    UsePower,
    counted,
)

LIFE = 40.0  # dots a life is worth
POWER_DOT = 6.0  # extra for putting down a power dot (three rolls)
CAGED = 8.0  # sending a monster back to the cage
NEAR = 0.4  # per step to the nearest dot still up
DEFERRED = 0.25  # danger weight when Whacky rolls again before the monsters move
# The monsters' search: the life Whacky is assumed to weigh (a bolder Whacky than the
# expectimax one, so the monsters also hunt a careless one), and a pull towards him per step.
MODEL_LIFE = LIFE / 2
CLOSE = 0.3
ESCAPE = 0.5  # DeeperBot: weight of the risk left where his next roll cannot get him safe
SLACK = 3.0  # greedy Whacky: of the moves within this many dots of the most, the safest


@dataclass
class Tables:
    """Per-board lookups: distances, and where a walk of a given length can end."""

    board: Board
    dist: list[list[int]]
    monster_reach: dict[tuple[int, int], int] = field(default_factory=dict)
    monster_swept: dict[tuple[int, int], int] = field(default_factory=dict)
    whacky_reach: dict[tuple[int, int], int] = field(default_factory=dict)

    def monster_mask(self, node: int, steps: int) -> int:
        """Bit mask of points a monster on ``node`` can end on after exactly ``steps`` (other
        monsters ignored)."""
        key = (node, steps)
        mask = self.monster_reach.get(key)
        if mask is None:
            mask = self._monster_layers(node, steps)
            self.monster_reach[key] = mask
        return mask

    def monster_sweep(self, node: int, steps: int) -> int:
        """Bit mask of points a monster on ``node`` passes over or ends on in some walk of
        exactly ``steps`` (other monsters ignored): where that roll can catch Whacky."""
        key = (node, steps)
        mask = self.monster_swept.get(key)
        if mask is None:
            mask = self._monster_sweep(node, steps)
            self.monster_swept[key] = mask
        return mask

    def _monster_sweep(self, node: int, steps: int) -> int:
        board = self.board
        if steps <= 0 or (node == board.cage and steps > CAGE_LEAVE_MAX):
            return 0
        adjacency, handles = board.monster_adjacency, board.handles

        def onward(here: int, prev: int) -> list[int]:
            return [nxt for nxt in adjacency[here] if nxt != prev or here in handles]

        layers = [{(node, -1)}]
        for _ in range(steps):
            layers.append({(nxt, here) for here, prev in layers[-1] for nxt in onward(here, prev)})
        alive = layers[-1]  # walk back: keep the states some walk of ``steps`` goes through
        mask = 0
        for depth in range(steps, 0, -1):
            for here, _ in alive:
                mask |= 1 << here
            alive = {
                (here, prev) for here, prev in layers[depth - 1]
                if any((nxt, here) in alive for nxt in onward(here, prev))
            }
        return mask

    def _monster_layers(self, node: int, steps: int) -> int:
        board = self.board
        if node == board.cage and steps > CAGE_LEAVE_MAX:
            return 0
        adjacency, handles = board.monster_adjacency, board.handles
        layer = {(node, -1)}
        for _ in range(steps):
            layer = {
                (nxt, here)
                for here, prev in layer
                for nxt in adjacency[here]
                if nxt != prev or here in handles
            }
        return node_mask(here for here, _ in layer)

    def whacky_mask(self, node: int, steps: int) -> int:
        """Bit mask of points Whacky on ``node`` can end on after exactly ``steps``."""
        key = (node, steps)
        mask = self.whacky_reach.get(key)
        if mask is None:
            adjacency = self.board.whacky_adjacency
            layer = {node}
            for _ in range(steps):
                layer = {nxt for here in layer for nxt in adjacency[here]}
            mask = self.whacky_reach[key] = node_mask(layer)
        return mask


_TABLES: dict[int, Tables] = {}


def tables(board: Board) -> Tables:
    found = _TABLES.get(id(board))
    if found is None or found.board is not board:
        n = board.node_count  # the board's distance to a point Whacky cannot reach; ours: 2n
        dist = [[d if d < n else 2 * n for d in row] for row in board.whacky_distances]
        found = _TABLES[id(board)] = Tables(board, dist)
    return found


def danger_map(state: State, monsters: tuple[int, ...] | None = None) -> dict[int, float]:
    """Point -> chance that the monsters' next roll lets a monster pass over or end there."""
    board, t = state.board, tables(state.board)
    places = state.monsters if monsters is None else monsters
    danger: dict[int, float] = {}
    for m, pm in counted(board.colour_die):
        for value, pv in counted(board.monster_die):
            mask = t.monster_sweep(places[m], value)
            while mask:
                low = mask & -mask
                node = low.bit_length() - 1
                danger[node] = danger.get(node, 0.0) + pm * pv
                mask ^= low
    return danger


def nearest_up(state: State, node: int, up: int) -> int:
    """Steps from ``node`` to the nearest dot still up (0 if none)."""
    if not up:
        return 0
    row = tables(state.board).dist[node]
    best = 1 << 30
    mask = up
    while mask:
        low = mask & -mask
        d = row[low.bit_length() - 1]
        if d < best:
            best = d
        mask ^= low
    return best


class Bot:
    """A computer player for either side: :meth:`choose` a move for the current phase."""

    name = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed  # its own luck (games.turnkit.bot_luck), for the easy bot's blunders

    def choose(self, state: State) -> Move:
        moves = state.legal_moves()
        if not moves:
            raise ValueError(f"a bot cannot act in phase {state.phase.value}")
        if state.phase is Phase.WHACKY_MOVE:
            return self.choose_whacky(state, moves)
        return self.choose_monster(state, moves)

    def wants_power(self, state: State) -> bool:
        """Use a stored power now (accident rules)? When a monster is out of the cage."""
        return state.can_use_power() and any(p != state.board.cage for p in state.monsters)

    def choose_whacky(self, state: State, moves: list[Move]) -> Move:
        raise NotImplementedError

    def choose_monster(self, state: State, moves: list[Move]) -> Move:
        raise NotImplementedError


def whacky_base(state: State, move: Move, rolls_left: int) -> tuple[float, int, float]:
    """(greedy value, end point, weight of the catch chance there) of Whacky's move.

    The value counts the dots put down (a power dot extra), the monsters sent to the cage
    when powered, minus the steps to the nearest dot still up; a win (the last dot down,
    at once) is worth everything and a suicide two lives. The weight is 1 when the monsters
    move next, less when Whacky rolls again first (he can still run), 0 when the move ends
    the game."""
    board = state.board
    up = state.up
    gained = 0.0
    got_power = False
    end = state.whacky
    powered, ran_into, hunted = state.powered(), False, set()
    for label in move.path:
        node = board.node(label)
        assert node is not None
        end = node
        if up >> node & 1:
            gained += 1.0
            if node in board.power:
                gained += POWER_DOT
                got_power = True
            up &= ~(1 << node)
        monster = state.monster_at(node)
        if monster is not None and monster not in hunted:
            if powered:
                hunted.add(monster)
                gained += CAGED
            else:
                ran_into = True  # the last step of a legal move
        if not up:
            win = not ran_into or state.lives > 1
            return (10_000.0 if win else -10_000.0), end, 0.0
    if ran_into:
        return gained - 2 * LIFE, end, 0.0
    gained -= NEAR * nearest_up(state, end, up)
    rolls_after = POWER_ROLLS_AFTER if got_power else rolls_left - 1
    return gained, end, (1.0 if rolls_after == 0 else DEFERRED / rolls_after)


POWER_ROLLS_AFTER = 3


class GreedyBot(Bot):
    name = "greedy"

    def choose_whacky(self, state: State, moves: list[Move]) -> Move:
        scored = [(whacky_base(state, move, state.rolls_left), move) for move in moves]
        most = max(base for (base, _, _), _ in scored)
        near = [entry for entry in scored if entry[0][0] >= most - SLACK]
        danger = danger_map(state)
        return min(near, key=lambda e: (e[0][2] * danger.get(e[0][1], 0.0), -e[0][0]))[1]

    def choose_monster(self, state: State, moves: list[Move]) -> Move:
        for move in moves:
            if state.catches(move):
                return move
        row = tables(state.board).dist[state.whacky]
        return min(moves, key=lambda move: row[state.board.node(move.destination) or 0])


class EasyBot(GreedyBot):
    """Greedy, or now and then any legal move: the monsters
    :data:`~games.turnkit.bot_luck.BLUNDER_SHARE` of the time, Whacky less often
    (:attr:`whacky_blunder_share`): a random Whacky move runs into a monster so often that at
    the monsters' share two easy computers left Whacky a quarter of the games (59 of 80 to the
    monsters; at 0.3, 40 of 80)."""

    name = "easy"
    blunder_share = BLUNDER_SHARE
    whacky_blunder_share = 0.3

    def choose(self, state: State) -> Move:
        luck = decision_luck(self.seed, state)
        share = self.whacky_blunder_share if state.phase is Phase.WHACKY_MOVE else (
            self.blunder_share)
        if luck.random() < share:
            moves = state.legal_moves()
            if moves:
                return moves[luck.randrange(len(moves))]
        return super().choose(state)


class ExpectimaxBot(Bot):
    """*hard*: Whacky weighs each move against the monsters' roll (a chance node); the
    monsters weigh each move against Whacky's roll and best escape. The monsters score his
    escapes from the walks' points directly, each walk's dots counted once per decision."""

    name = "expectimax"

    def choose_whacky(self, state: State, moves: list[Move]) -> Move:
        cache: dict[int, float] = {}
        monsters = state.monsters

        def danger(node: int) -> float:
            # the monsters' reply: catch him on ``node`` when the rolled monster can reach it
            found = cache.get(node)
            if found is None:
                found = 0.0
                t, board = tables(state.board), state.board
                for m, pm in counted(board.colour_die):
                    for value, pv in counted(board.monster_die):
                        if t.monster_sweep(monsters[m], value) >> node & 1:
                            found += pm * pv
                cache[node] = found
            return found

        def value(move: Move) -> float:
            base, end, weight = whacky_base(state, move, state.rolls_left)
            return base - LIFE * weight * danger(end) if weight else base

        return max(moves, key=value)

    def choose_monster(self, state: State, moves: list[Move]) -> Move:
        for move in moves:
            if state.catches(move):
                return move
        board = state.board
        cage = board.cage
        rolls = counted(board.whacky_die)
        row = tables(board).dist[state.whacky]
        chosen = state.chosen or 0
        whacky, lives = state.whacky, state.lives
        walked: dict[tuple[int, ...], tuple[float, bool, int, int]] = {}
        nearest: dict[tuple[int, int], int] = {}

        def near(node: int, up: int) -> int:
            key = (node, up)
            found = nearest.get(key)
            if found is None:
                found = nearest[key] = nearest_up(state, node, up)
            return found

        def walk(path: tuple[int, ...]) -> tuple[float, bool, int, int]:
            """(dots gained, a power dot among them, where the last dot went down: 0 nowhere,
            1 before the walk's last point, where he stops, 2 on it; the dots up after) of an
            unpowered walk (it meets a monster only on its last point)."""
            found = walked.get(path)
            if found is None:
                up, gained, got_power, done = state.up, 0.0, False, 0
                for step, node in enumerate(path, start=1):
                    if up >> node & 1:
                        gained += 1.0
                        if node in board.power:
                            gained += POWER_DOT
                            got_power = True
                        up &= ~(1 << node)
                    if not up:
                        done = 2 if step == len(path) else 1
                        break
                found = walked[path] = (gained, got_power, done, up)
            return found

        def value(move: Move) -> float:
            """Whacky's expected best score after this move (the monsters minimise it): his
            real moves for each roll with the monster moved (it may now block his way)."""
            end = board.node(move.destination)
            assert end is not None
            after = state.copy()
            places = list(state.monsters)
            places[chosen] = end
            after.monsters = tuple(places)
            after.rolls_left, after.power = 1, 0
            standing = {place for place in places if place != cage}
            danger = danger_map(after)
            stay = -NEAR * near(whacky, after.up) - MODEL_LIFE * danger.get(whacky, 0.0)
            expected = 0.0
            for roll, p in rolls:
                best = -1e9
                for path in after.whacky_walks(whacky, roll).values():
                    gained, got_power, done, up = walk(path)
                    last = path[-1]
                    ran_into = last in standing
                    if done:
                        v = 10_000.0 if done == 1 or not ran_into or lives > 1 else -10_000.0
                    elif ran_into:
                        v = gained - 2 * LIFE
                    else:
                        v = gained - NEAR * near(last, up)
                        v -= MODEL_LIFE * (DEFERRED / POWER_ROLLS_AFTER if got_power else 1.0) \
                            * danger.get(last, 0.0)
                    if v > best:
                        best = v
                expected += p * (best if best > -1e9 else stay)
            return expected + CLOSE * row[end]

        return min(moves, key=value)


class DeeperBot(ExpectimaxBot):
    """A deeper search for Whacky, tried for *hard* and not kept: it won 51.5 % (46.6-56.4 %)
    of 400 games against :class:`ExpectimaxBot` (docs/computers.md; ``python
    scripts/hard_duel.py --only whacky``). Not a strength; its monsters are hard's.

    After the monsters' reply (caught, with the chance :class:`ExpectimaxBot` counts), his
    next roll: for each number, the point it lets him reach that the monsters' next roll is
    least likely to catch him on (the monsters as they stand). A point that is safe now but
    leaves no safe point within a roll (a dead end a monster is walking into) costs him
    :data:`ESCAPE` of that risk as well. When he rolls again before the monsters move (a new
    life, a power dot), the :attr:`again_beam` best moves are searched over that roll: the
    dots each puts down and the expectation of his best next move."""

    name = "deeper"
    escape_weight = ESCAPE
    again_beam = 6  # moves searched over his own next roll when he rolls again (the best)

    def choose_whacky(self, state: State, moves: list[Move]) -> Move:
        values = self._values(state, moves)
        if state.rolls_left > 1 and len(moves) > 1:
            # he rolls again before the monsters move: a chance node over that roll
            order = sorted(range(len(moves)), key=lambda i: -values[i])
            deeper = {}
            for i in order[:self.again_beam]:
                found = self._again(state, moves[i])
                if found is not None:
                    deeper[i] = found
            if deeper:
                floor = min(deeper.values())
                values = [deeper.get(i, min(v, floor - 1e-6)) for i, v in enumerate(values)]
        best = 0
        for i in range(1, len(values)):
            if values[i] > values[best]:
                best = i
        return moves[best]

    def _values(self, state: State, moves: list[Move]) -> list[float]:
        danger = danger_map(state)
        escapes: dict[int, float] = {}

        def value(move: Move) -> float:
            base, end, weight = whacky_base(state, move, state.rolls_left)
            if not weight:
                return base
            caught = danger.get(end, 0.0)
            left = _escape(state.board, end, danger, escapes)
            return base - LIFE * weight * (caught + self.escape_weight * (1.0 - caught) * left)

        return [value(move) for move in moves]

    def _again(self, state: State, move: Move) -> float | None:
        """The dots ``move`` puts down plus the expectation over his next roll of his best
        next move's value; None where the move ends his rolls (the shallow value stands)."""
        lives = state.lives
        gained = _gain(state, move)
        state.push(move)
        try:
            if state.phase is not Phase.WHACKY_ROLL or state.lives != lives:
                return None  # his rolls end (or his life: the shallow value counts it)
            total = 0.0
            for roll, p in counted(state.board.whacky_die):
                state.push(Roll(roll))
                try:
                    if state.phase is Phase.WHACKY_MOVE:
                        nexts = state.legal_moves()
                        total += p * max(self._values(state, nexts), default=0.0)
                    else:  # he cannot move that roll
                        total += p * self._stay(state)
                finally:
                    state.pop()
            return gained + total
        finally:
            state.pop()

    def _stay(self, state: State) -> float:
        danger = danger_map(state)
        return -NEAR * nearest_up(state, state.whacky, state.up) - LIFE * danger.get(
            state.whacky, 0.0)

def _gain(state: State, move: Move) -> float:
    """The dots Whacky's ``move`` puts down (a power dot extra) and the monsters it sends
    back to the cage (powered), as :func:`whacky_base` counts them."""
    board, up, gained, hunted = state.board, state.up, 0.0, set()
    powered = state.powered()
    for label in move.path:
        node = board.node(label)
        assert node is not None
        if up >> node & 1:
            gained += 1.0 + (POWER_DOT if node in board.power else 0.0)
            up &= ~(1 << node)
        monster = state.monster_at(node)
        if powered and monster is not None and monster not in hunted:
            hunted.add(monster)
            gained += CAGED
    return gained


def _escape(board: Board, node: int, danger: dict[int, float], cache: dict[int, float]) -> float:
    """Whacky's next roll from ``node``: the expected catch chance (``danger``) of the safest
    point each number reaches (the monsters as they stand, and not in his way)."""
    found = cache.get(node)
    if found is None:
        t = tables(board)
        found = 0.0
        for roll, p in counted(board.whacky_die):
            mask, least = t.whacky_mask(node, roll), 1.0
            while mask and least > 0.0:
                low = mask & -mask
                least = min(least, danger.get(low.bit_length() - 1, 0.0))
                mask ^= low
            found += p * least
        cache[node] = found
    return found


class NoviceBot(EasyBot):
    """A scripted newcomer for the ladder's measurements (not a strength): any legal turn."""

    name = "novice"
    blunder_share = 1.0
    whacky_blunder_share = 1.0


BOTS: dict[str, type[Bot]] = bot_names(EasyBot, GreedyBot, ExpectimaxBot, NoviceBot)
STRENGTHS: dict[str, type[Bot]] = {word: BOTS[word] for word in ("easy", "normal", "hard")}


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by strength (easy / normal / hard) or old name, with its seeded luck;
    ``ValueError`` naming the choices for an unknown one."""
    try:
        return BOTS[name](seed)
    except KeyError:
        raise ValueError(f"unknown Whacky Wit bot {name!r}; choose from "
                         f"{', '.join(BOTS)}") from None


def play(state: State, whacky: Bot, monsters: Bot, chance: object, limit: int = 5000) -> State:
    """Play ``state`` to the end with two bots and seeded dice (for benchmarks and tests)."""
    for _ in range(limit):
        if state.is_over():
            break
        if state.is_chance():
            bot = whacky if state.current != MONSTERS else monsters
            if bot.wants_power(state):
                state.push(UsePower())
            else:
                state.roll_with(chance)
        else:
            bot = whacky if state.current != MONSTERS else monsters
            state.push(bot.choose(state))
    return state
