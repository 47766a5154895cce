"""No display: ``wobbletop play`` says so in one line and exits 1 instead of running unseen.

SDL falls back to its invisible "offscreen" driver when there is no X or Wayland screen, so
the window would run forever with nobody to see it. Each run has a timeout: it cannot hang.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent
NO_DISPLAY_VARS = ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "WOBBLETOP_CONFIG")
TIMEOUT_SECONDS = 120


def environment(extra: dict[str, str]) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in NO_DISPLAY_VARS}
    env["PYTHONPATH"] = str(REPO_ROOT)
    return {**env, **extra}


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X/Wayland environment")
@pytest.mark.parametrize("display", [None, ":977"], ids=["no-DISPLAY", "DISPLAY-unreachable"])
def test_play_without_a_display_is_one_line_and_exit_1(display: str | None) -> None:
    extra = {"DISPLAY": display} if display else {}
    done = subprocess.run(
        [sys.executable, "-m", "games", "play", "freeplay"],
        cwd=REPO_ROOT,
        env=environment(extra),
        capture_output=True,
        text=True,
        timeout=TIMEOUT_SECONDS,
        check=False,
    )
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("wobbletop: ")
    assert "wobbletop run GAME" in last and "--headless" not in last
    if display is None:
        assert done.stderr.strip() == (
            "wobbletop: no display found (DISPLAY is not set); "
            "games without a window: wobbletop run GAME"
        )
