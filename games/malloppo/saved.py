"""Reading a saved Dammi il malloppo state (``State.from_json``): only states play could reach.

Pure Python. :func:`state_from_json` checks every key of the JSON written by
:meth:`games.malloppo.rules.State.to_json` and refuses, with one line naming the key and what
is allowed (:class:`~games.malloppo.rules.StateError`), anything play could not produce:

* wrong types (a bool or a float where a whole number belongs), missing or unknown keys,
  hands off the board, two hands on one square, a hand on the board without coins or one off
  the board with coins;
* coins that do not add up: hands + bank is always 24, and the hands never hold more than
  were dealt (coins paid to the bank never come back, so with three players the bank holds
  at least the 6 not dealt);
* a phase that does not fit the rest: the opening has every hand on its start square with
  the coins dealt, the contenders in seat order and ``current`` the one due to roll; after
  the opening there are no contenders or opening rolls; ``move`` has a roll of 1 to 6;
  ``over`` has the last player with hands as the winner; the player on turn is not out.
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar

from datafiles.userfile import shown
from games.malloppo.basics import (
    DIE_SIDES,
    PLAYER_RANGE,
    SAVED_KEYS,
    TOTAL_COINS,
    Phase,
    StateError,
    _parse_square,
    coins_per_hand,
    default_board,
)
from games.malloppo.board import HANDS_PER_COLOUR, Board, board_from_data
from games.turnkit.grid import Square


class Restorable(Protocol):
    """What the reader sets and asks of a fresh :class:`games.malloppo.rules.State` (the rules
    call this reader, so it names the parts it reads rather than importing the class)."""

    squares: list[Square | None]
    coins: list[int]
    at: dict[Square, int]
    bank: int
    phase: Phase
    current: int
    roll: int | None
    winner: int | None
    contenders: list[int]
    opening_rolls: list[int]

    def __init__(self, players: int, board: Board | None) -> None: ...

    def name(self, player: int) -> str: ...

    def alive(self) -> list[int]: ...

    def coin_total(self) -> int: ...


StateT = TypeVar("StateT", bound=Restorable)


def state_from_json(cls: type[StateT], data: Any, board: Board | None) -> StateT:
    """The state saved as ``data`` (``board``: the default board if None and ``data`` has
    none); :class:`StateError` naming the key if it is malformed or impossible."""
    def fail(key: str, problem: str) -> Any:
        raise StateError(f"saved Dammi il malloppo state: {key}: {problem}")

    def integer(value: Any, key: str, low: int, high: int) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            fail(key, f"{shown(value)} must be a whole number from {low} to {high}")
        return int(value)

    if not isinstance(data, dict):
        fail("state", "must be a table")
    unknown = sorted(str(k) for k in set(data) - set(SAVED_KEYS))
    if unknown:
        fail(shown(unknown[0])[1:-1], f"unknown key; allowed: {', '.join(SAVED_KEYS)}")
    missing = [k for k in ("players", "hands", "bank", "phase", "current") if k not in data]
    if missing:
        fail(missing[0], "missing")
    # Keys a hand-written position (a scenario file: TOML has no null) may leave out.
    data = {"roll": None, "winner": None, "contenders": [], "opening_rolls": [], **data}
    if board is None:
        board = board_from_data(data["board"], "state.board") if "board" in data \
            else default_board()
    players = integer(data["players"], "players", *PLAYER_RANGE)
    state = cls(players, board)
    hands = data["hands"]
    if not isinstance(hands, list) or len(hands) != players * HANDS_PER_COLOUR:
        fail("hands", f"must list {players * HANDS_PER_COLOUR} hands ({HANDS_PER_COLOUR} per "
                      "player)")
    state.squares, state.coins, state.at = [], [], {}
    for h, entry in enumerate(hands):
        key = f"hands[{h}]"
        if not isinstance(entry, dict):
            fail(key, "must be a table {colour, square, coins}")
        extra = sorted(str(k) for k in set(entry) - {"colour", "square", "coins"})
        if extra:
            fail(f"{key}.{shown(extra[0])[1:-1]}", "unknown key; allowed: colour, square, coins")
        colour = state.name(h // HANDS_PER_COLOUR)
        if entry.get("colour") != colour:
            fail(f"{key}.colour", f"{shown(entry.get('colour'))} should be {shown(colour)}")
        coins = integer(entry.get("coins", 0), f"{key}.coins", 0, TOTAL_COINS)
        raw = entry.get("square")  # null or absent: off the board
        square = None
        if raw is not None:
            try:
                square = _parse_square(raw, "square")
            except ValueError:
                fail(f"{key}.square", f"{shown(raw)} is not a square [x, y] or null")
            assert square is not None
            if not board.on_board(square):
                fail(f"{key}.square", f"{shown(raw)} is off the board")
            if square in state.at:
                fail(f"{key}.square", f"{square} already has hand {state.at[square]} on it")
            if coins == 0:
                fail(key, f"a hand on the board ({square}) has at least one coin")
            state.at[square] = h
        elif coins:
            fail(key, f"a hand off the board holds no coins, not {coins}")
        state.squares.append(square)
        state.coins.append(coins)
    state.bank = integer(data["bank"], "bank", 0, TOTAL_COINS)
    dealt = coins_per_hand(players) * HANDS_PER_COLOUR * players
    if sum(state.coins) > dealt:
        fail("hands", f"{sum(state.coins)} coins on the hands, but only {dealt} were dealt "
                      f"to {players} players (coins paid to the bank never come back)")
    if state.coin_total() != TOTAL_COINS:
        fail("bank", f"hands ({sum(state.coins)}) + bank ({state.bank}) must be "
                     f"{TOTAL_COINS} coins, not {state.coin_total()}")
    try:
        state.phase = Phase(data["phase"])
    except ValueError:
        fail("phase", f"{shown(data['phase'])}; allowed: {', '.join(p.value for p in Phase)}")
    alive = state.alive()
    state.current = integer(data["current"], "current", 0, players - 1)
    roll = data["roll"]
    if state.phase is Phase.MOVE:
        state.roll = integer(roll, "roll", 1, DIE_SIDES)
    elif roll is not None:
        fail("roll", f"{shown(roll)}: a roll waits only in phase move")
    winner = data["winner"]
    if state.phase is Phase.OVER:
        if len(alive) != 1:
            fail("phase", f"over, but {len(alive)} players still have hands on the board")
        if winner != alive[0]:
            fail("winner", f"{shown(winner)} should be {alive[0]}, the last player with hands")
        state.winner = alive[0]
    else:
        if winner is not None:
            fail("winner", f"{shown(winner)} but the game is not over")
        if len(alive) < 2:
            fail("phase", f"{state.phase.value}, but only {len(alive)} player has hands left")
        if state.current not in alive:
            fail("current", f"{state.name(state.current)} is out and never plays again")
    contenders, rolls = data["contenders"], data["opening_rolls"]
    if not isinstance(contenders, list) or not isinstance(rolls, list):
        fail("contenders", "contenders and opening_rolls must be lists")
    state.contenders = [integer(p, "contenders[]", 0, players - 1) for p in contenders]
    state.opening_rolls = [integer(v, "opening_rolls[]", 1, DIE_SIDES) for v in rolls]
    if state.phase is Phase.OPENING:
        fresh = cls(players, board)
        for h, (square, coins) in enumerate(zip(state.squares, state.coins, strict=True)):
            if square != fresh.squares[h] or coins != fresh.coins[h]:
                fail(f"hands[{h}]", f"in the opening every hand is on its start square "
                                    f"({fresh.squares[h]}) with {fresh.coins[h]} coins")
        if state.contenders != sorted(state.contenders):
            fail("contenders", "the contenders roll in seat order")
        if len(state.contenders) < 2 or len(set(state.contenders)) != len(state.contenders):
            fail("contenders", "the opening needs two or more different players")
        if len(state.opening_rolls) >= len(state.contenders):
            fail("opening_rolls", "more rolls than contenders")
        if state.current != state.contenders[len(state.opening_rolls)]:
            fail("current", "is not the contender whose opening roll is next")
    elif state.contenders or state.opening_rolls:
        fail("contenders", "the opening is over: contenders and opening_rolls are empty")
    return state
