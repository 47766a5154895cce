"""The menu's strength button and ``--skill`` reach the same computer, in every game with
computers: the menu is driven through the app's own loop with real clicks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from games.cli import menu_seats, play_skill
from games.core.protocol import Session
from games.core.registry import load
from games.core.skill import SKILL_GAMES

GAMES = sorted(SKILL_GAMES)


def computers(session: Session) -> dict[Any, Any]:
    """What makes each computer seat play as it does: the hand (and memory), or the bot."""
    bots: dict[Any, Any] = vars(session)["bots"]
    if session.game_id == "wallamoppi":
        return {seat: bot.hand.skill for seat, bot in bots.items()}
    if session.game_id == "animals":
        return {seat: (bot.hand.skill, bot.mind.memory) for seat, bot in bots.items()}
    return {seat: type(bot).__name__ for seat, bot in bots.items()}


@pytest.mark.parametrize("game", GAMES)
def test_the_menu_and_skill_reach_the_same_computer(
    game: str, make_app: Callable[..., Any], ui: Any
) -> None:
    app = make_app()
    ui.click(app, app.menu.entry_rect(game).center)
    button = app.menu.skill_rect()
    assert button is not None and app.menu.choice().skill_label == "normal"
    ui.click(app, button.center)  # normal -> hard
    assert app.menu.choice().skill_label == "hard"
    ui.click(app, app.menu.start_rect().center)
    from_menu = computers(app.session)
    assert from_menu  # the menu's default seats have a computer

    spec = load(game)
    seats = menu_seats(spec)
    from_cli = make_app(game, seats=seats, options={"skill": play_skill(spec, "hard", seats)})
    assert computers(from_cli.session) == from_menu
    easy = make_app(game, seats=seats, options={"skill": play_skill(spec, "easy", seats)})
    assert computers(easy.session) != from_menu  # the word does change the computer
    assert easy.menu.choice().skill_label == "easy"  # and the menu shows it


def test_skill_per_seat_shows_in_the_menu_until_the_button_is_clicked(
    make_app: Callable[..., Any], ui: Any
) -> None:
    from games.core.protocol import SeatKind

    seats = (SeatKind.COMPUTER, SeatKind.COMPUTER)
    app = make_app("stonewall", seats=seats, options={"skill": ["easy", "hard"]})
    assert computers(app.session) == {0: "EasyBot", 1: "ExpectimaxBot"}
    ui.key(app, ui.escape)
    choice = app.menu.choice()
    assert choice.skill_label == "easy/hard"
    button = app.menu.skill_rect()
    assert button is not None
    ui.click(app, button.center)  # one word for every computer again
    assert choice.skill_label == "hard" and choice.options() == {"skill": "hard"}


def test_the_button_names_only_the_computers_words(make_app: Callable[..., Any], ui: Any) -> None:
    from games.core.protocol import SeatKind

    spec = load("malloppo")
    seats = (SeatKind.HUMAN, SeatKind.COMPUTER, SeatKind.COMPUTER)
    app = make_app("malloppo", seats=seats, options={"skill": play_skill(spec, "easy,hard", seats)})
    assert computers(app.session) == {1: "EasyBot", 2: "ExpectimaxBot"}
    ui.key(app, ui.escape)
    assert app.menu.choice().skill_label == "easy/hard"
