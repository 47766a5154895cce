"""The Dammi il malloppo session: computers play on tick, humans act through inputs (a whole
turn as JSON), undo until the next roll, scenario options, and the headless CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable

import pytest
from malloppo_helpers import BLUE, RED, position, sq, turn

from games.core.options import OptionsError
from games.core.protocol import InputEvent, InputRefused, SeatKind
from games.core.registry import load
from games.malloppo.rules import Phase, Roll, action_to_json
from games.malloppo.session import MalloppoSession
from games.runs.headless import drive
from tests.dice_helpers import new_session

H, C = SeatKind.HUMAN, SeatKind.COMPUTER


def make(seats: tuple[SeatKind, ...], seed: int = 0, **options: object) -> MalloppoSession:
    return new_session("malloppo", MalloppoSession, seats, seed, **options)


def test_spec_is_a_turn_based_game_for_two_to_four_without_physics() -> None:
    spec = load("malloppo")
    assert spec.physics is False and spec.min_seats == 2 and len(spec.seat_names) == 4
    assert make((C, C)).world is None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_computer_seats_play_a_full_game_on_tick(players: int) -> None:
    session = make((C,) * players, seed=players, bot_delay_frames=0)
    drive(session, 100_000)
    outcome = session.outcome
    assert outcome is not None and outcome.winner in session.state.colours
    result = session.result()
    assert result["winner"] == outcome.winner
    assert result["coins"][outcome.winner] > 0
    assert sum(v for k, v in result["coins"].items() if k != outcome.winner) == 0
    assert sum(result["coins"].values()) + result["bank"] == 24


def test_same_seed_same_game() -> None:
    a, b = make((C, C, C), seed=9, bot_delay_frames=2), make((C, C, C), seed=9, bot_delay_frames=2)
    drive(a, 100_000)
    drive(b, 100_000)
    assert a.digest() == b.digest() and a.frame == b.frame


def test_human_plays_a_whole_turn_and_undoes_it_until_the_next_roll() -> None:
    start = position(2, hands={RED: [("E3", 2)], BLUE: [("F5", 2), ("A1", 2)]}).to_json()
    session = make((H, H), position=start, dice=[2])
    state = session.state
    session.handle(InputEvent(0, "roll"))
    assert state.roll == 2
    session.handle(InputEvent(0, "move", data=action_to_json(turn(None, "E3", "E5", "F5"))))
    assert state.coins_of(RED) == 3 and state.current == BLUE
    assert session.log[-1] == "Red moved E3→E5, took from F5"
    session.handle(InputEvent(0, "undo"))
    assert state.coins_of(RED) == 2 and state.current == RED and state.phase is Phase.MOVE
    with pytest.raises(InputRefused, match="nothing to undo since the last roll"):
        session.handle(InputEvent(0, "undo"))
    session.handle(InputEvent(0, "move", data=action_to_json(turn(None, "E3", "E5"))))
    session.handle(InputEvent(0, "roll"))  # blue rolls: red's turn can no longer be undone
    with pytest.raises(InputRefused, match="nothing to undo since the last roll"):
        session.handle(InputEvent(0, "undo"))


def test_refused_human_inputs_change_nothing() -> None:
    start = position(2, hands={RED: [("E3", 2)], BLUE: [("F5", 2)]}).to_json()
    session = make((H, H), position=start, dice=[3])
    session.handle(InputEvent(0, "roll"))
    before = session.digest()
    for data, message in [
        (action_to_json(turn(None, "E3", "E6")), "a 3 is odd: first one of red's hands pays"),
        (action_to_json(turn("E3", "E3", "E5")), "cannot reach E5 in 3 steps"),
        ({"type": "roll", "value": 6}, "rolled with the 'roll'"),
        ({"type": "fly"}, "unknown action type"),
    ]:
        with pytest.raises(InputRefused, match=message):
            session.handle(InputEvent(0, "move", data=data))
    with pytest.raises(InputRefused, match="unknown action 'jump'"):
        session.handle(InputEvent(0, "jump"))
    assert session.digest() == before


def test_humans_cannot_act_for_a_computer_seat() -> None:
    start = position(2, hands={RED: [("E3", 2)], BLUE: [("F5", 2)]}).to_json()
    session = make((C, H), position=start)
    with pytest.raises(InputRefused, match="computer seat"):
        session.handle(InputEvent(0, "roll"))


def test_bad_scenario_options_are_one_line_errors() -> None:
    with pytest.raises(OptionsError, match=r"options.dice\[0\]: 7; allowed: less than or equal"):
        make((C, C), dice=[7])
    with pytest.raises(OptionsError, match=r"options.position: saved Dammi il malloppo state: "
                                         r"hands: missing"):
        make((C, C), position={"players": 2})
    with pytest.raises(OptionsError, match="has 4 players but the game seats 2"):
        make((C, C), position=position(4, hands={RED: [("A1", 1)], BLUE: [("B2", 1)]}).to_json())


def test_result_counts_coins_taken_paid_and_who_went_out() -> None:
    start = position(3, hands={RED: [("E3", 2)], BLUE: [("F5", 1)], 2: [("A1", 2)]}).to_json()
    session = make((H, H, H), position=start, dice=[2])
    session.handle(InputEvent(0, "roll"))
    session.handle(InputEvent(0, "move", data=action_to_json(turn(None, "E3", "E5", "F5"))))
    assert session.log[-1] == "Red moved E3→E5, took from F5; Blue is out"
    result = session.result()
    assert result["winner"] is None and result["coins"] == {"red": 3, "blue": 0, "green": 2}
    assert result["coins_taken"] == {"red": 1, "blue": 0, "green": 0}
    assert result["out_after_turn"] == {"blue": 1}
    assert session.state.current == 2  # green: blue is skipped


def test_status_says_whose_turn_the_roll_and_to_pay() -> None:
    start = position(2, hands={RED: [("E3", 2)], BLUE: [("F5", 2)]}).to_json()
    session = make((H, H), position=start, dice=[5])
    assert session.status() == "Red rolls"
    session.handle(InputEvent(0, "roll"))
    assert session.status() == "Red pays a coin, then moves a hand (rolled 5)"


def test_a_computer_after_a_human_waits_a_grace_in_which_undo_works() -> None:
    start = position(2, hands={RED: [("E3", 2)], BLUE: [("I9", 2)]}).to_json()
    session = make((H, C), position=start, dice=[2], bot_delay_frames=2, undo_grace_frames=12)
    session.handle(InputEvent(0, "roll"))
    session.handle(InputEvent(0, "move", data=action_to_json(turn(None, "E3", "E5"))))
    for _ in range(12):
        session.tick()
    assert session.in_undo_grace() and session.state.phase is Phase.ROLL
    session.handle(InputEvent(0, "undo"))
    assert session.state.current == RED and session.state.phase is Phase.MOVE
    assert session.state.squares[0] == sq("E3")
    session.handle(InputEvent(0, "move", data=action_to_json(turn(None, "E3", "E5"))))
    for _ in range(13):
        session.tick()
    assert isinstance(session.state.history[-1][0], Roll)


def test_headless_cli_prints_winner_and_coins_per_player(
    run_wobbletop: Callable[..., object],
) -> None:
    done = run_wobbletop("run", "malloppo", "--headless", "--seed", "3", "--players", "3")
    assert done.returncode == 0, done.stderr  # type: ignore[attr-defined]
    result = json.loads(done.stdout)  # type: ignore[attr-defined]
    assert result["game"] == "malloppo" and result["players"] == 3
    assert result["winner"] in ("red", "blue", "green")
    assert set(result["coins"]) == {"red", "blue", "green"}
    assert result["coins"][result["winner"]] > 0
    assert "sim_seconds" not in result and len(result["digest"]) == 64


def test_headless_session_imports_no_pygame() -> None:
    code = (
        "import sys, games.runs.headless as h; h.play_headless('malloppo', None, 1, players=2);"
        "print('pygame' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert out.stdout.strip().endswith("False")
