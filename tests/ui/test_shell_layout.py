"""The window's modules import one way: only the app imports the menu, the screens and the panels.

They are typed with what they ask of the window (games/ui/shell.py: ``Shell``; a game's view:
``games.ui.view.Window``), so none of them imports ``games.ui.app`` back, not even under
``TYPE_CHECKING`` (tests/test_layout.py checks that no modules import each other; this, that
the app stays the top of the window).
"""

from __future__ import annotations

from tests.test_layout import IMPORTS


def test_only_the_command_line_entries_import_the_app() -> None:
    importers = sorted(module for module, targets in IMPORTS.items() if "games.ui.app" in targets)
    assert importers == ["games.cli", "games.ui.net_window"]


def test_no_game_view_imports_the_app() -> None:
    views = [module for module in IMPORTS if module.endswith(".view") and module != "games.ui.view"]
    assert len(views) == 6  # the six games' windows
    assert [view for view in views if "games.ui.app" in IMPORTS[view]] == []
