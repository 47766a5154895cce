"""Each Wallamoppi regression scenario still shows what its name says, not just its digest.

The scenarios are replayed fresh (as ``wobbletop regress`` does) and the table is looked at:
where the disks are, what fell, who lost and why.
"""

from __future__ import annotations

from pathlib import Path

from games.core import registry
from games.core.protocol import InputEvent
from games.runs.headless import drive, frame_limit, new_session
from games.runs.scenario import Scenario, load_scenario, scenario_config
from games.wallamoppi.rules import APEX, DARK, LIGHT, ROWS, Slot
from games.wallamoppi.scene import timer_duration
from games.wallamoppi.session import WallamoppiSession
from physics.detect import tilt_mod_half_turn
from tests.wallamoppi.helpers import run

FOLDER = Path(__file__).resolve().parents[2] / "assets" / "scenarios" / "wallamoppi"


def start(name: str) -> tuple[WallamoppiSession, Scenario, list[InputEvent]]:
    path = FOLDER / f"{name}.toml"
    scenario = load_scenario(path)
    spec = registry.load(scenario.game)
    config = scenario_config(scenario, path).config
    seats = tuple(scenario.seats or ())
    session = new_session(spec, config, scenario.seed, seats, scenario.options)
    assert isinstance(session, WallamoppiSession)
    return session, scenario, scenario.events()


def replay_until(session: WallamoppiSession, events: list[InputEvent], frame: int) -> None:
    """Play the inputs due before ``frame`` and stop just before it."""
    drive(session, frame - 1, [e for e in events if e.frame < frame])


def replayed(name: str) -> tuple[WallamoppiSession, list[InputEvent]]:
    session, scenario, events = start(name)
    limit = frame_limit(registry.load("wallamoppi"), session.setup.config, scenario.frames)
    drive(session, limit, events, stop_at_outcome=scenario.stop_at_outcome)
    return session, events


def offset_from_apex(session: WallamoppiSession, x: float) -> float:
    return x - session.scene.apex_home[0]


def test_centred_stack_stands_still_with_three_disks_on_the_apex() -> None:
    session, _ = replayed("centred_stack_stands")
    scene = session.scene
    assert session.outcome is None and len(session.rules.tower) == 3 and session.rules.turns == 2
    positions = {name: scene.disks[name].body.position for name in session.rules.tower}
    for name, position in positions.items():
        assert abs(offset_from_apex(session, position.x)) < 1.0
        assert tilt_mod_half_turn(scene.disks[name]) < 1.0
    run(session, 5.0)
    assert scene.tower_fall() is None
    assert all((scene.disks[n].body.position - p).length < 0.5 for n, p in positions.items())


def test_off_centre_topples_only_when_the_pairs_centre_overhangs_the_apex() -> None:
    session, events = replayed("off_centre_topples")
    radius = session.setup.config.pieces.disk_diameter / 2
    first, second = (offset_from_apex(session, e.x) for e in events if e.action == "release")
    assert abs(first) < radius  # alone, dark's disk sat within the apex
    assert abs(first + second) / 2 > radius  # the pair's centre beyond the apex's edge
    outcome = session.outcome
    assert outcome is not None and outcome.reason == "tower fell" and session.rules.turns == 1
    assert (outcome.winner, outcome.details["loser"]) == (DARK, LIGHT)
    top = session.scene.disks[session.rules.tower[-1]]
    assert tilt_mod_half_turn(top) > session.setup.config.wallamoppi.fall_tilt_deg


def test_load_bearing_pull_takes_a_disk_from_under_the_apex_and_the_tower_falls() -> None:
    session, events = replayed("load_bearing_pull")
    grab = next(e for e in events if e.action == "grab")
    pulled = session.rules.turn.taken
    assert pulled is not None
    slot = session.scene.slots[pulled]
    assert slot.row == APEX.row - 1  # one of the two disks the apex rests on
    assert session.rules.disks[pulled].colour == DARK and grab.frame < session.frame
    outcome = session.outcome
    assert outcome is not None and outcome.reason == "tower fell"
    assert (outcome.winner, outcome.details["loser"]) == (LIGHT, DARK)
    assert "the tower's 1st disk " in outcome.details["fall"]  # the apex itself went


def test_timer_runs_out_while_dark_never_touches_a_disk() -> None:
    session, events = replayed("timer_runs_out")
    assert [e.action for e in events] == ["start_timer"]
    outcome = session.outcome
    assert outcome is not None and (outcome.winner, outcome.reason) == (LIGHT, "timer")
    assert session.timer is not None and session.timer.in_hole
    rolled = (session.frame - events[0].frame) * session.frame_seconds
    assert abs(rolled - timer_duration(session.setup.config)) < 0.1
    assert session.rules.turn.taken is None and len(session.rules.tower) == 1


def test_a_wall_disk_nudged_off_the_wall_lies_fallen_then_is_stacked() -> None:
    session, scenario, events = start("fallen_disk_stacked")
    grabs = [e for e in events if e.action == "grab"]
    assert grabs[0].data.get("nudge") and len(grabs) == 2
    replay_until(session, events, grabs[1].frame)
    scene = session.scene
    name = next(n for n, s in scene.slots.items() if s == Slot(0, 7))
    piece = scene.disks[name]
    assert "fallen" in piece.tags and "wall" not in piece.tags
    assert piece.body.position.y < session.setup.config.pieces.disk_thickness  # on the table
    config = session.setup.config
    half_wall = ROWS / 2 * (config.pieces.disk_diameter + config.wallamoppi.wall_gap)
    assert offset_from_apex(session, piece.body.position.x) > half_wall  # beyond the wall's end
    limit = frame_limit(registry.load("wallamoppi"), session.setup.config, scenario.frames)
    drive(session, limit, [e for e in events if e.frame >= grabs[1].frame])
    assert session.rules.tower[-1] == name and session.outcome is None
    apex = scene.disks[session.rules.tower[0]].body.position
    seat = config.pieces.disk_thickness - config.pieces.lay_overlap
    assert abs(piece.body.position.y - apex.y - seat) < 0.5  # it lies on the apex
    assert abs(piece.body.position.x - apex.x) < 2.0
    assert scene.tower_fall() is None and session.rules.turn.seat == LIGHT
