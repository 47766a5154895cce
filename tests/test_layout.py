"""The house's plan holds: the parts of ``games/`` import one way, and no modules import each other.

The arrows (``games/__init__.py`` and docs/code-map.md say the same): ``datafiles`` ← ``physics``
← ``games.core`` ← the two kits (``games.turnkit``, ``games.physicskit``) ← ``games.runs`` ←
``games.net`` ← ``games.ui`` ← the six games ← the CLI (``games.cli``). A module may import its
own part and any part to its left, nothing to its right, and never a part beside it (the two
kits, two games). Imports are read from the source as written: at the top, inside functions,
and under ``TYPE_CHECKING`` too (a type that points the wrong way is a dependency all the
same). A game is reached from below only through the registry, by its name.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from games.core import registry

REPO_ROOT = Path(__file__).resolve().parent.parent
GAME_FOLDERS = sorted(module.rpartition(".")[2] for module in registry.GAMES.values())
# part -> its place in the order; equal places are parts beside each other
RANKS: dict[str, int] = {
    "datafiles": 0,
    "physics": 1,
    "games": 2,  # games/__init__.py: the plan in its docstring and the version, nothing imported
    "games.core": 3,
    "games.turnkit": 4,
    "games.physicskit": 4,
    "games.runs": 5,
    "games.net": 6,
    "games.ui": 7,
    **{f"games.{game}": 8 for game in GAME_FOLDERS},
    "games.cli": 9,  # the CLI entry: games/cli.py and games/__main__.py
}
ROOT_ENTRIES = {"__init__.py", "__main__.py", "cli.py", "core", "turnkit", "physicskit", "runs",
                "net", "ui", *GAME_FOLDERS}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO_ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {
    module_name(path): path
    for top in ("datafiles", "physics", "games")
    for path in sorted((REPO_ROOT / top).rglob("*.py"))
    if "__pycache__" not in path.parts
}


def _nodes(tree: ast.AST, typing: bool) -> list[ast.AST]:
    """Every node of ``tree``, leaving out ``if TYPE_CHECKING:`` blocks unless ``typing``."""
    found: list[ast.AST] = []
    for child in ast.iter_child_nodes(tree):
        test = getattr(child, "test", None)
        if not typing and isinstance(child, ast.If) and isinstance(test, ast.Name) and (
            test.id == "TYPE_CHECKING"
        ):
            for other in child.orelse:
                found.extend([other, *_nodes(other, typing)])
            continue
        found.extend([child, *_nodes(child, typing)])
    return found


def imported(path: Path, typing: bool = True) -> set[str]:
    """The project's modules ``path`` imports, wherever in the file the import stands (under
    ``TYPE_CHECKING`` too unless ``typing`` is False)."""
    found: set[str] = set()
    for node in _nodes(ast.parse(path.read_text(encoding="utf-8"), str(path)), typing):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in MODULES)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                if full in MODULES:
                    found.add(full)
                elif node.module in MODULES:
                    found.add(node.module)
    return found


IMPORTS = {name: imported(path) for name, path in MODULES.items()}
RUNTIME_IMPORTS = {name: imported(path, typing=False) for name, path in MODULES.items()}


def part_of(module: str) -> str:
    """The longest part name that ``module`` is, or is inside."""
    if module == "games.__main__":
        return "games.cli"
    candidates = [part for part in RANKS if module == part or module.startswith(part + ".")]
    assert candidates, f"{module}: in no part of the plan (tests/test_layout.py RANKS)"
    return max(candidates, key=len)


def test_the_root_of_games_holds_only_the_parts_the_games_and_the_cli() -> None:
    entries = {path.name for path in (REPO_ROOT / "games").iterdir() if path.name != "__pycache__"}
    assert entries == ROOT_ENTRIES


@pytest.mark.parametrize("part", [part for part in RANKS if "." in part and part != "games.cli"])
def test_each_part_says_what_it_is_for(part: str) -> None:
    docstring = ast.get_docstring(ast.parse(MODULES[part].read_text(encoding="utf-8"))) or ""
    assert len(docstring) > 80, f"{part}/__init__.py: a docstring saying what the part is for"
    if part.rpartition(".")[2] not in GAME_FOLDERS:
        assert "May import" in docstring, f"{part}/__init__.py: say what it may import"


def test_the_arrows_between_the_parts_point_one_way() -> None:
    wrong = []
    for module, targets in IMPORTS.items():
        here = part_of(module)
        for target in sorted(targets):
            there = part_of(target)
            if there != here and RANKS[there] >= RANKS[here]:
                wrong.append(f"{module} ({here}) imports {target} ({there})")
    assert wrong == []


def test_the_ground_floor_stands_on_nothing_above_it() -> None:
    for module, targets in IMPORTS.items():
        if module.startswith("physics"):
            assert all(t.startswith(("physics", "datafiles")) for t in targets), module
        if module.startswith("datafiles"):
            assert all(t.startswith("datafiles") for t in targets), module


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of two or more modules (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in graph.get(node, ()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def test_no_modules_import_each_other_not_even_for_their_types() -> None:
    """A bot typed with its session, a panel typed with its view, a saved-state reader typed
    with the rules' State while the rules import the reader: a two-way dependency all the same.
    Each helper names what it reads in a small Protocol of its own instead."""
    assert _cycles(IMPORTS) == []


def test_no_modules_import_each_other_at_run_time() -> None:
    # What ../shared/tools/import-cycles reads (TYPE_CHECKING blocks left out); implied by the
    # test above, kept so a failure says which kind of cycle it is.
    assert _cycles(RUNTIME_IMPORTS) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_code_map_names_every_module() -> None:
    """docs/code-map.md, a line per module: a new module gets its line there."""
    code_map = (REPO_ROOT / "docs" / "code-map.md").read_text(encoding="utf-8")
    files = [path.relative_to(REPO_ROOT).as_posix() for path in MODULES.values()]
    missing = [name for name in files if not name.endswith("__init__.py")
               and f"`{name}`" not in code_map]
    assert missing == []
