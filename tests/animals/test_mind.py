"""The computer's memory follows a tower that a player restacked on the table."""

from __future__ import annotations

from games.animals.catalogue import load
from games.animals.mind import Mind
from games.rng import Chance

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
