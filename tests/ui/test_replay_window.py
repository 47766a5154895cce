"""The replay viewer in the window (games/ui/replay_view.py, games/ui/replay_menu.py), driven by
real pygame events through the app's own loop: a replay plays to the file's golden, a drag on
the timeline goes back and forth onto the frames a re-simulation reaches, the step keys step,
Play from here makes a live game whose moves are accepted and whose recording replays from
frame 0, and the menu's Replays entry opens one."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from datafiles.assets import assets_dir
from games.cli import main
from games.runs.replay import ReplayFile, load_replay, simulate_to
from games.runs.scenario import run_scenario_file
from games.ui.app import App
from games.ui.replay_view import ReplayView

SCENARIOS = assets_dir() / "scenarios"
MAX_FRAMES = 6000  # a generous bound on rendered frames for anything to happen


def headless_save(folder: Path, game: str, seed: int, frames: int) -> Path:
    path = folder / f"{game}-{seed}.toml"
    limit = ["--frames", str(frames)]
    assert main(["run", game, "--seed", str(seed), *limit, "--save", str(path)]) == 0
    return path


def replay_view(app: App) -> ReplayView:
    assert app.game is not None and app.game.replay
    view = app.game.view
    assert isinstance(view, ReplayView)
    return view


def paused_once_scouted(app: App, ui: type) -> ReplayView:
    """The replay's view, paused (Space) and waited on until its timeline knows every turn."""
    view = replay_view(app)
    ui.key(app, pygame.K_SPACE)  # type: ignore[attr-defined]
    until(app, ui, lambda: view.timeline.scouted)
    return view


def until(app: App, ui: type, condition: Callable[[], bool]) -> None:
    """Render frames until ``condition`` holds (bounded)."""
    for _ in range(MAX_FRAMES):
        if condition():
            return
        app.step_frame(ui.frame)  # type: ignore[attr-defined]
    raise AssertionError("the condition never held")


def shows_resimulated(view: ReplayView, file: ReplayFile, frame: int) -> None:
    assert view.timeline.frame == frame and not view.timeline.seeking
    assert view.timeline.session.digest() == simulate_to(file, frame).digest()


def test_a_replay_played_to_the_end_reaches_the_files_golden(make_app, ui) -> None:
    file = load_replay(SCENARIOS / "wallamoppi" / "off_centre_topples.toml")
    app = make_app(replay=file)
    view = replay_view(app)
    assert app.game is not None and app.game.spec.title == "Wallamoppi · replay"
    for _ in range(3):
        ui.key(app, pygame.K_PLUS)  # 1× → 8×
    assert view.speed == 8.0
    until(app, ui, lambda: view.timeline.current.ended)
    assert view.timeline.session.digest() == file.golden
    assert app.game.session is view.timeline.session
    assert view.status().startswith("Replay · the end · 8×")
    assert not view.playing


def test_a_drag_on_the_timeline_goes_back_and_forth_onto_resimulated_frames(
    make_app, ui, tmp_path: Path
) -> None:
    file = load_replay(headless_save(tmp_path, "wallamoppi", 4, frames=1500))
    app = make_app(replay=file)
    view = replay_view(app)
    ui.key(app, pygame.K_SPACE)  # pause
    assert not view.playing
    until(app, ui, lambda: view.timeline.scouted)
    bar = view.bar_rect()
    y = bar.centery

    def x_at(share: float) -> int:
        return round(bar.left + share * bar.width)

    ui.drag(app, [(x_at(0.8), y), (x_at(0.7), y), (x_at(0.4), y), (x_at(0.2), y)])
    until(app, ui, lambda: not view.timeline.seeking)
    back = view._frame_at(x_at(0.2))
    assert 0 < back < 1500 * 0.3
    shows_resimulated(view, file, back)
    assert not view.playing  # it was paused before the drag: it stays paused

    ui.drag(app, [(x_at(0.3), y), (x_at(0.9), y)], hold_seconds=0.1)  # and forward
    until(app, ui, lambda: not view.timeline.seeking)
    forward = view._frame_at(x_at(0.9))
    assert forward > 1500 * 0.8
    shows_resimulated(view, file, forward)

    ui.click(app, (x_at(0.5), y))  # a click jumps too
    until(app, ui, lambda: not view.timeline.seeking)
    shows_resimulated(view, file, view._frame_at(x_at(0.5), snap=True))


def test_the_arrow_keys_step_a_frame_and_a_turn(make_app, ui, tmp_path: Path) -> None:
    file = load_replay(headless_save(tmp_path, "stonewall", 2, frames=80))
    app = make_app(replay=file)
    view = paused_once_scouted(app, ui)
    ui.click(app, (view.bar_rect().centerx, view.bar_rect().centery))  # to the middle
    until(app, ui, lambda: not view.timeline.seeking)
    start = view.timeline.frame
    assert 30 < start < 50
    ui.key(app, pygame.K_RIGHT)
    shows_resimulated(view, file, start + 1)
    ui.key(app, pygame.K_LEFT)
    ui.key(app, pygame.K_LEFT)
    until(app, ui, lambda: not view.timeline.seeking)
    shows_resimulated(view, file, start - 1)
    turn = view.timeline.next_marker(start - 1)
    assert turn is not None
    ui.key(app, pygame.K_RIGHT, pygame.KMOD_SHIFT)
    until(app, ui, lambda: not view.timeline.seeking)
    shows_resimulated(view, file, turn.frame)
    ui.key(app, pygame.K_HOME)
    until(app, ui, lambda: not view.timeline.seeking)
    shows_resimulated(view, file, 0)


def test_a_turn_chosen_in_the_turn_list_is_shown(make_app, ui, tmp_path: Path) -> None:
    file = load_replay(headless_save(tmp_path, "malloppo", 3, frames=60))
    app = make_app(replay=file)
    view = paused_once_scouted(app, ui)
    ui.key(app, pygame.K_t)
    assert view.show_turns
    app.step_frame(ui.frame)  # drawn: the rows are on screen
    rect, marker = view._turn_rows[3]
    ui.click(app, rect.center)
    until(app, ui, lambda: not view.timeline.seeking)
    shows_resimulated(view, file, marker.frame)
    ui.key(app, ui.escape)  # closes the list, not the replay
    assert not view.show_turns and app.game is not None and app.game.replay


def test_play_from_here_hands_a_dice_game_to_its_humans(make_app, ui, tmp_path: Path) -> None:
    file = load_replay(SCENARIOS / "malloppo" / "human_takes_from_two_hands.toml")
    record = tmp_path / "mine.toml"
    app = make_app(replay=file, record=str(record))
    view = replay_view(app)
    until(app, ui, lambda: view.timeline.current.ended)
    assert view.timeline.session.digest() == file.golden
    ui.key(app, pygame.K_RETURN)  # Play from here
    assert app.game is not None and not app.game.replay
    session = app.game.session
    assert session.frame >= file.limit and session.recorded == list(file.events)
    before = len(session.records)  # type: ignore[attr-defined]
    ui.key(app, pygame.K_RETURN)  # blue (a human) rolls in the live game
    assert len(session.records) == before + 1  # type: ignore[attr-defined]
    assert session.recorded[-1].action == "roll" and session.recorded[-1].frame >= file.limit
    app.leave_game()  # the recording of the new game replays from frame 0
    scenario, replayed = run_scenario_file(record)
    assert replayed.ok, replayed.differences()
    assert [e.frame for e in scenario.events()][:2] == [e.frame for e in file.events]


def test_play_from_here_mid_drag_lets_go_and_plays_on(make_app, ui, tmp_path: Path) -> None:
    file = load_replay(SCENARIOS / "wallamoppi" / "off_centre_topples.toml")
    record = tmp_path / "mine.toml"
    app = make_app(replay=file, record=str(record))
    view = paused_once_scouted(app, ui)
    held_at = next(e.frame for e in file.events if e.action == "grab") + 20
    view.go(held_at)  # the replay's hand holds a disk here
    until(app, ui, lambda: not view.timeline.seeking)
    assert view.timeline.session.hand.held is not None  # type: ignore[attr-defined]
    ui.click(app, view.button_rect("take").center)
    assert app.game is not None and not app.game.replay
    session = app.game.session
    assert session.hand.held is None  # type: ignore[attr-defined]
    assert session.recorded[-1].action == "release" and session.recorded[-1].frame == held_at
    ui.run(app, 0.5)
    assert session.frame > held_at + 50  # the app plays it now
    app.leave_game()
    _, replayed = run_scenario_file(record)
    assert replayed.ok, replayed.differences()


def test_the_menus_replays_entry_opens_a_replay_and_esc_returns(make_app, ui) -> None:
    app = make_app()
    ui.click(app, app.menu.replays_rect().center)
    listing = app.menu.replays
    assert listing is not None
    rect = listing.entry_rect("fallen_disk_stacked.toml")
    assert rect is not None
    ui.click(app, rect.center)
    view = replay_view(app)
    assert view.file.path == SCENARIOS / "wallamoppi" / "fallen_disk_stacked.toml"
    assert app.menu.replays is None
    ui.key(app, ui.escape)
    assert app.game is None and app.running


def test_a_save_in_the_saves_folder_is_listed_first_and_opens(
    make_app, ui, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("WOBBLETOP_SAVES", str(tmp_path))
    save = headless_save(tmp_path, "whacky", 1, frames=40)
    app = make_app()
    ui.key(app, pygame.K_v)
    listing = app.menu.replays
    assert listing is not None and listing.entries[0].path == save
    ui.key(app, pygame.K_RETURN)
    view = replay_view(app)
    assert view.file.path == save and view.file.kind == "save"
    ui.key(app, pygame.K_END)
    until(app, ui, lambda: view.timeline.frame == 40 and not view.timeline.seeking)
    assert view.timeline.session.digest() == view.file.golden


def test_the_list_closes_with_esc_and_the_menu_stays(make_app, ui) -> None:
    app = make_app()
    ui.key(app, pygame.K_v)
    assert app.menu.replays is not None
    ui.key(app, ui.escape)
    assert app.menu.replays is None and app.running


def test_a_replay_is_not_recorded_and_takes_no_live_config(
    make_app, ui, tmp_path: Path
) -> None:
    from physics.config import load_config

    file = load_replay(SCENARIOS / "freeplay" / "flick_throws_disk.toml")
    record = tmp_path / "mine.toml"
    app = make_app(replay=file, record=str(record))
    view = replay_view(app)
    ui.run(app, 0.3)
    heavier = load_config(None, overrides={"world": {"gravity": 2000.0}})
    app.apply_config(heavier)  # what a live edit of the config file does
    assert all(event.action != "config" for event in view.timeline.session.recorded)
    app.leave_game()
    assert not record.exists()


def test_a_replay_is_never_kept_by_ctrl_s_or_on_leaving(make_app, ui, tmp_path: Path) -> None:
    import pygame

    file = load_replay(SCENARIOS / "freeplay" / "flick_throws_disk.toml")
    saves = tmp_path / "saves"
    app = make_app(replay=file, saves=str(saves))
    replay_view(app)
    ui.run(app, 0.3)
    ui.key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert "A replay is not saved" in (app.current_notice() or ("",))[0]
    app.leave_game()
    assert not saves.exists() or not list(saves.iterdir())
