"""Wallamoppi's rules as a pure state machine: the wall-building step and the tower duel.

No pygame, no pymunk: the physics scene reports what happened (a disk was stacked, the tower
fell, the marble reached the end hole) and this module decides what it means.

The wall
--------
The wall is a brick-bond pyramid of 36 slots: row 0 (on the table) has 8 slots, row 1 has 7
and so on up to the single apex slot in row 7. Slot ``(row, index)`` with ``row >= 1`` sits
centred on the two slots ``(row - 1, index)`` and ``(row - 1, index + 1)``.

Readings of the rulebook chosen here (the rulebook is silent or loose on each):

- The 8 bottom positions are fixed coordinates. The first disk may go on any of them; every
  later bottom disk must sit next to a bottom disk already there, so the bottom row always is
  one straight unbroken line ("next to another disk", "in a straight line").
- A disk above the bottom row needs both disks it is centred on ("centred on top of two
  disks"); it may be placed as soon as both are there, before the bottom row is complete.
- The apex is reserved for light's own disk, which the rulebook places last "on top"; no bag
  disk may take it. Dark's own disk goes on the one slot left over after the 34 bag disks.
  With these two readings the wall can always be finished: a drawn disk always has a slot.
- Draws alternate dark, light, dark ... for the 34 bag disks (17 each), then dark places the
  dark disk received at setup and light the light disk. A drawn colour is known only once
  drawn: the state shows the disk in hand, never the bag's order (it is stored for replays).

The tower
---------
The light apex disk is the first tower disk. Dark moves first. A turn:

1. The player *not* on turn starts the timer by releasing the marble (``start_timer``).
   Before that, the player on turn may not touch the wall ("wait for your timer").
2. With one hand the player on turn takes one disk of their own colour, from the wall or one
   of their colour that fell earlier and lies where it landed (``take``). Touching other
   disks with the same hand ("nudging") is allowed and counts as a touch. "Earlier" includes
   earlier in this turn: a disk nudged off the wall lies on the table like any fallen disk
   and may be taken while the hand is still empty (the rulebook's "during a later turn" is
   there because a pull that knocks a disk off already fills the hand).
3. A disk in hand must be stacked: until it is, no other disk may be taken. One disk per turn.
4. The scene reports the taken disk resting on top of the tower (``stack``).
5. The player stops their timer by clicking (catching) the marble after stacking
   (``stop_timer``); the turn passes. The marble goes back to the top of the box and the
   player who just stacked starts the next timer (rulebook step 3) with ``start_timer``.

Endings (an :class:`Outcome` with a winner and a reason):

- ``timer``: the marble dropped into the end hole before the player on turn stopped it (having
  stacked or not): that player loses.
- ``tower fell``: any tower disk fell (the scene defines it: tilt, drop off its support,
  contact with the table or the wall, leaving the footprint). The last player to touch any
  disk, in the tower or the wall, loses. Before anyone touches a disk that is light, who
  placed the apex.
- ``no disks left``: when the turn passes to a player who has no disk of their colour outside
  the tower, the game ends and the last player to stack a disk wins. (The rulebook does not
  say; this is the issue's reading.) A disk counts as available wherever it lies.
- After stacking, the player's hand is done: further touches are refused until the timer is
  stopped, so a late nudge cannot cost anyone the game.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from games.core.rng import Chance

DARK = "dark"
LIGHT = "light"
SEATS = (DARK, LIGHT)
ROWS = 8
DISKS_PER_COLOUR = 18


class IllegalMove(ValueError):
    """A move the rules do not allow now; ``str()`` is one line for the player."""


class IllegalPlacement(IllegalMove):
    """A wall placement on a slot that is not allowed; ``reason`` says why."""

    def __init__(self, slot: Slot, reason: str) -> None:
        super().__init__(f"{slot}: {reason}")
        self.slot = slot
        self.reason = reason


class Phase(str, enum.Enum):
    WALL = "wall"
    TOWER = "tower"
    OVER = "over"


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th ... (for messages)."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def other(seat: str) -> str:
    """The opponent of ``seat``."""
    return LIGHT if seat == DARK else DARK


@dataclass(frozen=True, order=True)
class Slot:
    """A wall position: ``row`` 0 is on the table, ``index`` counts from the left."""

    row: int
    index: int

    def __post_init__(self) -> None:
        if not (0 <= self.row < ROWS and 0 <= self.index < ROWS - self.row):
            raise IllegalMove(
                f"no slot row={self.row} index={self.index}; "
                f"rows 0-7, index 0-{ROWS - 1 - self.row}"
            )

    def __str__(self) -> str:
        """The slot in a player's words: "the top slot", "row 2 (from the bottom), 3rd from the
        left" (rows and places counted from 1, as a person counts them)."""
        if self.is_apex:
            return "the top slot"
        return f"row {self.row + 1}, {ordinal(self.index + 1)} from the left"

    @property
    def supports(self) -> tuple[Slot, ...]:
        """The two slots this one rests on (none on the table)."""
        if self.row == 0:
            return ()
        return (Slot(self.row - 1, self.index), Slot(self.row - 1, self.index + 1))

    @property
    def is_apex(self) -> bool:
        return self.row == ROWS - 1

    def to_json(self) -> list[int]:
        return [self.row, self.index]

    @classmethod
    def from_json(cls, data: Any) -> Slot:
        try:
            row, index = (int(value) for value in data)
        except (TypeError, ValueError):
            raise IllegalMove(f"a slot is [row, index]; got {data!r}") from None
        return cls(row, index)


def all_slots() -> Iterator[Slot]:
    """Every wall slot, bottom row first, left to right."""
    for row in range(ROWS):
        for index in range(ROWS - row):
            yield Slot(row, index)


APEX = Slot(ROWS - 1, 0)


@dataclass(frozen=True)
class Disk:
    """One Kiwi disk: a stable id (``d0``..``d35``) and its colour."""

    id: str
    colour: str


@dataclass(frozen=True)
class Placement:
    """A wall move: the drawn disk goes on ``slot``."""

    slot: Slot


@dataclass(frozen=True)
class Outcome:
    winner: str
    reason: str


@dataclass
class TowerTurn:
    """Where the player on turn is in the tower step."""

    seat: str = DARK
    timer_running: bool = False
    taken: str | None = None  # id of the disk in hand (taken this turn, not yet stacked)
    stacked: bool = False


@dataclass
class Wallamoppi:
    """The whole game state. Make one with :meth:`new`."""

    bag: list[Disk]  # the draw order of the 34 bag disks (hidden from players)
    own: dict[str, Disk]  # the disk each seat was handed at setup
    wall: dict[Slot, Disk] = field(default_factory=dict)
    history: list[Placement] = field(default_factory=list)
    tower: list[str] = field(default_factory=list)  # disk ids, bottom (the apex) first
    turn: TowerTurn = field(default_factory=TowerTurn)
    last_toucher: str = LIGHT
    last_stacker: str | None = None
    turns: int = 0  # completed tower turns
    outcome: Outcome | None = None

    # -- setup -----------------------------------------------------------------------

    @classmethod
    def new(cls, chance: Chance) -> Wallamoppi:
        """Hand out the two own disks and shuffle the other 34 into the bag with ``chance``."""
        disks = [
            Disk(f"d{n}", DARK if n < DISKS_PER_COLOUR else LIGHT)
            for n in range(2 * DISKS_PER_COLOUR)
        ]
        own = {DARK: disks[0], LIGHT: disks[DISKS_PER_COLOUR]}
        rest = [disk for disk in disks if disk not in own.values()]
        return cls(bag=chance.shuffled(rest), own=own)

    @property
    def disks(self) -> dict[str, Disk]:
        """Every disk by id."""
        every = [*self.bag, *self.own.values()]
        return {disk.id: disk for disk in every}

    # -- the wall step ---------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        if self.outcome is not None:
            return Phase.OVER
        return Phase.WALL if len(self.wall) < len(self.bag) + 2 else Phase.TOWER

    @property
    def placer(self) -> str:
        """The seat placing the next wall disk."""
        placed = len(self.history)
        if placed < len(self.bag):
            return SEATS[placed % 2]
        return DARK if placed == len(self.bag) else LIGHT

    @property
    def disk_in_hand(self) -> Disk | None:
        """The disk the placer holds now (drawn from the bag, or their own), if any."""
        placed = len(self.history)
        if placed < len(self.bag):
            return self.bag[placed]
        if placed == len(self.bag):
            return self.own[DARK]
        if placed == len(self.bag) + 1:
            return self.own[LIGHT]
        return None

    def why_not(self, slot: Slot) -> str | None:
        """Why the disk in hand may not go on ``slot`` now, or None if it may."""
        if self.phase is not Phase.WALL:
            return "the wall is finished"
        if slot in self.wall:
            return "already holds a disk"
        last = len(self.history) == len(self.bag) + 1
        if slot.is_apex and not last:
            return "the top is kept for light's own disk, placed last"
        if slot.row == 0:
            bottom = [s.index for s in self.wall if s.row == 0]
            if bottom and slot.index - 1 not in bottom and slot.index + 1 not in bottom:
                return "a bottom disk must go next to another bottom disk, in one straight line"
            return None
        missing = [s for s in slot.supports if s not in self.wall]
        if missing:
            return "a disk must be centred on top of two disks; missing " + " and ".join(
                map(str, missing)
            )
        return None

    def legal_slots(self) -> list[Slot]:
        """Slots the disk in hand may go on, bottom row first."""
        if self.phase is not Phase.WALL:
            return []
        return [slot for slot in all_slots() if self.why_not(slot) is None]

    def push(self, placement: Placement) -> None:
        """Place the disk in hand on ``placement.slot`` or raise :class:`IllegalPlacement`."""
        reason = self.why_not(placement.slot)
        if reason is not None:
            raise IllegalPlacement(placement.slot, reason)
        disk = self.disk_in_hand
        assert disk is not None
        self.wall[placement.slot] = disk
        self.history.append(placement)
        if self.phase is Phase.TOWER:
            self.tower = [self.wall[APEX].id]

    def pop(self) -> Placement:
        """Undo the last wall placement (only while the tower step has not begun)."""
        if not self.history:
            raise IllegalMove("nothing to undo")
        if self.turns or self.turn.timer_running or self.turn.taken or self.outcome:
            raise IllegalMove("the tower step has begun; wall placements cannot be undone")
        placement = self.history.pop()
        del self.wall[placement.slot]
        self.tower = []
        return placement

    # -- the tower step --------------------------------------------------------------

    def _require_tower(self) -> None:
        if self.outcome is not None:
            raise IllegalMove(
                f"the game is over: {self.outcome.winner} won ({self.outcome.reason})"
            )
        if self.phase is not Phase.TOWER:
            raise IllegalMove("build the wall first")

    def start_timer(self, seat: str) -> None:
        """``seat`` (the player not on turn) releases the marble for the player on turn."""
        self._require_tower()
        if seat == self.turn.seat:
            raise IllegalMove(f"{other(seat)} starts {seat}'s timer, not {seat}")
        if self.turn.timer_running:
            raise IllegalMove("the marble is already rolling")
        self.turn.timer_running = True

    def why_no_touch(self, seat: str) -> str | None:
        """Why ``seat`` may not touch a disk now, or None if they may."""
        if self.outcome is not None:
            return "the game is over"
        if self.phase is not Phase.TOWER:
            return "build the wall first"
        if seat != self.turn.seat:
            return f"it is {self.turn.seat}'s turn"
        if not self.turn.timer_running:
            return f"wait for your timer: {other(seat)} must release the marble first"
        if self.turn.stacked:
            return "you have stacked your disk: click the marble to stop your timer"
        return None

    def touch(self, seat: str) -> None:
        """``seat`` touches a disk (nudging the wall, or taking one)."""
        reason = self.why_no_touch(seat)
        if reason:
            raise IllegalMove(reason)
        self.last_toucher = seat

    def why_not_take(self, seat: str, disk_id: str) -> str | None:
        """Why ``seat`` may not take ``disk_id`` into their hand now, or None if they may."""
        reason = self.why_no_touch(seat)
        if reason:
            return reason
        disk = self.disks.get(disk_id)
        if disk is None:
            return "that is not a disk of this game"
        if disk_id in self.tower:
            return "disks in the tower may not be moved"
        if self.turn.taken is not None and self.turn.taken != disk_id:
            return "the disk in your hand must be stacked first (one disk per turn)"
        if disk.colour != seat:
            return f"that is a {disk.colour} disk; you take only {seat} disks"
        return None

    def take(self, seat: str, disk_id: str) -> None:
        """``seat`` takes ``disk_id`` (from the wall or the table) to stack it."""
        reason = self.why_not_take(seat, disk_id)
        if reason:
            raise IllegalMove(reason)
        self.last_toucher = seat
        self.turn.taken = disk_id

    def stack(self, disk_id: str) -> None:
        """The scene saw the taken disk come to rest on top of the tower."""
        self._require_tower()
        if self.turn.taken != disk_id:
            raise IllegalMove(f"that is not the disk in {self.turn.seat}'s hand")
        if not self.turn.timer_running:
            raise IllegalMove("the timer is not running")
        self.tower.append(disk_id)
        self.turn.taken = None
        self.turn.stacked = True
        self.last_stacker = self.turn.seat

    def stop_timer(self, seat: str) -> None:
        """``seat`` catches the marble after stacking: the turn passes."""
        self._require_tower()
        if seat != self.turn.seat:
            raise IllegalMove(f"only {self.turn.seat} may stop their timer now")
        if not self.turn.timer_running:
            raise IllegalMove("the marble is not rolling")
        if not self.turn.stacked:
            raise IllegalMove("stack a disk on the tower before you stop your timer")
        self.turns += 1
        self.turn = TowerTurn(seat=other(seat))
        if not self.available(self.turn.seat):
            self.outcome = Outcome(seat, "no disks left")

    def available(self, seat: str) -> list[str]:
        """Ids of ``seat``'s disks not in the tower (in the wall or lying where they fell)."""
        return [
            disk.id
            for disk in self.disks.values()
            if disk.colour == seat and disk.id not in self.tower
        ]

    def timer_ran_out(self) -> None:
        """The marble dropped into the end hole: the player on turn loses."""
        self._require_tower()
        if not self.turn.timer_running:
            raise IllegalMove("the marble is not rolling")
        self.outcome = Outcome(other(self.turn.seat), "timer")

    def tower_fell(self) -> None:
        """A tower disk fell: whoever last touched a disk loses."""
        self._require_tower()
        self.outcome = Outcome(other(self.last_toucher), "tower fell")

    # -- JSON ------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "bag": [[disk.id, disk.colour] for disk in self.bag],
            "own": {seat: [disk.id, disk.colour] for seat, disk in self.own.items()},
            "history": [p.slot.to_json() for p in self.history],
            "tower": list(self.tower),
            "turn": {
                "seat": self.turn.seat,
                "timer_running": self.turn.timer_running,
                "taken": self.turn.taken,
                "stacked": self.turn.stacked,
            },
            "last_toucher": self.last_toucher,
            "last_stacker": self.last_stacker,
            "turns": self.turns,
            "outcome": None if self.outcome is None else [self.outcome.winner, self.outcome.reason],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Wallamoppi:
        """Rebuild a state from :meth:`to_json`; the wall is replayed so it is checked."""
        try:
            game = cls(
                bag=[Disk(str(i), _seat(c)) for i, c in data["bag"]],
                own={_seat(seat): Disk(str(i), _seat(c)) for seat, (i, c) in data["own"].items()},
            )
            for slot in data["history"]:
                game.push(Placement(Slot.from_json(slot)))
            turn = data["turn"]
            game.tower = [str(i) for i in data["tower"]]
            game.turn = TowerTurn(
                _seat(turn["seat"]),
                bool(turn["timer_running"]),
                turn["taken"],
                bool(turn["stacked"]),
            )
            game.last_toucher = _seat(data["last_toucher"])
            game.last_stacker = (
                None if data["last_stacker"] is None else _seat(data["last_stacker"])
            )
            game.turns = int(data["turns"])
            if data["outcome"] is not None:
                winner, reason = data["outcome"]
                game.outcome = Outcome(_seat(winner), str(reason))
        except (KeyError, TypeError, ValueError) as error:
            if isinstance(error, IllegalMove):
                raise
            raise IllegalMove(f"not a Wallamoppi state: {error!r}") from None
        return game

    def dumps(self) -> str:
        return json.dumps(self.to_json())

    @classmethod
    def loads(cls, text: str) -> Wallamoppi:
        return cls.from_json(json.loads(text))


def _seat(value: Any) -> str:
    if value not in SEATS:
        raise ValueError(f"seat {value!r}; allowed: dark, light")
    return str(value)
