"""Free play: no rules, just the table. Headless, it runs a scripted drop-and-settle scene.

The sandbox never ends by itself in the window. A piece pushed or thrown off the table (below
its top, or beyond its ends: :meth:`FreeplaySession.away`; one resting on the table's end is
still on it) is not lost: it lands on the floor (physics/room.py), the window eases out to show
it (or points to it with an arrow when zoomed in), and the ``put_back`` input (the B key) lays
every such piece back where it started (on top of whatever lies there now), at rest. With
``options["script"] = "drop"`` (what ``wobbletop run freeplay --headless`` uses) the hand
picks the top disk of the stack, lifts it and drops it onto the loose disks, and the session
ends once every piece has settled.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.protocol import InputEvent, Outcome, SessionSetup
from games.freeplay.scene import STACK_DISKS, build_freeplay
from games.physicskit.physics_session import PICK_RADIUS_MM, PhysicsSession
from physics import room
from physics.detect import SettleDetector
from physics.world import Piece, World

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
        self._starts = {
            piece.name: (piece.body.position.x, piece.body.position.y, piece.body.angle)
            for piece in self.world.dynamic_pieces()
        }

    def build_world(self) -> World:
        return build_freeplay(self.setup.config)

    # -- pieces off the table -------------------------------------------------------------

    def away(self) -> list[Piece]:
        """Pieces off the table (not the one in hand): wholly below its top (on the floor,
        or falling there), or with their centre beyond its ends (nothing there holds them
        up). A piece resting anywhere on the table, its ends too, is on it."""
        span = room.table_span(self.world)
        return [
            piece
            for piece in self.world.dynamic_pieces()
            if piece is not self.hand.held
            and (
                room.on_floor(self.world, piece)
                or (span is not None and not span[0] <= piece.body.position.x <= span[1])
            )
        ]

    def _apply_input(self, event: InputEvent) -> None:
        if event.action == "put_back":
            self._put_back_all()
            return
        super()._apply_input(event)

    def _put_back_all(self) -> None:
        """Lay every piece that is away back where it started, on top of what lies there."""
        for piece in self.away():
            x, y, angle = self._starts[piece.name]
            self.world.lay_at_rest(piece, (x, y), angle)
            box = piece.shape.cache_bb()
            below = [
                other.shape.cache_bb().top
                for other in self.world.dynamic_pieces()
                if other is not piece
                and other.shape.cache_bb().left < box.right
                and other.shape.cache_bb().right > box.left
            ]
            half = (box.top - box.bottom) / 2
            lifted = max([y, *(top + half + 1.0 for top in below)])
            self.world.lay_at_rest(piece, (x, lifted), angle)

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
        if held:
            return f"Holding the {held.kind}"
        away = len(self.away())
        if away:
            if away == 1:
                return "a piece is off the table: B puts it back"
            return f"{away} pieces are off the table: B puts them back"
        return "Drag any piece with the mouse"
