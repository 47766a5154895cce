"""Frozen pieces: moving pieces held still as static bodies until something moves them.

Chipmunk wakes a whole island of touching pieces when any of it is touched: a disk landing on
Wallamoppi's tower woke its 36-disk wall too (the wall and the tower were one island), and the
solver then worked on every disk of both at 60 iterations × 6 substeps. :class:`Freezer` is the
half of :class:`physics.world.World` that freezes pieces at rest (:meth:`Freezer.freeze`), so
that they join no island, and thaws them (:meth:`Freezer.thaw`) whenever something may move
them. See docs/physics-tuning.md, "A wall that sleeps between pulls".
"""

from __future__ import annotations

from collections.abc import Callable

import pymunk

from physics.config import PhysicsConfig
from physics.piece import Piece
from physics.stepper import BodyWatch, body_sleeps, wake_touching


class Freezer:
    """Freezing and thawing pieces (see the module docstring); a mixin of ``World``."""

    # Created by World.__init__; listed here for the type checker.
    config: PhysicsConfig
    space: pymunk.Space
    pieces: dict[str, Piece]
    _frozen: dict[Piece, tuple[float, float]]
    _thaw_due: list[Piece]
    thaw_with: Callable[[Piece], list[Piece]] | None
    _rest_watch: tuple[int, BodyWatch, list[pymunk.Body]] | None
    _last_awake: pymunk.Body | None
    _movable: list[Piece]
    _contacts: dict[Piece, dict[Piece, None]]
    _body_pieces: dict[pymunk.Body, Piece] | None
    _contact_version: int  # (ContactBook) changes whenever a contact or a frozen piece does
    # (watch, _contact_version, the pieces touching a frozen one) for _thaw_beside_moving
    _pressing: tuple[BodyWatch, int, list[tuple[int, list[Piece]]]] | None = None

    def _bodies_watch(self) -> tuple[int, BodyWatch, list[pymunk.Body]]:
        raise NotImplementedError  # World's

    def _number_shape(self, piece: Piece) -> None:
        raise NotImplementedError  # World's

    @property
    def frozen(self) -> bool:
        """True while some pieces are frozen (:meth:`freeze`)."""
        return bool(self._frozen)

    @property
    def frozen_count(self) -> int:
        """How many pieces are frozen now."""
        return len(self._frozen)

    def freeze(self, pieces: list[Piece]) -> None:
        """Hold ``pieces`` (asleep, at rest) still as static bodies until something moves them.

        Chipmunk wakes a whole island of touching pieces when any of it is touched (a disk
        landing on Wallamoppi's tower woke its wall too). A frozen piece is a static body to
        Chipmunk (in no island, not moved by the solver) until *thawed*, a moving piece again
        at rest where it was, its contacts' impulses kept: all of them when a moving piece
        makes a new contact with one (after that substep), when one is removed, and when
        sleeping is switched off; the one the hand takes and what :attr:`thaw_with` names
        (:meth:`thaw_for`). What slept with them (woken as a body's type changes) is put back
        to sleep together. Does nothing while sleeping is off.
        """
        if not self.config.world.sleeping:
            return
        dynamic, static = pymunk.Body.DYNAMIC, pymunk.Body.STATIC
        chosen = [p for p in pieces if not p.frozen and p.body.body_type == dynamic]
        if not chosen:
            return
        asleep = [
            body
            for body in self.space.bodies
            if body.body_type == dynamic and body_sleeps(body)
        ]
        for piece in chosen:  # out of any sleeping island first (it must not list a static body)
            piece.body.activate()
        for piece in chosen:
            body = piece.body
            self._frozen[piece] = (body.mass, body.moment)
            piece.frozen = True
            body.body_type = static
        self._contact_version += 1
        woken = [body for body in asleep if body.body_type == dynamic and not body_sleeps(body)]
        if woken:  # they slept before: asleep again, as one group
            woken[0].sleep()
            for body in woken[1:]:
                body.sleep_with_group(woken[0])
        self._rest_watch = None
        self._last_awake = None

    def thaw_for(self, piece: Piece) -> None:
        """Thaw ``piece`` and the frozen pieces :attr:`thaw_with` names for it (all if None)."""
        if self.thaw_with is None:
            self.thaw()
        else:
            self.thaw([piece, *self.thaw_with(piece)])

    def thaw(self, pieces: list[Piece] | None = None) -> None:
        """Make ``pieces`` (every frozen piece if None) moving pieces again, at rest and awake
        (:meth:`freeze`)."""
        if pieces is None:
            chosen = list(self._frozen)
        else:
            chosen = [piece for piece in dict.fromkeys(pieces) if piece.frozen]
        if not chosen:
            return
        for piece in chosen:  # first: nothing asleep may touch a body turning dynamic
            wake_touching(piece.body)
        dynamic = pymunk.Body.DYNAMIC
        for piece in chosen:
            mass, moment = self._frozen.pop(piece)
            body = piece.body
            body.body_type = dynamic
            body.mass = mass
            body.moment = moment
            piece.frozen = False
        self._contact_version += 1
        for piece in chosen:
            piece.body.activate()
        self._rest_watch = None
        self._last_awake = None

    def _thaw_beside_moving(self) -> None:
        """Thaw the frozen pieces touching a piece that moves (faster than ``idle_speed``,
        rotation included, as Chipmunk counts idle): what a moving piece presses on may move
        too. Chipmunk wakes a sleeping body touching a moving one within the step; a frozen
        one thaws after the frame, and then moves as it would have (a frame late)."""
        idle = self.config.world.idle_speed ** 2
        watch = self._bodies_watch()[1]
        # Only the pieces touching a frozen one can press on one: they are listed again only
        # when a contact or a frozen piece changes (or the watch does), and each frame asks
        # Chipmunk only about them, not about every body (the same pieces, in the same order,
        # as asking every awake body's energy first).
        pressing = self._pressing
        if pressing is None or pressing[0] is not watch or pressing[1] != self._contact_version:
            pressing = self._pressing = (watch, self._contact_version, self._pressers(watch))
        pressed: list[Piece] = []
        for index, frozen in pressing[2]:
            if not watch.sleeps(index) and watch.moves(index, idle):
                pressed.extend(frozen)
        if pressed:
            self.thaw(pressed)

    def _pressers(self, watch: BodyWatch) -> list[tuple[int, list[Piece]]]:
        """(index in ``watch``, the frozen pieces it touches in contact order) of each watched
        piece touching a frozen one, in the watch's order."""
        by_body = self._body_pieces
        if by_body is None or len(by_body) != len(self._movable):
            by_body = self._body_pieces = {piece.body: piece for piece in self._movable}
        contacts = self._contacts
        pressers: list[tuple[int, list[Piece]]] = []
        for index, body in enumerate(watch.bodies):
            piece = by_body.get(body)
            if piece is None:
                continue
            frozen = [other for other in contacts.get(piece, ()) if other.frozen]
            if frozen:
                pressers.append((index, frozen))
        return pressers

    def _thaw_touched(self) -> None:
        """Thaw every frozen piece after a moving one met one of them, and let each such
        contact begin again (it was put off for that substep: Chipmunk ignores a put-off
        contact until its shapes part, so the moving piece's shape is put back afresh)."""
        movers, self._thaw_due = self._thaw_due, []
        self.thaw()
        for piece in dict.fromkeys(movers):
            if self.pieces.get(piece.name) is piece and not piece.frozen:
                self.space.remove(piece.shape)
                self._number_shape(piece)
                self.space.add(piece.shape)
