"""Network play against hot-seat, in the same run: bandwidth, added latency per input, CPU.

    python scripts/bench_net.py                  # every game, physics games for 60 s of play
    python scripts/bench_net.py --games stonewall,freeplay --seconds 20 --rtt 0.15

For each game, one seeded game is played twice: hot-seat (one process, no network: what
``wobbletop run`` does) and through a host with every seat a ``--computer`` peer on
127.0.0.1, through a counting proxy (:class:`games.net.proxy.LossyProxy`, no delay, no loss).
The two must end alike (the script stops otherwise). Printed per game: the bytes both ways per
frame (120 frames a simulated second; a dice game's frame is one action), and the wall time of
the network game against the hot-seat one (the ratio; absolute times on a shared machine mean
little).

Added latency per input: Free play's drag (``assets/scenarios/freeplay/drag_disk_onto_stack``) made
live, in real time: each input is made at its scenario time and the script measures when it takes
effect on the table of the player who made it. Hot-seat it acts in the next frame's tick (one
frame, printed as such). A joined window whose seat leads the table (Free play's only seat:
:func:`games.net.lockstep.leader`) applies it on its own table at once, at its own frame, and the
host follows; where no seat leads (the dice games, Wallamoppi's wall) it is stamped at the first
frame not declared yet and seen when the host's stream comes back, about the round trip plus what
the lead puts between (measured too: the same window made not to lead, "following", as every
window is in a game where no seat leads). Measured on the loopback and through the proxy with
``--rtt`` seconds of round trip (default 0.15) and ``--loss`` (default 0.05).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from games.core import registry  # noqa: E402
from games.core.protocol import InputEvent  # noqa: E402
from games.net.client import Peer  # noqa: E402
from games.net.host import Host  # noqa: E402
from games.net.proxy import LossyProxy  # noqa: E402
from games.runs.headless import frame_limit, play_headless  # noqa: E402
from physics.config import load_config  # noqa: E402

GAMES = ("stonewall", "malloppo", "whacky", "freeplay", "wallamoppi", "animals")


def make_host(game: str, seed: int, frames: int | None, options: dict[str, Any] | None = None,
              seats: list[str] | None = None) -> Host:
    spec = registry.load(game)
    config = load_config(None).config
    return Host(spec, seats or ["remote"] * spec.min_seats, config=config, seed=seed,
                options=dict(spec.headless_options) if options is None else options,
                code="BENCH", limit=frame_limit(spec, config, frames))


async def networked(game: str, seed: int, frames: int | None) -> tuple[list[Any], int]:
    host = make_host(game, seed, frames)
    serving = asyncio.create_task(host.serve("127.0.0.1", 0))
    while host.port == 0:
        await asyncio.sleep(0.001)
    proxy = LossyProxy(f"127.0.0.1:{host.port}", delay=0.0, loss=0.0)
    server = await proxy.start()
    peers = [Peer(f"127.0.0.1:{proxy.port}", "BENCH", computer=True)
             for _ in range(len(host.slots))]
    results = await asyncio.gather(serving, *(peer.run() for peer in peers))
    server.close()
    return list(results), proxy.bytes


def bandwidth(games: list[str], seconds: float, seed: int) -> None:
    print(f"{'game':<11} {'frames':>7} {'bytes':>10} {'bytes/frame':>12} {'net/hot-seat wall':>18}")
    for game in games:
        spec = registry.load(game)
        hz = load_config(None).config.world.step_hz
        frames = round(seconds * hz) if spec.physics else None
        start = time.perf_counter()
        alone = play_headless(game, None, seed, frames=frames)
        hot = time.perf_counter() - start
        start = time.perf_counter()
        results, carried = asyncio.run(networked(game, seed, frames))
        net = time.perf_counter() - start
        if any(result != alone for result in results):
            sys.exit(f"{game}: the network game did not end as the hot-seat one")
        played = alone["frames"]
        print(f"{game:<11} {played:>7} {carried:>10,} {carried / max(played, 1):>12,.1f} "
              f"{net / hot:>17.2f}x")


async def live_latency(rtt: float, loss: float, lead: int, run_ahead: bool = True
                       ) -> list[float]:
    """Seconds from each input made to its effect on the maker's table, played live."""
    from games.runs.scenario import load_scenario

    scenario = load_scenario(ROOT / "assets" / "scenarios" / "freeplay" /
                             "drag_disk_onto_stack.toml")
    script = scenario.events()
    host = make_host("freeplay", scenario.seed, scenario.frames, options={})
    serving = asyncio.create_task(host.serve("127.0.0.1", 0))
    while host.port == 0:
        await asyncio.sleep(0.001)
    address = f"127.0.0.1:{host.port}"
    server = None
    if rtt > 0:
        proxy = LossyProxy(address, delay=rtt / 2, loss=loss)
        server = await proxy.start()
        address = f"127.0.0.1:{proxy.port}"
    peer = Peer(address, "BENCH", live=True, lead=lead, run_ahead=run_ahead)
    following = asyncio.create_task(peer.run())
    while peer.session is None:
        await asyncio.sleep(0.001)
    hz = peer.session.setup.config.world.step_hz
    made: list[float] = []
    effects: list[float] = []
    begun = last = time.perf_counter()
    pending = list(script)
    while not following.done():
        now = time.perf_counter()
        peer.advance(now - last, hz)
        last = now
        while pending and (now - begun) * hz >= pending[0].frame:
            event = pending.pop(0)
            peer.queue(InputEvent(0, event.action, event.x, event.y, event.data))
            made.append(now)
        await peer.declare_now()
        session = peer.session
        while session is not None and len(effects) < len(session.recorded):
            effects.append(now)
        await asyncio.sleep(1 / (2 * hz))
    await serving
    if server is not None:
        server.close()
    return [effect - at for at, effect in zip(made, effects, strict=False)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--seconds", type=float, default=60.0,
                        help="simulated seconds of each physics game (dice games: to the end)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rtt", type=float, default=0.15)
    parser.add_argument("--loss", type=float, default=0.05)
    parser.add_argument("--lead", type=int, default=12, help="a window's lead, in frames")
    args = parser.parse_args()
    bandwidth([game for game in args.games.split(",") if game], args.seconds, args.seed)
    print()
    # Hot-seat, the window hands an input to the session at once and it acts in the next
    # frame's tick: one frame at most (what a hot-seat window adds is the display's, alike).
    hot = 1000 / load_config(None).config.world.step_hz
    print(f"input to effect, Free play's drag (median of its inputs), lead {args.lead} frames:")
    print(f"  hot-seat (the next frame)     {hot:7.1f} ms")
    for run_ahead, how in ((True, "leading"), (False, "following")):
        for rtt, loss, label in ((0.0, 0.0, "loopback"),
                                 (args.rtt, args.loss,
                                  f"{args.rtt * 1000:.0f} ms round trip, {args.loss:.0%} loss")):
            delays = asyncio.run(live_latency(rtt, loss, args.lead, run_ahead))
            median = statistics.median(delays) * 1000
            print(f"  network, {how}, {label:<36} {median:7.1f} ms  ({median - hot:+.1f} ms, "
                  f"{len(delays)} inputs)")


if __name__ == "__main__":
    main()
