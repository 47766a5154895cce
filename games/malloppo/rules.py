"""The Dammi il malloppo rule engine: state, legal turns, push/pop, outcome, JSON. Pure Python.

Modelled on python-chess (small frozen value objects, ``push``/``pop``, precise exceptions)
and OpenSpiel's python games (a chance node for every die roll, legal actions, serialization).
The board file and its checks live in :mod:`games.malloppo.board`, reading a saved state and
its checks in :mod:`games.malloppo.saved`, the actions and their JSON in
:mod:`games.malloppo.actions` (re-exported here), the walks the legal listing reads in
:mod:`games.malloppo.walks`; the exact-length path search is the shared
:func:`games.turnkit.graph.exact_walks`.

A game runs through these phases (``State.phase``):

``opening``  each player rolls once (chance); the highest starts; tied highest re-roll.
``roll``     the current player rolls the die (chance: :class:`Roll`, any value 1-6).
``move``     the whole rest of the turn as one :class:`Turn`: which hand pays the odd roll's
             coin, which hand moves where, and which neighbours it takes a coin from.
``over``     one player is left with hands on the board.

A hand is named by the square it stands on (no two hands ever share a square), so a turn reads
like the players speak: "pay from C1, move the hand on E1 to E4, take from F4 and E5".

Readings of the rulebook where it is unclear (each has a test in tests/malloppo/, named after
the clause):

* Colours and seating come from the board file: with 2 players red and green face each other,
  with 3 red, blue and green; play goes clockwise (red, blue, green, yellow), skipping players
  who are out. Each hand starts with 2 coins (4 with two players); the 24 coins not dealt lie
  in the *bank* beside the board (none with 2 or 4 players, 6 with 3).
* Who begins: every player rolls once; the highest roll begins; the players tied for the highest
  roll again, among themselves, until one is highest. That roll only decides who begins: the
  starter then rolls for the first turn.
* An odd roll costs a coin first: the player chooses one of their hands and its coin goes to the
  bank (the rulebook's "beside the game board"); coins in the bank never come back. A hand
  left without a coin leaves the board at once, *before* the move, so it cannot move and no
  longer blocks anyone. A player whose last hand leaves that way is out at once (no move).
* The move: one hand moves exactly the number rolled, each step to an orthogonal neighbour.
  "Not both forward and backward in one turn" is read as: never straight back onto the square
  just left (:func:`games.turnkit.graph.no_reversal`). So the path may cross itself and may end on
  the square it started from (a loop round a 2 x 2 block with a 4), but a 2 can never end where it
  began. The hand may pass over its own starting square (it has left it).
* No passing through or ending on a square with any hand on it, own or opponent's.
* A roll no hand can use: the turn ends without a move (an odd roll has still cost its coin;
  no coins are taken, as nothing landed). If some hand can move, one must: passing is not
  allowed.
* Landing: for every hand orthogonally next to the square where the hand ends, an opponent's
  or one of the player's own, the player *may* take one coin onto the hand that landed. Each
  neighbour is a separate choice (all, none or some). The square the move came from is empty,
  so at most three hands can be taken from (the rulebook's "2 or 3 opposing hands").
* "When a player takes the last coin from an opponent's hand, that opponent must remove the
  hand from the board, and he is eliminated from the game": read as the *hand* leaving at
  once; the opponent is out when that was his last hand, else he plays on with the others
  (as the winner is "the last to still have one or more hands in play"). A player out has
  his turns skipped; the last player with a hand on the board wins at once.
* Start squares are ordinary squares for everyone once the game has begun (the board file only
  marks them for the first placement).
* Coins are conserved: every coin is on a hand or in the bank; hands on the board have at least
  one coin, hands off the board none (checked by :meth:`State.from_json` and the fuzz test).
  The bank is also where "removed" coins go: a hand leaves the board only when it is empty, so
  no coin ever leaves play any other way, and hands + bank is always 24.
"""

from __future__ import annotations

import json
import weakref
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from typing import Any, cast

from games.core.checks import check_action
from games.malloppo.actions import (
    ROLLS,
    Action,
    Part,
    Roll,
    Turn,
    TurnListing,
    _square_json,
)
from games.malloppo.actions import action_from_json as action_from_json  # the rules' API
from games.malloppo.actions import action_to_json as action_to_json
from games.malloppo.basics import (
    DIE_SIDES,
    PLAYER_RANGE,
    TOTAL_COINS,
    Phase,
    StateError,
    coins_per_hand,
    default_board,
)
from games.malloppo.board import (
    HANDS_PER_COLOUR,
    Board,
    BoardError,
)
from games.malloppo.saved import state_from_json
from games.malloppo.walks import Moves, walk_index
from games.turnkit.engine import (
    NOTHING_LISTED,
    Listing,
    SnapshotState,
    listed_again,
    listing_ref,
)
from games.turnkit.graph import exact_walks, named_walks, no_reversal
from games.turnkit.grid import Square
from games.turnkit.turns import next_player, opening_step

_NO_HANDS = [None] * HANDS_PER_COLOUR  # a player's squares once he is out
_TURN_UNDO = 8  # the length of the undo record of a listed turn (push, pop)
_weak = weakref.ref  # a snapshot holds its listing weakly (games.turnkit.engine.listing_ref)

# --- exceptions ---------------------------------------------------------------------------
class IllegalMove(ValueError):
    """An action the rules forbid; ``str()`` says why in players' words (squares like ``C4``).
    The state is left unchanged. ``square`` is the square concerned, if one is."""

    def __init__(self, message: str, *, square: Square | None = None) -> None:
        super().__init__(message)
        self.square = square


class WrongPhase(IllegalMove):
    """An action out of turn order (a turn before the roll, a roll after it)."""


class BadRoll(IllegalMove):
    """A die value outside 1-6."""


class BadPayment(IllegalMove):
    """An odd roll's coin paid wrongly, or a coin paid on an even roll."""


class NotYourHand(IllegalMove):
    """No hand of the current player on the square named."""


class MustMove(IllegalMove):
    """No move chosen though some hand can use the roll."""


class Unreachable(IllegalMove):
    """The hand cannot end on that square with exactly the roll."""


class BadPath(IllegalMove):
    """A witness path that is not a legal walk to the destination."""


class BadSteal(IllegalMove):
    """A coin taken from a square with no hand next to the landing square."""


@dataclass(frozen=True)
class Result:
    """The end of a game: the winner and the coins each player holds."""

    winner: int
    name: str
    coins: dict[str, int]
    reason: str = "last player with hands on the board"


def _squares_named(squares: Iterable[Square]) -> str:
    names = [str(s) for s in squares]
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def _distance(a: Square | None, b: Square | None) -> int:
    assert a is not None and b is not None
    return abs(a.x - b.x) + abs(a.y - b.y)


# --- the state ----------------------------------------------------------------------------
class State(SnapshotState[Action]):
    """A game in progress. Mutate only through :meth:`push` and :meth:`pop`.

    Hands are numbered player by player: hand ``h`` belongs to player ``h // 3``. ``squares[h]``
    is where it stands (None once it has left the board), ``coins[h]`` its coins. ``at`` maps
    each occupied square to its hand.
    """

    def __init__(self, players: int = 4, board: Board | None = None) -> None:
        low, high = PLAYER_RANGE
        if not isinstance(players, int) or not low <= players <= high:
            raise ValueError(f"Dammi il malloppo is for {low} to {high} players, not {players}")
        self.board = board if board is not None else default_board()
        self.players = players
        self.colours = self.board.colours_for(players)
        dealt = coins_per_hand(players)
        self.squares: list[Square | None] = []
        self.coins: list[int] = []
        for name in self.colours:
            for square in self.board.starts_for(players)[self.board.colour_index(name)]:
                self.squares.append(square)
                self.coins.append(dealt)
        self.bank = TOTAL_COINS - dealt * HANDS_PER_COLOUR * players
        self.at: dict[Square, int] = {sq: h for h, sq in enumerate(self.squares) if sq}
        self.phase = Phase.OPENING
        self.current = 0
        self.roll: int | None = None
        self.contenders = list(range(players))
        self.opening_rolls: list[int] = []
        self.winner: int | None = None
        self.history: list[tuple[Action, tuple[Any, ...]]] = []
        # the turns listed since the last push, and their ids (push takes them unchecked)
        self._listed: Listing[Turn] | TurnListing = NOTHING_LISTED

    # --- small queries ------------------------------------------------------------------
    def name(self, player: int) -> str:
        return self.colours[player]

    def owner(self, hand: int) -> int:
        return hand // HANDS_PER_COLOUR

    def hands_of(self, player: int) -> list[int]:
        """The player's hands still on the board."""
        first = player * HANDS_PER_COLOUR
        return [h for h in range(first, first + HANDS_PER_COLOUR) if self.squares[h] is not None]

    def is_out(self, player: int) -> bool:
        first = player * HANDS_PER_COLOUR
        return self.squares[first:first + HANDS_PER_COLOUR].count(None) == HANDS_PER_COLOUR

    def alive(self) -> list[int]:
        squares, hands = self.squares, HANDS_PER_COLOUR
        return [p for p in range(self.players)
                if squares[p * hands:(p + 1) * hands].count(None) < hands]

    def coins_of(self, player: int) -> int:
        first = player * HANDS_PER_COLOUR
        return sum(self.coins[first:first + HANDS_PER_COLOUR])

    def coin_total(self) -> int:
        """Hands + bank: always :data:`TOTAL_COINS`."""
        return sum(self.coins) + self.bank

    def hand_at(self, square: Square) -> int | None:
        return self.at.get(square)

    def describe_hand(self, hand: int) -> str:
        """"the blue hand on E4"."""
        return f"the {self.name(self.owner(hand))} hand on {self.squares[hand]}"

    def is_chance(self) -> bool:
        return self.phase in (Phase.OPENING, Phase.ROLL)

    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def outcome(self) -> Result | None:
        if self.winner is None:
            return None
        return Result(self.winner, self.name(self.winner), self.coins_by_colour())

    def coins_by_colour(self) -> dict[str, int]:
        return {self.name(p): self.coins_of(p) for p in range(self.players)}

    # --- legal actions ------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase is Phase.MOVE:
            # the listing itself: a search holding it gets it back unchecked after a pop
            return cast("list[Action]", self._turn_list())
        if phase is Phase.ROLL or phase is Phase.OPENING:
            return list[Action](ROLLS)
        return []

    def chance_outcomes(self) -> list[tuple[Roll, float]]:
        return [(Roll(v), 1 / DIE_SIDES) for v in range(1, DIE_SIDES + 1)]

    def pay_options(self, player: int | None = None, roll: int | None = None) -> list[int | None]:
        """The hands that may pay for the roll (``[None]`` for an even roll)."""
        p = self.current if player is None else player
        value = self.roll if roll is None else roll
        if value is None or value % 2 == 0:
            return [None]
        return list[int | None](self.hands_of(p))

    def destinations(
        self, hand: int, roll: int | None = None, paid: int | None = None
    ) -> dict[Square, tuple[Square, ...]]:
        """Where ``hand`` can end with exactly ``roll`` steps, each with one witness path,
        after hand ``paid`` paid its coin (and left, if that was its last)."""
        steps = self.roll if roll is None else roll
        start = self.squares[hand]
        if start is None or not steps or hand == self._leaving(paid):
            return {}
        return self._walks(start, steps, self._gone(paid))

    def _walks(
        self, start: Square, steps: int, gone: Square | None
    ) -> dict[Square, tuple[Square, ...]]:
        """:meth:`destinations` of a hand on ``start`` with ``gone``'s square empty: the
        exact-length walk search of :func:`games.turnkit.graph.named_walks` on square numbers."""
        board = self.board
        size = board.size
        blocked = {sq.y * size + sq.x for sq in self.at if sq != start and sq != gone}
        return named_walks(start.y * size + start.x, steps, board.moves, blocked,
                           board.square_list)

    def _gone(self, paid: int | None) -> Square | None:
        """The square the paying hand leaves empty (paying its last coin), if any."""
        leaving = self._leaving(paid)
        return self.squares[leaving] if leaving is not None else None

    def _leaving(self, paid: int | None) -> int | None:
        """The hand that leaves by paying its last coin, if any."""
        return paid if paid is not None and self.coins[paid] == 1 else None

    def neighbours_to_rob(self, hand: int, to: Square, paid: int | None = None) -> list[int]:
        """The hands next to ``to`` that ``hand`` (landing there) may take a coin from."""
        leaving = self._leaving(paid)
        found = []
        for square in self.board.neighbours[to]:
            other = self.at.get(square)
            if other is not None and other != hand and other != leaving:
                found.append(other)
        return found

    def legal_turns(self) -> Iterator[Turn]:
        """Every legal turn: one per (pay, hand, destination, steal choice), with a witness
        path. Many paths reach one square; only destinations are listed."""
        yield from self._turn_list()

    def _turn_list(self) -> TurnListing | list[Turn]:
        """:meth:`legal_turns` as a list; each turn is remembered for :meth:`push`.

        What :meth:`pay_options`, :meth:`hands_of` and :meth:`destinations` with
        :meth:`neighbours_to_rob` give, in their order, from the board's walk index: per payment
        (none on an even roll), per hand of the player but one that leaves by paying its last
        coin, each destination with each steal choice; a hand's moves worked out once for the
        payments that leave every hand on the board."""
        if self.phase is not Phase.MOVE:
            return []
        squares, coins, steps = self.squares, self.coins, self.roll or 0
        first = self.current * HANDS_PER_COLOUR
        index = walk_index(self.board)
        bit = index.bit_of
        occupied = sum(map(bit.__getitem__, self.at))  # the bits of the squares with hands
        mine = [(hand, start) for hand, start in enumerate(squares[first:first + HANDS_PER_COLOUR],
                                                           first) if start is not None]
        plain: dict[int, Moves] = {}  # per hand, its moves when no hand leaves
        parts: list[Part] = []
        append = parts.append
        total = 0
        for paid, pay in mine if steps % 2 else ((None, None),):
            leaving = paid if paid is not None and coins[paid] == 1 else None
            moved = False
            for hand, start in mine:
                if hand == leaving:
                    continue
                # the hands it may neither pass nor enter, and may take a coin from: all but
                # itself and the one that paid its last coin
                if leaving is None:
                    held = plain.get(hand)
                    if held is None:
                        held = plain[hand] = index.moves(start, steps, occupied & ~bit[start])
                    moves = held
                else:
                    assert pay is not None  # the square the leaving hand pays from
                    moves = index.moves(start, steps, occupied & ~bit[start] & ~bit[pay])
                count = moves[1]
                if count:
                    moved = True
                    append((count, pay, start, moves))
                    total += count
            if not moved:
                append((1, pay, None, None))
                total += 1
        # made lazily (a Turn when asked for); push takes those very objects unchecked
        turns = TurnListing(parts, total)
        self._listed = turns
        return turns

    # --- push / pop ---------------------------------------------------------------------
    def draw(self, chance: Any) -> Roll:
        """The die roll drawn from a :class:`games.core.rng.Chance` (:meth:`roll_with`
        pushes it)."""
        if not self.is_chance():
            raise WrongPhase(f"no roll now: {self.name(self.current)} must play the turn")
        return ROLLS[chance.roll(DIE_SIDES) - 1]

    def push(self, action: Action) -> None:
        """Apply ``action`` (:meth:`SnapshotState.push`), the two actions of random play and
        search the quick way: a turn this state listed (the very object: nothing to check),
        whose undo record holds only what a turn changes (fresh copies of the hands' squares,
        coins and squares-to-hands, the bank, the player to move, the roll, the winner and the
        listing: no opening left, the phase was move), and a plain roll of the die in phase
        roll, whose undo needs only the roll before it. :meth:`pop` knows both by their
        length."""
        phase = self.phase
        if phase is Phase.MOVE:
            listed = self._listed
            if listed.holds(action):
                turn: Turn = action  # type: ignore[assignment]  # one of the listed turns
                at = self.at
                pay, moving = turn.pay, turn.hand
                self.history.append((turn, (
                    self.squares[:], self.coins[:], self.bank, at.copy(), self.current,
                    self.roll, self.winner, _weak(listed),
                )))
                self._listed = NOTHING_LISTED
                self._apply_turn(
                    at[pay] if pay is not None else None,
                    at[moving] if moving is not None else None,
                    turn.to, tuple([at[square] for square in turn.steals]),
                )
                return
        elif phase is Phase.ROLL and type(action) is Roll:
            value = action.value
            if type(value) is int and 1 <= value <= DIE_SIDES:
                self.history.append((action, (self.roll,)))
                self._listed = NOTHING_LISTED
                self.roll, self.phase = value, Phase.MOVE
                return
        super().push(action)

    def pop(self) -> Action:
        """Undo the last action and return it (:meth:`SnapshotState.pop`; the undo records of
        :meth:`push`'s quick ways restored here, without a call more)."""
        history = self.history
        if not history:
            raise IndexError("nothing to undo")
        action, snap = history.pop()
        size = len(snap)
        if size == _TURN_UNDO:  # a listed turn: the rest was as it is (phase move)
            (self.squares, self.coins, self.bank, self.at, self.current, self.roll,
             self.winner, listed) = snap
            self.phase = Phase.MOVE
            # the turns listed in the state popped back to are its turns again (while held)
            found = listed()
            self._listed = NOTHING_LISTED if found is None else found
        elif size == 1:  # a roll in phase roll: nothing else changed
            self.roll, self.phase, self._listed = snap[0], Phase.ROLL, NOTHING_LISTED
        else:
            self._restore(snap)
        return action

    def _snapshot(self) -> tuple[Any, ...]:
        return (
            self.squares[:], self.coins[:], self.bank, dict(self.at), self.phase, self.current,
            self.roll, self.contenders[:], self.opening_rolls[:], self.winner,
            listing_ref(cast("Listing[Any]", self._listed)),
        )

    def _restore(self, snap: tuple[Any, ...]) -> None:
        (
            self.squares, self.coins, self.bank, self.at, self.phase, self.current, self.roll,
            self.contenders, self.opening_rolls, self.winner, listed,
        ) = snap
        # the turns listed in the state popped back to are its turns again (while held)
        self._listed = listed_again(listed)

    def _pushing(self) -> None:
        self._listed = NOTHING_LISTED

    # --- checking -----------------------------------------------------------------------
    def _check(self, action: Action) -> Any:
        if self._listed.holds(action) and self.phase is Phase.MOVE:  # listed by this state
            assert isinstance(action, Turn)
            at = self.at
            paid = at[action.pay] if action.pay is not None else None
            hand = at[action.hand] if action.hand is not None else None
            robbed = tuple([at[square] for square in action.steals])
            return partial(self._apply_turn, paid, hand, action.to, robbed)
        if type(action) is Roll and type(action.value) is int and 1 <= action.value <= DIE_SIDES \
                and self.is_chance():
            return partial(self._apply_roll, action.value)
        check_action(action, IllegalMove, {"Roll.value": f"1 to {DIE_SIDES}"})
        if isinstance(action, Roll):
            if not self.is_chance():
                who = self.name(self.current) if not self.is_over() else "nobody"
                raise WrongPhase(f"no roll now: {who} must play the turn"
                                 if not self.is_over() else "the game is over")
            if not 1 <= action.value <= DIE_SIDES:
                raise BadRoll(f"a die shows 1 to {DIE_SIDES}, not {action.value}")
            return lambda: self._apply_roll(action.value)
        if not isinstance(action, Turn):
            raise IllegalMove(f"not an action: {action!r}")
        if self.phase is not Phase.MOVE:
            if self.is_over():
                raise WrongPhase("the game is over")
            raise WrongPhase(f"{self.name(self.current)} must roll first")
        paid = self._check_pay(action.pay)
        if action.hand is None:
            if action.to is not None or action.steals:
                raise MustMove("a turn without a moving hand can neither move nor take coins")
            self._check_no_move(paid)
            return lambda: self._apply_turn(paid, None, None, ())
        hand = self._check_hand(action.hand, paid)
        if action.to is None:
            raise Unreachable(f"say where the hand on {action.hand} moves to", square=action.hand)
        self._check_destination(hand, action.to, paid, action.path)
        robbed = self._check_steals(hand, action.to, action.steals, paid)
        return lambda: self._apply_turn(paid, hand, action.to, robbed)

    def _check_pay(self, pay: Square | None) -> int | None:
        roll, who = self.roll or 0, self.name(self.current)
        if roll % 2 == 0:
            if pay is not None:
                raise BadPayment(f"a {roll} is even: no coin is paid", square=pay)
            return None
        if pay is None:
            raise BadPayment(
                f"a {roll} is odd: first one of {who}'s hands pays a coin to the bank; say which"
            )
        hand = self.at.get(pay)
        if hand is None or self.owner(hand) != self.current:
            raise BadPayment(f"{who} has no hand on {pay} to pay the coin from"
                             + self._whose(pay), square=pay)
        return hand

    def _whose(self, square: Square) -> str:
        hand = self.at.get(square)
        return f" ({self.name(self.owner(hand))}'s hand is there)" if hand is not None else ""

    def _check_no_move(self, paid: int | None) -> None:
        for hand in self.hands_of(self.current):
            walks = self.destinations(hand, paid=paid)
            if walks:
                to = min(walks)
                raise MustMove(
                    f"{self.name(self.current)} must move: the hand on {self.squares[hand]} "
                    f"can move {self.roll} squares, e.g. to {to}", square=self.squares[hand],
                )

    def _check_hand(self, square: Square, paid: int | None) -> int:
        hand = self.at.get(square)
        who = self.name(self.current)
        if hand is None or self.owner(hand) != self.current:
            raise NotYourHand(f"{who} has no hand on {square}{self._whose(square)}",
                              square=square)
        if hand == self._leaving(paid):
            raise NotYourHand(
                f"the hand on {square} pays its last coin and leaves the board: it cannot move",
                square=square,
            )
        return hand

    def _check_destination(
        self, hand: int, to: Square, paid: int | None, path: tuple[Square, ...]
    ) -> None:
        walks = self.destinations(hand, paid=paid)
        if to not in walks:
            raise Unreachable(self._why_unreachable(hand, to, paid), square=to)
        if path:
            self._check_path(hand, to, paid, path)

    def _check_path(
        self, hand: int, to: Square, paid: int | None, path: tuple[Square, ...]
    ) -> None:
        start, roll = self.squares[hand], self.roll or 0
        assert start is not None
        if len(path) != roll:
            raise BadPath(f"the path has {len(path)} steps; the roll is {roll}")
        if path[-1] != to:
            raise BadPath(f"the path ends on {path[-1]}, not on {to}")
        previous, here = None, start
        gone = self._gone(paid)
        for square in path:
            if square not in self.board.neighbours[here]:
                raise BadPath(f"the step from {here} to {square} is not one square across")
            if square == previous:
                raise BadPath(f"the path goes straight back from {here} to {square}")
            other = self.at.get(square)
            if other is not None and square not in (start, gone):
                raise BadPath(f"the path passes {self.describe_hand(other)}", square=square)
            previous, here = here, square

    def _why_unreachable(self, hand: int, to: Square, paid: int | None) -> str:
        start, roll = self.squares[hand], self.roll or 0
        assert start is not None
        said = f"the hand on {start} cannot reach {to} in {roll} step{'s' * (roll != 1)}"
        if not self.board.on_board(to):
            return f"{to} is off the board"
        other = self.at.get(to)
        if other is not None and other != hand and other != self._leaving(paid):
            return f"{said}: {self.describe_hand(other)} is there"
        neighbours = self.board.neighbours.__getitem__
        free = exact_walks(start, roll, neighbours, step_rule=no_reversal)
        if to not in free:
            distance = _distance(start, to)
            if distance > roll:
                return f"{said}: it is {distance} steps away"
            if (roll - distance) % 2:
                kind = "odd" if roll % 2 else "even"
                return (f"{said}: it is {distance} step{'s' * (distance != 1)} away, and a "
                        f"{roll} always ends an {kind} number of steps away")
            return f"{said} without going straight back"
        # Reachable on an empty board: name the hands in the way.
        blockers = sorted(
            (h for h in self.at.values() if h not in (hand, self._leaving(paid))),
            key=lambda h: (_distance(start, self.squares[h]), self.squares[h]),
        )
        for other in blockers:
            squares = self.squares
            without = {squares[h] for h in blockers if h != other}

            def may_enter(sq: Square, without: set[Square | None] = without) -> bool:
                return sq not in without

            if to in exact_walks(start, roll, neighbours, may_enter=may_enter,
                                 step_rule=no_reversal):
                return f"{said} without passing {self.describe_hand(other)}"
        in_way = sorted({sq for sq in free[to] if sq in self.at and self.at[sq] in blockers})
        if in_way:
            return f"{said} without passing the hands on {_squares_named(in_way)}"
        return f"{said} without passing other hands"

    def _check_steals(
        self, hand: int, to: Square, steals: tuple[Square, ...], paid: int | None
    ) -> tuple[int, ...]:
        robbed: list[int] = []
        allowed = self.neighbours_to_rob(hand, to, paid)
        for square in steals:
            other = self.at.get(square)
            if other is None or other == self._leaving(paid):
                raise BadSteal(f"there is no hand on {square} to take a coin from", square=square)
            if other == hand:
                raise BadSteal("a hand cannot take a coin from itself", square=square)
            if other not in allowed:
                raise BadSteal(
                    f"{self.describe_hand(other)} is not next to {to}: no coin from it",
                    square=square,
                )
            if other in robbed:
                raise BadSteal(f"only one coin from the hand on {square}", square=square)
            robbed.append(other)
        return tuple(robbed)

    # --- applying -----------------------------------------------------------------------
    def _apply_roll(self, value: int) -> None:
        if self.phase is Phase.ROLL:
            self.roll = value
            self.phase = Phase.MOVE
            return
        self.contenders, self.opening_rolls, self.current = opening_step(
            self.contenders, self.opening_rolls, value
        )
        if not self.contenders:
            self.phase = Phase.ROLL

    def _apply_turn(
        self, paid: int | None, hand: int | None, to: Square | None, robbed: tuple[int, ...]
    ) -> None:
        # a hand whose last coin is taken (paid or robbed) leaves the board
        squares, coins, at = self.squares, self.coins, self.at
        left = False
        if paid is not None:
            coins[paid] -= 1
            if not coins[paid]:
                del at[squares[paid]]  # type: ignore[arg-type]  # a hand that paid is on it
                squares[paid] = None
                left = True
            self.bank += 1
        if hand is not None and to is not None:
            start = squares[hand]
            assert start is not None
            del at[start]
            squares[hand] = to
            at[to] = hand
            for other in robbed:
                coins[other] -= 1
                if not coins[other]:
                    del at[squares[other]]  # type: ignore[arg-type]  # robbed on the board
                    squares[other] = None
                    left = True
                coins[hand] += 1
        self.roll = None
        if not left:  # no hand left: the same two or more players play on
            players, seat = self.players, self.current
            while True:
                seat = (seat + 1) % players
                if squares[seat * HANDS_PER_COLOUR:(seat + 1) * HANDS_PER_COLOUR] != _NO_HANDS:
                    break
            self.current, self.phase = seat, Phase.ROLL
            return
        alive = self.alive()
        if len(alive) == 1:
            self.winner, self.phase = alive[0], Phase.OVER
            return
        self.current = next_player(self.current, self.players, alive)
        self.phase = Phase.ROLL

    # --- JSON ---------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "board": self.board.to_json(),
            "players": self.players,
            "hands": [
                {"colour": self.name(self.owner(h)), "square": _square_json(sq),
                 "coins": self.coins[h]}
                for h, sq in enumerate(self.squares)
            ],
            "bank": self.bank,
            "phase": self.phase.value,
            "current": self.current,
            "roll": self.roll,
            "contenders": list(self.contenders),
            "opening_rolls": list(self.opening_rolls),
            "winner": self.winner,
        }

    @classmethod
    def from_json(cls, data: Any, board: Board | None = None) -> State:
        """Rebuild a state saved by :meth:`to_json`; :class:`StateError` (one line) if it is
        malformed or impossible (coins not adding up, two hands on a square, a hand on the
        board without coins, the turn with a player who is out, ...). A hand-written position
        may leave out ``board`` (the default board), a hand's ``square`` and ``coins`` (off
        the board), and ``roll``, ``winner``, ``contenders`` and ``opening_rolls`` (none).
        The checks are :mod:`games.malloppo.saved`'s."""
        try:
            return state_from_json(cls, data, board)
        except BoardError as error:
            raise StateError(f"state.board: {error}") from None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]


def state_from_text(text: str) -> State:
    """A state from JSON text (saved states, scenario positions); :class:`StateError` if bad."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise StateError(f"saved Dammi il malloppo state: not JSON: {error}") from None
    return State.from_json(data)
