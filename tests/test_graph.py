"""The shared path search (games.turnkit.graph) against brute force on small grids."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.turnkit.graph import (
    any_step,
    distances,
    exact_walks,
    indexed_walks,
    is_walk,
    named_walks,
    no_reversal,
    numbered_moves,
)
from games.turnkit.grid import Square, orthogonal_steps

SIZE = 5


def steps(square: Square) -> Iterator[Square]:
    return orthogonal_steps(square, SIZE, SIZE)


def brute_force(start: Square, count: int, blocked: set[Square]) -> set[Square]:
    """Every end of every non-reversing walk of ``count`` steps avoiding ``blocked``."""
    ends: set[Square] = set()

    def walk(node: Square, previous: Square | None, left: int) -> None:
        if left == 0:
            ends.add(node)
            return
        for nxt in steps(node):
            if nxt != previous and nxt not in blocked:
                walk(nxt, node, left - 1)

    walk(start, None, count)
    return ends


squares = st.builds(Square, st.integers(0, SIZE - 1), st.integers(0, SIZE - 1))


@settings(max_examples=60, deadline=None)
@given(start=squares, count=st.integers(1, 6), blocked=st.sets(squares, max_size=6))
def test_exact_walks_find_every_destination_brute_force_finds(
    start: Square, count: int, blocked: set[Square]
) -> None:
    blocked.discard(start)
    found = exact_walks(
        start, count, steps, may_enter=lambda sq: sq not in blocked, step_rule=no_reversal
    )
    assert set(found) == brute_force(start, count, blocked)
    for destination, path in found.items():
        assert len(path) == count and path[-1] == destination
        assert is_walk(start, path, steps, may_enter=lambda sq: sq not in blocked,
                       step_rule=no_reversal) is None


def test_a_walk_may_end_where_it_started_but_never_turns_straight_back() -> None:
    start = Square(2, 2)
    found = exact_walks(start, 4, steps, step_rule=no_reversal)
    assert start in found  # round a 2x2 block
    assert start not in exact_walks(start, 2, steps, step_rule=no_reversal)
    assert start in exact_walks(start, 2, steps)  # without the rule it may go and come back


def test_may_end_forbids_only_the_last_square() -> None:
    line = {Square(x, 0) for x in range(SIZE)}
    occupied = Square(1, 0)
    found = exact_walks(Square(0, 0), 2, lambda sq: (n for n in steps(sq) if n in line),
                        may_end=lambda sq: sq != occupied, step_rule=no_reversal)
    assert found == {Square(2, 0): (Square(1, 0), Square(2, 0))}  # jumped over, did not stop
    assert not exact_walks(Square(0, 0), 1, lambda sq: (n for n in steps(sq) if n in line),
                           may_end=lambda sq: sq != occupied)


def test_is_walk_names_the_bad_step() -> None:
    assert is_walk(Square(0, 0), [Square(1, 0), Square(3, 0)], steps) == (
        1, "not a step to a neighbour")
    assert is_walk(Square(0, 0), [Square(1, 0), Square(0, 0)], steps, step_rule=no_reversal) == (
        1, "not allowed by the step rule")


def test_distances_are_breadth_first() -> None:
    found = distances(Square(0, 0), steps)
    assert found[Square(4, 4)] == 8 and found[Square(0, 0)] == 0 and len(found) == SIZE * SIZE


def test_preferred_witness_passes_the_most_wanted_nodes() -> None:
    # a 1 x 5 corridor: from the middle, 4 steps back and forth; wanted nodes on the left
    line = {i: [j for j in (i - 1, i + 1) if 0 <= j < 5] for i in range(5)}
    walks = exact_walks(2, 4, line.__getitem__, prefer=lambda n: n in (0, 1))
    assert walks[2] == (1, 0, 1, 2)
    plain = exact_walks(2, 4, line.__getitem__)
    assert set(plain) == set(walks)



@pytest.mark.parametrize("turning_back", [False, True])
def test_indexed_walks_are_exact_walks_on_numbered_nodes(turning_back: bool) -> None:
    """The engines' fast search finds the same destinations and the same witness paths as
    exact_walks, on grids with random squares blocked, for every start and length."""
    rng = random.Random(7)
    for _ in range(30):
        width, height = rng.randint(2, 7), rng.randint(2, 7)
        squares = [Square(i % width, i // width) for i in range(width * height)]
        adjacency = [
            [step.y * width + step.x for step in orthogonal_steps(sq, width, height)]
            for sq in squares
        ]
        blocked = {i for i in range(len(squares)) if rng.random() < 0.25}
        rule = any_step if turning_back else no_reversal
        moves = numbered_moves(adjacency, no_turning_back=not turning_back)
        for start in range(len(squares)):
            for steps in range(7):
                expected = exact_walks(
                    start, steps, adjacency.__getitem__,
                    may_enter=lambda node, shut=blocked: node not in shut, step_rule=rule,
                )
                found = indexed_walks(start, steps, moves, blocked)
                assert list(found.items()) == list(expected.items())
                named = named_walks(start, steps, moves, blocked, squares)
                assert list(named.items()) == [
                    (squares[end], tuple(squares[n] for n in path))
                    for end, path in expected.items()
                ]
