"""Scenario files: validation, round trip, replay against goldens, recordings that replay."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from games.core import registry
from games.core.protocol import InputEvent, SeatKind, Session
from games.runs.headless import drive, new_session
from games.runs.scenario import (
    InputRecord,
    Scenario,
    ScenarioError,
    dump_scenario,
    load_scenario,
    replay,
    run_scenario_file,
    update_goldens,
    write_recording,
)
from physics.config import load_config

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

DRAG = """\
# A hand-written case: this comment must survive --update.
game = "freeplay"
description = "drag a loose disk to the right"
frames = 240

[[input]]
frame = 10
action = "grab"
x = 90.0
y = 4.0

[[input]]
frame = 40
action = "move"
x = 170.0
y = 30.0

[[input]]
frame = 100
action = "release"
x = 170.0
y = 30.0
"""


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_scenario_round_trips_through_toml(tmp_path: Path) -> None:
    scenario = Scenario(
        game="freeplay",
        seed=7,
        description="round trip",
        frames=100,
        options={"script": "drop"},
        config={"world": {"gravity": 1000.0}},
        input=[InputRecord(frame=3, action="grab", x=1.5, y=2.0, data={"k": [1, 2]})],
    )
    path = write(tmp_path / "s.toml", dump_scenario(scenario))
    assert load_scenario(path) == scenario


def test_replay_fills_goldens_and_then_reproduces_them(tmp_path: Path) -> None:
    path = write(tmp_path / "drag.toml", DRAG)
    _, first = run_scenario_file(path)
    assert not first.ok and first.differences() == ["no [expect] goldens yet (run with --update)"]
    update_goldens(path, first)
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# A hand-written case: this comment must survive --update.")
    _, second = run_scenario_file(path)
    assert second.ok
    assert second.outcome["frames"] == 240 and second.outcome["reason"] == "unfinished"


def test_a_different_input_gives_a_different_digest(tmp_path: Path) -> None:
    _, near = run_scenario_file(write(tmp_path / "a.toml", DRAG))
    farther = DRAG.replace("x = 170.0", "x = 260.0", 1)
    _, far = run_scenario_file(write(tmp_path / "b.toml", farther))
    assert near.digest != far.digest


def test_scenario_config_overrides_change_the_run(tmp_path: Path) -> None:
    _, earth = run_scenario_file(write(tmp_path / "a.toml", DRAG))
    moon = DRAG + "\n[config.world]\ngravity = 1635.0\n"
    _, low = run_scenario_file(write(tmp_path / "b.toml", moon))
    assert earth.digest != low.digest


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ('game = "freeplay"\nsead = 3\n', "sead: unknown key; allowed: game, seed"),
        ('game = "freeplay"\nseed = "three"\n', "seed: is 'three'"),
        ('game = "chess"\n', "game: unknown game 'chess'; allowed: freeplay"),
        ("seed = 1\n", "game: missing"),
        ('game = "freeplay"\n[[input]]\nframe = 5\n', "input[0].action: missing"),
        ('game = "freeplay"\n[[input]]\nframe = -1\naction = "grab"\n', "input[0].frame: is -1"),
        (
            'game = "freeplay"\n[[input]]\nframe = 9\naction = "move"\n'
            '[[input]]\nframe = 2\naction = "move"\n',
            "input[1].frame: 2 comes before the previous input's frame 9",
        ),
        (
            'game = "freeplay"\nframes = 10\n[[input]]\nframe = 50\naction = "move"\n',
            "input[0].frame: 50 is after the last frame 10",
        ),
        (
            'game = "freeplay"\nseats = ["robot"]\n',
            "seats: 'robot' is not a kind of seat; allowed: human, computer",
        ),
        ('game = "freeplay"\n[expect]\ndigest = "nope"\n', "expect.digest: is 'nope'"),
        ('game = "freeplay"\nframes = [\n', "not valid TOML"),
    ],
)
def test_bad_scenario_files_are_one_line_naming_file_and_key(
    tmp_path: Path, text: str, fragment: str
) -> None:
    path = write(tmp_path / "bad.toml", text)
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    message = str(caught.value)
    assert "\n" not in message and message.startswith(f"{path}: ")
    assert fragment in message


@pytest.mark.parametrize(
    ("extra", "fragment"),
    [
        ("[config.world]\ngravity = nan\n", "world.gravity: is nan"),
        ("[config.wrld]\ngravity = 1.0\n", "wrld: unknown section"),
        ('[[input]]\nframe = 5\naction = "grab"\nx = 900.0\ny = 900.0\n', "nothing to pick up"),
        ('[[input]]\nframe = 5\naction = "jump"\n', "unknown action 'jump'"),
    ],
)
def test_problems_found_on_replay_name_the_scenario_file(
    tmp_path: Path, extra: str, fragment: str
) -> None:
    path = write(tmp_path / "bad.toml", 'game = "freeplay"\nframes = 20\n' + extra)
    with pytest.raises(ScenarioError) as caught:
        run_scenario_file(path)
    assert str(caught.value).startswith(f"{path}: ") and fragment in str(caught.value)


def test_unbuilt_game_in_a_scenario_is_refused_on_replay(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(registry, "KNOWN_IDS", (*registry.KNOWN_IDS, "chess"))  # reserved
    path = write(tmp_path / "later.toml", 'game = "chess"\n')
    with pytest.raises(ScenarioError, match="is not built yet"):
        run_scenario_file(path)


# -- recordings -------------------------------------------------------------------------------


def play_by_hand(
    session: Session, moves: list[tuple[int, str, float, float]], frames: int
) -> Session:
    """Drive ``session`` the way the window does: inputs between ticks, as the frames come."""
    pending = list(moves)
    while session.frame < frames:
        while pending and pending[0][0] == session.frame:
            _, action, x, y = pending.pop(0)
            session.handle(InputEvent(session.frame, action, x, y))
        session.tick()
    return session


HAND_MOVES = [
    (20, "grab", 150.0, 4.0),
    (50, "move", 150.0, 80.0),
    (90, "move", 60.0, 80.0),
    (150, "release", 60.0, 80.0),
]


def freeplay_session(config_path: Path | None = None, **options: str) -> Session:
    spec = registry.load("freeplay")
    config = load_config(config_path).config
    return new_session(spec, config, 0, (SeatKind.HUMAN,), options)


def test_a_recording_replays_to_the_same_digest(tmp_path: Path) -> None:
    session = play_by_hand(freeplay_session(), HAND_MOVES, 300)
    assert session.world is not None
    loose = session.world.pieces["loose1"].body.position
    assert loose.x < 120  # the player really moved the disk
    out = tmp_path / "rec.toml"
    write_recording(out, session, None)

    scenario = load_scenario(out)
    assert scenario.frames == 300 and not scenario.stop_at_outcome
    assert [(r.frame, r.action) for r in scenario.input] == [(f, a) for f, a, _, _ in HAND_MOVES]
    assert scenario.config == {}
    replayed = replay(scenario, out)
    assert replayed.ok
    assert replayed.digest == session.digest()


def test_a_recording_with_a_user_config_replays_with_that_config(tmp_path: Path) -> None:
    user = write(tmp_path / "moon.toml", "[world]\ngravity = 1635.0\n")
    session = play_by_hand(freeplay_session(user), HAND_MOVES, 200)
    out = tmp_path / "rec.toml"
    write_recording(out, session, user)
    data = tomllib.loads(out.read_text(encoding="utf-8"))
    assert data["config"] == {"world": {"gravity": 1635.0}}
    assert replay(load_scenario(out), out).digest == session.digest()


def test_a_recording_of_a_scripted_session_stores_only_the_players_inputs(tmp_path: Path) -> None:
    # The drop script grabs the top stack disk; the player meanwhile drags a cylinder.
    moves = [(10, "grab", 260.0, 18.0), (30, "move", 260.0, 120.0), (70, "release", 330.0, 60.0)]
    session = play_by_hand(freeplay_session(script="drop"), moves, 500)
    assert len(session.recorded) > len(moves)  # the script's own inputs are in there too
    out = tmp_path / "rec.toml"
    write_recording(out, session, None)
    scenario = load_scenario(out)
    assert scenario.options == {"script": "drop"}
    assert [(r.frame, r.action, r.x) for r in scenario.input] == [(f, a, x) for f, a, x, _ in moves]
    assert replay(scenario, out).digest == session.digest()


def test_drive_handles_inputs_before_the_tick_of_their_frame() -> None:
    seen: list[tuple[str, int]] = []
    session = freeplay_session()
    original: Callable[[InputEvent], None] = session.handle

    def spy(event: InputEvent) -> None:
        seen.append((event.action, session.frame))
        original(event)

    session.handle = spy  # type: ignore[method-assign]
    drive(session, 30, [InputEvent(0, "grab", 150.0, 4.0), InputEvent(30, "release", 150.0, 9.0)])
    assert seen == [("grab", 0), ("release", 30)]
    assert session.frame == 30 and session.recorded[-1].frame == 30
