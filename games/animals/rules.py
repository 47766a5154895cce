"""Animal upon Animal: Memory Stacking's rules as a pure state machine.

No pygame, no pymunk. The physics scene reports what happened on the table (where the drawn
animal ended up in the tower, that the rolled animal went back into the pouch, that the tower
fell) and this module decides what it means. The animals, their template order and the
crocodiles come from a :class:`Catalogue` (``assets/animals/animals.toml``, read by
:mod:`games.animals.catalogue`).

The game runs through these phases (``MemoryStacking.phase``):

``opening``  the first player draws animals (chance: :class:`Draw`) until three are in hand.
``draw``     the player on turn draws one piece (:class:`Draw`, a chance event the player
             asks for) or calls "stop stacking!" (:class:`CallStop`).
``place``    the drawn animal goes into the tower at a height (:class:`Insert`).
``roll``     a crocodile was drawn: the die is rolled (chance: :class:`Roll`, 1-6).
``remove``   the rolled animal is taken out of the tower into the pouch (:class:`Remove`).
``doubt``    the tower is finished: the next player calls "stop stacking!" or accepts
             (:class:`Accept`).
``over``     the game has an :class:`Outcome`.

Readings of the rulebook where it is unclear (each has a test in tests/animals/test_rules.py):

* Seats play in the order given (clockwise); the first seat opens.
* Opening: a crocodile drawn in the opening goes straight back into the pouch and another piece
  is drawn; it is not counted as a crocodile played. The three animals are stacked bottom to
  top in template order (the scene lays them; there is no choice to make). Then the *next*
  player takes the first turn ("then the next player takes their turn").
* A turn: draw, show, insert. The insertion height is whatever the table shows once the turn's
  handling is over.
* The tower on the table is the tower the rules judge. The rulebook's "stop stacking!" takes
  down the tower that stands ("carefully take the animals off the tower one by one ... compare
  the order of the animals with their stacking template"), so a turn whose handling moved
  animals already in the tower (a portion re-grabbed before it stood still, the drawn animal
  lifted out with the animals riding on it and set down elsewhere) has changed their order, and
  the record follows the table: the scene reports the order it reads, bottom to top, as a
  :class:`Restack` before the turn's :class:`Insert` or :class:`Remove`. A restack holds the
  same animals; in the ``remove`` phase the rolled animal keeps its place (it is the one the
  crocodile takes, marked by the place the die counted, whatever stands around it).
* "Caused" the fall: the player on turn is responsible from the moment the turn passes to
  them until the tower has settled after their last release; the turn passes only then.
  So a fall during a player's handling, or as its result before everything stands still, is
  that player's; a fall after the tower stood still and the turn passed is the next player's.
  A fall while the tower is being taken down for "stop stacking!" is not a fall (the game is
  already decided).
* Crocodile: the die counts from the bottom (1 = the bottom animal). A roll above the tower's
  height removes nothing. The crocodile leaves the game either way and the turn passes. A
  removed animal goes back into the pouch and may be drawn again.
* "The tower is finished": all 15 animals stand in the tower (the pouch holds no animal; any
  crocodiles still in it are not drawn). It is checked when a turn ends, and the next player
  then doubts or accepts; accepting makes every player a winner together.
* "Stop stacking!" may be called on one's turn instead of drawing (never in the middle of a
  turn), and by the next player when the tower is finished. Wrong order: the caller alone
  wins. Right order: every other player wins and the caller loses.
* "A portion that falls while set aside on the board": the rule engine only hears
  ``tower fell``; the scene (``games/animals/scene.py``) counts a portion set aside as part of
  the tower, so its toppling is a fall (the pieces' hidden order would be lost).
"""

from __future__ import annotations

import copy
import enum
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from datafiles.userfile import shown
from games.core.checks import check_action
from games.core.rng import Chance

OPENING_ANIMALS = 3
DIE_SIDES = 6


class IllegalMove(ValueError):
    """A move the rules do not allow now; ``str()`` is one line for the player."""


class Phase(str, enum.Enum):
    OPENING = "opening"
    DRAW = "draw"
    PLACE = "place"
    ROLL = "roll"
    REMOVE = "remove"
    DOUBT = "doubt"
    OVER = "over"


@dataclass(frozen=True)
class Animal:
    """One piece: its name, and the picture drawn on its face (colour "#rrggbb", a mark)."""

    name: str
    colour: str
    mark: str
    crocodile: bool = False


@dataclass(frozen=True)
class Catalogue:
    """The pieces of one game: the animals in template order (bottom first), the crocodiles."""

    template: tuple[Animal, ...]
    crocodiles: tuple[Animal, ...]

    def __post_init__(self) -> None:
        names = [a.name for a in (*self.template, *self.crocodiles)]
        if len(set(names)) != len(names):
            raise ValueError("every piece needs its own name")
        if len(self.template) < OPENING_ANIMALS:
            raise ValueError(f"the template needs at least {OPENING_ANIMALS} animals")

    @property
    def pieces(self) -> dict[str, Animal]:
        return {a.name: a for a in (*self.template, *self.crocodiles)}

    @property
    def order(self) -> tuple[str, ...]:
        """The animal names bottom to top, as the lighthouse shows them."""
        return tuple(a.name for a in self.template)

    def rank(self, name: str) -> int:
        """Template position of an animal (0 = the bottom)."""
        return self.order.index(name)

    def is_crocodile(self, name: str) -> bool:
        return any(c.name == name for c in self.crocodiles)

    def sorted(self, names: Sequence[str]) -> list[str]:
        """``names`` in template order, bottom first."""
        return sorted(names, key=self.rank)


# -- actions -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Draw:
    """A piece comes out of the pouch (chance): ``piece`` is what was drawn."""

    piece: str


@dataclass(frozen=True)
class Insert:
    """The drawn animal goes into the tower with ``at`` animals below it (0 = the bottom)."""

    at: int


@dataclass(frozen=True)
class Restack:
    """The table reports the tower's order, bottom first, after the handling moved animals
    already in it (the scene decides; no player chooses it). ``order`` holds the same animals."""

    order: tuple[str, ...]


@dataclass(frozen=True)
class Roll:
    """The crocodile's die (chance): 1 to 6."""

    value: int


@dataclass(frozen=True)
class Remove:
    """The rolled animal is taken out of the tower and goes back into the pouch unseen."""


@dataclass(frozen=True)
class CallStop:
    """'Stop stacking!': the tower is taken down and checked."""


@dataclass(frozen=True)
class Accept:
    """The finished tower is not doubted: everyone wins together."""


@dataclass(frozen=True)
class TowerFell:
    """Some piece fell onto the table (the scene decides)."""


Action = Draw | Insert | Restack | Roll | Remove | CallStop | Accept | TowerFell


@dataclass(frozen=True)
class Outcome:
    """How the game ended: who won, who lost, why; the caller and the revealed tower if any."""

    winners: tuple[str, ...]
    losers: tuple[str, ...]
    reason: str
    caller: str | None = None
    revealed: tuple[str, ...] = ()


# -- the state ---------------------------------------------------------------------------------


@dataclass
class MemoryStacking:
    """The whole game. Make one with :meth:`new`; play it with :meth:`push`."""

    catalogue: Catalogue
    seats: tuple[str, ...]
    pouch: list[str]
    tower: list[str] = field(default_factory=list)  # bottom first
    opening_hand: list[str] = field(default_factory=list)
    turn: int = 0  # index into seats
    phase: Phase = Phase.OPENING
    in_hand: str | None = None  # the drawn piece (animal or crocodile)
    rolled: int | None = None
    out: list[str] = field(default_factory=list)  # crocodiles out of the game
    turns: int = 0  # finished turns (the opening not counted)
    drawn: int = 0  # animals drawn in turns (the opening's three not counted)
    crocodiles: int = 0  # crocodiles played
    outcome: Outcome | None = None
    _undo: list[tuple[Action, dict[str, Any]]] = field(default_factory=list, repr=False)

    @classmethod
    def new(cls, catalogue: Catalogue, seats: Sequence[str]) -> MemoryStacking:
        """A new game for 2 to 4 ``seats`` (in clockwise order; the first one opens)."""
        seats = tuple(seats)
        if not 2 <= len(seats) <= 4:
            raise IllegalMove(f"{len(seats)} players; allowed: 2 to 4")
        if len(set(seats)) != len(seats):
            raise IllegalMove("every seat needs its own name")
        pouch = [a.name for a in (*catalogue.template, *catalogue.crocodiles)]
        return cls(catalogue, seats, pouch)

    # -- reading --------------------------------------------------------------------------

    @property
    def seat(self) -> str:
        """The player on turn: the one who acts now, and who is responsible for the tower."""
        return self.seats[self.turn]

    def next_seat(self, seat: str | None = None) -> str:
        index = self.seats.index(seat or self.seat)
        return self.seats[(index + 1) % len(self.seats)]

    @property
    def animals_in_pouch(self) -> list[str]:
        return [p for p in self.pouch if not self.catalogue.is_crocodile(p)]

    @property
    def finished(self) -> bool:
        """Every animal stands in the tower."""
        return len(self.tower) == len(self.catalogue.template)

    def order_is_right(self) -> bool:
        """The tower follows the template, bottom to top."""
        return self.tower == self.catalogue.sorted(self.tower)

    def removal_target(self) -> int | None:
        """Index (0 = bottom) of the animal the crocodile takes, in the ``remove`` phase."""
        return None if self.phase is not Phase.REMOVE or self.rolled is None else self.rolled - 1

    def legal_actions(self) -> list[Action]:
        """Every action allowed now; chance phases list each possible outcome."""
        phase = self.phase
        if phase is Phase.OPENING:
            return [Draw(p) for p in self.pouch]
        if phase is Phase.DRAW:
            return [CallStop(), *(Draw(p) for p in self.pouch)]
        if phase is Phase.PLACE:
            return [Insert(at) for at in range(len(self.tower) + 1)]
        if phase is Phase.ROLL:
            return [Roll(v) for v in range(1, DIE_SIDES + 1)]
        if phase is Phase.REMOVE:
            return [Remove()]
        if phase is Phase.DOUBT:
            return [CallStop(), Accept()]
        return []

    # -- playing --------------------------------------------------------------------------

    def push(self, action: Action) -> None:
        """Apply ``action`` or raise :class:`IllegalMove` (nothing changes then)."""
        check_action(action, IllegalMove, {
            "Insert.at": f"0, the bottom, to {len(self.tower)}, the top",
            "Roll.value": f"1 to {DIE_SIDES}",
        })
        snapshot = self._snapshot()
        if isinstance(action, Draw):
            self._draw(action.piece)
        elif isinstance(action, Insert):
            self._insert(action.at)
        elif isinstance(action, Restack):
            self._restack(action.order)
        elif isinstance(action, Roll):
            self._roll(action.value)
        elif isinstance(action, Remove):
            self._remove()
        elif isinstance(action, CallStop):
            self._call_stop()
        elif isinstance(action, Accept):
            self._accept()
        elif isinstance(action, TowerFell):
            self._tower_fell()
        else:
            raise IllegalMove(f"not an action: {action!r}")
        self._undo.append((action, snapshot))

    def pop(self) -> Action:
        """Take back the last action."""
        if not self._undo:
            raise IllegalMove("nothing to undo")
        action, snapshot = self._undo.pop()
        for name, value in snapshot.items():
            setattr(self, name, value)
        return action

    def draw_random(self, chance: Chance) -> str:
        """Draw blind from the pouch with ``chance`` (forced outcomes index the pouch list)."""
        if not self.pouch:
            raise IllegalMove("the pouch is empty")
        piece = self.pouch[chance.index(len(self.pouch))]
        self.push(Draw(piece))
        return piece

    def roll_random(self, chance: Chance) -> int:
        value = chance.roll(DIE_SIDES)
        self.push(Roll(value))
        return value

    def _snapshot(self) -> dict[str, Any]:
        names = (
            "pouch tower opening_hand turn phase in_hand rolled out turns drawn crocodiles outcome"
        )
        return {name: copy.copy(getattr(self, name)) for name in names.split()}

    def _require(self, *phases: Phase, doing: str) -> None:
        if self.phase in phases:
            return
        if self.outcome is not None:
            raise IllegalMove(f"the game is over ({self.outcome.reason})")
        raise IllegalMove(f"cannot {doing} now: {self.expecting()}")

    def expecting(self) -> str:
        """What the game waits for, in words for the players."""
        return {
            Phase.OPENING: f"{self.seat} draws the opening animals",
            Phase.DRAW: f"{self.seat} draws an animal or calls stop stacking",
            Phase.PLACE: f"{self.seat} stacks the {self.in_hand}",
            Phase.ROLL: f"{self.seat} rolls the die for the crocodile",
            Phase.REMOVE: f"{self.seat} takes out animal {self.rolled} from the bottom",
            Phase.DOUBT: f"{self.seat} doubts the finished tower or accepts it",
            Phase.OVER: "the game is over",
        }[self.phase]

    def _draw(self, piece: str) -> None:
        self._require(Phase.OPENING, Phase.DRAW, doing="draw")
        if piece not in self.pouch:
            raise IllegalMove(f"{piece!r} is not in the pouch")
        crocodile = self.catalogue.is_crocodile(piece)
        if self.phase is Phase.OPENING:
            if crocodile:
                return  # back into the pouch at once; draw again
            self.pouch.remove(piece)
            self.opening_hand.append(piece)
            if len(self.opening_hand) == OPENING_ANIMALS:
                self.tower = self.catalogue.sorted(self.opening_hand)
                self.opening_hand = []
                self.turn = 1 % len(self.seats)
                self.phase = Phase.DRAW
            return
        self.pouch.remove(piece)
        self.in_hand = piece
        if crocodile:
            self.crocodiles += 1
            self.phase = Phase.ROLL
        else:
            self.drawn += 1
            self.phase = Phase.PLACE

    def _insert(self, at: int) -> None:
        self._require(Phase.PLACE, doing="stack an animal")
        if not 0 <= at <= len(self.tower):
            raise IllegalMove(
                f"insert at {at}: the tower has {len(self.tower)} animals; "
                f"allowed: 0 (the bottom) to {len(self.tower)} (the top)"
            )
        assert self.in_hand is not None
        self.tower.insert(at, self.in_hand)
        self.in_hand = None
        self._end_turn()

    def _restack(self, order: Sequence[str]) -> None:
        self._require(Phase.PLACE, Phase.REMOVE, doing="restack the tower")
        order = list(order)
        if sorted(order) != sorted(self.tower):
            raise IllegalMove(
                f"restack {', '.join(order) or 'nothing'}: the tower holds "
                f"{', '.join(self.tower)}; allowed: the same animals in another order"
            )
        target = self.removal_target()
        if target is not None and order[target] != self.tower[target]:
            raise IllegalMove(
                f"restack: the crocodile's animal must stay animal {target + 1} from the bottom"
            )
        self.tower = order

    def _roll(self, value: int) -> None:
        self._require(Phase.ROLL, doing="roll")
        if not 1 <= value <= DIE_SIDES:
            raise IllegalMove(f"a roll of {value}; allowed: 1 to {DIE_SIDES}")
        self.rolled = value
        if value > len(self.tower):
            self._crocodile_leaves()
            self._end_turn()
        else:
            self.phase = Phase.REMOVE

    def _remove(self) -> None:
        self._require(Phase.REMOVE, doing="take an animal out")
        assert self.rolled is not None
        animal = self.tower.pop(self.rolled - 1)
        self.pouch.append(animal)
        self._crocodile_leaves()
        self._end_turn()

    def _crocodile_leaves(self) -> None:
        assert self.in_hand is not None
        self.out.append(self.in_hand)
        self.in_hand = None

    def _end_turn(self) -> None:
        self.turns += 1
        self.rolled = None
        self.turn = (self.turn + 1) % len(self.seats)
        self.phase = Phase.DOUBT if self.finished else Phase.DRAW

    def _call_stop(self) -> None:
        self._require(Phase.DRAW, Phase.DOUBT, doing="call stop stacking")
        caller = self.seat
        others = tuple(s for s in self.seats if s != caller)
        revealed = tuple(self.tower)
        winners: tuple[str, ...]
        losers: tuple[str, ...]
        if self.order_is_right():
            winners, losers, verdict = others, (caller,), "right"
        else:
            winners, losers, verdict = (caller,), others, "wrong"
        self.outcome = Outcome(winners, losers, f"stop stacking: {verdict} order", caller, revealed)
        self.phase = Phase.OVER

    def _accept(self) -> None:
        self._require(Phase.DOUBT, doing="accept the tower")
        self.outcome = Outcome(self.seats, (), "tower finished", None, tuple(self.tower))
        self.phase = Phase.OVER

    def _tower_fell(self) -> None:
        self._require(Phase.DRAW, Phase.PLACE, Phase.ROLL, Phase.REMOVE, Phase.DOUBT, doing="fall")
        loser = self.seat
        others = tuple(s for s in self.seats if s != loser)
        self.outcome = Outcome(others, (loser,), "tower fell", None, tuple(self.tower))
        self.phase = Phase.OVER

    # -- JSON -----------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        outcome = self.outcome
        return {
            "seats": list(self.seats),
            "pouch": list(self.pouch),
            "tower": list(self.tower),
            "opening_hand": list(self.opening_hand),
            "turn": self.turn,
            "phase": self.phase.value,
            "in_hand": self.in_hand,
            "rolled": self.rolled,
            "out": list(self.out),
            "turns": self.turns,
            "drawn": self.drawn,
            "crocodiles": self.crocodiles,
            "outcome": None
            if outcome is None
            else {
                "winners": list(outcome.winners),
                "losers": list(outcome.losers),
                "reason": outcome.reason,
                "caller": outcome.caller,
                "revealed": list(outcome.revealed),
            },
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json())

    @classmethod
    def loads(cls, text: str, catalogue: Catalogue) -> MemoryStacking:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise IllegalMove(f"not a Memory Stacking state: not JSON ({error.msg})") from None
        return cls.from_json(data, catalogue)

    @classmethod
    def from_json(cls, data: Any, catalogue: Catalogue) -> MemoryStacking:
        """Rebuild a state from :meth:`to_json`, refusing in one line (:class:`IllegalMove`
        naming the key) a wrong type, a missing or unknown key, or any state play could not
        reach (:meth:`_impossible`)."""
        if not isinstance(data, Mapping):
            raise IllegalMove(f"not a Memory Stacking state: {shown(data)} is not a table")
        unknown = sorted(str(k) for k in set(data) - set(STATE_KEYS))
        if unknown:
            raise IllegalMove(
                f"not a Memory Stacking state: {shown(unknown[0])}: unknown key; "
                f"allowed: {', '.join(STATE_KEYS)}"
            )
        game = cls.new(catalogue, _names(data, "seats"))
        game.pouch = _names(data, "pouch")
        game.tower = _names(data, "tower")
        game.opening_hand = _names(data, "opening_hand")
        game.turn = _count(data, "turn")
        phase = _field(data, "phase")
        try:
            game.phase = Phase(phase)
        except ValueError:
            raise IllegalMove(
                f"not a Memory Stacking state: phase: {shown(phase)}; "
                f"allowed: {', '.join(p.value for p in Phase)}"
            ) from None
        game.in_hand = _name_or_none(data, "in_hand")
        game.rolled = None if _field(data, "rolled") is None else _count(data, "rolled")
        game.out = _names(data, "out")
        game.turns = _count(data, "turns")
        game.drawn = _count(data, "drawn")
        game.crocodiles = _count(data, "crocodiles")
        outcome = _field(data, "outcome")
        if outcome is not None:
            if not isinstance(outcome, Mapping):
                raise IllegalMove(
                    f"not a Memory Stacking state: outcome: {shown(outcome)} is not a table"
                )
            extra = sorted(str(k) for k in set(outcome) - set(OUTCOME_KEYS))
            if extra:
                raise IllegalMove(
                    f"not a Memory Stacking state: outcome.{shown(extra[0])}: unknown key; "
                    f"allowed: {', '.join(OUTCOME_KEYS)}"
                )
            reason = _field(outcome, "reason", "outcome.")
            if not isinstance(reason, str):
                raise IllegalMove(
                    f"not a Memory Stacking state: outcome.reason: {shown(reason)} is not text"
                )
            game.outcome = Outcome(
                tuple(_names(outcome, "winners", "outcome.")),
                tuple(_names(outcome, "losers", "outcome.")),
                reason,
                _name_or_none(outcome, "caller", "outcome."),
                tuple(_names(outcome, "revealed", "outcome.")),
            )
        problem = game._impossible()
        if problem:
            raise IllegalMove(f"impossible Memory Stacking state: {problem}")
        return game

    def _impossible(self) -> str | None:
        """Why this state cannot arise in a game, or None (every reachable state passes)."""
        return _pieces_impossible(self) or _phase_impossible(self) or _outcome_impossible(self)


STATE_KEYS = (
    "seats", "pouch", "tower", "opening_hand", "turn", "phase", "in_hand", "rolled", "out",
    "turns", "drawn", "crocodiles", "outcome",
)
OUTCOME_KEYS = ("winners", "losers", "reason", "caller", "revealed")
REASONS = ("stop stacking: right order", "stop stacking: wrong order", "tower finished",
           "tower fell")


def _field(data: Mapping[str, Any], key: str, prefix: str = "") -> Any:
    if key not in data:
        raise IllegalMove(f"not a Memory Stacking state: {prefix}{key}: missing")
    return data[key]


def _names(data: Mapping[str, Any], key: str, prefix: str = "") -> list[str]:
    value = _field(data, key, prefix)
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise IllegalMove(
            f"not a Memory Stacking state: {prefix}{key}: {shown(value)}; allowed: a list of names"
        )
    return list(value)


def _name_or_none(data: Mapping[str, Any], key: str, prefix: str = "") -> str | None:
    value = _field(data, key, prefix)
    if value is not None and not isinstance(value, str):
        raise IllegalMove(
            f"not a Memory Stacking state: {prefix}{key}: {shown(value)}; allowed: a name or null"
        )
    return value


def _count(data: Mapping[str, Any], key: str) -> int:
    value = _field(data, key)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise IllegalMove(
            f"not a Memory Stacking state: {key}: {shown(value)}; "
            "allowed: a whole number, 0 or more"
        )
    return value


def _pieces_impossible(game: MemoryStacking) -> str | None:
    """Every piece exactly once, crocodiles never in the tower, only crocodiles out."""
    catalogue = game.catalogue
    everything = [
        *game.pouch,
        *game.tower,
        *game.opening_hand,
        *([game.in_hand] if game.in_hand is not None else []),
        *game.out,
    ]
    known = catalogue.pieces
    for piece in everything:
        if piece not in known:
            return f"unknown piece {piece!r}"
    if sorted(everything) != sorted(known):
        doubled = sorted({p for p in everything if everything.count(p) > 1})
        if doubled:
            return f"{', '.join(doubled)} in two places at once"
        missing = sorted(set(known) - set(everything))
        return f"{', '.join(missing)} nowhere (not in pouch, tower, hand or out)"
    if any(catalogue.is_crocodile(p) for p in (*game.tower, *game.opening_hand)):
        return "a crocodile in the tower"
    if any(not catalogue.is_crocodile(p) for p in game.out):
        return "an animal out of the game (only crocodiles leave it)"
    return None


def _phase_impossible(game: MemoryStacking) -> str | None:
    """The phase fits the hand, the roll, the seat on turn and the counts."""
    catalogue = game.catalogue
    seats = len(game.seats)
    if not 0 <= game.turn < seats:
        return f"turn {game.turn} for {seats} players"
    phase = game.phase
    if phase is Phase.OPENING:
        if game.tower or len(game.opening_hand) >= OPENING_ANIMALS:
            return "an opening with a tower already built"
        if game.turn != 0:
            return f"the opening is drawn by the first seat ({game.seats[0]}), not {game.seat}"
        if game.out or game.crocodiles or game.turns or game.drawn:
            return "crocodiles played or turns counted during the opening"
    elif game.opening_hand:
        return "opening animals in hand after the opening"
    else:
        if game.turn != (1 + game.turns) % seats:
            return (f"{game.seat} on turn after {game.turns} turns; "
                    f"{game.seats[(1 + game.turns) % seats]} should be")
        drawn_now = 0 if game.in_hand is None else 1
        if game.drawn + game.crocodiles != game.turns + drawn_now:
            return (f"{game.drawn} animals and {game.crocodiles} crocodiles drawn in "
                    f"{game.turns} turns")
        # The tower: the opening's animals and every animal stacked, less those the
        # crocodiles out of the game took (each took one or none).
        stacked = game.drawn - (1 if game.in_hand and not catalogue.is_crocodile(game.in_hand)
                                else 0)
        taken = OPENING_ANIMALS + stacked - len(game.tower)
        if not 0 <= taken <= len(game.out):
            return (f"a tower of {len(game.tower)} after {stacked} animals stacked and "
                    f"{len(game.out)} crocodiles played")
    in_hand = game.in_hand
    crocodile_in_hand = in_hand is not None and catalogue.is_crocodile(in_hand)
    hand_kind = {
        Phase.PLACE: "animal",
        Phase.ROLL: "crocodile",
        Phase.REMOVE: "crocodile",
    }.get(phase)
    fell = game.outcome is not None and game.outcome.reason == "tower fell"
    if hand_kind is None and in_hand is not None and not (phase is Phase.OVER and fell):
        return f"a piece in hand in the {phase.value} phase"
    if hand_kind is not None:
        if in_hand is None:
            return f"no piece in hand in the {phase.value} phase"
        if (hand_kind == "crocodile") != crocodile_in_hand:
            return f"the {phase.value} phase needs a drawn {hand_kind}"
    # A roll waits in the remove phase, or stays when the tower fell while taking it out.
    if game.rolled is not None:
        removing = phase is Phase.REMOVE or (phase is Phase.OVER and fell and crocodile_in_hand)
        if not removing:
            return f"a roll of {game.rolled} outside the remove phase"
        if not 1 <= game.rolled <= len(game.tower):
            return f"a roll of {game.rolled} to remove from a tower of {len(game.tower)}"
    elif phase is Phase.REMOVE:
        return "no roll in the remove phase"
    if phase is Phase.DOUBT and not game.finished:
        return "doubting a tower that is not finished"
    if (phase is Phase.OVER) != (game.outcome is not None):
        return "an outcome and the phase disagree"
    if game.crocodiles != len(game.out) + (1 if crocodile_in_hand else 0):
        return "the count of crocodiles played disagrees with those out of the game"
    return None


def _outcome_impossible(game: MemoryStacking) -> str | None:
    """The outcome is the one the rules give for its reason, the caller and the tower."""
    outcome = game.outcome
    if outcome is None:
        return None
    if outcome.reason not in REASONS:
        return f"outcome.reason {outcome.reason!r}; allowed: {', '.join(REASONS)}"
    if outcome.revealed != tuple(game.tower):
        return "the outcome's revealed tower is not the tower"
    seats = game.seats
    others = tuple(s for s in seats if s != game.seat)
    expected: tuple[tuple[str, ...], tuple[str, ...]]
    if outcome.reason.startswith("stop stacking"):
        if outcome.caller != game.seat:
            return (f"stop stacking called by {outcome.caller!r}, not by {game.seat}, "
                    "the player on turn")
        right = game.order_is_right()
        if right != (outcome.reason == "stop stacking: right order"):
            verdict = "is" if right else "is not"
            return f"{outcome.reason!r}, but the revealed tower {verdict} in template order"
        expected = (others, (game.seat,)) if right else ((game.seat,), others)
    else:
        if outcome.caller is not None:
            return f"a caller ({outcome.caller!r}) for {outcome.reason!r}"
        if outcome.reason == "tower finished":
            if not game.finished:
                return "'tower finished' with a tower that is not finished"
            expected = (seats, ())
        else:
            expected = (others, (game.seat,))
    if (outcome.winners, outcome.losers) != expected:
        return (f"winners {', '.join(outcome.winners) or 'none'} and losers "
                f"{', '.join(outcome.losers) or 'none'} do not follow from {outcome.reason!r}; "
                f"the rules give winners {', '.join(expected[0]) or 'none'}")
    return None


def seat_names(count: int) -> tuple[str, ...]:
    """The seats of a ``count``-player game, in play order."""
    return SEAT_NAMES[:count]


SEAT_NAMES = ("red", "blue", "yellow", "green")
