"""Wallamoppi's rules: the wall's slots, the draw order, the tower turn and every ending."""

from __future__ import annotations

import pytest

from games.core.rng import Chance
from games.wallamoppi.bot import choose_slot
from games.wallamoppi.rules import (
    APEX,
    DARK,
    LIGHT,
    IllegalMove,
    IllegalPlacement,
    Phase,
    Placement,
    Slot,
    Wallamoppi,
)


def new_game(seed: int = 7) -> Wallamoppi:
    return Wallamoppi.new(Chance(seed))


def build_wall(game: Wallamoppi) -> None:
    """Fill the wall row by row, left to right (always legal)."""
    while game.phase is Phase.WALL:
        game.push(Placement(game.legal_slots()[0]))


def tower_game() -> Wallamoppi:
    game = new_game()
    build_wall(game)
    return game


def test_setup_hands_each_player_their_colour_and_bags_the_rest() -> None:
    game = new_game()
    assert game.own[DARK].colour == DARK and game.own[LIGHT].colour == LIGHT
    assert len(game.bag) == 34
    assert sum(disk.colour == DARK for disk in game.bag) == 17
    assert len(game.disks) == 36


def test_the_bag_order_comes_from_the_seed_and_can_be_forced() -> None:
    assert [d.id for d in new_game(1).bag] == [d.id for d in new_game(1).bag]
    assert [d.id for d in new_game(1).bag] != [d.id for d in new_game(2).bag]
    forced = Chance(0)
    forced.force(*([0] * 33))  # every Fisher-Yates swap picks index 0: a fixed rotation
    game = Wallamoppi.new(forced)
    assert game.bag[0].id == "d2"


def test_dark_draws_first_then_they_alternate_then_own_disks() -> None:
    game = new_game()
    placers = []
    colours = []
    while game.phase is Phase.WALL:
        placers.append(game.placer)
        disk = game.disk_in_hand
        assert disk is not None
        colours.append(disk.colour)
        game.push(Placement(game.legal_slots()[0]))
    assert placers[:4] == [DARK, LIGHT, DARK, LIGHT]
    assert placers[34:] == [DARK, LIGHT]
    assert colours[34:] == [DARK, LIGHT]
    assert game.wall[APEX] == game.own[LIGHT]


def test_drawn_disk_must_be_placed_whatever_its_colour() -> None:
    chance = Chance(3)
    game = Wallamoppi.new(chance)
    while game.disk_in_hand is not None and game.disk_in_hand.colour == game.placer:
        game.push(Placement(game.legal_slots()[0]))
    disk = game.disk_in_hand
    assert disk is not None and disk.colour != game.placer
    game.push(Placement(game.legal_slots()[0]))
    assert disk in game.wall.values()


def test_first_disk_may_go_anywhere_on_the_bottom_row_only() -> None:
    game = new_game()
    assert game.legal_slots() == [Slot(0, i) for i in range(8)]
    with pytest.raises(IllegalPlacement, match="centred on top of two disks"):
        game.push(Placement(Slot(1, 0)))


def test_bottom_disks_must_stay_one_straight_line() -> None:
    game = new_game()
    game.push(Placement(Slot(0, 3)))
    with pytest.raises(IllegalPlacement, match="next to another bottom disk"):
        game.push(Placement(Slot(0, 5)))
    assert {s for s in game.legal_slots()} == {Slot(0, 2), Slot(0, 4)}
    game.push(Placement(Slot(0, 4)))
    assert Slot(1, 3) in game.legal_slots()


def test_a_slot_holds_one_disk_and_a_slot_outside_the_wall_is_refused() -> None:
    game = new_game()
    game.push(Placement(Slot(0, 0)))
    with pytest.raises(IllegalPlacement, match="already holds a disk") as refused:
        game.push(Placement(Slot(0, 0)))
    assert refused.value.slot == Slot(0, 0)
    with pytest.raises(IllegalMove, match="no slot"):
        Slot(2, 6)


def test_upper_disk_needs_both_disks_below() -> None:
    game = new_game()
    game.push(Placement(Slot(0, 0)))
    game.push(Placement(Slot(0, 1)))
    game.push(Placement(Slot(1, 0)))
    with pytest.raises(IllegalPlacement, match="missing row 2, 2nd from the left"):
        game.push(Placement(Slot(2, 0)))


def test_the_apex_is_kept_for_lights_own_disk() -> None:
    game = new_game()
    while len(game.wall) < 34:
        slots = [s for s in game.legal_slots() if not s.is_apex]
        game.push(Placement(slots[0]))
    # Dark's own disk: the only slot left is not the apex.
    assert game.legal_slots() and APEX not in game.legal_slots()
    game.push(Placement(game.legal_slots()[0]))
    assert game.legal_slots() == [APEX]


def test_finished_wall_is_eight_to_one_and_starts_the_tower() -> None:
    game = tower_game()
    rows = [sum(1 for s in game.wall if s.row == r) for r in range(8)]
    assert rows == [8, 7, 6, 5, 4, 3, 2, 1]
    assert game.phase is Phase.TOWER
    assert game.tower == [game.own[LIGHT].id]
    assert game.turn.seat == DARK and not game.turn.timer_running


def test_bot_strategy_builds_a_legal_wall_and_undo_restores() -> None:
    game = new_game()
    chance = Chance(5)
    while game.phase is Phase.WALL:
        game.push(Placement(choose_slot(game, chance)))
    assert game.phase is Phase.TOWER
    before = game.dumps()
    last = game.pop()
    assert last.slot == APEX and game.phase is Phase.WALL and game.tower == []
    game.push(last)
    assert game.dumps() == before


def test_early_touch_is_refused_until_the_other_player_starts_the_timer() -> None:
    game = tower_game()
    with pytest.raises(IllegalMove, match="wait for your timer"):
        game.take(DARK, "d1")
    with pytest.raises(IllegalMove, match="light starts dark's timer"):
        game.start_timer(DARK)
    game.start_timer(LIGHT)
    with pytest.raises(IllegalMove, match="already rolling"):
        game.start_timer(LIGHT)
    game.take(DARK, "d1")
    assert game.turn.taken == "d1" and game.last_toucher == DARK


def test_only_own_colour_one_disk_per_turn_and_never_a_tower_disk() -> None:
    game = tower_game()
    game.start_timer(LIGHT)
    assert game.why_not_take(DARK, "d20") == "that is a light disk; you take only dark disks"
    assert game.why_not_take(DARK, game.tower[0]) == "disks in the tower may not be moved"
    assert game.why_not_take(LIGHT, "d20") == "it is dark's turn"
    game.take(DARK, "d1")
    assert "must be stacked first" in str(game.why_not_take(DARK, "d2"))
    with pytest.raises(IllegalMove, match="stack a disk"):
        game.stop_timer(DARK)
    game.stack("d1")
    assert game.why_no_touch(DARK) is not None  # stacked: hand is done for this turn
    game.stop_timer(DARK)
    assert game.turn.seat == LIGHT and not game.turn.timer_running and game.turns == 1
    assert game.tower[-1] == "d1" and game.last_stacker == DARK


def test_marble_in_the_end_hole_loses_for_the_player_on_turn() -> None:
    game = tower_game()
    game.start_timer(LIGHT)
    game.timer_ran_out()
    assert game.outcome is not None and (game.outcome.winner, game.outcome.reason) == (
        LIGHT,
        "timer",
    )
    assert game.phase is Phase.OVER
    with pytest.raises(IllegalMove, match="game is over"):
        game.start_timer(LIGHT)


def test_tower_fall_loses_for_the_last_toucher_even_off_turn() -> None:
    game = tower_game()
    game.start_timer(LIGHT)
    game.take(DARK, "d1")
    game.stack("d1")
    game.stop_timer(DARK)
    game.tower_fell()  # light has not touched anything yet: dark touched last
    assert game.outcome is not None and game.outcome.winner == LIGHT
    assert game.outcome.reason == "tower fell"


def test_no_disk_of_your_colour_left_ends_the_game_for_the_last_stacker() -> None:
    game = tower_game()
    seat = DARK
    while game.outcome is None:
        game.start_timer(LIGHT if seat == DARK else DARK)
        disk = game.available(seat)[0]
        game.take(seat, disk)
        game.stack(disk)
        game.stop_timer(seat)
        seat = game.turn.seat
    # Light has 17 disks besides the apex, dark 18: light stacks its last, dark stacks its
    # 18th and light has none left.
    assert (game.outcome.winner, game.outcome.reason) == (DARK, "no disks left")
    assert len(game.tower) == 36


def test_json_round_trip_mid_tower_keeps_everything() -> None:
    game = tower_game()
    game.start_timer(LIGHT)
    game.take(DARK, "d1")
    copy = Wallamoppi.loads(game.dumps())
    assert copy.to_json() == game.to_json()
    assert copy.wall == game.wall and copy.turn == game.turn


def test_json_of_a_broken_state_is_one_clear_error() -> None:
    data = new_game().to_json()
    data["history"] = [[1, 0]]
    with pytest.raises(IllegalPlacement, match="centred on top of two disks"):
        Wallamoppi.from_json(data)
    data["history"] = []
    data["last_toucher"] = "green"
    with pytest.raises(IllegalMove, match="not a Wallamoppi state"):
        Wallamoppi.from_json(data)
