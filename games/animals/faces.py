"""The painted faces of Animal upon Animal's pieces: a simple vector drawing per animal.

A face is drawn only where the rules show it to everyone (the view decides when): the piece's
wooden end painted in the animal's colour from the catalogue (assets/animals/animals.toml),
with the animal's head: its ears (round, pointed, long, none), eyes, a snout or beak and what
tells it apart (the elephant's trunk, the lion's mane, the hedgehog's spines, the turtle's
shell, the glow-worm's glow, the crocodile's teeth). An animal the drawings do not know (a
catalogue of other animals) gets the plain head with its mark written under it.

:func:`face_image` paints one at a size in pixels; :class:`FaceImages` keeps them.
"""

from __future__ import annotations

import pygame

from games.ui.render import Colour, mix, shade

FACES_KEPT = 64

# ears, then extras, per animal (the catalogue's names)
EARS: dict[str, str] = {
    "elephant": "wide", "bear": "round", "lion": "round", "pig": "pointed", "sheep": "side",
    "dog": "floppy", "penguin": "none", "monkey": "side", "fox": "pointed", "cat": "pointed",
    "rabbit": "long", "hedgehog": "small", "turtle": "none", "mouse": "big",
    "glow-worm": "antennae", "crocodile": "none",
}
EXTRAS: dict[str, tuple[str, ...]] = {
    "elephant": ("trunk",), "lion": ("mane",), "pig": ("pig_snout",), "sheep": ("wool",),
    "dog": ("nose",), "penguin": ("beak", "belly"), "monkey": ("muzzle",),
    "fox": ("muzzle", "nose"), "cat": ("whiskers", "nose"), "rabbit": ("nose", "whiskers"),
    "hedgehog": ("spines", "nose"), "turtle": ("shell",), "mouse": ("whiskers", "nose"),
    "glow-worm": ("glow",), "bear": ("muzzle", "nose"), "crocodile": ("teeth",),
}
INK: Colour = (34, 26, 20)


def face_image(name: str, colour: Colour, size: tuple[int, int]) -> pygame.Surface:
    """The painted end of ``name``'s piece, ``size`` px: its colour and its head."""
    width, height = max(size[0], 8), max(size[1], 8)
    if name.startswith("crocodile"):  # crocodile1, crocodile2, ...: one face
        name = "crocodile"
    image = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = max(min(width, height) // 5, 2)
    pygame.draw.rect(image, colour, image.get_rect(), border_radius=radius)
    pygame.draw.rect(image, shade(colour, 0.55), image.get_rect(), 2, border_radius=radius)
    unit = min(width, height) / 26.0  # drawn on a 26-unit square in the middle
    cx, cy = width / 2, height / 2 + unit

    def at(x: float, y: float) -> tuple[int, int]:
        return (round(cx + x * unit), round(cy + y * unit))

    def disc(x: float, y: float, r: float, fill: Colour) -> None:
        pygame.draw.circle(image, fill, at(x, y), max(round(r * unit), 1))

    head = mix(colour, (255, 255, 255), 0.12)
    dark = shade(colour, 0.6)
    ears = EARS.get(name, "round")
    extras = EXTRAS.get(name, ())
    if "mane" in extras:
        disc(0, -1, 10.5, shade(colour, 0.75))
    if "spines" in extras:
        for x in range(-9, 10, 3):
            pygame.draw.polygon(image, dark, [at(x - 2, -3), at(x + 2, -3), at(x * 1.15, -12)])
    if "shell" in extras:
        pygame.draw.ellipse(image, dark, pygame.Rect(*at(-10, -10), round(20 * unit),
                                                     round(12 * unit)))
    if ears == "round":
        for side in (-1, 1):
            disc(side * 6.5, -7, 3.2, dark)
    elif ears == "pointed":
        for side in (-1, 1):
            pygame.draw.polygon(image, dark, [at(side * 3, -6), at(side * 8.5, -6),
                                              at(side * 7.5, -12.5)])
    elif ears == "long":
        for side in (-1, 1):
            pygame.draw.ellipse(image, dark, pygame.Rect(*at(side * 4 - 2, -14),
                                                         round(4 * unit), round(10 * unit)))
    elif ears in ("wide", "big"):
        for side in (-1, 1):
            disc(side * 8, -3, 5.5 if ears == "wide" else 4.2, dark)
    elif ears in ("side", "floppy"):
        for side in (-1, 1):
            disc(side * 8.2, -1 if ears == "side" else 1, 3.2, dark)
    elif ears == "small":
        for side in (-1, 1):
            disc(side * 5.5, -6.5, 2.0, dark)
    elif ears == "antennae":
        for side in (-1, 1):
            pygame.draw.line(image, INK, at(side * 2, -6), at(side * 5, -12), max(round(unit), 1))
            disc(side * 5, -12, 1.4, INK)
    if "wool" in extras:
        for x, y in ((-5, -6), (0, -7.5), (5, -6), (-7, -2), (7, -2)):
            disc(x, y, 3.4, (250, 248, 240))
    disc(0, -0.5, 7.5, head)
    if "belly" in extras:
        disc(0, 1.5, 4.8, (240, 238, 230))
    if "glow" in extras:
        disc(0, 6, 3.0, (255, 250, 170))
    for side in (-1, 1):  # the eyes, with a glint
        disc(side * 3.0, -2.5, 1.5, INK)
        disc(side * 3.0 - 0.5, -3.0, 0.5, (255, 255, 255))
    if "muzzle" in extras:
        disc(0, 2.5, 3.4, mix(head, (255, 240, 220), 0.45))
    if "trunk" in extras:
        pygame.draw.line(image, dark, at(0, 0), at(0, 9), max(round(2.6 * unit), 2))
        pygame.draw.line(image, dark, at(0, 9), at(2.5, 11), max(round(2.2 * unit), 2))
    if "pig_snout" in extras:
        pygame.draw.ellipse(image, shade(colour, 0.8), pygame.Rect(*at(-3, 0.5),
                                                                   round(6 * unit),
                                                                   round(4 * unit)))
        disc(-1.2, 2.5, 0.7, INK)
        disc(1.2, 2.5, 0.7, INK)
    if "beak" in extras:
        pygame.draw.polygon(image, (236, 170, 60), [at(-1.8, 0.5), at(1.8, 0.5), at(0, 3.5)])
    if "nose" in extras:
        disc(0, 1.5, 1.2, INK)
    if "whiskers" in extras:
        for side in (-1, 1):
            for dy in (-0.8, 0.8):
                pygame.draw.line(image, INK, at(side * 2.5, 2), at(side * 8.5, 2 + dy * 2.5))
    if "teeth" in extras:
        pygame.draw.line(image, INK, at(-6, 3), at(6, 3), max(round(unit), 1))
        for x in range(-5, 6, 2):
            pygame.draw.polygon(image, (250, 250, 240), [at(x - 0.8, 3), at(x + 0.8, 3),
                                                          at(x, 4.8)])
    return image


class FaceImages:
    """Painted faces kept by animal, colour and size (the few shown at once, each frame)."""

    def __init__(self) -> None:
        self._kept: dict[tuple[str, Colour, int, int], pygame.Surface] = {}

    def get(self, name: str, colour: Colour, size: tuple[int, int]) -> pygame.Surface:
        key = (name, colour, size[0], size[1])
        image = self._kept.get(key)
        if image is None:
            if len(self._kept) >= FACES_KEPT:
                self._kept.clear()
            image = face_image(name, colour, size)
            self._kept[key] = image
        return image
