"""Path search on the boards of the dice games: square grids and point graphs. Pure Python.

Dice games move a piece *exactly* the number rolled along a graph (squares joined orthogonally,
or dots joined by paths). What differs between games is only which steps are allowed, so one
search serves them all:

* :func:`exact_walks`: every square reachable in exactly ``steps`` steps, with one *witness*
  path per destination (the path a window shows and a move replays). The search runs over
  (node, previous node) pairs layer by layer, so it costs ``steps × edges`` instead of the
  number of paths (which grows like ``3**steps`` on a grid), and rules such as "never straight
  back onto the square just left" or "may turn round only at a handle" are just a predicate.
  Walks may cross themselves; a game that forbids revisiting squares (Stonewall) enumerates
  simple paths itself.
* :func:`indexed_walks`: the same search for the common case, nodes numbered 0..n-1 with a
  fixed adjacency and a set of nodes that may not be entered, in a tight loop over integers
  (the rule engines' move listing runs it thousands of times a game). Its destinations and
  witnesses are exactly :func:`exact_walks`'s (``any_step`` or ``no_reversal``);
  :func:`named_walks` gives them as the board's own squares.
* :func:`distances`: breadth-first fewest steps from a node, for bots and messages.

Nodes are any hashable values (a grid's :class:`games.turnkit.grid.Square`, a dot's id).
``neighbours`` gives the nodes one step away (a game folds arrows, walls and wrap-around
aisles into it).
"""

from __future__ import annotations

from collections.abc import Callable, Container, Hashable, Iterable, Sequence
from typing import TypeVar

Node = TypeVar("Node", bound=Hashable)
T = TypeVar("T")

# A step's rule: (previous node or None at the start, node, next node) -> allowed?
StepRule = Callable[[Node | None, Node, Node], bool]


def any_step(previous: object, node: object, following: object) -> bool:
    """Every step is allowed (a walk may turn straight back)."""
    return True


def no_reversal(previous: object, node: object, following: object) -> bool:
    """Never straight back onto the node just left."""
    return following != previous


def exact_walks(
    start: Node,
    steps: int,
    neighbours: Callable[[Node], Iterable[Node]],
    *,
    may_enter: Callable[[Node], bool] = lambda node: True,
    may_end: Callable[[Node], bool] = lambda node: True,
    step_rule: StepRule[Node] = any_step,
    prefer: Callable[[Node], bool] | None = None,
) -> dict[Node, tuple[Node, ...]]:
    """Destination -> one witness path (the nodes entered, start excluded) of exactly ``steps``.

    ``may_enter`` says which nodes a walk may pass through or end on (a hand in the way: no);
    ``may_end`` adds a test for the last node only (a monster may jump over another monster but
    never end on it); ``step_rule`` judges each step with the node it came from. The witness
    is the first path found in neighbour order, so it is deterministic.

    ``prefer`` (optional) marks nodes worth passing (dots still up): then each witness is, of
    the paths the search keeps, one passing the most distinct preferred nodes. The choice is
    made layer by layer per (node, previous node), so it is a good path, not always the best.
    """
    if steps <= 0:
        return {}
    if prefer is not None:
        return _preferred_walks(start, steps, neighbours, may_enter, may_end, step_rule, prefer)
    # layer: (node, previous) -> parent key in the previous layer (None at the start)
    layers: list[dict[tuple[Node, Node | None], tuple[Node, Node | None] | None]] = [
        {(start, None): None}
    ]
    for _ in range(steps):
        nxt: dict[tuple[Node, Node | None], tuple[Node, Node | None] | None] = {}
        for key in layers[-1]:
            node, previous = key
            for following in neighbours(node):
                if not may_enter(following) or not step_rule(previous, node, following):
                    continue
                nxt.setdefault((following, node), key)
        if not nxt:
            return {}
        layers.append(nxt)
    found: dict[Node, tuple[Node, ...]] = {}
    for key in layers[-1]:
        destination = key[0]
        if destination in found or not may_end(destination):
            continue
        found[destination] = _trace(layers, key)
    return found


def indexed_walks(
    start: int, steps: int, moves: NumberedMoves, blocked: Container[int]
) -> dict[int, tuple[int, ...]]:
    """:func:`exact_walks` on nodes ``0 .. n - 1``: destination -> witness path.

    ``moves`` is :func:`numbered_moves` of the adjacency and the step rule (``any_step`` or
    ``no_reversal``); ``blocked`` holds the nodes a walk may not enter (``may_enter`` is "not
    in ``blocked``"). Layer by layer over (node, previous node) pairs, numbered, in the same
    order as :func:`exact_walks`, so the witnesses are the same paths: the first pair found
    keeps its parent, and a destination's witness is the path of its first pair in the last
    layer (the last layer itself is not kept, only each destination's first parent).
    """
    return named_walks(start, steps, moves, blocked, range(moves.width - 1))


def named_walks(
    start: int, steps: int, moves: NumberedMoves, blocked: Container[int], names: Sequence[T]
) -> dict[T, tuple[T, ...]]:
    """:func:`indexed_walks` with every node given as ``names[node]`` (a board's squares), the
    destinations and the witness paths alike, so no second pass turns the numbers into them."""
    if steps <= 0:
        return {}
    table = moves.table
    layers: list[dict[int, int]] = []
    layer: dict[int, int] = {moves.start(start): -1}
    for _ in range(steps - 1):
        following: dict[int, int] = {}
        for key in layer:
            for node, pair in table[key]:
                if pair not in following and node not in blocked:
                    following[pair] = key
        if not following:
            return {}
        layers.append(following)
        layer = following
    ends: dict[int, int] = {}
    for key in layer:
        for node, _ in table[key]:
            if node not in ends and node not in blocked:
                ends[node] = key
    width = moves.width
    found: dict[T, tuple[T, ...]] = {}
    backwards = layers[::-1]
    for end, key in ends.items():
        path = [names[end]]
        for parents in backwards:
            path.append(names[key // width])
            key = parents[key]
        path.reverse()
        found[names[end]] = tuple(path)
    return found


class NumberedMoves:
    """The steps of a fixed graph for :func:`indexed_walks`: per (node, previous node) pair,
    numbered ``node * width + previous``, the (next node, next pair) steps the rule allows, in
    neighbour order. Work it out once per board (:func:`numbered_moves`)."""

    def __init__(self, adjacency: Sequence[Sequence[int]], no_turning_back: bool) -> None:
        count = len(adjacency)
        self.width = width = count + 1  # previous == count: none (the start)
        self.table: list[tuple[tuple[int, int], ...]] = [()] * (count * width)
        for node, neighbours in enumerate(adjacency):
            for previous in range(width):
                self.table[node * width + previous] = tuple(
                    (nxt, nxt * width + node) for nxt in neighbours
                    if not (no_turning_back and nxt == previous)
                )

    def start(self, node: int) -> int:
        return node * self.width + self.width - 1


def numbered_moves(adjacency: Sequence[Sequence[int]], *, no_turning_back: bool) -> NumberedMoves:
    """:class:`NumberedMoves` of ``adjacency`` with the step rule :func:`no_reversal`
    (``no_turning_back``) or :func:`any_step`."""
    return NumberedMoves(adjacency, no_turning_back)


def _preferred_walks(
    start: Node,
    steps: int,
    neighbours: Callable[[Node], Iterable[Node]],
    may_enter: Callable[[Node], bool],
    may_end: Callable[[Node], bool],
    step_rule: StepRule[Node],
    prefer: Callable[[Node], bool],
) -> dict[Node, tuple[Node, ...]]:
    """:func:`exact_walks` keeping, per (node, previous), the path with most preferred nodes."""
    # key -> (path so far, the preferred nodes on it)
    layer: dict[tuple[Node, Node | None], tuple[tuple[Node, ...], frozenset[Node]]] = {
        (start, None): ((), frozenset())
    }
    wanted: dict[Node, bool] = {}
    for _ in range(steps):
        nxt: dict[tuple[Node, Node | None], tuple[tuple[Node, ...], frozenset[Node]]] = {}
        for (node, previous), (path, got) in layer.items():
            for following in neighbours(node):
                if not may_enter(following) or not step_rule(previous, node, following):
                    continue
                good = wanted.get(following)
                if good is None:
                    good = wanted[following] = prefer(following)
                gained = got | {following} if good and following not in got else got
                key = (following, node)
                held = nxt.get(key)
                if held is None or len(gained) > len(held[1]):
                    nxt[key] = ((*path, following), gained)
        if not nxt:
            return {}
        layer = nxt
    best: dict[Node, tuple[tuple[Node, ...], frozenset[Node]]] = {}
    for (destination, _), (path, got) in layer.items():
        held = best.get(destination)
        if (held is None or len(got) > len(held[1])) and may_end(destination):
            best[destination] = (path, got)
    return {destination: path for destination, (path, _) in best.items()}


def _trace(layers: list[dict[tuple[Node, Node | None], tuple[Node, Node | None] | None]],
           key: tuple[Node, Node | None]) -> tuple[Node, ...]:
    """The path that led to ``key`` in the last layer, through the parent links."""
    path: list[Node] = []
    current: tuple[Node, Node | None] | None = key
    for layer in reversed(layers[1:]):
        assert current is not None
        path.append(current[0])
        current = layer[current]
    return tuple(reversed(path))


def is_walk(
    start: Node,
    path: Iterable[Node],
    neighbours: Callable[[Node], Iterable[Node]],
    *,
    may_enter: Callable[[Node], bool] = lambda node: True,
    step_rule: StepRule[Node] = any_step,
) -> tuple[int, str] | None:
    """None if ``path`` is a legal walk from ``start``, else (index of the bad step, why)."""
    previous: Node | None = None
    node = start
    for index, following in enumerate(path):
        if following not in set(neighbours(node)):
            return index, "not a step to a neighbour"
        if not may_enter(following):
            return index, "blocked"
        if not step_rule(previous, node, following):
            return index, "not allowed by the step rule"
        previous, node = node, following
    return None


def distances(start: Node, neighbours: Callable[[Node], Iterable[Node]]) -> dict[Node, int]:
    """Fewest steps from ``start`` to every node it can reach (breadth first)."""
    found = {start: 0}
    frontier = [start]
    while frontier:
        following: list[Node] = []
        for node in frontier:
            for other in neighbours(node):
                if other not in found:
                    found[other] = found[node] + 1
                    following.append(other)
        frontier = following
    return found
