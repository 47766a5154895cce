"""The one exception every bad user input of a game derives from. Pure Python.

A game's own input errors (a bad board file, a bad option) subclass :class:`UserError`; the
``wobbletop`` command prints ``str(error)`` as one line and exits with code 2, no traceback, so
a new game's file errors need no line in the CLI. :func:`load_game_file` reads a game's own
data file (a board) so that every way it can be bad is one of those errors.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from datafiles.userfile import UserFileError, one_line, read_user_toml, shown_path

T = TypeVar("T")


class UserError(ValueError):
    """A bad input the user gave (a file, a key, a value); ``str()`` is one line for them
    (control characters escaped, a very long message cut in the middle)."""

    def __init__(self, message: str = "") -> None:
        super().__init__(one_line(str(message)))


def load_game_file(path: Path, what: str, max_bytes: int, error: type[UserError],
                   parse: Callable[[dict[str, Any], str], T]) -> T:
    """The TOML file at ``path`` (a ``what``, e.g. "board file") parsed by ``parse(data, the
    file's name as shown)``, which raises its own one-line error for a bad key. Anything that
    is not a regular file of at most ``max_bytes``, or not TOML (a FIFO, a device, a huge file,
    TOML nested thousands deep), is refused before parsing as one ``error`` naming the file
    (:func:`datafiles.userfile.read_user_toml`)."""
    try:
        data = read_user_toml(path, what=what, max_bytes=max_bytes)
    except UserFileError as problem:
        raise error(str(problem)) from None
    return parse(data, shown_path(path))
