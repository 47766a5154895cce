"""Network play on 127.0.0.1: every game played through a host and its peers ends, on every
peer, exactly as the same game played in one process (``wobbletop run``'s line, or the hot-seat
replay of the same scripted inputs: the scenario's golden digest)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from games.net.client import Peer
from games.runs.headless import play_headless
from games.runs.scenario import InputRecord
from tests.net.netplay import inputs_by_seat, make_host, play, wait_listening

SCENARIOS = Path(__file__).resolve().parents[2] / "assets" / "scenarios"

# Every game to its end; the physics games on seeds whose computers end them early (Wallamoppi's
# seed 5: the tower falls at 84 simulated seconds; Animal upon Animal's seed 3: a doubt at 54).
GAMES = [
    ("stonewall", 1, None),
    ("malloppo", 2, None),
    ("whacky", 1, None),
    ("freeplay", 0, None),
    ("wallamoppi", 5, None),
    ("animals", 3, None),
]


@pytest.mark.parametrize(("game", "seed", "frames"), GAMES, ids=[game for game, *_ in GAMES])
def test_every_game_with_computer_peers_ends_as_run_does(
    game: str, seed: int, frames: int | None
) -> None:
    from games.core import registry

    seats = ["remote"] * registry.load(game).min_seats
    host = make_host(game, seats, seed=seed, frames=frames)
    hosted, peers = asyncio.run(play(host, [{"computer": True}] * len(seats)))
    alone = play_headless(game, None, seed, frames=frames)
    assert hosted == alone
    assert peers == [alone] * len(seats)
    if frames is None:
        assert alone["reason"] != "unfinished"


def test_four_seats_three_peers_and_a_computer_at_the_host() -> None:
    host = make_host("malloppo", ["computer", "remote", "remote", "remote"], seed=5)
    hosted, peers = asyncio.run(play(host, [{"computer": True}] * 3))
    alone = play_headless("malloppo", None, 5, players=4)
    assert alone["players"] == 4 and alone["reason"] != "unfinished"
    assert hosted == alone and peers == [alone] * 3


def test_a_scripted_player_on_a_peer_ends_as_hot_seat() -> None:
    """Free play's drag sent from a peer: the game ends at the scenario's golden digest."""
    path = SCENARIOS / "freeplay" / "drag_disk_onto_stack.toml"
    loaded, by_seat = inputs_by_seat(path)
    assert loaded.expect is not None and loaded.config == {} and len(by_seat[0]) == 5
    host = make_host("freeplay", ["remote"], seed=loaded.seed, frames=loaded.frames,
                     options=dict(loaded.options))
    hosted, peers = asyncio.run(play(host, [{"script": by_seat[0]}]))
    assert hosted["digest"] == peers[0]["digest"] == loaded.expect.digest


def test_two_scripted_peers_end_as_the_same_inputs_hot_seat(tmp_path: Path) -> None:
    """Wallamoppi, each seat's drags from its own peer: every peer ends at the digest of the
    same inputs replayed hot-seat, and the host's save of the game replays to it too.

    Inputs of two peers due at the same frame are applied in seat order; the shipped scenario
    has light start dark's timer at frame 60, the frame dark grabs, so here light starts it a
    frame earlier (the hot-seat reference is replayed with the same change)."""
    import dataclasses

    from games.net.host import write_host_save
    from games.runs.saves import load_save, resume
    from games.runs.scenario import replay

    path = SCENARIOS / "wallamoppi" / "centred_stack_stands.toml"
    loaded, by_seat = inputs_by_seat(path)
    assert [(e.frame, e.action) for e in by_seat[1][:1]] == [(60, "start_timer")]
    by_seat[1][0] = dataclasses.replace(by_seat[1][0], frame=59)
    merged = sorted(by_seat[0] + by_seat[1], key=lambda event: event.frame)
    changed = loaded.model_copy(update={"input": [
        InputRecord.model_validate(event.to_json()) for event in merged
    ]})
    hot_seat = replay(changed, path)
    host = make_host("wallamoppi", ["remote", "remote"], seed=loaded.seed, frames=loaded.frames,
                     options=dict(loaded.options))
    peers_kwargs = [{"script": by_seat[seat], "seat": seat} for seat in (0, 1)]
    hosted, peers = asyncio.run(play(host, peers_kwargs))
    assert hosted["digest"] == hot_seat.digest
    assert [peer["digest"] for peer in peers] == [hot_seat.digest] * 2
    assert hot_seat.outcome["tower_height"] == 3  # both drags were played: the tower of three
    saved = write_host_save(host, tmp_path)
    assert saved is not None
    assert resume(load_save(saved), saved).digest() == hosted["digest"]


def test_an_input_out_of_turn_is_dropped_and_changes_nothing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Whacky's moves sent by the monsters' peer too: theirs are dropped, said in the log."""
    path = SCENARIOS / "whacky" / "power_dot_hunt.toml"
    loaded, by_seat = inputs_by_seat(path)
    assert loaded.expect is not None and set(by_seat) == {0}
    host = make_host("whacky", ["remote", "remote"], seed=loaded.seed, frames=loaded.frames,
                     options=dict(loaded.options))
    cheat = [{"script": by_seat[0], "seat": 0}, {"script": by_seat[0], "seat": 1}]
    hosted, peers = asyncio.run(play(host, cheat))
    assert hosted["digest"] == loaded.expect.digest
    assert [peer["digest"] for peer in peers] == [loaded.expect.digest] * 2
    assert "out of turn (whacky is to play" in capsys.readouterr().err


def test_a_wrong_code_is_refused_and_the_game_still_plays() -> None:
    from games.net.client import JoinError

    host = make_host("stonewall", ["remote", "remote"], seed=1)

    async def scene() -> tuple[str, dict[str, object], list[dict[str, object]]]:
        serving = asyncio.create_task(host.serve("127.0.0.1", 0))
        address = await wait_listening(host)
        try:
            await Peer(address, "WRONG", computer=True).run()
        except JoinError as error:
            refusal = str(error)
        else:
            refusal = ""
        peers = [Peer(address, host.code, computer=True) for _ in range(2)]
        results = await asyncio.wait_for(
            asyncio.gather(serving, *(peer.run() for peer in peers)), 120
        )
        return refusal, results[0], list(results[1:])

    refusal, hosted, peers = asyncio.run(scene())
    assert refusal == f"127.0.0.1:{host.port} refused to let us join: wrong join code"
    alone = play_headless("stonewall", None, 1)
    assert hosted == alone and peers == [alone, alone]
