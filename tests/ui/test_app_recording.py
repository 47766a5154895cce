"""``play --record``: what the player did in the window replays headless to the same state."""

from __future__ import annotations

from games.runs.regress import check_file


def test_a_drag_recorded_in_the_window_replays_to_the_same_digest(make_app, ui, tmp_path) -> None:
    recording = tmp_path / "my_drag.toml"
    app = make_app("freeplay", record=str(recording))
    ui.run(app, 0.2)
    view = app.game.view
    disk = app.game.session.world.pieces["disk4"]  # the top of the stack
    x, y = disk.position
    path_mm = [(x, y), (x, y + 40), (x + 40, y + 60), (x + 90, y + 60), (x + 90, 40.0)]
    ui.drag(app, [view.camera.to_screen(p) for p in path_mm], hold_seconds=0.4)
    ui.run(app, 0.5)
    session = app.game.session
    digest, frames = session.digest(), session.frame
    assert any(event.action == "grab" for event in session.recorded)

    ui.key(app, ui.escape)  # back to the menu saves the recording
    assert app.game is None
    assert recording.exists()

    report = check_file(recording)
    assert report.error == ""
    assert report.replay is not None and report.replay.digest == digest, report.replay.differences()
    assert report.ok
    assert f"frames = {frames}" in recording.read_text(encoding="utf-8")
