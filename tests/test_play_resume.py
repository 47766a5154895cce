"""``wobbletop play --resume FILE`` and ``--saves DIR``: a bad save is one line and exit 2 before
any window opens; a good one reaches the window, which opens the game where it was."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from pathlib import Path
from typing import Any

import pygame
import pytest

from games.cli import main
from games.core.protocol import SeatKind
from games.runs.saves import load_save


@pytest.fixture
def save(tmp_path: Path) -> Path:
    path = tmp_path / "part.toml"
    assert main(["run", "stonewall", "--seed", "2", "--frames", "40", "--save", str(path)]) == 0
    return path


def refused(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    capsys.readouterr()
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("wobbletop: ") and "Traceback" not in err
    return err


def test_a_save_reaches_the_window(started: list[dict[str, Any]], save: Path) -> None:
    assert main(["play", "--resume", str(save)]) == 0
    assert started[-1]["game"] is None and started[-1]["resume"] == save


@pytest.mark.parametrize(
    ("content", "says"),
    [
        ('game = "stonewall"\nseed = 1\n', "not a save (no [save] table)"),
        ("game = [\n", "part.toml"),
    ],
)
def test_a_file_that_is_not_a_save_is_one_line_before_any_window(
    started: list[dict[str, Any]], capsys, tmp_path: Path, content: str, says: str
) -> None:
    path = tmp_path / "part.toml"
    path.write_text(content, encoding="utf-8")
    err = refused(capsys, ["play", "--resume", str(path)])
    assert says in err and str(path) in err
    assert started == []  # no window


def test_a_missing_or_changed_save_is_one_line(
    started: list[dict[str, Any]], capsys, save: Path, tmp_path: Path
) -> None:
    assert "missing.toml" in refused(capsys, ["play", "--resume", str(tmp_path / "missing.toml")])
    text = save.read_text(encoding="utf-8")
    save.write_text(text.replace("format = 1", "format = 99"), encoding="utf-8")
    assert "newer wobbletop" in refused(capsys, ["play", "--resume", str(save)])
    assert started == []


@pytest.mark.parametrize(
    ("extra", "says"),
    [
        (["stonewall"], "give GAME or --resume, not both"),
        (["--seats", "human,human"], "--seats with --resume"),
        (["--skill", "shaky"], "--skill with --resume"),
        (["--seed", "4"], "--seed with --resume"),
    ],
)
def test_what_the_save_keeps_is_not_asked_for_again(
    started: list[dict[str, Any]], capsys, save: Path, extra: list[str], says: str
) -> None:
    assert says in refused(capsys, ["play", *extra, "--resume", str(save)])
    assert started == []


def test_saves_names_the_folder_before_or_after_play(
    started: list[dict[str, Any]], capsys, tmp_path: Path
) -> None:
    assert main(["--saves", str(tmp_path), "play", "freeplay"]) == 0
    assert started[-1]["saves"] == str(tmp_path)
    assert main(["play", "--saves", str(tmp_path / "b")]) == 0
    assert started[-1]["saves"] == str(tmp_path / "b")
    assert main(["--saves", str(tmp_path)]) == 0  # the bare command: the menu
    assert started[-1]["saves"] == str(tmp_path) and started[-1]["game"] is None
    assert "--saves ''" in refused(capsys, ["play", "--saves", ""])


def test_a_bad_save_stops_before_the_window_in_a_fresh_process(run_wobbletop, tmp_path) -> None:
    path = tmp_path / "plain.toml"
    path.write_text('game = "freeplay"\n', encoding="utf-8")
    env = {"DISPLAY": "", "WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": ""}  # no screen at all
    done = run_wobbletop("play", "--resume", str(path), env=env)
    assert done.returncode == 2, done.stderr  # 1 would be "no display": the window was tried
    assert done.stderr.count("\n") == 1 and "not a save" in done.stderr


def test_the_window_opens_the_resumed_game_where_it_was(save: Path) -> None:
    from games.ui.app import App

    scenario = load_save(save)
    app = App(size=(800, 500), resume=save)
    try:
        pygame.event.clear()
        for _ in range(10_000):  # frames that let no time pass, until the replay is done
            if app.game is not None:
                break
            assert app.menu.resume.resuming is not None  # resuming, with its progress shown
            app.step_frame(0.0)
        assert app.game is not None
        session = app.game.session
        assert (session.frame, session.digest()) == (scenario.frames, scenario.expect.digest)
        assert app.game.seats == (SeatKind.COMPUTER, SeatKind.COMPUTER)
    finally:
        app.close()
