"""A session base for games played by hand on a physics table (Free play, Wallamoppi, Animals).

It owns the :class:`~physics.world.World` and one :class:`~physics.grab.Hand`, turns "grab",
"move" and "release" inputs (points in world mm) into hand actions, and steps the world once
per frame. Games override :meth:`may_grab` to refuse a touch and :meth:`grab_options` to choose
the grip, and add their rules in :meth:`after_step`. A computer seat's inputs come through
:meth:`handle_as_computer`: applied alike, not recorded. A "grab" input with ``data={"lock": True}``
(Shift held in the window) asks for the rotation-locked grip on top of the game's options.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from games.core.protocol import InputEvent, InputRefused, Session, SessionSetup
from physics import room
from physics.grab import Hand
from physics.world import Layer, Piece, World

# How far from a piece's outline a click still picks it up, mm.
PICK_RADIUS_MM = 4.0
NO_DATA: Mapping[str, Any] = MappingProxyType({})  # a computer's move carries no data


class PhysicsSession(Session):
    """A session with a world and a hand. Subclasses build the world in :meth:`build_world`."""

    def __init__(self, setup: SessionSetup) -> None:
        super().__init__(setup)
        self._world = self.build_world()
        self.hand = Hand(self._world)
        self._computer_acting = False  # the input being applied is a computer seat's
        # The held piece while the game knows it alone: the only body awake and touching
        # nothing when its rules last looked, with nothing but moves since (World.step's
        # ``alone``); a game that sets it clears it at every other input.
        self._carried_alone: Piece | None = None

    @property
    def world(self) -> World:
        return self._world

    def build_world(self) -> World:
        raise NotImplementedError

    # -- input ---------------------------------------------------------------------------

    def may_grab(self, piece: Piece) -> str | None:
        """Why ``piece`` may not be grabbed now, or None if it may."""
        return None

    def grab_options(self, piece: Piece) -> dict[str, Any]:
        """Keyword arguments for :meth:`Hand.grab`: ``lock_rotation``, ``lift_out_of``."""
        return {"lock_rotation": False, "lift_out_of": Layer(0)}

    def _inside(self, x: float, y: float) -> tuple[float, float]:
        """(x, y) kept inside the world: the hand stays there (a piece it carried out would be
        put back at once)."""
        left, bottom, right, top = self._world.bounds()
        return (min(max(x, left), right), min(max(y, bottom), top))

    def _apply_input(self, event: InputEvent) -> None:
        point = self._inside(event.x, event.y)
        if event.action == "grab":
            piece = self.world.piece_at(point, radius=PICK_RADIUS_MM)
            if piece is None:
                raise InputRefused("nothing to pick up there")
            reason = self.may_grab(piece)
            if reason:
                raise InputRefused(reason)
            options = self.grab_options(piece)
            if event.data.get("lock"):  # the player asked for a two-handed, upright grip
                options["lock_rotation"] = True
            self.hand.grab(piece, point, **options)
            self.on_grab(piece)
        elif event.action == "move":
            self.hand.move_to(point)
        elif event.action == "release":
            self.hand.move_to(point)
            piece = self.hand.release()
            if piece is not None:
                self.world.renumber(piece)  # the solver meets it where it is let go
                self.on_release(piece)
        else:
            raise InputRefused(f"unknown action {event.action!r}; allowed: grab, move, release")

    def handle_as_computer(self, event: InputEvent) -> None:
        """A computer seat's input (games/physicskit/hand.py): the same checks and effects as
        a person's (the game's :meth:`_apply_input`, which may ask ``_computer_acting``),
        stamped with this frame but not recorded: a replay with the same seats makes it again
        from the same seed."""
        if event.action == "move":  # (most of them: one a frame while a piece is carried)
            self.move_as_computer(event.x, event.y, event.data)
            return
        self._computer_acting = True
        try:
            self._apply_input(InputEvent(self.frame, event.action, event.x, event.y, event.data))
        finally:
            self._computer_acting = False

    def move_as_computer(self, x: float, y: float, data: Mapping[str, Any] = NO_DATA) -> None:
        """A computer seat's "move" to (x, y) (:meth:`handle_as_computer`; a plan's bare
        point, games/physicskit/hand.py): :meth:`_computer_move` as the computer."""
        self._computer_acting = True
        try:
            self._computer_move(x, y, data)
        finally:
            self._computer_acting = False

    def _computer_move(self, x: float, y: float, data: Mapping[str, Any]) -> None:
        """A computer's "move": an input stamped with this frame, through the game's
        ``_apply_input`` as a person's. A game whose ``_apply_input`` hands every move to one
        method of its own overrides this to call that method straight (the same code for
        both, no event built: Wallamoppi)."""
        self._apply_input(InputEvent(self.frame, "move", x, y, data))

    def on_floor(self) -> list[Piece]:
        """Movable pieces that fell off the table onto the floor (physics/room.py), not the
        one in hand: what a game's ``put_back`` input (the B key) gathers."""
        held = self.hand.held
        return [
            piece
            for piece in self.world.dynamic_pieces()
            if piece is not held and room.on_floor(self.world, piece)
        ]

    def on_grab(self, piece: Piece) -> None:
        """Called after a piece was taken in hand."""

    def on_release(self, piece: Piece) -> None:
        """Called after the hand let go of a piece."""

    # -- time ----------------------------------------------------------------------------

    def _tick(self) -> None:
        self.hand.update(self.frame_seconds)
        self._world.step(self._carried_alone)
        self.after_step()

    def skip_still(self, frames: int) -> None:
        """The part of :meth:`Session.skip` every physics session shares: its computers (a
        ``bots`` mapping, where it has one) count down, the hand idles, the world only counts
        its frames. The session's own counts and ``self.frame`` are the caller's."""
        for bot in getattr(self, "bots", {}).values():
            bot.skip(frames)
        self.hand.skip_idle(frames, self.frame_seconds)
        self.world.skip_still(frames)

    def after_step(self) -> None:
        """The game's rules look at the world after each frame."""

    def rest_key(self) -> object | None:
        """At rest while nothing is in hand and every piece of every world sleeps: then the
        game's own state (:meth:`state_json`) and its computers' countdowns (their plain
        values) are the key, so a rule waiting, a count-in or a computer about to act keeps
        the window awake."""
        if self.hand.held is not None:
            return None
        for world in self.sound_worlds():
            if any(not piece.body.is_sleeping for piece in world.dynamic_pieces()):
                return None
        bots = getattr(self, "bots", {})
        countdowns = [
            sorted((name, value) for name, value in vars(bot).items() if _plain(value))
            for _, bot in sorted(bots.items())
        ]
        state = json.dumps(self.state_json(), sort_keys=True, default=str)
        return state, repr(countdowns), len(self.recorded)

    # -- state ---------------------------------------------------------------------------

    def result(self) -> dict[str, Any]:
        """The game's result, plus the pieces caught leaving the world, if any."""
        summary = super().result()
        if self.world.escapes:
            summary["escaped"] = [
                f"frame {e.frame}: {e.name}: {e.why}" for e in self.world.escapes[:5]
            ] + ([f"and {len(self.world.escapes) - 5} more"] if len(self.world.escapes) > 5 else [])
        return summary

    def state_json(self) -> Mapping[str, Any]:
        """The hand's part of the state (the bodies are in the world's digest); games add theirs."""
        held = self.hand.held
        return {
            "held": held.name if held else None,
            "hand_target": [self.hand.target.x, self.hand.target.y],
            "hand_velocity": [self.hand.smoothed_velocity.x, self.hand.smoothed_velocity.y],
        }


def _plain(value: object) -> bool:
    """A value a computer counts down or flags with (not its plans, minds or dice)."""
    return value is None or isinstance(value, bool | int | float | str)
