"""The active player's machine runs ahead in a physics game (:func:`games.net.lockstep.leader`):
it applies its own inputs at once, at its own frames, and the host and the other tables follow
its stream. Through a 150 ms round trip with 5 % loss every table still ends at the digest of
the same inputs played hot-seat (the scenario's golden digest), and the lead passes from seat
to seat with the turn."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from games.core.protocol import InputEvent
from games.net.client import Peer
from games.net.lockstep import Desync, Follower, HostGame, leader
from games.net.lockstep import Peer as NetPeer
from games.net.proxy import LossyProxy
from tests.net.netplay import WAIT, inputs_by_seat, make_host, wait_listening

SCENARIOS = Path(__file__).resolve().parents[2] / "assets" / "scenarios"


def test_the_leading_machine_runs_ahead_through_a_slow_network_and_ends_as_hot_seat() -> None:
    path = SCENARIOS / "animals" / "correct_doubt_wins.toml"
    loaded, by_seat = inputs_by_seat(path)
    assert loaded.expect is not None and sorted(by_seat) == [0, 1]  # blue plays, red doubts
    host = make_host("animals", ["remote", "remote"], seed=loaded.seed, frames=loaded.frames,
                     options=dict(loaded.options))

    async def scene() -> tuple[list[dict[str, object]], list[Peer], LossyProxy]:
        serving = asyncio.create_task(host.serve("127.0.0.1", 0))
        address = await wait_listening(host)
        proxy = LossyProxy(address, seed=3)
        server = await proxy.start()
        peers = [Peer(f"127.0.0.1:{proxy.port}", host.code, script=by_seat[seat], seat=seat,
                      lead=30, run_ahead=True) for seat in (0, 1)]
        try:
            results = await asyncio.wait_for(
                asyncio.gather(serving, *(peer.run() for peer in peers)), WAIT
            )
        finally:
            server.close()
        return list(results), peers, proxy

    results, peers, proxy = asyncio.run(scene())
    assert [result["digest"] for result in results] == [loaded.expect.digest] * 3
    assert all(peer.resyncs == 0 for peer in peers)
    red, blue = peers
    # Each machine played its own seat's inputs on its own table ahead of the host's stream.
    assert blue.follower is not None and blue.follower.played_ahead == len(by_seat[1])
    assert red.follower is not None and red.follower.played_ahead == len(by_seat[0])
    assert proxy.lost > 0


def test_a_table_that_leads_to_the_hosts_last_frame_ends_the_game() -> None:
    """Free play's drag: the peer's machine leads the whole game, up to the host's last frame
    (it must say it got there: the host waits for it), and ends at the golden digest."""
    path = SCENARIOS / "freeplay" / "drag_disk_onto_stack.toml"
    loaded, by_seat = inputs_by_seat(path)
    assert loaded.expect is not None
    host = make_host("freeplay", ["remote"], seed=loaded.seed, frames=loaded.frames,
                     options=dict(loaded.options))
    peer_box: list[Peer] = []

    async def scene() -> list[dict[str, object]]:
        serving = asyncio.create_task(host.serve("127.0.0.1", 0))
        address = await wait_listening(host)
        # A lead of 59: the last stretch (720 - 12 * 59 = 12 frames) is under a quarter lead.
        peer_box.append(Peer(address, host.code, script=by_seat[0], lead=59, run_ahead=True))
        results = await asyncio.wait_for(asyncio.gather(serving, peer_box[0].run()), WAIT)
        return list(results)

    results = asyncio.run(scene())
    assert [result["digest"] for result in results] == [loaded.expect.digest] * 2
    follower = peer_box[0].follower
    assert follower is not None and follower.played_ahead == len(by_seat[0])


def animals_table() -> tuple[Any, Any]:
    from games.core import registry
    from games.core.protocol import SeatKind
    from games.runs.headless import new_session
    from physics.config import load_config

    spec = registry.load("animals")
    human = (SeatKind.HUMAN, SeatKind.HUMAN)
    return spec, new_session(spec, load_config(None).config, 1, human, {})


def test_while_a_machine_leads_nobody_else_plays_not_even_tidying_the_table() -> None:
    """Blue's machine leads (blue is to play): red's put_back is dropped with a log line and
    never streamed, blue's draw is taken."""
    spec, session = animals_table()
    assert leader(session, spec) == 1
    red, blue = NetPeer("red (remote)", [0]), NetPeer("blue (remote)", [1])
    game = HostGame(session, spec, 100, [red, blue])
    for peer in (red, blue):
        peer.connected = True
    game.declare(red, 10, [InputEvent(2, "put_back", data={"piece": "animal00"})])
    game.declare(blue, 10, [InputEvent(3, "draw")])
    ran = game.run(10)
    assert [event.action for event in ran.events] == ["draw"]
    assert ran.dropped == [
        "red (remote): put_back at frame 2 dropped: blue's machine leads the table now "
        "(red (remote) plays seats [0])"
    ]


def test_a_leading_table_that_the_stream_contradicts_resynchronises() -> None:
    """Blue's table ran ahead with its draw; a stream that brings another input in the frames
    it ran through is a Desync (the peer then reloads the host's game)."""
    spec, session = animals_table()
    follower = Follower(session, spec)
    follower.run_ahead(20, [1], 1000, lambda frame: [InputEvent(frame, "draw")]
                       if frame == 5 else [])
    assert session.frame == 20 and follower.played_ahead == 1
    with pytest.raises(Desync, match="frame 6: the host applied draw"):
        follower.take(10, [InputEvent(6, "draw")], [])
