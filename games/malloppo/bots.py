"""Computer opponents for Dammi il malloppo. Pure Python, like the rules.

Both bots judge a position by material: a player's *worth* is their coins plus
:data:`HAND_VALUE` per hand still on the board (a hand is a mover and a threat; a one-coin hand
is one steal from leaving), and a position's value for a player is their worth minus the
average worth of their opponents (the out ones count as zero), ±1000 when the game is decided.
Coins on a hand never reach zero on the board, so the coin list alone tells who has which
hands.

Three strengths (games/core/skill.py): *easy* is :class:`EasyBot`, *normal* :class:`GreedyBot`,
*hard* :class:`ExpectimaxBot` (the old names ``greedy`` and ``expectimax`` still choose them).
Ties between equal turns are drawn from the bot's seeded luck (:mod:`games.turnkit.bot_luck`), never
from the order the turns are listed in: that order follows the board's squares, and breaking
ties by it made the colour on one edge win less.

* :class:`GreedyBot` plays the turn that is best right now: it takes every coin worth taking
  and pays the odd roll's coin from the hand that can best spare it. Between two of them coins
  change hands in every game: each lands beside the other's hands when a roll allows.
* :class:`EasyBot` plays greedy's turn half the time and any legal turn the other half (a
  first game: it walks into reach and leaves coins lying).
* :class:`ExpectimaxBot` looks one round further: for its best candidate turns (the greedy
  value first, then the squares least exposed to attack), it takes the expectation over each
  opponent's six possible rolls of that opponent's best reply from the position after the turn
  (the landing square next to most hands not their own, ties resolved against this bot) and
  adds the change to its own value. So it values a steal that cannot be answered over one that
  can, keeps its hands out of reach, and leaves a one-coin hand only where nobody can land
  beside it. The replies are searched on the board as it stands after this bot's turn; an
  opponent's odd-roll coin is ignored (it costs them the same wherever they go).
* :class:`AnswerBot` (not a strength) searches a chance node deeper, over its own roll after
  the opponent's reply. Tried for *hard* and not kept: it plays worse (scripts/hard_duel.py,
  docs/computers.md).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from games.core.skill import bot_names
from games.malloppo.board import HANDS_PER_COLOUR
from games.malloppo.rules import DIE_SIDES, Phase, State, Turn
from games.turnkit.bot_luck import BLUNDER_SHARE, decision_luck, pick_best
from games.turnkit.graph import exact_walks, no_reversal
from games.turnkit.grid import Square

HAND_VALUE = 0.5
WIN = 1000.0
CANDIDATES = 16  # turns the search bot looks at beyond the greedy choice
OWN_STEAL = 1e-6  # far below any real difference, far above the ties' 1e-9


def worth(coins: Sequence[int], player: int) -> float:
    first = player * HANDS_PER_COLOUR
    own = coins[first:first + HANDS_PER_COLOUR]
    return sum(own) + HAND_VALUE * sum(1 for c in own if c > 0)


def value(coins: Sequence[int], player: int, players: int) -> float:
    """The position's value for ``player`` from the coins on every hand."""
    mine = worth(coins, player)
    if mine == 0:
        return -WIN
    others = [worth(coins, q) for q in range(players) if q != player]
    if not any(others):
        return WIN
    return mine - sum(others) / len(others)


@dataclass(frozen=True)
class Scored:
    turn: Turn
    coins: tuple[int, ...]  # every hand's coins after the turn
    value: float


def coins_after(state: State, turn: Turn) -> tuple[int, ...]:
    """Every hand's coins after ``turn`` (a legal one), without playing it."""
    coins = list(state.coins)
    if turn.pay is not None:
        coins[state.at[turn.pay]] -= 1
    if turn.hand is not None:
        mover = state.at[turn.hand]
        for square in turn.steals:
            coins[state.at[square]] -= 1
            coins[mover] += 1
    return tuple(coins)


def scored_turns(state: State) -> list[Scored]:
    """Every legal turn with its value; a coin moved between one's own hands gains nothing, so
    it costs a hair (:data:`OWN_STEAL`): of two turns otherwise equal, the one without it."""
    me, players = state.current, state.players
    out = []
    for turn in state.legal_turns():
        coins = coins_after(state, turn)
        own = sum(1 for square in turn.steals if state.owner(state.at[square]) == me)
        out.append(Scored(turn, coins, value(coins, me, players) - OWN_STEAL * own))
    return out


class Bot:
    """A computer player: :meth:`choose` one action for the state's current phase; ``seed``
    is its own luck for ties (:func:`games.turnkit.bot_luck.bot_seed`)."""

    name = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def luck(self, state: State) -> random.Random:
        return decision_luck(self.seed, state)

    def choose(self, state: State) -> Turn:
        if state.phase is not Phase.MOVE:
            raise ValueError(f"a bot cannot act in phase {state.phase.value}")
        return self.choose_turn(state)

    def choose_turn(self, state: State) -> Turn:
        raise NotImplementedError

    def _ranked_turns(
        self, state: State, scored: list[Scored]
    ) -> tuple[int, dict[int, list[set[Square]]], list[Scored]]:
        """For a search over ``scored`` (this turn's): the player on turn, each opponent's
        landing squares per roll, and the best turn per (hand, destination), best first
        (:func:`_ranked`; equal turns in the decision's seeded order, the first found wins)."""
        self.luck(state).shuffle(scored)
        me = state.current
        reach = {q: _reach(state, q) for q in state.alive() if q != me}
        return me, reach, _ranked(state, scored, reach)


class GreedyBot(Bot):
    """The turn with the best material right now."""

    name = "greedy"

    def choose_turn(self, state: State) -> Turn:
        scored = scored_turns(state)
        return pick_best(scored, [s.value for s in scored], self.luck(state)).turn


class EasyBot(GreedyBot):
    """Greedy's turn, or (:data:`~games.turnkit.bot_luck.BLUNDER_SHARE` of the time) any legal
    one."""

    name = "easy"
    blunder_share = BLUNDER_SHARE

    def choose_turn(self, state: State) -> Turn:
        luck = self.luck(state)
        if luck.random() < self.blunder_share:
            turns = list(state.legal_turns())
            return turns[luck.randrange(len(turns))]
        return super().choose_turn(state)


def _ranked(
    state: State, scored: list[Scored], reach: dict[int, list[set[Square]]]
) -> list[Scored]:
    """The best steal/pay choice per (hand, destination), best value first, the least exposed
    to the opponents' ``reach`` first among equals."""
    danger = _danger(state, reach)
    best_per_move: dict[tuple[Square | None, Square | None], Scored] = {}
    for s in scored:
        key = (s.turn.hand, s.turn.to)
        if key not in best_per_move or s.value > best_per_move[key].value:
            best_per_move[key] = s
    return sorted(best_per_move.values(), key=lambda s: (-s.value, _exposure(state, s, danger)))


class ExpectimaxBot(Bot):
    """One turn, then each opponent's roll (a chance node) and best reply."""

    name = "expectimax"

    def choose_turn(self, state: State) -> Turn:
        scored = scored_turns(state)
        if len(scored) == 1:
            return scored[0].turn
        me, reach, ranked = self._ranked_turns(state, scored)
        best: tuple[float, Turn] | None = None
        for s in ranked[:CANDIDATES]:
            total = s.value
            occupied = _occupied_after(state, s)
            for q, rolls in reach.items():
                if worth(s.coins, q) == 0:
                    continue  # out after this turn
                total += sum(
                    _reply_change(state, s.coins, occupied, me, q, dests) for dests in rolls
                ) / DIE_SIDES
            if best is None or total > best[0] + 1e-9:
                best = (total, s.turn)
        assert best is not None
        return best[1]


class AnswerBot(Bot):
    """A deeper search, tried for *hard* and not kept: it won 40.2 % (35.6-45.1 %) of 400
    games against :class:`ExpectimaxBot` (docs/computers.md; ``python scripts/hard_duel.py
    --only malloppo``). Not a strength; kept to measure against.

    One turn, each opponent's roll (a chance node) and best reply, then this bot's
    own next roll (a second chance node) and its best answer to that reply: a steal the
    opponent makes next to hands of this bot that can take the coins back costs less than one
    nobody can answer. Every distinct turn is searched (:class:`ExpectimaxBot` takes the best
    :data:`CANDIDATES`), on a cheaper evaluation: each opponent's landing squares and their
    neighbours are listed once per decision, and a reply searched further only where it
    steals."""

    name = "answer"
    candidates: int | None = None  # distinct turns searched (None: all)
    answer = True  # the second chance node (off: ExpectimaxBot's values, over more turns)

    def choose_turn(self, state: State) -> Turn:
        scored = scored_turns(state)
        if len(scored) == 1:
            return scored[0].turn
        me, reach, ranked = self._ranked_turns(state, scored)
        if self.candidates is not None:
            ranked = ranked[:self.candidates]
        neighbours = state.board.neighbours
        # per opponent and roll: each landing square with its neighbours, listed once
        landings = {q: [[(d, neighbours[d]) for d in dests] for dests in rolls]
                    for q, rolls in reach.items()}
        answers = _Answers(state, me) if self.answer else None
        best: tuple[float, Turn] | None = None
        for s in ranked:
            total = s.value
            occupied = _occupied_after(state, s)
            for q, rolls in landings.items():
                if worth(s.coins, q) == 0:
                    continue  # out after this turn
                total += sum(
                    _reply_then_answer(state, s, occupied, me, q, lands, answers)
                    for lands in rolls
                ) / DIE_SIDES
            if best is None or total > best[0] + 1e-9:
                best = (total, s.turn)
        assert best is not None
        return best[1]


class _Answers:
    """Where this bot's hands can land on its next roll, per hand, square and roll (cached for
    the decision; the board's other hands as they stand)."""

    def __init__(self, state: State, me: int) -> None:
        self.state, self.me = state, me
        self.found: dict[tuple[Square, int], set[Square]] = {}

    def landings(self, square: Square, roll: int, occupied: dict[Square, int]) -> set[Square]:
        key = (square, roll)
        found = self.found.get(key)
        if found is None:
            found = self.found[key] = set(exact_walks(
                square, roll, self.state.board.neighbours.__getitem__,
                may_enter=lambda sq: sq not in occupied or sq == square,
                step_rule=no_reversal,
            ))
        return found


def _reply_then_answer(
    state: State,
    s: Scored,
    occupied: dict[Square, int],
    me: int,
    player: int,
    landings: Sequence[tuple[Square, Sequence[Square]]],
    answers: _Answers | None,
) -> float:
    """The change in ``me``'s value when ``player`` lands on the best of ``landings`` and
    takes a coin from every hand beside it that is not their own, then (``answers``) ``me``
    rolls and lands where it takes the most coins back."""
    coins = s.coins
    owner = state.owner
    best: tuple[int, int, list[int], Square] | None = None
    for d, around in landings:
        if d in occupied:
            continue  # taken by this turn's move (or a hand that stays)
        victims = [occupied[n] for n in around
                   if n in occupied and owner(occupied[n]) != player]
        if not victims:
            continue
        mine = sum(1 for h in victims if owner(h) == me)
        if best is None or (len(victims), mine) > best[:2]:
            best = (len(victims), mine, victims, d)
    if best is None:
        return 0.0
    after = list(coins)
    for h in best[2]:
        after[h] -= 1
    first = player * HANDS_PER_COLOUR
    lander = next(h for h in range(first, first + HANDS_PER_COLOUR) if after[h] > 0)
    after[lander] += len(best[2])  # onto one of their hands (only its owner's worth counts)
    change = value(after, me, state.players) - value(coins, me, state.players)
    if answers is None or best[1] == 0 or worth(after, me) == 0:
        return change
    # this bot's answer: its next roll, the landing beside the most hands not its own
    board_after = {sq: h for sq, h in occupied.items() if after[h] > 0}
    board_after[best[3]] = lander
    mine_now = [sq for sq, h in board_after.items() if owner(h) == me]
    neighbours = state.board.neighbours
    players = state.players
    base = value(after, me, players)
    taker = next(h for h in range(me * HANDS_PER_COLOUR, (me + 1) * HANDS_PER_COLOUR)
                 if after[h] > 0)
    answer = 0.0
    for roll in range(1, DIE_SIDES + 1):
        top: list[int] = []
        for square in mine_now:
            for d in answers.landings(square, roll, board_after):
                if d in board_after:
                    continue
                taken = [board_after[n] for n in neighbours[d]
                         if n in board_after and owner(board_after[n]) != me]
                if len(taken) > len(top):
                    top = taken
        if top:
            again = list(after)
            for h in top:
                again[h] -= 1
            again[taker] += len(top)
            answer += value(again, me, players) - base
    return change + answer / DIE_SIDES


def _reach(state: State, player: int) -> list[set[Square]]:
    """For each roll 1-6, the squares some hand of ``player`` can end on (board as it is)."""
    rolls: list[set[Square]] = []
    neighbours = state.board.neighbours.__getitem__
    at = state.at
    for roll in range(1, DIE_SIDES + 1):
        found: set[Square] = set()
        for hand in state.hands_of(player):
            start = state.squares[hand]
            assert start is not None
            found.update(exact_walks(
                start, roll, neighbours,
                may_enter=lambda sq, start=start: sq not in at or sq == start,  # type: ignore[misc]
                step_rule=no_reversal,
            ))
        rolls.append(found)
    return rolls


def _danger(state: State, reach: dict[int, list[set[Square]]]) -> dict[Square, float]:
    """How many opponent rolls (in sixths) can land beside each square."""
    danger: dict[Square, float] = {}
    neighbours = state.board.neighbours
    for rolls in reach.values():
        for dests in rolls:
            beside: set[Square] = set()
            for d in dests:
                beside.update(neighbours[d])
            for square in beside:
                danger[square] = danger.get(square, 0.0) + 1 / DIE_SIDES
    return danger


def _occupied_after(state: State, s: Scored) -> dict[Square, int]:
    """Square -> hand after the scored turn (hands that left dropped)."""
    occupied = dict(state.at)
    turn = s.turn
    if turn.hand is not None and turn.to is not None:
        hand = occupied.pop(turn.hand)
        occupied[turn.to] = hand
    return {sq: h for sq, h in occupied.items() if s.coins[h] > 0}


def _exposure(state: State, s: Scored, danger: dict[Square, float]) -> float:
    me = state.current
    return sum(
        danger.get(sq, 0.0) * (2 if s.coins[h] == 1 else 1)
        for sq, h in _occupied_after(state, s).items()
        if state.owner(h) == me
    )


def _reply_change(
    state: State,
    coins: tuple[int, ...],
    occupied: dict[Square, int],
    me: int,
    player: int,
    dests: set[Square],
) -> float:
    """The change in ``me``'s value when ``player`` lands on the best of ``dests`` and takes a
    coin from every hand beside it that is not their own."""
    neighbours = state.board.neighbours
    best: tuple[int, int, list[int]] | None = None
    for d in dests:
        if d in occupied:
            continue  # taken by this turn's move (or a hand that stays)
        victims = [occupied[n] for n in neighbours[d]
                   if n in occupied and state.owner(occupied[n]) != player]
        if not victims:
            continue
        mine = sum(1 for h in victims if state.owner(h) == me)
        key = (len(victims), mine)
        if best is None or key > best[:2]:
            best = (len(victims), mine, victims)
    if best is None:
        return 0.0
    after = list(coins)
    for h in best[2]:
        after[h] -= 1
    first = player * HANDS_PER_COLOUR
    lander = next(h for h in range(first, first + HANDS_PER_COLOUR) if after[h] > 0)
    after[lander] += len(best[2])  # onto one of their hands (only its owner's worth counts)
    return value(after, me, state.players) - value(coins, me, state.players)


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
