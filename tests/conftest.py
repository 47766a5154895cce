"""Shared test fixtures: the repository root and a runner for the ``wobbletop`` command.

``run_wobbletop(*args, env=...)`` runs ``python -m games ARGS`` in a fresh process from the
repository root (so it sees the working tree, installed or not) and returns the completed
process with text stdout/stderr. ``WOBBLETOP_CONFIG`` is cleared unless ``env`` sets it.
``WOBBLETOP_HOME`` (the player's settings and saves) is a fresh temporary folder in every test
(the ``user_home`` fixture), so no test touches the real home's files.

``started`` stands in for the window's ``run_app`` and lists what each ``wobbletop play`` would
open the window with (the game and the keyword arguments), so a test reads what reached the
window without opening one.

``spawn(argv, env=...)`` starts a process that runs alongside the test (``subprocess.Popen``,
text pipes, its own session and process group, as a shell runs a job); after the test, passed
or failed, the process and its whole group are killed and reaped. Wait for what it does with
``tests.waiting.wait_until``, never a fixed sleep.

Hypothesis runs with no deadline and without the "too slow" health check: a busy machine
makes any example slow, and a test that fails for that says nothing about the code.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from tests.waiting import Spawn, stop_group

REPO_ROOT = Path(__file__).resolve().parent.parent

RunWobbletop = Callable[..., subprocess.CompletedProcess[str]]

settings.register_profile(
    "wobbletop", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("wobbletop")


@pytest.fixture
def repo_root() -> Path:
    return REPO_ROOT


def _run_wobbletop(
    *args: str, env: Mapping[str, str] | None = None, timeout: float = 300
) -> subprocess.CompletedProcess[str]:
    full_env = {k: v for k, v in os.environ.items() if k != "WOBBLETOP_CONFIG"}
    full_env["PYTHONPATH"] = os.pathsep.join(
        [str(REPO_ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]
    )
    full_env.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "games", *args],
        cwd=REPO_ROOT,
        env=full_env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """What ``play`` would open the window with (the window itself is not opened)."""
    calls: list[dict[str, Any]] = []

    def fake_run_app(game: str | None, config_path: Any, **kwargs: Any) -> int:
        calls.append({"game": game, **kwargs})
        return 0

    import games.ui.app

    monkeypatch.setattr(games.ui.app, "run_app", fake_run_app)
    return calls


@pytest.fixture
def run_wobbletop() -> RunWobbletop:
    """Run ``python -m games ARGS`` in a fresh process; see the module docstring."""
    return _run_wobbletop


@pytest.fixture(autouse=True)
def _no_user_config(monkeypatch: pytest.MonkeyPatch) -> None:
    """No test sees the developer's own ``WOBBLETOP_CONFIG``."""
    monkeypatch.delenv("WOBBLETOP_CONFIG", raising=False)


@pytest.fixture(autouse=True)
def user_home(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every test's player folders (settings, saves: ``games.core.userdirs``) are a fresh temporary
    folder of its own, also for the ``wobbletop`` processes it starts: no test reads or writes
    the real home's."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("WOBBLETOP_HOME", str(home))
    seen_every_tutorial(home)
    return home


def seen_every_tutorial(home: Path) -> None:
    """The player in ``home`` has had every game's guided first turn offered, so a test's game
    starts where the test means it to (the tutorial's own tests delete this file first)."""
    from games.ui.tutorial_steps import STEPS

    folder = home / "config"
    folder.mkdir(parents=True, exist_ok=True)
    seen = ", ".join(f'"{game}"' for game in STEPS)
    (folder / "settings.toml").write_text(f"[tutorial]\nseen = [{seen}]\n", encoding="utf-8")


@pytest.fixture
def spawn() -> Iterator[Spawn]:
    """Start processes (see the module docstring); each is killed with its group afterwards."""
    started: list[subprocess.Popen[str]] = []

    def start(argv: Sequence[str], *, env: Mapping[str, str] | None = None,
              **popen: Any) -> subprocess.Popen[str]:
        process = subprocess.Popen(
            list(argv),
            cwd=popen.pop("cwd", REPO_ROOT),
            env=None if env is None else dict(env),
            stdout=popen.pop("stdout", subprocess.PIPE),  # a test may give a terminal's
            stderr=popen.pop("stderr", subprocess.PIPE),
            text=True,
            start_new_session=True,
            **popen,
        )
        started.append(process)
        return process

    yield start
    for process in started:
        stop_group(process)
