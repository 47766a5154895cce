"""Chance: the computer hands' uniform draws and noise come from the same seeded, forceable dice."""

from __future__ import annotations

from games.core.rng import Chance


def test_a_computer_hands_uniform_draw_spans_its_range_and_obeys_forced_draws() -> None:
    chance = Chance(0, forced=[0, 1000, 500])
    assert [chance.uniform(2.0, 4.0) for _ in range(3)] == [2.0, 4.0, 3.0]
    chance.force(1000, 1000, 1000)
    assert chance.noise(2.0) == 6.0  # three uniforms at their top, times the spread
