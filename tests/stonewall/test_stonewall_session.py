"""The Stonewall session: computers play on tick, humans act through inputs, the CLI runs it."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable

import pytest

from games.core.protocol import InputEvent, InputRefused, SeatKind
from games.core.registry import load
from games.runs.headless import drive
from games.stonewall.rules import Phase, Roll, action_to_json
from games.stonewall.session import StonewallSession
from tests.dice_helpers import new_session

H, C = SeatKind.HUMAN, SeatKind.COMPUTER


def make(seats: tuple[SeatKind, ...], seed: int = 0, **options: object) -> StonewallSession:
    return new_session("stonewall", StonewallSession, seats, seed, **options)


def roll_until(session: StonewallSession, done: Callable[[], bool]) -> None:
    for _ in range(50):
        if done():
            return
        session.handle(InputEvent(0, "roll"))
    raise AssertionError("never happened")


def test_spec_is_a_turn_based_game_without_physics() -> None:
    spec = load("stonewall")
    assert spec.physics is False and spec.min_seats == 2 and len(spec.seat_names) == 4
    assert make((C, C)).world is None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_computer_seats_play_a_full_game_on_tick(players: int) -> None:
    session = make((C,) * players, seed=players, bot_delay_frames=0)
    drive(session, 100_000)
    outcome = session.outcome
    assert outcome is not None and outcome.winner in ("red", "blue", "green", "yellow")
    assert session.result()["winner"] == outcome.winner


def test_same_seed_same_game() -> None:
    a, b = make((C, C), seed=9, bot_delay_frames=2), make((C, C), seed=9, bot_delay_frames=2)
    drive(a, 100_000)
    drive(b, 100_000)
    assert a.digest() == b.digest() and a.frame == b.frame


def test_computer_waits_its_delay_before_acting() -> None:
    session = make((C, C), bot_delay_frames=5)
    for _ in range(5):
        session.tick()
    assert session.state.history == []
    session.tick()
    assert len(session.state.history) == 1


def test_human_rolls_moves_places_a_wall_and_undoes_it() -> None:
    session = make((H, H), seed=4)
    roll_until(session, lambda: session.state.phase is Phase.ROLL)
    player = session.state.current
    session.handle(InputEvent(0, "roll"))
    move = session.state.legal_moves()[0]
    session.handle(InputEvent(0, "move", data=action_to_json(move)))
    assert session.state.position(player) == move.destination
    wall = session.state.legal_wall_placements()[0]
    session.handle(InputEvent(0, "move", data={"type": "place", "wall": wall.to_json()}))
    assert wall in session.state.placed
    session.handle(InputEvent(0, "undo"))
    assert wall not in session.state.placed and session.state.phase is Phase.WALL
    session.handle(InputEvent(0, "undo"))
    assert session.state.phase is Phase.MOVE  # the roll itself stays
    with pytest.raises(InputRefused, match="nothing to undo since the last roll"):
        session.handle(InputEvent(0, "undo"))
    assert [e.action for e in session.recorded].count("undo") == 2


def test_refused_human_inputs_change_nothing() -> None:
    session = make((H, H), seed=1)
    roll_until(session, lambda: session.state.phase is Phase.ROLL)
    before = session.digest()
    for event, message in [
        (InputEvent(0, "move", data={"type": "pass"}), "not allowed now"),
        (InputEvent(0, "move", data={"type": "roll", "value": 6}), "rolled with the 'roll'"),
        (InputEvent(0, "move", data={"type": "fly"}), "unknown action type"),
        (InputEvent(0, "jump"), "unknown action"),
    ]:
        with pytest.raises(InputRefused, match=message):
            session.handle(event)
    assert session.digest() == before


def test_humans_cannot_act_for_a_computer_seat() -> None:
    session = make((C, H), seed=2)
    session.state.phase, session.state.current, session.state.contenders = Phase.ROLL, 0, []
    with pytest.raises(InputRefused, match="computer seat"):
        session.handle(InputEvent(0, "roll"))


def test_status_says_whose_turn_and_the_roll() -> None:
    session = make((H, H), seed=4)
    roll_until(session, lambda: session.state.phase is Phase.ROLL)
    session.state.push(Roll(5))
    name = session.state.name(session.state.current).title()
    assert session.status() == f"{name} moves (rolled 5)"


def test_headless_cli_prints_the_outcome_as_json(run_wobbletop: Callable[..., object]) -> None:
    done = run_wobbletop("run", "stonewall", "--headless", "--seed", "3", "--players", "4")
    assert done.returncode == 0, done.stderr  # type: ignore[attr-defined]
    result = json.loads(done.stdout)  # type: ignore[attr-defined]
    assert result["game"] == "stonewall" and result["players"] == 4
    assert result["winner"] in ("red", "blue", "green", "yellow")
    assert result["reason"] == "first piece back home"
    assert "sim_seconds" not in result and len(result["digest"]) == 64
    assert set(result["walls_placed"]) == {"red", "blue", "green", "yellow"}
    assert result["turns"] == sum(result["turns_each"].values()) > 0


def test_headless_session_imports_no_pygame() -> None:
    code = (
        "import sys, games.runs.headless as h; h.play_headless('stonewall', None, 1, players=2);"
        "print('pygame' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert out.stdout.strip() == "False"


def human_turn_then(session: StonewallSession, roll: int = 3) -> None:
    """Seat 0 (human) to roll; it rolls ``roll``, moves and passes, handing the turn on."""
    state = session.state
    state.phase, state.current, state.contenders = Phase.ROLL, 0, []
    session.chance.force(roll)
    session.handle(InputEvent(0, "roll"))
    move = next(m for m in state.legal_moves() if m.destination != state.board.roll_again)
    session.handle(InputEvent(0, "move", data=action_to_json(move)))
    session.handle(InputEvent(0, "move", data={"type": "pass"}))
    assert state.current == 1 and state.phase is Phase.ROLL


def test_a_computer_after_a_human_waits_a_grace_in_which_undo_works() -> None:
    session = make((H, C), bot_delay_frames=2, undo_grace_frames=12)
    human_turn_then(session)
    for _ in range(12):
        session.tick()
    assert session.in_undo_grace() and session.state.phase is Phase.ROLL  # not rolled yet
    assert session.status() == "Blue thinks… (Undo still possible)"
    session.handle(InputEvent(0, "undo"))  # the pass is taken back: red may place a wall
    assert session.state.current == 0 and session.state.phase is Phase.WALL
    session.handle(InputEvent(0, "move", data={"type": "pass"}))
    for _ in range(13):
        session.tick()
    assert isinstance(session.state.history[-1][0], Roll)  # blue rolled after the grace
    assert session.records[-1].actor == 1 and not session.in_undo_grace()
    with pytest.raises(InputRefused, match="nothing to undo since the last roll"):
        session.handle(InputEvent(0, "undo"))


def test_a_computer_after_a_computer_keeps_the_short_delay() -> None:
    session = make((C, C), seed=5, bot_delay_frames=2, undo_grace_frames=50)
    state = session.state
    state.phase, state.current, state.contenders = Phase.ROLL, 0, []
    while state.current == 0:
        session.tick()
    done = len(state.history)
    for _ in range(3):
        session.tick()
    assert len(state.history) == done + 1  # blue rolled after the 2-frame delay, no grace


def test_default_grace_is_seconds_and_headless_has_none() -> None:
    window = make((H, C))
    hz = window.setup.config.world.step_hz
    assert window.undo_grace >= round(1.5 * hz) > window.bot_delay > 0
    headless = make((H, C), bot_delay_frames=0)
    assert headless.undo_grace == 0
    human_turn_then(headless)
    headless.tick()
    assert isinstance(headless.state.history[-1][0], Roll)  # no waiting at all


def test_result_counts_turns_walls_and_stomps_per_player() -> None:
    session = make((H, H))
    state = session.state
    state.phase, state.current, state.contenders = Phase.ROLL, 0, []
    state.positions[1] = state.board.index((3, 0))
    session.chance.force(3)
    session.handle(InputEvent(0, "roll"))
    session.handle(InputEvent(0, "move", data={"type": "move", "path": [[0, 1], [0, 2], [0, 3]]}))
    wall = state.legal_wall_placements()[0]
    session.handle(InputEvent(0, "move", data={"type": "place", "wall": wall.to_json()}))
    session.chance.force(1)
    session.handle(InputEvent(0, "roll"))  # blue
    session.handle(InputEvent(0, "move", data={"type": "move", "path": [[2, 0]]}))
    session.handle(InputEvent(0, "move", data={"type": "pass"}))
    session.chance.force(1)
    session.handle(InputEvent(0, "roll"))  # red's second turn
    result = session.result()
    assert "sim_seconds" not in result and result["winner"] is None
    assert result["turns"] == 3 and result["turns_each"] == {"red": 2, "blue": 1}
    assert result["walls_placed"] == {"red": 1, "blue": 0} and result["walls_on_board"] == 1
    assert result["seats"] == {"red": "human", "blue": "human"}
    assert result["stomps"] == {"red": 0, "blue": 0}
    session.handle(InputEvent(0, "move", data={"type": "move", "path": [[0, 4]]}))
    assert session.log[-1] == "Red moved A4 → A5"
    assert session.log[-6] == f"Red placed a {wall.kind} wall {wall.where()}"


def test_a_stomp_is_counted_and_logged() -> None:
    session = make((H, H))
    state = session.state
    state.phase, state.current, state.contenders = Phase.ROLL, 0, []
    state.positions[1] = state.board.index((3, 4))
    session.chance.force(2)
    session.handle(InputEvent(0, "roll"))
    state.positions[0] = state.board.index((3, 2))
    session.handle(InputEvent(0, "move", data={"type": "move", "path": [[3, 3], [3, 4]]}))
    assert state.position(1) == state.board.corners[1]
    assert session.log[-1] == "Red moved D3 → D5, stomping Blue"
    assert session.result()["stomps"] == {"red": 1, "blue": 0}


def test_the_turn_log_reads_one_sentence_per_turn() -> None:
    session = make((H, H))
    state = session.state
    state.phase, state.current, state.contenders = Phase.ROLL, 0, []
    session.chance.force(1)
    session.handle(InputEvent(0, "roll"))
    session.handle(InputEvent(0, "move", data={"type": "move", "path": [[0, 1]]}))
    move = next(a for a in state.legal_actions() if getattr(a, "wall", None) is not None
                and a.wall.length == 2)
    session.handle(InputEvent(0, "move", data=action_to_json(move)))
    session.chance.force(2)
    session.handle(InputEvent(0, "roll"))  # blue
    assert session.turn_log() == [
        f"Red rolled 1, moved A1 → A2 and placed a double wall {move.wall.where()}",
        "Blue rolled 2",
    ]
    session.handle(InputEvent(0, "move", data={"type": "move", "path": [[7, 0], [6, 0]]}))
    session.handle(InputEvent(0, "undo"))
    assert session.turn_log()[-1] == "Blue rolled 2"  # an undone move is gone from it
