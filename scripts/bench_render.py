"""Renderer frame cost: every game's whole frame, and the world against pymunk's debug drawing.

    python scripts/bench_render.py [--frames N] [--size 1280x720]

**Every game's frame** (the issue's goal: at most 2 ms of CPU at 1280×720): the window (an
:class:`~games.ui.app.App` under SDL's dummy driver) shows the menu, then each game of the
registry with computer seats, played for a while (Wallamoppi into its tower phase). One frame
is ``App._draw`` (background, the game's view, bars, overlays), timed in CPU seconds
(``time.process_time``, so other processes on a shared machine do not count), alternating in
batches between A, the renderer as shipped (what does not change is kept and blitted), and B,
the same frame with everything the renderer keeps thrown away before each frame (what a frame
costs drawn from scratch). Medians of the batches, and B / A.

Under each physics game (Free play, Wallamoppi, Animal upon Animal), two rows of frames while
the camera moves, where what is kept cannot be reused as it is (see :func:`camera_rows`): the
camera easing out to a piece fallen on the floor, and a wheel-zoom step.

Two scenes: the Free-play table, and a centred tower of 35 flat disks (Wallamoppi's tallest).
For each, one frame is timed three ways on an offscreen surface under SDL's dummy driver:

- ``debug_draw``: fill + ``space.debug_draw(pymunk.pygame_util.DrawOptions)`` with the same
  world→screen transform (the baseline: plain, aliased, no shading);
- ``ours (world)``: :meth:`Renderer.draw_world` (felt, shadows, anti-aliased pieces);
- ``ours (frame)``: the room background plus ``draw_world``, what the window pays per frame.

Prints milliseconds per frame (median of several batches) and the ratio to ``debug_draw``.
Ratios, not absolute times, are what to compare across machines.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame
import pymunk
import pymunk.pygame_util
from pymunk.pygame_util import DrawOptions

from games.freeplay.scene import build_freeplay
from games.ui.app import App
from games.ui.physics_view import ZOOM_STEP, PhysicsView, world_frame
from games.ui.render import Camera, Renderer, WorldRect
from physics import pieces
from physics.config import PhysicsConfig, load_config
from physics.world import World

TOWER_DISKS = 35
BATCHES = 5


def tower_world(config: PhysicsConfig) -> World:
    world = World(config)
    world.add(pieces.table())
    for level, disk in enumerate(pieces.disk_stack(world, TOWER_DISKS, prefix="disk")):
        disk.tags.add("dark" if level % 2 else "light")
    return world


def scenes(config: PhysicsConfig) -> list[tuple[str, World, WorldRect]]:
    tower_top = TOWER_DISKS * config.pieces.disk_thickness
    freeplay = build_freeplay(config)
    return [
        ("Free play", freeplay, world_frame(freeplay)),
        (
            f"{TOWER_DISKS}-disk tower",
            tower_world(config),
            WorldRect(-160, -30, 160, tower_top + 30),
        ),
    ]


def time_per_frame(draw: Callable[[], None], frames: int) -> float:
    """Median seconds per frame over a few batches (the first batch warms caches)."""
    draw()
    results = []
    for _ in range(BATCHES):
        start = time.perf_counter()
        for _ in range(frames):
            draw()
        results.append((time.perf_counter() - start) / frames)
    return statistics.median(results)


def debug_draw_options(surface: pygame.Surface, camera: Camera) -> DrawOptions:
    pymunk.pygame_util.positive_y_is_up = False  # the transform below flips y itself
    options = DrawOptions(surface)
    options.transform = pymunk.Transform(
        a=camera.scale, b=0, c=0, d=-camera.scale, tx=camera.origin[0], ty=camera.origin[1]
    )
    return options


# Simulated seconds each game is played before its frames are timed (at 60 frames a second).
GAME_SECONDS = {"wallamoppi": 40.0, "stonewall": 5.0, "freeplay": 3.0}


def forget(renderer: Renderer) -> None:
    """Throw away everything ``renderer`` keeps between frames (B: a frame from scratch)."""
    renderer._cache.layers.clear()
    renderer._cache.boards.clear()
    renderer._cache.panels.clear()


def paired_cpu(
    draw: Callable[[], object], forget_all: Callable[[], None], frames: int
) -> tuple[float, float]:
    """Median CPU seconds per frame of A (as shipped) and B (nothing kept), alternated."""
    a_times: list[float] = []
    b_times: list[float] = []
    draw()
    for _ in range(BATCHES * 2):
        start = time.process_time()
        for _ in range(frames):
            draw()
        a_times.append((time.process_time() - start) / frames)
        start = time.process_time()
        for _ in range(frames):
            forget_all()
            draw()
        b_times.append((time.process_time() - start) / frames)
    return statistics.median(a_times), statistics.median(b_times)


def games_section(size: tuple[int, int], frames: int) -> None:
    """Every game's whole window frame, and the idle menu's, A (kept) against B (afresh).

    The idle menu keeps its whole picture while nothing it shows changes (``App._draw``).
    """
    from games import registry
    from games.protocol import SeatKind
    app = App(size=size, seed=1)

    def forget_all() -> None:
        forget(app.renderer)
        app._menu_key = None  # the idle menu's last picture
    print(f"Every game's frame, {size[0]}x{size[1]}, CPU ms, median of {BATCHES * 2} x {frames}")
    print(f"{'screen':<14}{'A kept ms':>11}{'B afresh ms':>13}{'B / A':>8}")
    kept, fresh = paired_cpu(app._draw, forget_all, frames)
    print(f"{'menu':<14}{kept * 1e3:>11.3f}{fresh * 1e3:>13.3f}{fresh / kept:>8.2f}")
    for game_id in registry.GAMES:
        spec = registry.load(game_id)
        app.start_game(spec, (SeatKind.COMPUTER,) * spec.min_seats)
        for _ in range(round(GAME_SECONDS.get(game_id, 3.0) * 60)):
            app.step_frame(1 / 60)
        kept, fresh = paired_cpu(app._draw, forget_all, frames)
        print(f"{game_id:<14}{kept * 1e3:>11.3f}{fresh * 1e3:>13.3f}{fresh / kept:>8.2f}")
        if app.game is not None and isinstance(app.game.view, PhysicsView):
            camera_rows(app, game_id, forget_all, frames)
        app.leave_game()
    app.close()
    print()


def camera_rows(app: App, game_id: str, forget_all: Callable[[], None], frames: int) -> None:
    """Frames while the camera moves, A (as shipped) against B (afresh), alternated.

    - ``ease-out``: the highest piece is laid on the floor right of the framed table (as if it
      fell there) and the view's camera eases out to show it
      (:meth:`~games.ui.physics_view.PhysicsView.ease_camera`, 1/60 s a frame, until it
      stops); each batch is one whole ease-out, from the kept picture before it;
    - ``wheel zoom``: a wheel notch in, then out, then in... at the tower's foot, one a frame
      (every frame a new camera: what the frame after a notch costs).

    The world does not step meanwhile: only the drawing is timed.
    """
    assert app.game is not None
    view = app.game.view
    assert isinstance(view, PhysicsView)
    world = view.world
    session = view.physics
    start_reach = view._reach
    if "floor" not in world.pieces:
        return
    floor = world.pieces["floor"].shape.cache_bb()
    movable = [p for p in world.dynamic_pieces() if p is not session.hand.held]
    piece = max(movable, key=lambda p: p.shape.cache_bb().top)
    home = (piece.body.position, piece.body.angle)
    bb = piece.shape.cache_bb()
    x = min(view.frame_rect().right + 250.0, floor.right - 100.0)
    world.lay_at_rest(piece, (x, floor.top + (bb.top - bb.bottom) / 2 + 1.0))
    reaches = []
    while True:
        view.ease_camera(1 / 60)
        reaches.append(view._reach)
        if view._reach == view.wanted_reach():
            break

    def ease_pass(afresh: bool) -> float:
        view._reach = start_reach
        app._draw()
        app._draw()  # the picture before the piece fell, kept
        start = time.process_time()
        for reach in reaches:
            view._reach = reach
            if afresh:
                forget_all()
            app._draw()
        return (time.process_time() - start) / len(reaches)

    a_times: list[float] = []
    b_times: list[float] = []
    for _ in range(BATCHES * 2):
        a_times.append(ease_pass(False))
        b_times.append(ease_pass(True))
    kept, fresh = statistics.median(a_times), statistics.median(b_times)
    label = "  ease-out"
    print(
        f"{label:<14}{kept * 1e3:>11.3f}{fresh * 1e3:>13.3f}{fresh / kept:>8.2f}"
        f"   ({len(reaches)} frames, out {max(reaches[-1]):.0f} mm)"
    )

    view._reach = reaches[-1]
    foot = view.camera.to_screen((0.0, 0.0))
    pixel = (round(foot[0]), round(foot[1]))
    notch = [1.0]

    def zoom_step() -> None:
        view.zoom_at(pixel, notch[0])
        notch[0] = -1.0 if view.zoom > ZOOM_STEP * 1.01 else 1.0
        app._draw()

    view.zoom_at(pixel, 1.0)
    kept, fresh = paired_cpu(zoom_step, forget_all, frames)
    label = "  wheel zoom"
    print(f"{label:<14}{kept * 1e3:>11.3f}{fresh * 1e3:>13.3f}{fresh / kept:>8.2f}")
    view.zoom_at(pixel, -50.0)
    world.lay_at_rest(piece, (home[0].x, home[0].y), home[1])
    view._reach = start_reach


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=60, help="frames per batch")
    parser.add_argument("--size", default="1280x720", help="surface size WxH")
    args = parser.parse_args()
    width, height = (int(v) for v in args.size.lower().split("x"))

    games_section((width, height), args.frames)
    pygame.display.init()
    pygame.font.init()
    surface = pygame.Surface((width, height))
    renderer = Renderer()
    config = load_config().config

    print(f"Frame cost, {width}x{height} offscreen, median of {BATCHES} x {args.frames} frames")
    columns = ("debug_draw ms", "ours world ms", "ratio", "ours frame ms", "ratio")
    widths = (15, 15, 7, 15, 7)
    header = f"{'scene':<18}{'pieces':>7}" + "".join(
        f"{c:>{w}}" for c, w in zip(columns, widths, strict=True)
    )
    print(header)
    print("-" * len(header))
    for name, world, frame in scenes(config):
        world.run(0.5)  # let the scene settle a little, as a player would see it
        camera = Camera.fit(frame, surface.get_rect(), 24)
        options = debug_draw_options(surface, camera)

        def baseline(world: World = world, options: DrawOptions = options) -> None:
            surface.fill((255, 255, 255))
            world.space.debug_draw(options)

        def ours_world(world: World = world, camera: Camera = camera) -> None:
            surface.fill((0, 0, 0))
            renderer.draw_world(surface, camera, world)

        def ours_frame(world: World = world, camera: Camera = camera) -> None:
            renderer.background(surface)
            renderer.draw_world(surface, camera, world)

        base = time_per_frame(baseline, args.frames)
        mine = time_per_frame(ours_world, args.frames)
        full = time_per_frame(ours_frame, args.frames)
        values = (base * 1e3, mine * 1e3, mine / base, full * 1e3, full / base)
        cells = "".join(
            f"{v:>{w}.3f}" if w == 15 else f"{v:>{w}.2f}"
            for v, w in zip(values, widths, strict=True)
        )
        print(f"{name:<18}{len(world.pieces):>7}{cells}")
    print("ratio = our cost / debug_draw's cost (below 1: we are faster)")
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
