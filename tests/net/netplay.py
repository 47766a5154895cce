"""Helpers of the network tests: a host and its peers in one event loop, on 127.0.0.1.

Host and peers here are the real :class:`games.net.host.Host` and :class:`games.net.client.Peer`
talking WebSocket over the loopback interface; only the processes are saved (one event loop
instead of three interpreters), which keeps the suite's CPU small. The command line is tested
with real processes in ``test_net_cli.py``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from games.core import registry
from games.core.protocol import InputEvent
from games.net.client import Peer
from games.net.host import Host
from games.net.lockstep import acting_seat
from games.runs.headless import frame_limit
from games.runs.scenario import load_scenario, prepare_session
from physics.config import load_config

WAIT = 120.0  # a bound so nothing hangs on a busy machine, not a duration to reach


def make_host(game: str, seats: Sequence[str], *, seed: int = 0, frames: int | None = None,
              options: dict[str, Any] | None = None, code: str = "CODE42") -> Host:
    spec = registry.load(game)
    config = load_config(None).config
    chosen = dict(spec.headless_options) if options is None else options
    return Host(spec, seats, config=config, seed=seed, options=chosen, code=code,
                limit=frame_limit(spec, config, frames))


async def wait_listening(host: Host) -> str:
    """The host's address once it listens."""
    async def listening() -> None:
        while host.port == 0:
            await asyncio.sleep(0.01)

    await asyncio.wait_for(listening(), WAIT)
    return f"127.0.0.1:{host.port}"


async def play(host: Host, peers: Sequence[dict[str, Any]]) -> tuple[dict[str, Any],
                                                                    list[dict[str, Any]]]:
    """Serve ``host`` and join one :class:`Peer` per entry of ``peers`` (its keyword
    arguments); the host's summary and each peer's, once the game ended."""
    serving = asyncio.create_task(host.serve("127.0.0.1", 0))
    address = await wait_listening(host)
    joined = [Peer(address, host.code, **kwargs) for kwargs in peers]
    results = await asyncio.wait_for(
        asyncio.gather(serving, *(peer.run() for peer in joined)), WAIT
    )
    return results[0], list(results[1:])


def inputs_by_seat(path: Path) -> tuple[Any, dict[int, list[InputEvent]]]:
    """A scenario's inputs split by the seat that plays each, found by replaying it hot-seat:
    (the scenario, {seat: its inputs})."""
    scenario = load_scenario(path)
    prepared = prepare_session(scenario, path)
    session, spec = prepared.session, registry.load(scenario.game)
    by_seat: dict[int, list[InputEvent]] = {}
    pending = list(prepared.events)
    while session.frame < prepared.limit and session.outcome is None:
        while pending and pending[0].frame <= session.frame:
            event = pending.pop(0)
            seat = acting_seat(session, spec, event)
            by_seat.setdefault(0 if seat is None else seat, []).append(event)
            session.handle(event)
        session.tick()
    return scenario, by_seat

