"""CPU share of the idle menu: run the real window (needs a display) on the menu for a few
seconds without input and print the process's CPU time per wall-clock second.

    python scripts/bench_idle_menu.py [SECONDS]

Measured 2026-11-30 on the 2-core dev machine under X (1280x800): 0.33 of a core before the
idle menu skipped its flip and slowed to IDLE_HZ, 0.002 after.
"""

from __future__ import annotations

import sys
import time

from games.ui.app import App


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    app = App(size=(1280, 800), seed=2)
    try:
        for _ in range(30):  # the first picture
            app.step_frame()
        wall, cpu = time.perf_counter(), time.process_time()
        while time.perf_counter() - wall < seconds:
            app.step_frame()
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    finally:
        app.close()
    print(f"idle menu: {cpu:.3f} s CPU in {wall:.2f} s = {cpu / wall:.3f} of a core")


if __name__ == "__main__":
    main()
