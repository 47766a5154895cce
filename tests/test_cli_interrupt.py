"""Ctrl-C: the command ends with one line, exit code 130, and no worker left running.

Each test runs the command in its own process group (as a shell runs a job) and sends SIGINT
to the whole group, the way a terminal's Ctrl-C reaches the command and its workers. The
signal is sent only once the command is where the test means to catch it, never by a guess
of time: a headless run or regress once pymunk's library is mapped into the process (and its
workers'), the window once the game is on the table and the app has run a frame of its loop
(the child says so: see :data:`WINDOW`). Every wait is bounded (``tests.waiting``) and the
``spawn`` fixture kills the whole group after each test, so nothing can hang or be left over.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Mapping
from pathlib import Path

import pytest

from tests.waiting import Spawn, finish, wait_until

REPO_ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")

EXIT_INTERRUPTED = 130

LONG_FREEPLAY = """\
game = "freeplay"
description = "an hour of simulated time: runs until interrupted"
frames = 432000
stop_at_outcome = false
"""

# ``python -m games ARGS`` for the window, with one observation added: once the app has run a
# frame of its loop with the game on the table (from then on a signal leaves through the loop's
# ``finally``, which saves the recording), the file named by the first argument is created.
# Nothing else changes: the rest of the command line is the command's own, run by
# ``games.cli.command()`` as ``python -m games`` runs it.
WINDOW = """\
import os, sys
from games.ui.app import App

ready = sys.argv.pop(1)
step_frame = App.step_frame


def announcing_step_frame(self, seconds=None):
    running = step_frame(self, seconds)
    if self.game is not None and not os.path.exists(ready):
        os.close(os.open(ready, os.O_CREAT | os.O_WRONLY, 0o644))
    return running


App.step_frame = announcing_step_frame
from games.cli import command

raise SystemExit(command())
"""


def environment(extra: Mapping[str, str] | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "WOBBLETOP_CONFIG"}
    env["PYTHONPATH"] = str(REPO_ROOT)
    env.update(extra or {})
    return env


def start(spawn: Spawn, *args: str, env: Mapping[str, str]) -> subprocess.Popen[str]:
    """``python -m games ARGS`` in its own process group (``python -c WINDOW READY ARGS`` for
    the window: ``args`` then start with it)."""
    return spawn(
        [sys.executable, *args] if args[0] == "-c" else [sys.executable, "-m", "games", *args],
        env=env,
        # A job started in the background by a non-interactive shell (as CI may run us)
        # inherits SIGINT ignored, and Python then leaves Ctrl-C ignored too. A terminal's
        # foreground job has the default disposition: give the command that.
        preexec_fn=_default_sigint,
    )


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def play_freeplay(spawn: Spawn, tmp_path: Path) -> tuple[subprocess.Popen[str], Path]:
    """``play freeplay --record``, returned once the game is on the table and the app in its
    loop; and the recording's path."""
    record, ready = tmp_path / "played.toml", tmp_path / "ready"
    env = environment({"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    process = start(spawn, "-c", WINDOW, str(ready), "play", "freeplay", "--seed", "4",
                    "--record", str(record), env=env)
    wait_until(ready.exists, "the window's game loop running", process=process)
    return process, record


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


def send(process: subprocess.Popen[str], signum: int) -> tuple[str, str]:
    """Send ``signum`` to the command's process group; its stdout and stderr once it ended."""
    os.killpg(process.pid, signum)
    return finish(process, f"the command stopping on {signal.Signals(signum).name}")


def assert_interrupted(process: subprocess.Popen[str], stderr: str) -> None:
    assert process.returncode == EXIT_INTERRUPTED, stderr
    assert "Traceback" not in stderr
    assert stderr.strip().splitlines()[-1] == "wobbletop: interrupted"


def test_ctrl_c_stops_a_headless_run_with_one_line_and_exit_130(spawn: Spawn) -> None:
    process = start(spawn, "run", "wallamoppi", "--headless", env=environment())
    wait_until(lambda: has_pymunk(process.pid), "pymunk loaded", process=process)
    stdout, stderr = send(process, signal.SIGINT)
    assert_interrupted(process, stderr)
    assert stderr.strip() == "wobbletop: interrupted"
    assert stdout == ""  # no half result


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_stops_regress_and_its_workers(spawn: Spawn, tmp_path: Path, jobs: str) -> None:
    for name in ("a.toml", "b.toml"):
        (tmp_path / name).write_text(LONG_FREEPLAY, encoding="utf-8")
    process = start(spawn, "regress", str(tmp_path), "-j", jobs, env=environment())
    if jobs == "1":
        wait_until(lambda: has_pymunk(process.pid), "pymunk loaded", process=process)
        workers: list[int] = []
    else:
        wait_until(
            lambda: len([c for c in children(process.pid) if has_pymunk(c)]) == 2,
            "two workers with pymunk loaded",
            process=process,
        )
        workers = children(process.pid)
    _, stderr = send(process, signal.SIGINT)
    assert_interrupted(process, stderr)
    assert stderr.strip() == "wobbletop: interrupted"  # workers print nothing either
    assert not [pid for pid in workers if is_running(pid)]


def test_ctrl_c_in_the_window_saves_the_recording_and_exits_130(
    spawn: Spawn, tmp_path: Path
) -> None:
    process, record = play_freeplay(spawn, tmp_path)
    _, stderr = send(process, signal.SIGINT)
    assert_interrupted(process, stderr)
    assert f"recorded freeplay to {record}" in stderr
    assert 'game = "freeplay"' in record.read_text(encoding="utf-8")


@pytest.mark.parametrize(("signum", "code"), [(signal.SIGHUP, 129), (signal.SIGTERM, 143)])
def test_sighup_and_sigterm_save_the_recording(
    spawn: Spawn, tmp_path: Path, signum: int, code: int
) -> None:
    process, record = play_freeplay(spawn, tmp_path)
    _, stderr = send(process, signum)
    assert process.returncode == code, stderr
    assert "Traceback" not in stderr
    name = signal.Signals(signum).name
    assert stderr.strip().splitlines()[-1] == f"wobbletop: stopped by {name}"
    assert f"recorded freeplay to {record}" in stderr
    assert 'game = "freeplay"' in record.read_text(encoding="utf-8")
    assert not list(tmp_path.glob(".*.tmp"))


def test_two_ctrl_c_in_quick_succession_still_save_the_recording(
    spawn: Spawn, tmp_path: Path
) -> None:
    process, record = play_freeplay(spawn, tmp_path)
    os.killpg(process.pid, signal.SIGINT)
    # The second Ctrl-C comes while the first is being handled (a double tap), 5 ms
    # later: this gap is what the test is about, not a wait for anything.
    time.sleep(0.005)
    _, stderr = send(process, signal.SIGINT)
    assert process.returncode == EXIT_INTERRUPTED, stderr
    assert "Traceback" not in stderr
    assert 'game = "freeplay"' in record.read_text(encoding="utf-8")
