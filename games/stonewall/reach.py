"""Stonewall's wall checks in players' words, and reachability on the board. Pure Python.

A mixin of :class:`games.stonewall.rules.State`: :meth:`WallChecks.wall_problem` says why a wall
cannot go where it is tried (off the guide lines, on or across a wall, cutting a player's path,
walling squares off: the readings are in :mod:`games.stonewall.rules`), and the searches it and
the computers use: what a square reaches, what reaches it, fewest steps, strong connectivity,
and :meth:`WallChecks.trying_walls` (walls in place for a ``with`` block only). Which walls are
legal at all is listed by :mod:`games.stonewall.walls`; this module explains a refusal.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from games.stonewall.actions import (
    IllegalMove,
    WallCutsPath,
    WallIsolatesSquare,
    WallOffBoard,
    WallOverlaps,
)
from games.stonewall.board import Board, Square, Wall
from games.stonewall.geometry import Geometry


def _squares_named(board: Board, indices: set[int]) -> str:
    """'square A2', or 'squares A1, A2 and B1' (up to four named, then how many more)."""
    names = [str(board.square(i)) for i in sorted(indices)]
    if len(names) == 1:
        return f"square {names[0]}"
    shown = names[:4] if len(names) <= 4 else [*names[:3], f"{len(names) - 3} more"]
    return f"squares {', '.join(shown[:-1])} and {shown[-1]}"


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


class WallChecks:
    """Wall checks and searches over a state's ``board``, ``geo``, ``blocked`` edges,
    ``placed`` walls and pieces (the fields :class:`games.stonewall.rules.State` has)."""

    board: Board
    geo: Geometry
    blocked: bytearray
    placed: list[Wall]
    players: int
    positions: list[int]
    reached_far: list[bool]

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

    # --- walls: legality ----------------------------------------------------------------
    def wall_problem(self, wall: Wall, ignore: Wall | None = None) -> IllegalMove | None:
        """Why ``wall`` cannot go on the board now (``ignore``: a wall being moved), or None."""
        off = self.board.wall_fits(wall)
        if off is not None:
            return WallOffBoard(capital(off), wall=wall)
        edges = self.board.wall_edges(wall)
        ignore_edges = set(self.board.wall_edges(ignore)) if ignore else set()
        said = capital(wall.describe())
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
        said = capital(wall.describe())
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

    def _edges_changed(self, add: Iterable[int], free: set[int]) -> EdgeChange:
        return EdgeChange(self, add, free)

    def trying_walls(
        self, add: Wall | None = None, remove: Wall | None = None
    ) -> EdgeChange:
        """``with state.trying_walls(new, old):`` the walls block (or stop blocking) paths for
        distance and reachability queries inside the block only; no legality check, no stock
        or history change (for bots scoring walls already known to be legal)."""
        edges = self.board.wall_edges(add) if add is not None else ()
        freed = set(self.board.wall_edges(remove)) if remove is not None else set()
        return EdgeChange(self, edges, freed)

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


class EdgeChange:
    """``with``: edges blocked (and freed) inside the block only."""

    def __init__(self, state: WallChecks, add: Iterable[int], free: set[int]) -> None:
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
