"""Ctrl-C: the command ends with one line, exit code 130, and no worker left running.

Each test runs ``python -m games`` in its own process group (as a shell runs a job) and sends
SIGINT to the whole group, the way a terminal's Ctrl-C reaches the command and its workers.
The signal is sent only once the command is inside its game loop (pymunk's library is mapped
into the process), never during start-up. Every wait has a timeout, so nothing can hang.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")

WAIT_SECONDS = 120.0
EXIT_INTERRUPTED = 130

LONG_FREEPLAY = """\
game = "freeplay"
description = "an hour of simulated time: runs until interrupted"
frames = 432000
stop_at_outcome = false
"""


def environment(extra: Mapping[str, str] | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "WOBBLETOP_CONFIG"}
    env["PYTHONPATH"] = str(REPO_ROOT)
    env.update(extra or {})
    return env


def start(*args: str, env: Mapping[str, str]) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "games", *args],
        cwd=REPO_ROOT,
        env=dict(env),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        # A job started in the background by a non-interactive shell (as CI may run us)
        # inherits SIGINT ignored, and Python then leaves Ctrl-C ignored too. A terminal's
        # foreground job has the default disposition: give the command that.
        preexec_fn=_default_sigint,
    )


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def wait_until(condition: Callable[[], bool], process: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + WAIT_SECONDS
    while not condition():
        if process.poll() is not None:
            pytest.fail(f"the command ended early: {process.communicate()}")
        if time.monotonic() > deadline:
            os.killpg(process.pid, signal.SIGKILL)
            pytest.fail("the command never reached its game loop")
        time.sleep(0.05)


def has_pymunk(pid: int) -> bool:
    try:
        return "_chipmunk" in Path(f"/proc/{pid}/maps").read_text()
    except OSError:
        return False


def children(pid: int) -> list[int]:
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found += [int(child) for child in (task / "children").read_text().split()]
        except OSError:
            continue
    return found


def is_running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")


def interrupt(process: subprocess.Popen[str]) -> tuple[str, str]:
    os.killpg(process.pid, signal.SIGINT)
    try:
        return process.communicate(timeout=WAIT_SECONDS)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        pytest.fail("the command did not stop on Ctrl-C")


def assert_interrupted(process: subprocess.Popen[str], stderr: str) -> None:
    assert process.returncode == EXIT_INTERRUPTED, stderr
    assert "Traceback" not in stderr
    assert stderr.strip().splitlines()[-1] == "wobbletop: interrupted"


def test_ctrl_c_stops_a_headless_run_with_one_line_and_exit_130() -> None:
    process = start("run", "wallamoppi", "--headless", env=environment())
    wait_until(lambda: has_pymunk(process.pid), process)
    stdout, stderr = interrupt(process)
    assert_interrupted(process, stderr)
    assert stderr.strip() == "wobbletop: interrupted"
    assert stdout == ""  # no half result


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_stops_regress_and_its_workers(tmp_path: Path, jobs: str) -> None:
    for name in ("a.toml", "b.toml"):
        (tmp_path / name).write_text(LONG_FREEPLAY, encoding="utf-8")
    process = start("regress", str(tmp_path), "-j", jobs, env=environment())
    if jobs == "1":
        wait_until(lambda: has_pymunk(process.pid), process)
        workers: list[int] = []
    else:
        wait_until(lambda: len([c for c in children(process.pid) if has_pymunk(c)]) == 2, process)
        workers = children(process.pid)
    _, stderr = interrupt(process)
    assert_interrupted(process, stderr)
    assert stderr.strip() == "wobbletop: interrupted"  # workers print nothing either
    assert not [pid for pid in workers if is_running(pid)]


def test_ctrl_c_in_the_window_saves_the_recording_and_exits_130(tmp_path: Path) -> None:
    record = tmp_path / "played.toml"
    env = environment({"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    process = start("play", "freeplay", "--seed", "4", "--record", str(record), env=env)
    wait_until(lambda: has_pymunk(process.pid), process)
    time.sleep(2.0)  # let the app finish building the table and enter its loop
    _, stderr = interrupt(process)
    assert_interrupted(process, stderr)
    assert f"recorded freeplay to {record}" in stderr
    assert 'game = "freeplay"' in record.read_text(encoding="utf-8")


@pytest.mark.parametrize(("signum", "code"), [(signal.SIGHUP, 129), (signal.SIGTERM, 143)])
def test_sighup_and_sigterm_save_the_recording(tmp_path: Path, signum: int, code: int) -> None:
    record = tmp_path / "played.toml"
    env = environment({"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    process = start("play", "freeplay", "--seed", "4", "--record", str(record), env=env)
    wait_until(lambda: has_pymunk(process.pid), process)
    time.sleep(2.0)
    os.killpg(process.pid, signum)
    try:
        _, stderr = process.communicate(timeout=WAIT_SECONDS)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        pytest.fail("the command did not stop")
    assert process.returncode == code, stderr
    assert "Traceback" not in stderr
    name = signal.Signals(signum).name
    assert stderr.strip().splitlines()[-1] == f"wobbletop: stopped by {name}"
    assert f"recorded freeplay to {record}" in stderr
    assert 'game = "freeplay"' in record.read_text(encoding="utf-8")
    assert not list(tmp_path.glob(".*.tmp"))


def test_two_ctrl_c_in_quick_succession_still_save_the_recording(tmp_path: Path) -> None:
    record = tmp_path / "played.toml"
    env = environment({"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    process = start("play", "freeplay", "--seed", "4", "--record", str(record), env=env)
    wait_until(lambda: has_pymunk(process.pid), process)
    time.sleep(2.0)
    os.killpg(process.pid, signal.SIGINT)
    time.sleep(0.005)
    os.killpg(process.pid, signal.SIGINT)
    try:
        _, stderr = process.communicate(timeout=WAIT_SECONDS)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        pytest.fail("the command did not stop")
    assert process.returncode == EXIT_INTERRUPTED, stderr
    assert "Traceback" not in stderr
    assert 'game = "freeplay"' in record.read_text(encoding="utf-8")
