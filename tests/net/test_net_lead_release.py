"""Wallamoppi leads too: the seat on turn's machine runs ahead, and the other seat's marble
release is forwarded by the host to it, which plays it at its own frame and streams it back
like its own (the releaser sees the marble start a round trip later). Through a 150 ms round
trip with 5 % loss every table ends at the digest of a hot-seat run of the inputs as the host
stamped them, and each release was played by the table that led."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from games.core import registry
from games.core.protocol import InputEvent, SeatKind
from games.net.client import Peer
from games.net.proxy import LossyProxy
from games.runs.headless import drive, new_session, summary
from physics.config import load_config
from tests.net.netplay import WAIT, inputs_by_seat, make_host, wait_listening

SCENARIO = (Path(__file__).resolve().parents[2] / "assets" / "scenarios" / "wallamoppi"
            / "centred_stack_stands.toml")
RELEASE = "start_timer"


class TurnPlayer(Peer):
    """A scripted person who plays as one at a table: releases the marble when the other
    seat's turn waits for it, and plays their own turn's moves timed from the moment they saw
    the marble start (the scenario's moves, as far after its release as the scenario has them)."""

    def __init__(self, address: str, code: str, seat: int, mine: list[InputEvent],
                 releases: list[int]) -> None:
        super().__init__(address, code, seat=seat, lead=30, run_ahead=True)
        self.releases_at = [index for index, frame in enumerate(releases)
                            if any(e.action == RELEASE and e.frame == frame for e in mine)]
        # Our turn's moves: (the turn they belong to, frames after its release, the input);
        # a catch belongs to the turn it ends, though the next release is at the same frame.
        self.moves = [(turn, event.frame - releases[turn], event) for event in mine
                      if event.action != RELEASE
                      for turn in [max(i for i, f in enumerate(releases) if f < event.frame
                                       or (f == event.frame and event.action != "marble"))]]
        self.started: dict[int, int] = {}  # a turn -> the frame we first saw its marble run

    def _lead(self) -> None:
        session = self.session
        if session is not None and self.releases_at:
            rules = session.rules  # type: ignore[attr-defined]
            waiting = not rules.turn.timer_running and session.outcome is None
            if waiting and rules.turns == self.releases_at[0]:
                self.releases_at.pop(0)
                self.queue(InputEvent(session.frame, RELEASE))
        super()._lead()

    def _own(self, frame: int) -> list[InputEvent]:
        session, follower = self.session, self.follower
        assert session is not None and follower is not None
        rules = session.rules  # type: ignore[attr-defined]
        if rules.turn.timer_running:
            self.started.setdefault(rules.turns, frame)
        due = [move for move in self.moves
               if move[0] in self.started and self.started[move[0]] + move[1] <= frame]
        for move in due:
            self.moves.remove(move)
            _, _, event = move
            self.local.append(follower.play_now(event))
        return []


def test_wallamoppi_leads_and_the_release_is_forwarded_to_the_leading_table() -> None:
    loaded, by_seat = inputs_by_seat(SCENARIO)
    releases = sorted(e.frame for events in by_seat.values() for e in events
                      if e.action == RELEASE)
    assert len(releases) == 2 and sorted(by_seat) == [0, 1]  # each seat releases once
    frames = loaded.frames + 240  # room for the round trips the releases take
    host = make_host("wallamoppi", ["remote", "remote"], seed=loaded.seed, frames=frames,
                     options=dict(loaded.options))

    async def scene() -> tuple[list[dict[str, Any]], list[TurnPlayer], LossyProxy]:
        serving = asyncio.create_task(host.serve("127.0.0.1", 0))
        address = await wait_listening(host)
        proxy = LossyProxy(address, seed=5)
        server = await proxy.start()
        peers = [TurnPlayer(f"127.0.0.1:{proxy.port}", host.code, seat, by_seat[seat], releases)
                 for seat in (0, 1)]
        try:
            results = await asyncio.wait_for(
                asyncio.gather(serving, *(peer.run() for peer in peers)), WAIT)
        finally:
            server.close()
        return list(results), peers, proxy

    results, peers, proxy = asyncio.run(scene())
    assert host.session is not None
    stamped = list(host.session.recorded)
    # Hot-seat: the same seed and options, the inputs at the frames the host stamped.
    spec = registry.load("wallamoppi")
    hot_seat = new_session(spec, load_config(None).config, loaded.seed,
                           (SeatKind.HUMAN, SeatKind.HUMAN), dict(loaded.options))
    drive(hot_seat, host.session.frame, stamped)
    assert [result["digest"] for result in results] == [summary(hot_seat)["digest"]] * 3
    assert all(peer.resyncs == 0 for peer in peers)
    # Both releases were made off turn, forwarded and played by the table on turn (ahead),
    # and both towers were built: the game went on past each turn.
    assert [event.action for event in stamped].count(RELEASE) == 2
    assert all(not peer.releases_at and not peer.moves for peer in peers)
    assert hot_seat.rules.turns == 2  # type: ignore[attr-defined]
    for peer in peers:  # its own turn's moves and the other seat's release, ahead
        assert peer.follower is not None
        assert peer.follower.played_ahead == len(by_seat[peer.seats[0]])
    assert proxy.lost > 0


def test_where_the_hosts_own_seat_leads_a_release_from_a_peer_is_played_at_once() -> None:
    """The host's window plays dark, on turn (its table leads); light's release from its
    machine is taken at the host's frame, as it came (not dropped as another seat's input)."""
    from games.net.lockstep import HostGame, leader
    from games.net.lockstep import Peer as NetPeer

    spec = registry.load("wallamoppi")
    session = new_session(spec, load_config(None).config, 1, (SeatKind.HUMAN, SeatKind.HUMAN),
                          {"wall": "auto"})
    assert leader(session, spec) == 0  # dark, the host's seat
    light = NetPeer("light (remote)", [1], connected=True, runs_ahead=True)
    game = HostGame(session, spec, 100, [light])
    game.declare(light, 10, [InputEvent(4, RELEASE)])
    ran = game.run(10)
    assert [(event.frame, event.action) for event in ran.events] == [(4, RELEASE)]
    assert ran.dropped == [] and session.rules.turn.timer_running  # type: ignore[attr-defined]


def test_the_hosting_windows_release_goes_to_the_guest_whose_table_leads(
    tmp_path: Path,
) -> None:
    """The host's window plays light; dark, on turn, is a guest whose table leads. A click on
    the marble panel here is not played here: it goes to dark's machine, which starts the
    marble on its table at once and declares it; the host's table has it a round trip later,
    at the guest's frame."""
    import pygame

    from games.ui.app import App
    from games.ui.net_play import HostLink
    from tests.net.test_net_window import PeerThread, frames_until

    host = make_host("wallamoppi", ["remote", "here"], seed=1, options={"wall": "auto"},
                     frames=100_000)
    host.live = True
    app = App(None, None, size=(960, 600), saves=tmp_path)
    guest: PeerThread | None = None
    try:
        app.net = HostLink(app, host, "127.0.0.1", 0)
        frames_until(app, lambda: app.game is not None and host.port != 0, "the host's game")
        game = app.game
        assert game is not None
        guest = PeerThread(Peer(f"127.0.0.1:{host.port}", host.code, name="Bo", lead=30,
                                run_ahead=True))
        frames_until(app, lambda: "waiting" not in app._status(game), "the guest in")
        followed = guest.peer
        frames_until(app, lambda: followed.leading(), "the guest's table leading")
        session: Any = game.session
        panel = game.view.timer_rect()  # type: ignore[attr-defined]
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=panel.center, button=1))
        app.step_frame(FRAME_SECONDS)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=panel.center, button=1))
        assert not session.rules.turn.timer_running  # not here at once: dark's table starts it
        frames_until(app, lambda: session.rules.turn.timer_running, "the marble at the host")
        released = [e for e in session.recorded if e.action == RELEASE]
        assert len(released) == 1
        frames_until(app, lambda: followed.follower is not None
                     and followed.follower.played_ahead == 1, "the release played by the guest")
        theirs = [e for e in followed.session.recorded  # type: ignore[union-attr]
                  if e.action == RELEASE]
        assert theirs == released
    finally:
        app.close()
        if guest is not None:
            guest.stop()


FRAME_SECONDS = 1 / 60
