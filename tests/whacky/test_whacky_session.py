"""The Whacky Wit session: computers play on tick, humans act through inputs, the CLI runs it."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable

import pytest
from whacky_helpers import position

from games.core.options import OptionsError
from games.core.protocol import InputEvent, InputRefused, SeatKind
from games.core.registry import load
from games.runs.headless import drive
from games.whacky.rules import Move, Phase, Roll, UsePower, action_to_json
from games.whacky.session import WhackySession
from tests.dice_helpers import new_session

H, C = SeatKind.HUMAN, SeatKind.COMPUTER


def make(seats: tuple[SeatKind, ...], seed: int = 0, **options: object) -> WhackySession:
    return new_session("whacky", WhackySession, seats, seed, **options)


def test_spec_is_a_two_sided_turn_based_game_without_physics() -> None:
    spec = load("whacky")
    assert spec.physics is False and spec.seat_names == ("whacky", "monsters")
    assert spec.min_seats == 2 and make((C, C)).world is None


@pytest.mark.parametrize(
    ("bots", "strengths"),
    [(["greedy", "expectimax"], ["normal", "hard"]),
     (["expectimax", "greedy"], ["hard", "normal"])],
)
def test_computer_seats_play_a_full_game_on_tick(bots: list[str], strengths: list[str]) -> None:
    """The old bot names still choose the computers, shown by their strengths."""
    session = make((C, C), seed=7, bot_delay_frames=0, bots=bots)
    drive(session, 100_000)
    outcome = session.outcome
    assert outcome is not None and outcome.winner in ("whacky", "monsters")
    result = session.result()
    assert result["winner"] == outcome.winner and result["dots_total"] == 152
    assert result["seats"] == {"whacky": f"computer ({strengths[0]})",
                               "monsters": f"computer ({strengths[1]})"}


def test_same_seed_same_game() -> None:
    a, b = make((C, C), seed=9, bot_delay_frames=1), make((C, C), seed=9, bot_delay_frames=1)
    drive(a, 100_000)
    drive(b, 100_000)
    assert a.digest() == b.digest() and a.frame == b.frame


def test_human_whacky_rolls_moves_and_undoes_until_the_next_roll() -> None:
    session = make((H, C), seed=1, dice=[2])  # Whacky's die shows its third face: 3
    session.handle(InputEvent(0, "roll"))
    assert session.state.phase is Phase.WHACKY_MOVE and session.state.roll == 3
    move = Move("whacky", ("K9", "L9", "M9"))
    session.handle(InputEvent(0, "move", data=action_to_json(move)))
    assert session.state.label(session.state.whacky) == "M9"
    assert session.log[-1] == "Whacky moved to M9"
    session.handle(InputEvent(0, "undo"))
    assert session.state.label(session.state.whacky) == "J9"
    assert session.state.phase is Phase.WHACKY_MOVE  # the roll itself stays
    with pytest.raises(InputRefused, match="nothing to undo since the last roll"):
        session.handle(InputEvent(0, "undo"))


def test_refused_human_inputs_say_why_and_change_nothing() -> None:
    session = make((H, H), seed=1, dice=[2])
    session.handle(InputEvent(0, "roll"))
    before = session.digest()
    for event, message in [
        (InputEvent(0, "move", data={"type": "move", "piece": "whacky", "path": ["K9"]}),
         "Whacky rolled 3: move exactly 3 steps, not 1"),
        (InputEvent(0, "move", data={"type": "roll", "value": 6}), "rolled with the 'roll'"),
        (InputEvent(0, "move", data={"type": "fly"}), "unknown action type 'fly'"),
        (InputEvent(0, "roll"), "no roll now: Whacky must move 3 steps"),
        (InputEvent(0, "jump"), "unknown action"),
    ]:
        with pytest.raises(InputRefused, match=message):
            session.handle(event)
    assert session.digest() == before


def test_humans_cannot_act_for_a_computer_seat() -> None:
    session = make((C, H), seed=2)
    with pytest.raises(InputRefused, match="computer seat"):
        session.handle(InputEvent(0, "roll"))


def test_a_human_monster_player_rolls_both_dice_and_moves_the_chosen_monster() -> None:
    start = position(phase=Phase.MONSTER_ROLL).to_json()
    session = make((C, H), seed=3, start=start, dice=[4, 0])  # green, 1
    session.handle(InputEvent(0, "roll"))
    assert session.log[-1] == "The monsters rolled green 1"
    assert session.status() == "The monsters move the green monster 1 step"
    with pytest.raises(InputRefused, match="colour die chose the green monster"):
        session.handle(InputEvent(0, "move", data=action_to_json(Move("red", ("J6",)))))
    session.handle(InputEvent(0, "move", data=action_to_json(Move("green", ("J6",)))))
    assert session.log[-1] == "The green monster moved to J6"


def test_a_monster_that_stays_in_the_cage_is_logged_and_whacky_goes_on() -> None:
    start = position(phase=Phase.MONSTER_ROLL).to_json()
    session = make((H, H), start=start, dice=[0, 11])  # red, 7
    session.handle(InputEvent(0, "roll"))
    assert session.log[-1] == "The monsters rolled red 7; the red monster stays in the cage"
    assert session.state.phase is Phase.WHACKY_ROLL


def test_a_catch_is_logged_with_the_new_life() -> None:
    start = position(whacky="C5", monsters={"red": "A5"}, phase=Phase.MONSTER_ROLL).to_json()
    session = make((H, H), start=start, dice=[0, 4])  # red, 2
    session.handle(InputEvent(0, "roll"))
    session.handle(InputEvent(0, "move", data=action_to_json(Move("red", ("B5", "C5")))))
    assert session.log[-1] == ("The red monster moved to C5; the red monster caught Whacky; "
                               "Whacky starts life 2 on J9")
    assert session.status() == "Whacky rolls, 2 rolls in a row"


def test_a_computer_whacky_uses_a_stored_power() -> None:
    start = position(accidents=6, down=["A1"]).to_json()
    start["stored_power"] = 1
    session = make((C, C), start=start, accidents=6, bot_delay_frames=0)
    session.state.monsters = (session.state.board.node("C5") or 0, *session.state.monsters[1:])
    session.tick()
    assert isinstance(session.records[-1].action, UsePower) and session.state.power == 3


def test_bad_options_are_one_line_errors() -> None:
    with pytest.raises(OptionsError, match=r"options\.accidents: 1; allowed: 0 \(off\) or a whole"):
        make((C, C), accidents=1)
    with pytest.raises(OptionsError, match=r"options\.start: saved Whacky Wit state: lives: 5"):
        make((C, C), start={**position().to_json(), "lives": 5})
    with pytest.raises(OptionsError, match=r"options\.dice: 'six'; allowed: a valid list"):
        make((C, C), dice="six")
    with pytest.raises(OptionsError, match=r"options.bots\[0\]: 'clever'; allowed: 'easy', "):
        make((C, C), bots=["clever"])


def test_a_forced_roll_out_of_range_is_refused() -> None:
    with pytest.raises(OptionsError, match=r"options.dice\[1\]: 12 is not a face index 0..11"):
        make((H, H), dice=[0, 12])


def test_status_says_whose_turn_and_what_to_do() -> None:
    session = make((H, H), dice=[4])
    assert session.status() == "Whacky rolls, 2 rolls in a row"
    session.handle(InputEvent(0, "roll"))
    assert session.status() == "Whacky moves 5 steps"
    assert isinstance(session.records[-1].action, Roll)


def test_headless_cli_prints_the_outcome_as_json(run_wobbletop: Callable[..., object]) -> None:
    done = run_wobbletop("run", "whacky", "--headless", "--seed", "3")
    assert done.returncode == 0, done.stderr  # type: ignore[attr-defined]
    result = json.loads(done.stdout)  # type: ignore[attr-defined]
    assert result["game"] == "whacky" and result["winner"] in ("whacky", "monsters")
    assert "sim_seconds" not in result and len(result["digest"]) == 64
    assert result["catches"] == 3 - result["lives_left"]
    assert (result["dots_left"] == 0) == (result["winner"] == "whacky") or "suicide" in str(
        result["reason"]) or "checkmate" in str(result["reason"])


def test_headless_session_imports_no_pygame() -> None:
    code = (
        "import sys, games.runs.headless as h; h.play_headless('whacky', None, 1);"
        "print('pygame' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert out.stdout.strip() == "False"
