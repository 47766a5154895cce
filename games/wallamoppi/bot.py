"""The computer player: a wall-placement strategy and a hand with a skill setting.

Wall: a slot's *load* is how many wall slots rest on it, directly or through others. The
computer puts its own colour where the load is small (easy to pull later) and the other colour
where it is large (the opponent must pull a load-bearing disk). Ties are broken by the game's
seeded :class:`~games.core.rng.Chance`.

Tower: the computer plays through the same hand as a person, one ``grab``/``move``/``release``
input at a time through the computer's hand (games/physicskit/hand.py, shared with Animal upon
Animal's computer): it picks its disk (a fallen one of its colour
first, else the wall disk of its colour with the least load), grabs it, pulls it up at its
pull speed, carries it over the tower, lowers it at its release speed to just above the top
disk with a sideways aim error, lets go, waits until the disk is stacked and catches the
marble. At a window's computer speed (the session's ``pace``, games/core/pacing.py) it holds its
drawn wall disk a moment before placing it, so a person sees each placement. Off turn it
releases the marble for its opponent after a short pause; for a person, after a visible
count-in (``wallamoppi.count_in_seconds``) that the person may cut short (the session's
``ready`` input, Space or Enter in the window).

``skill`` from 0 (clumsy) to 1 (steady) sets the aim noise, the release speed and the pull
speed (see :class:`Dexterity`). A *hard* computer (``plans``) also chooses its disk by a
look-ahead over the wall (games/wallamoppi/plan.py: the disk that leaves the opponent out of
safe pulls first, a fallen disk kept in reserve while that pays) instead of the safest disk
now. All randomness comes from the session's seeded Chance; the plan draws none.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

import pymunk

from games.core.protocol import InputEvent, SeatKind
from games.core.rng import Chance
from games.physicskit.hand import ComputerHand, ComputerTable, Plan
from games.physicskit.idle import countdown_frames
from games.wallamoppi.plan import best_pull, pull_risk, slot_load
from games.wallamoppi.rules import APEX, DARK, LIGHT, Phase, Slot, Wallamoppi, other
from games.wallamoppi.scene import WallScene

DEFAULT_SKILL = 0.8
CARRY_SPEED_MM_S = 450.0
CLEARANCE_MM = 30.0  # how high above the tower top the disk is carried across
REACTION_SECONDS = 0.35
PLACE_DELAY_SECONDS = 0.15
RETRY_SECONDS = 1.5  # a released disk not stacked by then is picked up again


class WallamoppiTable(ComputerTable, Protocol):
    """What a computer seat reads of its session (games/wallamoppi/session.py): the rules,
    the table it looks at, who plays the other seat, and how long it counts in for them."""

    @property
    def rules(self) -> Wallamoppi: ...

    @property
    def scene(self) -> WallScene: ...

    @property
    def kinds(self) -> Mapping[str, SeatKind]: ...

    @property
    def count_in_seconds(self) -> float: ...


def choose_slot(rules: Wallamoppi, chance: Chance) -> Slot:
    """Where the placer puts the disk in hand: own colour light-loaded, the other's loaded."""
    disk = rules.disk_in_hand
    slots = rules.legal_slots()
    if disk is None or not slots:
        raise ValueError("no disk to place")
    sign = -1 if disk.colour == rules.placer else 1
    best = max(sign * slot_load(slot) for slot in slots)
    choices = [slot for slot in slots if sign * slot_load(slot) == best]
    return choices[chance.index(len(choices))]


@dataclass(frozen=True)
class Dexterity:
    """How steady a computer hand is, from ``skill`` 0 (clumsy) to 1 (steady)."""

    skill: float

    @property
    def aim_noise_mm(self) -> float:
        """Standard deviation of where over the tower the disk is let go, mm."""
        return 0.5 + (1.0 - self.skill) * 7.0

    @property
    def release_speed(self) -> float:
        """How fast the disk is still moving down when let go, mm/s."""
        return 25.0 + (1.0 - self.skill) * 250.0

    @property
    def pull_speed(self) -> float:
        """How fast a disk is pulled out of the wall, mm/s (fast pulls drag neighbours)."""
        return 50.0 + (1.0 - self.skill) * 300.0


class Bot(ComputerHand[WallamoppiTable]):
    """One computer seat; :meth:`act` is called every frame before physics steps."""

    def __init__(
        self, session: WallamoppiTable, seat: str, skill: float, *, plans: bool = False
    ) -> None:
        super().__init__(session, seat)
        self.plans = plans
        self.hand = Dexterity(skill)
        self._armed = False

    def act(self) -> None:
        if self.wait > 0.0:
            self.wait -= self.session.frame_seconds
            return
        rules = self.session.rules
        if rules.phase is Phase.WALL:
            if rules.placer == self.seat:
                if not self._armed and self.session.pace.place_seconds > 0.0:
                    # the disk shown a moment, so a person sees what it puts where
                    self._armed = True
                    self.wait = self.session.pace.place_seconds
                    return
                self._armed = False
                self._send(
                    InputEvent(0, "place", data={"slot": choose_slot(rules, self.chance).to_json()})
                )
                self.wait = PLACE_DELAY_SECONDS
            return
        turn = rules.turn
        if turn.seat != self.seat:
            self._drop_plan()
            if not turn.timer_running:
                if not self._armed:  # a human pause before releasing the marble
                    self._armed = True
                    self.wait = REACTION_SECONDS
                    if self._for_person():  # a visible count-in a person can cut short
                        self.wait = max(self.session.count_in_seconds, REACTION_SECONDS)
                    return
                self._armed = False
                self._send(InputEvent(0, "start_timer"))
            return
        if not turn.timer_running:
            return
        if turn.stacked:
            self._send(InputEvent(0, "marble"))
            self.wait = REACTION_SECONDS
            return
        # a plan that gives up (a refused grab, a nudge) lets go and thinks again
        self._play(self._turn_plan, REACTION_SECONDS)

    def idle_frames(self) -> int | None:
        """How many of the next frames :meth:`act` only counts down in (``wait``, ``pause``)
        or does nothing in; None: any number. What a headless run may jump over."""
        rules = self.session.rules
        if self.wait > 0.0:
            return countdown_frames(self.wait, self.session.frame_seconds)
        if rules.phase is Phase.WALL:
            return 0 if rules.placer == self.seat else None
        turn = rules.turn
        if turn.seat != self.seat:
            return None if turn.timer_running and self.plan is None and not self.pause else 0
        if not turn.timer_running:
            return None
        if turn.stacked or self.plan is None:
            return 0
        return self.pause

    def skip(self, frames: int) -> None:
        """``frames`` calls of :meth:`act` that :meth:`idle_frames` promised are idle."""
        if self.wait > 0.0:
            dt = self.session.frame_seconds
            for _ in range(frames):
                self.wait -= dt
        elif self.pause:
            self.pause -= frames

    def _for_person(self) -> bool:
        return self.session.kinds[other(self.seat)] is SeatKind.HUMAN

    def count_in_left(self) -> float | None:
        """Seconds before this computer releases the marble for a person, while it counts in."""
        rules = self.session.rules
        if rules.turn.seat == self.seat or rules.turn.timer_running or not self._for_person():
            return None
        if not self._armed:
            return max(self.session.count_in_seconds, REACTION_SECONDS)
        return max(self.wait, 0.0)

    def start_now(self) -> None:
        """The person is ready: release the marble on the next frame (ends the count-in)."""
        self._armed = True
        self.wait = 0.0

    # -- the hand --------------------------------------------------------------------

    def _target(self) -> str | None:
        scene = self.session.scene
        taken = self.session.rules.turn.taken
        if taken is not None:
            return taken
        loose = scene.disks_of(self.seat, "fallen") + scene.disks_of(self.seat, "loose")
        if self.plans:
            planned = self._planned_pull()
            if planned is not None:
                return planned
        if loose:
            return min(loose, key=lambda p: abs(p.body.position.x)).name
        wall = scene.disks_of(self.seat, "wall")
        if not wall:
            return None
        present = {scene.slots[p.name] for p in scene.disks.values() if "wall" in p.tags}
        if scene.tower:
            present.add(APEX)
        return min(
            wall,
            key=lambda p: (
                pull_risk(present, scene.slots[p.name]),
                scene.load_on(p),
                abs(p.body.position.x),
            ),
        ).name

    def _planned_pull(self) -> str | None:
        """The wall disk the look-ahead (games/wallamoppi/plan.py) pulls; None to take a fallen
        disk, or when no safe pull is left (then the least risky disk, as normal)."""
        scene = self.session.scene
        wall = [p for p in scene.disks.values() if "wall" in p.tags]
        colour = {scene.slots[p.name]: (DARK if DARK in p.tags else LIGHT) for p in wall}
        if scene.tower:
            colour[APEX] = LIGHT
        fallen = {
            seat: len(scene.disks_of(seat, "fallen")) + len(scene.disks_of(seat, "loose"))
            for seat in (DARK, LIGHT)
        }
        slot = best_pull(colour, self.seat, fallen)
        if slot is None:
            return None
        return next(p.name for p in wall if scene.slots[p.name] == slot)

    def _turn_plan(self) -> Plan:
        """The frames of one turn: wait, grab, pull, carry, lower, release, wait for stacking."""
        session = self.session
        dt = session.frame_seconds
        yield from self._pause(round(self.chance.uniform(0.2, 0.5) / dt))
        while not session.rules.turn.stacked:
            name = self._target()
            if name is None:
                return
            piece = session.scene.disks[name]
            start = piece.body.position
            yield InputEvent(0, "grab", start.x, start.y)
            if session.hand.held is not piece:
                return
            top = session.scene.top()
            if top is None:
                return
            carry_y = top.body.position.y + CLEARANCE_MM + piece.size[1]
            aim_x = top.body.position.x + self.chance.noise(self.hand.aim_noise_mm)
            seat_y = top.body.position.y + piece.size[1] + 1.5
            yield from self._move(
                start, pymunk.Vec2d(start.x, max(carry_y, start.y + 25.0)), self.hand.pull_speed
            )
            yield from self._move(
                session.hand.target, pymunk.Vec2d(aim_x, carry_y), CARRY_SPEED_MM_S
            )
            yield from self._pause(round(0.25 / dt))  # steady the disk over the tower
            yield from self._move(
                session.hand.target, pymunk.Vec2d(aim_x, seat_y), self.hand.release_speed
            )
            yield InputEvent(0, "release", aim_x, seat_y - self.hand.release_speed * dt)
            # then wait: act() answers a stacked disk (the marble) before it asks the plan, so
            # the plan is never asked again once the disk is stacked
            yield from self._pause(round(RETRY_SECONDS / dt))

    def _move(
        self, start: pymunk.Vec2d, end: pymunk.Vec2d, speed: float
    ) -> list[tuple[float, float]]:
        """Hand targets from ``start`` to ``end`` at ``speed`` mm/s, one per frame (moves:
        all of them at once, for the plan to ``yield from``)."""
        dt = self.session.frame_seconds
        steps = max(1, round((end - start).length / (speed * dt)))
        (start_x, start_y), (end_x, end_y) = start, end
        span_x, span_y = end_x - start_x, end_y - start_y  # Vec2d's own sums, in floats
        points = []
        for n in range(1, steps + 1):
            share = n / steps
            points.append((start_x + span_x * share, start_y + span_y * share))
        return points


__all__ = ["DEFAULT_SKILL", "Bot", "choose_slot", "other", "pull_risk", "slot_load"]
