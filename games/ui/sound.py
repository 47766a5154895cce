"""The window's sound: synthesised at start-up with numpy, played with pygame.mixer.

No sound files. Four voices are made once, as 16-bit mono buffers:

- ``knock``: wood on wood, a short decaying mix of a few inharmonic partials and a click;
- ``thud``: wood on the felt, lower and duller;
- ``roll``: a marble rolling, filtered noise with a low rumble, looped while a marble rolls;
- ``collapse``: a cascade of knocks (many hard contacts in one frame: a tower falling);
- ``die``: a die's rattle, a few quick clicks (:meth:`Sound.play` ``"die"``).

The physics reports contacts through :attr:`physics.world.World.impact_listener` (set by
:meth:`Sound.listen` only while sound is on, so a silent window costs nothing). Each frame
:meth:`Sound.frame` plays the hardest few new contacts, the volume from the impulse, at most
``[sound] voices`` at once (a busy mixer drops the rest rather than queueing them), and keeps a
rolling marble's loop going with its speed. M mutes (:meth:`Sound.toggle_mute`); ``[sound]
enabled = false`` in the config turns it off. Where no audio device exists
(``pygame.mixer.init`` fails; tests run with ``SDL_AUDIODRIVER=dummy``) every call is a no-op.
"""

from __future__ import annotations

import contextlib
import math
import os
from collections import deque
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

import numpy as np
import pygame

from physics.config import SoundSettings

if TYPE_CHECKING:  # pragma: no cover - the window's menu does not load pymunk
    import pymunk

    from physics.world import Impact, World

RATE = 22050
QUIET_IMPULSE = 0.8  # kg·mm/s: contacts softer than this (settling, sliding) make no sound
LOUD_IMPULSE = 14.0  # a disk dropped 10 cm onto the table: full volume
COLLAPSE_CONTACTS = 5  # this many audible contacts in one frame is a collapse
ROLL_SPEED = 40.0  # mm/s: a marble slower than this is quiet
ROLL_LOUD_SPEED = 600.0


def _tone(freqs: Iterable[tuple[float, float]], seconds: float, decay: float) -> np.ndarray:
    t = np.arange(int(RATE * seconds)) / RATE
    wave = sum(amp * np.sin(2 * np.pi * f * t) for f, amp in freqs)
    return np.asarray(wave * np.exp(-t * decay), dtype=np.float64)


def _noise(seconds: float, seed: int) -> np.ndarray:
    return np.random.default_rng(seed).uniform(-1.0, 1.0, int(RATE * seconds))


def _smooth(signal: np.ndarray, width: int) -> np.ndarray:
    kernel = np.ones(width) / width
    return np.convolve(signal, kernel, mode="same")


def synthesise() -> dict[str, np.ndarray]:
    """The voices as float arrays in -1..1 (deterministic: seeded noise)."""
    knock = _tone([(820.0, 1.0), (1930.0, 0.5), (3170.0, 0.25)], 0.12, 55.0)
    click = _noise(0.12, 1) * np.exp(-np.arange(int(RATE * 0.12)) / RATE * 400.0)
    knock = knock + 0.4 * click
    thud = _tone([(190.0, 1.0), (410.0, 0.4)], 0.10, 45.0)
    thud = thud + 0.3 * _smooth(_noise(0.10, 2), 6) * np.exp(-np.arange(len(thud)) / RATE * 120)
    roll_t = np.arange(int(RATE * 1.0)) / RATE
    roll = _smooth(_noise(1.0, 3), 12) * (0.6 + 0.4 * np.sin(2 * np.pi * 23.0 * roll_t))
    roll = roll + 0.5 * np.sin(2 * np.pi * 70.0 * roll_t)
    fade = np.minimum(1.0, np.minimum(roll_t, 1.0 - roll_t) * 50.0)  # seamless loop ends
    roll = roll * fade
    collapse = np.zeros(int(RATE * 0.9))
    rng = np.random.default_rng(4)
    for start in sorted(rng.uniform(0.0, 0.75, 14)):
        at = int(start * RATE)
        piece = knock[: len(collapse) - at] * rng.uniform(0.3, 1.0)
        collapse[at : at + len(piece)] += piece
    collapse += 0.3 * _smooth(_noise(0.9, 5), 30) * np.exp(-np.arange(len(collapse)) / RATE * 3)
    die = np.zeros(int(RATE * 0.5))
    for n, start in enumerate((0.0, 0.09, 0.16, 0.27, 0.33, 0.41)):
        at = int(start * RATE)
        tick = _tone([(2400.0 + 300 * n, 1.0), (4100.0, 0.4)], 0.05, 120.0) * (1.0 - n * 0.12)
        tick = tick[: len(die) - at]
        die[at : at + len(tick)] += tick
    voices = {"knock": knock, "thud": thud, "roll": roll, "collapse": collapse, "die": die}
    return {
        name: wave / max(float(np.max(np.abs(wave))), 1e-9) * 0.9 for name, wave in voices.items()
    }


def impact_volume(impulse: float) -> float:
    """0 (not heard) to 1 from a contact's impulse (kg·mm/s), on a gentle log-like curve."""
    if impulse < QUIET_IMPULSE:
        return 0.0
    return min(1.0, math.sqrt((impulse - QUIET_IMPULSE) / (LOUD_IMPULSE - QUIET_IMPULSE)))


def voice_for(impact: Impact) -> str:
    """Which voice a contact makes: a thud on felt, a knock between wooden pieces."""
    if "table" in impact.kinds or "felt" in impact.materials:
        return "thud"
    return "knock"


class Sound:
    """The mixer and the synthesised voices; silent (every call a no-op) without a device."""

    def __init__(self, settings: SoundSettings) -> None:
        self.settings = settings
        self.muted = False
        self.level = 1.0  # the player's volume (the settings screen), times [sound] volume
        self.available = False
        self.played: deque[tuple[str, float]] = deque(maxlen=64)  # (voice, volume), latest last
        self._heard: list[Impact] = []
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._roll_channel: pygame.mixer.Channel | None = None
        self._channels: list[pygame.mixer.Channel] = []  # one per voice that may sound at once
        if not settings.enabled:
            return
        try:
            if not pygame.mixer.get_init():
                with _quiet_stderr():  # ALSA prints a page of errors where there is no device
                    pygame.mixer.init(frequency=RATE, size=-16, channels=1, buffer=512)
            mixer = pygame.mixer.get_init()
            if mixer is None:
                return
            rate, _, channels = mixer
            pygame.mixer.set_num_channels(settings.voices + 1)
            self._roll_channel = pygame.mixer.Channel(0)  # the marble's rolling loop
            self._channels = [pygame.mixer.Channel(n + 1) for n in range(settings.voices)]
            for name, wave in synthesise().items():
                self._sounds[name] = _as_sound(wave, rate, channels)
        except (pygame.error, ValueError, TypeError):
            self._sounds = {}
            return
        self.available = True

    @property
    def on(self) -> bool:
        return self.available and not self.muted and self.settings.enabled

    def toggle_mute(self) -> bool:
        """Mute or unmute; returns True if sound is now muted."""
        self.muted = not self.muted
        if self.muted and self.available:
            pygame.mixer.stop()
        return self.muted

    def apply(self, settings: SoundSettings) -> None:
        """A live config edit: volume and on/off at once (voices wait for a restart)."""
        self.settings = settings
        if not settings.enabled and self.available:
            pygame.mixer.stop()

    def listen(self, worlds: Iterable[World]) -> None:
        """Hear these worlds' contacts (only while sound is on: otherwise the hook stays off)."""
        for world in worlds:
            wanted = self._hear if self.on else None
            if world.impact_listener is not wanted:
                world.impact_listener = wanted

    def _hear(self, impact: Impact) -> None:
        self._heard.append(impact)

    def frame(self, worlds: Iterable[World]) -> None:
        """After the frame's physics: play what was heard, keep a rolling marble's loop."""
        worlds = list(worlds)
        heard, self._heard = self._heard, []
        audible = sorted(
            (i for i in heard if impact_volume(i.impulse) > 0.0),
            key=lambda i: i.impulse,
            reverse=True,
        )
        if len(audible) >= COLLAPSE_CONTACTS:
            self.play("collapse", 1.0, force=True)
        else:
            for impact in audible[: self.settings.voices]:
                self.play(voice_for(impact), impact_volume(impact.impulse))
        self._roll(worlds)
        self.listen(worlds)

    def play(self, name: str, volume: float = 1.0, *, force: bool = False) -> None:
        """Play a voice on a free channel, or not at all if every channel is busy (``force``:
        cut the first one short instead: a collapse is always heard)."""
        if not self.on or name not in self._sounds:
            return
        channel = next((c for c in self._channels if not c.get_busy()), None)
        if channel is None and force and self._channels:
            channel = self._channels[0]
        if channel is None:
            return
        channel.set_volume(max(0.0, min(1.0, volume)) * self.settings.volume * self.level)
        channel.play(self._sounds[name])
        self.played.append((name, volume))

    def _roll(self, worlds: list[World]) -> None:
        channel = self._roll_channel
        if channel is None:
            return
        speed = 0.0
        if self.on:
            for world in worlds:
                for piece in world.pieces.values():
                    body = piece.body
                    if piece.kind != "marble" or body.is_sleeping:
                        continue
                    if _touches_something(body):
                        speed = max(speed, float(body.velocity.length))
        if speed < ROLL_SPEED:
            channel.stop()
            return
        volume = min(1.0, (speed - ROLL_SPEED) / (ROLL_LOUD_SPEED - ROLL_SPEED))
        channel.set_volume(volume * self.settings.volume * self.level * 0.6)
        if not channel.get_busy():
            channel.play(self._sounds["roll"], loops=-1)
            self.played.append(("roll", volume))

    def close(self) -> None:
        if self.available:
            pygame.mixer.stop()


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Silence the C libraries' own writes to stderr (file descriptor 2) for a moment."""
    try:
        saved = os.dup(2)
    except OSError:  # no stderr to silence
        yield
        return
    try:
        with open(os.devnull, "w") as devnull:
            os.dup2(devnull.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def _touches_something(body: pymunk.Body) -> bool:
    touching: list[bool] = []
    body.each_arbiter(lambda _arbiter: touching.append(True))
    return bool(touching)


def _as_sound(wave: np.ndarray, rate: int, channels: int) -> pygame.mixer.Sound:
    """A float wave at :data:`RATE` as a mixer Sound at the mixer's own rate and channels."""
    if rate != RATE:
        positions = np.arange(0, len(wave), RATE / rate)
        wave = np.interp(positions, np.arange(len(wave)), wave)
    samples = np.asarray(wave * 32767, dtype=np.int16)
    if channels > 1:
        samples = np.repeat(samples[:, None], channels, axis=1)
    return pygame.sndarray.make_sound(np.ascontiguousarray(samples))
