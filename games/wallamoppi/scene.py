"""Wallamoppi's physics: the wall, the tower on its apex, and the marble timer's own world.

Seen from the front, a flat Kiwi disk is a box of diameter × thickness. The wall is a
brick-bond pyramid of such boxes centred on x = 0: 8 on the table, 7 on those and so on up to
the apex, which is the tower's first disk. Neighbours in a row are ``wallamoppi.wall_gap`` mm
apart so they do not jam; rows sink ``pieces.lay_overlap`` into each other so every contact
exists from the first frame.

Pulling a disk out of the wall is a move out of the picture plane: while a pulled disk is held
it collides with neither the wall nor the tower (it passes in front of them), until it is
wholly above the tower's top, when it collides with the tower again so it can be set down
on it. The wall
feels the gap by plain physics. A fast pull also drags its neighbours: once the pulled disk
has moved, each wall disk that touched it gets a velocity of ``pull_drag`` × the pull speed
(capped at ``pull_drag_max_speed``) along the pull, if the pull was faster than
``pull_drag_min_speed``: kinetic friction of a quick tug against static friction of a gentle one.

A tower disk has fallen (:meth:`WallScene.tower_fall`) when any of these holds:

- it tilts more than ``fall_tilt_deg`` from flat (upside down counts as flat);
- it is not the apex and its centre sits more than ``fall_drop_mm`` lower than its seat on top
  of the disk below it (it slid off its support);
- it touches the table, or (above the apex, which rests on the wall) a wall disk;
- its centre is more than ``footprint_mm`` sideways from where the apex was laid.

Wall disks that tumble are not a tower fall: they are marked fallen, lie where they land and
may be taken later.

The table world runs at least ``wallamoppi.min_iterations`` solver iterations per substep
(:func:`table_world_config`): a tower on the wall is a longer chain of contacts than one on the
table (60 by default, as the table's: with the solver meeting a stack's contacts in alternating
order, physics/world.py, that holds a 35-disk tower on the wall still held awake).

The marble timer (:class:`MarbleTimer`) is a separate small :class:`World`: a box of
``timer_ramps`` zig-zag ramps sloping ``timer_ramp_deg``, an exit chute sloping
``timer_chute_deg``, and the end hole. The marble rolls from rest; the run time is whatever
the physics gives (about 10 s with the defaults; :func:`timer_duration` measures it). Its
world runs at most :data:`TIMER_ITERATIONS` solver iterations: one marble on static ramps is one
contact at a time, which 10 iterations solve as well as 60.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import compress, count
from operator import and_, attrgetter, not_

import pymunk

from games.wallamoppi.rules import APEX, DARK, LIGHT, ROWS, Disk, Slot, ordinal
from physics import pieces, room
from physics.config import PhysicsConfig
from physics.detect import tilt_mod_half_turn, touching
from physics.stacking import relative_speed
from physics.stepper import BodyWatch, cached_bb_height, position_of
from physics.world import Layer, Piece, World

RAIL_X_MM = 460.0  # the table's rims, left and right of the wall
RAIL_HEIGHT_MM = 30.0
TABLE_HALF_WIDTH_MM = RAIL_X_MM + 40.0  # the table ends just outside its rims (physics/room.py)
FALLEN_TILT_DEG = 30.0


def slot_position(config: PhysicsConfig, slot: Slot) -> tuple[float, float]:
    """Centre (mm) of the wall disk on ``slot``."""
    pitch = config.pieces.disk_diameter + config.wallamoppi.wall_gap
    x = pitch * (slot.index - (ROWS - 1 - slot.row) / 2)
    return x, pieces.stack_height(config, slot.row, config.pieces.disk_thickness)


def tower_seat_y(config: PhysicsConfig, level: int) -> float:
    """Centre y (mm) of the ``level``-th tower disk laid exactly (0 = the apex)."""
    return pieces.stack_height(config, APEX.row + level, config.pieces.disk_thickness)


def live_config(built_with: PhysicsConfig, new: PhysicsConfig) -> PhysicsConfig:
    """``new``, except for the geometry a built scene keeps until a restart.

    The pieces' sizes, the wall gap and the marble box's ramps shape bodies and slots as they
    are built (``physics.config.RESTART_ONLY_KEYS``); everything else applies at once.
    """
    kept = built_with.wallamoppi
    wallamoppi = new.wallamoppi.model_copy(
        update={
            "wall_gap": kept.wall_gap,
            "timer_ramps": kept.timer_ramps,
            "timer_ramp_deg": kept.timer_ramp_deg,
            "timer_chute_deg": kept.timer_chute_deg,
        }
    )
    return new.model_copy(update={"pieces": built_with.pieces, "wallamoppi": wallamoppi})


def table_world_config(config: PhysicsConfig) -> PhysicsConfig:
    """``config`` with at least ``wallamoppi.min_iterations`` solver iterations per substep.

    The tower stands on the wall: its contacts form a longer chain than a tower on the table,
    so a game may ask for more solver iterations there than elsewhere, and runs them whatever
    the height of its tower (``low_stack_iterations`` the same: no scaling by height).
    """
    iterations = max(config.world.iterations, config.wallamoppi.min_iterations)
    world = config.world.model_copy(
        update={"iterations": iterations, "low_stack_iterations": iterations}
    )
    return config.model_copy(update={"world": world})


# One marble on static ramps is one contact and its rolling brake at a time: 10 solver
# iterations give the same run as 60, to the frame (9.625 s with the defaults), for half the CPU.
TIMER_ITERATIONS = 10


def timer_world_config(config: PhysicsConfig) -> PhysicsConfig:
    """``config`` with at most :data:`TIMER_ITERATIONS` solver iterations (the marble's world)."""
    iterations = min(config.world.iterations, TIMER_ITERATIONS)
    world = config.world.model_copy(update={"iterations": iterations})
    return config.model_copy(update={"world": world})


@dataclass
class _Pull:
    piece: Piece
    start: pymunk.Vec2d
    neighbours: list[Piece]
    dragged: bool = False
    clear_of_tower: bool = False


@dataclass
class WallScene:
    """The table world with the wall, the tower and the disks lying about."""

    config: PhysicsConfig
    world: World = field(init=False)
    built_with: PhysicsConfig = field(init=False)  # the geometry kept until a restart
    disks: dict[str, Piece] = field(default_factory=dict)
    slots: dict[str, Slot] = field(default_factory=dict)
    tower: list[str] = field(default_factory=list)
    pull: _Pull | None = None
    last_drag: list[str] = field(default_factory=list)
    # (the wall disks, their sleep watch, the tower's sleep watch); None when the wall or the
    # tower changed since (every method that changes a disk's "wall" tag or the tower resets it)
    _watches: tuple[list[Piece], BodyWatch, BodyWatch] | None = field(default=None, repr=False)
    # tower disks stacked while asleep, whose collision filter is still to be set (_join_tower)
    _layers_owed: list[Piece] = field(default_factory=list, repr=False)

    def __post_init__(self) -> None:
        self.built_with = self.config
        self.world = World(table_world_config(self.config))
        room.furnish(self.world, -TABLE_HALF_WIDTH_MM, TABLE_HALF_WIDTH_MM)
        for side, x in (("left", -RAIL_X_MM), ("right", RAIL_X_MM)):
            self.world.add(
                pieces.static_segment(
                    f"rail_{side}",
                    (x, 0.0),
                    (x, RAIL_HEIGHT_MM),
                    kind="rail",
                    thickness=8.0,
                    layer=Layer.TABLE,
                )
            )

    # -- building ----------------------------------------------------------------------

    def add_wall_disk(self, slot: Slot, disk: Disk) -> Piece:
        """Lay ``disk`` on ``slot`` of the wall, frozen: on the slot it rests on the disks
        below as laid, and the wall takes up its weight when it is finished
        (:meth:`World.settle_in`, which thaws it), so nothing moves while it is built."""
        piece = pieces.flat_disk(
            self.config,
            disk.id,
            slot_position(self.config, slot),
            layer=Layer.WALL,
            tags={"disk", disk.colour, "wall"},
        )
        self.world.add(piece)
        self.world.freeze([piece])
        self.disks[disk.id] = piece
        self.slots[disk.id] = slot
        self._watches = None
        if slot == APEX:
            self._join_tower(piece)
        return piece

    def remove_disk(self, disk_id: str) -> None:
        """Take a disk out of the world (undo of a wall placement)."""
        self.world.remove(disk_id)
        self.disks.pop(disk_id)
        self._watches = None
        self.slots.pop(disk_id, None)
        if disk_id in self.tower:
            self.tower.remove(disk_id)

    def add_tower_disk(self, disk: Disk, *, offset: float = 0.0) -> Piece:
        """A new disk laid exactly on top of the tower, ``offset`` mm sideways (tests)."""
        top = self.disks[self.tower[-1]]
        position = (top.body.position.x + offset, tower_seat_y(self.config, len(self.tower)))
        piece = pieces.flat_disk(
            self.config, disk.id, position, layer=Layer.TOWER, tags={"disk", disk.colour}
        )
        self.world.add(piece)
        self.disks[disk.id] = piece
        self._join_tower(piece)
        return piece

    def _join_tower(self, piece: Piece) -> None:
        """``piece`` is the tower's new top disk: tagged and put on the tower's layer.

        A disk counts as stacked once it has rested on the top for a while, so it often sleeps
        by then, and with it the tower and the wall it rests on (one island). Chipmunk wakes a
        body whose collision filter is set, and the whole island would stay awake for
        ``sleep_time`` with nothing moving; so a sleeping disk only takes the tower's layer
        (:attr:`Piece.layer`) now and its filter when the next disk is taken in hand
        (:meth:`settle_layers`, the island awake then anyway). Until then nothing moves that
        its filter could meet differently.
        """
        self._watches = None
        piece.tags -= {"wall", "fallen", "loose"}
        piece.tags.add("tower")
        self.tower.append(piece.name)
        if piece.body.is_sleeping:
            piece.layer = Layer.TOWER
            self._layers_owed.append(piece)
            return
        piece.set_layer(Layer.TOWER)
        piece.body.activate()

    def settle_layers(self) -> None:
        """Give the tower disks stacked while asleep the tower's collision filter (before a
        disk is taken in hand: a pulled disk passes through the tower's layer)."""
        for piece in self._layers_owed:
            if "tower" in piece.tags:
                piece.set_layer(Layer.TOWER)
        self._layers_owed.clear()

    def stack(self, disk_id: str) -> None:
        """The released disk rests on the tower: it is a tower disk now."""
        self._join_tower(self.disks[disk_id])

    # -- queries -----------------------------------------------------------------------

    @property
    def apex_home(self) -> tuple[float, float]:
        return slot_position(self.config, APEX)

    def top(self) -> Piece | None:
        """The tower's top disk."""
        return self.disks[self.tower[-1]] if self.tower else None

    def disks_of(self, colour: str, tag: str) -> list[Piece]:
        """Disks of ``colour`` carrying ``tag`` ("wall", "fallen", "loose", "tower")."""
        return [p for p in self.disks.values() if colour in p.tags and tag in p.tags]

    def load_on(self, piece: Piece) -> int:
        """How many disks rest on this wall disk, directly or through others (the tower too)."""
        slot = self.slots.get(piece.name)
        if slot is None:
            return 0
        above = [self.slots[d.name] for d in self.disks.values() if "wall" in d.tags]
        weights = [1] * len(above)
        if self.tower:
            above.append(APEX)
            weights.append(len(self.tower))
        return sum(
            weight
            for s, weight in zip(above, weights, strict=True)
            if s.row > slot.row and s.index <= slot.index <= s.index + (s.row - slot.row)
        )

    def resting_on_tower(self, piece: Piece) -> bool:
        """True if ``piece`` lies flat on top of the tower's top disk."""
        top = self.top()
        if top is None or piece is top:
            return False
        thickness = self.config.pieces.disk_thickness
        wall = self.config.wallamoppi
        seat = top.body.position.y + thickness - self.config.pieces.lay_overlap
        return (
            abs(piece.body.position.y - seat) < wall.fall_drop_mm
            and abs(piece.body.position.x - top.body.position.x)
            < self.config.pieces.disk_diameter / 2
            and tilt_mod_half_turn(piece) < wall.fall_tilt_deg
            and top in touching(self.world, piece)
        )

    def speed_on_top(self, piece: Piece) -> float:
        """How fast ``piece`` moves relative to the tower's top disk, mm/s (its fastest point).

        A tall tower sways as a whole; a disk resting on it sways along, and counts as still.
        """
        return relative_speed(piece, self.top())

    def tower_fall(self) -> str | None:
        """Why the tower has fallen, or None while it stands (see the module docstring)."""
        wall = self.config.wallamoppi
        thickness = self.config.pieces.disk_thickness
        overlap = self.config.pieces.lay_overlap
        tilt_limit, drop, footprint = wall.fall_tilt_deg, wall.fall_drop_mm, wall.footprint_mm
        home_x = self.apex_home[0]
        touching = self.world.contacts_now().get  # each piece's contacts now, in order
        below: float | None = None  # the centre y of the disk below
        watch = self._watched()[2]
        if len(watch.bodies) != len(self.tower):  # the tower changed under the watch
            self._watches = None
            watch = self._watched()[2]
        poses = watch.poses()  # one pass through Chipmunk, in tower order
        disks, degrees = self.disks, math.degrees
        for level, (disk_id, (x, y, angle)) in enumerate(zip(self.tower, poses, strict=True)):
            tilt = degrees(angle) % 180.0  # tilt_of_angle(angle), inline: 36 disks
            if tilt > tilt_limit and 180.0 - tilt > tilt_limit:
                why = f"tilted past {tilt_limit:g}°"
            elif below is not None and y < below + thickness - overlap - drop:
                why = "slid off the disk below"
            elif abs(x - home_x) > footprint:
                why = "left the tower"
            else:
                why = None
                for other in touching(disks[disk_id], ()):
                    if other.kind == "table":
                        why = "touched the table"
                        break
                    if level > 0 and "wall" in other.tags:
                        why = "touched the wall"
                        break
                if why is None:  # this disk stands: on to the one above
                    below = y
                    continue
            piece = disks[disk_id]
            colour = DARK if DARK in piece.tags else LIGHT
            return f"the tower's {ordinal(level + 1)} disk ({colour}) {why}"
        return None

    # -- pulling and fallen disks ------------------------------------------------------

    def begin_pull(self, piece: Piece) -> None:
        """``piece`` was just pulled out of the wall: remember its neighbours for the drag."""
        self.pull = _Pull(piece, piece.body.position, self._wall_neighbours(piece))
        self._watches = None
        piece.tags -= {"wall", "fallen"}
        piece.tags.add("loose")
        piece.shape.filter = pymunk.ShapeFilter(
            categories=int(Layer.FREE), mask=int(Layer.all() & ~(Layer.WALL | Layer.TOWER))
        )

    def _moved_by_pull(self, piece: Piece) -> list[Piece]:
        """The wall disks a pull of ``piece`` disturbs: those it touches (within 1 mm, as
        :meth:`_wall_neighbours`: beside it in its row, the two it rests on, the two resting
        on it) and every wall disk resting on any of them, directly or through others (the
        tower on top wakes with them). The rest of a frozen wall stays frozen until something
        moving touches it (``World.freeze``); docs/physics-tuning.md, "Which disks a pull
        thaws", says why these and not only the disks above ``piece``."""
        moved = dict.fromkeys(self._wall_neighbours(piece))
        for disk in [piece, *moved]:
            moved.update(dict.fromkeys(self._resting_on(disk)))
        moved.pop(piece, None)
        return list(moved)

    def _resting_on(self, piece: Piece) -> list[Piece]:
        """The wall disks resting on ``piece``, directly or through others."""
        slot = self.slots.get(piece.name)
        moved: list[Piece] = []
        if slot is None:
            return moved
        for other in self.disks.values():
            above = self.slots.get(other.name)
            if (
                "wall" in other.tags
                and above is not None
                and above.row > slot.row
                and above.index <= slot.index <= above.index + (above.row - slot.row)
            ):
                moved.append(other)
        return moved

    def _wall_neighbours(self, piece: Piece) -> list[Piece]:
        bb = piece.shape.cache_bb()
        grown = pymunk.BB(bb.left - 1.0, bb.bottom - 1.0, bb.right + 1.0, bb.top + 1.0)
        return [
            other
            for other in self.disks.values()
            if other is not piece
            and "wall" in other.tags
            and grown.intersects(other.shape.cache_bb())
        ]

    def update_pull(self, hand: pymunk.Body) -> None:
        """Each frame while a pulled disk is held: drag the neighbours (at the velocity of the
        ``hand``'s body), re-meet the tower."""
        pull = self.pull
        if pull is None:
            return
        if not pull.dragged:
            x, y = position_of(pull.piece.body)
            start_x, start_y = pull.start
            # (body.position - start).length, pymunk's own arithmetic without the Vec2ds
            if math.sqrt((x - start_x) ** 2 + (y - start_y) ** 2) > 4.0:
                pull.dragged = True
                self._drag_neighbours(pull, hand.velocity)
        if pull.dragged and not pull.clear_of_tower and self._above_tower(pull.piece):
            pull.clear_of_tower = True
            mask = pull.piece.shape.filter.mask | int(Layer.TOWER)
            pull.piece.shape.filter = pymunk.ShapeFilter(categories=int(Layer.FREE), mask=mask)

    def _drag_neighbours(self, pull: _Pull, hand_velocity: pymunk.Vec2d) -> None:
        wall = self.config.wallamoppi
        speed = hand_velocity.length
        self.last_drag = []
        if speed <= wall.pull_drag_min_speed or speed == 0.0:
            return
        given = min(wall.pull_drag * speed, wall.pull_drag_max_speed)
        direction = hand_velocity.normalized()
        self.world.thaw(pull.neighbours)  # (frozen ones: World.freeze)
        for other in pull.neighbours:
            toward = pull.start - other.body.position
            half = pymunk.Vec2d(
                math.copysign(min(abs(toward.x), other.size[0] / 2), toward.x),
                math.copysign(min(abs(toward.y), other.size[1] / 2), toward.y),
            )
            other.body.activate()
            impulse = direction * (other.body.mass * given)
            other.body.apply_impulse_at_world_point(impulse, other.body.position + half)
            self.last_drag.append(other.name)

    def end_pull(self) -> None:
        self.pull = None

    def _above_tower(self, piece: Piece) -> bool:
        """True once ``piece`` is wholly above the tower's top and touches no tower disk."""
        top = self.top()
        if top is None:
            return True
        bottom = cached_bb_height(piece.shape)[0]
        return bottom > cached_bb_height(top.shape)[1] + 0.5 and not self._overlaps(
            piece, Layer.TOWER
        )

    def _overlaps(self, piece: Piece, layer: Layer) -> bool:
        """True if ``piece`` overlaps a piece of ``layer`` (whatever its collision filter says)."""
        saved = piece.shape.filter
        piece.shape.filter = pymunk.ShapeFilter()
        try:
            hits = self.world.space.shape_query(piece.shape)
        finally:
            piece.shape.filter = saved
        others = (self.world.piece_of(hit.shape) for hit in hits)
        return any(
            other is not None and other is not piece and other.layer & layer for other in others
        )

    def put_beside_wall(self, piece: Piece) -> None:
        """Lay ``piece`` flat on the table beside the wall (dark left, light right), at rest,
        on the first spot no other piece takes (once that side's row reaches the table's rim,
        on the pile at its outer end); it then counts as a fallen disk."""
        pieces = self.config.pieces
        half_wall = (ROWS / 2) * (pieces.disk_diameter + self.config.wallamoppi.wall_gap)
        side = -1.0 if DARK in piece.tags else 1.0
        y = pieces.disk_thickness / 2 + 0.2
        x = side * (half_wall + pieces.disk_diameter)
        others = [p for p in self.disks.values() if p is not piece]
        while any(
            abs(p.body.position.x - x) < pieces.disk_diameter + 2.0
            and p.body.position.y < 3 * pieces.disk_thickness
            for p in others
        ):
            x += side * (pieces.disk_diameter + 4.0)
        self._watches = None
        piece.tags -= {"wall", "loose"}
        piece.tags.add("fallen")
        piece.set_layer(Layer.FREE)
        self.world.lay_at_rest(piece, (x, y))
        self._pile_inside_the_rims(piece)

    def _pile_inside_the_rims(self, piece: Piece) -> None:
        """A disk laid beside the wall past the table's rim (that side's row of fallen disks
        is full) lies flat on the nearest one of its side instead: fallen disks pile up."""
        half = piece.size[0] / 2
        x = piece.body.position.x
        if abs(x) + half < RAIL_X_MM:
            return
        others = [o for o in self.disks.values() if o is not piece and "tower" not in o.tags]
        lying = [  # the row of fallen disks on this side, within the rims
            o.body.position.x
            for o in others
            if o.body.position.x * x > 0
            and abs(o.body.position.x) + half < RAIL_X_MM
            and o.body.position.y < 3 * piece.size[1]
        ]
        if not lying:
            return
        spot = max(lying, key=abs)  # the outermost disk of the row: the pile's foot
        top = max(
            o.shape.cache_bb().top for o in others if abs(o.body.position.x - spot) < half
        )
        self.world.lay_at_rest(piece, (spot, top + piece.size[1] / 2 - 0.02))

    def _watched(self) -> tuple[list[Piece], BodyWatch, BodyWatch]:
        """The wall disks (in the order they were laid) and sleep watches on them and the tower."""
        if self._watches is None:
            wall = [piece for piece in self.disks.values() if "wall" in piece.tags]
            tower = BodyWatch([self.disks[name].body for name in self.tower])
            self._watches = (wall, BodyWatch([piece.body for piece in wall]), tower)
        return self._watches

    def tower_asleep(self) -> bool:
        """True if every tower disk sleeps (every body did, if the last frame was not stepped)."""
        return not self.world.stepped or (self._watches or self._watched())[2].all_asleep()

    def update_fallen(self, held: Piece | None) -> list[str]:
        """Mark wall disks that tumbled out of the wall as fallen; returns the newly fallen.

        Only awake disks can have tumbled since the last frame: after a frame in which every
        body slept (not stepped), none.
        """
        fallen: list[str] = []
        world = self.world
        if not world.stepped:
            return fallen
        wall, watch, _ = self._watches or self._watched()
        if world.frozen_count == len(wall):  # frozen whole (only wall disks ever are)
            return fallen
        half_wall = (ROWS / 2) * (
            self.config.pieces.disk_diameter + self.config.wallamoppi.wall_gap
        )
        # the awake disks, picked in C; none while the wall sleeps (a disk carried, the
        # marble rolling); a frozen disk is a static body, which Chipmunk does not count as
        # sleeping
        moving = map(not_, map(attrgetter("frozen"), wall))
        awake = list(compress(count(), map(and_, map(not_, watch.asleep()), moving)))
        if not awake:
            if wall:
                self.world.thaw_with = self._moved_by_pull
                self.world.freeze(wall)  # asleep: held still until touched (module docstring)
            return fallen
        for index, (x, y, angle) in zip(awake, watch.poses(awake), strict=True):
            piece = wall[index]
            if piece is held:
                continue
            thickness = piece.size[1]
            off_wall = abs(x) > half_wall + thickness
            on_table = y < thickness and self.slots[piece.name].row > 0
            tilt = math.degrees(angle) % 180.0  # tilt_of_angle(angle), inline
            if off_wall or on_table or (tilt > FALLEN_TILT_DEG and 180.0 - tilt > FALLEN_TILT_DEG):
                piece.tags -= {"wall"}
                piece.tags.add("fallen")
                piece.set_layer(Layer.FREE)
                fallen.append(piece.name)
        if fallen:
            self._watches = None
        return fallen


# ------------------------------------------------------------------------------------------
# The marble timer

TIMER_WIDTH_MM = 110.0
TIMER_RAMP_SPACING_MM = 26.0
TIMER_GAP_MM = 24.0
TIMER_CHUTE_MM = 170.0
TIMER_GIVE_UP_SECONDS = 90.0


@dataclass(frozen=True)
class TimerLayout:
    """The box's geometry in the timer world's own millimetres (origin: box bottom left)."""

    ramps: tuple[tuple[tuple[float, float], tuple[float, float]], ...]
    walls: tuple[tuple[tuple[float, float], tuple[float, float]], ...]
    hole: tuple[float, float]  # centre of the end hole's mouth
    start: tuple[float, float]  # the marble's centre when released
    height: float


def timer_layout(config: PhysicsConfig) -> TimerLayout:
    """Where the ramps, box walls, chute and end hole are for this config."""
    settings = config.wallamoppi
    radius = config.pieces.marble_diameter / 2
    slope = math.tan(math.radians(settings.timer_ramp_deg))
    length = TIMER_WIDTH_MM - TIMER_GAP_MM
    count = settings.timer_ramps
    height = count * (TIMER_RAMP_SPACING_MM + length * slope) + 30.0
    ramps: list[tuple[tuple[float, float], tuple[float, float]]] = []
    y_high = height - 20.0
    for k in range(count):
        y_low = y_high - length * slope
        if k % 2 == 0:
            ramps.append(((0.0, y_high), (length, y_low)))
        else:
            ramps.append(((TIMER_WIDTH_MM, y_high), (TIMER_GAP_MM, y_low)))
        y_high = y_low - TIMER_RAMP_SPACING_MM
    # The chute: the last ramp's direction, continued out of the box through its side.
    exit_right = (count - 1) % 2 == 0
    last_end = ramps[-1][1]
    direction = 1.0 if exit_right else -1.0
    chute_slope = math.tan(math.radians(settings.timer_chute_deg))
    chute_start = (TIMER_WIDTH_MM if exit_right else 0.0, last_end[1] - 2 * radius - 4.0)
    chute_end = (
        chute_start[0] + direction * TIMER_CHUTE_MM,
        chute_start[1] - TIMER_CHUTE_MM * chute_slope,
    )
    catch_start = (
        (TIMER_WIDTH_MM - TIMER_GAP_MM) if exit_right else TIMER_GAP_MM,
        chute_start[1] + 10.0,
    )
    ramps.append((catch_start, chute_start))
    ramps.append((chute_start, chute_end))
    exit_side = TIMER_WIDTH_MM if exit_right else 0.0
    closed_side = 0.0 if exit_right else TIMER_WIDTH_MM
    walls = (
        ((closed_side, 0.0), (closed_side, height)),
        ((exit_side, chute_start[1] + 2 * radius + 6.0), (exit_side, height)),
        ((0.0, height), (TIMER_WIDTH_MM, height)),
    )
    hole = (chute_end[0] + direction * (radius + 2.0), chute_end[1])
    first = ramps[0]
    start = (first[0][0] + radius + 4.0, first[0][1] - slope * (radius + 4.0) + radius + 2.0 + 0.02)
    return TimerLayout(tuple(ramps), walls, hole, start, height)


class MarbleTimer:
    """The box, the chute and the marble: its own world, stepped only while the marble rolls.

    A ``lazy`` timer (the session's) does not step its world frame by frame: its world is
    fresh and nothing but its own steps ever touch it, so the frame the marble drops into the
    hole is known beforehand (:func:`_run_to_hole`, the same run once per config) and the world
    is stepped the frames it owes only when someone looks at it (:meth:`digest`,
    :meth:`marble_at`, :attr:`marble`: the same states to the bit, as the steps are the same).
    A marble caught before the hole (most turns) is never stepped at all. Taking :attr:`world`
    (a live config edit, the window's sound listening to it) makes the timer step every frame
    from then on.
    """

    def __init__(self, config: PhysicsConfig, *, lazy: bool = False) -> None:
        self.config = config
        self.layout = timer_layout(config)
        # the world and its marble, built when first needed: a lazy timer caught before the
        # hole (most turns) never builds it; a fresh world is the same whenever it is built
        self._built: tuple[World, Piece] | None = None
        self._in_hole = False
        self._owed = 0  # frames a lazy timer has not stepped yet
        # (frames to the hole, whether it gets there) while lazy; None: stepped every frame
        self._run = _run_to_hole(config.model_dump_json()) if lazy else None
        if not lazy:
            self._build()

    def _build(self) -> tuple[World, Piece]:
        """The marble's world and the marble, built at the first call."""
        built = self._built
        if built is None:
            world = World(timer_world_config(self.config))
            for n, (start, end) in enumerate(self.layout.ramps):
                world.add(pieces.ramp(f"ramp{n}", start, end))
            for n, (start, end) in enumerate(self.layout.walls):
                world.add(pieces.static_segment(f"box{n}", start, end, thickness=4.0))
            marble = world.add(pieces.marble(self.config, "marble", self.layout.start))
            built = self._built = (world, marble)
        return built

    def _stepped(self) -> int:
        """Frames the world has been stepped (none before it is built)."""
        return 0 if self._built is None else self._built[0].frame

    def step(self) -> None:
        """One frame of the rolling marble (owed, while lazy)."""
        run = self._run
        if run is not None:  # (in_hole, inline: every frame of a tower turn)
            if not (run[1] and self._stepped() + self._owed >= run[0]):
                self._owed += 1
            return
        if self._in_hole:
            return
        self._step_now()

    def frames_before_hole(self) -> int:
        """How many more :meth:`step` calls leave the marble short of its hole (a large number
        if it never gets there); 0 for a timer stepped every frame (not known beforehand)."""
        if self._run is None:
            return 0
        if self.in_hole:
            return 0
        frames, reached = self._run
        if not reached:
            return 1 << 30
        return frames - (self._stepped() + self._owed) - 1

    def skip(self, frames: int) -> None:
        """``frames`` calls of :meth:`step` that :meth:`frames_before_hole` allows."""
        if self._run is not None:
            self._owed += frames

    def _step_now(self) -> None:
        world, marble = self._build()
        world.step()
        hole_x, hole_y = self.layout.hole
        position = marble.body.position
        past_end = position.x > hole_x if hole_x > TIMER_WIDTH_MM else position.x < hole_x
        if (past_end and position.y < hole_y + 2.0) or position.y < -50.0:
            self._in_hole = True

    def _catch_up(self) -> None:
        for _ in range(self._owed):
            self._step_now()
        self._owed = 0

    @property
    def in_hole(self) -> bool:
        if self._run is None:
            return self._in_hole
        frames, reached = self._run
        return reached and self._stepped() + self._owed >= frames

    @property
    def world(self) -> World:
        """The marble's world, up to date; the timer steps it every frame from now on."""
        self._catch_up()
        self._run = None
        return self._build()[0]

    @property
    def marble(self) -> Piece:
        self._catch_up()
        return self._build()[1]

    @property
    def elapsed(self) -> float:
        # the world's frame_seconds: its config differs from this one in iterations only
        return (self._stepped() + self._owed) * self.config.world.frame_seconds

    def digest(self) -> str:
        """The marble world's digest (:meth:`World.digest`) as it stands now."""
        self._catch_up()
        return self._build()[0].digest()

    def marble_at(self) -> tuple[float, float]:
        position = self.marble.body.position
        return position.x, position.y


@lru_cache(maxsize=8)
def _run_to_hole(config_json: str) -> tuple[int, bool]:
    """(frames stepped, whether the marble reached the end hole) of a fresh timer's run, given
    up after :data:`TIMER_GIVE_UP_SECONDS`."""
    config = PhysicsConfig.model_validate_json(config_json)
    timer = MarbleTimer(config)
    limit = round(TIMER_GIVE_UP_SECONDS / timer.world.frame_seconds)
    for _ in range(limit):
        timer.step()
        if timer.in_hole:
            break
    return timer.world.frame, timer.in_hole


def _duration(config_json: str) -> float:
    frames, _ = _run_to_hole(config_json)
    return frames * PhysicsConfig.model_validate_json(config_json).world.frame_seconds


def timer_duration(config: PhysicsConfig) -> float:
    """How long the marble takes from release to the end hole, simulated seconds."""
    return _duration(config.model_dump_json())
