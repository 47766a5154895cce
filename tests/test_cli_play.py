"""``wobbletop play GAME --players N --seats ... --skill WORD``: the menu's choices on the command
line, each bad value one line and exit 2; ``play --help`` lists only built games; ``run`` needs
no ``--headless`` and shows progress only on a run longer than a second."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import json
from typing import Any

import pygame
import pytest

from games.cli import main
from games.core import registry
from games.core.protocol import SeatKind
from games.core.skill import SKILLS
from games.runs import headless

H, C = SeatKind.HUMAN, SeatKind.COMPUTER


def test_seats_and_skill_reach_the_window(started: list[dict[str, Any]]) -> None:
    assert main(["play", "stonewall", "--players", "4", "--seats",
                 "human,computer,computer,human"]) == 0
    assert started[-1]["seats"] == (H, C, C, H) and started[-1]["options"] == {}
    assert main(["play", "wallamoppi", "--seats", "Computer, human", "--skill", "shaky"]) == 0
    assert started[-1]["seats"] == (C, H)
    assert started[-1]["options"] == {"skill": "easy"}  # the old word for easy
    assert main(["play", "malloppo", "--players", "3"]) == 0  # a human first, as the menu does
    assert started[-1]["seats"] == (H, C, C)
    # one word per computer seat, or one per seat (the person's is not used)
    assert main(["play", "malloppo", "--players", "3", "--skill", "easy,hard"]) == 0
    assert started[-1]["options"] == {"skill": ["normal", "easy", "hard"]}
    assert main(["play", "stonewall", "--seats", "computer,computer", "--skill", "hard,easy"]) == 0
    assert started[-1]["options"] == {"skill": ["hard", "easy"]}
    assert main(["play", "whacky", "--skill", "Expectimax"]) == 0  # the old bot name
    assert started[-1]["options"] == {"skill": "hard"}
    assert main(["play", "whacky"]) == 0
    assert started[-1]["seats"] is None  # the menu's default


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["play", "stonewall", "--seats", "human,robot"], "'robot' is not a seat kind"),
        (["play", "stonewall", "--seats", "human"], "stonewall seats 2 to 4 players, not 1"),
        (["play", "stonewall", "--players", "5"], "--players 5: stonewall seats 2 to 4"),
        (["play", "stonewall", "--players", "3", "--seats", "human,computer"],
         "2 seats for --players 3"),
        (["play", "freeplay", "--skill", "easy"], "freeplay has no computer to set"),
        (["play", "wallamoppi", "--skill", "wobbly"], "allowed: easy, normal, hard (old words: "),
        (["play", "stonewall", "--skill", "steady"], "allowed: easy, normal, hard (old words: gr"),
        (["play", "stonewall", "--players", "3", "--skill", "easy,hard,easy,hard"],
         "4 words for 3 seats"),
        (["run", "whacky", "--skill", "hardest"], "--skill hardest: 'hardest'; allowed: easy"),
        (["run", "malloppo", "--skill", "easy,,hard"], "--skill easy,,hard: ''; allowed"),
        (["play", "--seats", "human,human"], "--seats needs a game"),
        (["play", "stonewall", "--players", "two"], "invalid int value"),
    ],
)
def test_a_bad_choice_is_one_line_and_exit_2(
    started: list[dict[str, Any]], capsys: pytest.CaptureFixture[str], argv: list[str], says: str
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert says in err
    assert started == []  # no window


def test_play_help_lists_only_built_games(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(registry, "GAMES", {k: v for k, v in registry.GAMES.items()
                                            if k != "whacky"})
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    out = capsys.readouterr().out
    assert "stonewall" in out and "whacky" not in out
    assert "--seats" in out and "easy (a first game)" in out


def test_run_needs_no_headless_flag_and_still_takes_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["run", "stonewall", "--seed", "2"]) == 0
    plain = json.loads(capsys.readouterr().out)
    assert main(["run", "stonewall", "--seed", "2", "--headless"]) == 0
    assert json.loads(capsys.readouterr().out) == plain
    with pytest.raises(SystemExit):
        main(["run", "--help"])
    assert "--headless" not in capsys.readouterr().out


@pytest.mark.parametrize(("seconds_per_frame", "shown"), [(0.001, False), (0.02, True)])
def test_progress_only_on_a_run_longer_than_a_second(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    seconds_per_frame: float,
    shown: bool,
) -> None:
    """A clock that moves on a fixed step per frame stands for a slow or a quick machine."""
    import tqdm.std

    now = [1000.0]
    monkeypatch.setattr(tqdm.std, "time", lambda: now[0])
    spec = registry.load("freeplay")
    from physics.config import load_config

    session = headless.new_session(spec, load_config(None).config, 1, (C,), {})
    tick = session.tick

    def slow_tick() -> None:
        now[0] += seconds_per_frame
        tick()

    session.tick = slow_tick  # type: ignore[method-assign]
    headless.drive(session, 200, progress=True, stop_at_outcome=False)
    err = capsys.readouterr().err
    assert ("frame" in err) is shown  # 0.2 s of running: nothing; 4 s: a bar


def test_the_window_opens_with_the_command_lines_seats_and_keeps_them() -> None:
    from games.ui.app import App

    app = App("stonewall", size=(800, 500), seed=3, seats=(H, C, C, H))
    try:
        pygame.event.clear()
        assert app.game is not None
        assert app.game.session.seats == (H, C, C, H)  # type: ignore[attr-defined]
        choice = app.menu.choice()
        assert choice is not None and choice.seats() == (H, C, C, H)  # the menu agrees
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F5, mod=0,
                                             unicode="", scancode=0))
        app.step_frame(1 / 60)
        assert app.game.session.seats == (H, C, C, H)  # type: ignore[attr-defined]
    finally:
        app.close()


def test_the_window_gives_the_skill_to_the_computer() -> None:
    from games.ui.app import App

    app = App("wallamoppi", size=(800, 500), seed=3, seats=(H, C), options={"skill": "shaky"})
    try:
        assert app.game is not None
        bots = app.game.session.bots  # type: ignore[attr-defined]
        (bot,) = bots.values()
        assert bot.hand.skill == SKILLS["shaky"]
        choice = app.menu.choice()
        assert choice is not None and choice.skill == "shaky"  # the menu shows it too
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F5, mod=0,
                                             unicode="", scancode=0))
        app.step_frame(1 / 60)
        (bot,) = app.game.session.bots.values()  # type: ignore[attr-defined]
        assert bot.hand.skill == SKILLS["shaky"]  # a restart keeps it
    finally:
        app.close()
