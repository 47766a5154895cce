"""Animal upon Animal's memory aids in the window: what a placement shows, and no more.

Drawn over the table by :class:`games.animals.view.AnimalsView` (kept apart from how the pieces
look; of the view they read only what :class:`TableView` names), each only while the rulebook
shows it to everyone (games/animals/record.py says why):

- the opening three, face up with their names, while they are laid one by one and until the
  first draw (a name only on an animal already standing);
- the drawn animal held up in a card above the tower, face up and named, until it is in the
  tower (the carried animal may be hidden by the hand or the portion; the card is not);
- where the last animal went in: an arrow at that place of the tower and "in at place N of
  M", until the next draw (a place, never a name);
- the record of what went where (:class:`games.animals.record.Record`), the latest lines at the
  table's bottom right: places and heights while the game runs, the animals named once it is
  over and the tower has been shown face up.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from games.animals.rules import Phase
from games.animals.session import AnimalsSession
from games.ui.render import ACCENT, INK, INK_DIM, Camera, Renderer

RECORD_LINES = 4  # the record's latest lines shown on the table
END_CARD_PX = 260  # the result card's reach below the table's top (AnimalsView._draw_end)


class TableView(Protocol):
    """What the memory aids read of the view that draws them (AnimalsView)."""

    @property
    def game(self) -> AnimalsSession: ...

    @property
    def camera(self) -> Camera: ...

    def table_rect(self) -> pygame.Rect:
        """The table's part of the window."""
        ...

    def piece_boxes(self) -> list[pygame.Rect]:
        """The screen boxes of the pieces on the table."""
        ...


def opening_names(view: TableView) -> list[str]:
    """The opening animals shown face up now (laid so far), top first (each name then goes
    above its animal or, under another, beside it); none after the first draw."""
    game = view.game
    rules = game.rules
    if rules.phase is not Phase.DRAW or rules.turns != 0:
        return []
    laid = rules.tower[: game.opening_laid]
    return [name for name in reversed(laid) if name in game.scene.piece_of]


def opening_unfinished(view: TableView) -> bool:
    """True while the paced opening is still being laid (nobody may draw yet)."""
    game = view.game
    return game.rules.turns == 0 and game.opening_laid < len(game.rules.tower)


def draw_drawn_card(view: TableView, surface: pygame.Surface, renderer: Renderer) -> None:
    """The drawn animal held up for everyone above the table until it is in the tower."""
    game = view.game
    animal = game.rules.in_hand
    if animal is None or game.rules.phase not in (Phase.PLACE, Phase.ROLL, Phase.REMOVE):
        return
    picture = game.file.catalogue.pieces[animal]
    table = view.table_rect()
    seat = game.rules.seat.capitalize()
    crocodile = game.file.catalogue.is_crocodile(animal)
    words = f"{seat} drew a crocodile" if crocodile else f"{seat} drew the {animal}"
    label = renderer.render_text(words, 17, bold=True)
    card = pygame.Rect(0, 0, label.get_width() + 64, 44)
    card.midtop = (table.centerx, table.top + 10)
    renderer.panel(surface, card, alpha=235, radius=8)
    swatch = pygame.Rect(card.left + 10, card.top + 8, 28, 28)
    pygame.draw.rect(surface, pygame.Color(picture.colour), swatch, border_radius=4)
    pygame.draw.rect(surface, ACCENT, swatch.inflate(4, 4), width=2, border_radius=6)
    renderer.text(surface, picture.mark, swatch.center, size=10, anchor="center")
    surface.blit(label, (swatch.right + 12, card.centery - label.get_height() // 2))


def draw_insert_mark(view: TableView, surface: pygame.Surface, renderer: Renderer) -> None:
    """An arrow at the place the last animal went in, and its place in words (no name)."""
    game = view.game
    at = game.inserted_at
    if at is None or game.outcome is not None:
        return
    found = game.scene.columns()
    main = game.scene.main_column(found)
    if main is None or at >= len(main.pieces):
        return
    piece = main.pieces[at]
    camera = view.camera
    words = f"in at place {at + 1} of {len(main.pieces)}"
    width = renderer.font(14).size(words)[0]
    half = piece.size[0] / 2
    y = round(camera.to_screen((piece.position.x, piece.position.y))[1])
    left = round(camera.to_screen((piece.position.x - half, piece.position.y))[0]) - 6
    side = -1 if left - 40 - width >= view.table_rect().left + 4 else 1  # the left if it fits
    if side > 0:
        left = round(camera.to_screen((piece.position.x + half, piece.position.y))[0]) + 6
    tip = (left, y)
    back = tip[0] + 14 * side
    pygame.draw.polygon(surface, ACCENT, [tip, (back, y - 8), (back, y + 8)])
    pygame.draw.line(surface, ACCENT, (back, y), (tip[0] + 34 * side, y), 3)
    anchor = "midright" if side < 0 else "midleft"
    renderer.text(
        surface, words, (tip[0] + 40 * side, y), size=14, colour=ACCENT, anchor=anchor
    )


def record_box(view: TableView) -> pygame.Rect | None:
    """Where :func:`draw_record` draws the record (None: it is not drawn), so the table's
    labels keep off it."""
    game = view.game
    over = game.outcome is not None
    lines = game.record.lines(reveal=over)[-RECORD_LINES:]
    if not lines:
        return None
    table = view.table_rect()
    width = min(max(table.width // 2, 240), table.width - 20)
    box = pygame.Rect(0, 0, width, 24 + 17 * len(lines))
    box.bottomright = (table.right - 10, table.bottom - 10)
    if over and box.top < table.top + END_CARD_PX:
        return None  # no room below the result card, which shows the tower face up
    if not over:  # at the bottom right, else at the top right: where it covers fewer pieces
        high = box.copy()
        high.topright = (table.right - 10, table.top + 10)
        pieces = view.piece_boxes()
        box = min((box, high), key=lambda place: _covered(place, pieces))
    return box


def _covered(box: pygame.Rect, pieces: list[pygame.Rect]) -> int:
    """Square pixels of ``pieces`` that ``box`` would hide."""
    return sum(clip.width * clip.height for clip in (box.clip(piece) for piece in pieces))


def draw_record(
    view: TableView, surface: pygame.Surface, renderer: Renderer, box: pygame.Rect | None
) -> None:
    """The latest lines of the record in ``box``, the :func:`record_box` of this frame (None:
    not drawn), at the table's bottom right or top right (names only when over)."""
    if box is None:
        return
    game = view.game
    over = game.outcome is not None
    width = box.width
    size = 13
    lines = game.record.lines(reveal=over)[-RECORD_LINES:]
    shown = [renderer.ellipsize(line, width - 16, size) for line in lines]
    renderer.panel(surface, box, alpha=215, radius=8)
    title = "What went where" + (
        " (face up now)" if over else " (places only: remember the animals)"
    )
    renderer.text(
        surface, renderer.ellipsize(title, width - 16, 12), (box.left + 8, box.top + 5),
        size=12, colour=INK_DIM,
    )
    for n, line in enumerate(shown):
        renderer.text(surface, line, (box.left + 8, box.top + 21 + 17 * n), size=size, colour=INK)
