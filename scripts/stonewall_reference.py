"""The Stonewall wall listing as the engine had it before the wall layouts: a reference.

:func:`reference_wall_placements` is the engine's previous listing, kept verbatim but for
``self`` becoming ``state``: a union-find of guide-line points rebuilt for every listing, a
degree count, and a full strong-connectivity search per candidate that closes a loop or touches
a one-way edge. :func:`naive_wall_placements` checks every candidate with the rules' own
:meth:`State.wall_problem`. ``tests/stonewall/test_stonewall_walls_fast.py`` (a sample) and
``python scripts/stonewall_reference.py --positions 5000`` (the long check) compare the engine's
listing (:mod:`games.stonewall.walls`) with both, where each placed wall could move (a
Change-a-Wall) with the reference's, and the listing after a push and a pop with the one
before; ``scripts/bench_engines.py`` times it.

    python scripts/stonewall_reference.py [--positions 5000] [--seed 0] [--naive-every 10]
                                          [--changes 1000]

``--changes`` compares the whole Change-a-Wall listing (every placed wall removed or moved)
with the reference's on that many Change-a-Wall positions of random games, as play reaches
them (:func:`change_positions`; the wall and change positions of ``--positions`` hold few).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.core.rng import Chance
from games.stonewall.board import Wall
from games.stonewall.geometry import TWO_WAY, Candidate
from games.stonewall.rules import Action, ChangeWall, Pass, Phase, PlaceWall, State
from games.stonewall.walls import WallLayout


def reference_wall_placements(
    state: State, lengths: Iterable[int] | None = None, ignore: Wall | None = None
) -> list[Wall]:
    """Every legal wall position for the given lengths (default: the player's stock).

    Fast: a union-find over grid points of everything that already stops two-way movement
    tells in a few lookups whether a new wall closes a loop (planar duality: a set of
    removed edges splits the two-way square graph exactly when their guide-line segments
    close a cycle with walls/border). Walls that close no loop and touch no one-way edge
    cannot change reachability. Of the rest, a wall that leaves a square with no open
    arc out or in is refused at once (a degree count); only the remainder get a full
    strong-connectivity check.
    """
    if lengths is None:
        lengths = [i + 1 for i, c in enumerate(state.stocks[state.current]) if c > 0]
    freed = set(state.board.wall_edges(ignore)) if ignore else set()
    result: list[Wall] = []
    with state._edges_changed((), freed):
        find = _wall_union_find(state)
        crossing_points = _crossing_points(state, ignore)
        degrees = _degrees(state)
        for length in lengths:
            for cand in state.geo.candidates[length]:
                if _candidate_legal(state, cand, find, crossing_points, degrees):
                    result.append(cand.wall)
    return result


def _degrees(state: State) -> tuple[list[int], list[int]]:
    """Open arcs out of and into every square."""
    out_deg = [0] * state.board.square_count
    in_deg = [0] * state.board.square_count
    for edge, arcs in enumerate(state.geo.edge_arcs):
        if not state.blocked[edge]:
            for i, j in arcs:
                out_deg[i] += 1
                in_deg[j] += 1
    return out_deg, in_deg


def _strands_a_square(
    state: State, edges: tuple[int, ...], degrees: tuple[list[int], list[int]]
) -> bool:
    """True if closing ``edges`` leaves some square with no way out or no way in."""
    out_deg, in_deg = degrees
    lost_out: dict[int, int] = {}
    lost_in: dict[int, int] = {}
    for edge in edges:
        for i, j in state.geo.edge_arcs[edge]:
            lost_out[i] = lost_out.get(i, 0) + 1
            lost_in[j] = lost_in.get(j, 0) + 1
    return any(out_deg[i] == n for i, n in lost_out.items()) or any(
        in_deg[j] == n for j, n in lost_in.items()
    )


def naive_wall_placements(
    state: State, lengths: Iterable[int] | None = None, ignore: Wall | None = None
) -> list[Wall]:
    """The same list by a full strong-connectivity check per candidate (for tests/bench)."""
    if lengths is None:
        lengths = [i + 1 for i, c in enumerate(state.stocks[state.current]) if c > 0]
    return [
        cand.wall
        for length in lengths
        for cand in state.geo.candidates[length]
        if state.wall_problem(cand.wall, ignore) is None
    ]


def _crossing_points(state: State, ignore: Wall | None) -> set[tuple[tuple[int, int], str]]:
    return {
        (p, w.orientation) for w in state.placed if w != ignore for p in w.inner_points()
    }


def _wall_union_find(state: State) -> Any:
    geo, blocked = state.geo, state.blocked
    parent = list(range(geo.point_count))
    outer = 0  # point (0, 0) is on the border: it stands for the whole border
    for p in range(geo.point_count):
        if geo.border[p]:
            parent[p] = outer

    def find(p: int) -> int:
        root = p
        while parent[root] != root:
            root = parent[root]
        while parent[p] != root:
            parent[p], p = root, parent[p]
        return root

    for edge, kind in enumerate(geo.edge_kind):
        if blocked[edge] or kind != TWO_WAY:
            a, b = geo.edge_point_ids[edge]
            ra, rb = find(a), find(b)
            if ra != rb:
                parent[ra] = rb
    return find


def _candidate_legal(
    state: State,
    cand: Candidate,
    find: Any,
    crossing_points: set[tuple[tuple[int, int], str]],
    degrees: tuple[list[int], list[int]],
) -> bool:
    blocked = state.blocked
    for edge in cand.edges:
        if blocked[edge]:
            return False
    for point in cand.crossings:
        if point in crossing_points:
            return False
    if cand.touches_one_way or _closes_loop(state, cand, find):
        if _strands_a_square(state, cand.edges, degrees):
            return False
        with state._edges_changed(cand.edges, set()):
            return state.strongly_connected()
    return True


def _closes_loop(state: State, cand: Candidate, find: Any) -> bool:
    merged: dict[int, int] = {}

    def local(root: int) -> int:
        while root in merged:
            root = merged[root]
        return root

    geo = state.geo
    for edge in cand.edges:
        a, b = geo.edge_point_ids[edge]
        ra, rb = local(find(a)), local(find(b))
        if geo.edge_kind[edge] != TWO_WAY:
            if ra != rb:
                merged[ra] = rb
            continue
        if ra == rb:
            return True
        merged[ra] = rb
    return False


def reference_wall_listing(state: State) -> list[Action]:
    """``state.legal_actions()`` in the wall or change phase, the previous engine's way."""
    if state.phase is Phase.WALL:
        return [Pass(), *(PlaceWall(w) for w in reference_wall_placements(state))]
    assert state.phase is Phase.CHANGE
    changes: list[Action] = []
    for old in list(state.placed):
        changes.append(ChangeWall(old, None))
        changes.extend(
            ChangeWall(old, new)
            for new in reference_wall_placements(state, [old.length], ignore=old)
            if new != old
        )
    return changes


def stonewall_positions(count: int, seed: int) -> Iterator[State]:
    """``count`` positions in the wall or change phase from seeded random games of 2 to 4
    players, each game placing walls with its own odds (from sparse boards to full ones)."""
    rng, found = random.Random(seed), 0
    while True:
        state, chance = State(rng.choice((2, 3, 4))), Chance(rng.randrange(1 << 30))
        odds = rng.choice((0.2, 0.5, 0.9, 1.0))
        while not state.is_over() and len(state.history) < 3000:
            if state.is_chance():
                state.roll_with(chance)
                continue
            legal = state.legal_actions()
            if state.phase in (Phase.WALL, Phase.CHANGE):
                yield state
                found += 1
                if found >= count:
                    return
                if state.phase is Phase.WALL and rng.random() > odds:
                    legal = legal[:1]  # the Pass
            state.push(rng.choice(legal))


def change_positions(count: int, seed: int) -> Iterator[State]:
    """``count`` Change-a-Wall positions from seeded random games of 2 to 4 players, as play
    reaches them (each listed first by the caller: the layout as play left it), every action
    chosen uniformly from the full listing (about three of them a game, on full boards)."""
    rng, found = random.Random(seed), 0
    while True:
        state, chance = State(rng.choice((2, 3, 4))), Chance(rng.randrange(1 << 30))
        while not state.is_over() and len(state.history) < 3000:
            if state.is_chance():
                state.roll_with(chance)
                continue
            if state.phase is Phase.CHANGE:
                yield state
                found += 1
                if found >= count:
                    return
            state.push(rng.choice(state.legal_actions()))


def change_differences(state: State, rng: random.Random) -> str | None:
    """Where the engine's Change-a-Wall listing differs from the reference's (every placed
    wall removed, or moved to each place the previous engine's listing gives), or None: as
    play left the layout, again after one of its actions is pushed and popped, and worked out
    cold from the placed walls (a loaded state)."""
    engine = state.legal_actions()
    if engine != reference_wall_listing(state):
        return "the engine's Change-a-Wall listing differs from the reference's"
    state.push(rng.choice(engine))
    state.pop()
    if state.legal_actions() != engine:
        return "the Change-a-Wall listing after a push and a pop differs from the one before"
    cold = WallLayout.built(state.geo, state.placed).change_actions(tuple(state.placed))
    if cold != engine:
        return "the Change-a-Wall listing worked out from the placed walls differs"
    return None


def differences(state: State, naive: bool = True, rng: random.Random | None = None) -> str | None:
    """Where the engine's listing differs from the reference's (and, with ``naive``, the naive
    one's: about a hundred times slower, and where every placed wall could move), or None.
    With ``rng``, the listing is also listed again after one of its actions is pushed and
    popped (the state given back its layout and listing)."""
    engine = state.legal_actions()
    if engine != reference_wall_listing(state):
        return "the engine's listing differs from the reference's"
    if rng is not None:
        state.push(rng.choice(engine))
        state.pop()
        if state.legal_actions() != engine:
            return "the listing after a push and a pop differs from the one before"
    if WallLayout.built(state.geo, state.placed).legal != state.layout.legal:
        return "the layout worked out from the placed walls (a loaded state) differs"
    lengths = [1, 2, 3]
    if naive and state.legal_wall_placements(lengths) != naive_wall_placements(state, lengths):
        return "the engine's wall positions differ from the naive check's"
    # where a Change-a-Wall could move them (no change due): the last two walls placed, and
    # with the naive check every one
    for old in state.placed if naive else state.placed[-2:]:
        moves = [w for w in reference_wall_placements(state, [old.length], ignore=old) if w != old]
        if state.layout.moves_of(old) != moves:
            return f"the engine's moves of {old} differ from the reference's"
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--naive-every", type=int, default=10,
                        help="also compare with the naive check on every Nth position")
    parser.add_argument("--changes", type=int, default=1000,
                        help="Change-a-Wall positions of random games whose whole listing is "
                             "compared (0: none)")
    args = parser.parse_args()
    if args.changes:
        rng, walls, actions = random.Random(args.seed), 0, 0
        for checked, state in enumerate(change_positions(args.changes, args.seed)):
            problem = change_differences(state, rng)
            if problem is not None:
                print(f"Change-a-Wall position {checked}: {problem}: {state.to_json()}",
                      file=sys.stderr)
                return 1
            walls += len(state.placed)
            actions += len(state.legal_actions())
        mean = walls / args.changes
        print(f"{args.changes} Change-a-Wall positions of random games (mean {mean:.1f} "
              f"walls placed, {actions / args.changes:.0f} actions): the engine's whole listing "
              "(as play left the layout, again after one of its actions pushed and popped, and "
              "worked out cold) equals the reference's on every one")
    if not args.positions:
        return 0
    checked = walls = changes = 0
    rng = random.Random(args.seed)
    for state in stonewall_positions(args.positions, args.seed):
        changes += state.phase is Phase.CHANGE
        problem = differences(state, naive=checked % args.naive_every == 0, rng=rng)
        if problem is not None:
            print(f"position {checked}: {problem}: {state.to_json()}", file=sys.stderr)
            return 1
        checked += 1
        walls += len(state.placed)
    mean = walls / max(checked, 1)
    print(f"{checked} positions ({changes} of them Change-a-Wall; mean {mean:.1f} walls "
          "placed): the engine's wall listing (kept in play, worked out cold, and again after "
          "one of its actions pushed and popped) and the moves of the last two walls placed "
          f"equal the reference's on every one; on every {args.naive_every}th the wall "
          "positions equal the naive check's and every placed wall's moves the reference's")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
