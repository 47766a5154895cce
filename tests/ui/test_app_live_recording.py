"""``play --record`` with live tuning: a config edit made while playing is in the recording and
replays at the same frame; a bad or broken config file left on disk neither stops the recording
nor gets into it."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from games.runs.regress import check_file
from games.runs.scenario import load_scenario, replay


def save(path: Path, text: str, *, tick: int) -> None:
    """Write ``text`` and give the file a distinct modification time (coarse file systems)."""
    path.write_text(text, encoding="utf-8")
    stamp = 1_700_000_000 + tick
    os.utime(path, (stamp, stamp))


def drag_top_disk(app: Any, ui: Any) -> None:
    view = app.game.view
    x, y = app.game.session.world.pieces["disk4"].position
    path_mm = [(x, y), (x, y + 40), (x + 40, y + 60), (x + 90, y + 60), (x + 90, 40.0)]
    ui.drag(app, [view.camera.to_screen(p) for p in path_mm], hold_seconds=0.3)


def test_a_mid_game_config_edit_is_recorded_and_replays_to_the_same_digest(
    make_app: Any, ui: Any, tmp_path: Path
) -> None:
    user = tmp_path / "mine.toml"
    recording = tmp_path / "live.toml"
    save(user, "[world]\ngravity = 9810.0\n", tick=0)
    app = make_app("freeplay", user, record=str(recording), watch_interval=0.0)
    ui.run(app, 0.2)
    save(user, "[world]\ngravity = 2000.0\n", tick=1)
    ui.run(app, 2 * ui.frame)
    assert app.game.session.world.space.gravity.y == -2000.0
    drag_top_disk(app, ui)
    ui.run(app, 0.4)
    session = app.game.session
    digest = session.digest()

    save(user, "[world]\ngravity = \n", tick=2)  # not even TOML when the game is left
    ui.key(app, ui.escape)
    assert app.game is None and recording.exists()

    report = check_file(recording)
    assert report.error == "" and report.replay is not None
    assert report.replay.digest == digest, report.replay.differences()
    assert report.ok
    scenario = load_scenario(recording)
    edits = [record for record in scenario.input if record.action == "config"]
    assert len(edits) == 1 and edits[0].data["config"]["world"]["gravity"] == 2000.0
    assert "world" not in scenario.config  # the game started on Earth, the defaults' gravity
    without_edit = scenario.model_copy(
        update={"input": [record for record in scenario.input if record.action != "config"]}
    )
    assert replay(without_edit, recording).digest != digest  # the edit shaped the game


def test_a_bad_edit_left_on_disk_stays_out_of_the_recording(
    make_app: Any, ui: Any, tmp_path: Path
) -> None:
    user = tmp_path / "mine.toml"
    recording = tmp_path / "moon.toml"
    save(user, "[world]\ngravity = 1635.0\n", tick=0)
    app = make_app("freeplay", user, record=str(recording), watch_interval=0.0)
    ui.run(app, 0.2)
    save(user, "[world]\ngravity = -5.0\n", tick=1)  # refused: shown in the banner
    ui.run(app, 2 * ui.frame)
    assert app.config_error is not None
    drag_top_disk(app, ui)
    digest = app.game.session.digest()
    ui.key(app, ui.escape)

    scenario = load_scenario(recording)
    assert scenario.config["world"]["gravity"] == 1635.0
    assert not [record for record in scenario.input if record.action == "config"]
    report = check_file(recording)
    assert report.ok and report.replay is not None and report.replay.digest == digest
