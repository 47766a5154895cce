"""Long sessions: play every game computer against computer in the real window for N minutes
and print the process's resident memory over time.

    python scripts/soak.py                          # 3 minutes per game, SDL's dummy driver
    python scripts/soak.py --minutes 10 --games animals,wallamoppi
    python scripts/soak.py --real                   # in a real window (needs a display)
    python scripts/soak.py --games animals --minutes 4 --trace 10   # + where memory went
    python scripts/soak.py --fast --games animals,wallamoppi   # frames as fast as they go

Each game runs in a fresh process (``--one GAME``, started by this script), so one game's
memory says nothing of another's. The window is the app itself (:class:`games.ui.app.App`),
stepped by its own loop at its own pace (60 frames a second, physics in real time), with every
seat a computer; Free play, which has no computer seats, plays its scripted drop-and-settle
scene. A game that ends is started again at once (F5, as a player would), so the whole time is
play. ``--fast`` renders each frame as 1/60 s of play as soon as the last one is drawn, not
at 60 a second: many more games in the same minutes (memory that grows per game shows). Every
``--every`` seconds one line: the minute, resident memory (VmRSS, MiB), the change
since the first minute (what the issue's figures are: memory after the start-up and the first
game's caches filled), games played and frames rendered. The last line per game is the summary
the "Long sessions" table of docs/benchmarks.md quotes.

``--trace K`` also keeps Python's allocations (tracemalloc) and prints the K places whose
memory grew most between the end of the first minute and the end of the run: where to look
when the figure grows. Tracing slows the run several times; the memory figures of a traced run
are not the untraced ones.

Linux only (reads ``/proc/self/status``).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

GAMES = ("freeplay", "wallamoppi", "animals", "stonewall", "malloppo", "whacky")
REPO_ROOT = Path(__file__).resolve().parent.parent
MIB = 1024 * 1024


def resident_bytes() -> int:
    """This process's resident set size (VmRSS), bytes."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise RuntimeError("no VmRSS in /proc/self/status")


def soak_one(game: str, minutes: float, every: float, trace: int, fast: bool = False) -> None:
    """Play ``game`` in the window for ``minutes``, printing memory every ``every`` seconds."""
    import pygame

    from games.core import registry
    from games.core.protocol import SeatKind
    from games.ui.app import App

    spec = registry.load(game)
    computer_seats = None if game == "freeplay" else [SeatKind.COMPUTER] * spec.min_seats
    options = dict(spec.headless_options) if game == "freeplay" else None
    if trace:
        tracemalloc.start(12)
    saves = tempfile.mkdtemp(prefix="soak-saves-")  # the last game's autosave: not the player's
    app = App(game, None, seed=1, size=(1280, 800), seats=computer_seats, options=options,
              saves=saves)
    if app.game is None:
        raise SystemExit(f"soak: {game} did not start: {app.error}")
    start = time.perf_counter()
    games_played, baseline, first_minute = 1, None, None
    next_report = every
    try:
        frame = 1 / 60 if fast else None
        while app.step_frame(frame):  # until the time is up, or the window is closed (SIGTERM)
            game_run = app.game
            if game_run is not None and game_run.session.outcome is not None:
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F5, mod=0,
                                                     unicode="", scancode=0))
                app.step_frame()
                games_played += 1
            elapsed = time.perf_counter() - start
            if elapsed < next_report:
                continue
            next_report += every
            rss = resident_bytes()
            if baseline is None and elapsed >= 60.0:
                baseline = rss
                if trace:
                    first_minute = tracemalloc.take_snapshot()
            grown = f"{(rss - baseline) / MIB:+6.1f}" if baseline is not None else "     -"
            print(f"{game:10} {elapsed / 60:5.1f} min  RSS {rss / MIB:7.1f} MiB  since 1 min "
                  f"{grown} MiB  games {games_played:3}  frames {app.frames}", flush=True)
            if elapsed >= minutes * 60:
                break
    finally:
        app.close()
        shutil.rmtree(saves, ignore_errors=True)
    if trace and first_minute is not None:
        print(f"{game}: where Python's memory grew after the first minute (tracemalloc):")
        growth = tracemalloc.take_snapshot().compare_to(first_minute, "traceback")
        for stat in growth[:trace]:
            print(f"  {stat.size_diff / 1024:+9.1f} KiB in {stat.count_diff:+6} blocks")
            for line in stat.traceback.format()[-6:]:
                print(f"      {line}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=3.0, help="per game (default 3)")
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated game ids")
    parser.add_argument("--every", type=float, default=30.0, help="seconds between lines")
    parser.add_argument("--real", action="store_true", help="a real window (needs a display)")
    parser.add_argument("--fast", action="store_true",
                        help="each frame 1/60 s of play, drawn as fast as the machine goes")
    parser.add_argument("--trace", type=int, default=0, metavar="K",
                        help="print the K places whose memory grew most (tracemalloc)")
    parser.add_argument("--one", metavar="GAME", help=argparse.SUPPRESS)  # the child's part
    args = parser.parse_args()
    if args.one:
        soak_one(args.one, args.minutes, args.every, args.trace, args.fast)
        return 0
    games = [game.strip() for game in args.games.split(",") if game.strip()]
    unknown = [game for game in games if game not in GAMES]
    if unknown:
        parser.error(f"--games: unknown {', '.join(unknown)}; allowed: {', '.join(GAMES)}")
    env = dict(os.environ, PYTHONPATH=str(REPO_ROOT), PYGAME_HIDE_SUPPORT_PROMPT="1")
    if not args.real:
        env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    mode = ("a real window" if args.real else "SDL's dummy video driver") + (
        ", frames as fast as they go" if args.fast else ""
    )
    print(f"soak: {args.minutes:g} min per game, computer against computer, {mode}", flush=True)
    for game in games:
        command = [sys.executable, __file__, "--one", game, "--minutes", str(args.minutes),
                   "--every", str(args.every), "--trace", str(args.trace)]
        command += ["--fast"] if args.fast else []
        code = subprocess.call(command, env=env)
        if code:
            print(f"soak: {game} ended with exit code {code}", flush=True)
            return code
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
