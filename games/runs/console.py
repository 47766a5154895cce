"""The command's stderr outlives the terminal: a closed terminal window must not end a game's
way out with an error.

When the terminal a command runs in is closed, the kernel sends SIGHUP and every later write to
the terminal fails (``EIO``). The window's way out prints a line per file it keeps ("recorded
... to ...", "saved ... to ...", "stopped by SIGHUP"); a failing print there would raise out of
the code that keeps the next file, and the exit code would be 1 instead of 129.
:func:`lasting_stderr` wraps ``sys.stderr`` so that a write that fails drops the text and every
later one (there is no one left to read it), instead of raising. Installed by
:func:`games.cli.command` for the whole process; stdout is left as it is (``wobbletop run | head``
stops on its broken pipe as it should).
"""

from __future__ import annotations

import sys
from typing import Any, TextIO


class LastingStream:
    """A text stream that stops writing, silently, after its first failed write or flush."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        self.gone = False

    def write(self, text: str) -> int:
        if not self.gone:
            try:
                self._stream.write(text)
            except (OSError, ValueError):  # EIO, EPIPE; ValueError: the stream was closed
                self.gone = True
        return len(text)

    def flush(self) -> None:
        if not self.gone:
            try:
                self._stream.flush()
            except (OSError, ValueError):
                self.gone = True

    def __getattr__(self, name: str) -> Any:  # fileno, isatty, encoding... as the stream's
        return getattr(self._stream, name)


def lasting_stderr() -> None:
    """Make ``sys.stderr`` a :class:`LastingStream` (once)."""
    if not isinstance(sys.stderr, LastingStream) and sys.stderr is not None:
        sys.stderr = LastingStream(sys.stderr)
