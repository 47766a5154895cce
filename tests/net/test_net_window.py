"""The window joined to a host on 127.0.0.1: real mouse events in the app's own loop (SDL's
dummy video driver) drag a disk on every table alike, and the status bar says who is there."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import asyncio
import contextlib
import itertools
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from games.net.host import Host
from games.ui.app import App
from games.ui.net_play import JoinLink
from tests.net.netplay import WAIT, make_host

FRAME = 1 / 60


class HostThread:
    """A host serving in a thread of its own (its own event loop), stopped after the test."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.loop = asyncio.new_event_loop()
        self.task: asyncio.Task[Any] | None = None
        self.result: Any = None
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.task = self.loop.create_task(self.host.serve("127.0.0.1", 0))
        try:
            self.result = self.loop.run_until_complete(self.task)
        except asyncio.CancelledError:
            pass
        finally:
            self.loop.close()

    def listening(self) -> str:
        """Wait (bounded) until the host has its port; its address."""
        deadline = time.monotonic() + WAIT
        while self.host.port == 0 and time.monotonic() < deadline:
            self.thread.join(0.01)
        return f"127.0.0.1:{self.host.port}"

    def stop(self) -> None:
        if self.thread.is_alive() and self.task is not None:
            self.loop.call_soon_threadsafe(self.task.cancel)
        self.thread.join(WAIT)


@pytest.fixture
def hosted() -> Iterator[Callable[[Host], HostThread]]:
    started: list[HostThread] = []

    def start(host: Host) -> HostThread:
        started.append(HostThread(host))
        return started[-1]

    yield start
    for thread in started:
        thread.stop()


def frames_until(app: App, condition: Callable[[], bool], what: str) -> None:
    """Render frames of 1/60 s until ``condition`` holds (bounded, never a fixed wait); fails
    at once, with the link's last line, when the window's network play has stopped."""
    deadline = time.monotonic() + WAIT
    while not condition():
        link = app.net
        stopped = link is not None and link.done
        if stopped or time.monotonic() > deadline:
            why = "the network play stopped" if stopped else f"not within {WAIT:g} s"
            said = f" (the link: {link.line!r}; the app: {app.error!r})" if link else ""
            pytest.fail(f"{why}: {what}{said}")
        app.step_frame(FRAME)


@contextlib.contextmanager
def joined_free_play(
    hosted: Callable[[Host], HostThread], tmp_path: Path
) -> Iterator[tuple[Host, HostThread, App]]:
    """A Free play served by a host in a thread and a window joined to it as Ada, the host's
    game on its table; the window is closed afterwards."""
    host = make_host("freeplay", ["remote"], options={}, frames=100_000)
    thread = hosted(host)
    address = thread.listening()
    app = App(None, None, size=(960, 600), saves=tmp_path)
    try:
        app.net = JoinLink(app, address, host.code, name="Ada")
        frames_until(app, lambda: app.game is not None, "the host's game on the table")
        yield host, thread, app
    finally:
        app.close()


def press_on_the_loose_disk(
    app: App, session: Any, view: Any
) -> tuple[Any, tuple[float, float], tuple[int, int]]:
    """The mouse pressed on Free play's first loose disk, as a player grabs it: the disk's body,
    where it lay and where on the screen it was pressed."""
    world = session.world
    assert world is not None
    disk = world.pieces["loose0"].body
    start = (disk.position.x, disk.position.y)
    view.refit()
    x, y = (round(v) for v in view.camera.to_screen(start))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
    app.step_frame(FRAME)
    return disk, start, (x, y)


def carry_left_and_let_go(
    app: App, disk: Any, start: tuple[float, float], at: tuple[int, int]
) -> None:
    """Carry the held disk to the left, slowly, hold it there until it is 40 mm left of
    ``start``, and let go."""
    x, y = at
    pos = at
    for step in range(1, 21):
        pos = (x - 6 * step, y - 4 * step)
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(-6, -4), buttons=(1, 0, 0))
        )
        app.step_frame(FRAME)
    frames_until(app, lambda: disk.position.x < start[0] - 40, "the disk carried left")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step_frame(FRAME)


def test_a_drag_in_the_joined_window_moves_the_disk_on_every_table(
    hosted: Callable[[Host], HostThread], tmp_path: Path
) -> None:
    with joined_free_play(hosted, tmp_path) as (host, _, app):
        game = app.game
        assert game is not None
        session, view = game.session, game.view
        frames_until(app, lambda: "player (Ada)" in app._status(game), "the status line")
        # The stream runs in real time: a second of the window is 120 frames (120 Hz), and the
        # table is never more than the lead (12 frames, more on a slow link) past its clock.
        before, hz = session.frame, session.setup.config.world.step_hz
        link = app.net
        assert isinstance(link, JoinLink)
        lead = link.peer.lead
        for _ in range(60):
            app.step_frame(FRAME)
            lead = max(lead, link.peer.lead)
        assert session.frame <= before + hz + lead + 1
        disk, start, at = press_on_the_loose_disk(app, session, view)
        # This window leads the table (its seat is the one to play): the grab is on its own
        # table at once, before any answer from the host could have come back.
        assert [e.action for e in session.recorded] == ["grab"]
        assert link.peer.follower is not None and link.peer.follower.played_ahead == 1
        carry_left_and_let_go(app, disk, start, at)
        frames_until(app, lambda: any(e.action == "release" for e in session.recorded),
                     "the release back from the host")
        host_session = host.session
        assert host_session is not None
        grabs = [e for e in session.recorded if e.action == "grab"]
        assert len(grabs) == 1 and grabs[0].frame > 0
        frames_until(app, lambda: host_session.frame >= session.frame, "the host level")
        # The host applied the same inputs at the same frames: the tables are one.
        mine = [e for e in session.recorded]
        theirs = [e for e in host_session.recorded if e.frame < session.frame]
        assert theirs[: len(mine)] == mine
        frames_until(app, lambda: " ms" in app._status(game), "the round-trip time")


class PeerThread:
    """A scripted peer following in a thread of its own, stopped after the test."""

    def __init__(self, peer: Any) -> None:
        self.peer = peer
        self.loop = asyncio.new_event_loop()
        self.task: asyncio.Task[Any] | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.task = self.loop.create_task(self.peer.run())
        with contextlib.suppress(BaseException):
            self.loop.run_until_complete(self.task)
        self.loop.close()

    def stop(self) -> None:
        if self.thread.is_alive() and self.task is not None:
            self.loop.call_soon_threadsafe(self.task.cancel)
        self.thread.join(WAIT)


def test_the_hosting_window_waits_for_its_guest_then_plays_its_own_seat(
    tmp_path: Path,
) -> None:
    from games.net.client import Peer
    from games.ui.net_play import HostLink

    host = make_host("stonewall", ["here", "remote"], seed=3, options={}, frames=100_000)
    host.live = True
    app = App(None, None, size=(960, 600), saves=tmp_path)
    guest: PeerThread | None = None
    try:
        link = HostLink(app, host, "127.0.0.1", 0)
        app.net = link
        frames_until(app, lambda: app.game is not None, "the game on the host's table")
        game = app.game
        assert game is not None and game.session is host.session
        line = app._status(game)
        assert f"hosting on 127.0.0.1:{host.port}, code {host.code}" in line
        assert "paused: waiting for blue (remote) to join" in line
        paused_at = game.session.frame
        app.step_frame(FRAME)
        assert game.session.frame == paused_at  # nothing is played before the guest is here
        guest = PeerThread(Peer(f"127.0.0.1:{host.port}", host.code, name="Bo", lead=30))
        frames_until(app, lambda: "joined: blue (Bo)" in app._status(game), "the guest in")
        assert "waiting" not in app._status(game)
        frames_until(app, lambda: game.session.frame > paused_at + 30, "the game going on")
        before = game.session.frame
        for _ in range(60):  # a second of the window: at most a second of the game (120 Hz)
            app.step_frame(FRAME)
        assert game.session.frame <= before + 120 + 1
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                             unicode="\r", scancode=0))
        app.step_frame(FRAME)
        rolls = [e for e in game.session.recorded if e.action == "roll"]
        assert len(rolls) == 1  # red (here) rolled at once, on the host's table
        followed = guest.peer
        frames_until(app, lambda: followed.session is not None
                     and any(e.action == "roll" for e in followed.session.recorded),
                     "the roll on the guest's table")
        assert [e for e in followed.session.recorded if e.action == "roll"] == rolls
        # The legend: this window plays red; blue is a person on another machine.
        assert player_rows(app) == ["Red (you)", "Blue (remote)"]
    finally:
        app.close()
        if guest is not None:
            guest.stop()


def player_rows(app: App) -> list[str]:
    """Each player's line in Stonewall's legend as drawn (the short form), up to the ')'."""
    from games.stonewall.panel import player_rows as rows_of

    assert app.game is not None
    rows = rows_of(app.game.view, app.renderer, 600, None)  # type: ignore[arg-type]
    return [" ".join(lines).split(")")[0] + ")" for _, lines in rows]


def test_the_joined_window_says_you_on_its_own_seat_only(tmp_path: Path) -> None:
    """Both Stonewall seats remote: this window takes red, a peer blue; the host (headless) has
    none. Here red is "you" and blue "remote" (both are people: human seats everywhere)."""
    from games.net.client import Peer

    host = make_host("stonewall", ["remote", "remote"], seed=3, options={}, frames=100_000)
    thread = HostThread(host)
    app = App(None, None, size=(960, 600), saves=tmp_path)
    other: PeerThread | None = None
    try:
        address = thread.listening()
        app.net = JoinLink(app, address, host.code, name="Ada")
        frames_until(app, lambda: host.slots[0].joined, "this window takes red")
        other = PeerThread(Peer(f"127.0.0.1:{host.port}", host.code, name="Bo", lead=30))
        frames_until(app, lambda: app.game is not None, "the host's game on the table")
        assert player_rows(app) == ["Red (you)", "Blue (remote)"]
    finally:
        app.close()
        if other is not None:
            other.stop()
        thread.stop()


def click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.step_frame(FRAME)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step_frame(FRAME)


def type_text(app: App, text: str) -> None:
    for letter in text:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(letter.lower()), mod=0,
                                             unicode=letter, scancode=0))
    app.step_frame(FRAME)


def test_the_menus_network_screen_hosts_the_chosen_game(tmp_path: Path) -> None:
    app = App(None, None, size=(960, 600), saves=tmp_path)
    try:
        app.menu.select("stonewall")
        button = app.menu.network_rect()
        assert button is not None
        click(app, button.center)
        screen = app.menu.network
        assert screen is not None and screen.seats == ["here", "remote"]
        click(app, screen.rects()["seat1"].center)  # Remote → Computer (→ Here → Remote)
        assert screen.seats == ["here", "computer"]
        click(app, screen.rects()["host"].center)  # no remote seat: said, nothing hosted
        assert "no remote seat" in screen.problem and app.net is None
        click(app, screen.rects()["seat1"].center)
        click(app, screen.rects()["seat1"].center)
        assert screen.seats == ["here", "remote"]
        click(app, screen.rects()["host"].center)
        assert app.menu.network is None and app.net is not None
        frames_until(app, lambda: app.game is not None, "the hosted game on the table")
        game = app.game
        assert game is not None and game.spec.id == "stonewall"
        line = app._status(game)
        assert "hosting on 127.0.0.1:" in line and "waiting for blue (remote) to join" in line
    finally:
        app.close()


def test_the_menus_network_screen_joins_with_a_typed_address_and_code(
    hosted: Callable[[Host], HostThread], tmp_path: Path
) -> None:
    host = make_host("freeplay", ["remote"], options={}, frames=100_000, code="Q7X")
    thread = hosted(host)
    thread.listening()
    app = App(None, None, size=(960, 600), saves=tmp_path)
    try:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0,
                                             unicode="n", scancode=0))
        app.step_frame(FRAME)
        screen = app.menu.network
        assert screen is not None
        click(app, screen.rects()["address"].center)
        type_text(app, str(host.port))
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0,
                                             unicode="\t", scancode=0))
        type_text(app, "Q7Y")  # a typo: refused by the host, said in the window
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                             unicode="\r", scancode=0))
        frames_until(app, lambda: app.error is not None, "the refusal")
        assert app.error == (f"127.0.0.1:{host.port} refused to let us join: wrong join code")
        assert app.game is None
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                             unicode="", scancode=0))
        app.step_frame(FRAME)
        app.menu.open_network()
        screen = app.menu.network
        assert screen is not None
        screen.fields["address"] = f"127.0.0.1:{host.port}"
        click(app, screen.rects()["code"].center)
        type_text(app, "Q7X")
        click(app, screen.rects()["join"].center)
        frames_until(app, lambda: app.game is not None, "the host's game on the table")
        assert app.session is not None and app.session.game_id == "freeplay"
    finally:
        app.close()


@pytest.mark.parametrize("size", [(480, 360), (960, 600), (1280, 800)])
def test_the_network_screen_fits_the_window_with_four_seats(size: tuple[int, int],
                                                             tmp_path: Path) -> None:
    app = App(None, None, size=size, saves=tmp_path)
    try:
        app.menu.select("stonewall")
        choice = app.menu.choice()
        assert choice is not None
        choice.count = 4
        app.menu.open_network()
        screen = app.menu.network
        assert screen is not None and len(screen.seats) == 4
        app.step_frame(FRAME)  # drawn without error
        rects = screen.rects()
        window = app.screen.get_rect()
        for name, rect in rects.items():
            assert window.contains(rect), (name, rect)
        for (a, rect_a), (b, rect_b) in itertools.combinations(rects.items(), 2):
            assert not rect_a.colliderect(rect_b), (a, b)
    finally:
        app.close()


def test_a_bad_board_from_the_host_is_one_line_in_the_joined_window(
    hosted: Callable[[Host], HostThread], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from games.net import host as host_module
    from games.net.snapshot import data_texts

    files = data_texts("stonewall")
    files["stonewall/board.toml"] = files["stonewall/board.toml"].replace("size = 9",
                                                                          "size = 99")
    monkeypatch.setattr(host_module, "data_texts", lambda game_id: files)
    host = make_host("stonewall", ["remote", "computer"], seed=3, options={}, frames=100_000)
    thread = hosted(host)
    address = thread.listening()
    app = App(None, None, size=(960, 600), saves=tmp_path)
    try:
        app.net = JoinLink(app, address, host.code)
        frames_until(app, lambda: app.error is not None, "the refusal")
        assert app.error == (f"the game from 127.0.0.1:{host.port}: the host's "
                             "stonewall/board.toml: size: 99 must be a whole number from 5 to 25")
        assert app.game is None  # nothing was opened
    finally:
        app.close()
