"""Network play through a slow, lossy network (:class:`tests.net.netplay.LossyProxy`: 150 ms
round trip, 5 % of the chunks lost and sent again): the games stay in step and end as played
in one process, and the peers compare digests with the host all along the way."""

from __future__ import annotations

import asyncio
from pathlib import Path

from games.net.client import Peer
from games.net.proxy import LossyProxy
from games.runs.headless import play_headless
from tests.net.netplay import WAIT, inputs_by_seat, make_host, wait_listening

SCENARIOS = Path(__file__).resolve().parents[2] / "assets" / "scenarios"


def test_games_through_a_slow_lossy_network_stay_in_step() -> None:
    physics = make_host("wallamoppi", ["remote", "remote"], seed=1, frames=1200)
    path = SCENARIOS / "freeplay" / "flick_throws_disk.toml"
    loaded, by_seat = inputs_by_seat(path)
    assert loaded.expect is not None and by_seat[0]
    scripted = make_host("freeplay", ["remote"], seed=loaded.seed, frames=loaded.frames,
                         options=dict(loaded.options), code="OTHER")
    proxies: list[LossyProxy] = []

    async def through_proxy(host, peers_kwargs):  # type: ignore[no-untyped-def]
        serving = asyncio.create_task(host.serve("127.0.0.1", 0))
        address = await wait_listening(host)
        proxy = LossyProxy(address, seed=len(proxies))
        proxies.append(proxy)
        server = await proxy.start()
        peers = [Peer(f"127.0.0.1:{proxy.port}", host.code, lead=30, **kwargs)
                 for kwargs in peers_kwargs]
        try:
            results = await asyncio.wait_for(
                asyncio.gather(serving, *(peer.run() for peer in peers)), WAIT
            )
        finally:
            server.close()
        assert all(peer.resyncs == 0 for peer in peers)
        return results

    async def scene():  # type: ignore[no-untyped-def]
        return await asyncio.gather(
            through_proxy(physics, [{"computer": True}] * 2),
            through_proxy(scripted, [{"script": by_seat[0]}]),
        )

    wallamoppi, freeplay = asyncio.run(scene())
    assert wallamoppi == [play_headless("wallamoppi", None, 1, frames=1200)] * 3
    assert [result["digest"] for result in freeplay] == [loaded.expect.digest] * 2
    assert all(proxy.lost > 0 for proxy in proxies)  # the network did lose some
