"""A landing on a stack: the contacts under it start each substep with the load they carry.

Why: a disk dropped onto a *crooked* tower (each disk resting a little off the one below, as
the computer's aim leaves them) moved the disks below it by up to 0.13-0.2 mm, though a real
wooden tower does not budge (docs/physics-tuning.md, "A disk dropped onto the tower"). Not the
impact: a straight tower takes the same drops without moving. A sequential-impulse solver
starts each substep from the impulses its contacts ended the last one with (warm starting) and
corrects them with a few dozen passes; a new load on the top of a tall stack reaches the lower
contacts only after many substeps, and until then the contacts under an off-centre load are
out of balance: the tower bends inside the collision slop (where Chipmunk pushes nothing back)
and rocks, and the bend stays. Sixty iterations leave 0.13 mm; 500 iterations for 12 frames
after each landing leave 0.025 mm, at six times the CPU.

What: when a moving piece lands on a resting stack (:func:`is_landing`: a new contact between
two dynamic pieces, approaching faster than :data:`LANDING_SPEED`, its normal within
:data:`LANDING_COS` of the vertical), for :data:`LANDING_SECONDS` (the impact and the substeps
after it) :func:`carry` runs before every substep. It walks down the column under the landing,
one piece resting on exactly one piece, and writes into each contact the impulse a rigid column
passes down: the weight of the pieces above it plus what the landing contact carried in the
last substep, split between the contact's two points so that the moments balance. That is the
solution the solver would converge to if the column did not move; it becomes the solver's
starting point (its iterations still correct it), so the load arrives everywhere at once.
Disks dropped as the computer drops them (25 on Wallamoppi's wall, seeds 0-15) then move the
disks below 0.07 mm at most instead of 0.21, for about 0.3 ms of Python per landing (9 ms in a
headless Wallamoppi game). Carried for 1 substep only it is worse than not at all (the impact's
impulse is left in the lower contacts' start), for 5-24 substeps about as good, for 120 worse:
hence :data:`LANDING_SECONDS`.

The walk stops (and leaves the rest to the solver) at anything that is not a plain column: a
piece resting on two pieces (Wallamoppi's apex on the wall), on a static piece, a contact with
one point, a piece touched from the side or by two pieces above, a load that would tip. It only
sets where the solver starts, never a body's position or speed, so nothing can be flung.

The records are held from the walk on, and a landing ends for good as soon as one of them no
longer joins its two pieces or began again (:func:`_still`): Chipmunk recycles an ended record
for the next new contact in an order that follows memory addresses, and going on whenever a
recycled record happened to join the same pieces made a game depend on the process's heap.

It reads Chipmunk's contact records through pymunk's private ``_arbiter`` (pymunk 7, as
physics/stepper.py reads its private stepping state); without it nothing is done.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pymunk

LANDING_SPEED = 20.0  # mm/s: a slower new contact is a touch, not a landing
LANDING_COS = 0.9  # the landing's contact normal within about 25° of the vertical
LANDING_SECONDS = 1.0 / 60.0  # the impact (2-4 substeps) and a little after: 12 substeps
SUPPORT_COS = 0.9  # a contact this close to the vertical is a support (below) or a load


try:  # pymunk's compiled Chipmunk: the states of a contact record
    from pymunk._chipmunk import lib as _chipmunk

    _BEGUN = _chipmunk.CP_ARBITER_STATE_FIRST_COLLISION
    _TOUCHING: tuple[int, ...] = (_BEGUN, _chipmunk.CP_ARBITER_STATE_NORMAL)
except (ImportError, AttributeError):  # pragma: no cover - another pymunk build
    _BEGUN = -1
    _TOUCHING = ()


@dataclass
class _Level:
    """One contact of the column: its two points, where they are, the weight resting on it."""

    record: Any  # Chipmunk's cpArbiter (its contact points are a new array every step)
    lower: Any  # the two cpBodies (the record may name them in either order from step to step)
    upper: Any
    lower_x: float  # mm: x of their centres, from which the record measures its points
    upper_x: float
    up: float  # the vertical part of the contact's normal
    weight: float  # kg·mm/s per substep: the column's own pieces resting on this contact
    moment: float  # weight × x, summed


@dataclass
class Landing:
    """A piece that landed on ``base``: the column under ``base`` is carried for a while."""

    lander: pymunk.Body
    base: pymunk.Body
    substeps_left: int
    column: list[_Level] | None = None  # walked at the first carry
    record: Any = None  # the landing contact's cpArbiter
    ended: bool = False  # a contact of the column ended or began again: nothing more to carry


def is_landing(arbiter: pymunk.Arbiter) -> tuple[pymunk.Body, pymunk.Body] | None:
    """(lander, base) if this new contact is a moving piece landing on top of another.

    Both bodies dynamic, the normal near the vertical, the upper body approaching the lower one
    faster than :data:`LANDING_SPEED` at the contact.
    """
    first, second = arbiter.shapes
    body_a, body_b = first.body, second.body
    dynamic = pymunk.Body.DYNAMIC
    if body_a is None or body_b is None:
        return None
    if body_a.body_type != dynamic or body_b.body_type != dynamic:
        return None
    normal = arbiter.normal  # from a to b
    if abs(normal.y) < LANDING_COS:
        return None
    upper, lower = (body_a, body_b) if normal.y < 0 else (body_b, body_a)
    points = arbiter.contact_point_set.points
    if not points:
        return None
    where = points[0].point_a
    down = pymunk.Vec2d(0.0, -1.0)
    approach = (
        upper.velocity_at_world_point(where) - lower.velocity_at_world_point(where)
    ).dot(down)
    return (upper, lower) if approach > LANDING_SPEED else None


def _centre_x(body: pymunk.Body) -> float:
    """x of the centre of gravity in the world: ``body.local_to_world(body.center_of_gravity).x``
    (the same Chipmunk calls, without the Vec2ds where pymunk's handle is there)."""
    handle = getattr(body, "_body", None)
    if handle is None or not _TOUCHING:  # pragma: no cover - another pymunk
        return float(body.local_to_world(body.center_of_gravity).x)
    x: float = _chipmunk.cpBodyLocalToWorld(handle, _chipmunk.cpBodyGetCenterOfGravity(handle)).x
    return x


def _contacts(body: pymunk.Body) -> tuple[list[tuple[pymunk.Body, Any]], list[pymunk.Body], bool]:
    """(supports below as (body, cpArbiter), bodies resting on it, touched from the side)."""
    below: list[tuple[pymunk.Body, Any]] = []
    above: list[pymunk.Body] = []
    side = False

    def visit(arbiter: pymunk.Arbiter) -> None:
        nonlocal side
        first, second = arbiter.shapes
        mine_first = first.body is body
        other = second.body if mine_first else first.body
        if other is None:
            return
        up = arbiter.normal.y if mine_first else -arbiter.normal.y  # the normal from this body out
        if up <= -SUPPORT_COS:
            below.append((other, arbiter._arbiter))
        elif up >= SUPPORT_COS:
            above.append(other)
        else:
            side = True

    body.each_arbiter(visit)
    return below, above, side


def _joins(record: Any, one: Any, other: Any) -> bool:
    """The contact record joins these two cpBodies, in either order, and they touch (Chipmunk
    reuses the record of a contact that ended for another pair)."""
    if record.state not in _TOUCHING:
        return False
    a, b = record.body_a, record.body_b
    return (a == one and b == other) or (a == other and b == one)


def _still(landing: Landing, record: Any, one: Any, other: Any, walked_now: bool) -> bool:
    """Whether a record the landing holds is still the contact it was when the column was
    walked; once one is not, the landing carries nothing more (:attr:`Landing.ended`).

    Chipmunk recycles the record of a contact that ended for the next new contact, in the order
    of its record cache, a hash of memory addresses: a held record may come back joining the
    same two bodies, or not, depending on where the process's memory lies. Going on in the one
    case and stopping in the other made a game depend on the heap (a sweep row that was not
    the run: Animal upon Animal, seed 6). So a contact that ended, or began again since the
    walk (a record just handed out, recycled or not), ends the landing in every case."""
    if _joins(record, one, other) and (walked_now or record.state != _BEGUN):
        return True
    landing.ended = True
    return False


def _record_between(one: pymunk.Body, other: pymunk.Body) -> Any:
    """Chipmunk's contact record between two touching bodies, or None."""
    found: list[Any] = []

    def visit(arbiter: pymunk.Arbiter) -> None:
        first, second = arbiter.shapes
        if first.body is other or second.body is other:
            found.append(arbiter._arbiter)

    one.each_arbiter(visit)
    return found[0] if len(found) == 1 else None


def _walk(landing: Landing, gravity: float, dt: float) -> list[_Level]:
    """The plain column under the landing, top down, as far as it goes (module docstring)."""
    column: list[_Level] = []
    body, resting = landing.base, landing.lander
    dynamic = pymunk.Body.DYNAMIC
    weight = moment = 0.0
    while len(column) < 1000:  # a column is never this tall; a cycle cannot loop for ever
        below, above, side = _contacts(body)
        if side or len(below) != 1 or above != [resting]:
            break
        support, record = below[0]
        if support.body_type != dynamic or record.count != 2:
            break
        own = body.mass * gravity * dt
        weight += own
        moment += own * _centre_x(body)
        up = abs(record.n.y)
        lower_x, upper_x = _centre_x(support), _centre_x(body)
        column.append(
            _Level(record, support._body, body._body, lower_x, upper_x, up, weight, moment)
        )
        body, resting = support, body
    return column


def carry(landing: Landing, gravity: float, dt: float) -> None:
    """Write the column's static impulses under ``landing.base`` into its contacts (module doc).

    The column is walked once, at the first call: over a landing's few substeps it does not
    move by more than micrometres, so its weights and lever arms are kept; only the landing
    contact's impulse is read again on every call.
    """
    lander, base = landing.lander, landing.base
    if not _TOUCHING or lander.space is None or base.space is None:
        return
    if landing.ended:
        return
    walked_now = landing.column is None
    if walked_now:
        landing.record = _record_between(base, lander)
        if landing.record is None:  # not touching (yet: a contact restarted): try again
            return
        landing.column = _walk(landing, gravity, dt)
    record = landing.record
    if not landing.column or not _still(landing, record, lander._body, base._body, walked_now):
        return
    landing_x = _centre_x(lander if record.body_a == lander._body else base)
    up = abs(record.n.y)
    load = moment = 0.0
    for index in range(record.count):
        contact = record.contacts[index]
        push = contact.jnAcc * up
        load += push
        moment += push * (landing_x + contact.r1.x)
    for level in landing.column:
        contacts = level.record
        # _still(landing, contacts, level.lower, level.upper, walked_now), inline: each of
        # Chipmunk's fields read once (up to 36 levels on every substep of a landing)
        state, body_a, body_b, lower, upper = (
            contacts.state,
            contacts.body_a,
            contacts.body_b,
            level.lower,
            level.upper,
        )
        if not (
            state in _TOUCHING
            and ((body_a == lower and body_b == upper) or (body_a == upper and body_b == lower))
            and (walked_now or state != _BEGUN)
        ):
            landing.ended = True
            return
        if contacts.count != 2:
            return
        origin = level.lower_x if body_a == lower else level.upper_x
        points = contacts.contacts
        first, second = points[0], points[1]
        x1, x2 = origin + first.r1.x, origin + second.r1.x
        total = load + level.weight
        if total <= 0.0 or abs(x2 - x1) < 1e-9:
            return
        middle = (moment + level.moment) / total  # where the load above acts
        share = (x2 - middle) / (x2 - x1)
        if not 0.0 <= share <= 1.0:  # the load is past the contact's edge: it tips
            return
        first.jnAcc = total * share / level.up
        second.jnAcc = total * (1.0 - share) / level.up
