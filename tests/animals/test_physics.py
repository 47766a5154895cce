"""The tower's physics: 15 animals stacked by careful computer hands (the same inputs a person
sends) stand still for a minute held awake; a lean that a short tower bears topples a tall one
(taller towers really get harder)."""

from __future__ import annotations

import math

from games.animals.catalogue import load
from games.animals.rules import Phase
from games.animals.scene import AnimalScene
from games.core.protocol import SeatKind
from physics.config import load_config
from tests.animals.helpers import session


def tower(levels: int, lean_mm: float) -> AnimalScene:
    """``levels`` animals on the stacking spot, each ``lean_mm`` right of the one below."""
    pieces_file = load()
    scene = AnimalScene(load_config().config, pieces_file)
    scene.lay_tower(list(pieces_file.catalogue.order[:levels]))
    for level, piece in enumerate(scene.animals()):
        x, y = piece.position
        piece.body.position = (x + level * lean_mm, y)
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


def test_a_lean_a_short_tower_bears_topples_a_tall_one() -> None:
    short = tower(5, lean_mm=3.0)
    held_awake(short, 5.0)
    assert short.fall(None) is None
    tall = tower(15, lean_mm=3.0)
    held_awake(tall, 5.0)
    assert tall.fall(None) is not None


def test_a_tower_of_fifteen_built_by_the_computers_hands_stands_still_held_awake() -> None:
    game = session(0, (SeatKind.COMPUTER, SeatKind.COMPUTER), memory=1.0, skill=1.0)
    while game.rules.phase is not Phase.DOUBT:
        assert game.outcome is None and game.frame < 400 * 120
        game.tick()
    assert len(game.rules.tower) == 15 and game.rules.order_is_right()
    assert held_awake(game.scene, 60.0) < 1.0
    assert game.scene.fall(None) is None
