"""The physics world: a pymunk ``Space`` advanced in fixed frames, each split into substeps.

Units are millimetres, kilograms and seconds; y points up and the table top is y = 0.
The world owns named :class:`Piece` objects (body + shape + material + tags) so games can tell
their pieces apart, applies the config's per-pair friction and restitution to every contact,
and hashes all body states into a digest for determinism checks and golden traces.

The contact bookkeeping (materials, who touches whom, rolling resistance, landings noted, impacts
heard) is :class:`physics.contacts.ContactBook`, the half of the world the collision callbacks
drive; :class:`Piece`, :class:`Layer` and :class:`Impact` live in physics/piece.py and are
re-exported here.

Contacts can be heard: set :attr:`World.impact_listener` and after each substep every contact
that began in it is reported as an :class:`Impact` (the two pieces, the impulse, where). It is
read-only (the bodies are not touched, so digests do not change) and costs nothing while no
one listens (the window's sound, games/ui/sound.py, is the listener).

No threads (threaded spaces break determinism) and nothing random: the same config, build and
inputs give a bit-identical trace in a fresh process.

Stacks stand where they are laid because of the order in which the solver meets their contacts.
A sequential-impulse solver that has not converged (every new load on a tall stack) leaves each
contact a little of the impulse meant for the next, always on the same side: a stack whose
contacts are met bottom to top leans one way, top to bottom the other way, by about the cube of
its height (a centred 36-disk stack 1 mm; one built a disk at a time 0.4 mm). Met in an order
that goes up and down the stack by turns (levels 0, 1, 4, 5, 8, 9, ... up, then ..., 7, 6, 3, 2
down), the leans cancel: 0.01 mm, at no cost. The space uses Chipmunk's spatial hash, whose
broadphase meets shapes in the order of their ids, and :meth:`World.add` numbers a moving
piece's shape by its stack level (its bottom's height in its own heights) through
:func:`_level_id`; :meth:`World.renumber` numbers a piece again where the hand lets it go (a
disk carried from the wall to the tower's top).

A piece landing on a stack (a new contact from above faster than 20 mm/s, or let go by the hand
resting on it) would reach the lower contacts of a tall stack only after many substeps, and a
crooked tower bends meanwhile; for 1/60 s after a landing :meth:`World.step` starts each
substep with the column's contacts carrying the load a rigid column would
(:mod:`physics.landing`; :attr:`World.carry_landings` switches it off for benchmarks).

Pieces at rest can be frozen (:mod:`physics.freeze`: static bodies to Chipmunk, out of the
island a touch wakes, until something may move them), and a piece carried alone, touching
nothing, is solved with few iterations and, while nothing is near it, stepped once a frame
(:mod:`physics.lightly`).

Bodies stay finite and inside the world. The world's bounds are the box round its static
pieces (table, ramps, box walls), widened by :data:`SIDE_MARGIN_MM` to each side and
:data:`CEILING_MM` upwards, with :data:`FLOOR_MARGIN_MM` below the lowest static piece. After
every frame a dynamic piece touching nothing that is outside them (it tunnelled through the
table at a coarse clock or was flung off the table), and every :data:`FULL_SCAN_FRAMES` frames
any dynamic piece outside them or whose position is not finite (a pile flown off together, the
solver blew up), is caught and put back by this rule: at rest, upright, just above the
highest static piece under its last x, held on the table (a piece's size in from its ends;
without a table, within the static pieces' width). Each catch is kept in :attr:`World.escapes`
(frame, name, why) and a game's result reports them; a normal game never has one.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pymunk

from datafiles.sha import sha256
from physics.config import PhysicsConfig
from physics.contacts import ContactBook
from physics.freeze import Freezer
from physics.landing import LANDING_SECONDS, Landing, carry
from physics.lightly import LIGHT_ITERATIONS as LIGHT_ITERATIONS
from physics.lightly import LightSolver
from physics.piece import Impact as Impact
from physics.piece import Layer as Layer
from physics.piece import Piece as Piece
from physics.stepper import (
    BodyWatch,
    body_sleeps,
    direct_stepper,
    idle_check,
    position_of,
    set_next_shape_id,
)

# A stack this many pieces high runs all of world.iterations and settles in with all of
# world.settle_iterations; a lower one needs fewer (see World._solver_iterations and
# World._settle_iterations). Wallamoppi's tallest tower is 36 disks.
FULL_STACK_LEVELS = 36.0

# The solver meets the contacts of a stack in an order that alternates up and down the stack
# (see the module docstring): levels 0, 1, 4, 5, 8, 9, ... going up, then ..., 7, 6, 3, 2 coming
# down. Chipmunk visits ids modulo its hash set's size (a prime above the number of moving
# shapes), so with 64 levels the order is exact in a world of 63 moving shapes or more
# (Wallamoppi's 72 disks) and nearly so in smaller ones.
SOLVER_ORDER_LEVELS = 64
SPATIAL_HASH_CELL_MM = 40.0  # about a disk's diameter
SPATIAL_HASH_MIN_CELLS = 16  # cells per moving shape: 4, at least this many (cleared every step)
STATIC_SHAPE_IDS = 1 << 20  # static shapes are numbered from here (their own index)


def _solver_order(levels: int = SOLVER_ORDER_LEVELS) -> dict[int, int]:
    """Shape id for each stack level: the rank of the level in the alternating order."""
    up = [level for level in range(levels) if (level // 2) % 2 == 0]
    down = [level for level in reversed(range(levels)) if (level // 2) % 2 == 1]
    return {level: rank for rank, level in enumerate(up + down)}


_SOLVER_IDS = _solver_order()


def _level_id(piece: Piece) -> int:
    """The shape id of a moving piece: its stack level's rank in the solver order.

    The level is how many of its own heights its bottom is above the table (y = 0); a piece
    higher than :data:`SOLVER_ORDER_LEVELS` levels, or below the table, is numbered after them.
    """
    bb = piece.shape.cache_bb()
    height = bb.top - bb.bottom
    if not (height > 0 and math.isfinite(bb.bottom)):
        return SOLVER_ORDER_LEVELS
    level = round(bb.bottom / height)
    return _SOLVER_IDS.get(level, SOLVER_ORDER_LEVELS + abs(level))


# pymunk treats an idle speed of 0 as "estimate one"; this is "only exact rest is idle" instead
# (its square, times a body's mass, is still a positive double).
EXACT_REST_SPEED = 1e-100


SIDE_MARGIN_MM = 500.0  # beyond the static pieces' left and right ends
FLOOR_MARGIN_MM = 100.0  # below the lowest static piece: the piece fell through
CEILING_MM = 50_000.0  # above the highest static piece (a piece flung up at 100 m/s stays in)
FULL_SCAN_FRAMES = 30  # every so many frames every piece is checked, not only the candidates


@dataclass(frozen=True)
class Escape:
    """A piece caught leaving the world and put back (see the module docstring)."""

    frame: int
    name: str
    why: str


class World(ContactBook, Freezer, LightSolver):
    """A pymunk space stepped at a fixed rate, with named pieces and contact materials."""

    def __init__(self, config: PhysicsConfig) -> None:
        self.space = pymunk.Space(threaded=False)
        self._hash_cells = SPATIAL_HASH_MIN_CELLS
        self.space.use_spatial_hash(SPATIAL_HASH_CELL_MM, self._hash_cells)
        self._static_ids = STATIC_SHAPE_IDS
        self._step_space = direct_stepper(self.space)  # space.step, without its idle Python
        self.pieces: dict[str, Piece] = {}
        self.frame = 0
        self._materials: list[str] = []
        self._piece_by_shape: dict[pymunk.Shape, Piece] = {}
        self._round_pieces: list[Piece] = []  # they get rolling resistance
        self._rolling_motors: dict[Piece, pymunk.SimpleMotor] = {}
        # (friction, restitution) of every ordered pair of materials, for the contact callback
        self._pair_values: dict[tuple[str, str], tuple[float, float]] = {}
        # (friction, elasticity) on each material's shapes; pairs whose product is exact
        self._shape_values: dict[str, tuple[float, float]] = {}
        self._exact_pairs: set[tuple[str, str]] = set()
        self._dynamic_materials: list[str] = []  # in the order their first piece came
        self._static_materials: list[str] = []
        self._fitted_to: str | None = None  # the moving material static-only ones are fitted to
        # the pieces each piece touches now, kept by the begin and separate callbacks
        self._contacts: dict[Piece, dict[Piece, None]] = {}
        # round pieces' contacts and the normal each began with, for rolling resistance
        self._rolling_contacts: dict[Piece, dict[Piece, float]] = {}
        self._rolling_values: dict[tuple[str, str], float] = {}
        self.config = config
        self.escapes: list[Escape] = []
        self._bounds: tuple[float, float, float, float] | None = None
        self._movable: list[Piece] = []  # pieces with a body of their own (not static)
        self._movable_set: set[Piece] = set()
        # movable pieces touching no piece now: the only ones that can leave the world unseen
        self._untouched: dict[Piece, None] = {}
        # Called with each new contact after every substep; None (nobody listens) costs nothing.
        self.impact_listener: Callable[[Impact], None] | None = None
        self._stack_changed = True  # the tallest stack is measured again before the next frame
        # Pieces that just landed on a stack: the column under each is carried for a few
        # substeps (physics/landing.py); benchmarks switch it off to compare.
        self.carry_landings = True
        self._landings: list[Landing] = []
        # Every non-static body of the space, for asking whether a frame would move anything
        # (:meth:`at_rest`); built again when the space's bodies change.
        self._rest_watch: tuple[int, BodyWatch, list[pymunk.Body]] | None = None
        self._movable_watch: BodyWatch | None = None  # the movable pieces' bodies, in order
        self._last_awake: pymunk.Body | None = None  # the body at_rest last found awake
        self._space_idle: Callable[[], bool] = lambda: False
        self.skip_still_frames = True  # benchmarks and tests switch it off to compare
        # False after a frame taken without stepping (:meth:`at_rest`): every dynamic body
        # slept through it, so rule checks that only look at awake bodies have nothing to do.
        self.stepped = True
        # Frozen pieces (:meth:`freeze`) with the mass and moment they get back when thawed;
        # _thaw_due is set by a contact a moving piece makes with one of them.
        self._frozen: dict[Piece, tuple[float, float]] = {}
        self._thaw_due: list[Piece] = []  # moving pieces that met a frozen one this substep
        self._body_pieces: dict[pymunk.Body, Piece] | None = None  # the movable, by body
        self._light = False  # solving lightly (solve_lightly)
        # the bodies' watch when solve_lightly last found the held piece alone (None: a body
        # may have woken since; step's ``alone``)
        self._light_watch: tuple[int, BodyWatch, list[pymunk.Body]] | None = None
        # True after a frame stepped with only its ``alone`` piece moving (step's ``alone``)
        self.stepped_alone = False
        self._full_iterations = 0  # the iterations when not
        # what else to thaw with a frozen piece the hand takes (None: every frozen piece)
        self.thaw_with: Callable[[Piece], list[Piece]] | None = None
        self.apply_config(config)

    # -- configuration -------------------------------------------------------------------

    def apply_config(self, config: PhysicsConfig) -> None:
        """Apply new constants to the running world (live tuning keeps bodies where they are)."""
        self.config = config
        settings = config.world
        # read on every frame: kept as plain numbers
        self._frame_seconds = settings.frame_seconds
        self._substeps = settings.substeps
        self._substep_seconds = settings.frame_seconds / settings.substeps
        self._landing_substeps = max(1, round(LANDING_SECONDS / self._substep_seconds))
        self._gravity = settings.gravity
        self.space.gravity = (0.0, -settings.gravity)
        self._stack_changed = True
        self._fit_iterations()
        # pymunk's damping is the fraction of velocity kept per second.
        self.space.damping = settings.damping
        self.space.collision_slop = settings.collision_slop
        self.space.collision_bias = settings.collision_bias
        self._apply_sleeping()
        self._pair_values = {
            (a, b): (config.friction_of(a, b), config.restitution_of(a, b))
            for a in config.materials
            for b in config.materials
        }
        self._rolling_values = {
            (a, b): config.rolling_resistance_of(a, b)
            for a in config.materials
            for b in config.materials
        }
        for name in sorted(config.materials):
            self._material_id(name)
        self._fit_shape_values()
        for piece in self._round_pieces:
            self._set_rolling_torque(piece)

    def _apply_sleeping(self) -> None:
        """Sleeping as the config says: ``sleeping``, ``sleep_time`` and ``idle_speed``.

        pymunk reads an idle speed of 0 as "estimate one from gravity" (about 14 mm/s here), so
        0 is passed as a speed so small that only a body at exact rest is idle. Switched off,
        nothing sleeps and whatever slept is woken.
        """
        settings = self.config.world
        self.space.idle_speed_threshold = max(settings.idle_speed, EXACT_REST_SPEED)
        if settings.sleeping:
            self.space.sleep_time_threshold = settings.sleep_time
            return
        self.space.sleep_time_threshold = math.inf
        self.thaw()
        self.wake_all()

    def wake_all(self) -> None:
        """Wake every dynamic body and restart its idle time (sleep needs a fresh sleep_time)."""
        self._light_watch = None  # (step's ``alone`` no longer holds)
        for body in self.space.bodies:
            if body.body_type == pymunk.Body.DYNAMIC:
                body.activate()

    # -- pieces --------------------------------------------------------------------------

    def add(self, piece: Piece) -> Piece:
        """Add a piece under its unique name."""
        if piece.name in self.pieces:
            raise ValueError(f"a piece named {piece.name!r} is already in the world")
        self._light_window = None  # a new shape may lie near a carried piece
        piece.shape.collision_type = self._material_id(piece.material)
        first_round = False
        if isinstance(piece.shape, pymunk.Circle) and piece.body.body_type == pymunk.Body.DYNAMIC:
            first_round = not self._round_pieces
            self._round_pieces.append(piece)
            piece.rolls = True
        self._number_shape(piece)
        if piece.body is self.space.static_body:
            self.space.add(piece.shape)
        else:
            self.space.add(piece.body, piece.shape)
        if piece.rolls:
            motor = pymunk.SimpleMotor(self.space.static_body, piece.body, 0.0)
            motor.max_force = 0.0
            self._rolling_motors[piece] = motor
            self.space.add(motor)
        self.pieces[piece.name] = piece
        self._piece_by_shape[piece.shape] = piece
        if piece.is_static:
            self._bounds = None
        else:
            self._movable.append(piece)
            self._movable_set.add(piece)
            self._rest_watch = self._movable_watch = None
            self._last_awake = None
            self._untouched[piece] = None  # until its first contact
            self._stack_changed = True
            if 4 * len(self._movable) > self._hash_cells:  # keep about 4 cells per moving shape
                self._hash_cells = 8 * len(self._movable)
                self.space.use_spatial_hash(SPATIAL_HASH_CELL_MM, self._hash_cells)
        self._note_material(piece, refit=first_round)
        return piece

    def renumber(self, piece: Piece) -> None:
        """Number ``piece`` for the stack level it is at now (a piece let go by the hand).

        The solver then meets its contacts in the alternating order of that level (module
        docstring). If the number changes its shape is taken out of the space and put back, so a
        contact it has now starts afresh (a released disk usually touches nothing yet). A piece
        let go resting on another puts its weight on it now: that is a landing too, and the
        column under it carries the weight from the first substep (physics/landing.py).
        """
        if piece.body.body_type != pymunk.Body.DYNAMIC or piece.name not in self.pieces:
            return
        self._stack_changed = True
        self._light_watch = None  # (step's ``alone`` no longer holds)
        if self.carry_landings:
            y = piece.body.position.y
            for other in self._contacts.get(piece, ()):
                body = other.body
                if body.body_type == pymunk.Body.DYNAMIC and body.position.y < y:
                    self._landings.append(Landing(piece.body, body, self._landing_substeps))
        if _level_id(piece) == getattr(piece.shape, "_hashid", None):
            return
        self.space.remove(piece.shape)
        self._number_shape(piece)
        self.space.add(piece.shape)

    def _number_shape(self, piece: Piece) -> None:
        """Number the next shape added: a moving piece by its stack level (:func:`_level_id`)."""
        if piece.body.body_type == pymunk.Body.STATIC:
            set_next_shape_id(self.space, self._static_ids)
            self._static_ids += 1
        else:
            set_next_shape_id(self.space, _level_id(piece))

    def remove(self, name: str) -> Piece:
        if self.pieces[name].frozen:
            self.thaw()
        piece = self.pieces.pop(name)
        self._light_window = None
        if piece.is_static:
            self._bounds = None
        elif piece in self._movable:
            self._movable.remove(piece)
            self._rest_watch = self._movable_watch = None
            self._last_awake = None
            self._movable_set.discard(piece)
            self._stack_changed = True
        self._untouched.pop(piece, None)
        self._piece_by_shape.pop(piece.shape, None)
        if piece in self._round_pieces:
            self._round_pieces.remove(piece)
            self._rolling_motors.pop(piece, None)
        for body in self._neighbours(piece):
            body.activate()
        for constraint in list(piece.body.constraints):
            if constraint in self.space.constraints:  # a body lists removed ones too
                self.space.remove(constraint)
        self.space.remove(piece.shape)
        if piece.body is not self.space.static_body:
            self.space.remove(piece.body)
        for contacts in (self._contacts, self._rolling_contacts):
            for other in contacts.pop(piece, {}):
                contacts.get(other, {}).pop(piece, None)
                if not self._contacts.get(other) and other in self._movable_set:
                    self._untouched[other] = None
        return piece

    def tagged(self, tag: str) -> list[Piece]:
        """Pieces carrying ``tag``, in the order they were added."""
        return [piece for piece in self.pieces.values() if tag in piece.tags]

    def dynamic_pieces(self) -> list[Piece]:
        """Pieces with dynamic bodies, in the order they were added."""
        dynamic = pymunk.Body.DYNAMIC
        return [piece for piece in self.pieces.values() if piece.body.body_type == dynamic]

    def _neighbours(self, piece: Piece) -> list[pymunk.Body]:
        """Dynamic bodies touching ``piece`` now (so removing it can wake them)."""
        bodies: list[pymunk.Body] = []

        def collect(arbiter: pymunk.Arbiter) -> None:
            for shape in arbiter.shapes:
                body = shape.body
                if body is None or body is piece.body:
                    continue
                if body.body_type == pymunk.Body.DYNAMIC:
                    bodies.append(body)

        if piece.body.body_type == pymunk.Body.DYNAMIC:
            piece.body.each_arbiter(collect)
        return bodies

    def piece_at(self, point: tuple[float, float], *, radius: float = 0.0) -> Piece | None:
        """The topmost dynamic piece under ``point`` (mm), within ``radius`` mm."""
        query = self.space.point_query_nearest(point, radius, pymunk.ShapeFilter())
        if query is None:
            return None
        piece = self.piece_of(query.shape)
        if piece is None or (piece.body.body_type != pymunk.Body.DYNAMIC and not piece.frozen):
            return None
        return piece

    # -- time ----------------------------------------------------------------------------

    @property
    def frame_seconds(self) -> float:
        return self._frame_seconds

    @property
    def time(self) -> float:
        """Simulated seconds since the world was built."""
        return self.frame * self.frame_seconds

    def at_rest(self) -> bool:
        """True if a frame would move no piece: every dynamic body sleeps, no landing is being
        carried, pymunk has nothing pending, and no kinematic body (the hand) turns.

        Chipmunk's step then changes no dynamic body and no contact (a sleeping body is
        neither integrated nor collided, its contacts are kept as they are, and the time stamps
        the step advances are reset when a body wakes); it only moves the kinematic bodies
        along their velocities, which :meth:`_move_kinematic` does the same way. Such a frame
        is taken without stepping and without a change to any trace or digest
        (``tests/physics/test_stepper.py`` checks that against stepping). Asked every frame,
        so the body found awake last time is asked first (a held piece stays awake for long).
        """
        if self._landings:
            return False
        awake = self._last_awake
        if awake is not None and not body_sleeps(awake):
            return False
        watch = self._bodies_watch()
        for body in watch[2]:
            if body.angular_velocity != 0.0:
                return False
        awake = watch[1].first_awake()
        self._last_awake = awake
        return awake is None and self._space_idle()

    def _bodies_watch(self) -> tuple[int, BodyWatch, list[pymunk.Body]]:
        """(how many bodies, a watch on the dynamic ones, the kinematic ones), built again when
        the space's bodies change (or their types: freezing drops the watch)."""
        space = self.space
        count = len(getattr(space, "_bodies", None) or space.bodies)
        watch = self._rest_watch
        if watch is None or watch[0] != count:
            bodies = space.bodies
            dynamic = [body for body in bodies if body.body_type == pymunk.Body.DYNAMIC]
            kinematic = [body for body in bodies if body.body_type == pymunk.Body.KINEMATIC]
            watch = self._rest_watch = (count, BodyWatch(dynamic), kinematic)
            self._space_idle = idle_check(space)
        return watch

    def still_frames(self, most: int) -> int:
        """How many of the next frames (at most ``most``) :meth:`step` would take without
        stepping and without doing anything else: the last frame was such a frame, nothing is
        awake (:meth:`at_rest`), no kinematic body moves, the tallest stack is not due to be
        measured again and no full scan for escapes is due (a full-scan frame is stepped as
        usual). A headless run jumps over them with :meth:`skip_still` (games/runs/headless.py)."""
        if self.stepped or not self.skip_still_frames or self._stack_changed or most <= 0:
            return 0
        until_scan = -self.frame % FULL_SCAN_FRAMES  # frames before the next full scan
        if until_scan == 0 or not self.at_rest():
            return 0
        if self._kinematic_moves():
            return 0
        return min(most, until_scan)

    def skip_still(self, frames: int) -> None:
        """Take ``frames`` frames that :meth:`still_frames` promised are still: only the frame
        counter moves, exactly as stepping them one by one would leave the world."""
        self.frame += frames

    def _kinematic_paths(
        self,
    ) -> Iterator[tuple[pymunk.Body, tuple[float, float], tuple[float, float]]]:
        """Each moving kinematic body with where it is and where one frame along its velocity
        takes it, substep by substep, with Chipmunk's arithmetic (``cpBodyUpdatePosition``:
        p + (v + v_bias) dt, v_bias zero)."""
        assert self._rest_watch is not None
        dt, substeps = self._substep_seconds, self._substeps
        for body in self._rest_watch[2]:
            vx, vy = body.velocity
            if vx == 0.0 and vy == 0.0:
                continue
            x0, y0 = x, y = body.position
            step_x, step_y = (vx + 0.0) * dt, (vy + 0.0) * dt
            for _ in range(substeps):
                x, y = x + step_x, y + step_y
            yield body, (x0, y0), (x, y)

    def _kinematic_moves(self) -> bool:
        """True if :meth:`_move_kinematic` would move a kinematic body (a velocity too small
        to change a position by Chipmunk's arithmetic moves nothing)."""
        for _, (x0, y0), (x, y) in self._kinematic_paths():
            if (x, y) != (x0, y0) or (math.copysign(1.0, x), math.copysign(1.0, y)) != (
                math.copysign(1.0, x0),
                math.copysign(1.0, y0),
            ):
                return True  # moved, or only a zero's sign changed (the digest would see it)
        return False

    def _move_kinematic(self) -> None:
        """Move every kinematic body one frame along its velocity (:meth:`_kinematic_paths`)."""
        for body, _, end in list(self._kinematic_paths()):
            body.position = end

    def step(self, alone: Piece | None = None) -> None:
        """Advance one fixed frame as ``substeps`` equal pymunk steps (none if :meth:`at_rest`).

        ``alone``: the caller's word that nothing has woken since :meth:`solve_lightly` last
        found this held piece the only one awake, touching nothing (games/wallamoppi/session.py
        knows its inputs and rules). Checked as far as the world can (still light, nothing
        thawed, frozen, added or laid since); if no contact begins in the substeps (one would
        end the light solving), nothing else woke and nothing frozen is pressed: the thaw
        check is not made and :attr:`stepped_alone` tells the caller (the same floats).
        """
        if self._stack_changed or self.frame % FULL_SCAN_FRAMES == 0:
            self._fit_iterations()
        if self.skip_still_frames and self.at_rest():
            self._move_kinematic()
            self._catch_escapes()
            self.frame += 1
            self.stepped = False
            self.stepped_alone = False
            return
        self.stepped = True
        watch = self._light_watch  # (None, or not the bodies' watch now: a body may have woken)
        lone = self._light and alone in self._untouched and not self._landings
        lone = lone and watch is not None and watch is self._rest_watch
        step, dt, substeps = self._step_space, self._substep_seconds, self._substeps
        if not self._landings and self._one_step(lone):
            dt, substeps = self._frame_seconds, 1  # nothing near the lone carried piece
        listener = self.impact_listener
        for _ in range(substeps):
            if self._landings:  # a piece just landed on a stack (physics/landing.py)
                self._carry_landings(dt)
            step(dt)
            if self._thaw_due:  # a moving piece touched a frozen one (freeze)
                self._thaw_touched()
            if listener is not None:  # the window's sound; None costs nothing
                self._report_impacts(listener)
        lone = lone and self._light  # (no contact began: it ends the light solving)
        if self._frozen and not lone:  # what a moving piece presses on thaws (freeze.py)
            self._thaw_beside_moving()
        escapes = len(self.escapes)
        self._catch_escapes()
        self.stepped_alone = lone and len(self.escapes) == escapes
        self.frame += 1

    def _carry_landings(self, dt: float) -> None:
        """Start the next substep with the columns under fresh landings carrying their load
        (:func:`physics.landing.carry`); a landing is carried for ``LANDING_SECONDS``."""
        gravity = self._gravity
        for landing in self._landings:
            carry(landing, gravity, dt)
            landing.substeps_left -= 1
        self._landings = [landing for landing in self._landings if landing.substeps_left > 0]

    # -- bounds --------------------------------------------------------------------------

    def bounds(self) -> tuple[float, float, float, float]:
        """(left, bottom, right, top) in mm: where a dynamic piece may be (module docstring)."""
        if self._bounds is None:
            boxes = [piece.shape.cache_bb() for piece in self.pieces.values() if piece.is_static]
            if not boxes:
                self._bounds = (-math.inf, -math.inf, math.inf, math.inf)
            else:
                self._bounds = (
                    min(bb.left for bb in boxes) - SIDE_MARGIN_MM,
                    min(bb.bottom for bb in boxes) - FLOOR_MARGIN_MM,
                    max(bb.right for bb in boxes) + SIDE_MARGIN_MM,
                    max(bb.top for bb in boxes) + CEILING_MM,
                )
        return self._bounds

    def _catch_escapes(self) -> None:
        """Put back every dynamic piece outside the bounds (see the module docstring).

        A piece that touches another can only be outside if that one is too, and the static
        pieces are inside: so every frame only the pieces touching nothing (flying, falling,
        held) are looked at, kept by the contact callbacks; every :data:`FULL_SCAN_FRAMES`
        frames all pieces are (a pile flying off together, a position that stopped being
        finite).
        """
        left, bottom, right, top = self._bounds or self.bounds()
        if self.frame % FULL_SCAN_FRAMES:
            # each read as it is looked at (a piece put back moves no other)
            for piece in list(self._untouched):
                x, y = position_of(piece.body)
                if left <= x <= right and bottom <= y <= top:  # NaN compares False: caught
                    continue
                if piece.body.body_type == pymunk.Body.DYNAMIC:
                    self._put_back(piece, x, y)
            return
        # every movable piece: their positions in one pass through Chipmunk
        watch = self._movable_watch
        if watch is None:
            watch = self._movable_watch = BodyWatch([piece.body for piece in self._movable])
        candidates = list(self._movable)
        positions = [(x, y) for x, y, _ in watch.poses()]
        for piece, (x, y) in zip(candidates, positions, strict=True):
            if left <= x <= right and bottom <= y <= top:  # NaN compares False: caught
                continue
            if piece.body.body_type == pymunk.Body.DYNAMIC:
                self._put_back(piece, x, y)

    def _put_back(self, piece: Piece, x: float, y: float) -> None:
        if not (math.isfinite(x) and math.isfinite(y)):
            why = "its position stopped being a finite number"
        elif y < self.bounds()[1]:
            why = f"it fell through the table (y = {y:.0f} mm)"
        else:
            why = f"it left the world at ({x:.0f}, {y:.0f}) mm"
        self.escapes.append(Escape(self.frame, piece.name, why))
        statics = [p.shape.cache_bb() for p in self.pieces.values() if p.is_static]
        reach = max(piece.size)
        tables = [p.shape for p in self.pieces.values() if p.kind == "table"]
        ends = [x for t in tables if isinstance(t, pymunk.Segment) for x in (t.a.x, t.b.x)]
        ends += [x for t in tables if isinstance(t, pymunk.Poly) for x in (t.bb.left, t.bb.right)]
        low = min(ends or [bb.left for bb in statics] or [0.0]) + reach
        high = max(ends or [bb.right for bb in statics] or [0.0]) - reach
        home_x = min(max(x, low), high) if math.isfinite(x) and low <= high else (low + high) / 2
        # Just above whatever static piece lies under that x (a short drop cannot tunnel).
        under = [bb.top for bb in statics if bb.left - reach <= home_x <= bb.right + reach]
        ceiling = max(under, default=max((bb.top for bb in statics), default=0.0))
        self.lay_at_rest(piece, (home_x, ceiling + reach / 2 + 1.0))

    def lay_at_rest(
        self, piece: Piece, position: tuple[float, float], angle: float = 0.0
    ) -> None:
        """Put ``piece`` at ``position`` (mm) and ``angle``, at rest and awake (a hand setting
        it down, a fallen piece put back). A frozen piece moved so thaws every frozen piece
        (what rested on it may fall)."""
        if piece.frozen:
            self.thaw()
        self._light_watch = None  # (woken: step's ``alone`` no longer holds)
        body = piece.body
        body.position = position
        body.angle = angle
        body.velocity = (0.0, 0.0)
        body.angular_velocity = 0.0
        self.space.reindex_shapes_for_body(body)
        body.activate()
        self._stack_changed = True

    def settle_in(self) -> None:
        """Let a freshly laid scene take up its weight gently, before the first frame.

        A sequential-impulse solver starts with no contact impulses cached, so in the first
        frames a tall stack is nearly in free fall: the top of a 35-disk tower sags by
        millimetres, and the sag starts a rocking that topples it within seconds, whatever the
        substeps. Here gravity is ramped from 0 to full over ``settle_seconds`` while the solver
        runs ``settle_iterations``: the contacts build up their impulses (warm starting) with
        nothing moving, and the normal settings then keep them. Nothing sleeps during the
        settle-in, and it does not count towards ``sleep_time``: play starts with every body
        awake and its idle time at zero. Call it once after laying the pieces and before play;
        it does not advance :attr:`frame`. Anything laid in mid-air falls with the weaker
        gravity meanwhile.
        """
        self.thaw()  # (frozen pieces, World.freeze, settle in with the rest)
        settings = self.config.world
        frames = round(settings.settle_seconds * settings.step_hz)
        substeps = settings.substeps
        dt = self.frame_seconds / substeps
        self.space.iterations = self._settle_iterations()
        # The settle-in does not count towards sleep: nothing sleeps during it, and every body
        # starts play with a fresh idle time (a tower still taking up its weight stays awake).
        self.wake_all()
        self.space.sleep_time_threshold = math.inf
        try:
            for frame in range(frames):
                self.space.gravity = (0.0, -settings.gravity * (frame + 1) / frames)
                for _ in range(substeps):
                    self.space.step(dt)
        finally:
            self.space.gravity = (0.0, -settings.gravity)
            self._fit_iterations()
            self._apply_sleeping()
            self.wake_all()

    def _settle_iterations(self) -> int:
        """Solver iterations for the settle-in: ``settle_iterations`` for the tallest stacks.

        A stack that has not converged while it takes up its weight leans a little (with the
        alternating contact order of the module docstring, a centred 36-disk stack 0.011 mm at
        100 iterations and 0.001 mm at 1000; 0.96 and 0.09 mm with Chipmunk's own order).
        Iterations buy that back, and a settle-in runs once per scene, but a low scene need not
        pay for a tall one: ``settle_iterations`` is used for a stack of
        :data:`FULL_STACK_LEVELS` pieces or more, and a lower one gets that times the square of
        its share of the height, never fewer than play runs (:meth:`_solver_iterations`).
        """
        levels = self._stack_levels()
        share = min(1.0, levels / FULL_STACK_LEVELS) ** 2
        settle = round(self.config.world.settle_iterations * share)
        return max(self._solver_iterations(levels), settle)

    def _fit_iterations(self) -> None:
        """Set the solver's iterations for the tallest stack as it stands now."""
        self._stack_changed = False
        self._full_iterations = self._solver_iterations()
        if not self._light:
            self.space.iterations = self._full_iterations

    def _solver_iterations(self, levels: float | None = None) -> int:
        """Solver iterations per substep for a world whose tallest stack is ``levels`` high.

        Each iteration of a sequential-impulse solver passes a load about one contact further
        along a chain, so the iterations a stack needs to stand still grow with its height:
        ``world.iterations`` is for a stack of :data:`FULL_STACK_LEVELS` pieces, a lower one gets
        its share of them, and never fewer than ``world.low_stack_iterations`` (20 hold Free
        play's 8-disk stack and any stack its 13 pieces make within 0.01 mm, where 60 cost
        twice the CPU: docs/physics-tuning.md). Measured again whenever a piece is added,
        removed, let go or put down, and every :data:`FULL_SCAN_FRAMES` frames (a stack falls or
        grows only by moving pieces, and more iterations than needed only cost time).
        """
        settings = self.config.world
        least = min(settings.low_stack_iterations, settings.iterations)
        if least == settings.iterations:
            return least
        if levels is None:
            levels = self._stack_levels()
        share = min(1.0, levels / FULL_STACK_LEVELS)
        return max(least, round(settings.iterations * share))

    def _stack_levels(self) -> float:
        """How many pieces high the tallest stack of dynamic pieces is (height / thinnest,
        rounded: pieces are laid slightly into each other). A piece in the air counts as if
        stacked up to where it is: more iterations than needed cost only time."""
        top = 0.0
        thinnest = math.inf
        for piece in self._movable:
            if piece.body.body_type != pymunk.Body.DYNAMIC:
                continue
            bb = piece.shape.bb
            top = max(top, bb.top)
            thinnest = min(thinnest, bb.top - bb.bottom)
        return round(top / thinnest) if thinnest > 0 and math.isfinite(thinnest) else 0.0

    def run(self, seconds: float) -> None:
        """Advance whole frames until ``seconds`` of simulated time have passed."""
        for _ in range(round(seconds / self.frame_seconds)):
            self.step()

    # -- state ---------------------------------------------------------------------------

    def body_states(self) -> Iterator[tuple[str, tuple[float, ...]]]:
        """(name, (x, y, angle, vx, vy, w)) for every non-static piece, in name order."""
        for name in sorted(self.pieces):
            piece = self.pieces[name]
            if piece.is_static:  # (a frozen piece is not)
                continue
            body = piece.body
            x, y = body.position
            vx, vy = body.velocity
            yield name, (x, y, body.angle, vx, vy, body.angular_velocity)

    def digest(self) -> str:
        """SHA-256 over the exact bits of every body's state: equal only for identical traces."""
        hasher = sha256()
        hasher.update(struct.pack("<q", self.frame))
        for name, state in self.body_states():
            hasher.update(name.encode())
            hasher.update(struct.pack("<6d", *state))
        return hasher.hexdigest()
