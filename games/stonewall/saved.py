"""Reading a saved Stonewall state (``State.from_json``): only states the game could reach.

Pure Python. :func:`state_from_json` checks every key of the JSON written by
:meth:`games.stonewall.rules.State.to_json` and refuses, with one line naming the key and what
is allowed (:class:`~games.stonewall.rules.StateError`), anything play could not produce:

* wrong types anywhere (a bool or a float where a whole number belongs, a missing key, an
  unknown key), pieces off the board, ``current`` or ``winner`` not a seat;
* walls off the inner guide lines, on a permanent wall, on or across another placed wall, or
  walls that together cut any square off (each is checked as if placed in turn, with the same
  rule play uses, :meth:`State.wall_problem`);
* stocks above a player's share, and wall counts that do not add up: for each length, the
  stocks, the placed walls and the removed walls together are the box's
  :data:`~games.stonewall.rules.WALL_TOTALS`;
* a phase that does not fit the rest: the opening has no roll, no walls and every piece at
  home, and ``current`` is the contender due to roll; after the opening there are no
  contenders or opening rolls; ``move``, ``wall`` and ``change`` have a roll of 1 to 6;
  ``change`` has a placed wall to change; ``over`` has a winner who is home after the far
  corner, and a winner means ``over``; extra turns are 0 to 3 (a four ending on Roll Again
  while one is owed).

Readings: two pieces may share a square (a piece stomped home onto its own corner where an
opponent stands), so that is not refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, TypeVar

from datafiles.userfile import shown
from games.stonewall.actions import IllegalMove, StateError
from games.stonewall.board import Board, BoardError, Wall
from games.stonewall.fields import _Refused, _wall, _whole
from games.stonewall.phases import WALL_TOTALS, Phase, board_of


class Restorable(Protocol):
    """What the reader sets and asks of a fresh :class:`games.stonewall.rules.State` (the rules
    call this reader, so it names the parts it reads rather than importing the class): the
    saved fields, the rules' own wall checks, and putting a wall down or taking it away."""

    board: Board
    players: int
    positions: list[int]
    reached_far: list[bool]
    stocks: list[list[int]]
    placed: list[Wall]
    removed: list[int]
    blocked: bytearray
    phase: Phase
    current: int
    roll: int | None
    extra_turns: int
    contenders: list[int]
    opening_rolls: list[int]
    winner: int | None

    def __init__(self, players: int, board: Board | None) -> None: ...

    def name(self, player: int) -> str: ...

    def home(self, player: int) -> int: ...

    def wall_problem(self, wall: Wall, ignore: Wall | None = None) -> IllegalMove | None: ...

    def strongly_connected(self) -> bool: ...

    def _crossed_wall(self, wall: Wall, ignore: Wall | None) -> Wall | None: ...

    def _cut_leg(self, player: int) -> str | None: ...

    def _put_wall(self, wall: Wall) -> None: ...

    def _take_wall(self, wall: Wall) -> None: ...


StateT = TypeVar("StateT", bound=Restorable)

KEYS = (
    "board", "players", "positions", "reached_far", "stocks", "placed", "removed", "phase",
    "current", "roll", "extra_turns", "contenders", "opening_rolls", "winner",
)
MAX_EXTRA_TURNS = 3


def _list(value: Any, key: str, length: int | None = None, most: int = 100) -> list[Any]:
    if not isinstance(value, list):
        raise _Refused(key, f"{shown(value)}; allowed: a list")
    if length is not None and len(value) != length:
        raise _Refused(key, f"{len(value)} entries; allowed: {length} (one per player)")
    if len(value) > most:
        raise _Refused(key, f"{len(value)} entries; allowed: at most {most}")
    return value


def _bool(value: Any, key: str) -> bool:
    if not isinstance(value, bool):
        raise _Refused(key, f"{shown(value)}; allowed: true or false")
    return value


def _square(value: Any, key: str, board: Board) -> int:
    items = _list(value, key, most=2)
    if len(items) != 2:
        raise _Refused(key, f"{shown(value)}; allowed: a square [x, y]")
    x = _whole(items[0], f"{key}[0]", 0, board.size - 1)
    y = _whole(items[1], f"{key}[1]", 0, board.size - 1)
    return board.index((x, y))


def state_from_json(cls: type[StateT], data: Any, board: Board | None = None) -> StateT:
    """The state ``data`` describes, or :class:`StateError` (see the module docstring)."""
    try:
        return _build(cls, data, board)
    except _Refused as refused:
        raise StateError(f"saved Stonewall state: {refused}") from None
    except BoardError as error:
        raise StateError(str(error)) from None


def _build(cls: type[StateT], data: Any, board: Board | None) -> StateT:
    if not isinstance(data, Mapping):
        raise _Refused("state", f"{shown(data)}; allowed: a table")
    for key in KEYS:
        if key not in data:
            raise _Refused(key, "missing")
    for key in data:
        if key not in KEYS:
            raise _Refused(shown(key)[1:-1] if isinstance(key, str) else shown(key),
                           "unknown key")
    if board is None:
        board = board_of(data["board"])
    players = _whole(data["players"], "players", 2, 4)
    state = cls(players, board)
    state.positions = [
        _square(sq, f"positions[{i}]", board)
        for i, sq in enumerate(_list(data["positions"], "positions", players))
    ]
    state.reached_far = [
        _bool(v, f"reached_far[{i}]")
        for i, v in enumerate(_list(data["reached_far"], "reached_far", players))
    ]
    lengths = (1, 2, 3)
    stocks = []
    for p, stock in enumerate(_list(data["stocks"], "stocks", players)):
        counts = _list(stock, f"stocks[{p}]", 3)
        stocks.append([
            _whole(c, f"stocks[{p}][{i}]", 0, WALL_TOTALS[length] // players)
            for i, (c, length) in enumerate(zip(counts, lengths, strict=True))
        ])
    state.stocks = stocks
    state.removed = [
        _whole(c, f"removed[{i}]", 0, WALL_TOTALS[length])
        for i, (c, length) in enumerate(
            zip(_list(data["removed"], "removed", 3), lengths, strict=True)
        )
    ]
    placed = [
        _wall(w, f"placed[{i}]")
        for i, w in enumerate(_list(data["placed"], "placed", most=sum(WALL_TOTALS.values())))
    ]
    _place_walls(state, placed)
    for i, length in enumerate(lengths):
        on_board = sum(w.length == length for w in placed)
        total = sum(s[i] for s in stocks) + on_board + state.removed[i]
        if total != WALL_TOTALS[length]:
            raise _Refused(
                "stocks",
                f"{total} walls of length {length} in stocks ({total - on_board - state.removed[i]}"
                f"), placed ({on_board}) and removed ({state.removed[i]}); allowed: "
                f"{WALL_TOTALS[length]} in all",
            )
    phase_value = data["phase"]
    try:
        state.phase = Phase(phase_value)
    except ValueError:
        allowed = ", ".join(phase.value for phase in Phase)
        raise _Refused("phase", f"{shown(phase_value)}; allowed: {allowed}") from None
    state.current = _whole(data["current"], "current", 0, players - 1)
    roll = data["roll"]
    state.roll = None if roll is None else _whole(roll, "roll", 1, 6)
    state.extra_turns = _whole(data["extra_turns"], "extra_turns", 0, MAX_EXTRA_TURNS)
    contenders = [
        _whole(p, f"contenders[{i}]", 0, players - 1)
        for i, p in enumerate(_list(data["contenders"], "contenders", most=players))
    ]
    if len(set(contenders)) != len(contenders) or contenders != sorted(contenders):
        raise _Refused("contenders", f"{contenders}; allowed: different seats in seat order")
    state.contenders = contenders
    state.opening_rolls = [
        _whole(v, f"opening_rolls[{i}]", 1, 6)
        for i, v in enumerate(_list(data["opening_rolls"], "opening_rolls", most=players))
    ]
    winner = data["winner"]
    state.winner = None if winner is None else _whole(winner, "winner", 0, players - 1)
    _check_phase(state)
    return state


def _place_walls(state: Restorable, placed: list[Wall]) -> None:
    """Put the saved walls on the board, each where play could have put it.

    Where a wall lies (on the inner lines, not on or across another) is checked wall by wall;
    reachability once for all of them (a strongly connected board stays so if walls are
    taken away, so every earlier stage was legal too). Only if that fails are the walls
    checked again one by one with the rules' own test, to name the one that cuts a square off.
    """
    board = state.board
    for i, wall in enumerate(placed):
        off = board.wall_fits(wall)
        edges = board.wall_edges(wall) if off is None else ()
        if off is None and any(state.blocked[edge] for edge in edges):
            off = f"{wall.describe()} lies on another wall"
        if off is None:
            crossed = state._crossed_wall(wall, None)
            if crossed is not None:
                off = f"{wall.describe()} would cross {crossed.describe()}"
        if off is not None:
            raise _Refused(f"placed[{i}]", f"{off}; allowed: walls play could have placed")
        state._put_wall(wall)
    if state.strongly_connected() and all(
        state._cut_leg(player) is None for player in range(state.players)
    ):
        return
    for wall in placed:
        state._take_wall(wall)
    for i, wall in enumerate(placed):
        problem = state.wall_problem(wall)
        if problem is not None:
            raise _Refused(f"placed[{i}]", f"{problem}; allowed: walls play could have placed")
        state._put_wall(wall)


def _check_phase(state: Restorable) -> None:
    phase = state.phase
    if phase is Phase.OPENING:
        homes = [state.home(p) for p in range(state.players)]
        if state.positions != homes or any(state.reached_far):
            raise _Refused("positions", "a piece has moved; allowed in the opening: all at home")
        if state.placed or any(state.removed) or state.extra_turns or state.roll is not None:
            raise _Refused("phase", "'opening' after play began (a roll, a wall or an extra turn)")
        if not state.contenders:
            raise _Refused("contenders", "empty; allowed in the opening: the seats still rolling")
        if len(state.opening_rolls) >= len(state.contenders):
            raise _Refused(
                "opening_rolls",
                f"{len(state.opening_rolls)} rolls for {len(state.contenders)} contenders; "
                "allowed: fewer rolls than contenders",
            )
        due = state.contenders[len(state.opening_rolls)]
        if state.current != due:
            raise _Refused("current", f"{state.current}; allowed: {due} (the contender to roll)")
    elif state.contenders or state.opening_rolls:
        raise _Refused("contenders", "left after the opening; allowed: [] after the opening")
    if phase in (Phase.MOVE, Phase.WALL, Phase.CHANGE) and state.roll is None:
        raise _Refused("roll", f"null in phase {phase.value!r}; allowed: 1 to 6")
    if phase is Phase.CHANGE and not state.placed:
        raise _Refused("phase", "'change' with no placed wall; allowed: 'wall'")
    if (phase is Phase.OVER) != (state.winner is not None):
        raise _Refused("winner", f"{state.winner} in phase {phase.value!r}; allowed: a winner "
                       "exactly when the phase is 'over'")
    if state.winner is not None:
        p = state.winner
        if not state.reached_far[p] or state.positions[p] != state.home(p):
            raise _Refused(
                "winner",
                f"{p} ({state.name(p)}) is not home after the far corner; allowed: the seat "
                "whose piece came home",
            )
        if state.current != p:
            raise _Refused("current", f"{state.current}; allowed: the winner {p}")

