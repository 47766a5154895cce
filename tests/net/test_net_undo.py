"""Ctrl+Z in a joined Free play window: an input the host orders. At its frame the host takes
back the last drag (a replay without it) and every table loads the game so rewound; before any
drag it is refused here, with the reason, and nothing is sent."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from games.core import registry
from games.core.protocol import Session
from games.net.host import Host
from games.runs.headless import drive, new_session
from games.ui.app import App
from physics.config import load_config
from tests.net.netplay import WAIT
from tests.net.test_net_window import (
    FRAME,
    HostThread,
    carry_left_and_let_go,
    frames_until,
    hosted,
    joined_free_play,
    press_on_the_loose_disk,
)

__all__ = ["hosted"]  # the fixture, used by name


def ctrl_z(app: App) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL,
                                         unicode="\x1a", scancode=0))
    app.step_frame(FRAME)


def hot_seat_digest(session: Session, frame: int) -> str:
    """The digest of a fresh table of the same game with ``session``'s inputs, at ``frame``."""
    spec = registry.load(session.game_id)
    setup = session.setup
    fresh = new_session(spec, load_config(None).config, setup.seed, setup.seats,
                        dict(setup.options))
    drive(fresh, frame, session.recorded, stop_at_outcome=False)
    return fresh.digest()


def on_host(thread: HostThread, host: Host) -> tuple[int, str, list[str]]:
    """The host's frame, digest and inputs, read on its own loop (its session is its thread's)."""
    async def read() -> tuple[int, str, list[str]]:
        session = host.session
        assert session is not None
        return session.frame, session.digest(), [e.action for e in session.recorded]

    return asyncio.run_coroutine_threadsafe(read(), thread.loop).result(WAIT)


def test_ctrl_z_in_a_joined_free_play_takes_back_the_drag_on_every_table(
    hosted: Callable[[Host], HostThread], tmp_path: Path
) -> None:
    with joined_free_play(hosted, tmp_path) as (host, thread, app):
        game = app.game
        assert game is not None
        session, view = game.session, game.view
        # Nothing moved yet: refused here with the reason, nothing sent, the same table.
        ctrl_z(app)
        notice = app.current_notice()
        assert notice is not None and notice[0].startswith("nothing to undo")
        assert app.session is session
        disk, start, at = press_on_the_loose_disk(app, session, view)
        carry_left_and_let_go(app, disk, start, at)
        grab = next(e for e in session.recorded if e.action == "grab")
        frames_until(app, lambda: "release" in on_host(thread, host)[2], "the drag at the host")

        ctrl_z(app)
        frames_until(app, lambda: app.session is not session, "the rewound game from the host")
        rewound = app.session
        assert rewound is not None and rewound.frame >= grab.frame
        assert [e.action for e in rewound.recorded] == []  # the drag is gone here
        moved_back = rewound.world.pieces["loose0"].body.position  # type: ignore[union-attr]
        assert abs(moved_back.x - start[0]) < 1 and abs(moved_back.y - start[1]) < 1
        # Every table: the game without the drag, to the bit (the host's at its own frame).
        frames_until(app, lambda: rewound.frame > grab.frame + 12, "the game going on")
        assert rewound.digest() == hot_seat_digest(rewound, rewound.frame)
        frame, digest, actions = on_host(thread, host)
        assert actions == [] and frame >= grab.frame
        host_session = host.session
        assert host_session is not None
        assert digest == hot_seat_digest(host_session, frame)


def test_an_undo_with_no_drag_to_take_back_is_dropped_with_the_reason() -> None:
    """At the host: nothing changes (the same session, nobody sent the game again)."""
    from games.core.protocol import InputEvent, SeatKind
    from games.net.lockstep import UNDO, HostGame, Peer

    spec = registry.load("freeplay")
    session = new_session(spec, load_config(None).config, 0, (SeatKind.HUMAN,), {})
    peer = Peer("player (remote)", [0], connected=True)
    game = HostGame(session, spec, 100, [peer])
    game.declare(peer, 10, [InputEvent(3, UNDO)])
    ran = game.run(10)
    assert ran.dropped == ["player (remote): undo at frame 3 dropped: nothing to undo: no piece "
                           "has been moved yet"]
    assert game.session is session and not game.rewound and session.frame == 10


def test_a_dice_games_undo_is_an_input_the_host_orders_for_the_player_who_moved() -> None:
    """Stonewall: the player on turn rolls, moves and places a wall, then undoes the wall; the
    other player's undo of it is dropped (not theirs). Every table applying the host's stream
    ends at the host's digest, with the wall taken back."""
    from games.core.protocol import InputEvent, SeatKind
    from games.net.lockstep import UNDO, Follower, HostGame, Peer
    from games.stonewall.rules import Phase, action_to_json

    spec = registry.load("stonewall")
    config, seats = load_config(None).config, (SeatKind.HUMAN, SeatKind.HUMAN)

    def table() -> Session:
        return new_session(spec, config, 4, seats, {})

    # Find the moves on a scratch table: from frame 1 rolls (the opening's too) until the one
    # on turn may move; they move and place a wall. Each input goes to the seat that makes it.
    scratch: Any = table()
    scratch.tick()
    by_seat: dict[int, list[InputEvent]] = {0: [], 1: []}

    def play(event: InputEvent) -> None:
        by_seat[int(scratch.state.current)].append(event)
        scratch.handle(event)

    while scratch.state.phase is not Phase.MOVE:
        play(InputEvent(1, "roll"))
    mover = int(scratch.state.current)
    play(InputEvent(1, "move", data=action_to_json(scratch.state.legal_moves()[0])))
    wall = scratch.state.legal_wall_placements()[0]
    play(InputEvent(1, "move", data={"type": "place", "wall": wall.to_json()}))

    host_session: Any = table()
    peers = [Peer(f"seat {seat}", [seat], connected=True) for seat in (0, 1)]
    game = HostGame(host_session, spec, 40, peers)
    game.declare(peers[1 - mover], 40, [*by_seat[1 - mover], InputEvent(2, UNDO)])  # not theirs
    game.declare(peers[mover], 40, [*by_seat[mover], InputEvent(3, UNDO)])
    ran = game.run(40)
    assert wall not in host_session.state.placed and host_session.state.phase is Phase.WALL
    assert [e.action for e in ran.events].count(UNDO) == 1
    assert len(ran.dropped) == 1 and ran.dropped[0].startswith(f"seat {1 - mover}: undo at frame 2")
    follower = Follower(table(), spec)
    follower.take(host_session.frame, ran.events, ran.digests)  # Desync on any difference
    assert follower.session.digest() == host_session.digest()
