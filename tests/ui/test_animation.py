"""Move animation: a sliding piece passes every square of its path and ends on its square; the
computer speed sets how long each action is shown; each player's last move stays marked until
their next."""

from __future__ import annotations

import pytest

from games.core.pacing import COMPUTER_SPEEDS, pace
from games.ui.animation import Animator, Mark


def test_a_slide_visits_every_point_in_order_and_ends_at_the_destination() -> None:
    animator = Animator()
    path = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (2.0, 1.0)]
    animator.slide("red", path, step_seconds=0.1)
    seen = [animator.position("red", (9.0, 9.0))]
    for _ in range(3):
        animator.advance(0.1)
        seen.append(animator.position("red", (2.0, 1.0)))
    assert seen == path
    assert not animator.slides
    assert animator.busy()  # arrived, and stays shown the dwell before a computer acts again
    animator.advance(pace("normal").dwell_seconds)
    assert not animator.busy()
    assert animator.position("red", (2.0, 1.0)) == (2.0, 1.0)


@pytest.mark.parametrize("word", COMPUTER_SPEEDS)
def test_the_computer_speed_sets_how_long_a_move_is_shown(word: str) -> None:
    """A four-square slide is held for its squares and the dwell: slow longest, instant not
    at all."""
    animator = Animator(speed=lambda: word)
    animator.slide("red", [(0.0, 0.0), (1.0, 0.0), (2.0, 0.0), (3.0, 0.0), (4.0, 0.0)])
    held = 0.0
    while animator.busy():
        animator.advance(0.01)
        held += 0.01
        assert held < 10.0
    chosen = pace(word)
    assert held == pytest.approx(4 * chosen.step_seconds + chosen.dwell_seconds, abs=0.02)
    assert animator.position("red", (4.0, 0.0)) == (4.0, 0.0)


def test_slower_speeds_show_longer() -> None:
    shown = [pace(word).step_seconds + pace(word).dwell_seconds for word in COMPUTER_SPEEDS]
    assert shown == sorted(shown, reverse=True) and shown[-1] == 0.0


def test_between_squares_the_piece_is_on_the_segment() -> None:
    animator = Animator()
    animator.slide("blue", [(0.0, 0.0), (1.0, 0.0)], step_seconds=0.2)
    animator.advance(0.1)
    x, y = animator.position("blue", (1.0, 0.0))
    assert 0.0 < x < 1.0 and y == 0.0
    assert animator.busy()


def test_a_die_tumbles_for_a_while_then_stops() -> None:
    animator = Animator()
    animator.roll(0.3)
    faces = set()
    for _ in range(10):
        faces.add(animator.tumbling_face(6))
        animator.advance(0.02)
    assert animator.rolling() and len(faces) > 1
    animator.advance(0.2)
    assert not animator.rolling()


def test_a_wall_drops_in_and_then_lies_still() -> None:
    animator = Animator()
    animator.drop("wall", 0.3)
    heights = [animator.drop_height("wall")]
    for _ in range(3):
        animator.advance(0.1)
        heights.append(animator.drop_height("wall"))
    assert heights[0] == 1.0 and heights[1] > heights[2] > 0.0 and heights[-1] == 0.0
    assert not animator.drops and animator.busy()  # landed, shown the dwell more
    animator.advance(pace("normal").dwell_seconds)
    assert not animator.busy()


def test_the_last_move_is_kept_until_the_next() -> None:
    animator = Animator()
    path = Mark("path", ((0.0, 0.0), (1.0, 0.0)), 0)
    wall = Mark("wall", ((2.0, 2.0), (4.0, 2.0)), 0)
    animator.mark(path, new_move=True)
    animator.mark(wall, new_move=False)
    animator.advance(10.0)  # time alone does not clear it
    assert animator.marks == [path, wall]
    other = Mark("path", ((5.0, 5.0), (5.0, 6.0)), 1)
    animator.mark(other, new_move=True)
    assert animator.marks == [path, wall, other]  # another player's move leaves it marked
    again = Mark("path", ((1.0, 0.0), (2.0, 0.0)), 0)
    animator.mark(again, new_move=True)  # the owner's next move replaces it
    assert animator.marks == [other, again]
    animator.clear()  # an undo
    assert animator.marks == []


def test_a_chain_of_one_players_moves_stays_marked_whole() -> None:
    """Stonewall's bonus turns: the same player moves again before anyone else."""
    animator = Animator()
    first = Mark("path", ((0.0, 0.0), (1.0, 0.0)), 0)
    second = Mark("path", ((1.0, 0.0), (1.0, 4.0)), 0)
    animator.mark(first, new_move=True)
    animator.mark(second, new_move=True)
    assert animator.marks == [first, second]
