"""Ctrl-C, SIGTERM and SIGHUP while a command runs: unwind at a safe point, exit with the code
shells expect.

The ``wobbletop`` command (:mod:`games.cli`) installs :func:`interrupts_at_safe_points` around
its work. The first signal raises :class:`KeyboardInterrupt` (Ctrl-C) or :class:`Terminated`
(SIGTERM, SIGHUP) in the main thread, so a window's ``finally`` saves its recording and its
autosave on the way out; later signals are ignored while that happens. A signal arriving where
an exception must not be raised (inside a pymunk callback, an import, or the window's own game
work marked with :func:`game_work`) is retried a moment later. Inside :func:`deferred` (writing
a recording or a save, leaving a game) a signal is kept and acted on when the block ends: this
holds whichever thread the OS hands the signal to (the window has SDL's threads beside the main
one, so blocking the signal in the main thread alone does not keep it out). Used by the command
line and by the window (``games.ui.app``), which is why it is a module of its own: neither
imports the other through it.
"""

from __future__ import annotations

import _thread
import contextlib
import os
import signal
import threading
from collections.abc import Callable, Iterator
from types import CodeType, FrameType
from typing import Any, TypeVar

# Frames where a KeyboardInterrupt must not be raised: cffi prints and drops an exception raised
# inside a pymunk callback (the run would go on), and an interrupted import is left half done
# (and a KeyboardInterrupt raised in code cffi runs at import time makes Python kill itself
# with SIGINT at exit instead of returning our exit code).
_PYMUNK_CALLBACKS = os.path.join("pymunk", "_callbacks.py")
_IMPORT_MACHINERY = "importlib._bootstrap"  # also matches importlib._bootstrap_external
_RETRY_SECONDS = 0.01
_stopping = False  # set by the first Ctrl-C / SIGTERM / SIGHUP; later ones are ignored
_deferring = 0  # how many :func:`deferred` blocks the main thread is in
_pending: int | None = None  # a signal that came inside one, acted on when the last one ends
ENDING_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)
)


# Code a signal must not cut either: the window's game work (see :func:`game_work`).
_GAME_WORK: set[CodeType] = set()
_F = TypeVar("_F", bound=Callable[..., Any])


def game_work(function: _F) -> _F:
    """Mark ``function`` as work on the game in front of the player (a frame's ticks, an input
    handled): a Ctrl-C, SIGTERM or SIGHUP that comes inside it waits until it returns, as in a
    pymunk callback. A signal that cut a tick in two would leave a game no replay reaches (its
    world stepped, its frame not counted), and the save kept on the way out could not be
    resumed."""
    _GAME_WORK.add(function.__code__)
    return function


def _at_unsafe_point(frame: FrameType | None) -> bool:
    while frame is not None:
        code = frame.f_code
        filename = code.co_filename
        if filename.endswith(_PYMUNK_CALLBACKS) or _IMPORT_MACHINERY in filename:
            return True
        if code in _GAME_WORK:
            return True
        frame = frame.f_back
    return False


class Terminated(KeyboardInterrupt):
    """SIGTERM or SIGHUP: unwinds like Ctrl-C (a recording is saved on the way out)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _on_interrupt(signum: int, frame: FrameType | None) -> None:
    """Ctrl-C: raise KeyboardInterrupt, or a moment later if Python is in a callback or import.

    SIGTERM and SIGHUP (a closed terminal) raise :class:`Terminated` the same way, so the
    window's ``finally`` saves the recording and the exit code is 128 + the signal.
    """
    global _pending
    if _stopping:
        return  # already on the way out (saving a recording): a second Ctrl-C cannot cut it
    if _deferring:
        if _pending is None:
            _pending = signum  # a second one while deferred is the same request
        return
    if _at_unsafe_point(frame):
        timer = threading.Timer(_RETRY_SECONDS, _retry, (signum,))
        timer.daemon = True  # the process's exit never waits for a retry
        timer.start()
        return
    _stop(signum)


def _stop(signum: int) -> None:
    """Act on ``signum``: the command unwinds (later signals are ignored)."""
    global _stopping
    _stopping = True
    if signum != signal.SIGINT:
        raise Terminated(signum)
    raise KeyboardInterrupt


def _retry(signum: int) -> None:
    """Deliver ``signum`` again (from a timer thread), unless the command has ended meanwhile
    (its handler is gone: the default one would raise where nothing catches it)."""
    if signal.getsignal(signum) is not _on_interrupt:
        return
    if signum == signal.SIGINT:
        _thread.interrupt_main()
    else:
        signal.raise_signal(signum)


@contextlib.contextmanager
def deferred() -> Iterator[None]:
    """Ctrl-C, SIGTERM and SIGHUP that come inside the block (a second one too) wait until it
    ends; then the first of them is acted on as if it came at that moment. For work that must
    not be cut (writing a file, leaving a game with its recording and its save). Blocks nest;
    in another thread than the main one (where no signal handler runs) it changes nothing."""
    global _deferring, _pending
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _deferring += 1
    try:
        yield
    finally:
        _deferring -= 1
        if _deferring == 0 and _pending is not None:
            signum, _pending = _pending, None
            if signal.getsignal(signum) is _on_interrupt and not _stopping:
                # At once, even inside game work: what the block protected is done, and a
                # retry could come after the command has ended (a quit right after Esc).
                _stop(signum)


@contextlib.contextmanager
def interrupts_at_safe_points() -> Iterator[None]:
    """Use :func:`_on_interrupt` for SIGINT while the command runs (main thread, not ignored)."""
    global _stopping, _pending
    _stopping, _pending = False, None
    main_thread = threading.current_thread() is threading.main_thread()
    installed = main_thread and signal.getsignal(signal.SIGINT) is signal.default_int_handler
    if installed:
        signal.signal(signal.SIGINT, _on_interrupt)
    ending = [
        signum
        for signum in ENDING_SIGNALS
        if main_thread and signal.getsignal(signum) == signal.SIG_DFL
    ]
    for signum in ending:
        signal.signal(signum, _on_interrupt)
    try:
        yield
    finally:
        if installed:
            signal.signal(signal.SIGINT, signal.default_int_handler)
        for signum in ending:
            signal.signal(signum, signal.SIG_DFL)


def ignore_signals_from_now_on() -> None:
    """The process is ending after a signal: a further Ctrl-C (or SIGTERM, SIGHUP) while the
    interpreter shuts down must not print a traceback (the default handler would raise
    KeyboardInterrupt in threading's shutdown). Only for a process that is about to exit."""
    for signum in (signal.SIGINT, *ENDING_SIGNALS):
        with contextlib.suppress(ValueError, OSError):  # not the main thread: nothing to do
            signal.signal(signum, signal.SIG_IGN)
