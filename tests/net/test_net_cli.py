"""``wobbletop host`` and ``wobbletop join`` as real processes on 127.0.0.1: each prints the
line ``wobbletop run`` prints; a wrong code is one line and exit 2; a host stopped mid-game
leaves saves that resume."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.waiting import Spawn, finish, wait_until

WOBBLETOP = [sys.executable, "-m", "games"]


def start_host(spawn: Spawn, tmp_path: Path, *args: str, assets: Path | None = None
               ) -> tuple[subprocess.Popen[str], str, Path]:
    """A headless host on a free port (reading its data files from ``assets`` if given); it,
    its address, and the file its stderr goes to."""
    err = tmp_path / "host.err"
    handle = err.open("w")
    env = {**os.environ, "WOBBLETOP_SAVES": str(tmp_path / "host-saves")}
    if assets is not None:
        env["WOBBLETOP_ASSETS"] = str(assets)
    host = spawn([*WOBBLETOP, "host", *args, "--headless", "--code", "K3Y"], stderr=handle,
                 env=env)
    handle.close()
    found: list[str] = []

    def listening() -> bool:
        found[:] = re.findall(r"on (127\.0\.0\.1:\d+), join code", err.read_text())
        return bool(found)

    wait_until(listening, "the host says its address", process=host)
    return host, found[0], err


def join(spawn: Spawn, address: str, *args: str, saves: Path | None = None,
         err: Path | None = None) -> subprocess.Popen[str]:
    env = {**os.environ, "WOBBLETOP_SAVES": str(saves)} if saves else None
    if err is None:
        return spawn([*WOBBLETOP, "join", address, *args], env=env)
    with err.open("w") as handle:
        return spawn([*WOBBLETOP, "join", address, *args], env=env, stderr=handle)


def run_line(*args: str, assets: Path | None = None) -> dict[str, object]:
    env = {**os.environ, "WOBBLETOP_ASSETS": str(assets)} if assets is not None else None
    done = subprocess.run([*WOBBLETOP, "run", *args], capture_output=True, text=True,
                          check=True, timeout=300, env=env)
    return dict(json.loads(done.stdout))


def test_four_processes_print_the_line_run_prints(spawn: Spawn, tmp_path: Path) -> None:
    host, address, _ = start_host(spawn, tmp_path, "stonewall", "--seed", "4", "--seats",
                                  "remote,computer,remote,remote")
    peers = [join(spawn, address, "K3Y", "--computer") for _ in range(3)]
    expected = run_line("stonewall", "--seed", "4", "--players", "4")
    for process in (host, *peers):
        out, err = finish(process, "the game's end")
        assert process.returncode == 0, err
        assert json.loads(out) == expected


def test_a_wrong_code_is_one_line_and_exit_2(spawn: Spawn, tmp_path: Path) -> None:
    host, address, _ = start_host(spawn, tmp_path, "malloppo", "--seed", "2")
    wrong = join(spawn, address, "NOPE", "--computer")
    out, err = finish(wrong, "the refusal")
    assert wrong.returncode == 2 and out == ""
    assert err == f"wobbletop: {address} refused to let us join: wrong join code\n"
    right = join(spawn, address, "K3Y", "--computer")  # the host still waits, unharmed
    expected = run_line("malloppo", "--seed", "2")
    for process in (host, right):
        out, err = finish(process, "the game's end")
        assert json.loads(out) == expected, err


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
def test_a_host_stopped_mid_game_leaves_saves_that_resume(
    spawn: Spawn, tmp_path: Path, stop: signal.Signals
) -> None:
    """SIGTERM: the host saves its game and so does the peer; SIGKILL: the peer's save."""
    host, address, host_err = start_host(spawn, tmp_path, "wallamoppi", "--seed", "1",
                                         "--seats", "remote,computer")
    peer_err = tmp_path / "peer.err"
    peer = join(spawn, address, "K3Y", "--computer", saves=tmp_path / "peer-saves", err=peer_err)
    wait_until(lambda: "playing wallamoppi" in peer_err.read_text(), "the game starts",
               process=peer)
    host.send_signal(stop)
    finish(host, "the host stopping")
    assert host.returncode == (128 + stop if stop == signal.SIGTERM else -stop)
    finish(peer, "the peer seeing the host go")
    err = peer_err.read_text()
    assert peer.returncode == 1
    assert re.search(r"wobbletop: the host left at frame \d+; saved the game to ", err), err
    saves = [*(tmp_path / "host-saves").glob("*.toml"), *(tmp_path / "peer-saves").glob("*.toml")]
    assert len(saves) == (2 if stop == signal.SIGTERM else 1), host_err.read_text() + err
    expected = run_line("wallamoppi", "--seed", "1", "--frames", "1200")
    for save in saves:
        assert run_line("--resume", str(save), "--frames", "1200") == expected
