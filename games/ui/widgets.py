"""Small pieces of UI that game views share: clickable buttons and a side panel layout.

A view keeps its :class:`Button` objects, lays them out each frame (the window may have been
resized), draws them with :meth:`Button.draw` and asks :meth:`Button.clicked` on a
MOUSEBUTTONDOWN. :func:`split_play_area` cuts the play area into a board and a side panel;
:func:`whole_entries` fits the newest log entries into a few lines without cutting one in half.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from games.ui.render import Renderer


@dataclass
class Button:
    """A wooden button: ``label`` in ``rect``; disabled buttons are drawn grey and ignore clicks."""

    label: str
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 140, 40))
    enabled: bool = True

    def draw(
        self, surface: pygame.Surface, renderer: Renderer, mouse: tuple[int, int] | None
    ) -> None:
        hot = mouse is not None and self.rect.collidepoint(mouse)
        renderer.button(surface, self.rect, self.label, hot=hot, enabled=self.enabled)

    def clicked(self, event: pygame.event.Event) -> bool:
        """True for a left click on this enabled button."""
        return (
            self.enabled
            and event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.rect.collidepoint(event.pos)
        )


def split_play_area(area: pygame.Rect, panel_width: int = 300) -> tuple[pygame.Rect, pygame.Rect]:
    """(board, panel): the play area with a panel of ``panel_width`` px cut off its right side
    (narrower on a small window, never more than 40 % of it)."""
    width = min(panel_width, int(area.width * 0.4))
    board = pygame.Rect(area.left, area.top, area.width - width, area.height)
    panel = pygame.Rect(board.right, area.top, width, area.height)
    return board, panel


def whole_entries(
    renderer: Renderer, entries: list[str], width: int, size: int, room: int
) -> list[str]:
    """The wrapped lines of the newest ``entries`` that fit ``room`` lines, whole entries only
    (oldest first); the newest alone is cut to its first lines if even it does not fit."""
    lines: list[str] = []
    for entry in reversed(entries):
        wrapped = renderer.wrap(entry, width, size)
        if len(lines) + len(wrapped) > room:
            if not lines:
                lines = wrapped[:room]
            break
        lines = wrapped + lines
    return lines
