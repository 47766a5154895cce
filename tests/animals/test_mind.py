"""The computer's memory follows a tower that a player restacked on the table."""

from __future__ import annotations

from games.animals.catalogue import load
from games.animals.mind import Mind
from games.core.rng import Chance

CATALOGUE = load().catalogue


def test_a_restack_moves_what_the_computer_remembers_with_the_cylinders() -> None:
    mind = Mind(CATALOGUE, memory=1.0, chance=Chance(0))
    mind.see_tower(["lion", "sheep", "rabbit"])
    assert not mind.believes_wrong()
    mind.see_restack([0, 2, 1])  # the rabbit went under the sheep
    assert mind.belief == ["lion", "rabbit", "sheep"]
    assert mind.believes_wrong()  # so it would now call "stop stacking!"


def test_a_forgotten_place_stays_forgotten_where_it_moved() -> None:
    mind = Mind(CATALOGUE, memory=1.0, chance=Chance(0))
    mind.belief = ["lion", None, "rabbit"]
    mind.see_restack([2, 0, 1])
    assert mind.belief == ["rabbit", "lion", None]


def test_an_order_seen_going_wrong_is_called() -> None:
    """A fresh insert out of order (seen a moment ago, trust 1) beside a well-kept memory."""
    mind = Mind(CATALOGUE, memory=0.9, chance=Chance(0))
    mind.see_tower(["bear", "sheep", "rabbit"])
    mind.see_insert("elephant", 2)  # the heaviest put on the sheep: a wrong order
    assert mind.belief == ["bear", "sheep", "elephant", "rabbit"]  # seed 0 forgot nothing
    assert mind.chance_wrong() > 0.5 and mind.believes_wrong()


def test_two_old_memories_that_disagree_are_not_enough_to_call() -> None:
    """A swap the mind's own forgetting could have made: both memories a few turns old."""
    mind = Mind(CATALOGUE, memory=0.9, chance=Chance(0))
    mind.belief = ["bear", "rabbit", "sheep"]  # the rabbit remembered under the sheep
    mind.trust = [0.99, 0.99, 0.99]
    assert 0.0 < mind.chance_wrong() < 0.5
    assert not mind.believes_wrong()
    mind.trust = [1.0, 1.0, 1.0]  # seen with certainty (a memory of 1 never forgets)
    assert mind.believes_wrong()


def test_a_mind_that_never_forgets_keeps_full_trust() -> None:
    mind = Mind(CATALOGUE, memory=1.0, chance=Chance(0))
    mind.see_tower(["bear", "sheep"])
    for _ in range(20):
        mind.see_turn()
    assert mind.trust == [1.0, 1.0]
