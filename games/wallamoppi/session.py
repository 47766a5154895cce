"""A Wallamoppi game in progress: the rules, the table world, the marble timer and the bots.

Inputs (``InputEvent.action``):

- ``place`` with ``data = {"slot": [row, index]}``: the placer puts the drawn disk on the wall.
- ``start_timer``: the player *not* on turn releases the marble for the player on turn.
- ``grab`` / ``move`` / ``release`` at a point (mm): the hand of the player on turn. Grabbing a
  wall disk of one's own colour pulls it out of the wall (out of the picture plane); grabbing
  another wall disk, or any wall disk with ``data = {"nudge": true}``, nudges it in the plane:
  gently (a capped push, and a hand that cannot lift the disk over a row nor carry it more
  than two disk widths: :data:`NUDGE_RISE`, :data:`NUDGE_REACH`; asked to, it stays on its
  leash and the player is told once).
  A disk of one's colour lying on the table is taken from where it lies.
- ``marble``: the player on turn catches the marble after stacking; the turn passes.
- ``put_back`` (the B key), by anyone at any time: every disk lying on the floor (it fell off
  the table, physics/room.py) is laid on the table beside the wall, dark left and light right
  (once a side's row reaches the table's rim, on a pile at its outer end).
  The rulebook says a fallen disk "remains where it lands and may be stacked during a later
  turn"; a disk on the floor has landed where no hand should have to reach, so it is brought
  to the table edge and stays what it was: a fallen disk anyone of its colour may take (the
  disk a player pulled out stays the one they must stack). Nothing in the rules changes and
  no one is counted as touching. With nothing on the floor it is refused with the reason.

Who acts is implied by the action (the placer; the player off turn for ``start_timer``; the
player on turn otherwise). Inputs for a seat played by the computer are refused, so a person
cannot move the computer's hand. The computer's own inputs go through :meth:`handle` too, but
are not recorded: a replay with the same seats makes them again from the same seed.

A released taken disk counts as stacked once it has rested flat on the tower's top disk for
``wallamoppi.stack_settle_seconds``. Options: ``wall = "auto"`` builds the wall at once with
the computer's placement strategy (scenarios, tests); ``practice = true`` (the window's guided
first turn) makes each person's first tower turn a practice: the marble, once released, waits
at its start until that player's disk is stacked, then rolls to be caught as usual; ``skill``
(easy / normal / hard, a number from 0 to 1, or a list or table per seat; see games/core/skill.py)
sets the computer's dexterity.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from typing import Any

from games.core.pacing import session_pace
from games.core.protocol import InputEvent, InputRefused, Outcome, SeatKind, SessionSetup
from games.core.rng import Chance
from games.core.skill import SkillError, seat_skill, seat_strength
from games.physicskit.idle import allowed_by, count_up_frames
from games.physicskit.narration import capital, narrate
from games.physicskit.physics_session import PhysicsSession
from games.wallamoppi.bot import DEFAULT_SKILL, Bot, choose_slot
from games.wallamoppi.rules import (
    DARK,
    LIGHT,
    SEATS,
    IllegalMove,
    Phase,
    Placement,
    Slot,
    Wallamoppi,
    other,
)
from games.wallamoppi.scene import (
    MarbleTimer,
    WallScene,
    live_config,
    table_world_config,
    timer_duration,
    timer_world_config,
)
from physics.config import PhysicsConfig
from physics.detect import SettleDetector
from physics.world import Layer, Piece, World

# A nudge's leash (physics/grab.py, Hand.gently): the hand rises at most half a disk's
# thickness above where it took hold (enough to push against a load and show it on the gauge,
# never to lift a disk over a row) and reaches at most two disk widths from it (a disk at a
# row's end is pushed off onto the table, never carried over the wall to the tower).
NUDGE_RISE = 0.5
NUDGE_REACH = 2.0


class WallamoppiSession(PhysicsSession):
    game_id = "wallamoppi"

    def __init__(self, setup: SessionSetup) -> None:
        self.chance = Chance(setup.seed)
        self.rules = Wallamoppi.new(self.chance)
        self.scene = WallScene(setup.config)
        super().__init__(setup)
        kinds = tuple(setup.seats) or (SeatKind.COMPUTER, SeatKind.COMPUTER)
        self.kinds = {seat: kinds[min(n, len(kinds) - 1)] for n, seat in enumerate(SEATS)}
        self.timer: MarbleTimer | None = None
        self.timer_seconds = timer_duration(setup.config)
        self.pending: str | None = None  # the released taken disk, not yet stacked
        self.settle = SettleDetector()  # the released disk at rest on the tower's top
        self.fall_reason: str | None = None
        self._tower_slept = False  # every tower disk slept after the last frame
        self._lone_timer: MarbleTimer | None = None  # the marble's, while a disk is carried alone
        self.refusal: str | None = None  # the last refused input, for the status line
        self._grab_data: dict[str, Any] = {}
        self.nudging: str | None = None  # the wall disk the hand is nudging, if any
        self._told_nudge = False  # this nudge's "only pushes" message was given
        self.notice: str | None = None  # a message for the window (taken by the view)
        self.narration: str | None = None  # what happened last, for the status line
        self.last_moves: dict[str, str] = {}  # seat -> the disk it last placed or stacked
        self.count_in_seconds = setup.config.wallamoppi.count_in_seconds
        self.pace = session_pace(setup.options)  # the computer's speed (games/core/pacing.py)
        self.bots = {
            seat: Bot(
                self,
                seat,
                _skill(setup.options.get("skill"), seat),
                plans=_plans(setup.options.get("skill"), seat),
            )
            for seat in SEATS
            if self.kinds[seat] is SeatKind.COMPUTER
        }
        if setup.options.get("wall") == "auto":
            while self.rules.phase is Phase.WALL:
                self._place(choose_slot(self.rules, self.chance))

    def build_world(self) -> World:
        return self.scene.world

    def apply_config(self, config: PhysicsConfig) -> None:
        """A live config edit reaches the table world, the scene's tests and the marble's world.

        Applied at once: the world constants (gravity, solver, sleeping, friction and rolling
        resistance, in both worlds: a running marble speeds up or slows down), the fall
        thresholds, the pull drag and the stacking test. Kept until a restart (F5): the
        geometry the worlds were built with (``pieces.*``, ``wallamoppi.wall_gap`` and the
        box's ``wallamoppi.timer_ramps``/``timer_ramp_deg``/``timer_chute_deg``); a timer
        released later is built with the box the game started with, so the box never changes
        shape mid-game. The time shown on the marble is measured again with the new constants.
        """
        self._carried_alone = None  # (after_step looks at the world again)
        live = live_config(self.scene.built_with, config)
        self.world.apply_config(table_world_config(live))
        self.scene.config = live
        if self.timer is not None:
            self.timer.world.apply_config(timer_world_config(live))
        self.timer_seconds = timer_duration(live)

    # -- who acts ----------------------------------------------------------------------

    def actor(self, action: str) -> str:
        """The seat an input with ``action`` belongs to now."""
        if action == "place":
            return self.rules.placer
        if action == "start_timer":
            return other(self.rules.turn.seat)
        return self.rules.turn.seat

    def lead_seat(self) -> str | None:
        """The seat whose machine may lead a network game now (games.net.lockstep.leader):
        the seat on turn while towers are built (the other seat's marble release is forwarded
        to it); nobody while the wall is built or after the end."""
        if self.rules.phase is Phase.TOWER and self.outcome is None:
            return self.rules.turn.seat
        return None

    # -- inputs ------------------------------------------------------------------------

    def _apply_input(self, event: InputEvent) -> None:
        if event.action == "move":  # the hand aims elsewhere: nothing else changes
            self._move(event.x, event.y, event.data)
            return
        self._carried_alone = None  # (after_step looks at the world again)
        if event.action == "put_back":  # tidying the table is no move: anyone, any time
            self._put_back()
            return
        seat = self._seat_for(event.action)
        try:
            if event.action == "place":
                self._place(_slot_of(event))
            elif event.action == "start_timer":
                self.rules.start_timer(seat)
                self.timer = MarbleTimer(self.scene.config, lazy=True)
                self.narration = f"{capital(seat)} released the marble"
            elif event.action == "ready":
                self._ready(seat)
            elif event.action == "marble":
                self._stop_timer(seat)
            elif event.action in ("grab", "release"):
                if self.outcome is not None:
                    raise IllegalMove("the game is over")
                self._grab_data = dict(event.data)
                super()._apply_input(event)
                self._tell_nudge_held_back()
            else:
                raise IllegalMove(
                    f"unknown action {event.action!r}; allowed: place, start_timer, ready, grab, "
                    "move, release, marble"
                )
        except IllegalMove as error:
            raise self._refuse(str(error)) from None
        except InputRefused as error:
            raise self._refuse(str(error)) from None
        self.refusal = None

    def _seat_for(self, action: str) -> str:
        """The seat an input with ``action`` belongs to; refused if the computer plays it and
        this input is not the computer's (the game not over)."""
        seat = self.actor(action)
        if (
            not self._computer_acting
            and self.kinds[seat] is SeatKind.COMPUTER
            and self.outcome is None
        ):
            raise self._refuse(f"the computer plays {seat}; wait for your turn")
        return seat

    def _move(self, x: float, y: float, data: Mapping[str, Any]) -> None:
        """A "move" input: the hand aims at (x, y) (kept in the world; a nudge's on its leash).
        A person's comes from :meth:`_apply_input`, a computer's straight from
        :meth:`move_as_computer` (one a frame while it carries a disk: no event built)."""
        if not self._computer_acting:  # (a computer's seat is its own)
            self._seat_for("move")
        self._grab_data = dict(data)
        self.hand.move_to(self._inside(x, y))
        if self.nudging is not None:
            self._tell_nudge_held_back()
        self.refusal = None

    _computer_move = _move  # (PhysicsSession.move_as_computer: the computer's moves, here)

    def _put_back(self) -> None:
        """The B key: every disk lying on the floor goes back on the table beside the wall
        (:meth:`WallScene.put_beside_wall`: dark left, light right), where it counts as a
        fallen disk exactly as it did on the floor; the rules never hear of it."""
        lying = [piece for piece in self.on_floor() if piece.name in self.scene.disks]
        if not lying:
            raise self._refuse("no disk lies on the floor")
        for piece in lying:
            taken = "loose" in piece.tags
            self.scene.put_beside_wall(piece)
            if taken:  # the disk in the player's hand stays the one to stack
                piece.tags -= {"fallen"}
                piece.tags.add("loose")
        self.refusal = None

    def _refuse(self, reason: str) -> InputRefused:
        self.refusal = reason
        return InputRefused(reason)

    def _place(self, slot: Slot) -> None:
        disk = self.rules.disk_in_hand
        placer = self.rules.placer
        self.rules.push(Placement(slot))
        assert disk is not None
        self.narration = f"{capital(placer)} placed a {disk.colour} disk on {slot}"
        self.last_moves[placer] = disk.id
        self.scene.add_wall_disk(slot, disk)
        if self.rules.phase is Phase.TOWER:
            self.world.settle_in()  # the finished wall takes up its weight gently

    def count_in_left(self) -> float | None:
        """Seconds before the computer releases the marble for a person, while it counts in."""
        rules = self.rules
        if rules.phase is not Phase.TOWER or rules.turn.timer_running or self.outcome:
            return None
        bot = self.bots.get(other(rules.turn.seat))
        return None if bot is None else bot.count_in_left()

    def _ready(self, seat: str) -> None:
        """The person on turn tells the counting-in computer to release the marble now."""
        bot = self.bots.get(other(seat))
        if self.rules.phase is not Phase.TOWER or self.rules.turn.timer_running or bot is None:
            raise IllegalMove("nothing to start: the marble is not waiting for the computer")
        bot.start_now()

    def _stop_timer(self, seat: str) -> None:
        if self.hand.held is not None:
            raise IllegalMove("let go of the disk first")
        self.rules.stop_timer(seat)
        self.timer = None
        self.narration = f"{capital(seat)} caught the marble"

    def may_grab(self, piece: Piece) -> str | None:
        if piece.kind != "disk" or piece.name not in self.scene.disks:
            return "only disks may be picked up"
        if self.hand.held is not None:
            return "one hand: let go of the disk you hold first"
        seat = self.rules.turn.seat
        reason = self.rules.why_no_touch(seat)
        if reason:
            return reason
        if "tower" in piece.tags:
            return "disks in the tower may not be moved"
        if self._is_nudge(piece):
            return None
        reason = self.rules.why_not_take(seat, piece.name)
        if reason and "wall" in piece.tags:
            reason += " (to nudge a wall disk: right-drag or Shift-drag)"
        return reason

    def _is_nudge(self, piece: Piece) -> bool:
        """A grab that only nudges a wall disk in the plane (the disk stays in the wall).

        Only the deliberate gesture nudges (``data = {"nudge": true}``: right-drag or
        Shift-drag in the window); a plain grab of a disk one may not take is refused with the
        reason, so a slip of the hand never shoves the wall.
        """
        return "wall" in piece.tags and bool(self._grab_data.get("nudge"))

    def grab_options(self, piece: Piece) -> dict[str, Any]:
        if self._is_nudge(piece):
            return {"lock_rotation": False, "lift_out_of": Layer(0)}
        return {"lock_rotation": True, "lift_out_of": Layer.WALL | Layer.TOWER}

    def on_grab(self, piece: Piece) -> None:
        self.scene.settle_layers()  # before the taken disk moves (the grab woke the tower)
        seat = self.rules.turn.seat
        if self._is_nudge(piece):
            self.rules.touch(seat)
            weight = piece.body.mass * max(self.world.config.world.gravity, 9810.0)
            pieces = self.scene.config.pieces
            self.hand.gently(
                self.scene.config.wallamoppi.nudge_force_per_weight * weight,
                rise=pieces.disk_thickness * NUDGE_RISE,
                reach=pieces.disk_diameter * NUDGE_REACH,
            )
            self.nudging = piece.name
            self._told_nudge = False
            return
        self.nudging = None
        self.rules.take(seat, piece.name)
        if self.pending == piece.name:
            self.pending = None
        self.scene.begin_pull(piece)

    def _tell_nudge_held_back(self) -> None:
        """A nudge asked to lift its disk or carry it away: the hand stayed on its leash
        (:meth:`physics.grab.Hand.gently`); say so once per nudge."""
        if self.nudging is None or not self.hand.held_back or self._told_nudge:
            return
        self._told_nudge = True
        colour = DARK if DARK in self.scene.disks[self.nudging].tags else LIGHT
        self.notice = (
            f"A nudge only pushes the {colour} disk where it lies: it cannot lift it or carry "
            f"it away (to take a disk out, left-drag one of your colour)"
        )

    def on_release(self, piece: Piece) -> None:
        self.nudging = None
        self.scene.end_pull()
        if piece.name == self.rules.turn.taken:
            self.pending = piece.name
            self.settle.reset()

    # -- time --------------------------------------------------------------------------

    def _tick(self) -> None:
        if self.rules.outcome is None:  # (self.outcome, without building one)
            for bot in self.bots.values():
                bot.act()
        super()._tick()

    def idle_frames(self, most: int) -> int:
        """Frames in which nothing moves and no computer acts (:meth:`Session.idle_frames`):
        the world still (:meth:`World.still_frames`), the hand empty and settled, no pull or
        nudge, a released disk short of counting as stacked, the tower asleep since the last
        frame, no stray on the tower, the marble short of its hole and each computer only
        counting down (:meth:`Bot.idle_frames`)."""
        frames = self.world.still_frames(most)  # first: 0 at once after a stepped frame
        if (
            not frames
            or self.nudging is not None
            or self.scene.pull is not None
            or not self.hand.settled(self.frame_seconds)
            or self.outcome is not None
        ):
            return 0
        if self.pending is not None:
            frames = min(frames, self._quiet_frames())
        if frames and self.rules.phase is Phase.TOWER:
            if not self._tower_slept or next(self._strays(), None) is not None:
                return 0
            timer = self.timer
            if timer is not None and self.rules.turn.timer_running:
                frames = min(frames, timer.frames_before_hole())
        return allowed_by(frames, self.bots.values())

    def _quiet_frames(self) -> int:
        """Still frames before the released disk counts as stacked (that frame is played):
        nothing moves, so each of them measures the disk as the last frame did."""
        assert self.pending is not None
        settle, settings = self.settle, self.scene.config.wallamoppi
        if settle.speed != settings.stack_settle_speed or settle.seconds != (
            settings.stack_settle_seconds
        ):
            return 0  # a live edit the next frame takes up
        if self._disk_speed(self.scene.disks[self.pending]) >= settle.speed:
            return 0 if settle.quiet_for else 1 << 30  # the count stays at zero
        return count_up_frames(settle.quiet_for, self.frame_seconds, settle.seconds, reach=True)

    def _disk_speed(self, disk: Piece) -> float:
        """The released disk's speed on the tower's top (infinite while not resting on it)."""
        scene = self.scene
        return scene.speed_on_top(disk) if scene.resting_on_tower(disk) else math.inf

    def skip(self, frames: int) -> None:
        self._carried_alone = None
        if self.pending is not None:
            quiet = self._disk_speed(self.scene.disks[self.pending]) < self.settle.speed
            self.settle.skip(frames, self.frame_seconds, quiet=quiet)
        self.skip_still(frames)
        timer = self.timer
        if (
            timer is not None
            and self.rules.phase is Phase.TOWER
            and self.rules.turn.timer_running
            and not self.marble_waits()  # a practice turn holds the marble (as _tick does)
        ):
            timer.skip(frames)
        self.frame += frames

    def after_step(self) -> None:
        """The rules look at the world after a frame: the pull's drag, fallen wall disks, the
        released disk stacked, strays, the tower's fall, the marble.

        A pulled disk carried alone (:meth:`_alone_after`: the only body awake, touching
        nothing, the wall frozen, the tower asleep, nothing else to look at) that the world
        stepped alone (``World.step``'s ``alone``: no contact began, nothing else woke) changed
        nothing but itself: only the pull and the marble are looked at, every other answer of
        the last frame stands (the same floats as looking again)."""
        held = self.hand.held
        alone = self._carried_alone is not None and self._world.stepped_alone
        self._carried_alone = None
        if not alone:
            # a disk carried alone (the wall frozen, the tower asleep): few solver iterations
            self.world.solve_lightly(held if self.outcome is None else None)
        pull = self.scene.pull
        dragged = pull is not None and pull.dragged
        if pull is not None:  # (the hand's velocity only asked for a drag)
            self.scene.update_pull(self.hand.body)
        if alone and pull is not None and pull.dragged == dragged:  # (a drag thaws, wakes)
            self._time_and_end(self._lone_timer)  # (it rolls, or not, all the carry long)
            self._carried_alone = held if self.rules.outcome is None else None
            return
        frozen = self.world.frozen_count
        fallen = self.scene.update_fallen(held)
        if self.rules.phase is not Phase.TOWER:
            return
        quiet = pull is not None and pull.dragged == dragged and self.pending is None
        self._check_stacked()
        strays = self._roll_back_stray()
        # A tower asleep now and after the last frame has not moved since, nor touched anything
        # new (a sleeping body neither moves nor wakes and sleeps again within one frame): the
        # last frame's answer stands.
        asleep = self.scene.tower_asleep()
        if not (asleep and self._tower_slept):
            self.fall_reason = self.scene.tower_fall()
        self._tower_slept = asleep
        self._time_and_end(self._rolling_timer())
        if quiet and asleep and not (strays or fallen) and self.world.frozen_count == frozen:
            self._carried_alone = self._alone_after(held)
            self._lone_timer = self._rolling_timer()

    def _alone_after(self, held: Piece | None) -> Piece | None:
        """``held`` if it is the pulled disk carried alone now: the world solves lightly for it
        (the only body awake, touching nothing), no nudge, the game goes on (the caller checked
        that the tower sleeps, no released disk waited, nothing fell or strayed, and the rules
        thawed, froze and dragged nothing since the world was asked)."""
        pull = self.scene.pull
        if (
            held is None
            or pull is None
            or pull.piece is not held
            or not self.world.lightly
            or self.nudging is not None
            or self.fall_reason is not None
            or self.rules.outcome is not None
        ):
            return None
        return held

    def _rolling_timer(self) -> MarbleTimer | None:
        """The marble's timer if the marble rolls now (released, not held by a practice)."""
        timer = self.timer
        if timer is not None and self.rules.turn.timer_running and not self.marble_waits():
            return timer
        return None

    def _time_and_end(self, timer: MarbleTimer | None) -> None:
        """The tower fallen, or the marble (``timer``: :meth:`_rolling_timer`) one frame on
        (its hole ends the turn); a game over lets go of the disk in hand."""
        if self.fall_reason is not None:
            self.rules.tower_fell()
        elif timer is not None:
            timer.step()
            if timer.in_hole:
                self.rules.timer_ran_out()
        if self.rules.outcome is not None:
            self.hand.release()  # the game is over: the hand lets go of whatever it held
            self.scene.end_pull()

    def marble_waits(self) -> bool:
        """True while a practice turn holds the marble at its start (option ``practice``): a
        person's first tower turn (each seat's first is turn 0 or 1), until their disk is
        stacked. Read from the rules' state, so a save or a replay holds it alike."""
        turn = self.rules.turn
        return (
            bool(self.setup.options.get("practice"))
            and self.rules.turns < len(SEATS)
            and self.kinds[turn.seat] is SeatKind.HUMAN
            and not turn.stacked
        )

    def _check_stacked(self) -> None:
        if self.pending is None:
            return
        piece = self.scene.disks[self.pending]
        settings = self.scene.config.wallamoppi
        self.settle.speed = settings.stack_settle_speed  # a live edit applies at once
        self.settle.seconds = settings.stack_settle_seconds
        if self.settle.update([piece], self.frame_seconds, self._disk_speed):
            self.rules.stack(self.pending)
            self.scene.stack(self.pending)
            seat = self.rules.turn.seat
            self.last_moves[seat] = self.pending
            self.narration = f"{capital(seat)} stacked a {seat} disk: the tower is " + (
                f"{len(self.rules.tower)} high"
            )
            self.pending = None

    def _roll_back_stray(self) -> bool:
        """A disk other than the one taken that comes to lie on the tower's top (nudged up
        there) does not count: it is put back on the table beside the wall, with a message.
        True if one was."""
        rolled = False
        for piece in self._strays():
            rolled = True
            colour = DARK if DARK in piece.tags else LIGHT
            self.scene.put_beside_wall(piece)
            self.notice = (
                f"a nudged {colour} disk on the tower does not count: only the disk you pulled "
                "out counts; it was put back on the table"
            )
        return rolled

    def _strays(self) -> Iterator[Piece]:
        """Disks other than the one taken that lie on the tower's top (see above)."""
        held, top = self.hand.held, self.scene.top()
        if top is None:
            return
        # only what touches the top disk can lie on it (a lookup, not a walk over 36 disks)
        for piece in self.scene.world.touching(top):
            if (
                piece.name not in self.scene.disks
                or "tower" in piece.tags
                or piece is held
                or piece.name == self.pending
                or piece.name == self.rules.turn.taken
                or not self.scene.resting_on_tower(piece)
            ):
                continue
            yield piece

    # -- reading the game --------------------------------------------------------------

    @property
    def outcome(self) -> Outcome | None:
        ending = self.rules.outcome
        if ending is None:
            return None
        details: dict[str, Any] = {"tower_height": len(self.rules.tower), "turns": self.rules.turns}
        if ending.reason == "tower fell" and self.fall_reason:
            details["fall"] = self.fall_reason
            details["loser"] = self.rules.last_toucher
        return Outcome(ending.winner, ending.reason, details)

    def result(self) -> dict[str, Any]:
        """The protocol's summary plus the tower's height and the turns played, always."""
        summary = super().result()
        summary.setdefault("tower_height", len(self.rules.tower))
        summary.setdefault("turns", self.rules.turns)
        return summary

    def state_json(self) -> Mapping[str, Any]:
        """The rules, the disk waiting to count as stacked and the marble timer's own world."""
        timer = self.timer
        return {
            **super().state_json(),
            "rules": self.rules.to_json(),
            "pending": self.pending,
            "pending_quiet": self.settle.quiet_for,
            "fall_reason": self.fall_reason,
            "timer": None if timer is None else [timer.digest(), timer.in_hole],
        }

    def sound_worlds(self) -> list[World]:
        """The table and, while the marble rolls, its box (the marble heard down its chute)."""
        timer = self.timer
        return [self.world] if timer is None else [self.world, timer.world]

    def time_left(self) -> float | None:
        """Seconds the marble needs to reach the end hole (from the measured run), if rolling."""
        if self.timer is None:
            return None
        return max(0.0, self.timer_seconds - self.timer.elapsed)

    def status(self) -> str:
        """What happened last, then what happens now, names capitalised
        (games/physicskit/narration.py).

        A refusal is shown by the window's notice on the right (and kept in self.refusal for
        the computer player); the status line keeps saying what to do."""
        ending = self.outcome
        if ending is not None:
            return f"{capital(ending.winner or 'nobody')} wins: {ending.reason}" + (
                f" ({self.fall_reason})" if self.fall_reason else ""
            )
        return narrate(self.narration, self._now())

    def _now(self) -> str:
        """What happens now, in the present tense."""
        rules = self.rules
        if rules.phase is Phase.WALL:
            disk = rules.disk_in_hand
            colour = disk.colour if disk else "?"
            return f"{rules.placer} places a {colour} disk on the wall ({len(rules.wall)}/36)"
        turn = rules.turn
        seat, off = capital(turn.seat), capital(other(turn.seat))
        if not turn.timer_running:
            left = self.count_in_left()
            if left is not None:
                return (
                    f"the computer ({off}) releases the marble in {math.ceil(left)} s;"
                    " Space or Enter starts it now"
                )
            return f"{off} releases the marble to start {seat}'s timer"
        if turn.stacked:
            return f"{seat} catches the marble!"
        if turn.taken:
            return f"{seat} stacks the disk on the tower"
        return f"{seat} pulls a {turn.seat} disk from the wall and stacks it"


def _slot_of(event: InputEvent) -> Slot:
    slot = event.data.get("slot")
    if slot is None:
        raise IllegalMove("place needs data.slot = [row, index]")
    return Slot.from_json(slot)


def _plans(option: Any, seat: str) -> bool:
    """True for a seat whose strength is the word ``hard`` (or ``careful``): it looks ahead
    over the wall (games/wallamoppi/plan.py); a number sets only the hand."""
    try:
        return seat_strength(option, seat, SEATS, "wallamoppi") == "hard"
    except SkillError as error:
        raise InputRefused(str(error)) from None


def _skill(option: Any, seat: str) -> float:
    """A seat's dexterity from ``options.skill``: easy / normal / hard (or the old careful /
    steady / shaky), or 0 to 1; one value, a list per seat or a table."""
    try:
        return seat_skill(option, seat, DEFAULT_SKILL, seats=SEATS, game="wallamoppi")
    except SkillError as error:
        raise InputRefused(str(error)) from None


__all__ = ["DARK", "LIGHT", "WallamoppiSession"]
