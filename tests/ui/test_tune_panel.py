"""The constants panel in the window, driven by real pygame events: C opens it, a slider drag
and a typed value change the running world through a recorded config input, a bad value is
refused with its range, Reset, Undo, Save into the user's file (comments kept, the shipped
defaults untouched) and Replay with these constants."""

from __future__ import annotations

import hashlib

import pygame
import pytest

from datafiles.assets import default_config_path
from games.core.protocol import CONFIG_ACTION
from games.runs.tuning import PANEL_SOURCE, default_user_file
from games.ui.render import GOOD, REFUSED
from physics.config import load_config
from tests.waiting import wait_until

USER_FILE = """\
# My tuning: the Moon, slippery felt.
[world]
# a gentle pull
gravity = 2000.0   # mm/s², kept by the panel's Save

[friction]
wood-felt = 0.3    # slippery
"""


def config_inputs(app) -> list:
    return [event for event in app.game.session.recorded if event.action == CONFIG_ACTION]


def click_at(ui, app, rect: pygame.Rect) -> None:
    ui.click(app, rect.center)


def type_text(app, ui, text: str) -> None:
    for char in text:
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=ord(char.lower()), mod=0, unicode=char,
                               scancode=0)
        )
        app.step_frame(ui.frame)


def type_value(app, ui, key: str, text: str) -> None:
    """Click ``key``'s value box, clear it, type ``text``, press Enter."""
    panel = app.tune
    click_at(ui, app, panel.row_parts(key)["value"])
    assert panel.editing == key
    for _ in range(len(panel.typed)):
        ui.key(app, pygame.K_BACKSPACE)
    type_text(app, ui, text)
    ui.key(app, pygame.K_RETURN)


def replayed(app, ui) -> tuple:
    """Both runs of Replay with these constants, once its slices are done (the window runs on)."""
    def done() -> bool:
        app.step_frame(ui.frame)
        return app.tune.runs is not None

    wait_until(done, "Replay with these constants to finish")
    return app.tune.runs


def open_panel(app, ui) -> None:
    ui.key(app, pygame.K_c)
    assert app.tune.open


def test_c_opens_the_panel_with_every_key_its_range_and_source(make_app, ui) -> None:
    app = make_app("freeplay")
    ui.run(app, 0.1)
    open_panel(app, ui)
    tuner = app.tune.tuner
    every_key = {f"{section}.{name}" for section, table in app.config.model_dump().items()
                 for name in table}
    assert set(tuner.constants) == every_key
    gravity = tuner.constants["world.gravity"]
    assert (gravity.low, gravity.high, gravity.unit) == (0, 100_000, "mm/s² downward")
    assert tuner.source("world.gravity") == "assets/physics.toml"
    assert tuner.source("wallamoppi.count_in_seconds") in ("assets/physics.toml",
                                                           "built-in default")
    ui.key(app, pygame.K_c)
    assert not app.tune.open


def test_dragging_a_slider_changes_the_running_world_as_a_recorded_input(make_app, ui) -> None:
    app = make_app("freeplay")
    ui.run(app, 0.1)
    world = app.game.session.world
    open_panel(app, ui)
    track = app.tune.row_parts("world.gravity")["track"]
    ui.run(app, ui.frame)  # drawn where row_parts scrolled to
    track = app.tune.row_parts("world.gravity")["track"]
    start = (track.left + round(track.width * 0.0981), track.centery)
    ui.drag(app, [start, (start[0] - 10, start[1]), (track.left + 2, start[1])], hold_seconds=0.1)
    new_gravity = app.config.world.gravity
    assert 0 <= new_gravity < 9810.0
    assert world.space.gravity.y == -new_gravity  # the running world has it
    inputs = config_inputs(app)
    assert inputs and inputs[-1].data["config"]["world"]["gravity"] == new_gravity
    assert app.tune.tuner.source("world.gravity") == PANEL_SOURCE

    click_at(ui, app, app.tune.buttons()["undo"])  # the whole drag is one change
    assert app.config.world.gravity == 9810.0
    assert world.space.gravity.y == -9810.0
    assert not app.tune.tuner.history


def test_a_bad_typed_value_is_refused_with_its_range_and_nothing_changes(make_app, ui) -> None:
    app = make_app("freeplay")
    ui.run(app, 0.1)
    world = app.game.session.world
    open_panel(app, ui)
    type_value(app, ui, "world.gravity", "-5")
    message, colour = app.tune.message
    assert colour == REFUSED
    assert "world.gravity: is -5" in message and "from 0 to 100000 (mm/s² downward)" in message
    assert world.space.gravity.y == -9810.0 and not config_inputs(app)

    type_value(app, ui, "pieces.lay_overlap", "0.5")  # in range, against a rule across keys
    assert "not below world.collision_slop" in app.tune.message[0]
    assert app.config.pieces.lay_overlap == load_config(None).config.pieces.lay_overlap

    type_value(app, ui, "world.gravity", "1635")
    assert app.tune.message[1] == GOOD
    assert world.space.gravity.y == -1635.0
    assert config_inputs(app)[-1].data["config"]["world"]["gravity"] == 1635.0


def test_reset_per_key_and_per_section_bring_the_defaults_back(make_app, ui, tmp_path) -> None:
    user = tmp_path / "mine.toml"
    user.write_text(USER_FILE, encoding="utf-8")
    app = make_app("freeplay", user)
    ui.run(app, 0.1)
    open_panel(app, ui)
    assert app.tune.tuner.source("world.gravity") == str(user)
    type_value(app, ui, "world.substeps", "8")
    click_at(ui, app, app.tune.row_parts("world.gravity")["reset"])
    assert app.config.world.gravity == 9810.0 and app.config.world.substeps == 8
    assert app.game.session.world.space.gravity.y == -9810.0
    section = next(row for row in app.tune.rows() if row.name == "world")
    app.tune.scroll = 0
    ui.run(app, ui.frame)
    click_at(ui, app, app.tune._row_parts(section)["reset"])
    assert app.config.world.substeps == 6
    assert app.config.friction["wood-felt"] == 0.3  # another section: untouched
    click_at(ui, app, app.tune.buttons()["undo"])  # the section's reset was one change
    assert app.config.world.substeps == 8 and app.config.world.gravity == 9810.0


def test_save_writes_the_changed_keys_keeping_comments_and_the_file_loads_to_them(
    make_app, ui, tmp_path
) -> None:
    user = tmp_path / "mine.toml"
    user.write_text(USER_FILE, encoding="utf-8")
    shipped = hashlib.sha256(default_config_path().read_bytes()).hexdigest()
    app = make_app("freeplay", user)
    ui.run(app, 0.1)
    open_panel(app, ui)
    type_value(app, ui, "world.gravity", "1635")
    type_value(app, ui, "restitution.wood-wood", "0.25")
    click_at(ui, app, app.tune.buttons()["save"])
    assert app.tune.message[1] == GOOD, app.tune.message

    text = user.read_text(encoding="utf-8")
    assert text.startswith(USER_FILE.replace("gravity = 2000.0", "gravity = 1635.0").rstrip())
    assert "gravity = 1635.0   # mm/s², kept by the panel's Save" in text
    assert "[restitution]\nwood-wood = 0.25" in text
    shown = app.tune.tuner.values
    reloaded = load_config(user)
    assert reloaded.config == app.config
    assert dict(shown) == app.tune.tuner.values
    assert not app.tune.tuner.changed()
    assert app.tune.tuner.source("world.gravity") == str(user)
    assert hashlib.sha256(default_config_path().read_bytes()).hexdigest() == shipped

    # the save is not taken for a file edit: no second config input, no reload notice
    inputs = len(config_inputs(app))
    ui.run(app, 1.5)
    assert len(config_inputs(app)) == inputs


def test_without_a_config_file_save_writes_one_in_the_config_folder(make_app, ui) -> None:
    app = make_app("freeplay")
    ui.run(app, 0.1)
    open_panel(app, ui)
    type_value(app, ui, "grab.max_speed", "2500")
    click_at(ui, app, app.tune.buttons()["save"])
    path = default_user_file()
    assert path.is_file() and app.config_path == path
    assert load_config(path).config == app.config
    assert "max_speed = 2500.0" in path.read_text(encoding="utf-8")


def test_replay_with_these_constants_shows_both_runs(make_app, ui) -> None:
    app = make_app("freeplay")
    ui.run(app, 0.2)
    view = app.game.view  # a disk dragged across the table with the mouse
    x, y = app.game.session.world.pieces["loose1"].body.position
    path_mm = [(x, y), (x, y + 40), (x - 40, y + 60), (x - 60, y + 40), (x - 60, 30.0)]
    ui.drag(app, [view.camera.to_screen(p) for p in path_mm], hold_seconds=0.4)
    ui.run(app, 0.3)
    assert [e.action for e in app.game.session.recorded][:1] == ["grab"]
    open_panel(app, ui)
    # The same constants: the same drag replays to the same digest, frame for frame.
    click_at(ui, app, app.tune.buttons()["replay"])
    played, again = replayed(app, ui)
    assert played.digest == again.digest and played.frame == again.frame

    type_value(app, ui, "world.gravity", "1635")
    click_at(ui, app, app.tune.buttons()["replay"])
    played, again = replayed(app, ui)
    assert played.digest != again.digest
    assert again.frame == played.frame and "stopped at frame" in again.outcome
    assert "different digest" in app.tune.message[0]

    # Watch: the re-run in the replay window, which reaches the same digest at its end.
    click_at(ui, app, app.tune.watch_rect())
    assert app.game is not None and app.game.replay and not app.tune.open
    timeline = app.game.view.timeline

    def scouted() -> bool:
        app.step_frame(ui.frame)
        return timeline.scouted

    def at_the_end() -> bool:
        app.step_frame(ui.frame)
        return timeline.frame == timeline.length and not timeline.seeking

    wait_until(scouted, "the replay's scout to find the end")
    ui.key(app, pygame.K_SPACE)  # pause the playback, then jump to the end
    ui.key(app, pygame.K_END)
    wait_until(at_the_end, "the replay to reach its end")
    assert timeline.frame == again.frame
    assert timeline.session.digest() == again.digest


def test_the_menu_entry_tunes_the_next_game(make_app, ui) -> None:
    app = make_app(size=(1280, 800))
    ui.run(app, ui.frame)
    from games.ui.tune_panel import menu_button_rect

    click_at(ui, app, menu_button_rect(app))
    assert app.tune.open and app.game is None
    type_value(app, ui, "world.gravity", "3000")
    assert app.config.world.gravity == 3000.0
    ui.key(app, pygame.K_ESCAPE)
    assert not app.tune.open and app.running
    ui.key(app, pygame.K_RETURN)  # Free play starts with the panel's constants
    assert app.game is not None
    assert app.game.session.world.space.gravity.y == -3000.0


@pytest.mark.parametrize("size", [(480, 360), (1280, 800)])
def test_the_panel_fits_the_window(make_app, ui, size) -> None:
    app = make_app("wallamoppi", size=size)
    ui.run(app, ui.frame)
    open_panel(app, ui)
    ui.run(app, ui.frame)
    window = pygame.Rect((0, 0), size)
    panel = app.tune.rect()
    assert window.contains(panel)
    for rect in app.tune.buttons().values():
        assert panel.contains(rect)
    assert app.tune.list_rect().height >= 40


def test_a_dice_game_has_no_panel(make_app, ui) -> None:
    app = make_app("stonewall")
    ui.run(app, ui.frame)
    ui.key(app, pygame.K_c)
    assert not app.tune.open


def test_a_saved_panel_file_is_what_the_window_loads_next_time(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from games.cli import main

    assert main(["run", "freeplay", "--frames", "120"]) == 0
    before = capsys.readouterr().out
    path = default_user_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("[world]\ngravity = 1635.0\n", encoding="utf-8")
    assert main(["config"]) == 0  # `wobbletop config` shows what the window would use
    row = next(line for line in capsys.readouterr().out.splitlines() if "gravity" in line)
    assert "1635" in row and str(path) in row
    assert main(["run", "freeplay", "--frames", "120"]) == 0  # a headless run never reads it
    assert capsys.readouterr().out == before
    assert main(["--config", str(path), "run", "freeplay", "--frames", "120"]) == 0
    assert capsys.readouterr().out != before  # (named, it is read: the test can tell)


def test_a_recording_holds_the_panel_change_and_replays_to_its_golden(
    make_app, ui, tmp_path
) -> None:
    from games.runs.scenario import load_scenario, run_scenario_file

    record = tmp_path / "tuned.toml"
    app = make_app("freeplay", record=str(record))
    ui.run(app, 0.2)
    open_panel(app, ui)
    type_value(app, ui, "world.gravity", "1635")
    ui.run(app, 0.3)
    ui.key(app, pygame.K_ESCAPE)  # close the panel
    ui.key(app, pygame.K_ESCAPE)  # leave the game: the recording is written
    scenario = load_scenario(record)
    edits = [record for record in scenario.input if record.action == CONFIG_ACTION]
    assert len(edits) == 1
    assert edits[0].data["config"]["world"]["gravity"] == 1635.0 and edits[0].frame > 0
    assert "gravity" not in str(scenario.config)  # it started with the defaults
    _, replayed = run_scenario_file(record)
    assert replayed.ok


def test_a_true_false_key_flips_with_a_click_and_a_whole_number_slides_in_steps(
    make_app, ui
) -> None:
    app = make_app("freeplay")
    ui.run(app, 0.1)
    open_panel(app, ui)
    click_at(ui, app, app.tune.row_parts("world.sleeping")["value"])
    assert app.config.world.sleeping is False
    assert config_inputs(app)[-1].data["config"]["world"]["sleeping"] is False

    track = app.tune.row_parts("world.substeps")["track"]
    ui.run(app, ui.frame)
    track = app.tune.row_parts("world.substeps")["track"]
    middle = (track.left + track.width // 2, track.centery)
    ui.drag(app, [middle, (middle[0] + 3, middle[1])], hold_seconds=0.05)
    substeps = app.config.world.substeps
    assert isinstance(substeps, int) and 30 <= substeps <= 34  # about half of 1 to 64
    assert app.game.session.world.config.world.substeps == substeps
