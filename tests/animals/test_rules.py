"""The rule engine, one test per clause of the rulebook (and per reading of an unclear one)."""

from __future__ import annotations

import copy
import json

import pytest

from games.animals.catalogue import load
from games.animals.rules import (
    Accept,
    CallStop,
    Draw,
    IllegalMove,
    Insert,
    MemoryStacking,
    Phase,
    Remove,
    Restack,
    Roll,
    TowerFell,
    seat_names,
)
from games.core.rng import Chance

CATALOGUE = load().catalogue


def opened(
    players: int = 3, animals: tuple[str, ...] = ("turtle", "lion", "dog")
) -> MemoryStacking:
    game = MemoryStacking.new(CATALOGUE, seat_names(players))
    for animal in animals:
        game.push(Draw(animal))
    return game


def test_two_to_four_players_each_with_the_same_template() -> None:
    for count in (2, 3, 4):
        assert MemoryStacking.new(CATALOGUE, seat_names(count)).seats == seat_names(count)
    for count in (1, 5):
        with pytest.raises(IllegalMove, match="allowed: 2 to 4"):
            MemoryStacking.new(CATALOGUE, ["a", "b", "c", "d", "e"][:count])


def test_template_order_keeps_the_published_facts() -> None:
    order = CATALOGUE.order
    assert order[:3] == ("elephant", "bear", "lion")
    assert order[-3:] == ("turtle", "mouse", "glow-worm")
    assert order.index("lion") < order.index("sheep") < order.index("dog")
    assert order.index("sheep") < order.index("penguin") < order.index("cat")
    assert order[order.index("dog") : order.index("dog") + 3] == ("dog", "penguin", "monkey")
    assert order.index("hedgehog") < order.index("mouse")
    assert len(order) == 15 and len(CATALOGUE.crocodiles) == 4


def test_pouch_holds_every_animal_and_crocodile() -> None:
    game = MemoryStacking.new(CATALOGUE, seat_names(2))
    assert sorted(game.pouch) == sorted(CATALOGUE.pieces) and len(game.pouch) == 19


def test_draws_are_seeded_and_injectable() -> None:
    first = MemoryStacking.new(CATALOGUE, seat_names(2))
    second = MemoryStacking.new(CATALOGUE, seat_names(2))
    a, b = Chance(7), Chance(7)
    assert [first.draw_random(a) for _ in range(3)] == [second.draw_random(b) for _ in range(3)]
    forced = MemoryStacking.new(CATALOGUE, seat_names(2))
    chance = Chance(0)
    chance.force(forced.pouch.index("mouse"))
    assert forced.draw_random(chance) == "mouse"


def test_opening_three_animals_stacked_in_template_order() -> None:
    game = opened(animals=("turtle", "lion", "dog"))
    assert game.tower == ["lion", "dog", "turtle"]
    assert game.phase is Phase.DRAW
    assert "lion" not in game.pouch and len(game.pouch) == 16


def test_opening_crocodile_goes_back_and_another_is_drawn() -> None:
    game = MemoryStacking.new(CATALOGUE, seat_names(2))
    game.push(Draw("lion"))
    game.push(Draw("crocodile2"))
    assert "crocodile2" in game.pouch and game.opening_hand == ["lion"]
    assert game.crocodiles == 0 and game.phase is Phase.OPENING
    game.push(Draw("dog"))
    game.push(Draw("turtle"))
    assert game.tower == ["lion", "dog", "turtle"]


def test_opening_player_is_followed_by_the_next() -> None:
    game = opened(players=3)
    assert game.seat == "blue"


def test_turn_draw_show_and_insert_where_you_believe() -> None:
    game = opened()  # lion, dog, turtle
    game.push(Draw("sheep"))
    assert game.phase is Phase.PLACE and game.in_hand == "sheep"  # shown to everyone
    assert game.drawn == 1
    game.push(Insert(1))
    assert game.tower == ["lion", "sheep", "dog", "turtle"]
    assert game.seat == "yellow" and game.phase is Phase.DRAW and game.turns == 1


def test_insert_outside_the_tower_is_refused() -> None:
    game = opened()
    game.push(Draw("sheep"))
    with pytest.raises(IllegalMove, match="allowed: 0 \\(the bottom\\) to 3"):
        game.push(Insert(4))
    assert game.tower == ["lion", "dog", "turtle"] and game.in_hand == "sheep"


def test_crocodile_removes_kth_animal_from_the_bottom_into_the_pouch() -> None:
    game = opened()  # lion, dog, turtle
    game.push(Draw("crocodile1"))
    assert game.phase is Phase.ROLL
    game.push(Roll(2))
    assert game.removal_target() == 1
    game.push(Remove())
    assert game.tower == ["lion", "turtle"] and "dog" in game.pouch


def test_the_tower_on_the_table_is_the_tower_stop_stacking_judges() -> None:
    game = opened()  # lion, dog, turtle: the right order
    game.push(Draw("sheep"))
    game.push(Restack(("lion", "turtle", "dog")))  # the handling moved the turtle under the dog
    game.push(Insert(1))
    assert game.tower == ["lion", "sheep", "turtle", "dog"]
    game.push(CallStop())
    assert game.outcome is not None and game.outcome.reason == "stop stacking: wrong order"
    assert game.outcome.revealed == ("lion", "sheep", "turtle", "dog")
    assert game.outcome.winners == ("yellow",)


def test_a_restack_holds_the_same_animals_and_only_while_handling() -> None:
    game = opened()
    with pytest.raises(IllegalMove, match="cannot restack the tower now"):
        game.push(Restack(("dog", "lion", "turtle")))
    game.push(Draw("sheep"))
    for wrong in (("lion", "dog"), ("lion", "dog", "turtle", "sheep"), ("lion", "dog", "dog")):
        with pytest.raises(IllegalMove, match="allowed: the same animals in another order"):
            game.push(Restack(wrong))
    assert game.tower == ["lion", "dog", "turtle"] and game.phase is Phase.PLACE
    game.push(Restack(("turtle", "dog", "lion")))
    assert game.pop() == Restack(("turtle", "dog", "lion"))
    assert game.tower == ["lion", "dog", "turtle"]


def test_a_restack_while_removing_keeps_the_rolled_animal_in_its_place() -> None:
    game = opened()  # lion, dog, turtle
    game.push(Draw("crocodile1"))
    game.push(Roll(2))  # the dog goes
    with pytest.raises(IllegalMove, match="must stay animal 2 from the bottom"):
        game.push(Restack(("dog", "lion", "turtle")))
    game.push(Restack(("turtle", "dog", "lion")))
    game.push(Remove())
    assert game.tower == ["turtle", "lion"] and "dog" in game.pouch


def test_crocodile_roll_above_the_height_removes_nothing() -> None:
    game = opened()
    game.push(Draw("crocodile1"))
    game.push(Roll(5))
    assert game.tower == ["lion", "dog", "turtle"]
    assert game.phase is Phase.DRAW and game.seat == "yellow"


def test_crocodile_leaves_the_game_either_way() -> None:
    game = opened()
    game.push(Draw("crocodile1"))
    game.push(Roll(6))
    game.push(Draw("crocodile2"))
    game.push(Roll(1))
    game.push(Remove())
    assert game.out == ["crocodile1", "crocodile2"] and game.crocodiles == 2
    assert not any(p.startswith("crocodile1") for p in game.pouch)


def test_removed_animal_may_be_drawn_again() -> None:
    game = opened()
    game.push(Draw("crocodile1"))
    game.push(Roll(1))
    game.push(Remove())
    game.push(Draw("lion"))
    game.push(Insert(0))
    assert game.tower == ["lion", "dog", "turtle"]


def test_stop_stacking_wrong_order_the_caller_wins() -> None:
    game = opened()
    game.push(Draw("elephant"))
    game.push(Insert(3))  # on top: wrong
    game.push(CallStop())
    outcome = game.outcome
    assert outcome is not None and outcome.winners == ("yellow",)
    assert outcome.caller == "yellow" and outcome.reason == "stop stacking: wrong order"
    assert outcome.revealed == ("lion", "dog", "turtle", "elephant")


def test_stop_stacking_right_order_every_other_player_wins() -> None:
    game = opened(players=4)
    game.push(CallStop())
    outcome = game.outcome
    assert outcome is not None and outcome.losers == ("blue",)
    assert outcome.winners == ("red", "yellow", "green")


def test_stop_stacking_only_instead_of_drawing() -> None:
    game = opened()
    game.push(Draw("sheep"))
    with pytest.raises(IllegalMove, match="cannot call stop stacking now"):
        game.push(CallStop())


def test_tower_falls_the_player_on_turn_loses_all_others_win() -> None:
    game = opened(players=3)
    game.push(Draw("sheep"))
    game.push(TowerFell())
    outcome = game.outcome
    assert outcome is not None and outcome.losers == ("blue",)
    assert outcome.winners == ("red", "yellow") and outcome.reason == "tower fell"


def test_caused_means_on_turn_until_settled_then_the_next_player() -> None:
    # The session calls Insert only once the tower has settled after the last release; a fall
    # before that is the inserting player's, a fall after it the next player's.
    before = opened()
    before.push(Draw("sheep"))
    before.push(TowerFell())
    assert before.outcome is not None and before.outcome.losers == ("blue",)
    after = opened()
    after.push(Draw("sheep"))
    after.push(Insert(1))
    after.push(TowerFell())
    assert after.outcome is not None and after.outcome.losers == ("yellow",)


def finished_game() -> MemoryStacking:
    game = opened(players=2, animals=("elephant", "bear", "lion"))
    for animal in CATALOGUE.order[3:]:
        game.push(Draw(animal))
        game.push(Insert(len(game.tower)))
    return game


def test_finished_tower_the_next_player_may_doubt() -> None:
    game = finished_game()
    assert (
        game.phase is Phase.DOUBT
        and game.finished
        and game.pouch == [f"crocodile{n}" for n in range(1, 5)]
    )
    doubter = game.seat
    game.push(CallStop())
    assert game.outcome is not None and game.outcome.losers == (doubter,)


def test_finished_tower_not_doubted_all_players_win_together() -> None:
    game = finished_game()
    game.push(Accept())
    assert game.outcome is not None
    assert game.outcome.winners == ("red", "blue") and game.outcome.reason == "tower finished"


def test_no_drawing_once_the_tower_is_finished() -> None:
    game = finished_game()
    with pytest.raises(IllegalMove, match="cannot draw now"):
        game.push(Draw("crocodile1"))


def test_push_pop_takes_back_each_action() -> None:
    game = opened()
    before = game.to_json()
    game.push(Draw("crocodile3"))
    game.push(Roll(2))
    game.push(Remove())
    assert game.pop() == Remove() and game.pop() == Roll(2) and game.pop() == Draw("crocodile3")
    assert game.to_json() == before


def test_json_round_trip_in_every_phase() -> None:
    game = MemoryStacking.new(CATALOGUE, seat_names(3))
    chance = Chance(3)
    seen = set()
    while game.outcome is None:
        seen.add(game.phase)
        assert MemoryStacking.loads(game.dumps(), CATALOGUE).to_json() == game.to_json()
        actions = game.legal_actions()
        if game.phase in (Phase.OPENING, Phase.DRAW):
            game.draw_random(chance)
        elif game.phase is Phase.ROLL:
            game.roll_random(chance)
        else:
            game.push(actions[chance.index(len(actions))])
    assert MemoryStacking.loads(game.dumps(), CATALOGUE).to_json() == game.to_json()
    assert {Phase.OPENING, Phase.DRAW, Phase.PLACE} <= seen


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"tower": ["lion", "lion", "dog"]}, "lion in two places at once"),
        ({"tower": ["lion", "dog"]}, "turtle nowhere"),
        ({"tower": ["lion", "dog", "turtle", "unicorn"]}, "unknown piece 'unicorn'"),
        ({"phase": "place"}, "no piece in hand in the place phase"),
        ({"turn": 7}, "turn 7 for 3 players"),
        ({"phase": "doubt"}, "doubting a tower that is not finished"),
    ],
)
def test_json_refuses_impossible_states(change: dict[str, object], message: str) -> None:
    data = opened().to_json()
    data.update(change)
    if change.get("tower") == ["lion", "lion", "dog"]:
        data["pouch"] = [p for p in data["pouch"]]  # turtle now missing too; doubled first
    with pytest.raises(IllegalMove, match=message) as error:
        MemoryStacking.from_json(data, CATALOGUE)
    assert "\n" not in str(error.value)


def test_json_refuses_a_crocodile_in_the_tower_and_garbage() -> None:
    data = opened().to_json()
    data["tower"] = ["lion", "dog", "crocodile1"]
    data["pouch"] = [p for p in data["pouch"] if p != "crocodile1"] + ["turtle"]
    with pytest.raises(IllegalMove, match="a crocodile in the tower"):
        MemoryStacking.from_json(data, CATALOGUE)
    with pytest.raises(IllegalMove, match="not JSON"):
        MemoryStacking.loads("{", CATALOGUE)
    with pytest.raises(IllegalMove, match="not a Memory Stacking state"):
        MemoryStacking.from_json(json.loads('{"seats": ["a", "b"]}'), CATALOGUE)


def test_random_play_always_ends_with_an_outcome() -> None:
    for seed in range(30):
        game = MemoryStacking.new(CATALOGUE, seat_names(2 + seed % 3))
        chance = Chance(seed)
        for _ in range(500):
            if game.outcome is not None:
                break
            draws = game.phase is Phase.OPENING or (
                game.phase is Phase.DRAW and chance.index(10) > 0
            )
            _random_step(game, chance, draws=draws)
        assert game.outcome is not None
        assert set(game.outcome.winners) | set(game.outcome.losers) == set(game.seats)


def _random_step(game: MemoryStacking, chance: Chance, *, draws: bool) -> None:
    """One step of a random game: a draw if ``draws``, else the die for a crocodile, else a
    legal action chosen by ``chance``."""
    if draws:
        game.draw_random(chance)
    elif game.phase is Phase.ROLL:
        game.roll_random(chance)
    else:
        actions = game.legal_actions()
        game.push(actions[chance.index(len(actions))])


def _played(seed: int, fall_in: Phase | None = None) -> list[MemoryStacking]:
    """Every state of one seeded random game (the tower falls in phase ``fall_in`` if given)."""
    game = MemoryStacking.new(CATALOGUE, seat_names(2 + seed % 3))
    chance = Chance(seed)
    states = []
    while game.outcome is None:
        states.append(copy.deepcopy(game))
        if game.phase is fall_in:
            game.push(TowerFell())
        else:
            draws = game.phase in (Phase.OPENING, Phase.DRAW) and chance.index(9) != 0
            _random_step(game, chance, draws=draws)
    return [*states, game]


@pytest.mark.parametrize("fall_in", [None, Phase.DRAW, Phase.PLACE, Phase.ROLL, Phase.REMOVE])
def test_json_loads_every_state_play_reaches(fall_in: Phase | None) -> None:
    """Including a tower that fell while a crocodile was rolled for or taking an animal out
    (the crocodile stays in hand, the roll stays set)."""
    ended = 0
    for seed in range(12):
        states = _played(seed, fall_in)
        for game in states:
            data = json.loads(game.dumps())
            assert MemoryStacking.from_json(data, CATALOGUE).to_json() == data
        ended += fall_in is None or states[-1].outcome.reason == "tower fell"  # type: ignore[union-attr]
    assert ended == 12 or fall_in in (Phase.ROLL, Phase.REMOVE)
    assert ended > 0


def _over(**change: object) -> dict[str, object]:
    game = opened()  # red, blue, yellow; blue on turn; lion, dog, turtle in template order
    game.push(CallStop())
    data = game.to_json()
    outcome = dict(data["outcome"])  # type: ignore[call-overload]
    outcome.update(change)
    data["outcome"] = outcome
    return data


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (_over(winners=["red", "purple"]), "do not follow"),
        (_over(caller="purple"), "called by 'purple', not by blue"),
        (_over(caller="red"), "not by blue"),
        (_over(reason="stop stacking: wrong order"), "revealed tower is in template order"),
        (_over(winners=["blue"], losers=["red", "yellow"]), "do not follow"),
        (_over(revealed=["dog", "lion", "turtle"]), "revealed tower is not the tower"),
        (_over(reason="a draw"), "allowed: stop stacking"),
        (_over(reason="tower finished", caller=None), "not finished"),
        ({**opened().to_json(), "turns": -1}, "turns: -1; allowed: a whole number, 0 or more"),
        ({**opened().to_json(), "drawn": -2}, "drawn: -2"),
        ({**opened().to_json(), "crocodiles": -1}, "crocodiles: -1"),
        ({**opened().to_json(), "turns": True}, "turns: True"),
        ({**opened().to_json(), "turn": 1.0}, "turn: 1.0"),
        ({**opened().to_json(), "seats": [1, 2]}, "seats: \\[1, 2\\]; allowed: a list of names"),
        ({**opened().to_json(), "colour": "red"}, "'colour': unknown key"),
        ({**opened().to_json(), "turns": 2}, "blue on turn after 2 turns; red should be"),
        ({**MemoryStacking.new(CATALOGUE, seat_names(3)).to_json(), "turn": 1},
         "the opening is drawn by the first seat \\(red\\), not blue"),
    ],
)
def test_json_refuses_outcomes_and_counts_play_cannot_give(
    data: dict[str, object], message: str
) -> None:
    kept = copy.deepcopy(data)
    with pytest.raises(IllegalMove, match=message) as error:
        MemoryStacking.from_json(data, CATALOGUE)
    assert "\n" not in str(error.value) and data == kept


def test_json_refuses_a_tower_lower_than_the_crocodiles_could_make_it() -> None:
    data = opened().to_json()  # lion, dog, turtle; nothing stacked, no crocodile played
    data["tower"] = ["lion", "dog"]
    data["pouch"].append("turtle")  # type: ignore[attr-defined]
    with pytest.raises(IllegalMove, match="a tower of 2 after 0 animals stacked and 0 crocodiles"):
        MemoryStacking.from_json(data, CATALOGUE)


def test_json_refuses_an_opening_with_a_crocodile_out() -> None:
    data = MemoryStacking.new(CATALOGUE, seat_names(2)).to_json()
    data["pouch"].remove("crocodile1")  # type: ignore[attr-defined]
    data["out"], data["crocodiles"] = ["crocodile1"], 1
    with pytest.raises(IllegalMove, match=r"crocodiles played .* during the opening"):
        MemoryStacking.from_json(data, CATALOGUE)


@pytest.mark.parametrize("bad", [1.5, True, "1", None])
def test_insert_and_roll_refuse_what_is_not_a_whole_number(bad: object) -> None:
    game = opened()
    game.push(Draw("cat"))
    before = game.to_json()
    allowed = r"Insert.at: .*; allowed: a whole number \(0, the bottom, to 3, the top\)"
    with pytest.raises(IllegalMove, match=allowed):
        game.push(Insert(bad))  # type: ignore[arg-type]
    assert game.to_json() == before
    game.push(Insert(0))
    game.push(Draw("crocodile2"))
    before = game.to_json()
    with pytest.raises(IllegalMove, match=r"Roll.value: .*; allowed: a whole number \(1 to 6\)"):
        game.push(Roll(bad))  # type: ignore[arg-type]
    assert game.to_json() == before
