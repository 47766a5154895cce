"""Shared checks of the bad-input corpus: exit 2, one line, no traceback, files unchanged.

``refused(capsys, argv, *paths)`` runs the CLI's own :func:`games.cli.main` in-process (the
same code path as the ``wobbletop`` command, without a fresh interpreter per case, so hundreds
of cases run in seconds) and returns the one error line.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from games.cli import main


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


def refused_in_one_line(parse: Callable[[Any], object], data: object, message: str) -> None:
    """``parse(data)`` (a game's ``action_from_json``, say) raises a :class:`ValueError` whose
    text matches ``message`` and is one line: an action is taken as written or refused."""
    with pytest.raises(ValueError, match=message) as caught:
        parse(data)
    assert "\n" not in str(caught.value)
