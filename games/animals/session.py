"""An Animal upon Animal game in progress: the rules, the table world, the computer players.

Inputs (``InputEvent.action``), all by the player on turn (the rules' ``seat``):

- ``draw``: draw blind from the pouch; an animal appears on the board's drawn spot, shown to
  all; a crocodile waits for the die.
- ``roll``: roll the die for a crocodile.
- ``stop``: call "stop stacking!" (instead of drawing, or doubting the finished tower).
- ``accept``: do not doubt the finished tower.
- ``grab`` / ``move`` / ``release`` at a point (mm): the hand, always the rotation-locked grip
  (both hands). Grabbing an animal lifts it with everything that rides on it.
- ``put_back`` (the B key), by anyone at any time: every animal lying on the floor stands on
  the table again, left of the board (:meth:`AnimalScene.put_beside_board`). The rulebook
  ends the game when the tower falls onto the table; an animal on the floor fell off it, so
  the game was already over: this only tidies up, and the fall and its loser stand. With
  nothing on the floor it is refused with the reason.

What the hand may take (:meth:`AnimalsSession.may_grab`), while placing or removing:

- any animal of the tower on the stacking spot, while no portion is set aside (lifting it lifts
  the upper portion);
- a set-aside portion only by its lowest animal;
- the drawn animal;
- the crocodile's animal only when nothing rests on it; let go over the pouch, it drops in.

The turn ends when the handling is over and the tower has stood still for
``animals.settle_seconds``: hand empty, every animal in the one column on the stacking spot
(with the drawn animal in it, or the crocodile's animal in the pouch). The drawn animal's
height in that column is the :class:`~games.animals.rules.Insert`. The column is read bottom
to top, and if the handling moved animals already in the tower (a quick re-grab, the drawn
animal lifted with what rides on it), the rules' record follows the table first
(:class:`~games.animals.rules.Restack`): "stop stacking!" judges the tower that stands.
Until then the player on turn is responsible for a fall (:meth:`AnimalScene.fall` says what
a fall is).

Pace (``computer_speed``, games/core/pacing.py; a window sets it, absent it is ``instant``): the
opening three are laid one at a time, ``opening_seconds`` apart, shown face up with their names
that long once all stand; until then nobody draws (:meth:`AnimalsSession.laying_opening`), and
a computer waits until they were shown. A computer holds its drawn animal up, face up, for
``show_seconds`` before carrying it, and pauses ``manoeuvre_seconds`` after each lift, carry
and put-back (games/animals/bot.py). Without the option everything is as it always was: the
opening stands at once, so headless runs, scenarios and their goldens do not change.

What went where is kept in :attr:`AnimalsSession.record` (games/animals/record.py: places and
heights, the animals named only once the game is over) and narrated in the status line.

Options: ``memory`` (0 to 1) and ``skill`` (easy / normal / hard, or the old careful / steady /
shaky, or 0 to 1; see games/core/skill.py), each also a list or table per seat, set the computer's
memory and dexterity; a ``skill`` word also sets the memory (games.core.skill.MEMORY_LEVELS) where
``memory`` does not.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from games.animals.bot import DEFAULT_MEMORY, DEFAULT_SKILL, Bot
from games.animals.catalogue import PiecesFile, load
from games.animals.mind import Mind
from games.animals.record import Entry, Record
from games.animals.rules import (
    Accept,
    CallStop,
    IllegalMove,
    Insert,
    MemoryStacking,
    Phase,
    Remove,
    Restack,
    TowerFell,
    seat_names,
)
from games.animals.scene import AnimalScene, live_config
from games.core.pacing import session_pace
from games.core.protocol import InputEvent, InputRefused, Outcome, SeatKind, SessionSetup
from games.core.rng import Chance
from games.core.skill import MEMORY_LEVELS, SkillError, seat_skill, seat_strength
from games.physicskit.idle import allowed_by, count_up_frames
from games.physicskit.narration import capital, narrate
from games.physicskit.physics_session import PhysicsSession
from physics.config import PhysicsConfig
from physics.detect import SettleDetector
from physics.stacking import Column
from physics.world import Layer, Piece, World

HANDLING = (Phase.PLACE, Phase.REMOVE)


class AnimalsSession(PhysicsSession):
    game_id = "animals"

    def __init__(self, setup: SessionSetup, file: PiecesFile | None = None) -> None:
        self.file = file or load()
        self.chance = Chance(setup.seed)
        kinds = tuple(setup.seats) or (SeatKind.COMPUTER, SeatKind.COMPUTER)
        if not 2 <= len(kinds) <= 4:
            raise InputRefused(f"{len(kinds)} players; allowed: 2 to 4")
        seats = seat_names(len(kinds))
        self.kinds = dict(zip(seats, kinds, strict=True))
        for key in ("memory", "skill"):
            _check_seats_in_play(setup.options.get(key), key, seats)
        self.rules = MemoryStacking.new(self.file.catalogue, seats)
        self.scene = AnimalScene(setup.config, self.file)
        self.built_with = setup.config
        super().__init__(setup)
        self.hand.max_acceleration = setup.config.animals.hand_max_acceleration
        while self.rules.phase is Phase.OPENING:
            self.rules.draw_random(self.chance)
        self.pace = session_pace(setup.options)
        self.record = Record()
        self.record.add(
            Entry(0, seats[0], "opening", tuple(self.rules.tower), height=len(self.rules.tower))
        )
        # the opening laid one animal at a time (paced), or all at once (instant)
        self.opening_laid = 1 if self.pace.opening_seconds > 0 else len(self.rules.tower)
        self.opening_clock = 0.0  # seconds since the last opening animal was laid
        self.scene.lay_tower(self.rules.tower[: self.opening_laid])
        self.world.settle_in()
        self.inserted_at: int | None = None  # the last insertion's place (0 = the bottom)
        self.drawn_piece: Piece | None = None
        self.target: Piece | None = None  # the crocodile's animal
        # how long the finished handling has stood still (the turn ends once settled)
        self.settle = SettleDetector(
            setup.config.animals.settle_speed, setup.config.animals.settle_seconds
        )
        self.fall_reason: str | None = None
        self.last_roll: int | None = None  # the die as it lies (shown until the next roll)
        self.refusal: str | None = None
        self.bots: dict[str, Bot] = {}
        for index, seat in enumerate(seats):
            if self.kinds[seat] is SeatKind.COMPUTER:
                memory = _level(
                    setup.options.get("memory"), seat, _memory(setup.options, seat, seats),
                    "memory",
                )
                mind = Mind(self.file.catalogue, memory, Chance(setup.seed * 7919 + index + 1))
                mind.see_tower(self.rules.tower)
                skill = _skill(setup.options.get("skill"), seat, seats)
                self.bots[seat] = Bot(self, seat, mind, skill)

    def build_world(self) -> World:
        return self.scene.world

    def apply_config(self, config: PhysicsConfig) -> None:
        """A live edit: world constants, the fall and settle tests and the hand apply at once;
        the animals' and the board's sizes (the pieces file) and ``pieces.*`` wait for F5."""
        live = live_config(self.built_with, config)
        self.world.apply_config(live)
        self.scene.config = live
        self.hand.max_acceleration = live.animals.hand_max_acceleration
        self.settle.speed = live.animals.settle_speed
        self.settle.seconds = live.animals.settle_seconds

    # -- who acts --------------------------------------------------------------------------

    def _apply_input(self, event: InputEvent) -> None:
        if event.action == "put_back":  # tidying the table is no move: anyone, any time
            lying = [p for p in self.on_floor() if p.name in self.scene.animal_of]
            if not lying:
                raise self._refuse("no animal lies on the floor")
            self.scene.put_beside_board(lying)
            self.refusal = None
            return
        seat = self.rules.seat
        computer = self.kinds[seat] is SeatKind.COMPUTER
        if not self._computer_acting and computer and self.outcome is None:
            raise self._refuse(f"the computer plays {seat}; wait for your turn")
        try:
            if self.outcome is not None and event.action != "move":
                raise IllegalMove("the game is over")
            if event.action in ("grab", "move", "release"):  # the hand's: most inputs
                super()._apply_input(event)
            elif event.action == "draw":
                self._draw()
            elif event.action == "roll":
                self._roll()
            elif event.action == "stop":
                self._call_stop()
            elif event.action == "accept":
                self.rules.push(Accept())
            else:
                raise IllegalMove(
                    f"unknown action {event.action!r}; allowed: draw, roll, stop, accept, "
                    "grab, move, release, put_back"
                )
        except (IllegalMove, InputRefused) as error:
            raise self._refuse(str(error)) from None
        self.refusal = None

    def _refuse(self, reason: str) -> InputRefused:
        self.refusal = reason
        return InputRefused(reason)

    # -- the rules' actions ----------------------------------------------------------------

    def _draw(self) -> None:
        if self.rules.phase is not Phase.DRAW:
            raise IllegalMove(f"cannot draw now: {self.rules.expecting()}")
        if self.rules.turns == 0 and self.opening_laid < len(self.rules.tower):
            raise IllegalMove("wait: the opening animals are still being laid")
        if self.hand.held is not None:
            raise IllegalMove("let go first")
        piece = self.rules.draw_random(self.chance)
        if self.rules.phase is Phase.PLACE:
            self.drawn_piece = self.scene.show_drawn(piece)
        self.inserted_at = None
        self.settle.reset()

    def _roll(self) -> None:
        if self.rules.phase is not Phase.ROLL:
            raise IllegalMove(f"cannot roll now: {self.rules.expecting()}")
        before = len(self.rules.tower)
        self.last_roll = self.rules.roll_random(self.chance)
        if self.rules.phase is Phase.REMOVE:
            index = self.rules.removal_target()
            assert index is not None
            self.target = self.scene.piece_of[self.rules.tower[index]]
            self.settle.reset()
        else:  # above the tower: nothing removed, the turn passed
            assert len(self.rules.tower) == before
            self.record.add(
                Entry(self.rules.turns, self._last_seat(), "miss", (), height=before,
                      rolled=self.last_roll or 0)
            )
            for bot in self.bots.values():
                bot.mind.see_turn()

    def _call_stop(self) -> None:
        if self.hand.held is not None:
            raise IllegalMove("let go first")
        self.rules.push(CallStop())

    # -- the hand --------------------------------------------------------------------------

    def grab_options(self, piece: Piece) -> dict[str, Any]:
        return {"lock_rotation": True, "lift_out_of": Layer(0)}

    def may_grab(self, piece: Piece) -> str | None:
        rules = self.rules
        if piece.name not in self.scene.animal_of:
            return "only animals may be picked up"
        if self.outcome is not None:
            return "the game is over"
        if rules.phase not in HANDLING:
            return {
                Phase.DRAW: "draw an animal first (or call stop stacking)",
                Phase.ROLL: "roll the die for the crocodile first",
                Phase.DOUBT: "the tower is finished: doubt it or accept it",
            }.get(rules.phase, rules.expecting())
        if self.hand.held is not None:
            return "let go of the animal you hold first"
        found = self.scene.columns()
        main = self.scene.main_column(found)
        column = self.scene.column_of(piece, found)
        aside = self.aside_columns(found)
        if piece is self.drawn_piece:
            return None
        if piece is self.target:
            if column is not None and column.top is not piece:
                return "lift the animals above it off first; then take it out"
            return None
        if column is not None and column is main:
            if aside:
                return "put the set-aside animals back on the tower first"
            return None
        if column is not None and piece is not column.bottom:
            return "lift a set-aside portion by its lowest animal"
        return None

    def aside_columns(self, found: list[Column] | None = None) -> list[Column]:
        """Columns off the stacking spot that hold tower animals (a portion set aside)."""
        found = self.scene.columns() if found is None else found
        main = self.scene.main_column(found)
        return [
            c for c in found if c is not main and any(p is not self.drawn_piece for p in c.pieces)
        ]

    def on_grab(self, piece: Piece) -> None:
        self.settle.reset()

    def on_release(self, piece: Piece) -> None:
        self.settle.reset()
        if (
            piece is self.target
            and self.scene.in_pouch_zone(piece.position.x)
            and self.rules.phase is Phase.REMOVE
        ):
            self.scene.to_pouch(piece)

    # -- time ------------------------------------------------------------------------------

    def _tick(self) -> None:
        self._lay_opening()
        if self.outcome is None and not self.laying_opening():
            for bot in self.bots.values():
                bot.act()
        super()._tick()

    def _lay_opening(self) -> None:
        """The paced opening: the next animal onto the tower every ``opening_seconds``."""
        if not self._opening_clock_runs():
            return
        self.opening_clock += self.frame_seconds
        opening = self.rules.turns == 0 and self.rules.phase is Phase.DRAW
        if not opening or self.opening_laid >= len(self.rules.tower):
            return
        if self.opening_clock >= self.pace.opening_seconds:
            level = self.opening_laid
            self.scene.add_animal(
                self.rules.tower[level], (self.file.board.stack_x, self.scene.seat_y(level))
            )
            self.world.settle_in()
            self.opening_laid += 1
            self.opening_clock = 0.0

    def _opening_clock_runs(self) -> bool:
        """True while :meth:`_lay_opening` still counts (a paced opening): no frame skipped."""
        seconds = self.pace.opening_seconds
        return seconds > 0 and self.opening_clock <= 2 * seconds

    def laying_opening(self) -> bool:
        """True while the opening is laid, and while it stands shown face up afterwards for
        the pace's ``opening_seconds`` (a computer waits; a person may draw once all stand)."""
        if self.pace.opening_seconds <= 0 or self.rules.turns > 0:
            return False
        if self.opening_laid < len(self.rules.tower):
            return True
        return self.opening_clock < self.pace.opening_seconds

    def _last_seat(self) -> str:
        """Who played the turn that just ended (the seat before the one on turn now)."""
        seats = self.rules.seats
        return seats[(seats.index(self.rules.seat) - 1) % len(seats)]

    def after_step(self) -> None:
        if self.outcome is not None:
            return
        held = self.hand.held
        self.fall_reason = self.scene.fall(held)
        if self.fall_reason is not None:
            self.rules.push(TowerFell())
            self.hand.release()
            return
        if self.rules.phase in HANDLING:
            self._check_done(held)

    def _check_done(self, held: Piece | None) -> None:
        """End the turn once the handling is over and everything has stood still long enough."""
        if held is not None:
            self.settle.reset()
            return
        # A frame that is not quiet starts the count again whatever stands where: the
        # animals' speeds first, the columns (dearer) only in a quiet frame.
        if not self.settle.quiet(self.scene.awake_animals()):
            self.settle.reset()
            return
        main = self._standing_as_wanted()
        if main is False:
            self.settle.reset()
            return
        if not self.settle.count(self.frame_seconds, quiet=True):
            return
        self.settle.reset()
        standing = [self.scene.animal_of[p.name] for p in main.pieces] if main else []
        if self.rules.phase is Phase.PLACE:
            assert main is not None and self.drawn_piece is not None
            at = main.pieces.index(self.drawn_piece)
            animal = self.rules.in_hand
            assert animal is not None
            self._follow_the_table([name for name in standing if name != animal])
            self.rules.push(Insert(at))
            self.drawn_piece = None
            self.inserted_at = at
            self.record.add(
                Entry(self.rules.turns, self._last_seat(), "insert", (animal,), at + 1,
                      len(self.rules.tower))
            )
            for bot in self.bots.values():
                bot.mind.see_insert(animal, at)
        else:
            index = self.rules.removal_target()
            assert index is not None
            standing.insert(index, self.rules.tower[index])  # the one now in the pouch
            self._follow_the_table(standing)
            rolled = self.rules.rolled or 0
            taken = self.rules.tower[index]
            self.rules.push(Remove())
            self.target = None
            self.inserted_at = None
            self.record.add(
                Entry(self.rules.turns, self._last_seat(), "remove", (taken,), index + 1,
                      len(self.rules.tower), rolled)
            )
            for bot in self.bots.values():
                bot.mind.see_remove(index)

    def _standing_as_wanted(self) -> Column | Literal[False] | None:
        """The main column if the table stands as the turn's end wants it (the animals of
        the tower, and the drawn one, in one column on the stacking spot; None for no
        column), else False: the quiet count starts again."""
        found = self.scene.columns()
        main = self.scene.main_column(found)
        wanted = {self.scene.piece_of[a] for a in self.rules.tower if a in self.scene.piece_of}
        if self.rules.phase is Phase.PLACE:
            assert self.drawn_piece is not None
            wanted.add(self.drawn_piece)
        elif self.target is not None and self.target.name in self.scene.animal_of:
            return False  # the crocodile's animal is not in the pouch yet
        in_main = set(main.pieces) if main is not None else set()
        if in_main != wanted or len(found) != (1 if wanted else 0):
            return False
        return main

    def idle_frames(self, most: int) -> int:
        """Frames in which nothing moves and no computer acts (:meth:`Session.idle_frames`):
        the world still (:meth:`World.still_frames`), the hand empty and settled, every animal
        found asleep by the last fall test, the turn's quiet count short of its end, and each
        computer only counting down or waiting for the tower to settle (:meth:`Bot.idle_frames`)."""
        frames = self.world.still_frames(most)  # first: 0 at once after a stepped frame
        if (
            not frames
            or self._opening_clock_runs()
            or not self.scene.fall_settled()
            or not self.hand.settled(self.frame_seconds)
            or self.outcome is not None
        ):
            return 0
        if self.rules.phase in HANDLING:
            frames = min(frames, self._quiet_frames())
        return allowed_by(frames, self.bots.values())

    def _quiet_frames(self) -> int:
        """Still frames before the turn's quiet count ends it (that frame is played)."""
        settle = self.settle
        counting = self._standing_as_wanted() is not False and settle.speed > 0.0
        if not counting:
            return 0 if settle.quiet_for else 1 << 30  # the count stays at zero
        return count_up_frames(settle.quiet_for, self.frame_seconds, settle.seconds, reach=True)

    def skip(self, frames: int) -> None:
        if self.rules.phase in HANDLING:
            quiet = self._standing_as_wanted() is not False and self.settle.speed > 0.0
            self.settle.skip(frames, self.frame_seconds, quiet=quiet)
        self.skip_still(frames)
        self.frame += frames

    def _follow_the_table(self, standing: list[str]) -> None:
        """The rules' tower becomes the order the table shows (bottom first), if the handling
        moved animals already in it; every computer sees which places moved."""
        if standing == self.rules.tower:
            return
        moved = [self.rules.tower.index(name) for name in standing]
        self.rules.push(Restack(tuple(standing)))
        for bot in self.bots.values():
            bot.mind.see_restack(moved)

    # -- reading the game ------------------------------------------------------------------

    @property
    def outcome(self) -> Outcome | None:
        ending = self.rules.outcome
        if ending is None:
            return None
        details: dict[str, Any] = {
            "winners": list(ending.winners),
            "losers": list(ending.losers),
            "tower_height": len(self.rules.tower),
            "turns": self.rules.turns,
            "animals_drawn": self.rules.drawn,
            "crocodiles": self.rules.crocodiles,
            "caller": ending.caller,
        }
        if self.fall_reason:
            details["fall"] = self.fall_reason
        return Outcome(", ".join(ending.winners), ending.reason, details)

    def result(self) -> dict[str, Any]:
        summary = super().result()
        summary.setdefault("tower_height", len(self.rules.tower))
        summary.setdefault("turns", self.rules.turns)
        summary.setdefault("animals_drawn", self.rules.drawn)
        summary.setdefault("crocodiles", self.rules.crocodiles)
        return summary

    def state_json(self) -> Mapping[str, Any]:
        return {
            **super().state_json(),
            "rules": self.rules.to_json(),
            "drawn_piece": self.drawn_piece.name if self.drawn_piece else None,
            "target": self.target.name if self.target else None,
            "quiet": self.settle.quiet_for,
            "fall_reason": self.fall_reason,
            "minds": {seat: bot.mind.belief for seat, bot in self.bots.items()},
            # the paced opening's progress (absent at instant: the digests stay as they were)
            **(
                {"opening": [self.opening_laid, self.opening_clock]}
                if self.pace.opening_seconds > 0
                else {}
            ),
        }

    def status(self) -> str:
        """The status line: what happened last, then what happens now, capitalised; an animal
        named only while everyone sees it (games/animals/record.py)."""
        ending = self.outcome
        if ending is not None:
            verb = "wins" if len(ending.details["winners"]) == 1 else "win"
            winners = " and ".join(capital(s) for s in ending.details["winners"])
            return f"{winners} {verb}: {ending.reason}" + (
                f" ({self.fall_reason})" if self.fall_reason else ""
            )
        rules = self.rules
        if rules.turns == 0 and rules.phase is Phase.DRAW and self.laying_opening():
            shown = ", ".join(rules.tower[: self.opening_laid])
            return (
                f"{capital(rules.seats[0])} lays the opening animals face up: {shown} "
                "(remember them)"
            )
        if rules.phase is Phase.PLACE:
            return narrate(None, f"{rules.seat} stacks the {rules.in_hand}")
        if rules.phase is Phase.ROLL:
            return narrate(None, f"{rules.seat} drew a crocodile and rolls the die")
        return narrate(self.record.last_line(), rules.expecting())


def _skill(option: Any, seat: str, seats: tuple[str, ...]) -> float:
    """A seat's dexterity from ``options.skill``: easy / normal / hard (or careful / steady /
    shaky), or 0 to 1; one value, a list per seat or a table."""
    try:
        return seat_skill(option, seat, DEFAULT_SKILL, seats=seats, game="animals")
    except SkillError as error:
        raise InputRefused(str(error)) from None


def _memory(options: Mapping[str, Any], seat: str, seats: tuple[str, ...]) -> float:
    """The memory a seat's strength word stands for (the default where it names none)."""
    try:
        word = seat_strength(options.get("skill"), seat, seats, "animals")
    except SkillError as error:
        raise InputRefused(str(error)) from None
    return DEFAULT_MEMORY if word is None else MEMORY_LEVELS[word]


def _check_seats_in_play(option: Any, key: str, seats: tuple[str, ...]) -> None:
    """Refuse a per-seat table naming a seat that does not play (``yellow`` in a 2-player game)."""
    if isinstance(option, dict):
        for seat in option:
            if seat not in seats:
                raise InputRefused(
                    f"options.{key}.{seat}: {seat} does not play in a {len(seats)}-player game;"
                    f" allowed: {', '.join(seats)}"
                )


def _level(option: Any, seat: str, default: float, key: str) -> float:
    if isinstance(option, dict):
        option = option.get(seat, default)
    if option is None:
        return default
    value = float(option)
    if not 0.0 <= value <= 1.0:
        raise InputRefused(f"options.{key}: {value}; allowed: a number from 0 to 1")
    return value

