"""The Stonewall session: computers play on tick, humans act through inputs, the CLI runs it."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable

import pytest

from games.headless import drive
from games.protocol import InputEvent, InputRefused, SeatKind, SessionSetup
from games.registry import load
from games.stonewall.rules import Phase, Roll, action_to_json
from games.stonewall.session import StonewallSession
from physics.config import load_config

H, C = SeatKind.HUMAN, SeatKind.COMPUTER


def make(seats: tuple[SeatKind, ...], seed: int = 0, **options: object) -> StonewallSession:
    setup = SessionSetup(load_config(None).config, seed=seed, seats=seats, options=options)
    session = load("stonewall").new_session(setup)
    assert isinstance(session, StonewallSession)
    return session


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
    assert session.status() == f"{session.state.name(session.state.current)} to move (rolled 5)"


def test_headless_cli_prints_the_outcome_as_json(run_wobbletop: Callable[..., object]) -> None:
    done = run_wobbletop("run", "stonewall", "--headless", "--seed", "3", "--players", "4")
    assert done.returncode == 0, done.stderr  # type: ignore[attr-defined]
    result = json.loads(done.stdout)  # type: ignore[attr-defined]
    assert result["game"] == "stonewall" and result["players"] == 4
    assert result["winner"] in ("red", "blue", "green", "yellow") and result["reason"] == "home"


def test_headless_session_imports_no_pygame() -> None:
    code = (
        "import sys, games.headless as h; h.play_headless('stonewall', None, 1, players=2);"
        "print('pygame' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
