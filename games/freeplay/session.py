"""Free play: no rules, just the table. Headless, it runs a scripted drop-and-settle scene.

The sandbox never ends by itself in the window. With ``options["script"] = "drop"`` (what
``wobbletop run freeplay --headless`` uses) the hand picks the top disk of the stack, lifts it
and drops it onto the loose disks, and the session ends once every piece has settled.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.freeplay.scene import STACK_DISKS, build_freeplay
from games.physics_session import PICK_RADIUS_MM, PhysicsSession
from games.protocol import InputEvent, Outcome, SessionSetup
from physics.detect import SettleDetector
from physics.world import World

SETTLE_SPEED_MM_S = 2.0
SETTLE_SECONDS = 0.5
GIVE_UP_SECONDS = 60.0


def drop_script(frame_hz: int) -> list[InputEvent]:
    """Grab the top stack disk, carry it over the loose disks, let go: the headless scene."""
    second = frame_hz
    return [
        InputEvent(second // 2, "grab", 0.0, 60.0),
        InputEvent(second, "move", 60.0, 120.0),
        InputEvent(2 * second, "move", 120.0, 120.0),
        InputEvent(3 * second, "release", 120.0, 120.0),
    ]


class FreeplaySession(PhysicsSession):
    game_id = "freeplay"

    def __init__(self, setup: SessionSetup) -> None:
        super().__init__(setup)
        self.scripted = setup.options.get("script") == "drop"
        self._pending = drop_script(setup.config.world.step_hz) if self.scripted else []
        self._settle = SettleDetector(SETTLE_SPEED_MM_S, SETTLE_SECONDS)
        self._outcome: Outcome | None = None

    def build_world(self) -> World:
        return build_freeplay(self.setup.config)

    def _tick(self) -> None:
        while self._pending and self._pending[0].frame <= self.frame:
            self.handle(self._aimed(self._pending.pop(0)))
        super()._tick()

    def _aimed(self, event: InputEvent) -> InputEvent:
        """The script's grab, aimed at the top stack disk wherever other piece sizes or a
        coarse clock left it (the fixed point is kept when it hits, so the default scene's
        inputs are what they always were)."""
        if event.action != "grab":
            return event
        top = f"disk{STACK_DISKS - 1}"
        hit = self.world.piece_at((event.x, event.y), radius=PICK_RADIUS_MM)
        if hit is not None and hit.name == top:
            return event
        centre = self.world.pieces[top].position
        return InputEvent(event.frame, event.action, float(centre.x), float(centre.y))

    def after_step(self) -> None:
        if not self.scripted or self._outcome is not None or self._pending or self.hand.held:
            return
        if self._settle.update(self.world.dynamic_pieces(), self.frame_seconds):
            self._outcome = Outcome(None, "settled")
        elif self.world.time > GIVE_UP_SECONDS:
            self._outcome = Outcome(None, "still moving")

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    def state_json(self) -> Mapping[str, Any]:
        return {
            **super().state_json(),
            "script_inputs_left": len(self._pending),
            "outcome": self._outcome.reason if self._outcome else None,
        }

    def status(self) -> str:
        held = self.hand.held
        return f"Holding {held.name}" if held else "Drag any piece with the mouse"
