"""A Stonewall game played in the window against a computer that waits for the animations
replays headless (where nothing waits) to the same state: the animation pace never changes
what the game does, only when it is shown."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from pathlib import Path

import pygame

from games.core import registry
from games.core.protocol import SeatKind
from games.runs.regress import check_file
from games.stonewall.rules import Phase
from games.stonewall.view import StonewallView
from games.ui.app import App

FRAME = 1 / 60


def click(app: App, pos: tuple[float, float]) -> None:
    xy = (round(pos[0]), round(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=xy, button=1))
    app.step_frame(FRAME)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=xy, button=1))
    app.step_frame(FRAME)


def test_a_window_game_with_a_computer_replays_headless(tmp_path: Path) -> None:
    recording = tmp_path / "stonewall.toml"
    app = App(size=(640, 420), seed=8, record=str(recording))
    try:
        pygame.event.clear()
        app.start_game(registry.load("stonewall"), (SeatKind.HUMAN, SeatKind.COMPUTER))
        assert app.game is not None
        view = app.game.view
        assert isinstance(view, StonewallView)
        state, game = view.state, view.game
        turns = 0
        for _ in range(4000):
            app.step_frame(FRAME)
            if not game.human_to_act() or view.animator.busy():
                continue
            if state.phase in (Phase.OPENING, Phase.ROLL):
                click(app, view.die_rect.center)
            elif state.phase is Phase.MOVE:
                moves = state.legal_moves()
                if moves:
                    assert view.geometry is not None
                    click(app, view.geometry.cell_center(moves[-1].destination))
                else:
                    click(app, view.buttons["pass"].center)
                turns += 1
            else:
                click(app, view.buttons["pass"].center)
            if turns >= 2 and game.records[-1].actor == 1:
                break
        assert turns >= 2 and any(r.actor == 1 for r in game.records)
        digest, frames = game.digest(), game.frame
        app.leave_game()
    finally:
        app.close()
    report = check_file(recording)
    assert report.error == ""
    assert report.replay is not None and report.replay.digest == digest, report.replay.differences()
    assert f"frames = {frames}" in recording.read_text(encoding="utf-8")
