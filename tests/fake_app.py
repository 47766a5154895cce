"""A stand-in for the window in command-line tests: the command runs, no window opens.

``fake_window`` replaces ``games.ui.app`` with a module whose ``run_app`` only notes what it was
asked to open, so a test can check that a bad flag stopped the command before any window.
"""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest


def fake_window(monkeypatch: pytest.MonkeyPatch) -> list[tuple[object, ...]]:
    """Stand in for ``games.ui.app`` and note every window the command would open."""
    opened: list[tuple[object, ...]] = []
    module = types.ModuleType("games.ui.app")

    def run_app(
        game: str | None, config: Path | None, *, seed: int | None, record: str | None,
        **_: object,
    ) -> int:
        opened.append((game, seed, record))
        return 0

    module.run_app = run_app  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "games.ui.app", module)
    return opened
