"""The Stonewall rule engine: state, legal actions, push/pop, outcome, JSON. Pure Python.

Modelled on python-chess (small frozen value objects, ``push``/``pop``, precise exceptions)
and OpenSpiel's python games (a chance node for every die roll, legal actions, serialization).
The board and its geometry live in :mod:`games.stonewall.board`, the moves and errors (re-exported
here) in :mod:`games.stonewall.actions`, the phases and the walls in the box in
:mod:`games.stonewall.phases`, the per-board lookups in :mod:`games.stonewall.geometry`, the
legal wall positions per layout of walls in :mod:`games.stonewall.walls`, and the wall checks
in players' words and the reachability searches (a mixin of :class:`State`) in
:mod:`games.stonewall.reach`.

A game runs through these phases (``State.phase``):

``opening``  each player rolls once (chance); the highest starts; tied highest re-roll.
``roll``     the current player rolls the die (chance: :class:`Roll` with any value 1-6).
``move``     :class:`MovePiece` along a path, or :class:`NoMove` when no path exists.
``wall``     the placement option: :class:`PlaceWall` from the player's stock, or :class:`Pass`.
``change``   the Change-a-Wall obligation: :class:`ChangeWall` (move or remove a placed wall).
``over``     someone is home.

Readings of the rulebook where it is unclear (each has a test in tests/stonewall/):

* Players sit at the corners in the board file's (clockwise) order: 2 players take the first
  two (adjacent) corners, 3 players the first three. Play goes round in that order.
* The opening roll only decides who starts; the starter then rolls again for the first turn.
* "Divide the walls equally": 24 single, 24 double, 12 triple walls split evenly (2, 3 and 4
  players all divide them exactly). Walls are never returned to a stock.
* "When starting count the Change a Wall square as one": the square a move starts from is not
  counted; every square entered counts one, corners and the Roll Again square included.
* A move is a path of exactly ``roll`` squares, each step orthogonal, never through a wall,
  never entering a square twice (the starting square counts as visited). "Straight lines" is
  read as "orthogonal steps, turning allowed". Pieces do not block paths; only the last square
  stomps. Arrow squares are entered and left only moving in their direction.
* Home: once a player has been through their Change-a-Wall corner, reaching their start square
  ends the move and wins at once, with steps to spare ("the exact number does not have to be
  rolled"). Before that, the start square is just a square.
* A player who cannot move exactly ``roll`` squares plays :class:`NoMove`; the rest of the
  turn (extra turn for a four, the wall option) still happens. (On the default board this
  never arises: the square graph always stays strongly connected, so a shortest path to a far
  square gives a path of any length up to 6.)
* Roll Again: ending a move on it gives one more turn; ending on it with a four gives two more
  turns in all (the four's and Roll Again's). Its doorways are its four sides. A path never
  revisits a square, so a move passing through leaves by another doorway automatically; a move
  that starts on it (after ending there) may leave by any open doorway, the entry one included.
* Stomping sends every opponent on the last square back to their start, where they must reach
  their Change-a-Wall corner again, and so regain their wall change.
* Change a Wall: triggered when a move enters the player's diagonally opposite corner for the
  first time since the start (or since being stomped). It replaces that turn's placement option.
  A wall change moves one *placed* wall (same length, to any legal position) or removes it
  from the game; permanent walls never change. If no placed wall exists the obligation lapses
  and the normal placement option applies instead.
* Walls lie on inner guide lines only, never over an edge already walled, and never crossing a
  placed wall (a shared inner grid point with a perpendicular wall); touching end to end or in
  a T is fine.
* "Never denies access of any playing piece to any square": after any wall placement or
  change every square must be reachable from every square, respecting arrows (the square
  graph stays strongly connected). That also keeps every player's path to their goal (far
  corner, then home) open; when a wall is refused the error names the player whose path it
  would cut, or else the squares it would cut off from the main board (the largest strongly
  connected group) and how: "no way into" (the main board cannot reach them), "no way out
  of" (they cannot get back), or "wall off" (both). Of a cut-off group it names the innermost
  part, e.g. the dead end a piece would be stuck in, not the squares that lead into it.
* Extra turns each include a wall option; the game ends the moment a piece reaches home (no
  wall option after the winning move).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import partial
from typing import Any, cast

from datafiles.userfile import shown
from games.core.checks import check_action
from games.stonewall.actions import (
    DIE_SIDES,
    Action,
    BadPath,
    BadRoll,
    ChangeWall,
    IllegalMove,
    MovePiece,
    NoMove,
    NotAPlacedWall,
    NoWallInStock,
    Pass,
    PathBlocked,
    PlaceWall,
    Result,
    Roll,
    StateError,
    WallCutsPath,
    WallIsolatesSquare,
    WallOffBoard,
    WallOverlaps,
    WrongPhase,
    action_from_json,
    action_to_json,
)
from games.stonewall.board import (
    WALL_NAMES,
    Board,
    Square,
    Wall,
)
from games.stonewall.geometry import geometry
from games.stonewall.phases import (
    CHANCE_PHASES,
    EXTRA_TURN_ROLL,
    PASS,
    ROLLS,
    WALL_COUNT,
    WALL_TOTALS,
    Phase,
    default_board,
)
from games.stonewall.reach import WallChecks, capital
from games.stonewall.saved import state_from_json
from games.stonewall.walls import WallLayout, empty_layout, layout_cache, layout_of
from games.turnkit.engine import (
    NOTHING_LISTED,
    Listing,
    SnapshotState,
    listed_again,
    listing_ref,
)
from games.turnkit.turns import next_player, opening_step

# The engine's public face: the moves and errors of games.stonewall.actions are re-exported.
__all__ = [
    "DIE_SIDES",
    "EXTRA_TURN_ROLL",
    "WALL_COUNT",
    "WALL_TOTALS",
    "Action",
    "BadPath",
    "BadRoll",
    "ChangeWall",
    "IllegalMove",
    "MovePiece",
    "NoMove",
    "NoWallInStock",
    "NotAPlacedWall",
    "Pass",
    "PathBlocked",
    "Phase",
    "PlaceWall",
    "Result",
    "Roll",
    "State",
    "StateError",
    "WallCutsPath",
    "WallIsolatesSquare",
    "WallOffBoard",
    "WallOverlaps",
    "WrongPhase",
    "action_from_json",
    "action_to_json",
    "default_board",
]  # fmt: skip

# the phases the hot paths test, as plain names (an enum member is a slower lookup)
_ROLL, _MOVE, _WALL, _CHANGE, _OVER = Phase.ROLL, Phase.MOVE, Phase.WALL, Phase.CHANGE, Phase.OVER
# the lengths in a stock, by (has singles, has doubles, has triples)
_STOCK_LENGTHS = {
    (a, b, c): tuple(length for length, has in zip((1, 2, 3), (a, b, c), strict=True) if has)
    for a in (False, True) for b in (False, True) for c in (False, True)
}




def _walked(square: int, left: int, reached: bool, triggered: bool) -> None:
    """What a finished walk's recursion is rebound to (:meth:`State._walk_list`)."""


# --- the state ----------------------------------------------------------------------------
class State(WallChecks, SnapshotState[Action]):
    """A Stonewall game in progress. Mutate only through :meth:`push` and :meth:`pop`."""

    def __init__(self, players: int = 4, board: Board | None = None) -> None:
        if not 2 <= players <= 4:
            raise ValueError(f"Stonewall is for 2 to 4 players, not {players}")
        self.board = board if board is not None else default_board()
        self.geo = geometry(self.board)
        self.players = players
        self.positions = [self.board.index(self.board.corners[p]) for p in range(players)]
        self.reached_far = [False] * players
        self.stocks = [[WALL_TOTALS[length] // players for length in (1, 2, 3)]] * players
        self.stocks = [list(s) for s in self.stocks]
        self.placed: list[Wall] = []
        self.removed = [0, 0, 0]
        self.phase = Phase.OPENING
        self.current = 0
        self.roll: int | None = None
        self.extra_turns = 0
        self.contenders = list(range(players))
        self.opening_rolls: list[int] = []
        self.winner: int | None = None
        self.blocked = bytearray(self.board.edge_count)
        for edge in self.board.permanent_edges:
            self.blocked[edge] = 1
        # the layout of the placed walls; None: worked out from them when asked; (layout, wall):
        # that layout with the wall placed, worked out when asked (a push popped before anyone
        # lists walls never pays for it)
        self._layout: WallLayout | tuple[WallLayout, Wall] | None = empty_layout(self.geo)
        # the moves legal_moves listed last; by id: (move, square indices, triggers a change)
        self._listed: Listing[Action] = NOTHING_LISTED
        self.history: list[tuple[Action, tuple[Any, ...]]] = []

    # --- small queries ------------------------------------------------------------------
    def is_chance(self) -> bool:
        return self.phase in CHANCE_PHASES

    def is_over(self) -> bool:
        return self.phase is _OVER

    def outcome(self) -> Result | None:
        if self.winner is None:
            return None
        return Result(self.winner, self.name(self.winner))

    def walls_on_board(self) -> int:
        return len(self.placed)

    def wall_total(self) -> int:
        """Stocks + placed + removed: always :data:`WALL_COUNT`."""
        return sum(map(sum, self.stocks)) + len(self.placed) + sum(self.removed)

    # --- legal actions ------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every legal action now (for ``move``, one path per destination and outcome). A
        Change-a-Wall listing is a :class:`~games.stonewall.changes.ChangeListing`: it acts as
        a list and makes each action when asked for."""
        phase = self.phase
        if phase is _MOVE:
            moves = self.legal_moves()  # the listing itself: while held, push takes it unchecked
            return moves or [NoMove()]  # type: ignore[return-value]
        if phase is _WALL:
            return [PASS, *self.layout.place_actions(self._stock_lengths())]
        if phase in CHANCE_PHASES:
            return list(ROLLS)
        if phase is _CHANGE:  # made as asked for (its own copy: the layout keeps its own); push
            # takes these very objects unchecked (WallLayout.listed_change), held or not
            return cast("list[Action]", self.layout.change_listing(tuple(self.placed)))
        return []

    def chance_outcomes(self) -> list[tuple[Roll, float]]:
        return [(roll, 1 / DIE_SIDES) for roll in ROLLS]

    @property
    def layout(self) -> WallLayout:
        """The placed walls' layout and its legal wall positions (:mod:`games.stonewall.walls`)."""
        layout = self._layout
        if layout is None:
            layout = self._layout = layout_of(self.geo, self.placed)
        elif isinstance(layout, tuple):
            before, wall = layout
            layout = self._layout = before.with_wall(wall)
        return layout

    def _stock_lengths(self) -> tuple[int, ...]:
        singles, doubles, triples = self.stocks[self.current]
        return _STOCK_LENGTHS[bool(singles), bool(doubles), bool(triples)]

    def legal_moves(self, roll: int | None = None) -> list[MovePiece]:
        """One move per distinct (destination, passes the Change-a-Wall corner) pair."""
        firsts = self._walk_list(roll if roll is not None else self.roll or 0, None, True)
        square = self.geo.squares
        if roll is not None and roll != self.roll:
            return [MovePiece(tuple([square[i] for i in path])) for path, _ in firsts]
        # push checks these by identity, not square by square
        moves: list[Action] = []
        by_id: dict[int, tuple[Any, ...]] = {}
        for path, triggers in firsts:
            move = MovePiece(tuple([square[i] for i in path]))
            moves.append(move)
            by_id[id(move)] = (move, path, triggers)
        listing = self._listed = Listing.keyed(moves, by_id)
        return listing  # type: ignore[return-value]

    def walks(
        self, steps: int, player: int | None = None
    ) -> Iterator[tuple[tuple[int, ...], bool]]:
        """Every legal path of the player for a roll of ``steps``, with 'triggers a change'."""
        return iter(self._walk_list(steps, player, False))

    def _walk_list(
        self, steps: int, player: int | None, first_only: bool
    ) -> list[tuple[tuple[int, ...], bool]]:
        """:meth:`walks` in a list, depth first; ``first_only``: only the first path to each
        (destination, triggers a change) pair (the listing's witness), in the order found."""
        p = self.current if player is None else player
        start = self.positions[p]
        far, home = self.far_corner(p), self.home(p)
        arcs, blocked = self.geo.arcs, self.blocked
        path: list[int] = []
        visited = {start}
        found: list[tuple[tuple[int, ...], bool]] = []
        ends: set[tuple[int, bool]] = set()  # stays empty unless first_only

        def extend(square: int, left: int, reached: bool, triggered: bool) -> None:
            for nxt, edge, _ in arcs[square]:
                if blocked[edge] or nxt in visited:
                    continue
                now_reached = reached or nxt == far
                now_triggered = triggered or (not reached and nxt == far)
                if (now_reached and nxt == home) or left == 1:
                    end = (nxt, now_triggered)
                    if end not in ends:
                        found.append(((*path, nxt), now_triggered))
                        if first_only:
                            ends.add(end)
                elif left == 2:  # the last step inline (most walks end there: no call each)
                    for last, last_edge, _ in arcs[nxt]:
                        if blocked[last_edge] or last in visited:
                            continue
                        last_triggered = now_triggered or (not now_reached and last == far)
                        end = (last, last_triggered)
                        if end not in ends:
                            found.append(((*path, nxt, last), last_triggered))
                            if first_only:
                                ends.add(end)
                else:
                    path.append(nxt)
                    visited.add(nxt)
                    extend(nxt, left - 1, now_reached, now_triggered)
                    visited.discard(nxt)
                    path.pop()

        if steps > 0:
            extend(start, steps, self.reached_far[p], False)
        # extend refers to itself (a cycle only the garbage collector would free): unbind it
        extend = _walked
        return found

    # --- walls: listing -----------------------------------------------------------------
    def legal_wall_placements(
        self, lengths: Iterable[int] | None = None, ignore: Wall | None = None
    ) -> list[Wall]:
        """Every legal wall position for the given lengths (default: the player's stock), in
        the board's candidate order; ``ignore``: a placed wall being moved (as if taken away).
        The layouts of :mod:`games.stonewall.walls` hold the answer per layout of walls."""
        layout = self.layout if ignore is None else self.layout.without(ignore)
        return list(layout.listing(self._stock_lengths() if lengths is None else lengths))

    def legal_wall_changes(self) -> Iterator[ChangeWall]:
        yield from self.layout.change_actions(tuple(self.placed))

    # --- push / pop ---------------------------------------------------------------------
    def draw(self, chance: Any) -> Roll:
        """The die roll drawn from a :class:`games.core.rng.Chance` (:meth:`roll_with`
        pushes it)."""
        if not self.is_chance():
            who = self.name(self.current)
            raise WrongPhase(f"no roll now: {who} is in phase {self.phase.value}")
        return ROLLS[chance.roll(DIE_SIDES) - 1]

    def _snapshot(self) -> tuple[Any, ...]:
        # Copy on write: the engine never changes these lists (or ``blocked``) in place once
        # a snapshot may hold them, it puts changed copies in their place (_apply_move,
        # _apply_place, _put_wall, ...), so a snapshot holds the very objects, no copies.
        # The listing is held weakly (the history of a game played on keeps none of them).
        return (
            self.positions, self.reached_far, self.stocks, self.placed, self.removed,
            self.phase, self.current, self.roll, self.extra_turns, self.contenders,
            self.opening_rolls, self.winner, self.blocked, self._layout,
            listing_ref(self._listed),
        )

    def _restore(self, snap: tuple[Any, ...]) -> None:
        (
            self.positions, self.reached_far, self.stocks, self.placed, self.removed,
            self.phase, self.current, self.roll, self.extra_turns, self.contenders,
            self.opening_rolls, self.winner, self.blocked, self._layout, listed,
        ) = snap
        # the moves listed in the state popped back to are its moves again (while the caller
        # that listed them still holds them)
        self._listed = listed_again(listed)

    def copy(self) -> State:
        """An independent copy without undo history (its lists its own, for bots)."""
        twin = super().copy()
        twin.positions, twin.reached_far = self.positions[:], self.reached_far[:]
        twin.stocks, twin.placed = [s[:] for s in self.stocks], self.placed[:]
        twin.removed, twin.blocked = self.removed[:], bytearray(self.blocked)
        twin.contenders, twin.opening_rolls = self.contenders[:], self.opening_rolls[:]
        return twin

    def _check(self, action: Action) -> Any:
        """Validate ``action`` and return a function that applies it."""
        quick = self._check_listed(action)
        if quick is not None:
            return quick
        if type(action) not in (Roll, MovePiece, NoMove, PlaceWall, Pass, ChangeWall):
            raise IllegalMove(f"not an action: {shown(action)}")
        check_action(action, IllegalMove, {"Roll.value": f"1 to {DIE_SIDES}"})
        who = self.name(self.current) if self.phase is not _OVER else "nobody"
        expected = {
            Roll: (Phase.OPENING, _ROLL),
            MovePiece: (_MOVE,),
            NoMove: (_MOVE,),
            PlaceWall: (_WALL,),
            Pass: (_WALL,),
            ChangeWall: (_CHANGE,),
        }[type(action)]
        if self.phase not in expected:
            raise WrongPhase(
                f"{type(action).__name__} is not allowed now: {who} is in phase {self.phase.value}"
            )
        if isinstance(action, Roll):
            if not 1 <= action.value <= DIE_SIDES:
                raise BadRoll(f"a die shows 1 to {DIE_SIDES}, not {action.value}")
            return lambda: self._apply_roll(action.value)
        if isinstance(action, MovePiece):
            path, triggers = self._check_path(action.path)
            return lambda: self._apply_move(path, triggers)
        if isinstance(action, NoMove):
            example = next(self.walks(self.roll or 0), None)
            if example is not None:
                dest = self.board.square(example[0][-1])
                raise IllegalMove(f"{who} can move {self.roll} squares, e.g. to {dest}")
            return lambda: self._apply_move((), False)
        if isinstance(action, Pass):
            return self._end_turn
        if isinstance(action, PlaceWall):
            return self._check_place(action.wall)
        assert isinstance(action, ChangeWall)
        return self._check_change(action)

    def _check_listed(self, action: Action) -> Callable[[], None] | None:
        """The apply function of an action this state listed itself (the very object: its
        fields are the engine's own), or None to check it in full."""
        kind = type(action)
        if kind is MovePiece:
            listed = self._listed.entry(action) if self.phase is _MOVE else None
            if listed is not None:
                return partial(self._apply_move, listed[1], listed[2])
        elif kind is PlaceWall:
            assert isinstance(action, PlaceWall)
            cand = self.geo.candidate_of_any(action.wall) if self.phase is _WALL else None
            if cand is not None and cand.action is action and self.layout.legal & cand.bit \
                    and self.stocks[self.current][action.wall.length - 1] > 0:
                return partial(self._apply_place, action.wall)
        elif kind is Roll:
            assert isinstance(action, Roll)
            value = action.value
            if type(value) is int and 1 <= value <= DIE_SIDES and self.phase in CHANCE_PHASES:
                return partial(self._apply_roll, value)
        elif kind is Pass and self.phase is _WALL:
            return self._end_turn
        elif kind is ChangeWall and self.phase is _CHANGE:
            assert isinstance(action, ChangeWall)
            if self.layout.listed_change(action):
                return partial(self._apply_change, action.old, action.new)
        return None

    def _pushing(self) -> None:
        self._listed = NOTHING_LISTED

    # --- applying -----------------------------------------------------------------------
    def _apply_roll(self, value: int) -> None:
        if self.phase is _ROLL:
            self.roll = value
            self.phase = _MOVE
            return
        self.contenders, self.opening_rolls, self.current = opening_step(
            self.contenders, self.opening_rolls, value
        )
        if not self.contenders:
            self.phase = _ROLL

    def _check_path(self, squares: tuple[Square, ...]) -> tuple[tuple[int, ...], bool]:
        p, roll, board = self.current, self.roll or 0, self.board
        if not squares:
            raise BadPath("a move needs at least one square")
        here = self.positions[p]
        visited = {here}
        reached, triggered = self.reached_far[p], False
        far, home = self.far_corner(p), self.home(p)
        path: list[int] = []
        for step, square in enumerate(squares, start=1):
            if not board.on_board(square):
                raise PathBlocked(f"square {square} is off the board", square=Square(*square))
            nxt = board.index(square)
            self._check_step(here, nxt)
            if nxt in visited:
                raise BadPath(f"the path enters {board.square(nxt)} twice in one roll")
            visited.add(nxt)
            path.append(nxt)
            triggered = triggered or (not reached and nxt == far)
            reached = reached or nxt == far
            if reached and nxt == home and step < len(squares):
                raise BadPath(f"the move ends at home {board.square(home)} after {step} squares")
            if step > roll:
                raise BadPath(f"{len(squares)} squares for a roll of {roll}")
            here = nxt
        if len(path) != roll and not (reached and path[-1] == home):
            raise BadPath(f"{len(path)} squares for a roll of {roll}; move exactly {roll}")
        return tuple(path), triggered

    def _check_step(self, here: int, nxt: int) -> None:
        board = self.board
        a, b = board.square(here), board.square(nxt)
        if abs(a.x - b.x) + abs(a.y - b.y) != 1:
            raise BadPath(f"the step from {a} to {b} is not one square straight across")
        edge = board.edge_between(a, b)
        if edge in board.permanent_edges:
            raise PathBlocked(
                f"a permanent wall blocks the step from {a} to {b}",
                blocker=self._edge_wall(edge), square=b,
            )
        if self.blocked[edge]:
            wall = self._placed_wall_on(edge)
            what = wall.describe() if wall else "a wall"
            raise PathBlocked(f"{what} blocks the step from {a} to {b}", blocker=wall, square=b)
        if any(arc_to == nxt for arc_to, _, _ in self.geo.arcs[here]):
            return
        arrow_square = a if here in self.geo.arrow_of else b
        arrow = self.geo.arrow_of.get(board.index(arrow_square), "?")
        raise PathBlocked(
            f"the step from {a} to {b} goes against the arrow ({arrow}) on {arrow_square}",
            square=b,
        )

    def _apply_move(self, path: tuple[int, ...], triggers: bool) -> None:
        p = self.current
        extra = 1 if self.roll == EXTRA_TURN_ROLL else 0
        if path:
            dest = path[-1]
            positions = self.positions = self.positions[:]  # copied on write (_snapshot)
            positions[p] = dest
            if triggers:
                self.reached_far = self.reached_far[:]
                self.reached_far[p] = True
            if self.reached_far[p] and dest == self.home(p):
                self.winner = p
                self.phase = _OVER
                return
            for q in range(self.players):
                if q != p and positions[q] == dest:
                    positions[q] = self.home(q)
                    self.reached_far = self.reached_far[:]
                    self.reached_far[q] = False
            if dest == self.geo.roll_again:
                extra += 1
        self.extra_turns += extra
        self.phase = _CHANGE if triggers and self.placed else _WALL

    def _end_turn(self) -> None:
        if self.extra_turns > 0:
            self.extra_turns -= 1
        else:
            self.current = next_player(self.current, self.players)
        self.phase = _ROLL

    def _check_place(self, wall: Wall) -> Any:
        stock = self.stocks[self.current]
        if not 1 <= wall.length <= 3 or stock[wall.length - 1] == 0:
            have = ", ".join(f"{c} {WALL_NAMES[i + 1]}" for i, c in enumerate(stock))
            raise NoWallInStock(
                f"{self.name(self.current)} has no {wall.kind} wall left "
                f"(has {have})", wall=wall, player=self.current,
            )
        if not self.layout.is_legal(wall):
            problem = self.wall_problem(wall)
            if problem is not None:
                raise problem
        return partial(self._apply_place, wall)

    def _apply_place(self, wall: Wall) -> None:
        stocks = self.stocks = self.stocks[:]  # copied on write (_snapshot)
        stock = stocks[self.current] = stocks[self.current][:]
        stock[wall.length - 1] -= 1
        placing = (self.layout, wall)
        self._put_wall(wall)
        self._layout = placing  # the layout with the wall, worked out when asked
        self._end_turn()

    def _check_change(self, change: ChangeWall) -> Any:
        old, new = change.old, change.new
        if old not in self.placed:
            raise NotAPlacedWall(
                f"there is no placed {old.kind} wall {old.where()} to change "
                "(permanent walls stay)", wall=old,
            )
        if new is not None:
            said = capital(old.describe())
            if new.length != old.length:
                raise IllegalMove(
                    f"{said} has length {old.length}, not {new.length}", wall=new, blocker=old
                )
            if new == old:
                raise IllegalMove(f"{said} must move somewhere else (or be removed)", wall=old)
            if new not in self.layout.moves_of(old):  # where it may go with it taken away
                problem = self.wall_problem(new, ignore=old)
                if problem is not None:
                    raise problem
        return partial(self._apply_change, old, new)

    def _apply_change(self, old: Wall, new: Wall | None) -> None:
        geo, (edges, crossings) = self.geo, self.layout.key
        gone = geo.candidate_of[old]
        edges, crossings = edges & ~gone.edge_mask, crossings & ~gone.cross_mask
        self._take_wall(old)
        if new is None:
            self.removed = self.removed[:]  # copied on write (_snapshot)
            self.removed[old.length - 1] += 1
        else:
            added = geo.candidate_of[new]
            edges, crossings = edges | added.edge_mask, crossings | added.cross_mask
            self._put_wall(new)
        # from the cache, or (when asked) worked out from the placed walls in one pass:
        # cheaper than the layout less one wall, then with one more
        self._layout = layout_cache(geo).layouts.get((edges, crossings))
        self._end_turn()

    def _put_wall(self, wall: Wall) -> None:
        """Put ``wall`` down (its legality is the caller's; the layout is worked out anew)."""
        self._layout = None
        self.placed = [*self.placed, wall]
        self.blocked = blocked = bytearray(self.blocked)  # copied on write (_snapshot)
        for edge in self.board.wall_edges(wall):
            blocked[edge] = 1

    def _take_wall(self, wall: Wall) -> None:
        self._layout = None
        self.placed = [w for w in self.placed if w != wall]
        self.blocked = blocked = bytearray(self.blocked)  # copied on write (_snapshot)
        for edge in self.board.wall_edges(wall):
            blocked[edge] = 0

    # --- JSON ---------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        square = self.board.square
        return {
            "board": self.board.to_json(),
            "players": self.players,
            "positions": [list(square(i)) for i in self.positions],
            "reached_far": list(self.reached_far),
            "stocks": [list(s) for s in self.stocks],
            "placed": [w.to_json() for w in self.placed],
            "removed": list(self.removed),
            "phase": self.phase.value,
            "current": self.current,
            "roll": self.roll,
            "extra_turns": self.extra_turns,
            "contenders": list(self.contenders),
            "opening_rolls": list(self.opening_rolls),
            "winner": self.winner,
        }

    @classmethod
    def from_json(cls, data: Any, board: Board | None = None) -> State:
        """Rebuild a state saved by :meth:`to_json`: only a state play could reach, else a
        one-line :class:`StateError` naming the key (:mod:`games.stonewall.saved`)."""
        return state_from_json(cls, data, board)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

