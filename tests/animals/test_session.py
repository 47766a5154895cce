"""The session: the hand on the table, turns that end when the tower has settled, falls, the
crocodile, the computer through the same inputs, hidden identities, live config, headless."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.animals.rules import Phase
from games.core.protocol import InputEvent, InputRefused, SeatKind
from tests.animals.helpers import carry, config, insert_dog_under_the_sheep, run, send, session


def test_a_careful_insert_stands_and_the_turn_passes_once_settled() -> None:
    game = session()
    insert_dog_under_the_sheep(game)
    assert game.rules.seat == "blue"  # released, not settled yet: still blue's turn
    run(game, 1.5)
    assert game.outcome is None
    assert game.rules.tower == ["lion", "dog", "sheep", "rabbit"] and game.rules.seat == "red"


def test_caused_a_fall_after_the_last_release_before_settling_loses() -> None:
    game = session()
    insert_dog_under_the_sheep(game, back_offset=16.0, back_drop=12.0)
    assert game.hand.held is None and game.outcome is None
    run(game, 3.0)
    outcome = game.outcome
    assert outcome is not None and outcome.reason == "tower fell"
    assert outcome.details["losers"] == ["blue"]


def test_a_fast_lift_shakes_the_riders_off() -> None:
    game = session()
    send(game, "draw")
    lion = game.scene.piece_of["lion"]
    x, y = lion.position
    send(game, "grab", x, y)
    send(game, "move", x, y + 8.0)
    run(game, 0.3)
    send(game, "move", x + 250.0, y + 8.0)  # yanked sideways as fast as the hand goes
    run(game, 2.0)
    outcome = game.outcome
    assert outcome is not None and outcome.reason == "tower fell"
    assert outcome.details["losers"] == ["blue"] and outcome.details["winners"] == ["red"]


def test_the_same_lift_done_slowly_keeps_the_riders() -> None:
    game = session()
    send(game, "draw")
    scene = game.scene
    lion = scene.piece_of["lion"]
    x, y = lion.position
    carry(game, (x, y), (game.file.board.aside_x, scene.seat_y(0) + 1.0), lift=8.0, speed=60.0)
    run(game, 1.0)
    assert game.outcome is None
    found = scene.columns()
    assert [len(c) for c in found] == [3, 1]  # the dog alone, the whole tower set aside


def test_only_what_the_rules_allow_may_be_grabbed() -> None:
    game = session()
    board = game.file.board
    scene = game.scene
    sheep = scene.piece_of["sheep"]
    with pytest.raises(InputRefused, match="draw an animal first"):
        send(game, "grab", *sheep.position)
    send(game, "draw")
    carry(game, tuple(sheep.position), (board.aside_x, scene.seat_y(0) + 1.0))
    run(game, 0.5)
    with pytest.raises(InputRefused, match="put the set-aside animals back"):
        send(game, "grab", *scene.piece_of["lion"].position)
    with pytest.raises(InputRefused, match="by its lowest animal"):
        send(game, "grab", *scene.piece_of["rabbit"].position)


def test_identities_are_hidden_on_the_table() -> None:
    game = session()
    send(game, "draw")
    bodies = game.scene.animals()
    assert {p.name[:6] for p in bodies} == {"animal"}
    assert (
        len({(p.size, p.material, round(p.body.mass, 9), frozenset(p.tags)) for p in bodies}) == 1
    )
    assert not any(animal in p.name for p in bodies for animal in game.file.catalogue.order)


def test_crocodile_the_computer_takes_the_second_animal_out_with_its_hand() -> None:
    game = session(seats=(SeatKind.HUMAN, SeatKind.COMPUTER), skill=1.0, memory=1.0)
    game.chance.force(game.rules.pouch.index("crocodile1"), 2)
    sheep = game.scene.piece_of["sheep"]
    run(game, 25.0)
    assert game.outcome is None and game.rules.seat == "red"
    assert game.rules.tower == ["lion", "rabbit"] and "sheep" in game.rules.pouch
    assert sheep.name not in game.world.pieces and game.rules.out == ["crocodile1"]


def test_a_human_cannot_move_the_computers_hand() -> None:
    game = session(seats=(SeatKind.HUMAN, SeatKind.COMPUTER))
    with pytest.raises(InputRefused, match="the computer plays blue"):
        send(game, "draw")


def test_stop_stacking_and_accept_through_inputs() -> None:
    game = session()
    send(game, "stop")
    outcome = game.outcome
    assert outcome is not None and outcome.reason == "stop stacking: right order"
    assert outcome.details["caller"] == "blue" and outcome.winner == "red"
    with pytest.raises(InputRefused, match="the game is over"):
        send(game, "draw")


def test_live_config_reaches_the_hand_and_the_fall_test() -> None:
    game = session()
    data = config(hand_max_acceleration=2000.0, fall_tilt_deg=10.0).model_dump()
    game.handle(InputEvent(game.frame, "config", data={"config": data}))
    assert game.hand.max_acceleration == 2000.0
    assert game.scene.config.animals.fall_tilt_deg == 10.0


def test_headless_run_prints_the_result_and_is_deterministic(run_wobbletop: Any) -> None:
    runs = [
        run_wobbletop("run", "animals", "--headless", "--seed", "5", "--players", "3")
        for _ in range(2)
    ]
    assert runs[0].returncode == 0, runs[0].stderr
    assert runs[0].stdout == runs[1].stdout
    result = json.loads(runs[0].stdout)
    for key in (
        "winners",
        "reason",
        "tower_height",
        "turns",
        "animals_drawn",
        "crocodiles",
        "caller",
        "digest",
    ):
        assert key in result
    assert result["reason"] != "unfinished"
    assert set(result["winners"]) | set(result["losers"]) == {"red", "blue", "yellow"}


def test_phase_after_draw_is_place_for_an_animal() -> None:
    game = session()
    send(game, "draw")
    assert game.rules.phase is Phase.PLACE and game.drawn_piece is not None


def test_a_portion_toppling_while_set_aside_on_the_board_is_a_fall() -> None:
    game = session()
    scene = game.scene
    send(game, "draw")
    sheep, rabbit = scene.piece_of["sheep"], scene.piece_of["rabbit"]
    carry(game, tuple(sheep.position), (game.file.board.aside_x, scene.seat_y(0) + 1.0))
    run(game, 0.5)
    assert game.outcome is None
    top = (rabbit.position.x, rabbit.position.y + scene.size[1] / 2)
    rabbit.body.apply_impulse_at_world_point((rabbit.body.mass * 400.0, 0.0), top)  # a knock
    run(game, 2.0)
    outcome = game.outcome
    assert outcome is not None and outcome.details["fall"] == "an animal toppled over"
    assert outcome.details["losers"] == ["blue"]
    assert not any(p.position.y < 0 for p in scene.animals())  # it stayed on the board


def test_an_animal_set_down_beside_the_board_fell_onto_the_table() -> None:
    game = session()
    send(game, "draw")
    dog = game.drawn_piece
    assert dog is not None
    beside = -game.file.board.half_width - 40.0
    carry(game, tuple(dog.position), (beside, game.scene.size[1] / 2 + 1.0), lift=110.0)
    run(game, 0.5)
    outcome = game.outcome
    assert outcome is not None and outcome.details["fall"] == "an animal fell onto the table"
