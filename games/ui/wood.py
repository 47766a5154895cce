"""Wooden pieces as pictures: a turned cylinder seen from the side, with grain and shading.

Every box-shaped piece of the physics games (Wallamoppi's disks lying flat, Free play's disks
and standing cylinders, Animal upon Animal's cylinders) is a wooden cylinder seen from the
side: lit from the room's lamp up and to the left, so its face is brightest a third of the way
across and darkens towards both sides, its top edge catches the light and its bottom edge is
in shade; the grain runs along the cylinder's axis (across a flat disk, up a standing
cylinder); the ends are softly rounded.

:func:`wood_sprite` paints one at a size in pixels (numpy, once) and :class:`WoodSprites`
keeps them, and their turned copies per :data:`ANGLE_STEP_DEG` (a piece at rest keeps its
angle: one turn, then blits). The grain's pattern depends only on the size and the colour,
never on which piece it is: two face-down animals look exactly alike (the memory game's rule).
"""

from __future__ import annotations

import math

import pygame

from games.ui.canvas import Colour, LeastRecentlyUsed

ANGLE_STEP_DEG = 1.0  # turned copies are kept per this many degrees
SPRITES_KEPT = 96
TURNED_KEPT = 512
SIZE_STEP = 0.05  # the grid of painted sizes: steps of about this share of a size
MIN_GRAIN_PX = 6  # thinner than this on screen: shading only, no grain


def wood_sprite(size: tuple[int, int], colour: Colour, *, axis_vertical: bool) -> pygame.Surface:
    """A wooden cylinder seen from the side, ``size`` px (with a 1-px transparent border).

    ``axis_vertical``: the cylinder stands (grain up and down) or lies as a flat disk seen
    edge on (its axis is still vertical: a disk is a short cylinder). Both are shaded across
    their width; the grain runs along the axis: vertical for a standing cylinder, horizontal
    lines (the disk's faces' rings seen edge on) for a flat disk.
    """
    import numpy as np

    width, height = max(size[0], 2), max(size[1], 2)
    xs = (np.arange(width, dtype=np.float64) + 0.5) / width
    ys = (np.arange(height, dtype=np.float64) + 0.5) / height
    # across the width: a cylinder lit from up-left, brightest at 0.32
    across = 0.78 + 0.34 * np.cos(np.clip((xs - 0.32) * 2.4, -math.pi / 2, math.pi / 2)) ** 1.5
    light = np.repeat(across[:, None], height, axis=1)
    # top edge lit, bottom edge shaded (a few px, whatever the size)
    edge = max(min(height * 0.16, 4.0), 1.0) / height
    light += np.where(ys[None, :] < edge, 0.22, 0.0)
    light -= np.where(ys[None, :] > 1 - edge, 0.18, 0.0)
    if min(width, height) >= MIN_GRAIN_PX:
        seed = (width * 7919 + height * 104729 + sum(colour)) % 10007
        rng = np.random.default_rng(seed)
        if axis_vertical and height > width * 0.7:
            along, against = ys, xs  # grain up the cylinder
            wobble = np.sin(along * 6.0 + rng.uniform(0, 6.3)) * 0.015
            phase = (against[:, None] + wobble[None, :]) * max(width / 3.2, 4.0)
        else:
            along, against = xs, ys  # rings of the disk, seen edge on: along the width
            wobble = np.sin(along * 5.0 + rng.uniform(0, 6.3)) * 0.05
            phase = (against[None, :] + wobble[:, None]) * max(height / 2.6, 2.5)
        rings = np.sin(phase * 2 * math.pi + rng.uniform(0, 6.3))
        light -= 0.07 * np.clip(rings, 0, 1) ** 3
        light += rng.normal(0.0, 0.018, size=light.shape)
    base = np.array(colour, dtype=np.float64)
    rgb = np.clip(base[None, None, :] * light[:, :, None], 0, 255)
    mask = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = max(min(width, height) // 5, 1)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    body = pygame.Surface((width, height), pygame.SRCALPHA)
    pixels = pygame.surfarray.pixels3d(body)
    pixels[...] = rgb.astype(np.uint8)
    del pixels
    alpha = pygame.surfarray.pixels_alpha(body)
    alpha[...] = pygame.surfarray.array_alpha(mask)
    del alpha
    outline = tuple(round(c * 0.5) for c in colour)
    pygame.draw.rect(body, (*outline, 200), body.get_rect(), width=1, border_radius=radius)
    image = pygame.Surface((width + 2, height + 2), pygame.SRCALPHA)
    image.blit(body, (1, 1))
    return image


class WoodSprites:
    """Wooden piece pictures kept by size and colour, and their turned copies by angle.

    The picture of a size is painted (numpy) at the nearest size on a grid of
    :data:`SIZE_STEP` steps and scaled smoothly to it: while the camera moves (an ease-out, a
    wheel zoom) the size on screen changes every frame, and a few paintings serve them all.
    The picture of a size is always the same, whatever was drawn before (a kept frame is the
    frame drawn afresh)."""

    def __init__(self) -> None:
        self._near: LeastRecentlyUsed[tuple[int, int, Colour, bool], pygame.Surface] = (
            LeastRecentlyUsed(SPRITES_KEPT)
        )
        self._plain: LeastRecentlyUsed[tuple[int, int, Colour, bool], pygame.Surface] = (
            LeastRecentlyUsed(SPRITES_KEPT)
        )
        self._turned: LeastRecentlyUsed[tuple[int, int, Colour, bool, int], pygame.Surface] = (
            LeastRecentlyUsed(TURNED_KEPT)
        )

    def get(
        self, size: tuple[int, int], colour: Colour, angle: float, *, axis_vertical: bool
    ) -> pygame.Surface:
        """The piece's picture turned by ``angle`` (radians, counter-clockwise on screen)."""
        key = (size[0], size[1], colour, axis_vertical)
        plain = self._plain.get(key)
        if plain is None:
            plain = self._from_near((max(size[0], 2), max(size[1], 2)), colour, axis_vertical)
            self._plain[key] = plain
        bucket = round(math.degrees(angle) / ANGLE_STEP_DEG) % round(360 / ANGLE_STEP_DEG)
        if bucket == 0:
            return plain
        turned_key = (size[0], size[1], colour, axis_vertical, bucket)
        turned = self._turned.get(turned_key)
        if turned is None:
            turned = pygame.transform.rotozoom(plain, bucket * ANGLE_STEP_DEG, 1.0)
            self._turned[turned_key] = turned
        return turned

    def _from_near(
        self, size: tuple[int, int], colour: Colour, axis_vertical: bool
    ) -> pygame.Surface:
        """The picture at ``size``: painted at the nearest grid size, scaled to ``size``."""
        near = (_on_grid(size[0]), _on_grid(size[1]))
        key = (near[0], near[1], colour, axis_vertical)
        painted = self._near.get(key)
        if painted is None:
            painted = wood_sprite(near, colour, axis_vertical=axis_vertical)
            self._near[key] = painted
        if near == size:
            return painted
        return pygame.transform.smoothscale(painted, (size[0] + 2, size[1] + 2))


def _on_grid(side: int) -> int:
    """``side`` px rounded to the grid of painted sizes: every px up to 24, then steps of
    about :data:`SIZE_STEP` of the size."""
    if side <= 24:
        return max(side, 2)
    step = 2 ** max(round(math.log2(side * SIZE_STEP)), 0)
    return max(round(side / step) * step, 2)
