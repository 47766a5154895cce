"""Animal upon Animal's physics: the board on the table, the animals standing on it, the pouch.

Seen from the front, a wooden cylinder standing on end is a box of its width × height
(``assets/animals/animals.toml``); every animal is the same box, the same wood, and its body's
name is a neutral ``animalNN`` (the order it came onto the table), so nothing on the table tells
two face-down animals apart. Which animal a body is lives only in :attr:`AnimalScene.animal_of`
(for the rules; the view never reads it for a face-down piece).

The board is a static wooden plate ``board.thickness_mm`` high on the felt table. The tower
stands on its stacking spot, an upper portion is set down anywhere on it (the set-aside spot is
a suggestion), a drawn animal appears on its drawn spot. The pouch is a zone on the table to the
right of the board: an animal let go over it drops into the pouch (its body leaves the world).

Stacks are found by geometry (:func:`physics.stacking.columns`): a column stands on the board,
each animal's bottom within ``animals.stack_gap_mm`` of the top of the one below and its centre
at most half a width sideways. The *main* column is the one standing on the stacking spot.

The table (:func:`physics.room.furnish`) reaches a little beyond the pouch and, left of the
board, far enough for :data:`ASIDE_COLUMNS` columns of animals: an animal that falls off the
table lands on the floor below, and the B key (``put_back``) stands every animal lying on the
floor back on the table there (:meth:`AnimalScene.put_beside_board`). The rulebook ends the
game when the tower falls onto the table, so an animal on the floor has always ended the game
already: putting it back is tidying up, the fall and its loser stand.

The tower has fallen (:meth:`AnimalScene.fall`) when an animal that is not in the hand

- touches the table (it fell off the board: "falls onto the table"), or
- tilts more than ``animals.fall_tilt_deg`` from upright (it toppled, even onto the board or
  onto other animals: a toppled face-down animal's place in the order is lost, so a portion
  that topples while set aside counts as the tower falling).

No glue and no joints between animals: a lifted portion rides on the grabbed animal by friction
alone, so a fast, jerky or tilted lift shakes it off.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from itertools import compress, count
from operator import and_, not_

from games.animals.catalogue import Board, PiecesFile
from physics import pieces, room
from physics.config import PhysicsConfig
from physics.stacking import Column, columns
from physics.stepper import BodyWatch
from physics.world import Layer, Piece, World

FELL_OFF_Y_MM = -100.0  # below this an animal has left the table altogether
TABLE_BEYOND_MM = 60.0  # the table reaches this far beyond the pouch
ASIDE_GAP_MM = 6.0  # between the board and the animals put back beside it, and between them
ASIDE_LEVELS = 5  # animals put back stand in columns this high
ASIDE_COLUMNS = 4  # so many columns left of the board (4 × 5 hold all 19 pieces)


@dataclass
class AnimalScene:
    """The table world with the board, the animals on it and the pouch zone."""

    config: PhysicsConfig
    file: PiecesFile
    world: World = field(init=False)
    animal_of: dict[str, str] = field(default_factory=dict)  # body name -> animal (hidden)
    piece_of: dict[str, Piece] = field(default_factory=dict)  # animal -> body
    _made: int = 0
    # The animals, a sleep watch on them, which slept at the last fall check with which
    # config, and the table's pieces; None once an animal came or went (see :meth:`fall`).
    _fall_watch: (
        tuple[list[Piece], BodyWatch, list[bool], PhysicsConfig, frozenset[Piece]] | None
    ) = field(default=None, repr=False)
    # The last columns found: (world frame, the held piece excluded, the config, the columns).
    _columns_seen: tuple[int, Piece | None, PhysicsConfig, list[Column]] | None = field(
        default=None, repr=False
    )

    def __post_init__(self) -> None:
        material = self.file.cylinder.material
        if material not in self.config.materials:
            from games.animals.catalogue import CatalogueError, default_path

            raise CatalogueError(
                f"{default_path()}: cylinder.material: {material!r} is not a material of the "
                f"config; allowed: {', '.join(sorted(self.config.materials))}"
            )
        self.world = World(self.config)
        board = self.file.board
        half = board.thickness / 2
        aside = ASIDE_COLUMNS * (self.file.cylinder.width + ASIDE_GAP_MM) + TABLE_BEYOND_MM / 2
        room.furnish(self.world, -board.half_width - aside, _pouch_right(board))
        self.world.add(
            pieces.static_segment(
                "board",
                (-board.half_width + half, half),
                (board.half_width - half, half),
                kind="board",
                material=self.file.cylinder.material,
                thickness=board.thickness,
                layer=Layer.TABLE,
            )
        )

    # -- geometry --------------------------------------------------------------------------

    @property
    def board_top(self) -> float:
        return self.file.board.thickness

    @property
    def size(self) -> tuple[float, float]:
        return (self.file.cylinder.width, self.file.cylinder.height)

    def seat_y(self, level: int) -> float:
        """Centre y (mm) of the ``level``-th animal of a column laid exactly (0 on the board)."""
        return pieces.stack_height(self.config, level, self.size[1], self.board_top)

    def in_pouch_zone(self, x: float) -> bool:
        board = self.file.board
        return abs(x - board.pouch_x) <= board.pouch_width / 2

    # -- building --------------------------------------------------------------------------

    def add_animal(self, animal: str, position: tuple[float, float]) -> Piece:
        name = f"animal{self._made:02d}"
        self._made += 1
        piece = pieces.standing_cylinder(
            self.config,
            name,
            position,
            material=self.file.cylinder.material,
            size=self.size,
            layer=Layer.TOWER,
            tags={"animal"},
        )
        self.world.add(piece)
        self.animal_of[name] = animal
        self.piece_of[animal] = piece
        self._forget()
        return piece

    def _forget(self) -> None:
        """An animal came, went or was put somewhere: what was read of the table is stale."""
        self._fall_watch = None
        self._columns_seen = None

    def lay_tower(self, order: list[str]) -> None:
        """Lay ``order`` (bottom first) exactly on the stacking spot."""
        x = self.file.board.stack_x
        for level, animal in enumerate(order):
            self.add_animal(animal, (x, self.seat_y(level)))

    def show_drawn(self, animal: str) -> Piece:
        """A drawn animal appears on the drawn spot, standing on the board."""
        return self.add_animal(animal, (self.file.board.drawn_x, self.seat_y(0)))

    def to_pouch(self, piece: Piece) -> str:
        """The animal goes back into the pouch: its body leaves the table."""
        animal = self.animal_of.pop(piece.name)
        del self.piece_of[animal]
        self.world.remove(piece.name)
        self._forget()
        return animal

    def put_beside_board(self, lying: list[Piece]) -> None:
        """Stand animals that fell onto the floor back on the table, left of the board, in
        columns of :data:`ASIDE_LEVELS`, at rest (the B key; the fall they caused stands)."""
        width, height = self.size
        board = self.file.board
        start = -board.half_width - ASIDE_GAP_MM - width / 2
        for n, piece in enumerate(lying):
            column, level = divmod(n, ASIDE_LEVELS)
            x = start - column * (width + ASIDE_GAP_MM)
            y = pieces.stack_height(self.config, level, height)
            self.world.lay_at_rest(piece, (x, y))
        self._forget()

    # -- reading the table -----------------------------------------------------------------

    def animals(self) -> list[Piece]:
        return [self.world.pieces[name] for name in self.animal_of]

    def columns(self, held: Piece | None = None) -> list[Column]:
        """The columns standing on the board (the held animal and what rides on it excluded).

        Read once per world frame: the computer (before the frame) and the turn's end (after
        the last one) ask at the same world frame, when nothing has moved in between.
        """
        seen = self._columns_seen
        if (
            seen is not None
            and seen[0] == self.world.frame
            and seen[1] is held
            and seen[2] is self.config
        ):
            return list(seen[3])
        settings = self.config.animals
        standing = [p for p in self.animals() if p is not held]
        found = columns(
            standing,
            base_y=self.board_top,
            max_gap=settings.stack_gap_mm,
            max_tilt_deg=settings.fall_tilt_deg,
        )
        found = [c for c in found if abs(c.bottom.position.x) <= self.file.board.half_width]
        self._columns_seen = (self.world.frame, held, self.config, found)
        return list(found)

    def main_column(self, found: list[Column]) -> Column | None:
        """The column standing on the stacking spot, if any."""
        x = self.file.board.stack_x
        near = [c for c in found if abs(c.bottom.position.x - x) <= self.size[0]]
        return min(near, key=lambda c: abs(c.bottom.position.x - x)) if near else None

    def column_of(self, piece: Piece, found: list[Column]) -> Column | None:
        return next((c for c in found if piece in c), None)

    def fall(self, held: Piece | None) -> str | None:
        """Why the tower has fallen, or None (see the module docstring); never names an animal.

        Called after every frame. An animal that slept at the last call (with the same config)
        and sleeps now has not moved, turned or touched anything new since (a body sleeps only
        after a stretch of frames idle, and a touch or a hand wakes it), so it is not looked
        at again: the answer for it stands.
        """
        limit = self.config.animals.fall_tilt_deg
        watch = self._fall_watch
        if watch is None or watch[3] is not self.config:
            animals = self.animals()
            table = frozenset(p for p in self.world.pieces.values() if p.kind == "table")
            watch = self._fall_watch = (
                animals,
                BodyWatch([p.body for p in animals]),
                [False] * len(animals),
                self.config,
                table,
            )
        animals, sleepers, slept, _, table = watch
        touches_any = self.world.touches_any
        asleep = list(sleepers.asleep())
        # the animals awake now or at the last call, in order (a sleeper that slept then too
        # is skipped), picked in C: no Python step per animal
        looked_at = list(compress(count(), map(not_, map(and_, asleep, slept))))
        if held is not None and held in animals:  # the held animal is not looked at
            held_at = animals.index(held)
            if held_at in looked_at:
                looked_at.remove(held_at)
        # one pass through Chipmunk, for the animals looked at only
        for index, (_, y, angle) in zip(looked_at, sleepers.poses(looked_at), strict=True):
            if y < FELL_OFF_Y_MM:
                return "an animal fell off the table"
            if touches_any(animals[index], table):
                return "an animal fell onto the table"
            tilt = math.degrees(angle) % 180.0  # tilt_of_angle(angle) > limit, inline
            if tilt > limit and 180.0 - tilt > limit:
                return "an animal toppled over"
        slept[:] = map(bool, asleep)
        return None

    def fall_settled(self) -> bool:
        """True if the last fall test found every animal asleep (with this config): until
        one wakes, the test looks at none of them."""
        watch = self._fall_watch
        return watch is not None and watch[3] is self.config and all(watch[2])

    def awake_animals(self) -> list[Piece]:
        """The animals not asleep now (a sleeping one moves at speed 0: the settle test)."""
        watch = self._fall_watch
        if watch is None:
            return [piece for piece in self.animals() if not piece.body.is_sleeping]
        animals = watch[0]
        return [animals[i] for i, flag in enumerate(watch[1].asleep()) if not flag]


def _pouch_right(board: Board) -> float:
    """The table's right end (mm): a little beyond the pouch, or the board if further."""
    return max(board.pouch_x + board.pouch_width / 2, board.half_width) + TABLE_BEYOND_MM


def live_config(built_with: PhysicsConfig, new: PhysicsConfig) -> PhysicsConfig:
    """``new``, except the piece geometry a built scene keeps until a restart."""
    return new.model_copy(update={"pieces": built_with.pieces})
