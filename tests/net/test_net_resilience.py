"""Network play when things go wrong: a peer drops out and rejoins, the host goes away, a peer
sends rubbish. Every case ends with the game exactly as ``wobbletop run`` plays it."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from websockets.asyncio.client import connect

from games.net import messages as m
from games.net.client import HostLeft, Peer
from games.runs.headless import play_headless
from tests.net.netplay import WAIT, make_host, wait_listening

FRAMES = 900  # a stretch of Wallamoppi: long enough to drop out in the middle of


async def until(condition: Callable[[], bool], what: str) -> None:
    async def poll() -> None:
        while not condition():
            await asyncio.sleep(0.005)

    try:
        await asyncio.wait_for(poll(), WAIT)
    except asyncio.TimeoutError:
        pytest.fail(f"not within {WAIT:g} s: {what}")


def test_a_dropped_peer_pauses_the_game_and_rejoins_where_it_is() -> None:
    host = make_host("wallamoppi", ["remote", "remote"], seed=1, frames=FRAMES)
    statuses: list[str] = []

    async def scene() -> tuple[list[dict[str, object]], int, int]:
        serving = asyncio.create_task(host.serve("127.0.0.1", 0))
        address = await wait_listening(host)
        stay = Peer(address, host.code, computer=True, lead=60, on_status=statuses.append)
        drop = Peer(address, host.code, computer=True, lead=60)
        staying = asyncio.create_task(stay.run())
        dropping = asyncio.create_task(drop.run())
        await until(lambda: drop.session is not None and drop.session.frame >= 120, "frame 120")
        dropping.cancel()
        await asyncio.gather(dropping, return_exceptions=True)
        await until(lambda: any("paused" in line for line in statuses), "the pause is said")
        game = host.game
        assert game is not None and game.waiting_for() == ["light (remote)"]
        paused_at = game.session.frame
        assert game.gate() == paused_at  # nothing more is played while the seat is empty
        back = Peer(address, host.code, computer=True, seat=1)
        rejoined = asyncio.create_task(back.run())
        await until(lambda: back.session is not None, "the rejoin")
        assert back.session is not None
        first_frame = back.session.frame
        results = await asyncio.wait_for(asyncio.gather(serving, staying, rejoined), WAIT)
        return list(results), paused_at, first_frame

    results, paused_at, first_frame = asyncio.run(scene())
    assert paused_at < FRAMES and first_frame >= paused_at > 0  # caught up from the host
    assert results == [play_headless("wallamoppi", None, 1, frames=FRAMES)] * 3
    assert "dark (remote); paused: waiting for light (remote) to rejoin" in statuses


def test_the_host_going_away_leaves_saves_that_resume(tmp_path: Path) -> None:
    from games.net.host import write_host_save
    from games.runs.saves import resume_headless

    host = make_host("wallamoppi", ["remote", "computer"], seed=1, frames=FRAMES)
    peer_box: list[Peer] = []

    async def scene() -> BaseException | None:
        serving = asyncio.create_task(host.serve("127.0.0.1", 0))
        address = await wait_listening(host)
        peer = Peer(address, host.code, computer=True, lead=60)
        peer_box.append(peer)
        following = asyncio.create_task(peer.run())
        await until(lambda: peer.session is not None and peer.session.frame >= 200, "frame 200")
        serving.cancel()  # the host stops: its server closes every connection
        await asyncio.gather(serving, return_exceptions=True)
        done = await asyncio.gather(following, return_exceptions=True)
        return done[0] if isinstance(done[0], BaseException) else None

    stopped = asyncio.run(scene())
    assert isinstance(stopped, HostLeft)
    peer_save = peer_box[0].save(tmp_path / "peer")
    host_save = write_host_save(host, tmp_path / "host")
    assert peer_save is not None and host_save is not None
    alone = play_headless("wallamoppi", None, 1, frames=FRAMES)
    for path in (peer_save, host_save):
        assert resume_headless(path, frames=FRAMES) == alone


def test_rubbish_from_a_peer_is_dropped_with_a_log_line_and_changes_nothing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    host = make_host("stonewall", ["remote", "remote"], seed=1)

    async def rude(address: str) -> list[str]:
        """Join properly, send rubbish, then declare and follow to the end like a peer."""
        kept: list[str] = []
        async with connect(f"ws://{address}", compression=None, proxy=None,
                           max_size=m.MAX_HOST_MESSAGE * 2) as socket:
            await socket.send(m.encode(m.Hello(seq=1, code=host.code, computer=True)))
            rubbish = [
                "not json",
                "[1, 2]",
                json.dumps({"type": "inputs", "v": 2, "seq": 2, "upto": 10}),
                json.dumps({"type": "launch", "v": 1, "seq": 3}),
                json.dumps({"type": "inputs", "v": 1, "seq": 4, "upto": 10,
                            "events": [{"frame": 1, "action": "move", "x": 1e308}]}),
                json.dumps({"type": "inputs", "v": 1, "seq": 5, "upto": 10,
                            "pickle": "gASVAAAAAAAAAAA="}),
                json.dumps({"type": "inputs", "v": 1, "seq": 6, "upto": 0,
                            "events": [{"frame": 0, "action": "roll"}] * 3000}),
                m.encode(m.Inputs(seq=7, upto=100_000)),
                m.encode(m.Inputs(seq=7, upto=100_000)),  # the same again: replayed
                m.encode(m.Hello(seq=8, code=host.code)),
            ]
            for raw in rubbish:
                await socket.send(raw)
            async for raw in socket:
                message = m.decode(raw, from_host=True)
                kept.append(message.type)
                if message.type == "end":
                    break
        return kept

    async def scene() -> tuple[dict[str, object], dict[str, object], list[str]]:
        serving = asyncio.create_task(host.serve("127.0.0.1", 0))
        address = await wait_listening(host)
        polite = Peer(address, host.code, computer=True)
        results = await asyncio.wait_for(
            asyncio.gather(serving, polite.run(), rude(address)), WAIT
        )
        return results[0], results[1], results[2]

    hosted, polite, kept = asyncio.run(scene())
    alone = play_headless("stonewall", None, 1)
    assert hosted == polite == alone
    assert kept[0] == "welcome" and kept[-1] == "end"
    log = capsys.readouterr().err
    for said in (
        "dropped: not JSON",
        "dropped: not a JSON object",
        "dropped: v: 2; allowed: 1",
        "dropped: launch: : Input tag 'launch' found using 'type' does not match",
        "dropped: inputs: inputs.events.0.x",
        "dropped: inputs: inputs.pickle: Extra inputs are not permitted",
        "dropped: oversized message",
        "dropped: inputs seq 7: replayed or out of order",
        "dropped: hello after hello",
    ):
        assert said in log, said


@pytest.mark.parametrize(
    ("raw", "problem"),
    [
        (json.dumps({"type": "frames", "v": 1, "seq": 1, "upto": -1}), "frames: frames.upto"),
        (json.dumps({"type": "welcome", "v": 1, "seq": 1, "seats": [0], "save": 1}),
         "welcome: welcome.save"),
        (json.dumps({"type": "end", "v": 1, "seq": 1, "frame": 3}), "end: end.result"),
        ("x" * (m.MAX_HOST_MESSAGE + 1), "oversized message"),
    ],
)
def test_a_peer_checks_what_the_host_sends_too(raw: str, problem: str) -> None:
    with pytest.raises(m.Dropped, match=problem):
        m.decode(raw, from_host=True)


def test_a_peer_out_of_step_resynchronises_from_the_host(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A peer whose table differs (here: a live config edit made only there) finds it at the
    next digest check, says so, reloads the host's game and ends as everyone else."""
    from games.core.protocol import CONFIG_ACTION, InputEvent
    from physics.config import load_config

    frames = 700  # the host compares digests at frame 600 (every 5 s at 120 Hz)
    host = make_host("wallamoppi", ["remote", "remote"], seed=1, frames=frames)
    heavier = load_config(None).config.model_dump()
    heavier["world"]["gravity"] *= 2

    async def scene() -> tuple[list[dict[str, object]], int]:
        serving = asyncio.create_task(host.serve("127.0.0.1", 0))
        address = await wait_listening(host)
        odd = Peer(address, host.code, computer=True, lead=60)
        peers = [odd, Peer(address, host.code, computer=True, lead=60)]
        running = [asyncio.create_task(peer.run()) for peer in peers]
        await until(lambda: odd.session is not None and odd.session.frame >= 60, "frame 60")
        assert odd.session is not None and odd.session.frame < 600
        odd.session.handle(InputEvent(odd.session.frame, CONFIG_ACTION,
                                      data={"config": heavier}))
        results = await asyncio.wait_for(asyncio.gather(serving, *running), WAIT)
        return list(results), odd.resyncs

    results, resyncs = asyncio.run(scene())
    assert resyncs == 1
    assert results == [play_headless("wallamoppi", None, 1, frames=frames)] * 3
    log = capsys.readouterr().err
    assert "out of step with the host at frame 600: digest" in log
    assert "asked to resynchronise at frame 600" in log
