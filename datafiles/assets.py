"""Where the shipped data lives: the default config, board maps and scenario files.

Pure Python: rule engines find their board files here without importing ``physics``, and the
physics config finds its defaults here too.

Looked for in this order:

0. a folder given to :func:`assets_from` while inside it (a joined network game is built from
   the host's board files and physics config, kept in a temporary folder). Only the thread (or
   asyncio task) inside sees it: a host and its peers may share one process (the network
   tests run them in threads), and a peer's folder must never become another's, nor outlive
   its removal for one;
1. ``WOBBLETOP_ASSETS`` (a test or a user that ships its own maps);
2. the repository's ``assets/`` folder next to the code (a checkout or an editable install:
   recognised by the ``pyproject.toml`` beside it, so a stray ``assets`` folder in
   site-packages is never taken for ours);
3. the installed package ``wobbletop_assets`` (a wheel ships ``assets/`` under that name).

The shipped sweeps (``sweeps/*.toml``) and scenario folders (``scenarios/GAME/``) can be named
on the command line from any folder: :func:`bare_name` says whether an argument is a name to
look up here rather than a path, and :func:`shipped_sweeps` / :func:`shipped_scenario_folders`
list what there is.

Boards are frozen values, so each rule engine reads its board file once per path
(:func:`read_once`) and parses a saved state's board once per distinct content
(:func:`parse_once`: a fuzzer or an undo log loads the same board thousands of times). A bad
file is not remembered: it is read (and refused) again next time.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any, TypeVar, cast

T = TypeVar("T")

ASSETS_PACKAGE = "wobbletop_assets"
_CODE_ROOT = Path(__file__).resolve().parent.parent


# The folders of :func:`assets_from`, innermost last: per thread and asyncio task (a context
# variable), not one list for the process (two peers' loads in two threads popped each other's
# folder, and one then read the other's, removed: a joined window dropped at a game's start).
_FROM: ContextVar[tuple[Path, ...]] = ContextVar("wobbletop_assets_from", default=())


@contextmanager
def assets_from(folder: Path) -> Iterator[None]:
    """Read the data files from ``folder`` while inside (one synchronous build of a game: the
    boards and the config it reads are then kept in its state, not read again); in this
    thread (and asyncio task) only."""
    token = _FROM.set((*_FROM.get(), folder))
    try:
        yield
    finally:
        _FROM.reset(token)


def assets_dir() -> Path:
    """The folder holding the default config, board maps and scenario files."""
    inside = _FROM.get()
    if inside:
        return inside[-1]
    override = os.environ.get("WOBBLETOP_ASSETS")
    if override:
        return Path(override)
    repository = _CODE_ROOT / "assets"
    if (_CODE_ROOT / "pyproject.toml").is_file() and repository.is_dir():
        return repository
    return installed_assets() or repository


def installed_assets() -> Path | None:
    """The folder of the installed ``wobbletop_assets`` package, if there is one on disk."""
    from importlib import resources  # ≈ 3 ms (tempfile, shutil, random): only when installed

    try:
        folder = resources.files(ASSETS_PACKAGE)
    except ModuleNotFoundError:
        return None
    path = Path(str(folder))
    return path if path.is_dir() else None


def bare_name(text: str) -> bool:
    """Whether a command-line argument is a name (``smoke``), not a path: no folder separator
    and no ``.toml`` ending (``smoke.toml`` and ``./smoke`` are paths)."""
    separators = [sep for sep in (os.sep, os.altsep, "/") if sep]
    return (
        bool(text.strip())
        and text not in (".", "..")
        and not any(sep in text for sep in separators)
        and not text.lower().endswith(".toml")
    )


def shipped_sweeps() -> list[str]:
    """The names of the shipped sweep files (``sweeps/NAME.toml``), sorted."""
    folder = assets_dir() / "sweeps"
    return sorted(path.stem for path in folder.glob("*.toml") if path.is_file())


def shipped_scenario_folders() -> list[str]:
    """The names of the shipped scenario folders (``scenarios/NAME/``, one per game), sorted."""
    folder = assets_dir() / "scenarios"
    if not folder.is_dir():
        return []
    return sorted(
        path.name for path in folder.iterdir() if path.is_dir() and any(path.rglob("*.toml"))
    )


def default_config_path() -> Path:
    """The default physics config, ``physics.toml`` in the assets folder."""
    return assets_dir() / "physics.toml"


_READ: dict[tuple[Callable[[Path], Any], Path], Any] = {}
_PARSED: dict[tuple[Callable[[Any, str], Any], str], Any] = {}
_KEPT = 16  # distinct files or contents remembered per kind; then the memory starts afresh
_NONE = object()  # nothing remembered for a key


def read_once(load: Callable[[Path], T], path: Path) -> T:
    """``load(path)``, read from disk only the first time for this loader and path."""
    return _once(_READ, (load, path), lambda: load(path))


def parse_once(parse: Callable[[Any, str], T], data: Any, where: str) -> T:
    """``parse(data, where)``, parsed only the first time for equal ``data`` (JSON content)."""
    try:
        key = (parse, json.dumps(data, sort_keys=True, allow_nan=False))
    except (TypeError, ValueError):  # not plain JSON: parse refuses it (or takes it) each time
        return parse(data, where)
    return _once(_PARSED, key, lambda: parse(data, where))


def _once(memory: dict[Any, Any], key: Any, make: Callable[[], T]) -> T:
    """``memory[key]``, made by ``make`` and kept the first time (a full memory starts
    afresh). One look, and the value made is returned itself, not looked up again: another
    thread (the network tests' peers) may clear the memory meanwhile."""
    kept = memory.get(key, _NONE)
    if kept is not _NONE:
        return cast(T, kept)
    value = make()
    if len(memory) >= _KEPT:
        memory.clear()
    memory[key] = value
    return value
