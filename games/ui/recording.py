"""``wobbletop play --record F``: every game played in the window kept as a scenario file.

:class:`Recorder` is the app's one place for recordings. A game's recording is written when the
game is left, whatever ends it: back to the menu (Esc), F5, a new game, closing the window,
Ctrl+C (once or twice), SIGTERM, SIGHUP, the terminal closed (:meth:`games.ui.app.App.leave_game`
calls :meth:`Recorder.save` inside :func:`games.runs.interrupts.deferred`, so a signal that comes
while a game is being left waits until its recording and its save are written). ``--record F``
names the first game's file; the next ones get the next free ``F-2``, ``F-3``...; a file (or
symlink) already there is never replaced, and the same game saved twice keeps its one file.
The file holds the config the game *started* with (the file on disk is not read again) and, as
goldens, the digest and result at the moment it was left: ``wobbletop regress F`` replays it
to the same digest (``tests/bad_inputs/test_recording_endings.py`` checks every game through
every ending, in real processes).
"""

from __future__ import annotations

import sys
import weakref
from pathlib import Path

from games.core.protocol import Session


class Recorder:
    """The recordings of one app: ``record`` is ``--record``'s path (None: nothing is kept)."""

    def __init__(self, record: Path | None, config_path: Path | None) -> None:
        self.record = record
        self.config_path = config_path  # only named in the description; never read again
        self._paths: weakref.WeakKeyDictionary[Session, Path] = weakref.WeakKeyDictionary()
        self._written: set[Path] = set()  # every file this run chose: never another game's

    def path_of(self, session: Session) -> Path | None:
        """The file ``session``'s game is (or will be) recorded to, once it has one."""
        return self._paths.get(session)

    def save(self, session: Session) -> Path | None:
        """Write ``session``'s recording to its own file; the path, or None (not recording, or
        one line on stderr saying why it could not be written)."""
        if self.record is None:
            return None
        from games.runs.scenario import numbered_path, signals_deferred, write_recording

        path = self._paths.get(session)
        if path is None:
            path = numbered_path(self.record, self._written)
            self._paths[session] = path
            self._written.add(path)
        try:
            with signals_deferred():  # Ctrl-C, SIGTERM, SIGHUP wait until it is saved
                write_recording(path, session, self.config_path)
        except Exception as error:
            print(f"wobbletop: could not save the recording {path}: {error}", file=sys.stderr)
            return None
        print(f"wobbletop: recorded {session.game_id} to {path}", file=sys.stderr)
        return path
