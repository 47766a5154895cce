"""A game in flight as the save text a joining (or resynchronising) peer loads.

Joining is loading a save (:mod:`games.saves`): the host writes the save of its session as it
stands (the seed, the config it started with, the seats, the options and every input so far,
with the digest and the game's own state at that frame), the peer checks it with the save
loader (:func:`games.saves.load_save`: the format, its own data files against the host's, the
schema) and replays it to the saved frame, which must reach the saved digest. So a peer never
takes a state from the network: it rebuilds the game from its history and checks it.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from games.protocol import Session
from games.saves import SaveError, dump_scenario, load_save, resume, save_of


def save_text(session: Session, how: str) -> str:
    """The save of ``session`` now, as TOML text (what :func:`games.saves.write_save` writes)."""
    return dump_scenario(save_of(session, None, how=how))


def session_from_save(text: str, source: str) -> Session:
    """The game in ``text`` rebuilt to its saved frame and checked against its digest; a bad
    one is a one-line :class:`games.saves.SaveError` naming ``source`` (the host's address)."""
    with tempfile.TemporaryDirectory(prefix="wobbletop-net-") as folder:
        path = Path(folder) / "from-host.toml"
        path.write_text(text, encoding="utf-8")
        try:
            scenario = load_save(path)
            return resume(scenario, path)
        except SaveError as error:
            raise SaveError(str(error).replace(str(path), f"the game from {source}")) from None
