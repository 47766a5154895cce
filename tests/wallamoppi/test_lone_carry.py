"""A pulled disk carried alone (the only body awake, touching nothing, the wall frozen and the
tower asleep) is looked at leanly: the world skips the thaw check that would find nothing
(``World.step``'s ``alone``) and the rules skip the answers that cannot change
(``WallamoppiSession.after_step``); the computer's moves reach the session's one move method
without an input event. Either way the game is the same to the bit as looking at everything
every frame and sending every move as an event."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.protocol import CONFIG_ACTION, InputEvent, SeatKind, SessionSetup
from games.physicskit.physics_session import NO_DATA
from games.runs.headless import drive
from games.wallamoppi.session import WallamoppiSession
from physics.config import load_config
from physics.world import Piece

FRAMES = 2400  # 20 s of the tower phase: the marble released, disks pulled, carried, stacked


class Counted(WallamoppiSession):
    """Counts the frames the world stepped with only the carried disk moving (the lean path)."""

    alone = 0

    def after_step(self) -> None:
        self.alone += self._carried_alone is not None and self.world.stepped_alone
        super().after_step()


class LookingAtAll(Counted):
    """Never vouches for a lone carry: every frame is stepped and looked at in full."""

    def _alone_after(self, held: Piece | None) -> Piece | None:
        return None


class ByEvents(WallamoppiSession):
    """The computer's moves as input events through ``_apply_input``, as a person's."""

    def move_as_computer(self, x: float, y: float, data: Mapping[str, Any] = NO_DATA) -> None:
        self._computer_acting = True
        try:
            self._apply_input(InputEvent(self.frame, "move", x, y, dict(data)))
        finally:
            self._computer_acting = False


def setup(seed: int) -> SessionSetup:
    return SessionSetup(
        config=load_config().config,
        seed=seed,
        seats=(SeatKind.COMPUTER, SeatKind.COMPUTER),
        options={"wall": "auto"},
    )


def test_a_lone_carry_looked_at_leanly_is_the_same_game() -> None:
    lean, full, events = Counted(setup(3)), LookingAtAll(setup(3)), ByEvents(setup(3))
    games = (lean, full, events)
    while lean.frame < FRAMES and lean.outcome is None:
        for game in games:
            game.tick()
        if lean.frame % 30 == 0:  # the same every half second, not only at the end
            assert full.digest() == lean.digest() == events.digest(), f"frame {lean.frame}"
    assert full.digest() == lean.digest() == events.digest()
    assert lean.rules.to_json() == full.rules.to_json() == events.rules.to_json()
    assert lean.rules.tower and len(lean.rules.tower) > 1, "no disk was stacked"
    assert lean.alone > FRAMES // 10, "the carried disk was never stepped alone"
    assert full.alone == 0


def test_a_live_edit_during_a_lone_carry_looks_at_everything_again() -> None:
    probe = Counted(setup(3))
    while not probe.alone and probe.frame < FRAMES:  # the first frame stepped alone
        probe.tick()
    assert probe.alone, "no lone carry"
    at = probe.frame + 5  # mid-carry
    heavier = load_config().config.model_dump()
    heavier["world"]["gravity"] *= 1.5  # the carried disk sags, the tower presses harder
    edit = InputEvent(at, CONFIG_ACTION, data={"config": heavier})
    lean, full = Counted(setup(3)), LookingAtAll(setup(3))
    for game in (lean, full):
        drive(game, at)
    assert lean._carried_alone is not None, "not carried alone when the edit comes"
    for game in (lean, full):
        game.handle(edit)
        drive(game, at + 600)
    assert lean.digest() == full.digest()
    assert lean.world.config.world.gravity == full.world.config.world.gravity
    assert lean.alone > probe.alone
