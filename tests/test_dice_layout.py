"""The dice games' modules import one way, their types included: a helper that reads its owner
(a saved-state reader, a path check, a wall layout, a side panel) names what it reads in a
small Protocol of its own instead of importing the owner's class (tests/test_layout.py checks
the runtime imports of every module, this the ``TYPE_CHECKING`` ones of the dice games too)."""

from __future__ import annotations

import pytest
from test_layout import IMPORTS, _cycles

DICE_GAMES = ("stonewall", "malloppo", "whacky")


@pytest.mark.parametrize("game", DICE_GAMES)
def test_a_dice_games_modules_never_import_each_other_not_even_for_types(game: str) -> None:
    folder = f"games.{game}"
    inside = {
        module: {target for target in targets if target.startswith(folder)}
        for module, targets in IMPORTS.items()
        if module == folder or module.startswith(folder + ".")
    }
    assert _cycles(inside) == []
