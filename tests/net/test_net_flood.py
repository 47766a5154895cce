"""A peer that floods the host: too many messages a second, or too many inputs waiting for their
frames. The host takes what the limits allow, drops the rest, says so in one log line, and the
game goes on."""

from __future__ import annotations

import asyncio
import json

import pytest
from websockets.asyncio.client import ClientConnection, connect

from games.net import host as host_module
from games.net import messages as m
from games.net.host import Host
from tests.net.netplay import make_host, wait_listening
from tests.net.test_net_resilience import until


async def joined(address: str, code: str) -> ClientConnection:
    """A raw peer that said hello (seq 1) and read its welcome."""
    socket = await connect(f"ws://{address}", compression=None, proxy=None,
                           max_size=m.MAX_HOST_MESSAGE * 2)
    await socket.send(m.encode(m.Hello(seq=1, code=code, computer=False)))
    while m.decode(await socket.recv(), from_host=True).type != "welcome":
        pass
    return socket


def inputs(seq: int, upto: int, frames: range) -> str:
    """An ``inputs`` message, written by hand (a flood is not worth pydantic's time)."""
    events = [{"frame": frame, "action": "roll"} for frame in frames]
    return json.dumps({"type": "inputs", "v": 1, "seq": seq, "upto": upto, "events": events})


async def flood(host: Host, messages: list[str], sentinel: str | None) -> tuple[float, int]:
    """Two raw peers join ``host`` (Stonewall, both seats remote: the quiet one never declares,
    so the game stays at frame 0); the other sends ``messages``, then ``sentinel`` (if any).
    Returns the flooder's declared ``upto`` and its inputs waiting at the host, once the host
    has read everything (the sentinel taken, else the flooder gone)."""
    serving = asyncio.create_task(host.serve("127.0.0.1", 0))
    address = await wait_listening(host)
    quiet, loud = await asyncio.gather(joined(address, host.code), joined(address, host.code))
    game = host.game
    assert game is not None and game.session.frame == 0
    peer = host.slots[1].peer
    for raw in messages:
        await loud.send(raw)
    if sentinel is not None:
        await loud.send(sentinel)
        sentinel_upto = json.loads(sentinel)["upto"]
        await until(lambda: peer.upto == sentinel_upto, "the host takes the sentinel")
        upto, waiting = peer.upto, len(peer.pending)
    else:
        await loud.close()
        await until(lambda: host.slots[1].socket is None, "the host reads to the close")
        upto, waiting = peer.upto, -1
    assert game.session.frame == 0
    await quiet.close()
    serving.cancel()
    await asyncio.gather(serving, return_exceptions=True)
    return upto, waiting


def test_more_messages_a_second_than_allowed_are_dropped_with_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The clock stands still: the first PEER_BURST messages are taken, the rest dropped."""
    monkeypatch.setattr(host_module, "clock", lambda: 1000.0)
    host = make_host("stonewall", ["remote", "remote"], seed=1)
    many = [inputs(seq, seq, range(0)) for seq in range(2, 2 + m.PEER_BURST + 100)]
    upto, _ = asyncio.run(flood(host, many, None))
    assert upto == m.PEER_BURST + 1  # seq 2 .. PEER_BURST + 1 declared up to their seq
    log = capsys.readouterr().err
    assert log.count("messages a second; dropping its messages until it slows down") == 1


def test_too_many_inputs_waiting_are_dropped_with_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Full messages of inputs for frames to come: the host keeps MAX_QUEUED_EVENTS of them,
    drops the messages past it (one log line), and still takes a declaration without inputs."""
    host = make_host("stonewall", ["remote", "remote"], seed=1)
    size = m.MAX_EVENTS
    full = [inputs(2 + k, size * (k + 1), range(size * k, size * (k + 1))) for k in range(12)]
    last = size * 12
    upto, waiting = asyncio.run(flood(host, full, inputs(14, last + 1, range(0))))
    assert waiting == m.MAX_QUEUED_EVENTS
    assert upto == last + 1
    log = capsys.readouterr().err
    assert log.count(f"would wait for their frame; allowed: at most {m.MAX_QUEUED_EVENTS}") == 1
