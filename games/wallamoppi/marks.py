"""Wallamoppi's last moves, marked on the table until the same player moves again.

Each seat's latest wall placement, then its latest stacked disk, keeps a gold outline and the
seat's name beside it (the session's ``last_moves``), so a person who looked away sees what
the computer did, and a placement made in the frame after theirs is not missed. Drawn by
:class:`games.wallamoppi.view.WallamoppiView` over the table, apart from how the disks look:
it reads the game and the view's camera, never the view.
"""

from __future__ import annotations

import pygame

from games.physicskit.narration import capital
from games.ui.render import ACCENT, Camera, Renderer
from games.wallamoppi.session import WallamoppiSession


def draw_last_moves(
    game: WallamoppiSession, camera: Camera, surface: pygame.Surface, renderer: Renderer
) -> None:
    """A gold outline round each seat's last placed or stacked disk, the seat named above."""
    if game.outcome is not None:
        return
    for seat, name in game.last_moves.items():
        piece = game.scene.disks.get(name)
        if piece is None or piece is game.hand.held:
            continue
        renderer.outline(surface, camera, piece, ACCENT, width=2)
        top = piece.shape.cache_bb().top
        x, y = camera.to_screen((piece.position.x, top))
        renderer.text(
            surface, capital(seat), (round(x), round(y) - 4), size=12, colour=ACCENT,
            anchor="midbottom",
        )
