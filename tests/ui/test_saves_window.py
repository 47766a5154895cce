"""Saved games in the window, through the app's own loop with real pygame events: Ctrl+S saves
the game in front of you, leaving an unfinished game keeps it, the menu's Resume reopens a save
exactly where it was (same frame, digest, seats), one file per game and never another's."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pygame
import pytest

from games.core import registry
from games.core.protocol import SeatKind
from games.runs.saves import load_save, resume, saves_folder
from games.turnkit.turn_session import TurnBasedSession
from games.ui import resume_menu
from games.ui.app import App

H, C = SeatKind.HUMAN, SeatKind.COMPUTER
CTRL = pygame.KMOD_CTRL
NAME = re.compile(r"^(?P<game>[a-z]+)-\d{4}-\d{2}-\d{2}-\d{4}(-\d+)?\.toml$")
MOST_FRAMES = 6000  # a bound on every wait below (100 s of window time): never reached


def folder_files(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.glob("*.toml")) if folder.is_dir() else []


def drag_top_disk(app: App, ui: Any) -> None:
    """Free play: carry the top disk of the stack to the right with the mouse."""
    view = app.game.view
    x, y = app.game.session.world.pieces["disk4"].position
    path_mm = [(x, y), (x, y + 40), (x + 40, y + 60), (x + 90, y + 60), (x + 90, 40.0)]
    ui.drag(app, [view.camera.to_screen(p) for p in path_mm], hold_seconds=0.3)
    ui.run(app, 0.3)


def until(app: App, condition: Any, what: str) -> None:
    """Run window frames until ``condition()`` holds (bounded: fails naming ``what``)."""
    for _ in range(MOST_FRAMES):
        if condition():
            return
        app.step_frame(1 / 60)
    pytest.fail(f"not within {MOST_FRAMES} frames: {what}")


def press_now(app: App, pos: tuple[int, int]) -> None:
    """A mouse press in a frame that lets no time pass: a game it opens has not moved on yet
    (:func:`release` lets go)."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.step_frame(0.0)


def release(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step_frame(0.0)


def assert_resumes(path: Path, frame: int, digest: str) -> None:
    scenario = load_save(path)
    assert scenario.frames == frame
    session = resume(scenario, path)
    assert (session.frame, session.digest()) == (frame, digest)


# -- Ctrl+S ------------------------------------------------------------------------------------


def test_ctrl_s_in_a_physics_game_saves_it_and_says_where(make_app, ui) -> None:
    app = make_app("freeplay", seed=3)
    ui.run(app, 0.2)
    drag_top_disk(app, ui)
    ui.key(app, pygame.K_s, CTRL)
    session = app.game.session
    path = app.keeper.path_of(session)
    assert path is not None and path.parent == saves_folder()
    assert NAME.match(path.name) and path.name.startswith("freeplay-")
    assert app.current_notice()[0] == f"Saved to {path.name}"
    # The save holds the game as it was two frames ago (ui.key runs a frame after the press).
    scenario = load_save(path)
    resumed = resume(scenario, path)
    assert resumed.frame == scenario.frames and resumed.digest() == scenario.expect.digest
    assert [e.action for e in resumed.recorded] == [e.action for e in session.recorded]
    assert app.game is not None and app.game.session is session  # the game goes on


def test_ctrl_s_in_a_dice_game_against_the_computer_resumes_to_the_same_digest(
    make_app, ui
) -> None:
    app = make_app(size=(900, 560), seed=5)
    app.start_game(registry.load("stonewall"), (C, H))
    session = app.game.session
    assert isinstance(session, TurnBasedSession)
    until(app, session.human_to_act, "the computer's first turn shown and done")
    ui.key(app, pygame.K_RETURN)  # the human rolls
    assert session.records[-1].actor == 1
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=CTRL, unicode="",
                                          scancode=0))
    app.step_frame(0.0)  # the save is made with the game exactly here
    path = app.keeper.path_of(session)
    assert path is not None and path.name.startswith("stonewall-")
    assert_resumes(path, session.frame, session.digest())
    # The computer waited for the window's animation: a replay without a window waits alike.
    assert load_save(path).seats == [C, H]


def test_a_finished_game_is_not_saved_by_ctrl_s(make_app, ui) -> None:
    app = make_app(seed=2)
    app.start_game(registry.load("malloppo"), (C, C), {"bot_delay_frames": 0})
    until(app, lambda: app.game.session.outcome is not None, "the computers' game over")
    ui.key(app, pygame.K_s, CTRL)
    assert "over" in app.current_notice()[0]
    ui.key(app, ui.escape)
    assert folder_files(saves_folder()) == []


# -- the autosave --------------------------------------------------------------------------------


def test_esc_to_the_menu_keeps_an_unfinished_game_and_not_a_finished_one(make_app, ui) -> None:
    folder = saves_folder()
    app = make_app(seed=2)
    app.start_game(registry.load("malloppo"), (C, C), {"bot_delay_frames": 0})
    until(app, lambda: app.game.session.outcome is not None, "the computers' game over")
    ui.key(app, ui.escape)
    assert app.game is None and folder_files(folder) == []  # over: nothing to resume

    app.start_game(registry.load("malloppo"), (C, C))  # at the window's pace
    session = app.game.session
    until(app, lambda: len(session.records) >= 3, "a few actions")
    frame, digest = session.frame, session.digest()
    ui.key(app, ui.escape)
    (name,) = folder_files(folder)
    assert name.startswith("malloppo-")
    assert "Kept your unfinished game" in app.current_notice()[0]
    assert_resumes(folder / name, frame, digest)


def test_a_game_left_untouched_is_not_kept(make_app, ui) -> None:
    app = make_app("freeplay", seed=3)
    ui.run(app, 0.5)
    ui.key(app, ui.escape)
    assert folder_files(saves_folder()) == []


def test_f5_keeps_the_game_and_a_second_game_never_touches_the_first_ones_file(
    make_app, ui
) -> None:
    folder = saves_folder()
    app = make_app("freeplay", seed=3)
    ui.run(app, 0.2)
    drag_top_disk(app, ui)
    first = app.game.session
    frame = first.frame
    ui.key(app, pygame.K_F5)  # restart: the first game is kept
    (first_name,) = folder_files(folder)
    first_text = (folder / first_name).read_text(encoding="utf-8")
    assert load_save(folder / first_name).frames == frame
    assert app.game.session is not first

    drag_top_disk(app, ui)  # the second game, in the same minute: a file of its own
    ui.key(app, pygame.K_s, CTRL)
    ui.run(app, 0.2)
    second = app.game.session
    frame = second.frame
    ui.key(app, ui.escape)  # saved again on leaving: its own file, updated
    names = folder_files(folder)
    assert len(names) == 2 and first_name in names
    assert (folder / first_name).read_text(encoding="utf-8") == first_text
    (second_name,) = set(names) - {first_name}
    assert app.keeper.path_of(second) == folder / second_name
    assert load_save(folder / second_name).frames == frame


def test_closing_the_window_keeps_the_game(make_app, ui) -> None:
    app = make_app("freeplay", seed=3)
    ui.run(app, 0.2)
    drag_top_disk(app, ui)
    frame, digest = app.game.session.frame, app.game.session.digest()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run()  # the loop ends on the close button and closes the app
    (name,) = folder_files(saves_folder())
    assert_resumes(saves_folder() / name, frame, digest)


def test_a_folder_that_cannot_be_written_is_one_line_and_the_game_goes_on(
    make_app, ui, tmp_path, capsys
) -> None:
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the saves folder should be\n", encoding="utf-8")
    app = make_app("freeplay", seed=3, saves=blocked / "saves")
    ui.run(app, 0.2)
    drag_top_disk(app, ui)
    capsys.readouterr()
    ui.key(app, pygame.K_s, CTRL)
    message = app.current_notice()[0]
    assert message.startswith("Could not save the game in ") and str(blocked) in message
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err and "could not save" in err
    frame = app.game.session.frame
    ui.run(app, 0.2)
    assert app.game is not None and app.game.session.frame > frame  # still playing
    assert blocked.read_text(encoding="utf-8").startswith("a file where")


def test_saves_and_the_environment_choose_the_folder(make_app, ui, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("WOBBLETOP_SAVES", str(tmp_path / "from-env"))
    app = make_app("freeplay", seed=3)
    assert app.keeper.folder == tmp_path / "from-env"
    other = make_app("freeplay", seed=3, saves=str(tmp_path / "given"))
    assert other.keeper.folder == tmp_path / "given"  # --saves wins over the environment
    ui.run(other, 0.2)
    drag_top_disk(other, ui)
    ui.key(other, pygame.K_s, CTRL)
    assert len(folder_files(tmp_path / "given")) == 1
    assert folder_files(tmp_path / "from-env") == []


# -- the menu's Resume ---------------------------------------------------------------------------


def test_the_menu_lists_the_save_and_opens_it_where_it_was(make_app, ui) -> None:
    app = make_app(size=(960, 600), seed=4)
    app.start_game(registry.load("stonewall"), (H, C, C, H))
    session = app.game.session
    ui.key(app, pygame.K_RETURN)  # the first human rolls
    ui.key(app, pygame.K_s, CTRL)
    path = app.keeper.path_of(session)
    frame, digest = session.frame, session.digest()
    ui.key(app, ui.escape)
    # leaving it later updated the same file: the game as it was on leaving
    assert folder_files(saves_folder()) == [path.name]
    assert load_save(path).frames == frame
    assert load_save(path).expect.digest == digest

    panel = app.menu.resume
    button = panel.button_rect()
    assert button is not None and panel.button_label() == "Resume (1)"
    ui.click(app, button.center)
    assert panel.is_open and len(panel.saves) == 1
    assert panel.saves[0].line() == "Stonewall, 4 players, turn 1, just now"
    row = panel.row_rect(0)
    press_now(app, row.center)
    assert app.game is not None and not panel.is_open
    resumed = app.game.session
    assert resumed is not session
    assert (resumed.frame, resumed.digest()) == (frame, digest)
    assert app.game.seats == (H, C, C, H) and app.game.spec.id == "stonewall"
    assert app.current_notice()[0] == f"Resumed {path.name}"
    release(app, row.center)
    ui.key(app, ui.escape)  # nothing done since the resume: nothing new to keep
    assert folder_files(saves_folder()) == [path.name]


def test_saves_are_listed_newest_first_and_a_bad_one_says_why(make_app, ui, tmp_path) -> None:
    folder = saves_folder()
    app = make_app("freeplay", seed=3)
    ui.run(app, 0.2)
    drag_top_disk(app, ui)
    ui.key(app, ui.escape)
    (good,) = folder_files(folder)
    text = (folder / good).read_text(encoding="utf-8")
    older = text.replace(re.search(r'saved_at = "[^"]+"', text).group(0),
                         'saved_at = "2026-01-02T03:04:05Z"')
    (folder / "old.toml").write_text(older, encoding="utf-8")
    (folder / "broken.toml").write_text("game = \n", encoding="utf-8")  # the newest file
    ui.key(app, pygame.K_r)  # R opens the list too
    panel = app.menu.resume
    assert panel.is_open
    # newest first; what cannot be resumed after the rest
    assert [saved.path.name for saved in panel.saves] == [good, "old.toml", "broken.toml"]
    assert panel.selected == 0  # Enter resumes the newest
    assert panel.saves[0].line().startswith("Free play, 1 player, ")
    assert panel.saves[0].line().endswith(", just now")
    assert panel.saves[1].line().endswith(", on 2 Jan 2026")
    assert panel.saves[2].line().startswith("broken.toml: cannot be resumed")
    ui.click(app, panel.row_rect(2).center)
    message = app.current_notice()[0]
    assert message.startswith(str(folder / "broken.toml")) and "\n" not in message
    assert app.game is None and panel.is_open  # nothing else changed
    ui.key(app, ui.escape)  # Esc closes the list, not the app
    assert not panel.is_open and app.running


def test_a_long_resume_shows_its_progress_and_esc_gives_up(
    make_app, ui, tmp_path, monkeypatch
) -> None:
    save = tmp_path / "long.toml"
    from games.cli import main

    assert main(["run", "wallamoppi", "--seed", "2", "--frames", "3000", "--save",
                 str(save)]) == 0
    monkeypatch.setattr(resume_menu, "SLICE_SECONDS", 0.0)  # one slice a frame: many frames
    app = make_app(saves=tmp_path)
    ui.key(app, pygame.K_r)
    panel = app.menu.resume
    assert [saved.path for saved in panel.saves] == [save]
    ui.key(app, pygame.K_RETURN)
    seen = []
    for _ in range(4):
        seen.append(panel.resuming.fraction)
        app.step_frame(1 / 60)
    assert 0 < seen[0] < seen[1] < seen[2] < seen[3] < 1
    ui.key(app, ui.escape)  # gives up: back to the list
    assert panel.resuming is None and app.game is None and app.running
    ui.key(app, pygame.K_RETURN)  # again, to the end this time
    until(app, lambda: app.game is not None, "the resume done")
    scenario = load_save(save)
    session = app.game.session
    assert session.frame >= scenario.frames and app.game.seats == (C, C)


def test_free_play_undo_works_after_a_resume(make_app, ui) -> None:
    app = make_app("freeplay", seed=3)
    ui.run(app, 0.2)
    start = app.game.session.world.pieces["disk4"].body.position
    drag_top_disk(app, ui)
    moved = app.game.session.world.pieces["disk4"].body.position
    assert (moved - start).length > 30
    ui.key(app, ui.escape)
    ui.key(app, pygame.K_r)
    ui.key(app, pygame.K_RETURN)
    assert app.game is not None and app.current_notice()[0].startswith("Resumed ")
    ui.key(app, pygame.K_z, CTRL)  # back to before the drag made before the save
    assert "Took back" in app.current_notice()[0]
    back = app.game.session.world.pieces["disk4"].body.position
    assert (back - start).length < 0.5
    ui.key(app, ui.escape)  # the undone game is kept in a file of its own
    assert len(folder_files(saves_folder())) == 2


@pytest.mark.parametrize("game_id", registry.available())
def test_ctrl_s_works_in_every_game_with_its_computers_playing(make_app, ui, game_id) -> None:
    spec = registry.load(game_id)
    seats = (H,) if spec.min_seats == 1 else (C,) * spec.min_seats
    app = make_app(size=(900, 560), seed=6)
    app.start_game(spec, seats)
    ui.run(app, 3.0)  # computers at the window's pace, the physics settling
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=CTRL, unicode="",
                                          scancode=0))
    app.step_frame(0.0)
    session = app.game.session
    path = app.keeper.path_of(session)
    assert path is not None and NAME.match(path.name).group("game") == game_id
    assert app.current_notice()[0] == f"Saved to {path.name}"
    assert_resumes(path, session.frame, session.digest())
