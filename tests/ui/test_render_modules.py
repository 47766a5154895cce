"""The renderer's modules point one way: canvas <- world_render <- render, and no cycle.

games/ui/canvas.py (palette, camera, caches) imports neither of the others;
games/ui/world_render.py (the physics world's painting) never imports games.ui.render, not
even inside a function; and every name views import from games.ui.render is still there.
"""

from __future__ import annotations

import ast
from pathlib import Path

import games.ui.render as render

UI = Path(render.__file__).parent


def _imported_modules(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def test_canvas_imports_neither_renderer_module() -> None:
    imported = _imported_modules(UI / "canvas.py")
    assert "games.ui.render" not in imported
    assert "games.ui.world_render" not in imported


def test_world_painting_never_imports_the_renderer() -> None:
    assert "games.ui.render" not in _imported_modules(UI / "world_render.py")


def test_every_re_exported_name_is_importable_from_render() -> None:
    missing = [name for name in render.__all__ if not hasattr(render, name)]
    assert missing == []
    for name in ("Camera", "WorldRect", "TABLE_EDGE", "FLOOR", "shade", "mix", "piece_colour"):
        assert name in render.__all__


def test_renderer_world_methods_draw_through_its_painter() -> None:
    renderer = render.Renderer()
    assert renderer.world._cache is renderer._cache  # one cache: kept layers, shadows, panels
