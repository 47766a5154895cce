"""The Whacky Wit rule engine: state, legal actions, push/pop, outcome, JSON. Pure Python.

Modelled on python-chess (small frozen value objects, ``push``/``pop``, precise exceptions)
and OpenSpiel's python games (a chance node for every roll, legal actions, serialization).
The maze and the dice live in :mod:`games.whacky.board`, the moves and errors (re-exported
here) in :mod:`games.whacky.actions`, the searches for moves and the checks of a given path
in :mod:`games.whacky.paths`. Two players: 0 is Whacky, 1 plays all four monsters.

A game runs through these phases (``State.phase``):

``whacky_roll``   Whacky rolls his die (chance: :class:`Roll`); with a stored power he may
                  first :class:`UsePower` (accident rules only).
``whacky_move``   :class:`Move` of Whacky along a path of exactly the roll.
``monster_roll``  the monsters roll both dice at once (chance: :class:`MonsterRoll`, a colour
                  and a number).
``monster_move``  :class:`Move` of the monster the colour die chose.
``accident``      (accident rules only) chance: :class:`Accident`, did the monster just moved
                  put a dot down by mistake?
``over``          Whacky has put every dot down, or the monsters have won.

Readings of the rulebook where it is unclear (each has a test in tests/whacky/):

* Start: Whacky on his start point, the four monsters in the cage, every dot up. The start
  point and the cage hold no dot; every other point of the maze is a dot.
* "The starting points of Whacky and the Monsters count one step": the start point is a point
  of the maze like a dot, so walking onto or over it costs one step, and leaving the cage onto
  its exit is the first step of a monster's move (a 1 puts the monster on the exit).
* Turns: Whacky begins; at the start of each life he rolls twice (two moves), then the sides
  alternate, one roll each. A roll that cannot be moved passes at once (the log says so): a
  monster in the cage on a 7 or more ("stays inside ... and it is Whacky's turn"), a monster
  with no legal way, or (very rarely) Whacky hemmed in.
* Whacky moves exactly the number rolled and may turn back within a move, passing dots again;
  he puts down every dot he passes, the last one included. Unpowered, he never passes through
  a monster: a monster's dot can only be the last step of his move (the rulebook's "rush into
  a Monster"). Through the aisle he steps from one handle to the other (one step) and appears
  on the other side. Among the many paths to one dot, a move may take any; the listed move
  carries a witness path that puts down the most dots any walk there puts down (powered:
  that hunts the most monsters, then puts down the most dots).
* Monsters: the colour die names the monster, the number how far; a monster in the cage leaves
  on 1 to 6 and stays on 7 or more. A monster moves exactly the number in one direction: it
  never steps straight back to the point it just left, except at a handle, where it bounces
  (turns back). Monsters never use the aisle ("only Whacky may use the middle aisle"): for them
  a handle is the end of the corridor. Nobody enters the cage except a monster sent back. A
  monster may jump over other monsters ("can jump over each other, but cannot stack") but
  never end on another monster; of its legal ways the monsters' player chooses any ("must
  take another way"); with none, it does not move. A monster that can move must move.
* A monster whose move passes over Whacky or ends on him catches him. Tricky Situations,
  figure 1: "The red Monster cannot kill Whacky with a diced four, *because* the destination
  is already occupied by another Monster": the four would carry red over Whacky, and only the
  occupied destination saves him, so onto a free point the same four kills him. A way that
  cannot be made (it ends on another monster) catches nobody: "Whacky cannot be killed and
  the Monster has to move in another direction". Of the ways to one destination, the listed
  move's witness passes over Whacky when one does; the player may give another path.
* Caught: Whacky loses a life and starts again on his start point; the monsters stay where they
  are, except a monster standing on the start point, which goes back to the cage (published
  summaries). If then two monsters stand next to the start point (on the default board: on both
  of its two neighbours, every way out), it is checkmate and the monsters win at once
  (figure 2). A third catch ends the game: the monsters win.
* Power dot: when a move puts a power dot down, the monsters wait and Whacky rolls three more
  times (any rolls still owed, e.g. the second roll of a new life, are part of those three).
  "In this time he is able to hunt the Monsters and send them back to their cage": read as
  the monsters' catching is, a powered move sends back every monster it passes over or ends
  on, and passes on (unpowered he could not pass them). A power dot put down during the
  three rolls starts three new ones. The move that puts the power dot down is not itself
  powered.
* Suicide: Whacky may end an unpowered move on a monster to put down the dot under it; that
  counts as being caught (he loses a life, and a power dot put down so gives no power to the
  new life). If that was the last dot and he still has a life left afterwards, Whacky wins;
  on his last life the monsters win (caught three times).
* "Whacky has won when all the dots, including the yellow power dots, are put down": the
  moment the last dot goes down, even mid-way through power rolls, and even mid-walk: he
  stops on it, and the rest of the walk (say onto a monster, on his last life) is not made.
  Only the suicide rule above, where the last dot is the one under the monster he runs into,
  needs a life to spare. The monsters win when they have caught Whacky three times, or by
  checkmate.
* Accident rules (option ``accidents = N``, off at 0): after a monster's move that passed dots
  still up (the end dot included), one chance event decides whether it put one down by
  mistake: each such dot in turn has a 1-in-N chance, and the first whose chance comes up
  goes down (at most one per move; with k dots none goes down with chance (1 - 1/N)**k,
  see :func:`games.whacky.paths.accident_chances`). A plain dot simply goes
  down (to Whacky's advantage; if it was the last, Whacky wins). A power dot goes down, the
  "scatty" monster goes back to the cage, and Whacky keeps the power: on any later roll of
  his he may :class:`UsePower` (three powered rolls, as if he had put the dot down himself).
"""

from __future__ import annotations

import functools
import json
from collections import Counter
from collections.abc import Callable
from functools import partial
from typing import Any, cast

from datafiles.assets import parse_once, read_once
from datafiles.userfile import shown
from games.core.checks import check_action
from games.turnkit.engine import (
    NOTHING_LISTED,
    Listing,
    SnapshotState,
    listed_again,
    listing_ref,
)
from games.whacky import paths, saved
from games.whacky.actions import (
    Accident,
    Action,
    BadPath,
    BadRoll,
    Blocked,
    IllegalMove,
    MonsterRoll,
    Move,
    MoveListing,
    Result,
    Roll,
    StateError,
    UsePower,
    WrongPhase,
    WrongPiece,
    action_from_json,
    action_to_json,
)
from games.whacky.board import Board, BoardError, board_from_data, default_board_path, load_board
from games.whacky.phases import (
    CAGE_LEAVE_MAX,
    CHANCE_PHASES,
    LIVES,
    MAX_ACCIDENTS,
    MONSTERS,
    OPENING_ROLLS,
    PLAYER_NAMES,
    POWER_ROLLS,
    WHACKY,
    Phase,
)

# The engine's public face: the moves and errors of games.whacky.actions are re-exported.
__all__ = [
    "CAGE_LEAVE_MAX",
    "LIVES",
    "MONSTERS",
    "PLAYER_NAMES",
    "WHACKY",
    "Accident",
    "Action",
    "BadPath",
    "BadRoll",
    "Blocked",
    "IllegalMove",
    "MonsterRoll",
    "Move",
    "Phase",
    "Result",
    "Roll",
    "State",
    "StateError",
    "UsePower",
    "WrongPhase",
    "WrongPiece",
    "action_from_json",
    "action_to_json",
    "counted",
    "default_board",
    "json_text",
]  # fmt: skip

def _board_from_json(raw: Any) -> Board:
    """The board of a saved state, checked once per distinct board."""
    return parse_once(board_from_data, raw, "state.board")


def default_board() -> Board:
    """The board of the assets folder (read once per folder; a bad file: :class:`BoardError`)."""
    return read_once(load_board, default_board_path())


def counted(faces: tuple[Any, ...]) -> list[tuple[Any, float]]:
    """Distinct faces of a die with their probabilities, in first-face order."""
    counts = Counter(faces)
    return [(face, counts[face] / len(faces)) for face in dict.fromkeys(faces)]


class State(SnapshotState[Action]):
    """A Whacky Wit game in progress. Mutate only through :meth:`push` and :meth:`pop`."""

    def __init__(self, board: Board | None = None, *, accidents: int = 0) -> None:
        if accidents < 0 or accidents == 1:
            raise ValueError(f"accidents is a 1-in-N chance per dot: N = 0 (off) or 2 and up, "
                             f"not {accidents}")
        self.board = board if board is not None else default_board()
        self.accidents = accidents
        self.up = self.board.dot_mask  # bit per node whose dot is still up
        self.whacky = self.board.start
        self.monsters: tuple[int, ...] = (self.board.cage,) * 4
        self.lives = LIVES
        self.phase = Phase.WHACKY_ROLL
        self.roll: int | None = None
        self.chosen: int | None = None  # the monster the colour die named
        self.rolls_left = OPENING_ROLLS  # Whacky's rolls before the monsters' turn
        self.power = 0  # how many of those are powered
        self.stored_power = 0  # powers left by scatty monsters (accident rules)
        self.accident_dots: tuple[int, ...] = ()
        self.winner: int | None = None
        self.reason = ""
        self.said: tuple[str, ...] = ()  # what the last action caused, in words
        self.history: list[tuple[Action, tuple[Any, ...]]] = []
        # the moves legal_moves listed since the last push, by id: (move, point path)
        self._listed: Listing[Move] | MoveListing = NOTHING_LISTED
        self._searched: tuple[Any, dict[int, tuple[int, ...]]] = (None, {})
        self._monster_searched: tuple[Any, dict[int, tuple[int, ...]]] = (None, {})

    # --- small queries ------------------------------------------------------------------
    @property
    def current(self) -> int:
        return MONSTERS if self.phase in (
            Phase.MONSTER_ROLL, Phase.MONSTER_MOVE, Phase.ACCIDENT
        ) else WHACKY

    def name(self, player: int) -> str:
        return PLAYER_NAMES[player]

    def label(self, node: int) -> str:
        return self.board.label(node)

    def monster_name(self, monster: int) -> str:
        return self.board.monster_name(monster)

    def is_chance(self) -> bool:
        return self.phase in CHANCE_PHASES

    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def outcome(self) -> Result | None:
        if self.winner is None:
            return None
        return Result(self.winner, self.name(self.winner), self.reason)

    def dots_up(self) -> int:
        return bin(self.up).count("1")

    def is_up(self, node: int) -> bool:
        return bool(self.up >> node & 1)

    def monster_at(self, node: int) -> int | None:
        """The monster standing on ``node`` (never the cage), or None."""
        if node == self.board.cage:
            return None
        for m, pos in enumerate(self.monsters):
            if pos == node:
                return m
        return None

    def powered(self) -> bool:
        """True while Whacky's coming (or current) move is powered."""
        return self.power > 0

    # --- legal actions ------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every legal action now (a move per destination, with a witness path)."""
        phase = self.phase
        if phase is Phase.WHACKY_MOVE or phase is Phase.MONSTER_MOVE:
            # the listing itself: a search holding it gets it back unchecked after a pop
            return cast("list[Action]", self.legal_moves())
        if phase in CHANCE_PHASES:
            actions: list[Action] = [a for a, _ in self.chance_outcomes()]
            if self.can_use_power():
                actions.append(UsePower())
            return actions
        return []

    def can_use_power(self) -> bool:
        return self.phase is Phase.WHACKY_ROLL and self.stored_power > 0 and self.power == 0

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """The chance actions of this chance node with their probabilities."""
        board = self.board
        if self.phase is Phase.WHACKY_ROLL:
            return [(Roll(v), p) for v, p in counted(board.whacky_die)]
        if self.phase is Phase.MONSTER_ROLL:
            return [
                (MonsterRoll(board.monster_name(m), v), pm * pv)
                for m, pm in counted(board.colour_die)
                for v, pv in counted(board.monster_die)
            ]
        if self.phase is Phase.ACCIDENT:
            chances = paths.accident_chances(len(self.accident_dots), self.accidents)
            return [(Accident(i), p) for i, p in enumerate(chances)]
        return []

    def legal_moves(self) -> list[Move]:
        """The current piece's moves, one per destination, each with a witness path."""
        if self.phase is Phase.WHACKY_MOVE:
            walks = self._whacky_found(self.whacky, self.roll or 0)
            piece = "whacky"
        elif self.phase is Phase.MONSTER_MOVE and self.chosen is not None:
            walks = self._monster_found(self.chosen, self.roll or 0)
            piece = self.monster_name(self.chosen)
        else:
            return []
        # made lazily (a Move when asked for); push applies those very objects unchecked
        listing = self._listed = MoveListing(piece, list(walks.values()), self.board.labels)
        return listing  # type: ignore[return-value]

    def whacky_walks(self, start: int, steps: int) -> dict[int, tuple[int, ...]]:
        """Whacky's destinations in exactly ``steps`` (node -> a best witness path: see
        :func:`games.whacky.paths.whacky_walks`), powered or not as his coming move is.
        The last search is remembered (the roll asks it, then the listing)."""
        return dict(self._whacky_found(start, steps))

    def _whacky_found(self, start: int, steps: int) -> dict[int, tuple[int, ...]]:
        """:meth:`whacky_walks`, the remembered dict itself (read, never changed)."""
        key = (start, steps, self.monsters, self.up, self.power > 0)
        if self._searched[0] != key:
            self._searched = (key, paths.whacky_walks(self.board, *key))
        return self._searched[1]

    def monster_walks(self, monster: int, steps: int) -> dict[int, tuple[int, ...]]:
        """A monster's destinations in exactly ``steps`` (node -> witness path, passing over
        Whacky when a way there does). The last search is remembered (the roll asks it, then
        the listing)."""
        return dict(self._monster_found(monster, steps))

    def _monster_found(self, monster: int, steps: int) -> dict[int, tuple[int, ...]]:
        """:meth:`monster_walks`, the remembered dict itself (read, never changed)."""
        if self.monsters[monster] == self.board.cage and steps > CAGE_LEAVE_MAX:
            return {}
        key = (monster, steps, self.monsters, self.whacky)
        if self._monster_searched[0] != key:
            self._monster_searched = (key, paths.monster_walks(self.board, *key))
        return self._monster_searched[1]

    def catches(self, move: Move) -> bool:
        """Whether the monsters' ``move`` (now legal) catches Whacky: its path passes over
        him or ends on him."""
        return self.label(self.whacky) in move.path

    # --- push / pop ---------------------------------------------------------------------
    def _pushing(self) -> None:
        self.said = ()  # what this action causes, filled in as it applies
        self._listed = NOTHING_LISTED

    def draw(self, chance: Any) -> Action:
        """The current chance node's outcome drawn from a :class:`games.core.rng.Chance`.

        Whacky's roll and the monsters' two dice draw a face index each (0 to 11, in the board
        file's face order; colour first). An accident rolls the 1-in-N die once per dot on the
        monster's way, in order: an index from 0 to N-1, where 0 puts that dot down and ends
        the draws (at most one accident a move); no 0 at all, no accident."""
        board = self.board
        if self.phase is Phase.WHACKY_ROLL:
            return _roll(chance.face(board.whacky_die))
        if self.phase is Phase.MONSTER_ROLL:
            monster = chance.face(board.colour_die)
            return _monster_roll(board.monster_name(monster), chance.face(board.monster_die))
        if self.phase is Phase.ACCIDENT:
            for index in range(len(self.accident_dots)):
                if chance.index(self.accidents) == 0:
                    return Accident(index)
            return Accident(len(self.accident_dots))
        if self.phase is Phase.OVER:
            raise WrongPhase(f"no roll now: the game is over ({self.reason})")
        raise WrongPhase(f"no roll now: {self.name(self.current)} must move")

    def _snapshot(self) -> tuple[Any, ...]:
        return (
            self.up, self.whacky, self.monsters, self.lives, self.phase, self.roll, self.chosen,
            self.rolls_left, self.power, self.stored_power, self.accident_dots, self.winner,
            self.reason, self.said, listing_ref(cast("Listing[Any]", self._listed)),
        )

    def _restore(self, snap: tuple[Any, ...]) -> None:
        (
            self.up, self.whacky, self.monsters, self.lives, self.phase, self.roll, self.chosen,
            self.rolls_left, self.power, self.stored_power, self.accident_dots, self.winner,
            self.reason, self.said, listed,
        ) = snap
        # the moves listed in the state popped back to are its moves again (while held)
        self._listed = listed_again(listed)

    # --- checking -----------------------------------------------------------------------
    def push(self, action: Action) -> None:
        """Apply ``action`` (:meth:`SnapshotState.push`): a move this state listed or a plain
        roll of the die is applied without the full check."""
        apply = self._check_listed(action) or self._check(action)
        self.history.append((action, self._snapshot()))
        self.said = ()  # what this action causes, filled in as it applies
        self._listed = NOTHING_LISTED
        apply()

    def _check(self, action: Action) -> Callable[[], None]:
        """Validate ``action`` and return a function that applies it."""
        quick = self._check_listed(action)
        if quick is not None:
            return quick
        if type(action) not in (Roll, MonsterRoll, Accident, UsePower, Move):
            raise IllegalMove(f"not an action: {shown(action)}")
        check_action(action, IllegalMove, {
            "Roll.value": _faces(self.board.whacky_die),
            "MonsterRoll.value": _faces(self.board.monster_die),
            "Accident.index": f"0 to {len(self.accident_dots)}",
        })
        phase = self.phase
        if phase is Phase.OVER:
            raise WrongPhase(f"the game is over: {self.reason}")
        board = self.board
        if isinstance(action, Roll):
            self._expect(action, Phase.WHACKY_ROLL)
            if action.value not in board.whacky_die:
                raise BadRoll(f"Whacky's die shows {_faces(board.whacky_die)}, not {action.value}")
            return lambda: self._apply_roll(action.value)
        if isinstance(action, MonsterRoll):
            self._expect(action, Phase.MONSTER_ROLL)
            monster = board.monster_index(action.monster)
            if monster is None:
                raise BadRoll(f"the colour die shows {', '.join(board.monster_names)}, "
                              f"not {action.monster!r}")
            if action.value not in board.monster_die:
                raise BadRoll(f"the monsters' number die shows {_faces(board.monster_die)}, "
                              f"not {action.value}")
            return lambda: self._apply_monster_roll(monster, action.value)
        if isinstance(action, Accident):
            self._expect(action, Phase.ACCIDENT)
            if not 0 <= action.index <= len(self.accident_dots):
                raise BadRoll(f"an accident index is 0 to {len(self.accident_dots)} (that many "
                              f"dots on the monster's way, {len(self.accident_dots)} for none), "
                              f"not {action.index}")
            return lambda: self._apply_accident(action.index)
        if isinstance(action, UsePower):
            if phase is not Phase.WHACKY_ROLL:
                raise WrongPhase(f"Whacky uses a stored power before a roll, not in phase "
                                 f"{phase.value}")
            if self.stored_power == 0:
                raise IllegalMove("Whacky has no stored power (only a scatty monster leaves one)")
            if self.power:
                raise IllegalMove(f"Whacky is powered already ({self.power} powered rolls left)")
            return self._apply_use_power
        assert isinstance(action, Move)
        if phase is Phase.WHACKY_MOVE:
            if action.piece.strip().lower() != "whacky":
                raise WrongPiece(f"it is Whacky's move (he rolled {self.roll}), "
                                 f"not the {action.piece}'s")
            path = paths.check_whacky_path(self, action.path)
            return lambda: self._apply_whacky_move(path)
        if phase is Phase.MONSTER_MOVE:
            assert self.chosen is not None
            name = self.monster_name(self.chosen)
            if action.piece.strip().lower() != name:
                raise WrongPiece(f"the colour die chose the {name} monster, not "
                                 f"{action.piece!r}")
            path = paths.check_monster_path(self, self.chosen, action.path)
            return lambda: self._apply_monster_move(path)
        raise WrongPhase(f"no move now: {self.name(self.current)} must roll")

    def _check_listed(self, action: Action) -> Callable[[], None] | None:
        """The apply function of a move this state listed (the very object) or of a plain
        roll of the die in its phase; None to check ``action`` in full."""
        kind, phase = type(action), self.phase
        if kind is Move:
            listed = self._listed.entry(action)
            if listed is not None:
                if phase is Phase.WHACKY_MOVE:
                    return partial(self._apply_whacky_move, listed[1])
                return partial(self._apply_monster_move, listed[1])
        elif kind is Roll and phase is Phase.WHACKY_ROLL:
            value = action.value  # type: ignore[union-attr]
            if type(value) is int and value in self.board.whacky_die:
                return partial(self._apply_roll, value)
        elif kind is MonsterRoll and phase is Phase.MONSTER_ROLL:
            assert isinstance(action, MonsterRoll)
            value, name = action.value, action.monster
            monster = self.board.monster_index(name) if type(name) is str else None
            if type(value) is int and value in self.board.monster_die and monster is not None:
                return partial(self._apply_monster_roll, monster, value)
        return None

    def _expect(self, action: Action, phase: Phase) -> None:
        if self.phase is not phase:
            raise WrongPhase(f"{type(action).__name__} is not allowed now: "
                             f"{self.name(self.current)} is in phase {self.phase.value}")

    # --- applying -----------------------------------------------------------------------
    def _apply_roll(self, value: int) -> None:
        self.roll = value
        if not self._whacky_found(self.whacky, value):
            self.said = (f"Whacky cannot move {value}",)
            self._after_whacky(False)
            return
        self.phase = Phase.WHACKY_MOVE

    def _apply_monster_roll(self, monster: int, value: int) -> None:
        self.chosen, self.roll = monster, value
        if self._monster_found(monster, value):
            self.phase = Phase.MONSTER_MOVE
            return
        name = self.monster_name(monster)
        if self.monsters[monster] == self.board.cage:
            why = "stays in the cage" if value > CAGE_LEAVE_MAX else "cannot leave the cage"
        else:
            why = f"has no legal way of {value}"
        self.said = (f"the {name} monster {why}",)
        self._to_whacky(1)

    def _apply_use_power(self) -> None:
        self.stored_power -= 1
        self.power = self.rolls_left = POWER_ROLLS
        self.said = ("Whacky uses the stored power: three powered rolls",)

    def _apply_whacky_move(self, path: tuple[int, ...]) -> None:
        """Step by step: each dot goes down, a powered Whacky sends each monster he meets to
        the cage, the last dot down wins at once (unless it lies under the monster an
        unpowered Whacky runs into: the suicide rule)."""
        said: list[str] = []
        powered = self.power > 0
        before = self.up
        cage = self.board.cage
        for step, node in enumerate(path):
            self.whacky = node
            self.up &= ~(1 << node)
            # monster_at(node), the monsters read afresh (a powered Whacky cages them)
            monsters = self.monsters
            monster = monsters.index(node) if node in monsters and node != cage else None
            if monster is not None and powered:
                self._to_cage(monster)
                said.append(f"Whacky sent the {self.monster_name(monster)} monster back to "
                            "the cage")
            elif monster is not None:  # unpowered: only the last step (checked)
                said.append(f"Whacky ran into the {self.monster_name(monster)} monster")
                if self.up == 0 and self.lives > 1:
                    self.said = (*said, "the last dot is down with a life to spare")
                    self._finish(WHACKY, "Whacky put down the last dot by suicide, a life to "
                                         "spare")
                    return
                self.said = tuple(said)
                self._caught()
                return
            if self.up == 0:
                early = step < len(path) - 1
                self.said = (*said, f"the last dot is down on {self.label(node)}: Whacky "
                                    "wins at once" if early else "every dot is down")
                self._finish(WHACKY, "every dot is down")
                return
        self.said = tuple(said)
        self._after_whacky(bool(before & ~self.up & self.board.power_mask))

    def _after_whacky(self, got_power: bool) -> None:
        """Whacky's roll is used (moved, or it could not be): his next roll or the monsters'."""
        self.rolls_left -= 1
        self.power = max(0, self.power - 1)
        if got_power:
            self.rolls_left = self.power = POWER_ROLLS
            self.said = (*self.said, "power dot: Whacky rolls three times, the monsters wait")
        self.roll = None
        self.phase = Phase.WHACKY_ROLL if self.rolls_left > 0 else Phase.MONSTER_ROLL

    def _apply_monster_move(self, path: tuple[int, ...]) -> None:
        assert self.chosen is not None
        monster = self.chosen
        monsters = list(self.monsters)
        monsters[monster] = path[-1]
        self.monsters = tuple(monsters)
        if self.whacky in path:
            over = "" if path[-1] == self.whacky else f" passing over him on " \
                                                        f"{self.label(self.whacky)}"
            self.said = (f"the {self.monster_name(monster)} monster caught Whacky{over}",)
            self._caught()
        else:
            self._to_whacky(1)
        if self.accidents and self.phase is not Phase.OVER:
            seen: dict[int, None] = {}
            for node in path:
                if self.up >> node & 1:
                    seen[node] = None
            if seen:
                self.accident_dots = tuple(seen)
                self.phase = Phase.ACCIDENT

    def _apply_accident(self, index: int) -> None:
        dots, self.accident_dots = self.accident_dots, ()
        self.phase = Phase.WHACKY_ROLL
        if index >= len(dots):
            return
        assert self.chosen is not None
        node, name = dots[index], self.monster_name(self.chosen)
        self.up &= ~(1 << node)
        said = [f"the {name} monster put down the dot on {self.label(node)} by accident"]
        if node in self.board.power:
            self._to_cage(self.chosen)
            self.stored_power += 1
            said.append(f"a power dot: the scatty {name} monster goes back to the cage and "
                        "Whacky keeps the power for later")
        self.said = tuple(said)
        if self.up == 0:
            self._finish(WHACKY, "every dot is down")

    def _caught(self) -> None:
        """Whacky loses a life; a new life or the monsters' win."""
        board = self.board
        self.lives -= 1
        self.power = 0
        self.roll = None
        if self.lives == 0:
            self._finish(MONSTERS, "the monsters caught Whacky three times")
            return
        self.whacky = board.start
        said = list(self.said)
        on_start = self.monster_at(board.start)
        if on_start is not None:
            self._to_cage(on_start)
            said.append(f"the {self.monster_name(on_start)} monster on the start point goes "
                        "back to the cage")
        beside = [m for m, pos in enumerate(self.monsters) if pos in board.adjacency[board.start]]
        self.said = (*said, f"Whacky starts life {LIVES - self.lives + 1} on "
                            f"{self.label(board.start)}")
        if len(beside) >= 2:
            self._finish(MONSTERS, "checkmate: two monsters beside Whacky's start point")
            return
        self._to_whacky(OPENING_ROLLS)

    def _to_whacky(self, rolls: int) -> None:
        self.rolls_left, self.power, self.roll = rolls, 0, None
        self.phase = Phase.WHACKY_ROLL

    def _to_cage(self, monster: int) -> None:
        monsters = list(self.monsters)
        monsters[monster] = self.board.cage
        self.monsters = tuple(monsters)

    def _finish(self, winner: int, reason: str) -> None:
        self.winner, self.reason = winner, reason
        self.phase = Phase.OVER
        self.roll = None
        self.power = 0  # powered rolls left over when the game ends are void

    # --- JSON ---------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        label = self.board.labels
        return {
            "board": self.board.to_json(),
            "accidents": self.accidents,
            "down": [label[n] for n in self.board.dots if not self.up >> n & 1],
            "whacky": label[self.whacky],
            "monsters": {self.monster_name(m): label[p] for m, p in enumerate(self.monsters)},
            "lives": self.lives,
            "phase": self.phase.value,
            "roll": self.roll,
            "chosen": None if self.chosen is None else self.monster_name(self.chosen),
            "rolls_left": self.rolls_left,
            "power": self.power,
            "stored_power": self.stored_power,
            "accident_dots": [label[n] for n in self.accident_dots],
            "winner": self.winner,
            "reason": self.reason,
        }

    @classmethod
    def from_json(cls, data: Any, board: Board | None = None) -> State:
        """Rebuild a state saved by :meth:`to_json`; :class:`StateError` (one line) if it is
        malformed or impossible."""
        try:
            if not isinstance(data, dict):
                raise StateError("a saved Whacky Wit state must be a table")
            if board is None:
                board = _board_from_json(data["board"])
            accidents = data.get("accidents", 0)
            if (
                not isinstance(accidents, int)
                or isinstance(accidents, bool)
                or not (accidents == 0 or 2 <= accidents <= MAX_ACCIDENTS)
            ):
                raise StateError(
                    f"saved Whacky Wit state: accidents: {shown(accidents)}; allowed: 0 (off) "
                    f"or a whole number from 2 to {MAX_ACCIDENTS}"
                )
            state = cls(board, accidents=accidents)
            state._load(data)
        except BoardError as error:
            raise StateError(str(error)) from None
        except StateError:
            raise
        except KeyError as error:
            raise StateError(f"saved Whacky Wit state: missing key {error}") from None
        except (TypeError, ValueError) as error:
            raise StateError(f"saved Whacky Wit state is malformed: {error}") from None
        problem = state.impossibility()
        if problem:
            raise StateError(f"impossible Whacky Wit state: {problem}")
        return state

    def _load(self, data: dict[str, Any]) -> None:
        """Fill in a saved state (:func:`games.whacky.saved.load_fields`)."""
        saved.load_fields(self, data)

    def impossibility(self) -> str | None:
        """Why this state could never arise in a game, or None
        (:func:`games.whacky.saved.impossibility`)."""
        return saved.impossibility(self)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]



@functools.lru_cache(maxsize=64)
def _roll(value: int) -> Roll:
    """Whacky's roll of ``value``: one shared object per value (immutable)."""
    return Roll(value)


@functools.lru_cache(maxsize=256)
def _monster_roll(monster: str, value: int) -> MonsterRoll:
    """The monsters' roll: one shared object per monster and value (immutable)."""
    return MonsterRoll(monster, value)


def _faces(faces: tuple[int, ...]) -> str:
    values = sorted(set(faces))
    return ", ".join(str(v) for v in values)


def json_text(state: State) -> str:
    """The state as compact JSON text (what a save file holds)."""
    return json.dumps(state.to_json(), separators=(",", ":"))
