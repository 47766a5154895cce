"""Where Whacky Wit's pieces can go: walks of exactly the roll, with one witness path each.

Pure Python, used by :mod:`games.whacky.rules` (which owns the rules these searches follow:
see its docstring) and by the computer players.

* :func:`whacky_walks`: Whacky's destinations, each with a witness that is a *best* walk
  there: unpowered, one putting down the most dots any walk to that point puts down (a
  monster's point ends his walk); powered, one sending the most monsters to the cage (he
  hunts them on the way), then putting down the most dots. The search is exact: it runs
  layer by layer over (point, the points already counted that are still within reach of
  the steps left), so two walks merge only when no future can tell them apart; a point out
  of reach of the steps left can never be counted twice, so it drops out of the key.
* :func:`monster_walks`: a monster's destinations (one way, turning back only at a handle,
  never ending on another monster), each witness passing over Whacky when any walk there
  does (that walk catches him).
* :func:`check_whacky_path`, :func:`check_monster_path`: a path given by a player, checked
  step by step (:class:`~games.whacky.actions.BadPath`, :class:`~games.whacky.actions.Blocked`
  in players' words).
* :func:`accident_chances`: the accident rules' distribution, a 1-in-N chance per dot.
"""

from __future__ import annotations

from typing import Protocol, TypeAlias

from games.whacky.actions import BadPath, Blocked
from games.whacky.board import Board


class PathState(Protocol):
    """What checking a player's path reads of :class:`games.whacky.rules.State` (the rules call
    these checks, so they name the parts they read rather than importing the class)."""

    board: Board
    roll: int | None
    whacky: int
    monsters: tuple[int, ...]

    def label(self, node: int) -> str: ...

    def monster_name(self, monster: int) -> str: ...

    def monster_at(self, node: int) -> int | None: ...

    def powered(self) -> bool: ...

CAGED = 1000  # a monster hunted counts above any number of dots (a maze has fewer)

# a walk being searched, newest point first: (last point, the chain before it), () at the start
Chain: TypeAlias = tuple[()] | tuple[int, "Chain"]


def whacky_walks(
    board: Board,
    start: int,
    steps: int,
    monsters: tuple[int, ...],
    up: int,
    powered: bool,
) -> dict[int, tuple[int, ...]]:
    """Whacky's destinations in exactly ``steps`` -> a best witness path (start excluded).

    ``monsters``: the monsters' points (the cage among them is ignored); ``up``: the bit mask
    of dots still up. Unpowered, a monster's point may only end the walk; powered, a walk may
    pass it (and every monster it meets goes to the cage).

    Layer by layer, a key (point, counted points within reach) keeps the first walk of the
    highest value found for it; the two cases are two loops so the unpowered one (nearly every
    search) tests nothing it does not need, and its last step (the largest layer) keys a point
    and whether it is counted in one int. The steps come precomputed with their bits and reach
    masks (:meth:`games.whacky.board.Board.whacky_steps`); a walk is kept as a chain (last
    point, the chain before it), unrolled only for the witnesses returned."""
    if steps <= 0:
        return {}
    cage = board.cage
    layer: dict[tuple[int, int], tuple[int, Chain]] = {(start, 0): (0, ())}
    nxt: dict[tuple[int, int], tuple[int, Chain]]
    best: dict[int, tuple[int, Chain]] = {}
    if powered:
        occupied = 0
        for pos in monsters:
            if pos != cage:
                occupied |= 1 << pos
        worth = up | occupied
        for left in range(steps - 1, -1, -1):
            table = board.whacky_steps(left)
            nxt = {}
            for (node, counted), (value, chain) in layer.items():
                for following, bit, ball in table[node]:
                    if worth & bit and not counted & bit:
                        total = value + (1 if up & bit else 0) + (CAGED if occupied & bit else 0)
                        key = (following, (counted | bit) & ball)
                    else:
                        total, key = value, (following, counted & ball)
                    held = nxt.get(key)
                    if held is None or total > held[0]:
                        nxt[key] = (total, (following, chain))
            if not nxt:
                return {}
            layer = nxt
        for (node, _), (value, chain) in layer.items():
            held = best.get(node)
            if held is None or value > held[0]:
                best[node] = (value, chain)
        return _unchained(best)
    blocked = {pos for pos in monsters if pos != cage}  # a monster's point ends his walk
    if not up & board.ball(start, steps):
        return _first_walks(board, start, steps, blocked)
    for left in range(steps - 1, 0, -1):
        table = board.whacky_steps(left)
        nxt = {}
        for (node, counted), (value, chain) in layer.items():
            if chain and node in blocked:
                continue
            for following, bit, ball in table[node]:
                if up & bit and not counted & bit:
                    total, key = value + 1, (following, (counted | bit) & ball)
                else:
                    total, key = value, (following, counted & ball)
                held = nxt.get(key)
                if held is None or total > held[0]:
                    nxt[key] = (total, (following, chain))
        if not nxt:
            return {}
        layer = nxt
    # the last step: key 2 * point + 1 when the point is counted, 2 * point when not
    last: dict[int, tuple[int, Chain]] = {}
    table = board.whacky_steps(0)
    for (node, counted), (value, chain) in layer.items():
        if chain and node in blocked:
            continue
        for following, bit, _ in table[node]:
            if counted & bit:
                total, end = value, following + following + 1
            elif up & bit:
                total, end = value + 1, following + following + 1
            else:
                total, end = value, following + following
            held = last.get(end)
            if held is None or total > held[0]:
                last[end] = (total, (following, chain))
    for end, (value, chain) in last.items():
        node = end >> 1
        held = best.get(node)
        if held is None or value > held[0]:
            best[node] = (value, chain)
    return _unchained(best)


def _first_walks(
    board: Board, start: int, steps: int, blocked: set[int]
) -> dict[int, tuple[int, ...]]:
    """:func:`whacky_walks` unpowered with no dot up within reach: every walk is worth
    nothing, so each key holds its point alone (no dot is ever counted) and keeps the first
    walk that reached it, as the search keeps the first of equal values."""
    adjacency = board.whacky_adjacency
    layer: dict[int, Chain] = {start: ()}
    for _ in range(steps):
        nxt: dict[int, Chain] = {}
        for node, chain in layer.items():
            if chain and node in blocked:
                continue  # a monster's point ends his walk
            for following in adjacency[node]:
                if following not in nxt:
                    nxt[following] = (following, chain)
        if not nxt:
            return {}
        layer = nxt
    return {node: _unrolled(chain) for node, chain in layer.items()}


def _unchained(best: dict[int, tuple[int, Chain]]) -> dict[int, tuple[int, ...]]:
    """Each destination's walk, its chain unrolled into the points in order."""
    return {node: _unrolled(chain) for node, (_, chain) in best.items()}


def _unrolled(chain: Chain) -> tuple[int, ...]:
    """The points of ``chain`` (the last point first, linked back), first to last."""
    points: list[int] = []
    while chain:
        points.append(chain[0])
        chain = chain[1]
    points.reverse()
    return tuple(points)


def monster_walks(
    board: Board, monster: int, steps: int, monsters: tuple[int, ...], whacky: int
) -> dict[int, tuple[int, ...]]:
    """A monster's destinations in exactly ``steps`` -> a witness path, one passing over (or
    ending on) Whacky on ``whacky`` when any walk to that destination does.

    :func:`games.turnkit.graph.exact_walks` with Whacky's point preferred, on numbered
    (point, previous point) pairs (:attr:`games.whacky.board.Board.monster_steps`): per pair
    the first walk found, replaced only by the first that passes Whacky (one point: the
    layered choice is exact); per destination the first such pair's walk."""
    if steps <= 0:
        return {}
    start = monsters[monster]
    others = {pos for m, pos in enumerate(monsters) if m != monster}
    others.discard(board.cage)
    table = board.monster_steps
    width = board.node_count + 1
    # pair -> (path so far, whether it passed Whacky)
    layer: dict[int, tuple[tuple[int, ...], bool]] = {start * width + width - 1: ((), False)}
    for _ in range(steps):
        nxt: dict[int, tuple[tuple[int, ...], bool]] = {}
        for pair, (path, caught) in layer.items():
            for following, next_pair in table[pair]:
                held = nxt.get(next_pair)
                if held is None:
                    nxt[next_pair] = ((*path, following), caught or following == whacky)
                elif not held[1] and (caught or following == whacky):
                    nxt[next_pair] = ((*path, following), True)
        if not nxt:
            return {}
        layer = nxt
    best: dict[int, tuple[tuple[int, ...], bool]] = {}
    for pair, (path, caught) in layer.items():
        destination = pair // width
        held = best.get(destination)
        if (held is None or (caught and not held[1])) and destination not in others:
            best[destination] = (path, caught)
    return {destination: path for destination, (path, _) in best.items()}


def _nodes(state: PathState, path: tuple[str, ...]) -> list[int]:
    nodes = []
    for label in path:
        node = state.board.node(label)
        if node is None:
            raise BadPath(f"{label!r} is not a point of the maze")
        nodes.append(node)
    return nodes


def check_whacky_path(state: PathState, path: tuple[str, ...]) -> tuple[int, ...]:
    """The points of Whacky's ``path`` for his roll now, or :class:`BadPath` / :class:`Blocked`
    naming the step (unpowered, he cannot pass a monster)."""
    roll = state.roll or 0
    if len(path) != roll:
        raise BadPath(f"Whacky rolled {roll}: move exactly {roll} steps, not {len(path)}")
    nodes = _nodes(state, path)
    adjacency, label = state.board.whacky_adjacency, state.label
    here = state.whacky
    for step, node in enumerate(nodes):
        if node not in adjacency[here]:
            raise BadPath(f"step {step + 1}: {label(node)} is not one step from {label(here)}")
        blocker = state.monster_at(here) if step > 0 and not state.powered() else None
        if blocker is not None:
            raise Blocked(f"Whacky cannot pass the {state.monster_name(blocker)} monster on "
                          f"{label(here)}: unpowered, a monster's dot can only end his move")
        here = node
    return tuple(nodes)


def check_monster_path(state: PathState, monster: int, path: tuple[str, ...]) -> tuple[int, ...]:
    """The points of the monster's ``path`` for the roll now, or :class:`BadPath` /
    :class:`Blocked` naming the step (the aisle, the cage, turning back, ending on another)."""
    board, roll, label = state.board, state.roll or 0, state.label
    name = state.monster_name(monster)
    if len(path) != roll:
        raise BadPath(f"the {name} monster rolled {roll}: move exactly {roll} steps, "
                      f"not {len(path)}")
    nodes = _nodes(state, path)
    here, previous = state.monsters[monster], None
    for step, node in enumerate(nodes):
        if node not in board.monster_adjacency[here]:
            if {here, node} == set(board.handles):
                raise Blocked(f"only Whacky uses the aisle: the {name} monster bounces on "
                              f"the handle at {label(here)}")
            if node == board.cage:
                raise Blocked("nobody walks into the cage")
            raise BadPath(f"step {step + 1}: {label(node)} is not one step from {label(here)}")
        if node == previous and here not in board.handles:
            raise Blocked(f"the {name} monster moves one way: it cannot turn back from "
                          f"{label(here)} to {label(node)} (only at a handle)")
        previous, here = here, node
    other = state.monster_at(here)
    if other is not None and other != monster:
        raise Blocked(f"the {name} monster cannot end on the {state.monster_name(other)} "
                      f"monster at {label(here)}: it must take another way")
    return tuple(nodes)


def accident_chances(dots: int, one_in: int) -> list[float]:
    """The accident rules' distribution after a monster passed ``dots`` dots still up, each
    with a 1-in-``one_in`` chance of going down: entry ``i`` is the chance that the ``i``-th
    dot on its way is the one it put down (the first whose chance came up; at most one per
    move), the last entry (index ``dots``) the chance that none went down."""
    miss = 1 - 1 / one_in
    return [miss ** i / one_in for i in range(dots)] + [miss ** dots]
