"""CPU of every game at rest, next to the idle menu's, in one run: the real window and its own
loop (:meth:`games.ui.app.App.step_frame` on real time), no input.

    python scripts/bench_idle.py [SECONDS] [GAME ...]

Each game starts with every seat human (so nobody acts: a human to roll, to place, to draw),
is run until it is at rest (every piece asleep, nothing animating: :mod:`games.ui.rest`; at
most 60 s), then measured for SECONDS (default 10) of wall time. It prints the CPU seconds
(user + sys of this process) per 10 s at rest, the ratio to the menu's measured in the same
run, and the frames drawn meanwhile; then the same game with resting turned off (every
frame drawn at the display rate, as before games/ui/rest.py) as the baseline. Issue 21's bar:
at most 0.4 s of CPU per 10 s at rest.
Needs a display, or ``SDL_VIDEODRIVER=dummy`` (no screen: the drawing is still done).
"""

from __future__ import annotations

import sys
import time

from games.core import registry
from games.core.protocol import SeatKind
from games.ui.app import App

SETTLE_LIMIT_SECONDS = 60.0
BAR_PER_10_S = 0.4


def measure(app: App, seconds: float) -> tuple[float, int]:
    """CPU seconds per 10 s of wall time over ``seconds`` of the app's own loop; frames drawn."""
    drawn = 0
    wall, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds:
        app.step_frame()
        drawn += not app.idle
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return cpu / wall * 10.0, drawn


def settle(app: App) -> bool:
    """Run the loop until the game rests (or the limit passes); True if it rests."""
    start = time.perf_counter()
    while time.perf_counter() - start < SETTLE_LIMIT_SECONDS:
        app.step_frame()
        if app.idle:
            return True
    return False


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 10.0
    games = sys.argv[2:] or registry.available()
    app = App(size=(1280, 800), seed=2)
    try:
        for _ in range(30):  # the first picture
            app.step_frame()
        menu, drawn = measure(app, seconds)
    finally:
        app.close()
    menu = max(menu, 1e-6)
    print(f"{'menu':<12} {menu:6.3f} s CPU per 10 s    1.0x menu   {drawn:4d} frames drawn")
    for game_id in games:
        resting = run_game(game_id, seconds, allow_rest=True)
        awake = run_game(game_id, seconds, allow_rest=False)
        if resting is None or awake is None:
            print(f"{game_id:<12} never at rest within {SETTLE_LIMIT_SECONDS:.0f} s")
            continue
        (cost, drawn), (before, _) = resting, awake
        verdict = "ok" if cost <= BAR_PER_10_S else f"over the {BAR_PER_10_S} s bar"
        print(
            f"{game_id:<12} {cost:6.3f} s CPU per 10 s {cost / menu:6.1f}x menu   "
            f"{drawn:4d} frames drawn   {verdict}   never resting: {before:6.3f} s "
            f"({before / cost:5.1f}x)"
        )


def run_game(game_id: str, seconds: float, *, allow_rest: bool) -> tuple[float, int] | None:
    """Start ``game_id`` with every seat human, let it come to rest, measure it; None if it
    never rests. Without ``allow_rest`` the window draws every frame (the baseline)."""
    spec = registry.load(game_id)
    app = App(game_id, size=(1280, 800), seed=2, seats=(SeatKind.HUMAN,) * spec.min_seats)
    try:
        if not settle(app):
            return None
        if not allow_rest:
            app.rest.unchanged = lambda game: False  # type: ignore[method-assign]
        return measure(app, seconds)
    finally:
        app.close()

if __name__ == "__main__":
    main()
