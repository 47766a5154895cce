"""Bounces that keep their height: restitution from the moment of touching, not a substep later.

pymunk finds a contact only once the shapes overlap, up to one substep of travel after they
first touched, and bounces from there: a ball that fell into the table by ``d`` rebounds from
``d`` below the surface with ``e`` × its speed, so it loses height (at ``e`` = 0.3 and a 20 mm
drop, 11 to 38 % of the bounce; a low restitution loses it all). :func:`rebound` corrects the
first step of a new contact between a moving body and a static surface:

- It finds when, within the substep, the body touched the surface. pymunk's integrator is a
  leapfrog: after a step a body's position is exact for constant gravity, its stored velocity
  is the velocity half a substep later. So the normal distance ``s(t)`` before the contact is
  a known parabola, and its root is the moment of touching ``t_c``, ``τ`` before now.
- Had the bounce happened at ``t_c`` with restitution ``e``, the body would now be
  ``s = -e·w_c·τ + a·τ²/2`` off the surface (``w_c`` the approach speed at ``t_c``, ``a`` the
  normal part of gravity) and moving at ``-e·w_c + a·(τ + dt/2)`` half a substep on. The body
  is moved out to that distance, and the contact's restitution for this one step is set so
  that the solver gives it that speed. The solver still applies the impact impulse, so friction
  during the impact (spin of a marble hitting a ramp) is as before.

Only a body hitting a static (or kinematic) surface is corrected, and only when the rebound
leaves the surface for more than a few substeps: resting contacts, stacks and slow touches are
the solver's as before. Bodies meeting each other bounce as pymunk does.
"""

from __future__ import annotations

import math

import pymunk

# A rebound slower than this many substeps' worth of gravity is left to the solver: it would
# leave the surface for less than about twice that many substeps (a resting jitter, not a bounce).
MIN_FLIGHT_SUBSTEPS = 2.0


def rebound(arbiter: pymunk.Arbiter, restitution: float, gravity: pymunk.Vec2d, dt: float) -> None:
    """Correct the first step of a new contact so the bounce starts when the shapes touched.

    Call from a ``begin`` callback (collision detection has moved the bodies, velocities are
    those of the end of the last substep). ``dt`` is the substep, ``gravity`` the space's.
    """
    if restitution <= 0.0 or dt <= 0.0:
        return
    shape_a, shape_b = arbiter.shapes
    body_a, body_b = shape_a.body, shape_b.body
    if body_a is None or body_b is None:
        return
    dynamic = pymunk.Body.DYNAMIC
    if body_a.body_type == dynamic and body_b.body_type != dynamic:
        mover, normal = body_a, -arbiter.normal  # arbiter.normal points from a to b
        on_mover = 0
    elif body_b.body_type == dynamic and body_a.body_type != dynamic:
        mover, normal = body_b, arbiter.normal
        on_mover = 1
    else:
        return
    points = arbiter.contact_point_set.points
    if not points:
        return
    deepest = min(points, key=lambda point: point.distance)
    depth = -deepest.distance
    if depth <= 0.0:
        return
    where = deepest.point_a if on_mover == 0 else deepest.point_b
    surface = body_b if on_mover == 0 else body_a
    approach = (
        mover.velocity_at_world_point(where) - surface.velocity_at_world_point(where)
    ).dot(normal)
    accel = gravity.dot(normal)
    if approach >= 0.0:
        return
    # The normal distance s(t) = s_k + w (t - t_k) + a (t - t_k)² / 2, w the velocity now.
    s_now = -depth
    w_now = approach + accel * dt / 2
    root = max(w_now * w_now - 2.0 * accel * s_now, 0.0)
    denominator = math.sqrt(root) - w_now
    tau = -2.0 * s_now / denominator if denominator > 0.0 else dt
    tau = min(max(tau, 0.0), dt)
    w_touch = w_now - accel * tau
    rebound_speed = -restitution * w_touch + accel * (tau + dt / 2)
    if rebound_speed <= MIN_FLIGHT_SUBSTEPS * abs(accel) * dt:
        return
    s_ideal = -restitution * w_touch * tau + accel * tau * tau / 2
    mover.position += normal * (s_ideal - s_now)
    arbiter.restitution = rebound_speed / -approach
