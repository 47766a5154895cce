"""The tower's physics: 15 animals built carefully stand still held awake; a lean that a short
tower bears topples a tall one (taller towers really get harder)."""

from __future__ import annotations

import math

from games.animals.catalogue import load
from games.animals.scene import AnimalScene
from physics.config import load_config


def tower(levels: int, lean_mm: float = 0.0, *, wobble_mm: float = 0.0) -> AnimalScene:
    """``levels`` animals on the stacking spot, each ``lean_mm`` right of the one below and
    ``wobble_mm`` alternately left and right (a careful hand is never exact)."""
    pieces_file = load()
    scene = AnimalScene(load_config().config, pieces_file)
    scene.lay_tower(list(pieces_file.catalogue.order[:levels]))
    for level, piece in enumerate(scene.animals()):
        x, y = piece.position
        piece.body.position = (x + level * lean_mm + wobble_mm * (-1) ** level, y)
    scene.world.settle_in()
    return scene


def held_awake(scene: AnimalScene, seconds: float) -> float:
    """Run ``seconds`` with sleeping off; the largest distance any animal moved, mm."""
    scene.world.space.sleep_time_threshold = math.inf
    for piece in scene.animals():
        piece.body.activate()
    start = {p.name: tuple(p.position) for p in scene.animals()}
    worst = 0.0
    for frame in range(round(seconds / scene.world.frame_seconds)):
        scene.world.step()
        assert not any(p.body.is_sleeping for p in scene.animals())
        if frame % 120 == 0:
            worst = max(worst, *(math.dist(start[p.name], p.position) for p in scene.animals()))
    return max(worst, *(math.dist(start[p.name], p.position) for p in scene.animals()))


def test_fifteen_animals_built_carefully_stand_still_for_a_minute_held_awake() -> None:
    scene = tower(15, wobble_mm=1.0)
    drift = held_awake(scene, 60.0)
    assert drift < 1.0
    assert scene.fall(None) is None


def test_a_lean_a_short_tower_bears_topples_a_tall_one() -> None:
    short = tower(5, lean_mm=3.0)
    held_awake(short, 5.0)
    assert short.fall(None) is None
    tall = tower(15, lean_mm=3.0)
    held_awake(tall, 5.0)
    assert tall.fall(None) is not None
