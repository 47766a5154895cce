"""pymunk without its Python wrappers where that is safe: stepping, and asking who sleeps.

``pymunk.Space.step`` wraps Chipmunk's ``cpSpaceStep`` in Python that checks newly added
bodies, locks the space, and afterwards adds and removes what callbacks asked for and runs
post-step callbacks. In a running game nearly every substep has none of that to do, yet the
wrapper costs about as much Python as a whole frame of our own checks (a headless Wallamoppi
game takes about 130 000 substeps). :func:`direct_stepper` returns a step function that calls
``cpSpaceStep`` itself, with the space locked exactly as pymunk locks it, whenever nothing is
pending, and hands the substep to ``Space.step`` otherwise (bodies just added, shapes just
removed, or anything a callback queued, which is then finished by the same code pymunk runs).
The physics is the same call with the same arguments: traces and digests are bit-identical.

:class:`BodyWatch` asks Chipmunk directly whether each of a fixed list of bodies sleeps (the
rule checks ask it of every wall and tower disk on every frame): ``Body.is_sleeping`` is a
Python property around the same C call, and costs two to three times as much.

Both read pymunk's private attributes (pymunk 7); if they are not there (another pymunk), they
fall back to the public ``space.step`` and ``body.is_sleeping``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import compress
from operator import not_

import pymunk

try:  # pymunk's compiled Chipmunk
    from pymunk._chipmunk import ffi as _ffi
    from pymunk._chipmunk import lib as _chipmunk
except ImportError:  # pragma: no cover - another pymunk build
    _chipmunk = _ffi = None

# pymunk's bodies and shapes hold their Chipmunk handles where this module reads them (asked
# once, not at every call: the helpers below run for every body on every frame)
_DIRECT = (
    _chipmunk is not None
    and hasattr(pymunk.Body(), "_body")
    and hasattr(pymunk.Circle(None, 1.0), "_shape")
)

_PRIVATE = (
    "_space",
    "_locked",
    "_add_later",
    "_remove_later",
    "_post_step_callbacks",
    "_bodies_to_check",
    "_removed_shapes",
)


def direct_stepper(space: pymunk.Space) -> Callable[[float], None]:
    """A function stepping ``space`` by ``dt`` exactly as ``space.step(dt)`` does, cheaper."""
    if (
        _chipmunk is None
        or space.threaded
        or not all(hasattr(space, name) for name in _PRIVATE)
        or not hasattr(space, "_remove")
    ):
        return space.step
    cp_step = _chipmunk.cpSpaceStep
    handle = space._space
    add_later = space._add_later
    remove_later = space._remove_later
    post_step = space._post_step_callbacks
    to_check = space._bodies_to_check
    removed_shapes = space._removed_shapes
    slow_step = space.step

    def step(dt: float) -> None:
        if to_check or removed_shapes:  # pymunk's own step checks and clears these
            slow_step(dt)
            return
        space._locked = True
        try:
            cp_step(handle, dt)
        finally:
            space._locked = False
        if add_later or remove_later or post_step:
            _finish(space)

    return step


def idle_check(space: pymunk.Space) -> Callable[[], bool]:
    """A function telling whether pymunk has nothing pending for ``space``'s next step (no
    body just added to check, no shape just removed, nothing queued by a callback): skipping
    a step then loses nothing. With another pymunk it always says no."""
    if not all(hasattr(space, name) for name in _PRIVATE):
        return lambda: False
    pending = (
        space._bodies_to_check,
        space._removed_shapes,
        space._add_later,
        space._remove_later,
        space._post_step_callbacks,
    )

    def idle() -> bool:
        return not any(pending)

    return idle


def body_sleeps(body: pymunk.Body) -> bool:
    """``body.is_sleeping``, asked of Chipmunk directly where possible."""
    if not _DIRECT:
        return body.is_sleeping
    return bool(_chipmunk.cpBodyIsSleeping(body._body))


def wake_touching(body: pymunk.Body) -> None:
    """Wake every sleeping body touching the static ``body`` (Chipmunk's
    ``cpBodyActivateStatic``; by its arbiters where that is not reachable).

    A static body about to become dynamic must not touch a sleeping one: Chipmunk keeps a
    sleeping body's contacts out of its cache, and would find the pair again as a new contact
    and then restore the old one too (two arbiters for one pair, a contact graph that loops).
    """
    if _DIRECT:
        _chipmunk.cpBodyActivateStatic(body._body, _ffi.NULL)
        return
    others: list[pymunk.Body] = []
    body.each_arbiter(
        lambda arbiter: others.extend(
            shape.body for shape in arbiter.shapes if shape.body is not None
        )
    )
    for other in others:
        if other is not body and other.body_type == pymunk.Body.DYNAMIC:
            other.activate()


def pose_of(body: pymunk.Body) -> tuple[float, float, float]:
    """(angle, x, y) of ``body``: the floats of ``body.angle`` and ``body.position``, asked of
    Chipmunk directly where possible (no Vec2d)."""
    if not _DIRECT:
        x, y = body.position
        return body.angle, x, y
    handle = body._body
    position = _chipmunk.cpBodyGetPosition(handle)
    return _chipmunk.cpBodyGetAngle(handle), position.x, position.y


def position_of(body: pymunk.Body) -> tuple[float, float]:
    """The floats of ``body.position``, without a Vec2d where possible."""
    if not _DIRECT:
        x, y = body.position
        return x, y
    position = _chipmunk.cpBodyGetPosition(body._body)
    return position.x, position.y


def velocity_of(body: pymunk.Body) -> tuple[float, float]:
    """The floats of ``body.velocity``, without a Vec2d where possible."""
    if not _DIRECT:
        x, y = body.velocity
        return x, y
    velocity = _chipmunk.cpBodyGetVelocity(body._body)
    return velocity.x, velocity.y


def set_velocity(body: pymunk.Body, velocity: tuple[float, float]) -> None:
    """``body.velocity = velocity``: the same Chipmunk call, without pymunk's Python setter."""
    if not _DIRECT:
        body.velocity = velocity
        return
    _chipmunk.cpBodySetVelocity(body._body, velocity)


def cached_bb_height(shape: pymunk.Shape) -> tuple[float, float]:
    """(bottom, top) of ``shape.cache_bb()``: the same call (it updates the shape's box as
    pymunk's does), without the BB tuple where possible."""
    if not _DIRECT:
        box = shape.cache_bb()
        return box.bottom, box.top
    box = _chipmunk.cpShapeCacheBB(shape._shape)
    return box.b, box.t


def _finish(space: pymunk.Space) -> None:
    """What ``Space.step`` does after ``cpSpaceStep``: the adds, removes and post-step callbacks
    that callbacks queued while the space was locked (pymunk 7's order)."""
    space.add(*space._add_later)
    space._add_later.clear()
    removed: set[object] = set()
    while space._remove_later:
        to_remove, _ = space._remove_later.popitem()
        if to_remove not in removed:
            removed.add(to_remove)
            space._remove(to_remove)
    for key in space._post_step_callbacks:
        space._post_step_callbacks[key](space)
    space._post_step_callbacks.clear()


class BodyWatch:
    """Which of a fixed list of bodies sleep, asked of Chipmunk without Python per body."""

    def __init__(self, bodies: Sequence[pymunk.Body]) -> None:
        self.bodies = list(bodies)
        self._handles = (
            [body._body for body in self.bodies]
            if _chipmunk is not None and all(hasattr(body, "_body") for body in self.bodies)
            else None
        )

    def asleep(self) -> Iterable[bool | int]:
        """For each body, in order: true if it sleeps."""
        if self._handles is None:
            return (body.is_sleeping for body in self.bodies)
        return map(_chipmunk.cpBodyIsSleeping, self._handles)

    def sleeps(self, index: int) -> bool:
        """True if the body at ``index`` sleeps."""
        if self._handles is None:
            return self.bodies[index].is_sleeping
        return bool(_chipmunk.cpBodyIsSleeping(self._handles[index]))

    def awake(self) -> list[pymunk.Body]:
        """The bodies that do not sleep, in order (picked in C)."""
        if self._handles is None:
            return [body for body in self.bodies if not body.is_sleeping]
        asleep = map(_chipmunk.cpBodyIsSleeping, self._handles)
        return list(compress(self.bodies, map(not_, asleep)))

    def moves(self, index: int, idle: float) -> bool:
        """True unless the body at ``index`` has a kinetic energy of at most its mass ×
        ``idle`` (NaN moves): Chipmunk's own getters, as ``body.kinetic_energy`` and
        ``body.mass``, without pymunk's Python per property."""
        if self._handles is None:
            body = self.bodies[index]
            return not body.kinetic_energy <= body.mass * idle
        handle = self._handles[index]
        chipmunk = _chipmunk
        return not chipmunk.cpBodyKineticEnergy(handle) <= chipmunk.cpBodyGetMass(handle) * idle

    def all_asleep(self) -> bool:
        """True if every body sleeps (also for no bodies)."""
        if self._handles is None:
            return all(body.is_sleeping for body in self.bodies)
        return all(map(_chipmunk.cpBodyIsSleeping, self._handles))

    def poses(self, indices: Iterable[int] | None = None) -> list[tuple[float, float, float]]:
        """For each body, in order (or for the bodies at ``indices``): (x, y, angle), the same
        floats as ``body.position`` and ``body.angle`` (Chipmunk's own getters, without a
        Vec2d per body)."""
        bodies = self.bodies if indices is None else [self.bodies[n] for n in indices]
        if self._handles is None:
            return [(*body.position, body.angle) for body in bodies]
        handles = self._handles if indices is None else [self._handles[n] for n in indices]
        get_position, get_angle = _chipmunk.cpBodyGetPosition, _chipmunk.cpBodyGetAngle
        poses = []
        for handle in handles:
            position = get_position(handle)
            poses.append((position.x, position.y, get_angle(handle)))
        return poses

    def first_awake(self) -> pymunk.Body | None:
        """The first body that does not sleep, or None if all do (Chipmunk is asked no
        further)."""
        return next(compress(self.bodies, map(not_, self.asleep())), None)


def set_next_shape_id(space: pymunk.Space, shape_id: int) -> bool:
    """Give the next shape added to ``space`` the hash id ``shape_id``; False if not possible.

    Chipmunk numbers shapes as they are added; with a spatial hash the broadphase visits them,
    and so the solver meets their contacts, in the order of these ids (see physics/world.py).
    """
    if _chipmunk is None or not hasattr(space, "_space"):
        return False
    _chipmunk.cpSpaceSetShapeIDCounter(space._space, shape_id)
    return True
