"""The results file of ``wobbletop sweep``: checked before the first game, appended row by row.

:class:`ResultsFile` is the CSV file ``--out`` names. Before any game runs it checks that the
path can take results (:meth:`ResultsFile.done`), and every refusal is one line, exit code 2,
with nothing written:

* what is there must be nothing yet, an empty file, or a regular file: a folder, a FIFO (opening
  it to append would wait for a reader for ever), a device or a socket is refused;
* a file that already holds bytes needs ``--resume``, and is then read as one of ours before a
  byte of it changes: UTF-8 text whose first line is exactly this sweep's header and whose every
  complete line is a row of this sweep (as many cells as the header, the sweep's game, a known
  status). Anything else (another program's CSV, a text file without a final newline, UTF-16,
  the results of another sweep) is refused and left exactly as it was: ``--resume`` never
  changes a byte of a file it did not write.

Only then, in a file that is ours, is a last line left half written by an interrupted sweep cut
off, and the rows ``--resume`` runs again dropped (the kept lines are written to a file beside
it, byte for byte, which is renamed over the old one, so no moment loses a kept row).

Writing: each row is appended and flushed at once. A write that fails (a full disk, a quota, a
disk that went away) ends the sweep with one line saying so, where the finished games are, and
that ``--resume`` runs the rest; never a traceback.
"""

from __future__ import annotations

import contextlib
import csv
import errno
import io
import os
import stat
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from datafiles.userfile import shown_path

OK = "ok"
CONFIG_ERROR = "config error"  # written by older versions (a point with a bad config)
GAME_ERROR = "game error"
WORKER_DIED = "worker died"
STATUSES = (OK, CONFIG_ERROR, GAME_ERROR, WORKER_DIED)
RETRIED_ON_RESUME = (GAME_ERROR, WORKER_DIED)
ALLOWED_OUT = "allowed: a new file, or --resume with the results file this sweep wrote"


class ResultsError(ValueError):
    """A results file that cannot be used or written; ``str()`` is one line for the user."""


def csv_line(cells: Sequence[str]) -> str:
    """One row as the results file holds it (the stdlib ``csv`` dialect, ``\\n`` ended)."""
    text = io.StringIO()
    csv.writer(text, lineterminator="\n").writerow(cells)
    return text.getvalue()


def open_for_append(path: Path) -> IO[str]:
    """The results file opened to append text (a seam: tests hand in ``/dev/full`` here)."""
    return open(path, "a", encoding="utf-8", newline="")


class ResultsFile:
    """A CSV file that rows are appended to and flushed one at a time."""

    def __init__(self, path: Path, header: list[str], key_columns: list[str], game: str) -> None:
        self.path = path
        self.name = shown_path(path)
        self.header = header
        self.key_columns = key_columns
        self.game = game
        self._file: IO[str] | None = None
        self._writer: Any = None
        self._fresh = True
        self._retried = 0  # failed rows that --resume runs again (dropped when the file opens)
        self._partial = False  # a half-written last line to cut (our own file only)
        self.written = 0  # rows written by this run

    # -- before the first game ------------------------------------------------------------

    def done(self, resume: bool, *, look_only: bool = False) -> set[tuple[str, ...]]:
        """Check ``--out`` can be used; return the keys of the games already in it (``--resume``).

        Nothing is written here: a sweep that cannot start leaves no file behind and changes no
        byte of one. ``look_only`` (``--dry-run``) also leaves a half-written last line alone.
        """
        self._fresh = self._check_path()
        if self._fresh:
            return set()
        if not resume:
            raise ResultsError(
                f"--out {self.name}: already holds results; allowed: --resume to run only "
                "the missing games, or a new file"
            )
        done = self._read_done()
        if self._partial and not look_only:
            self._cut_partial_line()
        return done

    def _check_path(self) -> bool:
        """True if there is nothing at the path yet (or an empty regular file)."""
        try:
            info = os.stat(self.path)
        except FileNotFoundError:
            folder = self.path.parent
            if not folder.is_dir():
                raise ResultsError(
                    f"--out {self.name}: folder {shown_path(folder)} does not exist"
                ) from None
            if not os.access(folder, os.W_OK | os.X_OK):
                raise ResultsError(
                    f"--out {self.name}: cannot write in folder {shown_path(folder)}; allowed: "
                    "a results file in a folder you may write to"
                ) from None
            return True
        except NotADirectoryError:
            raise ResultsError(
                f"--out {self.name}: a part of the path is a file, not a folder"
            ) from None
        except OSError as error:
            raise ResultsError(f"--out {self.name}: cannot use: {_reason(error)}") from None
        if stat.S_ISDIR(info.st_mode):
            raise ResultsError(f"--out {self.name}: is a folder; allowed: a results file (.csv)")
        if not stat.S_ISREG(info.st_mode):
            raise ResultsError(
                f"--out {self.name}: is not a regular file (a pipe, device or socket); "
                "allowed: a results file (.csv)"
            )
        if not os.access(self.path, os.R_OK | os.W_OK):
            raise ResultsError(f"--out {self.name}: cannot read and write it; {ALLOWED_OUT}")
        return info.st_size == 0

    def _not_ours(self, why: str) -> ResultsError:
        return ResultsError(
            f"--out {self.name}: {why}; --resume changes nothing in a file it did not write; "
            f"{ALLOWED_OUT}"
        )

    def _lines(self) -> Iterator[tuple[int, str, bool]]:
        """``(line number, text, complete)`` for each line of the file, checked to be text."""
        try:
            with open(self.path, "rb") as file:
                for number, raw in enumerate(file, start=1):
                    complete = raw.endswith(b"\n")
                    if b"\0" in raw or b"\r" in raw:
                        raise self._not_ours(f"line {number}: not a line of a results file")
                    try:
                        text = raw.decode("utf-8")
                    except UnicodeDecodeError:
                        raise self._not_ours(
                            f"line {number}: not UTF-8 text (a results file is UTF-8)"
                        ) from None
                    yield number, text, complete
        except OSError as error:
            raise ResultsError(f"--out {self.name}: cannot read: {_reason(error)}") from None

    def _read_done(self) -> set[tuple[str, ...]]:
        expected = csv_line(self.header)
        places = [self.header.index(name) for name in self.key_columns]
        status = self.header.index("status")
        done: set[tuple[str, ...]] = set()
        seen_header = False
        for number, text, complete in self._lines():
            if not seen_header:
                if text != expected:
                    raise self._not_ours(self._header_problem(text, complete))
                seen_header = True
                continue
            if not complete:  # the last line, cut off by an interrupted sweep
                self._partial = True
                break
            row = next(csv.reader([text]), [])
            if len(row) != len(self.header) or row[0] != self.game or row[status] not in STATUSES:
                raise self._not_ours(f"line {number}: not a row of this sweep")
            if row[status] in RETRIED_ON_RESUME:
                self._retried += 1
            else:
                done.add(tuple(row[i] for i in places))
        if not seen_header:
            raise self._not_ours("no header line")
        return done

    def _header_problem(self, text: str, complete: bool) -> str:
        if not complete:
            return "one line without a final newline, not this sweep's header"
        columns = next(csv.reader([text]), [])
        if columns[:3] == self.header[:3] and "status" in columns:
            return "its columns are not this sweep's (another sweep wrote it)"
        return "its first line is not this sweep's header (not a results file of this sweep)"

    def _cut_partial_line(self) -> None:
        """Cut a last line left half written by an interrupted sweep (our own file only)."""
        try:
            with open(self.path, "rb+") as file:
                data = file.read()
                if data and not data.endswith(b"\n"):
                    file.truncate(data.rfind(b"\n") + 1)
        except OSError as error:
            raise ResultsError(f"--out {self.name}: cannot write: {_reason(error)}") from None

    # -- writing --------------------------------------------------------------------------

    def open(self) -> None:
        """Open for appending (writing the header first into a new file)."""
        try:
            if self._retried:
                self._drop_retried_rows()
            self._file = open_for_append(self.path)
            self._writer = csv.writer(self._file, lineterminator="\n")
            if self._fresh:
                self._writer.writerow(self.header)
                self._file.flush()
        except OSError as error:
            self.abandon()
            raise self._write_failed(error) from None

    def _drop_retried_rows(self) -> None:
        status = self.header.index("status")
        fresh = self.path.with_name(f".{self.path.name}.resume")
        try:
            with open(self.path, encoding="utf-8", newline="") as old, open(
                fresh, "w", encoding="utf-8", newline=""
            ) as new:
                for number, line in enumerate(old):
                    row = next(csv.reader([line]), [])
                    if number == 0 or row[status] not in RETRIED_ON_RESUME:
                        new.write(line)
            os.replace(fresh, self.path)
        except OSError:
            fresh.unlink(missing_ok=True)
            raise

    @property
    def retried(self) -> int:
        """How many failed rows ``--resume`` found and runs again."""
        return self._retried

    def key(self, row: Mapping[str, str]) -> tuple[str, ...]:
        return tuple(row.get(name, "") for name in self.key_columns)

    def write(self, row: Mapping[str, str]) -> None:
        assert self._file is not None
        try:
            self._writer.writerow([row.get(name, "") for name in self.header])
            self._file.flush()
        except OSError as error:
            self.abandon()
            raise self._write_failed(error) from None
        self.written += 1

    def _write_failed(self, error: OSError) -> ResultsError:
        reason = _reason(error)
        if error.errno in (errno.ENOSPC, errno.EDQUOT):
            reason = f"the disk is full ({reason})"
        kept = (
            f"the {self.written} games that finished before are in it; --resume runs the rest"
            if self.written
            else "--resume runs the games once there is room"
        )
        return ResultsError(f"--out {self.name}: cannot write: {reason}; {kept}")

    def close(self) -> None:
        """Close after a run; a last write that fails is one line (:class:`ResultsError`)."""
        if self._file is None:
            return
        try:
            self._file.close()
        except OSError as error:
            self.abandon()
            raise self._write_failed(error) from None
        self._file = None

    def abandon(self) -> None:
        """Close without writing what is left in the buffer (after a failed write)."""
        file, self._file = self._file, None
        if file is None:
            return
        with contextlib.suppress(OSError):
            os.close(file.fileno())
        with contextlib.suppress(OSError, ValueError):
            file.close()


def _reason(error: OSError) -> str:
    return error.strerror or type(error).__name__
