"""Wallamoppi's physics: a tall centred tower stands, an overhang tips, pulls and the timer."""

from __future__ import annotations

import math

import pytest
from pymunk import Vec2d

from games.wallamoppi.bot import pull_risk
from games.wallamoppi.rules import APEX, DARK, LIGHT, Disk, Slot
from games.wallamoppi.scene import MarbleTimer, timer_duration
from games.wallamoppi.session import WallamoppiSession
from physics.detect import tilt_mod_half_turn
from physics.world import Layer, Piece
from tests.wallamoppi.helpers import (
    config,
    glide,
    human_session,
    own_wall_disk,
    run,
    send,
    stack_turn,
    two_off_centre_stacks,
)

# Seconds a held-awake tower is watched for a creep: a third of the minute of the bar, at a
# third of its bound; the whole minute is scripts/bench_physics.py's table
# (docs/physics-tuning.md), too long for the suite.
WATCH_SECONDS = 20


def test_a_centred_tower_of_every_other_disk_creeps_under_a_millimetre_a_minute_held_awake(
) -> None:
    """35 disks centred on the apex (more than the wall can ever give up) on the full wall.

    Sleeping could hide a creep, so nothing may sleep; and a disk is dropped 2 mm onto the
    top after a second, as a careless stack would, to disturb it.
    """
    session = human_session()
    scene = session.scene
    for n in range(35):
        scene.add_tower_disk(Disk(f"extra{n}", DARK if n % 2 else LIGHT))
    session.world.settle_in()
    session.world.space.sleep_time_threshold = math.inf
    top = scene.top()
    assert top is not None
    start = top.body.position
    run(session, 1.0)
    dropped = scene.add_tower_disk(Disk("dropped", DARK), offset=1.0)
    dropped.body.position += (0.0, 2.0)
    worst = 0.0
    for _ in range(WATCH_SECONDS):
        run(session, 1.0)
        worst = max(worst, (top.body.position - start).length)
    assert not top.body.is_sleeping
    assert scene.tower_fall() is None
    bound = 1.0 * WATCH_SECONDS / 60  # under 1 mm a minute
    assert worst < bound, f"top disk drifted {worst:.2f} mm in {WATCH_SECONDS} s"


@pytest.mark.parametrize(("offset", "tips"), [(23.0, True), (14.0, False)])
def test_a_disk_tips_only_when_its_centre_is_beyond_the_supports_edge(
    offset: float, tips: bool
) -> None:
    session = human_session()
    scene = session.scene
    radius = session.setup.config.pieces.disk_diameter / 2
    assert (offset > radius) is tips
    probe = scene.add_tower_disk(Disk("probe", DARK), offset=offset)
    run(session, 3.0)
    assert (tilt_mod_half_turn(probe) > 10.0) is tips
    assert (scene.tower_fall() is not None) is tips


def test_two_disks_topple_together_when_their_common_centre_overhangs() -> None:
    """Each disk alone sits within its support; the pair's centre is past the apex's edge."""
    session = human_session()
    scene = session.scene
    scene.add_tower_disk(Disk("lower", DARK), offset=14.0)
    run(session, 1.0)
    assert scene.tower_fall() is None and tilt_mod_half_turn(scene.disks["lower"]) < 1.0
    scene.add_tower_disk(Disk("upper", LIGHT), offset=14.0)
    run(session, 2.0)
    assert tilt_mod_half_turn(scene.disks["lower"]) > 10.0
    assert scene.tower_fall() is not None


def test_marble_timer_runs_about_ten_seconds_and_fewer_ramps_run_shorter() -> None:
    default = timer_duration(config())
    assert 8.0 <= default <= 12.0
    assert timer_duration(config(timer_ramps=5)) < default - 2.0
    timer = MarbleTimer(config())
    while not timer.in_hole:
        timer.step()
    assert timer.elapsed == pytest.approx(default)


def grab_a_dark_wall_disk(session: WallamoppiSession) -> tuple[Piece, Vec2d, dict[str, Vec2d]]:
    """Dark's turn: the marble released, dark's safest wall disk grabbed at its centre. That
    disk, where it was, and where every other disk stands."""
    send(session, "start_timer")
    name = own_wall_disk(session, DARK)
    piece = session.scene.disks[name]
    others = {n: p.body.position for n, p in session.scene.disks.items() if n != name}
    start = piece.body.position
    send(session, "grab", start.x, start.y)
    return piece, start, others


def test_a_fast_pull_drags_the_neighbours_and_a_slow_pull_does_not() -> None:
    moved = {}
    for speed in (60.0, 900.0):
        session = human_session()
        _, (x, y), before = grab_a_dark_wall_disk(session)
        glide(session, [(x, y + 30.0)], speed)
        run(session, 0.5)
        moved[speed] = max(
            (session.scene.disks[n].body.position - p).length for n, p in before.items()
        )
    assert moved[60.0] < 0.5
    assert moved[900.0] > 2.0


def test_a_pulled_disk_passes_in_front_of_the_wall() -> None:
    session = human_session()
    piece, (x, y), others = grab_a_dark_wall_disk(session)
    glide(session, [(x, y + 5.0), (x + 200.0, y + 5.0)], 60.0)  # through the neighbours
    run(session, 0.5)
    assert piece.body.position.x > x + 150.0
    wall_moved = [
        n for n, p in others.items() if (session.scene.disks[n].body.position - p).length > 1.0
    ]
    assert wall_moved == []


def test_stacking_centred_then_catching_the_marble_passes_the_turn() -> None:
    session = human_session()
    send(session, "start_timer")
    name = own_wall_disk(session, DARK)
    stack_turn(session, name)
    run(session, 0.6)
    assert session.rules.tower[-1] == name
    send(session, "marble")
    assert session.rules.turn.seat == LIGHT and session.outcome is None


def test_an_off_centre_stack_topples_the_tower_and_the_stacker_loses() -> None:
    session = human_session()
    two_off_centre_stacks(session, offset=14.0)
    run(session, 2.0)
    outcome = session.outcome
    assert outcome is not None and outcome.reason == "tower fell"
    assert outcome.winner == DARK and outcome.details["loser"] == LIGHT


def test_the_timer_running_out_loses_for_the_player_on_turn() -> None:
    session = human_session()
    send(session, "start_timer")
    run(session, timer_duration(session.setup.config) + 0.5)
    outcome = session.outcome
    assert outcome is not None and (outcome.winner, outcome.reason) == (LIGHT, "timer")


def pull_out_of_plane(session: WallamoppiSession, slot: Slot) -> dict[str, Vec2d]:
    """Take the disk on ``slot`` out of the wall as a perfectly slow pull does (no drag)."""
    scene = session.scene
    name = next(n for n, s in scene.slots.items() if s == slot and "wall" in scene.disks[n].tags)
    scene.disks[name].body.activate()  # a hand touching it wakes what rests on it
    scene.remove_disk(name)
    return {n: p.body.position for n, p in scene.disks.items()}


@pytest.mark.parametrize(
    ("pulls", "what_falls"),
    [
        ([Slot(0, 0)], None),
        ([Slot(2, 3)], None),
        ([Slot(5, 1)], None),  # the two disks above lean into an arch and hold the apex
        ([Slot(0, 1), Slot(0, 0)], "wall"),  # the second pull takes row 1 #0's last support
        ([Slot(6, 0)], "tower"),
    ],
    ids=["bottom-end", "middle", "under-an-arch", "last-support", "under-apex"],
)
def test_a_careful_pull_leaves_the_wall_standing_unless_the_disk_bears_load(
    pulls: list[Slot], what_falls: str | None
) -> None:
    session = human_session()
    scene = session.scene
    for n in range(8):
        scene.add_tower_disk(Disk(f"extra{n}", DARK if n % 2 else LIGHT))
    run(session, 0.5)
    for slot in pulls[:-1]:
        pull_out_of_plane(session, slot)
        run(session, 1.0)
    present = {scene.slots[n] for n in scene.slots if "wall" in scene.disks[n].tags} | {APEX}
    assert (pull_risk(present, pulls[-1]) >= 10) is (what_falls is not None)  # the bot sees it
    before = pull_out_of_plane(session, pulls[-1])
    run(session, 3.0)
    moved = max((scene.disks[n].body.position - p).length for n, p in before.items())
    fallen = [n for n, piece in scene.disks.items() if "fallen" in piece.tags]
    assert (scene.tower_fall() is not None) is (what_falls == "tower")
    assert bool(fallen) is (what_falls == "wall")
    if what_falls is None:
        assert moved < 0.5, f"a wall disk moved {moved:.2f} mm"


def test_disks_laid_beside_the_wall_pile_up_inside_the_rim_once_the_row_is_full() -> None:
    """Every caller of put_beside_wall (B, a nudged disk rolled back off the tower) keeps the
    disks on the table: past a full row they pile up on its outer end, never beyond the rim."""
    from games.wallamoppi.scene import RAIL_X_MM

    session = human_session()
    dark = session.scene.disks_of(DARK, "wall")[:12]
    for disk in dark:
        session.scene.put_beside_wall(disk)
    run(session, 2.0)
    for disk in dark:
        x = disk.body.position.x
        assert x < 0 and abs(x) + disk.size[0] / 2 < RAIL_X_MM, x
        assert "fallen" in disk.tags


def test_a_lazy_timer_runs_out_at_the_same_frame_and_shows_the_same_marble() -> None:
    """The session's timer owes its world the frames until someone looks: it drops into the
    hole at the same frame and its marble is where the timer stepped every frame has it."""
    eager, lazy = MarbleTimer(config()), MarbleTimer(config(), lazy=True)
    frames = 0
    while not eager.in_hole:
        assert not lazy.in_hole
        eager.step()
        lazy.step()
        frames += 1
        if frames == 300:  # a look in the middle of the run catches up
            assert lazy.digest() == eager.world.digest()
            assert lazy.marble_at() == eager.marble_at()
    assert lazy.in_hole and lazy.elapsed == eager.elapsed
    assert lazy.digest() == eager.world.digest()


def test_a_disk_stacked_in_its_sleep_leaves_the_tower_asleep_until_the_next_grab() -> None:
    """Counting a sleeping disk as stacked wakes nothing (the wall and the tower would stay
    awake for sleep_time, nothing moving); it takes the tower's layer, and its collision filter
    when the next disk is taken in hand, so a disk pulled out later passes in front of it."""
    session = human_session()
    send(session, "start_timer")
    name = own_wall_disk(session, DARK)
    stack_turn(session, name)
    piece = session.scene.disks[name]
    for _ in range(240):
        session.tick()
        if session.rules.turn.stacked:
            break
    assert session.rules.turn.stacked and name in session.scene.tower
    assert piece.body.is_sleeping and session.scene.tower_asleep()  # stacking woke nothing
    assert piece.layer == Layer.TOWER and piece.shape.filter.categories != int(Layer.TOWER)
    session.tick()
    assert not session.world.stepped  # nothing moved: the frame was not even stepped
    send(session, "marble")
    send(session, "start_timer")
    run(session, 0.1)
    other = session.scene.disks[own_wall_disk(session, LIGHT)]
    send(session, "grab", *other.body.position)
    assert session.hand.held is other
    assert piece.shape.filter.categories == int(Layer.TOWER)  # the pulled disk passes it
