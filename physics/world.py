"""The physics world: a pymunk ``Space`` advanced in fixed frames, each split into substeps.

Units are millimetres, kilograms and seconds; y points up and the table top is y = 0.
The world owns named :class:`Piece` objects (body + shape + material + tags) so games can tell
their pieces apart, applies the config's per-pair friction and restitution to every contact,
and hashes all body states into a digest for determinism checks and golden traces.

Contacts can be heard: set :attr:`World.impact_listener` and after each substep every contact
that began in it is reported as an :class:`Impact` (the two pieces, the impulse, where). It is
read-only (the bodies are not touched, so digests do not change) and costs nothing while no
one listens (the window's sound, games/ui/sound.py, is the listener).

No threads (threaded spaces break determinism) and nothing random: the same config, build and
inputs give a bit-identical trace in a fresh process.

Bodies stay finite and inside the world. The world's bounds are the box round its static
pieces (table, ramps, box walls), widened by :data:`SIDE_MARGIN_MM` to each side and
:data:`CEILING_MM` upwards, with :data:`FLOOR_MARGIN_MM` below the lowest static piece. After
every frame a dynamic piece that is outside them or whose position is not finite (it tunnelled
through the table at a coarse clock, was flung off the table, or the solver blew up) is
caught and put back by this rule: at rest, upright, just above the highest static piece
under its last x, held on the table (a piece's size in from its ends; without a table, within
the static pieces' width). Each catch is kept in :attr:`World.escapes`
(frame, name, why) and a game's result reports them; a normal game never has one.
"""

from __future__ import annotations

import enum
import hashlib
import math
import struct
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import pymunk

from physics.config import PhysicsConfig


class Layer(enum.IntFlag):
    """Collision layers. A held piece can be lifted out of chosen layers (see ``physics.grab``)."""

    TABLE = 1 << 0
    FREE = 1 << 1  # loose pieces: free play, fallen disks
    WALL = 1 << 2  # Wallamoppi's wall
    TOWER = 1 << 3  # a stack being built
    SCENERY = 1 << 4  # ramps, chutes, box walls
    HAND = 1 << 5  # the kinematic hand itself never collides

    @classmethod
    def all(cls) -> Layer:
        return cls.TABLE | cls.FREE | cls.WALL | cls.TOWER | cls.SCENERY


@dataclass(frozen=True)
class Impact:
    """A contact that began this substep: who hit what, how hard (kg·mm/s), and where (mm)."""

    a: str
    b: str
    impulse: float
    point: tuple[float, float]
    kinds: tuple[str, str]  # the pieces' kinds ("disk", "table", "marble", ...)
    materials: tuple[str, str]


@dataclass(eq=False)
class Piece:
    """A named body in the world with its shape, material and the tags a game gave it."""

    name: str
    kind: str  # "disk", "cylinder", "marble", "ramp", "wall", "table"
    material: str
    body: pymunk.Body
    shape: pymunk.Shape
    size: tuple[float, float]  # mm: (width, height) for boxes, (diameter, diameter) for circles
    layer: Layer = Layer.FREE
    tags: set[str] = field(default_factory=set)

    @property
    def position(self) -> pymunk.Vec2d:
        return self.body.position

    @property
    def is_static(self) -> bool:
        return self.body.body_type == pymunk.Body.STATIC

    def set_layer(self, layer: Layer, collides_with: Layer | None = None) -> None:
        """Put the piece on ``layer``, colliding with ``collides_with`` (default: everything)."""
        self.layer = layer
        mask = Layer.all() if collides_with is None else collides_with
        self.shape.filter = pymunk.ShapeFilter(categories=int(layer), mask=int(mask))


SIDE_MARGIN_MM = 500.0  # beyond the static pieces' left and right ends
FLOOR_MARGIN_MM = 100.0  # below the lowest static piece: the piece fell through
CEILING_MM = 50_000.0  # above the highest static piece (a piece flung up at 100 m/s stays in)


@dataclass(frozen=True)
class Escape:
    """A piece caught leaving the world and put back (see the module docstring)."""

    frame: int
    name: str
    why: str


class World:
    """A pymunk space stepped at a fixed rate, with named pieces and contact materials."""

    def __init__(self, config: PhysicsConfig) -> None:
        self.space = pymunk.Space(threaded=False)
        self.pieces: dict[str, Piece] = {}
        self.frame = 0
        self._materials: list[str] = []
        self._piece_by_shape: dict[pymunk.Shape, Piece] = {}
        self._round_pieces: list[Piece] = []  # they get rolling resistance each frame
        # (friction, restitution) of every ordered pair of materials, for the contact callback
        self._pair_values: dict[tuple[str, str], tuple[float, float]] = {}
        self.config = config
        self.escapes: list[Escape] = []
        self._bounds: tuple[float, float, float, float] | None = None
        self._movable: list[Piece] = []  # pieces with a body of their own (not static)
        # Called with each new contact after every substep; None (nobody listens) costs nothing.
        self.impact_listener: Callable[[Impact], None] | None = None
        self.apply_config(config)

    # -- configuration -------------------------------------------------------------------

    def apply_config(self, config: PhysicsConfig) -> None:
        """Apply new constants to the running world (live tuning keeps bodies where they are)."""
        self.config = config
        settings = config.world
        self.space.gravity = (0.0, -settings.gravity)
        self.space.iterations = settings.iterations
        # pymunk's damping is the fraction of velocity kept per second.
        self.space.damping = settings.damping
        self.space.collision_slop = settings.collision_slop
        self.space.collision_bias = settings.collision_bias
        self.space.sleep_time_threshold = settings.sleep_time
        self.space.idle_speed_threshold = settings.idle_speed
        self._pair_values = {
            (a, b): (config.friction_of(a, b), config.restitution_of(a, b))
            for a in config.materials
            for b in config.materials
        }
        for name in sorted(config.materials):
            self._material_id(name)
        for piece in self.pieces.values():
            self._set_shape_material(piece)

    def _set_shape_material(self, piece: Piece) -> None:
        """Per-shape values whose product is the same-material pair's value (pymunk multiplies)."""
        material = piece.material
        piece.shape.friction = math.sqrt(self.config.friction_of(material, material))
        piece.shape.elasticity = math.sqrt(self.config.restitution_of(material, material))

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
                if other_id != new_id:
                    self.space.on_collision(
                        new_id, other_id, pre_solve=self._set_pair_material, data=(name, other)
                    )
        return self._materials.index(name) + 1

    def _set_pair_material(
        self, arbiter: pymunk.Arbiter, space: pymunk.Space, pair: tuple[str, str]
    ) -> None:
        # Runs for every such contact on every substep: a lookup, nothing more.
        arbiter.friction, arbiter.restitution = self._pair_values[pair]

    # -- pieces --------------------------------------------------------------------------

    def add(self, piece: Piece) -> Piece:
        """Add a piece under its unique name."""
        if piece.name in self.pieces:
            raise ValueError(f"a piece named {piece.name!r} is already in the world")
        piece.shape.collision_type = self._material_id(piece.material)
        self._set_shape_material(piece)
        if piece.body is self.space.static_body:
            self.space.add(piece.shape)
        else:
            self.space.add(piece.body, piece.shape)
        self.pieces[piece.name] = piece
        self._piece_by_shape[piece.shape] = piece
        if piece.is_static:
            self._bounds = None
        else:
            self._movable.append(piece)
        if isinstance(piece.shape, pymunk.Circle) and piece.body.body_type == pymunk.Body.DYNAMIC:
            self._round_pieces.append(piece)
        return piece

    def _resist_rolling(self, piece: Piece, seconds: float) -> None:
        """Rolling resistance for a round piece over ``seconds`` (once per frame).

        pymunk's circles roll without loss, so a marble on felt would roll for ever. Each contact
        resists rolling with a torque C_rr × N × r (C_rr from the pair's ``rolling_resistance``,
        N the contact's share of the weight, |g · n| × m), applied as an angular impulse that
        never reverses the spin; contact friction passes it on to the translation, so a rolling
        solid sphere slows by 5/7 C_rr g on the flat, as the textbook has it. Applied once per
        frame rather than per substep: the same impulse, a sixth of the Python calls.
        """
        body = piece.body
        spin = body.angular_velocity
        if spin == 0.0 or body.is_sleeping:
            return
        shape = piece.shape
        assert isinstance(shape, pymunk.Circle)
        gravity = self.space.gravity
        torque = 0.0

        def resist(arbiter: pymunk.Arbiter) -> None:
            nonlocal torque
            first, second = arbiter.shapes
            surface = self._piece_by_shape.get(second if first is shape else first)
            if surface is None:
                return
            coefficient = self.config.rolling_resistance_of(piece.material, surface.material)
            torque += coefficient * body.mass * abs(gravity.dot(arbiter.normal)) * shape.radius

        body.each_arbiter(resist)
        slowdown = torque * seconds / body.moment
        if slowdown >= abs(spin):
            body.angular_velocity = 0.0
        else:
            body.angular_velocity = spin - math.copysign(slowdown, spin)

    def remove(self, name: str) -> Piece:
        piece = self.pieces.pop(name)
        if piece.is_static:
            self._bounds = None
        elif piece in self._movable:
            self._movable.remove(piece)
        self._piece_by_shape.pop(piece.shape, None)
        if piece in self._round_pieces:
            self._round_pieces.remove(piece)
        for body in self._neighbours(piece):
            body.activate()
        for constraint in list(piece.body.constraints):
            if constraint in self.space.constraints:  # a body lists removed ones too
                self.space.remove(constraint)
        self.space.remove(piece.shape)
        if piece.body is not self.space.static_body:
            self.space.remove(piece.body)
        return piece

    def tagged(self, tag: str) -> list[Piece]:
        """Pieces carrying ``tag``, in the order they were added."""
        return [piece for piece in self.pieces.values() if tag in piece.tags]

    def dynamic_pieces(self) -> list[Piece]:
        """Pieces with dynamic bodies, in the order they were added."""
        dynamic = pymunk.Body.DYNAMIC
        return [piece for piece in self.pieces.values() if piece.body.body_type == dynamic]

    def piece_of(self, shape: pymunk.Shape) -> Piece | None:
        """The piece whose shape is ``shape``, or None (the hand, a foreign shape)."""
        return self._piece_by_shape.get(shape)

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
        if piece is None or piece.body.body_type != pymunk.Body.DYNAMIC:
            return None
        return piece

    # -- time ----------------------------------------------------------------------------

    @property
    def frame_seconds(self) -> float:
        return self.config.world.frame_seconds

    @property
    def time(self) -> float:
        """Simulated seconds since the world was built."""
        return self.frame * self.frame_seconds

    def step(self) -> None:
        """Advance one fixed frame as ``substeps`` equal pymunk steps."""
        substeps = self.config.world.substeps
        dt = self.frame_seconds / substeps
        for _ in range(substeps):
            self.space.step(dt)
            if self.impact_listener is not None:
                self._report_impacts(self.impact_listener)
        for piece in self._round_pieces:
            self._resist_rolling(piece, self.frame_seconds)
        self._catch_escapes()
        self.frame += 1

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
        left, bottom, right, top = self._bounds or self.bounds()
        for piece in self._movable:
            body = piece.body
            x, y = body.position
            if left <= x <= right and bottom <= y <= top:  # NaN compares False: caught
                continue
            if body.body_type == pymunk.Body.DYNAMIC:
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
        low = min(ends or [bb.left for bb in statics] or [0.0]) + reach
        high = max(ends or [bb.right for bb in statics] or [0.0]) - reach
        home_x = min(max(x, low), high) if math.isfinite(x) and low <= high else (low + high) / 2
        # Just above whatever static piece lies under that x (a short drop cannot tunnel).
        under = [bb.top for bb in statics if bb.left - reach <= home_x <= bb.right + reach]
        ceiling = max(under, default=max((bb.top for bb in statics), default=0.0))
        body = piece.body
        body.angle = 0.0
        body.velocity = (0.0, 0.0)
        body.angular_velocity = 0.0
        body.position = (home_x, ceiling + reach / 2 + 1.0)
        self.space.reindex_shapes_for_body(body)
        body.activate()

    def settle_in(self) -> None:
        """Let a freshly laid scene take up its weight gently, before the first frame.

        A sequential-impulse solver starts with no contact impulses cached, so in the first
        frames a tall stack is nearly in free fall: the top of a 35-disk tower sags by
        millimetres, and the sag starts a rocking that topples it within seconds, whatever the
        substeps. Here gravity is ramped from 0 to full over ``settle_seconds`` while the solver
        runs ``settle_iterations``: the contacts build up their impulses (warm starting) with
        nothing moving, and the normal settings then keep them; sleeping stops what creep is
        left. Call it once after laying the pieces and before play; it does not advance
        :attr:`frame`. Anything laid in mid-air falls with the weaker gravity meanwhile.
        """
        settings = self.config.world
        frames = round(settings.settle_seconds * settings.step_hz)
        substeps = settings.substeps
        dt = self.frame_seconds / substeps
        self.space.iterations = settings.settle_iterations
        try:
            for frame in range(frames):
                self.space.gravity = (0.0, -settings.gravity * (frame + 1) / frames)
                for _ in range(substeps):
                    self.space.step(dt)
        finally:
            self.space.gravity = (0.0, -settings.gravity)
            self.space.iterations = settings.iterations

    def run(self, seconds: float) -> None:
        """Advance whole frames until ``seconds`` of simulated time have passed."""
        for _ in range(round(seconds / self.frame_seconds)):
            self.step()

    # -- state ---------------------------------------------------------------------------

    def body_states(self) -> Iterator[tuple[str, tuple[float, ...]]]:
        """(name, (x, y, angle, vx, vy, w)) for every non-static piece, in name order."""
        for name in sorted(self.pieces):
            body = self.pieces[name].body
            if body.body_type == pymunk.Body.STATIC:
                continue
            x, y = body.position
            vx, vy = body.velocity
            yield name, (x, y, body.angle, vx, vy, body.angular_velocity)

    def digest(self) -> str:
        """SHA-256 over the exact bits of every body's state: equal only for identical traces."""
        hasher = hashlib.sha256()
        hasher.update(struct.pack("<q", self.frame))
        for name, state in self.body_states():
            hasher.update(name.encode())
            hasher.update(struct.pack("<6d", *state))
        return hasher.hexdigest()
