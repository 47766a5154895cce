"""Shared checks and builders of the bad-input corpus: exit 2, one line, no traceback, files
unchanged.

``refused(capsys, argv, *paths)`` runs the CLI's own :func:`games.cli.main` in-process (the
same code path as the ``wobbletop`` command, without a fresh interpreter per case, so hundreds
of cases run in seconds) and returns the one error line; :func:`refused_before_any_window`
does the same for ``wobbletop play`` and checks that no window opened.

The bad files themselves: :func:`assets_with` writes one data file of a game (a board, the
pieces file) into an assets folder of its own and points ``WOBBLETOP_ASSETS`` at it;
:func:`spoil` turns a path into a file that is not a good file (missing, a folder, a FIFO,
``/dev/zero``, huge, not UTF-8, empty), and :data:`BOARD_FILE_FAULTS` lists those of a board
file with what each is refused with. Saved states: :func:`setter` is an :data:`Edit` of the
saved JSON, :func:`refused_state` loads an edited copy and gives the refusal.
"""

from __future__ import annotations

import copy
import os
import shutil
import stat
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from games.cli import main
from tests.fake_app import fake_window

REPO_ASSETS = Path(__file__).resolve().parents[2] / "assets"

Edit = Callable[[dict[str, Any]], None]

# What a board file that is not a good file is refused with (its kind for :func:`spoil`, a
# fragment of the one line); the empty board's line is the game's own.
BOARD_FILE_FAULTS = [
    ("not_utf8", "not UTF-8"),
    ("missing", "no such board file"),
    ("folder", "is a folder"),
    ("fifo", "not a regular file"),
    ("huge", "bytes; allowed: a board file of at most"),
    ("symlink_to_dev_zero", "not a regular file"),
]


def snapshot(paths: Sequence[Path]) -> dict[Path, tuple[str, bytes | None]]:
    """What is on disk at each path: its kind and, for a regular file, its bytes."""
    seen: dict[Path, tuple[str, bytes | None]] = {}
    for path in paths:
        try:
            info = os.lstat(path)
        except FileNotFoundError:
            seen[path] = ("missing", None)
            continue
        if stat.S_ISREG(info.st_mode):
            seen[path] = ("file", path.read_bytes())
        elif stat.S_ISDIR(info.st_mode):
            seen[path] = ("dir", "\n".join(sorted(os.listdir(path))).encode())
        else:
            seen[path] = (f"mode {stat.S_IFMT(info.st_mode)}", None)
    return seen


def refused(capsys: pytest.CaptureFixture[str], argv: Sequence[str], *paths: Path) -> str:
    """Run ``wobbletop ARGV`` in-process; assert exit 2, one line, no traceback, files kept."""
    capsys.readouterr()
    before = snapshot(paths)
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in err, err
    lines = err.splitlines()
    assert code == 2, (code, err[:2000])
    assert len(lines) == 1, err[:2000]
    assert len(lines[0]) < 800, lines[0][:2000]
    assert lines[0].startswith("wobbletop: ")
    assert out == ""
    assert snapshot(paths) == before
    return lines[0]


def refused_before_any_window(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: Sequence[str],
    *paths: Path,
) -> str:
    """:func:`refused` for a ``wobbletop play`` command line, with no window opened (the window
    module stands in, :func:`tests.fake_app.fake_window`); returns the one error line."""
    opened = fake_window(monkeypatch)
    line = refused(capsys, argv, *paths)
    assert opened == []
    return line


def refused_in_one_line(parse: Callable[[Any], object], data: object, message: str) -> None:
    """``parse(data)`` (a game's ``action_from_json``, say) raises a :class:`ValueError` whose
    text matches ``message`` and is one line: an action is taken as written or refused."""
    with pytest.raises(ValueError, match=message) as caught:
        parse(data)
    assert "\n" not in str(caught.value)


def assets_with(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, file: str, text: str | bytes
) -> Path:
    """An assets folder under ``tmp_path`` holding the shipped ``physics.toml`` and ``text`` as
    its ``file`` (``"stonewall/board.toml"``, say), made the one the game reads
    (``WOBBLETOP_ASSETS``); returns the path of ``file``."""
    assets = tmp_path / "assets"
    written = assets / file
    written.parent.mkdir(parents=True)
    shutil.copy(REPO_ASSETS / "physics.toml", assets / "physics.toml")
    if isinstance(text, bytes):
        written.write_bytes(text)
    else:
        written.write_text(text, encoding="utf-8")
    monkeypatch.setenv("WOBBLETOP_ASSETS", str(assets))
    return written


def spoil(path: Path, kind: str, text: str = "", huge_bytes: int | None = None) -> None:
    """Make ``path`` (a file or nothing yet) a file of the named ``kind`` that is not a good
    file: ``empty``; ``not_utf8`` (``text`` in UTF-16); ``missing``; ``folder`` (or
    ``folder_named_toml``); ``fifo``; ``dev_zero`` (or ``symlink_to_dev_zero``: a link to
    ``/dev/zero``); ``huge``: ``text`` and 300,000 ``#`` after it, or, given ``huge_bytes``,
    ``text`` padded (sparse, no disk used) to that many bytes."""
    path.unlink(missing_ok=True)
    if kind == "empty":
        path.write_text("", encoding="utf-8")
    elif kind == "not_utf8":
        path.write_bytes(text.encode("utf-16"))
    elif kind in ("folder", "folder_named_toml"):
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind in ("dev_zero", "symlink_to_dev_zero"):
        path.symlink_to("/dev/zero")
    elif kind == "huge" and huge_bytes is None:
        path.write_text(text + "#" * 300_000 + "\n", encoding="utf-8")
    elif kind == "huge":
        with path.open("w", encoding="utf-8") as handle:
            handle.write(text)
            handle.truncate(huge_bytes)
    elif kind != "missing":
        raise ValueError(f"no such kind of bad file: {kind!r}")


def setter(key: str, value: Any) -> Edit:
    """An edit of saved JSON data: its ``key`` set to ``value``."""

    def edit(data: dict[str, Any]) -> None:
        data[key] = value

    return edit


def refused_state(
    load: Callable[[Any], object], error: type[Exception], base: dict[str, Any], edit: Edit
) -> Exception:
    """Load a copy of ``base`` changed by ``edit``: ``load`` raises ``error`` and leaves the
    data it was given unchanged; returns the error."""
    data = copy.deepcopy(base)
    edit(data)
    kept = copy.deepcopy(data)
    with pytest.raises(error) as caught:
        load(data)
    assert data == kept  # the caller's data is not changed
    return caught.value
