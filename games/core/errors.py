"""The one exception every bad user input of a game derives from. Pure Python.

A game's own input errors (a bad board file, a bad option) subclass :class:`UserError`; the
``wobbletop`` command prints ``str(error)`` as one line and exits with code 2, no traceback, so
a new game's file errors need no line in the CLI.
"""

from __future__ import annotations

from datafiles.userfile import one_line


class UserError(ValueError):
    """A bad input the user gave (a file, a key, a value); ``str()`` is one line for them
    (control characters escaped, a very long message cut in the middle)."""

    def __init__(self, message: str = "") -> None:
        super().__init__(one_line(str(message)))
