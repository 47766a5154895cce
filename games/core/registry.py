"""The list of games. A new game is one folder under ``games/`` and one line here.

Only games that are built are listed; the menu and the CLI show exactly these. Every id the
CLI accepts is in :data:`KNOWN_IDS`, so a game not built yet gets a clear message, not a crash.
"""

from __future__ import annotations

import importlib

from games.core.protocol import GameSpec

# id -> module whose ``GAME`` is the GameSpec. Order is the menu's order.
GAMES: dict[str, str] = {
    "freeplay": "games.freeplay",
    "stonewall": "games.stonewall",
    "wallamoppi": "games.wallamoppi",
    "animals": "games.animals",
    "malloppo": "games.malloppo",
    "whacky": "games.whacky",
}

KNOWN_IDS = ("freeplay", "wallamoppi", "animals", "malloppo", "whacky", "stonewall")


class UnknownGame(LookupError):
    """A game id that is not built (or not known at all); ``str()`` is for the user."""


def available() -> list[str]:
    """Ids of the games that are built, in menu order."""
    return list(GAMES)


def load(game_id: str) -> GameSpec:
    """The spec of a built game, or :class:`UnknownGame` saying what is allowed."""
    module_name = GAMES.get(game_id)
    if module_name is None:
        if game_id in KNOWN_IDS:
            raise UnknownGame(
                f"game {game_id!r} is not built yet; available: {', '.join(available())}"
            )
        raise UnknownGame(f"unknown game {game_id!r}; available: {', '.join(available())}")
    spec: GameSpec = importlib.import_module(module_name).GAME
    return spec
