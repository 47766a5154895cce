"""The world's contact bookkeeping: materials on every contact, who touches whom, rolling
resistance and the impacts heard.

:class:`ContactBook` is the half of :class:`physics.world.World` that pymunk's collision
callbacks drive, split from the stepping (physics/world.py) along the seam the world already
had: it fits per-shape friction and elasticity so that most pairs need no Python per step,
keeps each piece's current contacts (``touching``, a lookup instead of a walk over arbiters),
notes landings for the world to carry (physics/landing.py), sets the rolling brakes of round
pieces, and reports new contacts to an impact listener (the window's sound). The state it
works on is created by ``World.__init__``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping

import pymunk

from physics.bounce import rebound
from physics.config import PhysicsConfig
from physics.landing import Landing, is_landing
from physics.piece import Impact, Piece


def _close(a: float, b: float) -> bool:
    """Equal up to rounding (a product of square roots is not always the exact double)."""
    return abs(a - b) <= 1e-12 * max(1.0, abs(b))


class ContactBook:
    """Materials, contacts and rolling resistance of a world's pieces (see the module docstring)."""

    # Created by World.__init__; listed here for the type checker.
    config: PhysicsConfig
    space: pymunk.Space
    pieces: dict[str, Piece]
    carry_landings: bool
    _materials: list[str]
    _piece_by_shape: dict[pymunk.Shape, Piece]
    _round_pieces: list[Piece]
    _rolling_motors: dict[Piece, pymunk.SimpleMotor]
    _pair_values: dict[tuple[str, str], tuple[float, float]]
    _shape_values: dict[str, tuple[float, float]]
    _exact_pairs: set[tuple[str, str]]
    _dynamic_materials: list[str]
    _static_materials: list[str]
    _fitted_to: str | None
    _contacts: dict[Piece, dict[Piece, None]]
    _rolling_contacts: dict[Piece, dict[Piece, float]]
    _rolling_values: dict[tuple[str, str], float]
    _movable: list[Piece]
    _movable_set: set[Piece]
    _untouched: dict[Piece, None]
    _landings: list[Landing]
    _landing_substeps: int
    _gravity: float
    _thaw_due: list[Piece]
    _light: bool
    _full_iterations: int
    # Counts every change of ``_contacts`` and of which pieces are frozen (physics/freeze.py
    # lists the pieces touching a frozen one again when it changes).
    _contact_version: int = 0

    def piece_of(self, shape: pymunk.Shape) -> Piece | None:
        """The piece whose shape is ``shape``, or None (the hand, a foreign shape)."""
        return self._piece_by_shape.get(shape)

    def _fit_shape_values(self) -> None:
        """Per-shape friction and elasticity whose products give as many pairs exactly as can be.

        pymunk multiplies the two shapes' values. A material with moving pieces gets the square
        root of its own pair's value, so same-material contacts are exact. A material whose
        pieces are all static (the felt table, the marble box's wooden ramps) never touches
        itself, so it gets the value that makes its pair with one moving material exact: the
        one with the most moving pieces (a table is touched by many disks and one marble),
        on a tie a round piece's (a marble rolls on a ramp for seconds on end). Only the pairs
        left inexact get a Python ``pre_solve`` callback on every step
        (:meth:`_set_pair_material`): in Free play the marble's on the wooden ramp and on the
        felt, where the disks' on the felt were 85 % of the calls when the felt was fitted to
        the marble.
        """
        config = self.config
        values: dict[str, tuple[float, float]] = {}
        for name in config.materials:
            values[name] = (
                math.sqrt(config.friction_of(name, name)),
                math.sqrt(config.restitution_of(name, name)),
            )
        partner = self._fitted_to = self._most_moving_material()
        for name in self._static_materials:
            if partner is None or name in self._dynamic_materials:
                continue
            friction, elasticity = values[partner]
            values[name] = (
                config.friction_of(name, partner) / friction if friction > 0 else values[name][0],
                (
                    config.restitution_of(name, partner) / elasticity
                    if elasticity > 0
                    else values[name][1]
                ),
            )
        self._shape_values = values
        exact: set[tuple[str, str]] = set()
        for (a, b), (friction, restitution) in self._pair_values.items():
            if _close(values[a][0] * values[b][0], friction) and _close(
                values[a][1] * values[b][1], restitution
            ):
                exact.add((a, b))
        self._exact_pairs = exact
        for piece in self.pieces.values():
            self._set_shape_material(piece)
        for index, name in enumerate(self._materials, start=1):
            for other_index, other in enumerate(self._materials[:index], start=1):
                pre_solve = (
                    pymunk.empty_callback if (name, other) in exact else self._set_pair_material
                )
                self.space.on_collision(index, other_index, pre_solve=pre_solve, data=(name, other))

    def _most_moving_material(self) -> str | None:
        """The material of the most moving pieces; on a tie a round piece's, then the first."""
        counts = {name: 0 for name in self._dynamic_materials}
        for piece in self._movable:
            if piece.material in counts:
                counts[piece.material] += 1
        rolling = {piece.material for piece in self._round_pieces}
        ranked = sorted(
            self._dynamic_materials, key=lambda name: (-counts[name], name not in rolling)
        )
        return ranked[0] if ranked else None

    def _set_shape_material(self, piece: Piece) -> None:
        """The fitted per-shape values (see :meth:`_fit_shape_values`)."""
        friction, elasticity = self._shape_values.get(piece.material, (0.0, 0.0))
        piece.shape.friction = friction
        piece.shape.elasticity = elasticity

    def _note_material(self, piece: Piece, *, refit: bool = False) -> None:
        """Refit the shape values when a material is first seen moving, or first static, or
        has come to have the most moving pieces."""
        kinds = self._static_materials if piece.is_static else self._dynamic_materials
        if piece.material not in kinds:
            kinds.append(piece.material)
            refit = True
        if refit or (not piece.is_static and self._most_moving_material() != self._fitted_to):
            self._fit_shape_values()
        self._set_shape_material(piece)

    def _material_id(self, name: str) -> int:
        """Collision type for a material; registers the pair handlers the first time.

        pymunk recomputes a contact's friction as the product of the two shapes' values on every
        step, so a value set once in ``begin`` is lost after the first step. Same-material pairs
        get the exact value from the square roots on the shapes (no callback); every pair of two
        different materials gets a ``pre_solve`` that sets the pair's own value on each step.
        Those contacts are few (a disk on the felt, a marble on a wooden ramp).
        """
        if name not in self._materials:
            self._materials.append(name)
            new_id = len(self._materials)
            for other_id, other in enumerate(self._materials, start=1):
                self.space.on_collision(
                    new_id,
                    other_id,
                    begin=self._begin_contact,
                    pre_solve=self._set_pair_material,
                    separate=self._end_contact,
                    data=(name, other),
                )
        return self._materials.index(name) + 1

    def _begin_contact(
        self, arbiter: pymunk.Arbiter, space: pymunk.Space, pair: tuple[str, str]
    ) -> None:
        """A new contact: noted, the pair's values, and a bounce from the moment of touching."""
        if self._light:  # (World.solve_lightly) the full iterations from this substep on
            self._light = False
            self.space.iterations = self._full_iterations
        first, second = arbiter.shapes
        one = self._piece_by_shape.get(first)
        other = self._piece_by_shape.get(second)
        if one is not None and other is not None:
            if one.frozen or other.frozen:
                # A moving piece met a frozen one (World.freeze), a static body to Chipmunk:
                # the contact waits one substep, after which the frozen ones are thawed and
                # the contact begins again between two moving pieces.
                arbiter.process_collision = False
                self._thaw_due.append(other if one.frozen else one)
                return
            self._contacts.setdefault(one, {})[other] = None
            self._contacts.setdefault(other, {})[one] = None
            self._contact_version += 1
            self._untouched.pop(one, None)
            self._untouched.pop(other, None)
            if one.rolls or other.rolls:
                up = abs(arbiter.normal.y)  # the contact's share of the weight per unit g m
                if one.rolls:
                    self._rolling_contacts.setdefault(one, {})[other] = up
                    self._set_rolling_torque(one)
                if other.rolls:
                    self._rolling_contacts.setdefault(other, {})[one] = up
                    self._set_rolling_torque(other)
            if self.carry_landings and one in self._movable_set and other in self._movable_set:
                landed = is_landing(arbiter)
                if landed is not None:
                    self._landings.append(Landing(*landed, self._landing_substeps))
        friction, restitution = self._pair_values[pair]
        arbiter.friction, arbiter.restitution = friction, restitution
        rebound(arbiter, restitution, space.gravity, space.current_time_step)

    def _end_contact(
        self, arbiter: pymunk.Arbiter, space: pymunk.Space, pair: tuple[str, str]
    ) -> None:
        first, second = arbiter.shapes
        one = self._piece_by_shape.get(first)
        other = self._piece_by_shape.get(second)
        if one is not None and other is not None:
            self._contact_version += 1
            for contacts in (self._contacts, self._rolling_contacts):
                contacts.get(one, {}).pop(other, None)
                contacts.get(other, {}).pop(one, None)
            for piece in (one, other):
                if not self._contacts.get(piece) and piece in self._movable_set:
                    self._untouched[piece] = None
            for piece in (one, other):
                if piece.rolls:
                    self._set_rolling_torque(piece)

    def touching(self, piece: Piece) -> list[Piece]:
        """The pieces ``piece`` is in contact with now, in the order the contacts began.

        Kept by the contact callbacks, so asking costs a lookup, not a walk over the contacts.
        """
        return list(self._contacts.get(piece, ()))

    def in_contact(self, piece: Piece) -> Iterable[Piece]:
        """:meth:`touching` without the copy, for a loop that changes no contact meanwhile."""
        return self._contacts.get(piece, {}).keys()

    def contacts_now(self) -> Mapping[Piece, Mapping[Piece, None]]:
        """Each piece's contacts now (:meth:`in_contact` of each), read only: for a loop over
        many pieces that changes no contact meanwhile."""
        return self._contacts

    def touches_kind(self, piece: Piece, kind: str) -> bool:
        """True if ``piece`` is in contact with a piece of ``kind`` now (a lookup, no list)."""
        return any(other.kind == kind for other in self._contacts.get(piece, ()))

    def touches_any(self, piece: Piece, others: frozenset[Piece]) -> bool:
        """True if ``piece`` is in contact with one of ``others`` now (one set test in C)."""
        return not others.isdisjoint(self._contacts.get(piece, ()))

    def _set_pair_material(
        self, arbiter: pymunk.Arbiter, space: pymunk.Space, pair: tuple[str, str]
    ) -> None:
        # Runs for every such contact on every substep: a lookup, nothing more. On the first
        # step ``_begin_contact`` has set the restitution (perhaps corrected for the bounce).
        friction, restitution = self._pair_values[pair]
        arbiter.friction = friction
        if not arbiter.is_first_contact:
            arbiter.restitution = restitution

    def _set_rolling_torque(self, piece: Piece) -> None:
        """Rolling resistance of a round piece, as the most torque a brake on its spin gives.

        pymunk's circles roll without loss, so a marble on felt would roll for ever. Each contact
        resists rolling with a torque C_rr × N × r (C_rr from the pair's ``rolling_resistance``,
        N the contact's share of the weight, |g · n| × m). A ``SimpleMotor`` of rate 0 between
        the piece and the world holds the spin back with at most that torque, in the solver on
        every substep, so it never reverses the spin and costs no Python per step; contact
        friction passes it on to the translation, so a rolling solid sphere slows by
        5/7 C_rr g on the flat, as the textbook has it. The torque is set when a contact begins
        or ends (with the normal it began with: round pieces roll on straight ramps and flat
        tables, whose normal does not turn) and when the config changes.
        """
        motor = self._rolling_motors.get(piece)
        if motor is None:
            return
        shape = piece.shape
        assert isinstance(shape, pymunk.Circle)
        values, material = self._rolling_values, piece.material
        resistance = sum(
            values[(material, surface.material)] * up
            for surface, up in self._rolling_contacts.get(piece, {}).items()
        )
        motor.max_force = resistance * self._gravity * piece.body.mass * shape.radius

    def _report_impacts(self, listener: Callable[[Impact], None]) -> None:
        """Tell ``listener`` of every contact that began in the last substep (awake pieces)."""
        seen: set[tuple[int, int]] = set()

        def hear(arbiter: pymunk.Arbiter) -> None:
            if not arbiter.is_first_contact:
                return
            first, second = arbiter.shapes
            key = (id(first), id(second)) if id(first) < id(second) else (id(second), id(first))
            if key in seen:
                return
            seen.add(key)
            a, b = self.piece_of(first), self.piece_of(second)
            if a is None or b is None:  # the hand
                return
            points = arbiter.contact_point_set.points
            point = points[0].point_a if points else pymunk.Vec2d(0.0, 0.0)
            listener(
                Impact(
                    a.name,
                    b.name,
                    float(arbiter.total_impulse.length),
                    (float(point.x), float(point.y)),
                    (a.kind, b.kind),
                    (a.material, b.material),
                )
            )

        for piece in self._movable:
            body = piece.body
            if body.body_type == pymunk.Body.DYNAMIC and not body.is_sleeping:
                body.each_arbiter(hear)
