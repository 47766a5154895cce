"""The Stonewall rule engine: state, legal actions, push/pop, outcome, JSON. Pure Python.

Modelled on python-chess (small frozen value objects, ``push``/``pop``, precise exceptions)
and OpenSpiel's python games (a chance node for every die roll, legal actions, serialization).
The board and its geometry live in :mod:`games.stonewall.board`, the moves and errors (re-exported
here) in :mod:`games.stonewall.actions`, the per-board lookups in :mod:`games.stonewall.geometry`.

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

import enum
from collections.abc import Callable, Iterable, Iterator
from functools import partial
from typing import Any

from games.assets import parse_once, read_once
from games.checks import check_action
from games.engine import SnapshotState
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
    board_from_data,
    default_board_path,
    load_board,
)
from games.stonewall.geometry import geometry
from games.stonewall.walls import WallLayout, layout_of
from games.turns import next_player, opening_step
from games.userfile import shown

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

PASS = Pass()
WALL_TOTALS = {1: 24, 2: 24, 3: 12}  # single, double, triple walls in the box
WALL_COUNT = sum(WALL_TOTALS.values())
EXTRA_TURN_ROLL = 4


class Phase(str, enum.Enum):
    OPENING = "opening"
    ROLL = "roll"
    MOVE = "move"
    WALL = "wall"
    CHANGE = "change"
    OVER = "over"


_CHANCE = (Phase.OPENING, Phase.ROLL)




def _squares_named(board: Board, indices: set[int]) -> str:
    """'square A2', or 'squares A1, A2 and B1' (up to four named, then how many more)."""
    names = [str(board.square(i)) for i in sorted(indices)]
    if len(names) == 1:
        return f"square {names[0]}"
    shown = names[:4] if len(names) <= 4 else [*names[:3], f"{len(names) - 3} more"]
    return f"squares {', '.join(shown[:-1])} and {shown[-1]}"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]




def _board_of(data: Any) -> Board:
    """The board of a saved state (boards already read are reused: saved states repeat them)."""
    return parse_once(board_from_data, data, "state.board")


def default_board() -> Board:
    """The board of the assets folder (read once per folder; a bad file: :class:`BoardError`)."""
    return read_once(load_board, default_board_path())


# --- the state ----------------------------------------------------------------------------
class State(SnapshotState[Action]):
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
        self._layout: WallLayout | None = self.geo.empty_layout()
        # the moves legal_moves listed last, by id: (move, square indices, triggers a change)
        self._listed: dict[int, tuple[MovePiece, tuple[int, ...], bool]] = {}
        self.history: list[tuple[Action, tuple[Any, ...]]] = []

    # --- small queries ------------------------------------------------------------------
    def name(self, player: int) -> str:
        return self.board.corner_names[player]

    def home(self, player: int) -> int:
        return self.board.index(self.board.corners[player])

    def far_corner(self, player: int) -> int:
        return self.board.index(self.board.corners[(player + 2) % 4])

    def goal(self, player: int) -> int:
        """The square the player heads for now: the far corner, then home."""
        return self.home(player) if self.reached_far[player] else self.far_corner(player)

    def position(self, player: int) -> Square:
        return self.board.square(self.positions[player])

    def is_chance(self) -> bool:
        return self.phase in (Phase.OPENING, Phase.ROLL)

    def is_over(self) -> bool:
        return self.phase is Phase.OVER

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
        """Every legal action now (for ``move``, one path per destination and outcome)."""
        if self.phase in (Phase.OPENING, Phase.ROLL):
            return [Roll(v) for v in range(1, DIE_SIDES + 1)]
        if self.phase is Phase.MOVE:
            return list(self.legal_moves()) or [NoMove()]
        if self.phase is Phase.WALL:
            return [PASS, *self.layout.place_actions(self._stock_lengths())]
        if self.phase is Phase.CHANGE:
            return list(self.legal_wall_changes())
        return []

    def chance_outcomes(self) -> list[tuple[Roll, float]]:
        return [(Roll(v), 1 / DIE_SIDES) for v in range(1, DIE_SIDES + 1)]

    @property
    def layout(self) -> WallLayout:
        """The placed walls' layout and its legal wall positions (:mod:`games.stonewall.walls`)."""
        if self._layout is None:
            self._layout = layout_of(self.geo, self.placed)
        return self._layout

    def _stock_lengths(self) -> tuple[int, ...]:
        return tuple(i + 1 for i, c in enumerate(self.stocks[self.current]) if c > 0)

    def legal_moves(self, roll: int | None = None) -> list[MovePiece]:
        """One move per distinct (destination, passes the Change-a-Wall corner) pair."""
        seen: dict[tuple[int, bool], tuple[int, ...]] = {}
        for path, triggers in self.walks(roll if roll is not None else self.roll or 0):
            seen.setdefault((path[-1], triggers), path)
        square = self.geo.squares
        moves = [MovePiece(tuple([square[i] for i in path])) for path in seen.values()]
        if roll is None or roll == self.roll:
            # push checks these by identity, not square by square
            self._listed = {
                id(move): (move, path, triggers)
                for move, ((_, triggers), path) in zip(moves, seen.items(), strict=True)
            }
        return moves

    def walks(
        self, steps: int, player: int | None = None
    ) -> Iterator[tuple[tuple[int, ...], bool]]:
        """Every legal path of the player for a roll of ``steps``, with 'triggers a change'."""
        p = self.current if player is None else player
        start = self.positions[p]
        far, home = self.far_corner(p), self.home(p)
        arcs, blocked = self.geo.arcs, self.blocked
        path: list[int] = []
        visited = {start}

        def extend(square: int, left: int, reached: bool, triggered: bool) -> Iterator[
            tuple[tuple[int, ...], bool]
        ]:
            for nxt, edge, _ in arcs[square]:
                if blocked[edge] or nxt in visited:
                    continue
                now_reached = reached or nxt == far
                now_triggered = triggered or (not reached and nxt == far)
                path.append(nxt)
                if (now_reached and nxt == home) or left == 1:
                    yield tuple(path), now_triggered
                else:
                    visited.add(nxt)
                    yield from extend(nxt, left - 1, now_reached, now_triggered)
                    visited.discard(nxt)
                path.pop()

        if steps > 0:
            yield from extend(start, steps, self.reached_far[p], False)

    # --- walls: legality ----------------------------------------------------------------
    def wall_problem(self, wall: Wall, ignore: Wall | None = None) -> IllegalMove | None:
        """Why ``wall`` cannot go on the board now (``ignore``: a wall being moved), or None."""
        off = self.board.wall_fits(wall)
        if off is not None:
            return WallOffBoard(_capital(off), wall=wall)
        edges = self.board.wall_edges(wall)
        ignore_edges = set(self.board.wall_edges(ignore)) if ignore else set()
        said = _capital(wall.describe())
        for edge in edges:
            if edge in self.board.permanent_edges:
                a, b = self.board.edge_squares(edge)
                return WallOverlaps(
                    f"{said} would lie on the permanent wall between {a} and {b}",
                    wall=wall, blocker=self._edge_wall(edge),
                )
            if self.blocked[edge] and edge not in ignore_edges:
                other = self._placed_wall_on(edge)
                what = other.describe() if other else "a placed wall"
                return WallOverlaps(
                    f"{said} would lie on top of {what}", wall=wall, blocker=other
                )
        crossing = self._crossed_wall(wall, ignore)
        if crossing is not None:
            return WallOverlaps(
                f"{said} would cross {crossing.describe()}", wall=wall, blocker=crossing
            )
        return self._reach_problem(wall, edges, ignore_edges)

    def _edge_wall(self, edge: int) -> Wall:
        """The one-square wall on a unit edge (how a permanent wall is named in errors)."""
        (px, py), (qx, _) = self.board.edge_points(edge)
        return Wall("h" if px != qx else "v", px, py, 1)

    def _placed_wall_on(self, edge: int) -> Wall | None:
        for placed in self.placed:
            if edge in self.board.wall_edges(placed):
                return placed
        return None

    def _crossed_wall(self, wall: Wall, ignore: Wall | None) -> Wall | None:
        inner = set(wall.inner_points())
        for placed in self.placed:
            crosses = placed.orientation != wall.orientation and placed != ignore
            if crosses and inner.intersection(placed.inner_points()):
                return placed
        return None

    def _reach_problem(
        self, wall: Wall, edges: Iterable[int], freed: set[int]
    ) -> IllegalMove | None:
        said = _capital(wall.describe())
        with self._edges_changed(edges, freed):
            if self.strongly_connected():
                return None
            for p in range(self.players):
                cut = self._cut_leg(p)
                if cut is not None:
                    return WallCutsPath(
                        f"{said} would cut {self.name(p)}'s path {cut}", wall=wall, player=p
                    )
            return self._cut_off_problem(said, wall)

    def _cut_leg(self, player: int) -> str | None:
        pos, far, home = self.positions[player], self.far_corner(player), self.home(player)
        legs = [(home, pos, "home")] if self.reached_far[player] else [
            (far, pos, f"to their Change-a-Wall corner {self.board.square(far)}"),
            (home, far, "from their Change-a-Wall corner home"),
        ]
        for target, source, label in legs:
            if not self._reaches(source, target):
                return label
        return None

    def _cut_off_problem(self, said: str, wall: Wall) -> WallIsolatesSquare:
        """Name the squares cut off from the main board and how: no way in, out, or both.

        The main board is the largest strongly connected group of squares. Squares it cannot
        reach have no way in; squares that cannot reach it have no way out. The message names
        the innermost such group: the dead end a piece would be stuck in (no way out), or the
        pocket nothing can enter (no way in); ``square`` is its first square.
        """
        every = set(range(self.board.square_count))
        anchor = min(self._main_part())
        no_way_in = every - self.reachable_from(anchor)
        no_way_out = every - self._reaching(anchor)
        sealed = no_way_in & no_way_out
        if sealed:
            group = self._innermost(sealed, self.reachable_from, self._reaching)
            where = _squares_named(self.board, group)
            text = f"{said} would wall off {where} (no way in or out)"
        elif no_way_out:
            group = self._innermost(no_way_out, self.reachable_from, self._reaching)
            text = f"{said} would leave no way out of {_squares_named(self.board, group)}"
        else:
            group = self._innermost(no_way_in, self._reaching, self.reachable_from)
            text = f"{said} would leave no way into {_squares_named(self.board, group)}"
        return WallIsolatesSquare(text, wall=wall, square=self.board.square(min(group)))

    def _main_part(self) -> set[int]:
        """The largest strongly connected group of squares (tried from Roll Again first)."""
        count = self.board.square_count
        best: set[int] = set()
        unseen = set(range(count))
        start = self.board.index(self.board.roll_again)
        while unseen and len(best) * 2 <= count:
            part = self.reachable_from(start) & self._reaching(start)
            if len(part) > len(best):
                best = part
            unseen -= part
            start = min(unseen) if unseen else start
        return best

    @staticmethod
    def _innermost(
        cut: set[int], onward: Callable[[int], set[int]], back: Callable[[int], set[int]]
    ) -> set[int]:
        """The group of ``cut`` squares at the end of the line: follow ``onward`` until every
        square ahead leads ``back`` (a dead end; searching backwards, the sealed pocket)."""
        square = min(cut)
        while True:
            ahead = onward(square) & cut
            stray = sorted(ahead - back(square))
            if not stray:
                return ahead
            square = stray[0]

    class _EdgeChange:
        def __init__(self, state: State, add: Iterable[int], free: set[int]) -> None:
            self.state, self.add, self.free = state, [e for e in add], free
            self.added: list[int] = []

        def __enter__(self) -> None:
            blocked = self.state.blocked
            for e in self.free:
                blocked[e] = 0
            for e in self.add:
                if not blocked[e]:
                    blocked[e] = 1
                    self.added.append(e)

        def __exit__(self, *exc: object) -> None:
            blocked = self.state.blocked
            for e in self.added:
                blocked[e] = 0
            for e in self.free:
                blocked[e] = 1

    def _edges_changed(self, add: Iterable[int], free: set[int]) -> State._EdgeChange:
        return State._EdgeChange(self, add, free)

    def trying_walls(
        self, add: Wall | None = None, remove: Wall | None = None
    ) -> State._EdgeChange:
        """``with state.trying_walls(new, old):`` the walls block (or stop blocking) paths for
        distance and reachability queries inside the block only; no legality check, no stock
        or history change (for bots scoring walls already known to be legal)."""
        edges = self.board.wall_edges(add) if add is not None else ()
        freed = set(self.board.wall_edges(remove)) if remove is not None else set()
        return State._EdgeChange(self, edges, freed)

    # --- reachability -------------------------------------------------------------------
    def reachable_from(self, start: int) -> set[int]:
        """Every square a piece on ``start`` can reach (walls and arrows respected)."""
        return self._search(start, self.geo.steps)

    def _reaching(self, target: int) -> set[int]:
        """Every square from which ``target`` can be reached."""
        return self._search(target, self.geo.back_steps)

    def _search(self, start: int, steps: list[tuple[tuple[int, int], ...]]) -> set[int]:
        blocked = self.blocked
        seen = bytearray(len(steps))
        seen[start] = 1
        found = [start]
        stack = [start]
        while stack:
            for nxt, edge in steps[stack.pop()]:
                if not seen[nxt] and not blocked[edge]:
                    seen[nxt] = 1
                    found.append(nxt)
                    stack.append(nxt)
        return set(found)

    def _reaches(self, source: int, target: int) -> bool:
        """True if a piece on ``source`` can reach ``target`` (stops as soon as it does)."""
        steps, blocked = self.geo.steps, self.blocked
        seen = bytearray(len(steps))
        seen[source] = 1
        stack = [source]
        while stack:
            square = stack.pop()
            if square == target:
                return True
            for nxt, edge in steps[square]:
                if not seen[nxt] and not blocked[edge]:
                    seen[nxt] = 1
                    stack.append(nxt)
        return False

    def strongly_connected(self) -> bool:
        """True if every square can reach every square (one search each way from square 0)."""
        count = self.board.square_count
        return (
            len(self._search(0, self.geo.steps)) == count
            and len(self._search(0, self.geo.back_steps)) == count
        )

    def distances_from(self, start: int) -> list[int]:
        """Fewest steps from ``start`` to every square (-1 if unreachable)."""
        steps, blocked = self.geo.steps, self.blocked
        dist = [-1] * self.board.square_count
        dist[start] = 0
        frontier = [start]
        while frontier:
            nxt_frontier = []
            for square in frontier:
                d = dist[square] + 1
                for nxt, edge in steps[square]:
                    if not blocked[edge] and dist[nxt] < 0:
                        dist[nxt] = d
                        nxt_frontier.append(nxt)
            frontier = nxt_frontier
        return dist

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
        layout = self.layout
        for old in list(self.placed):
            yield ChangeWall(old, None)
            for new in layout.moves_of(old):
                yield ChangeWall(old, new)

    # --- push / pop ---------------------------------------------------------------------
    def draw(self, chance: Any) -> Roll:
        """The die roll drawn from a :class:`games.rng.Chance` (:meth:`roll_with` pushes it)."""
        if not self.is_chance():
            who = self.name(self.current)
            raise WrongPhase(f"no roll now: {who} is in phase {self.phase.value}")
        return Roll(chance.roll(DIE_SIDES))

    def _snapshot(self) -> tuple[Any, ...]:
        return (
            self.positions[:], self.reached_far[:], [s[:] for s in self.stocks],
            self.placed[:], self.removed[:], self.phase, self.current, self.roll,
            self.extra_turns, self.contenders[:], self.opening_rolls[:], self.winner,
            bytearray(self.blocked), self._layout,
        )

    def _restore(self, snap: tuple[Any, ...]) -> None:
        (
            self.positions, self.reached_far, self.stocks, self.placed, self.removed,
            self.phase, self.current, self.roll, self.extra_turns, self.contenders,
            self.opening_rolls, self.winner, self.blocked, self._layout,
        ) = snap
        self._listed = {}

    def _check(self, action: Action) -> Any:
        """Validate ``action`` and return a function that applies it."""
        quick = self._check_listed(action)
        if quick is not None:
            return quick
        if type(action) not in (Roll, MovePiece, NoMove, PlaceWall, Pass, ChangeWall):
            raise IllegalMove(f"not an action: {shown(action)}")
        check_action(action, IllegalMove, {"Roll.value": f"1 to {DIE_SIDES}"})
        who = self.name(self.current) if self.phase is not Phase.OVER else "nobody"
        expected = {
            Roll: (Phase.OPENING, Phase.ROLL),
            MovePiece: (Phase.MOVE,),
            NoMove: (Phase.MOVE,),
            PlaceWall: (Phase.WALL,),
            Pass: (Phase.WALL,),
            ChangeWall: (Phase.CHANGE,),
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
            listed = self._listed.get(id(action)) if self.phase is Phase.MOVE else None
            if listed is not None and listed[0] is action:
                return partial(self._apply_move, listed[1], listed[2])
        elif kind is PlaceWall:
            assert isinstance(action, PlaceWall)
            cand = self.geo.candidate_of.get(action.wall) if self.phase is Phase.WALL else None
            if cand is not None and cand.action is action and self.layout.legal & cand.bit \
                    and self.stocks[self.current][action.wall.length - 1] > 0:
                return partial(self._apply_place, action.wall)
        elif kind is Roll:
            assert isinstance(action, Roll)
            value = action.value
            if type(value) is int and 1 <= value <= DIE_SIDES and self.phase in _CHANCE:
                return partial(self._apply_roll, value)
        elif kind is Pass and self.phase is Phase.WALL:
            return self._end_turn
        return None

    def _pushing(self) -> None:
        self._listed = {}

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
            self.positions[p] = dest
            if triggers:
                self.reached_far[p] = True
            if self.reached_far[p] and dest == self.home(p):
                self.winner = p
                self.phase = Phase.OVER
                return
            for q in range(self.players):
                if q != p and self.positions[q] == dest:
                    self.positions[q] = self.home(q)
                    self.reached_far[q] = False
            if dest == self.board.index(self.board.roll_again):
                extra += 1
        self.extra_turns += extra
        self.phase = Phase.CHANGE if triggers and self.placed else Phase.WALL

    def _end_turn(self) -> None:
        if self.extra_turns > 0:
            self.extra_turns -= 1
        else:
            self.current = next_player(self.current, self.players)
        self.phase = Phase.ROLL

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
        self.stocks[self.current][wall.length - 1] -= 1
        layout = self.layout.with_wall(wall)
        self._put_wall(wall)
        self._layout = layout
        self._end_turn()

    def _check_change(self, change: ChangeWall) -> Any:
        old, new = change.old, change.new
        if old not in self.placed:
            raise NotAPlacedWall(
                f"there is no placed {old.kind} wall {old.where()} to change "
                "(permanent walls stay)", wall=old,
            )
        if new is not None:
            said = _capital(old.describe())
            if new.length != old.length:
                raise IllegalMove(
                    f"{said} has length {old.length}, not {new.length}", wall=new, blocker=old
                )
            if new == old:
                raise IllegalMove(f"{said} must move somewhere else (or be removed)", wall=old)
            if not self.layout.without(old).is_legal(new):
                problem = self.wall_problem(new, ignore=old)
                if problem is not None:
                    raise problem

        def apply() -> None:
            layout = self.layout.without(old)
            self._take_wall(old)
            if new is None:
                self.removed[old.length - 1] += 1
            else:
                layout = layout.with_wall(new)
                self._put_wall(new)
            self._layout = layout
            self._end_turn()

        return apply

    def _put_wall(self, wall: Wall) -> None:
        """Put ``wall`` down (its legality is the caller's; the layout is worked out anew)."""
        self._layout = None
        self.placed = [*self.placed, wall]
        for edge in self.board.wall_edges(wall):
            self.blocked[edge] = 1

    def _take_wall(self, wall: Wall) -> None:
        self._layout = None
        self.placed = [w for w in self.placed if w != wall]
        for edge in self.board.wall_edges(wall):
            self.blocked[edge] = 0

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
        from games.stonewall.saved import state_from_json

        return state_from_json(cls, data, board)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

