"""The computer player: a :class:`~games.animals.mind.Mind` (memory) and a hand (dexterity).

Both skills are set per seat (session options ``memory`` and ``skill``, 0 to 1). The mind
decides: draw or call "stop stacking!", doubt the finished tower or accept it, and the height to
insert a drawn animal at. The hand does it through the same ``grab`` / ``move`` / ``release``
inputs as a person (``session.handle_as_computer``), never by moving bodies: it looks at the
table (where the columns stand, never which animal is which) and repeats one manoeuvre at a
time until the turn is over:

- placing: lift the upper portion (grab the animal at the chosen height) onto the set-aside
  spot; carry the drawn animal onto the lower part; carry the portion back by its lowest animal;
- removing: lift what is above the crocodile's animal aside, carry that animal over the pouch
  and let go, put the portion back.

A carry lifts the animal just clear of everything else, crosses at the carry speed, lowers it
over the destination (aim noise sideways) and lets go a little above its seat. ``skill`` sets
the speed, the aim noise and the drop height (:class:`Dexterity`); all the hand's luck comes
from the session's seeded Chance.

The turn's inputs are a plan played one frame at a time by the computer's hand
(games/physicskit/hand.py), which Wallamoppi's computer shares.

A person must see where each animal goes (it is a memory game): at a window's computer speed
(the session's ``pace``, games/core/pacing.py) the computer holds its drawn animal up, face up, for
``show_seconds`` before it carries anything, and pauses ``manoeuvre_seconds`` more after each
manoeuvre. Never faster or slower across the board: the hand's own speeds stay its skill's.
"""

from __future__ import annotations

import math
from collections.abc import Generator, Iterator
from dataclasses import dataclass
from typing import Protocol

from games.animals.mind import Mind
from games.animals.rules import MemoryStacking, Phase
from games.animals.scene import AnimalScene
from games.core.protocol import InputEvent
from games.physicskit.hand import ComputerHand, ComputerTable, Plan
from games.physicskit.idle import count_up_frames, countdown_frames
from physics.stacking import Column, riders
from physics.world import Piece

DEFAULT_SKILL = 0.8
DEFAULT_MEMORY = 0.9
REACTION_SECONDS = 0.4
CLEARANCE_MM = 10.0
PAUSE_SECONDS = 0.25
GIVE_UP_SECONDS = 4.0  # a turn not over this long after the last manoeuvre is looked at again
GRAVITY_MM_S2 = 9810.0
WOOD_GRIP = 0.5  # wood on wood: riders slide beyond this many g


class AnimalsTable(ComputerTable, Protocol):
    """What a computer seat reads of its session (games/animals/session.py): the rules, the
    table it looks at, and the animals the turn is about."""

    @property
    def rules(self) -> MemoryStacking: ...

    @property
    def scene(self) -> AnimalScene: ...

    @property
    def drawn_piece(self) -> Piece | None: ...

    @property
    def target(self) -> Piece | None:
        """The crocodile's animal, to be put in the pouch."""
        ...

    def aside_columns(self, found: list[Column] | None = None) -> list[Column]:
        """The portions set aside (columns off the stacking spot)."""
        ...


@dataclass(frozen=True)
class Dexterity:
    """How steady a computer hand is, from ``skill`` 0 (clumsy) to 1 (steady)."""

    skill: float

    @property
    def carry_speed(self) -> float:
        """mm/s across the board."""
        return 90.0 + (1.0 - self.skill) * 600.0

    @property
    def care(self) -> float:
        """The share of what riding animals bear that a crossing's acceleration may reach
        (above 1: it shakes them off)."""
        return 0.3 + (1.0 - self.skill) * 2.0

    @property
    def aim_noise_mm(self) -> float:
        return 0.3 + (1.0 - self.skill) * 6.0

    @property
    def drop_mm(self) -> float:
        """How far above its seat the animal is let go, mm."""
        return 0.5 + (1.0 - self.skill) * 12.0


class Bot(ComputerHand[AnimalsTable]):
    """One computer seat; :meth:`act` is called every frame before physics steps."""

    def __init__(self, session: AnimalsTable, seat: str, mind: Mind, skill: float) -> None:
        super().__init__(session, seat)
        self.mind = mind
        self.hand = Dexterity(skill)
        self.settling = False  # the plan waits for the tower to settle (nothing to move)
        self.idle_for = 0.0  # seconds it has waited so
        self.insert_at: int | None = None
        self._armed = False
        self._shown_turn = -1  # the turn whose drawn animal was held up to be seen

    def act(self) -> None:
        session = self.session
        rules = session.rules
        if rules.seat != self.seat or rules.outcome is not None:
            if self.plan is not None or self.pause or self.settling:
                self._drop_plan()
            return
        if self.wait > 0.0:
            self.wait -= session.frame_seconds
            return
        phase = rules.phase
        if phase in (Phase.DRAW, Phase.DOUBT, Phase.ROLL):
            self._drop_plan()
            self.insert_at = None
            if not self._armed:  # a moment to think, as a person would
                self._armed = True
                self.wait = REACTION_SECONDS
                return
            self._armed = False
            if phase is Phase.ROLL:
                self._send(InputEvent(0, "roll"))
            elif self.mind.believes_wrong():
                self._send(InputEvent(0, "stop"))
            else:
                self._send(InputEvent(0, "draw" if phase is Phase.DRAW else "accept"))
            return
        if phase not in (Phase.PLACE, Phase.REMOVE):
            return
        show = session.pace.show_seconds
        if (
            self.plan is None
            and phase is Phase.PLACE
            and show > 0
            and self._shown_turn != rules.turns
        ):
            self._shown_turn = rules.turns  # held up for all to see, then carried
            self.wait = show
            return
        self._play(self._handling, REACTION_SECONDS)

    def _drop_plan(self) -> None:
        super()._drop_plan()
        self.settling = False

    def idle_frames(self) -> int | None:
        """How many of the next frames :meth:`act` only counts down in (``wait``, ``pause``,
        the wait for the tower to settle with nothing to move) or does nothing in; None: any
        number. What a headless run may jump over (the world is still then)."""
        session = self.session
        rules = session.rules
        if rules.seat != self.seat or rules.outcome is not None:
            return None if self.plan is None else 0
        dt = session.frame_seconds
        if self.wait > 0.0:
            return countdown_frames(self.wait, dt)
        phase = rules.phase
        if phase in (Phase.DRAW, Phase.DOUBT, Phase.ROLL):
            return 0
        if phase not in (Phase.PLACE, Phase.REMOVE):
            return None
        if self.plan is None:
            return 0
        if self.pause > 0:
            return self.pause
        if not self.settling or (phase is Phase.PLACE and self.insert_at is None):
            return 0
        if self._next_move() is not None:
            return 0  # something changed since: the plan moves again
        return count_up_frames(self.idle_for, dt, GIVE_UP_SECONDS, reach=False)

    def skip(self, frames: int) -> None:
        """``frames`` calls of :meth:`act` that :meth:`idle_frames` promised are idle."""
        rules = self.session.rules
        if rules.seat != self.seat or rules.outcome is not None:
            return
        dt = self.session.frame_seconds
        if self.wait > 0.0:
            for _ in range(frames):
                self.wait -= dt
        elif self.pause > 0:
            self.pause -= frames
        elif self.settling:
            for _ in range(frames):
                self.idle_for += dt

    # -- the manoeuvres --------------------------------------------------------------------

    def _handling(self) -> Plan:
        """One manoeuvre after another until the turn is over (or something unexpected)."""
        session = self.session
        rules = session.rules
        self.idle_for = 0.0
        while rules.phase in (Phase.PLACE, Phase.REMOVE) and rules.seat == self.seat:
            if rules.phase is Phase.PLACE and self.insert_at is None:
                assert rules.in_hand is not None
                self.insert_at = self.mind.choose_insert(rules.in_hand, len(rules.tower))
            move = self._next_move()
            if move is None:  # everything in place: wait for the tower to settle
                self.idle_for += session.frame_seconds
                if self.idle_for > GIVE_UP_SECONDS:
                    return
                self.settling = True
                yield None
                self.settling = False
                continue
            self.idle_for = 0.0
            piece, destination = move
            if not (yield from self._carry(piece, destination)):
                return
            pause = PAUSE_SECONDS + session.pace.manoeuvre_seconds
            yield from self._pause(round(pause / session.frame_seconds))

    def _next_move(self) -> tuple[Piece, tuple[float, float]] | None:
        """The next animal to carry and where to, or None when everything is in place (reads
        the table and the rules only; in PLACE :attr:`insert_at` must be chosen)."""
        session = self.session
        scene = session.scene
        board = scene.file.board
        rules = session.rules
        found = scene.columns()
        main = scene.main_column(found)
        main_pieces = main.pieces if main is not None else []
        aside = session.aside_columns(found)
        move: tuple[Piece, tuple[float, float]] | None = None
        if rules.phase is Phase.PLACE:
            drawn = session.drawn_piece
            assert drawn is not None and rules.in_hand is not None
            assert self.insert_at is not None
            if drawn in main_pieces:
                if aside:
                    move = (aside[0].bottom, self._onto(main_pieces))
            elif not aside and len(main_pieces) > self.insert_at:
                move = (main_pieces[self.insert_at], (board.aside_x, scene.seat_y(0)))
            else:
                move = (drawn, self._onto(main_pieces))
        else:
            target = session.target
            assert target is not None
            if target.name not in scene.animal_of:
                if aside:
                    move = (aside[0].bottom, self._onto(main_pieces))
            elif main is not None and target in main_pieces and main.top is not target:
                if not aside:
                    above = main_pieces[main_pieces.index(target) + 1]
                    move = (above, (board.aside_x, scene.seat_y(0)))
                else:
                    move = (aside[0].bottom, self._onto(main_pieces))
            else:
                move = (target, (board.pouch_x, scene.board_top + 3 * scene.size[1]))
        return move

    def _onto(self, column: list[Piece]) -> tuple[float, float]:
        """Where an animal goes to sit on top of ``column`` (or on the empty stacking spot)."""
        scene = self.session.scene
        if not column:
            return (scene.file.board.stack_x, scene.seat_y(0))
        top = column[-1]
        return (top.position.x, top.shape.cache_bb().top + scene.size[1] / 2)

    def _carry(
        self, piece: Piece, destination: tuple[float, float]
    ) -> Generator[InputEvent | None, None, bool]:
        """Grab ``piece`` at its centre, lift it clear, cross, lower onto ``destination``."""
        session = self.session
        scene = session.scene
        start = piece.position
        yield InputEvent(0, "grab", start.x, start.y)
        if session.hand.held is not piece:
            return False
        riders = self._riders(piece)
        others = [
            p.shape.cache_bb().top for p in scene.animals() if p is not piece and p not in riders
        ]
        clear = max([scene.board_top, *others]) + CLEARANCE_MM + scene.size[1] / 2
        carry_y = max(start.y + CLEARANCE_MM, clear)
        aim_x = destination[0] + self.chance.noise(self.hand.aim_noise_mm)
        seat_y = destination[1] + self.hand.drop_mm
        speed = self.hand.carry_speed
        # Crossing eases in and out (smoothstep: peak acceleration 6 L / T²); with animals
        # riding on the held one it takes long enough to keep that below what they bear.
        width, height = scene.size
        bearable = GRAVITY_MM_S2 * min(WOOD_GRIP, width / max(len(riders) * height, 1e-9))
        length = abs(aim_x - start.x)
        seconds = max(length / speed, math.sqrt(6.0 * length / (self.hand.care * bearable)))
        yield from self._glide((start.x, start.y), (start.x, carry_y), speed * 0.5)
        yield from self._glide((start.x, carry_y), (aim_x, carry_y), length / max(seconds, 1e-9))
        yield from self._glide((aim_x, carry_y), (aim_x, seat_y), speed * 0.5)
        for _ in range(round(PAUSE_SECONDS / session.frame_seconds)):
            yield None
        yield InputEvent(0, "release", aim_x, seat_y)
        return True

    def _riders(self, piece: Piece) -> list[Piece]:
        scene = self.session.scene
        column = scene.column_of(piece, scene.columns())
        return riders(column, piece) if column is not None else []

    def _glide(
        self, start: tuple[float, float], end: tuple[float, float], speed: float
    ) -> Iterator[InputEvent]:
        """Hand targets from ``start`` to ``end`` at about ``speed`` mm/s, easing in and out."""
        dt = self.session.frame_seconds
        length = math.dist(start, end)
        steps = max(1, round(length / (speed * dt)))
        for n in range(1, steps + 1):
            t = n / steps
            ease = t * t * (3.0 - 2.0 * t)
            yield InputEvent(
                0,
                "move",
                start[0] + (end[0] - start[0]) * ease,
                start[1] + (end[1] - start[1]) * ease,
            )
