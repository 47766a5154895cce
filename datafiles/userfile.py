"""Reading a TOML file a user hands us (config, scenario, board) without trusting it.

Pure Python, beside :mod:`datafiles.assets`: this is the one reader every user-editable TOML file
goes through (the physics config, scenario files, board files), so a rule engine reading its
board needs nothing from ``physics/``.

:func:`read_user_toml` refuses, with one line naming the file, anything that is not a regular
file of sane size *before* parsing it: a missing file, a folder, a FIFO or a device
(``/dev/zero`` would exhaust memory, a FIFO would hang), a file larger than the caller's limit,
text that is not UTF-8. After parsing it refuses what would later break a one-line error or a
program: tables or arrays nested deeper than :data:`MAX_DEPTH` (the TOML parser itself recurses
and would raise ``RecursionError``), integers of thousands of digits (``ValueError`` from
Python's digit limit), keys longer than :data:`MAX_KEY_CHARS` and strings longer than
:data:`MAX_STRING_CHARS`.

:func:`shown` quotes and shortens any value echoed in an error (a newline or an escape code in
a key or a path must not break the one line), and :func:`one_line` is the last safety net the
CLI puts round every message it prints.
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from datafiles.sha import sha256

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised only on 3.10
    import tomli as tomllib

MAX_CONFIG_BYTES = 1 << 20  # 1 MiB: the shipped physics.toml is 7 kB
MAX_SCENARIO_BYTES = 16 << 20  # a long recording with a drag every frame is a few MB
MAX_DEPTH = 24
MAX_KEY_CHARS = 200
MAX_STRING_CHARS = 64 * 1024
SHOWN_CHARS = 60  # an echoed value is cut to about this many characters


class UserFileError(ValueError):
    """A user file that cannot be read or parsed; ``str()`` is one line naming it."""


def shown(value: Any, limit: int = SHOWN_CHARS) -> str:
    """``repr(value)`` on one line, cut in the middle past ``limit`` characters.

    ``repr`` escapes newlines and control characters; huge values are cut *before* ``repr`` so a
    50 MB string costs nothing.
    """
    if isinstance(value, (str, bytes)) and len(value) > limit:
        half = limit // 2
        text = f"{value[:half]!r}…{value[-half:]!r} ({len(value):,} characters)"
        return text
    text = repr(value)
    if len(text) > limit + 2:
        half = limit // 2
        text = f"{text[:half]}…{text[-half:]}"
    return text


def shown_path(path: str | os.PathLike[str]) -> str:
    """A path as typed when it is plain, else quoted and shortened (newline, escape code...)."""
    text = os.fspath(path)
    if text.isprintable() and len(text) <= 200:
        return text
    return shown(text, 120)


def one_line(message: str, limit: int = 600) -> str:
    """``message`` with control characters escaped, cut in the middle past ``limit``."""
    text = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in message)
    if len(text) > limit:
        half = limit // 2
        text = f"{text[:half]}…{text[-half:]}"
    return text


def read_user_toml(
    path: Path,
    *,
    what: str = "config file",
    max_bytes: int = MAX_CONFIG_BYTES,
    content: bytes | None = None,
) -> dict[str, Any]:
    """Parse the TOML file at ``path`` or raise a one-line :class:`UserFileError`.

    ``what`` names the kind of file in messages ("config file", "scenario file", "board file").
    ``content`` is the file's bytes as already read (a watcher's :func:`snapshot`): they are
    parsed instead of reading the file again, which may have changed since.
    """
    name = shown_path(path)
    if content is None:
        text = _read_text(path, name, what, max_bytes)
    else:
        text = _decoded(content, name, what, max_bytes)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise UserFileError(f"{name}: not valid TOML: {error}") from None
    except RecursionError:
        raise UserFileError(
            f"{name}: nested too deeply; allowed: tables and arrays at most {MAX_DEPTH} deep"
        ) from None
    except ValueError as error:  # an integer past Python's digit limit
        problem = one_line(str(error), 120)
        raise UserFileError(f"{name}: not a usable TOML value: {problem}") from None
    _check_values(data, name, "", 0)
    return data


def open_regular_file(
    path: Path,
    name: str,
    *,
    what: str,
    allowed: str,
    max_bytes: int,
    too_big_hint: str = "",
    error: type[ValueError] = UserFileError,
) -> int:
    """A read-only descriptor of ``path``, after checking it is a regular file of at most
    ``max_bytes`` (a FIFO must not hang the reader, nor ``/dev/zero`` fill memory); each
    refusal is one ``error`` line naming ``name`` and what is ``allowed``."""
    try:
        # O_NONBLOCK: opening a FIFO for reading must not wait for a writer.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise error(f"{name}: no such {what}") from None
    except IsADirectoryError:
        raise error(f"{name}: is a folder; allowed: {allowed}") from None
    except OSError as problem:
        raise error(f"{name}: cannot read: {problem.strerror or problem}") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise error(f"{name}: is a folder; allowed: {allowed}")
        if not stat.S_ISREG(info.st_mode):
            raise error(
                f"{name}: is not a regular file (a pipe, device or socket); allowed: {allowed}"
            )
        if info.st_size > max_bytes:
            raise error(
                f"{name}: is {info.st_size:,} bytes; allowed: a {what} of at most "
                f"{max_bytes:,} bytes{too_big_hint}"
            )
    except BaseException:
        os.close(fd)
        raise
    return fd


def _read_text(path: Path, name: str, what: str, max_bytes: int) -> str:
    fd = open_regular_file(path, name, what=what, allowed="a TOML file", max_bytes=max_bytes)
    try:
        with os.fdopen(fd, "rb", closefd=True) as handle:
            fd = -1
            raw = handle.read(max_bytes + 1)
    except OSError as error:
        raise UserFileError(f"{name}: cannot read: {error.strerror or error}") from None
    finally:
        if fd >= 0:
            os.close(fd)
    return _decoded(raw, name, what, max_bytes)


def _decoded(raw: bytes, name: str, what: str, max_bytes: int) -> str:
    if len(raw) > max_bytes:  # grew while we read it
        raise UserFileError(f"{name}: allowed: a {what} of at most {max_bytes:,} bytes")
    try:
        return raw.decode("utf-8-sig")  # a BOM (some Windows editors) is fine
    except UnicodeDecodeError as error:
        raise UserFileError(f"{name}: cannot read: not UTF-8 text ({error.reason})") from None


@dataclass(frozen=True)
class Snapshot:
    """What was at a path at one moment: a digest of it, and the bytes of a regular file of
    sane size (None for anything else: missing, a folder, a FIFO, too big, unreadable)."""

    digest: str
    content: bytes | None = None
    mtime_ns: int = 0


def snapshot(path: Path, max_bytes: int = MAX_SCENARIO_BYTES) -> Snapshot:
    """Read what is at ``path`` now, once: never blocks or reads more than ``max_bytes``. The
    digest is the bytes' SHA-256 for a regular file, else says what is there instead: what a
    watcher compares to notice any change of content (same size, same modification time too)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        return Snapshot(f"unreadable:{error.errno}")
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > max_bytes:
            return Snapshot(f"odd:{info.st_mode}:{info.st_size}:{info.st_mtime_ns}")
        with os.fdopen(fd, "rb", closefd=True) as handle:
            fd = -1
            raw = handle.read(max_bytes + 1)
        return Snapshot(sha256(raw).hexdigest(), raw, info.st_mtime_ns)
    except OSError as error:
        return Snapshot(f"unreadable:{error.errno}")
    finally:
        if fd >= 0:
            os.close(fd)


def fingerprint(path: Path, max_bytes: int = MAX_SCENARIO_BYTES) -> str:
    """The digest of :func:`snapshot`: what is at ``path`` now, as a string to compare."""
    return snapshot(path, max_bytes).digest


def _check_values(value: Any, name: str, key: str, depth: int) -> None:
    where = key or "the file"
    if depth > MAX_DEPTH:
        raise UserFileError(
            f"{name}: {shown(where)}: nested too deeply; allowed: at most {MAX_DEPTH} levels"
        )
    if isinstance(value, Mapping):
        for child, item in value.items():
            if len(child) > MAX_KEY_CHARS:
                raise UserFileError(
                    f"{name}: key {shown(child)} is too long; allowed: at most "
                    f"{MAX_KEY_CHARS} characters"
                )
            _check_values(item, name, f"{key}.{child}" if key else child, depth + 1)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _check_values(item, name, f"{key}[{index}]", depth + 1)
    elif isinstance(value, str) and len(value) > MAX_STRING_CHARS:
        raise UserFileError(
            f"{name}: {shown(where)}: a string of {len(value):,} characters; allowed: at most "
            f"{MAX_STRING_CHARS:,}"
        )
