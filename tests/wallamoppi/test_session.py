"""Wallamoppi's session: inputs refused with a reason, the computer seats, a headless game."""

from __future__ import annotations

import json

import pytest

from games.core.protocol import InputEvent, InputRefused, SeatKind, SessionSetup
from games.runs.headless import play_headless
from games.wallamoppi.bot import Bot
from games.wallamoppi.rules import DARK, LIGHT, Phase
from games.wallamoppi.scene import slot_position, timer_duration
from games.wallamoppi.session import WallamoppiSession
from physics.config import load_config
from tests.wallamoppi.helpers import (
    config,
    glide,
    human_session,
    own_wall_disk,
    run,
    send,
    stack_turn,
)


def centre(session: WallamoppiSession, name: str) -> tuple[float, float]:
    x, y = session.scene.disks[name].body.position
    return x, y


def test_wall_placement_through_inputs_and_an_illegal_slot_is_refused_with_the_reason() -> None:
    setup = SessionSetup(config(), seed=4, seats=(SeatKind.HUMAN, SeatKind.HUMAN))
    session = WallamoppiSession(setup)
    send(session, "place", slot=[0, 3])
    piece = session.scene.disks[session.rules.wall[session.rules.history[0].slot].id]
    assert piece.body.position.x == pytest.approx(
        slot_position(setup.config, session.rules.history[0].slot)[0]
    )
    with pytest.raises(InputRefused, match="next to another bottom disk"):
        send(session, "place", slot=[0, 6])
    with pytest.raises(InputRefused, match=r"a slot is \[row, index\]"):
        send(session, "place", slot="top")
    assert len(session.rules.wall) == 1 and session.refusal is not None
    assert session.refusal.startswith("a slot is")
    # The status line narrates the last placement and keeps saying what to do (the window
    # shows the refusal beside it), names capitalised.
    first = session.rules.history[0].slot
    status = session.status()
    assert status.startswith("Dark placed a ") and f" disk on {first} · " in status
    assert status.endswith(" · Light places a dark disk on the wall (1/36)")


def test_touching_the_wall_before_the_timer_starts_is_refused() -> None:
    session = human_session()
    name = own_wall_disk(session, DARK)
    with pytest.raises(InputRefused, match="wait for your timer"):
        send(session, "grab", *centre(session, name))
    assert session.hand.held is None


def test_other_colour_is_only_nudged_and_tower_disks_are_refused() -> None:
    session = human_session()
    send(session, "start_timer")
    with pytest.raises(InputRefused, match="tower may not be moved"):
        send(session, "grab", *centre(session, session.rules.tower[0]))
    light = next(p.name for p in session.scene.disks_of(LIGHT, "wall"))
    # A plain grab of a disk one may not take is refused with the reason and how to nudge.
    with pytest.raises(InputRefused, match=r"light disk; you take only dark disks.*Shift-drag"):
        send(session, "grab", *centre(session, light))
    assert session.hand.held is None and session.rules.last_toucher != DARK
    send(session, "grab", *centre(session, light), nudge=True)  # stays a wall disk, not taken
    assert session.rules.turn.taken is None and "wall" in session.scene.disks[light].tags
    with pytest.raises(InputRefused, match="one hand"):
        send(session, "grab", *centre(session, own_wall_disk(session, DARK)))
    send(session, "release", *centre(session, light))
    assert session.rules.last_toucher == DARK


def test_one_disk_per_turn_and_the_marble_only_after_stacking() -> None:
    session = human_session()
    send(session, "start_timer")
    with pytest.raises(InputRefused, match="stack a disk"):
        send(session, "marble")
    first = own_wall_disk(session, DARK)
    send(session, "grab", *centre(session, first))
    send(session, "release", *centre(session, first))
    run(session, 0.5)
    second = next(p.name for p in session.scene.disks_of(DARK, "wall") if p.name != first)
    with pytest.raises(InputRefused, match="one disk per turn"):
        send(session, "grab", *centre(session, second))
    send(session, "grab", *centre(session, second), nudge=True)  # a nudge is allowed
    assert session.rules.turn.taken == first and "wall" in session.scene.disks[second].tags
    send(session, "release", *centre(session, second))
    assert session.rules.turn.taken == first and not session.rules.turn.stacked


def test_a_fallen_own_disk_lying_on_the_table_can_be_stacked() -> None:
    session = human_session()
    send(session, "start_timer")
    name = own_wall_disk(session, DARK)
    x, y = centre(session, name)
    send(session, "grab", x, y)
    glide(session, [(x, y + 60.0), (250.0, y + 60.0), (250.0, 10.0)], 300.0)
    send(session, "release", 250.0, 10.0)
    run(session, 1.0)
    assert session.scene.disks[name].body.position.y < 10.0  # lying on the table
    stack_turn(session, name)
    run(session, 0.6)
    assert session.rules.tower[-1] == name


def test_a_person_cannot_move_the_computers_hand() -> None:
    setup = SessionSetup(config(), seed=2, seats=(SeatKind.HUMAN, SeatKind.COMPUTER))
    session = WallamoppiSession(setup)
    send(session, "place", slot=[0, 0])
    with pytest.raises(InputRefused, match="computer plays light"):
        send(session, "place", slot=[0, 1])
    for _ in range(60):
        session.tick()
    assert len(session.rules.wall) == 2  # the computer placed its disk itself
    assert [event.action for event in session.recorded] == ["place"]  # its inputs are not recorded


def test_headless_runs_between_computers_replay_alike() -> None:
    first = play_headless("wallamoppi", None, 5, frames=2400)
    second = play_headless("wallamoppi", None, 5, frames=2400)
    assert first == second
    assert first["turns"] >= 1 and first["tower_height"] >= 2  # the wall built, turns played
    json.dumps(first)


def test_a_game_between_clumsy_computers_ends_with_a_tower_fall_and_a_reason() -> None:
    setup = SessionSetup(config(), 2, (SeatKind.COMPUTER, SeatKind.COMPUTER), {"skill": 0.0})
    session = WallamoppiSession(setup)
    while session.outcome is None:
        session.tick()
    result = session.result()
    assert result["reason"] == "tower fell" and result["winner"] in (DARK, LIGHT)
    assert result["loser"] == session.rules.last_toucher != result["winner"]
    assert result["tower_height"] >= 2 and result["turns"] >= 1 and result["fall"]


def test_auto_wall_option_builds_the_whole_wall() -> None:
    session = human_session()
    assert session.rules.phase is Phase.TOWER and len(session.scene.disks) == 36


def test_a_live_config_edit_reaches_the_rolling_marble_but_not_the_box_shape() -> None:
    session = human_session()
    send(session, "start_timer")
    run(session, 1.0)
    timer = session.timer
    assert timer is not None
    normal = timer_duration(session.setup.config)
    left_before = session.time_left()
    edited = load_config(
        None, overrides={"world": {"gravity": 9810.0 / 4}, "wallamoppi": {"timer_ramps": 4}}
    ).config
    send(session, "config", config=edited.model_dump())
    assert timer.world.space.gravity.y == pytest.approx(-9810.0 / 4)
    assert session.timer is timer and len(timer.layout.ramps) == 10 + 2  # box kept until F5
    left_after = session.time_left()
    assert left_before is not None and left_after is not None and left_after > left_before + 3.0
    while session.outcome is None:
        session.tick()
    assert session.outcome.reason == "timer"
    assert timer.elapsed > normal + 3.0  # the marble rolled slower under the weaker gravity


def test_a_live_fall_threshold_edit_applies_at_once() -> None:
    session = human_session()
    edited = config(fall_tilt_deg=40.0, timer_ramps=4)
    send(session, "config", config=edited.model_dump())
    assert session.scene.config.wallamoppi.fall_tilt_deg == 40.0
    assert session.scene.config.wallamoppi.timer_ramps == 10
    send(session, "start_timer")
    assert session.timer is not None and len(session.timer.layout.ramps) == 10 + 2


def test_the_computer_leaves_the_disks_under_the_apex_for_last() -> None:
    session = human_session(0)  # dark has a disk under the apex in this wall
    scene = session.scene
    under_apex = [n for n, s in scene.slots.items() if s.row == 6 and DARK in scene.disks[n].tags]
    assert under_apex
    bot = Bot(session, DARK, 1.0)
    for _ in range(5):  # take away dark's safest disks one by one: still never the apex's
        choice = bot._target()
        assert choice is not None and choice not in under_apex
        scene.remove_disk(choice)
    dark_left = {n for n in scene.slots if DARK in scene.disks[n].tags and n not in under_apex}
    for name in dark_left:
        scene.remove_disk(name)
    assert bot._target() in under_apex  # only when nothing else is left


def test_a_computer_whose_plan_gives_up_lets_go_and_tries_again() -> None:
    setup = SessionSetup(config(), 3, (SeatKind.COMPUTER, SeatKind.HUMAN), {"wall": "auto"})
    session = WallamoppiSession(setup)
    run(session, 0.5)
    send(session, "start_timer")
    bot = session.bots[DARK]
    light = next(p for p in session.scene.disks_of(LIGHT, "wall"))
    nudge = InputEvent(0, "grab", *centre(session, light.name), {"nudge": True})
    bot.plan = iter([nudge])  # only a nudge
    session.tick()
    assert session.hand.held is light
    while session.rules.turn.seat == DARK and session.outcome is None:
        session.tick()
    assert session.outcome is None and session.rules.turns == 1  # dark stacked in time
    assert "wall" in light.tags and session.hand.held is None
