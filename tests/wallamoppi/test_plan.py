"""The hard computer's plan in Wallamoppi: it pulls the disk that leaves the opponent fewer safe
pulls, where normal pulls the safest disk now (games/wallamoppi/plan.py)."""

from __future__ import annotations

from collections.abc import Set as AbstractSet

import pytest

from games.core.protocol import InputEvent, SeatKind, SessionSetup
from games.wallamoppi.bot import Bot
from games.wallamoppi.plan import SAFE_RISK, best_pull, pull_risk, slot_load
from games.wallamoppi.rules import APEX, DARK, LIGHT, Slot, other
from games.wallamoppi.session import WallamoppiSession
from tests.wallamoppi.helpers import config, human_session, run

SEED = 1  # a seeded wall where the two strengths' first pulls differ


def wall_slots(session: WallamoppiSession) -> set[Slot]:
    scene = session.scene
    return {scene.slots[p.name] for p in scene.disks.values() if "wall" in p.tags} | {APEX}


def safe_pulls(session: WallamoppiSession, present: AbstractSet[Slot], seat: str) -> int:
    """How many of ``seat``'s wall disks could be pulled safely from ``present``."""
    scene = session.scene
    return sum(
        1
        for piece in scene.disks_of(seat, "wall")
        if scene.slots[piece.name] in present
        and pull_risk(present, scene.slots[piece.name]) <= SAFE_RISK
    )


def test_hard_pulls_the_disk_that_leaves_the_opponent_fewer_safe_pulls() -> None:
    session = human_session(SEED)
    normal = Bot(session, DARK, 0.8)._target()
    hard = Bot(session, DARK, 0.95, plans=True)._target()
    assert normal is not None and hard is not None and hard != normal
    scene = session.scene
    present = wall_slots(session)
    assert pull_risk(present, scene.slots[hard]) <= SAFE_RISK  # no riskier for itself
    after_normal = safe_pulls(session, present - {scene.slots[normal]}, LIGHT)
    after_hard = safe_pulls(session, present - {scene.slots[hard]}, LIGHT)
    assert after_hard < after_normal  # light is left with fewer safe pulls


@pytest.mark.parametrize(("word", "plans"), [("hard", True), ("careful", True), ("normal", False)])
def test_the_skill_word_reaches_the_computer_that_pulls(word: str, plans: bool) -> None:
    """Through the session's own loop: dark, a computer of ``word``, takes its first disk."""
    setup = SessionSetup(
        config(), SEED, (SeatKind.COMPUTER, SeatKind.HUMAN), {"wall": "auto", "skill": word}
    )
    session = WallamoppiSession(setup)
    assert session.bots[DARK].plans is plans
    run(session, 0.5)
    session.handle(InputEvent(session.frame, "start_timer"))  # light releases dark's marble
    for _ in range(round(3.0 / session.frame_seconds)):
        if session.rules.turn.taken is not None:
            break
        session.tick()
    probe = human_session(SEED)  # the same wall, untouched: what each strength would pull
    expected = Bot(probe, DARK, 0.95, plans=plans)._target()
    assert session.rules.turn.taken == expected


def test_a_number_sets_only_the_hand_and_each_seat_has_its_own_plan() -> None:
    setup = SessionSetup(config(), SEED, (SeatKind.COMPUTER, SeatKind.COMPUTER), {"skill": 0.95})
    assert not WallamoppiSession(setup).bots[DARK].plans
    setup = SessionSetup(
        config(), SEED, (SeatKind.COMPUTER, SeatKind.COMPUTER), {"skill": ["normal", "hard"]}
    )
    bots = WallamoppiSession(setup).bots
    assert (bots[DARK].plans, bots[LIGHT].plans) == (False, True)


def wins(present: frozenset[Slot], colour: dict[Slot, str], seat: str) -> bool:
    """Plain minimax over the whole race (no budget, no pruning): does ``seat``, to move,
    win? A player with no safe pull of their colour loses."""
    moves = [
        s for s in present if colour[s] == seat and pull_risk(present, s) <= SAFE_RISK
    ]
    return any(not wins(present - {s}, colour, other(seat)) for s in moves)


def test_the_plan_wins_a_race_the_safest_pull_loses() -> None:
    """A small wall, dark to pull: the safest disk now (normal's, bottom left, nothing on it)
    loses the race by force; the plan pulls the row-2 disk under light's top one and wins."""
    colour = {
        Slot(0, 0): DARK,
        Slot(0, 2): LIGHT,
        Slot(0, 3): DARK,
        Slot(0, 4): DARK,
        Slot(1, 2): LIGHT,
        Slot(1, 3): DARK,
        Slot(2, 2): LIGHT,
    }
    present = frozenset(colour)
    safest = min(
        (s for s in present if colour[s] == DARK and pull_risk(present, s) <= SAFE_RISK),
        key=lambda s: (pull_risk(present, s), slot_load(s)),
    )
    assert safest == Slot(0, 0)
    choice = best_pull(colour, DARK, {DARK: 0, LIGHT: 0})
    assert choice == Slot(1, 3)
    assert wins(present - {choice}, colour, LIGHT) is False  # light, to move, loses
    assert wins(present - {safest}, colour, LIGHT) is True
