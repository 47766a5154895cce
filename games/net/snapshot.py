"""A game in flight as the save text a joining (or resynchronising) peer loads, with the host's
data files.

Joining is loading a save (:mod:`games.runs.saves`): the host writes the save of its session as it
stands (the seed, the config it started with, the seats, the options and every input so far,
with the digest and the game's own state at that frame), the peer checks it with the save
loader (:func:`games.runs.saves.load_save`: the format, the data files' hashes, the schema) and
replays it to the saved frame, which must reach the saved digest. So a peer never takes a state
from the network: it rebuilds the game from its history and checks it.

The data files go with it (:func:`data_texts`): the game's board files (``assets/<game>/*.toml``)
and the physics config the save's ``[config]`` differs from (``physics.toml``), so a joiner
whose own files differ plays the host's game, not its own. The joiner takes exactly the names
its own install reads for that game (no other file, none missing), each at most
:data:`MAX_DATA_FILE_BYTES`, writes them to a temporary folder only, and reads them there with
the readers a user's file goes through (:func:`datafiles.userfile.read_user_toml`, the game's own
board validator via ``spec.check_files``, :func:`physics.config.load_config`) while the game is
built (:func:`datafiles.assets.assets_from`). A bad one refuses the welcome with one line naming
the file. A save the joiner keeps is written with the host's files' hashes (the game it holds
was played on them).
"""

from __future__ import annotations

import contextlib
import re
import tempfile
from collections.abc import Iterator, Mapping
from pathlib import Path

from datafiles.assets import assets_dir, assets_from
from games.core import registry
from games.core.errors import UserError
from games.core.protocol import Session
from games.runs.saves import SaveError, data_files, dump_scenario, load_save, resume, save_of
from physics.config import load_config

CONFIG_FILE = "physics.toml"
MAX_DATA_FILE_BYTES = 256 * 1024  # as a board file may be (each game's MAX_BOARD_BYTES)
MAX_DATA_FILES = 8
_NAME = re.compile(r"^(physics|[a-z]+/[a-z_]+)\.toml$")


def data_file_names(game_id: str) -> list[str]:
    """The data files a game is built from: its board files and the physics config."""
    return [*data_files(game_id), CONFIG_FILE]


def data_texts(game_id: str) -> dict[str, str]:
    """The host's data files of ``game_id`` by name, as text (what a welcome carries)."""
    folder = assets_dir()
    return {
        name: (folder / name).read_text(encoding="utf-8") for name in data_file_names(game_id)
    }


def save_text(session: Session, how: str, files: Mapping[str, str] | None = None) -> str:
    """The save of ``session`` now, as TOML text (what :func:`games.runs.saves.write_save` writes);
    ``files``: the data files it was played on when they are not this machine's."""
    with _files_folder(files or {}, "") as folder:
        if folder is None:
            return dump_scenario(save_of(session, None, how=how))
        with assets_from(folder):
            return dump_scenario(save_of(session, None, how=how))


def session_from_save(text: str, source: str, files: Mapping[str, str] | None = None
                      ) -> Session:
    """The game in ``text`` rebuilt to its saved frame and checked against its digest, on the
    data files ``files`` (the host's; none: this machine's). A bad save or file is a one-line
    :class:`games.runs.saves.SaveError` naming ``source`` (the host's address)."""
    with tempfile.TemporaryDirectory(prefix="wobbletop-net-") as temporary:
        path = Path(temporary) / "from-host.toml"
        path.write_text(text, encoding="utf-8")
        shown = f"the game from {source}"
        try:
            if not files:
                return resume(load_save(path), path)
            with _files_folder(files, source) as folder:
                assert folder is not None
                with assets_from(folder):
                    _check_files(files)
                    scenario = load_save(path)
                _check_names(files, scenario.game, source)
                with assets_from(folder):
                    return resume(scenario, path)
        except SaveError as error:
            raise SaveError(str(error).replace(str(path), shown)) from None


@contextlib.contextmanager
def _files_folder(files: Mapping[str, str], source: str) -> Iterator[Path | None]:
    """A temporary assets folder holding ``files`` (None when there are none), size- and
    name-checked; removed on the way out."""
    if not files:
        yield None
        return
    if len(files) > MAX_DATA_FILES:
        raise SaveError(f"the game from {source}: {len(files)} data files; allowed: at most "
                        f"{MAX_DATA_FILES}")
    with tempfile.TemporaryDirectory(prefix="wobbletop-net-files-") as temporary:
        root = Path(temporary)
        for name, content in files.items():
            where = f"the game from {source}: the host's {name!r}"
            if not _NAME.fullmatch(name):
                raise SaveError(f"{where}: not a data file name; allowed: physics.toml or "
                                "GAME/NAME.toml")
            data = content.encode("utf-8", errors="replace")
            if len(data) > MAX_DATA_FILE_BYTES:
                raise SaveError(f"{where}: {len(data):,} bytes; allowed: at most "
                                f"{MAX_DATA_FILE_BYTES:,}")
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_bytes(data)
        try:
            yield root
        except (UserError, ValueError) as error:
            if isinstance(error, SaveError) and str(root) not in str(error):
                raise
            message = str(error).replace(f"{root}/", "the host's ").splitlines()[0]
            raise SaveError(f"the game from {source}: {message}") from None


def _check_files(files: Mapping[str, str]) -> None:
    """Read the files as this program reads a user's: the physics config, each game's boards
    with the game's own validator (``spec.check_files``); a bad one raises its one line."""
    load_config(None)
    for game_id in sorted({name.split("/")[0] for name in files if "/" in name}):
        spec = registry.load(game_id)
        if spec.check_files is not None:
            spec.check_files()


def _check_names(files: Mapping[str, str], game_id: str, source: str) -> None:
    """The host's files are exactly those this install's ``game_id`` is built from."""
    wanted, sent = set(data_file_names(game_id)), set(files)
    if sent != wanted:
        extra, missing = sorted(sent - wanted), sorted(wanted - sent)
        problem = f"{extra[0]!r} is not read by {game_id}" if extra else f"{missing[0]} missing"
        raise SaveError(f"the game from {source}: data files: {problem}; allowed: exactly "
                        f"{', '.join(sorted(wanted))}")
