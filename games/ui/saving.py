"""Keeping the window's games: Ctrl+S, and an autosave of an unfinished game on every ending.

:class:`Keeper` is the app's one place for save files (the format is :mod:`games.runs.saves`).
Ctrl+S saves the game in front of the player and says so in the status bar, naming the file. When a
game is left by any of the ways ``--record`` keeps a recording (back to the menu, F5, a new
game, closing the window, Ctrl+C, SIGTERM, SIGHUP: :meth:`games.ui.app.App.leave_game` calls
:meth:`Keeper.autosave`), an unfinished game is saved too. Not saved: a finished game (there is
nothing to resume) and a game nobody has done anything in since it started or was resumed (no
input and no turn since: leaving a game you only looked at adds nothing to the list).

Every game gets its own file, named after it and the local time it was first saved
(``stonewall-2026-12-01-2130.toml``; ``-2``, ``-3``... if taken, never replacing a file).
Saving the same game again (Ctrl+S twice, Ctrl+S then Esc) updates that game's own file and
never another's; a game resumed from a save gets a file of its own on its first save, so the
save it came from stays as it was. Free play's undo (a new session, the same game) keeps the
game's file (:meth:`Keeper.follow`).

A folder that cannot be written is one line (in the window and on stderr) and the game goes on.
"""

from __future__ import annotations

import sys
import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from games.core.protocol import Session

if TYPE_CHECKING:  # pragma: no cover
    from games.ui.shell import GameRun, Shell

SAVED_NOTICE_SECONDS = 4.0


@dataclass
class _Kept:
    """What the keeper knows of one game: its file, and where it stood when it (re)started."""

    path: Path | None = None
    inputs: int = 0  # len(session.recorded) at the start or the resume
    turns: int = 0


class Keeper:
    """The saves of one app: where they go, each game's file, Ctrl+S and the autosave."""

    def __init__(self, app: Shell, folder: Path) -> None:
        self.app = app
        self.folder = folder
        self._kept: weakref.WeakKeyDictionary[Session, _Kept] = weakref.WeakKeyDictionary()
        self._written: set[Path] = set()  # every file this run wrote: never another game's

    def started(self, session: Session) -> None:
        """A game starts (fresh or resumed): what it holds now is not worth an autosave."""
        self._kept[session] = _Kept(inputs=len(session.recorded), turns=_turns(session))

    def follow(self, old: Session, new: Session) -> None:
        """``new`` goes on with ``old``'s game (Free play's undo): same file, same start."""
        kept = self._kept.get(old)
        if kept is not None:
            self._kept[new] = kept

    def path_of(self, session: Session) -> Path | None:
        """The file ``session``'s game was saved to, if it has been."""
        kept = self._kept.get(session)
        return kept.path if kept else None

    # -- saving ---------------------------------------------------------------------------

    def save_now(self, game: GameRun) -> Path | None:
        """Ctrl+S: save the game in front of the player, with a notice naming the file."""
        session = game.session
        if game.replay:
            self.app.notify(
                "A replay is not saved: Play from here makes it a game of your own",
                kind="refused",
            )
            return None
        if session.outcome is not None:
            self.app.notify(
                "This game is over: nothing to save (F5 plays again)", kind="refused"
            )
            return None
        path = self._write(session)
        if path is not None:
            self.app.notify(f"Saved to {path.name}", kind="info", seconds=SAVED_NOTICE_SECONDS)
        return path

    def autosave(self, game: GameRun) -> Path | None:
        """On leaving ``game``: save it if it is unfinished and something happened in it."""
        session = game.session
        if session.outcome is not None or not self._changed(session):
            return None
        path = self._write(session)
        if path is not None:
            self.app.notify(
                f"Kept your unfinished game: {path.name} (Resume)",
                kind="info",
                seconds=SAVED_NOTICE_SECONDS,
            )
        return path

    def _changed(self, session: Session) -> bool:
        kept = self._kept.get(session) or _Kept()
        return len(session.recorded) != kept.inputs or _turns(session) != kept.turns

    def _write(self, session: Session) -> Path | None:
        """Write ``session``'s save to its own file (a new numbered one the first time);
        the path, or None after one line saying why it could not be written."""
        from games.runs.saves import save_name, write_save
        from games.runs.scenario import numbered_path, signals_deferred

        kept = self._kept.setdefault(session, _Kept())
        path = kept.path
        if path is None:
            path = numbered_path(self.folder / save_name(session.game_id), self._written)
        try:
            with signals_deferred():  # Ctrl-C, SIGTERM, SIGHUP wait until it is written
                write_save(
                    path, session, self.app.config_path, how=f"wobbletop play {session.game_id}"
                )
        except Exception as error:  # a full disk, a read-only folder: the game goes on
            reason = error.strerror if isinstance(error, OSError) and error.strerror else error
            message = f"could not save the game in {self.folder}: {reason}"
            print(f"wobbletop: {message}", file=sys.stderr)
            self.app.notify(message[0].upper() + message[1:], kind="error", seconds=6.0)
            return None
        kept.path = path
        self._written.add(path)
        print(f"wobbletop: saved {session.game_id} to {path}", file=sys.stderr)
        return path


def _turns(session: Session) -> int:
    """Turns played so far (0 for a game without turns, such as Free play)."""
    try:
        turns = session.result().get("turns", 0)
    except Exception:  # a summary must never stop a save
        return 0
    return turns if isinstance(turns, int) else 0
