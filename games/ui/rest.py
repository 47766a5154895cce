"""A game at rest costs next to no CPU, as the idle menu does.

A game is *at rest* when nothing on the table can change by itself: the session's
:meth:`~games.core.protocol.Session.rest_key` is not None (no computer to act, no timer, every piece
asleep, nothing in hand) and the same as the frame before, and the view shows nothing moving
(:meth:`~games.ui.view.View.animating`: no die tumbling, no slide, no drag, the camera still).
A paused game, or one under its help, is at rest too.

At rest the window draws its picture once and then nothing: a frame whose screen key (the
session's rest key, the window size, the status notice, the overlays, the constants panel) is
the one already on the screen is neither drawn nor flipped, and the next frame's loop waits
for input for at most :data:`REST_WAIT_SECONDS` instead of running at the display rate. Any
event (a mouse move, a key, the window uncovered) ends the wait within
:data:`REST_POLL_SECONDS` (less than a frame at 60 Hz) and the frame is drawn whole. The wait
sleeps in those slices and peeks at the queue between them: ``pygame.event.wait(timeout)``
polls the queue every millisecond inside pygame-ce on SDL 2 (0.12-0.23 s of CPU per 10 s
under the dummy driver and under Xvfb), the slices about a sixth of that.

The session is still ticked for all the real time that passed (the loop's accumulator, as in
any frame), so the frame numbers, the recordings and their digests are the same whether the
window rested or not; only the drawing and the waking stop. :data:`REST_WAIT_SECONDS` stays
below the app's ``MAX_FRAME_SECONDS`` so that no real time is clamped away while at rest.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

import pygame

from games.ui import palette

if TYPE_CHECKING:  # pragma: no cover
    from games.ui.shell import GameRun, Shell

REST_WAIT_SECONDS = 0.2  # the longest a resting game waits for input: it wakes 5 times a second
REST_POLL_SECONDS = 0.01  # how soon an event ends the wait


class Rest:
    """Whether the game in the window is at rest, and what its screen shows; owned by the app."""

    def __init__(self, app: Shell) -> None:
        self.app = app
        self.resting = False  # the game was at rest in the last frame
        self.drawn_at_rest = 0  # frames drawn while at rest (a test counts them)
        self._previous: object | None = None  # the session's rest key one frame ago
        self._animating = False  # the view showed something moving one frame ago
        self._shown: tuple[object, ...] | None = None  # the screen key of the picture shown
        self._had_events = False
        # the game the keys above are of (weakly: a game left is freed at once)
        self._game: weakref.ReferenceType[GameRun] | None = None

    def events(self, *, wait: bool) -> list[pygame.event.Event]:
        """This frame's events. When ``wait`` (the real loop) and the last frame drew nothing
        because the game rests, first wait for one (at most :data:`REST_WAIT_SECONDS`)."""
        # a network game's inputs come by socket, not as events: it never sleeps on the queue
        if wait and self.app.idle and self.app.game is not None and self.app.net is None:
            self.wait_for_input()
        events = pygame.event.get()
        self._had_events = bool(events)
        return events

    def wait_for_input(self) -> bool:
        """Sleep until an event is queued (True) or :data:`REST_WAIT_SECONDS` passed (False)."""
        slice_ms = round(REST_POLL_SECONDS * 1000)
        for _ in range(round(REST_WAIT_SECONDS / REST_POLL_SECONDS)):
            if pygame.event.peek():
                return True
            pygame.time.wait(slice_ms)
        return bool(pygame.event.peek())

    def at_rest(self, game: GameRun) -> bool:
        """True if nothing in ``game`` changed since the last frame nor will by itself."""
        app = self.app
        if self._game is None or self._game() is not game:  # a new game (or an undo's)
            self._game, self._previous, self._shown = weakref.ref(game), None, None
        if game.view.drives_clock:  # a replay plays on by itself
            key: object | None = None
        elif app.paused or app.show_help or app.error:
            key = "stopped"  # the game does not advance
        else:
            key = game.session.rest_key()
        still = key is not None and key == self._previous
        self._previous = key
        # the frame after an animation ends is drawn too: it shows where the animation ended
        animating, was_animating = game.view.animating(), self._animating
        self._animating = animating
        return still and not animating and not was_animating

    def unchanged(self, game: GameRun) -> bool:
        """True if the frame to draw is the picture already on the screen: the game at rest
        and nothing else shown changed (call once a frame, instead of drawing)."""
        app = self.app
        self.resting = self.at_rest(game)
        if not self.resting or self._had_events:
            self._shown = None
            return False
        shown = (
            app.screen.get_size(),
            self._previous,
            app.current_notice(),
            app.paused,
            app.show_help,
            app.help_scroll,
            app.error,
            app.config_error,
            app.tune.frame_key(),
            app.screens.overlay,
            palette.colour_blind(),  # the settings' colours, changed over a resting game
        )
        if shown == self._shown:
            return True
        self._shown = shown
        self.drawn_at_rest += 1
        return False
