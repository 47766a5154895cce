"""What the dice games' tests share (Stonewall, Dammi il malloppo, Whacky Wit): playing a
rules state on with seeded dice, each other decision taken by a policy the test gives (a
random legal action, a computer player); a new session of a game, with its seats and options;
a game's shipped board file with one mistake written in.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol, TypeVar

from games.core.protocol import SeatKind, Session, SessionSetup
from games.core.registry import load
from games.core.rng import Chance
from physics.config import load_config


class Playable(Protocol):
    """A dice engine's state, as far as playing it on goes."""

    def is_over(self) -> bool: ...

    def is_chance(self) -> bool: ...

    def roll_with(self, chance: Any) -> Any: ...

    def push(self, action: Any) -> None: ...


StateT = TypeVar("StateT", bound=Playable)
SessionT = TypeVar("SessionT", bound=Session)


def play_on(state: StateT, chance: Chance, choose: Callable[[StateT], Any], most: int) -> StateT:
    """``state`` played on to its end or for ``most`` actions at the most: each chance node
    rolled with ``chance``, each other node the action ``choose(state)`` picks."""
    for _ in range(most):
        if state.is_over():
            break
        if state.is_chance():
            state.roll_with(chance)
        else:
            state.push(choose(state))
    return state


def new_session(game_id: str, kind: type[SessionT], seats: tuple[SeatKind, ...], seed: int = 0,
                **options: object) -> SessionT:
    """A new ``game_id`` session (the shipped config), which must be a ``kind``."""
    setup = SessionSetup(load_config(None).config, seed=seed, seats=seats, options=options)
    session = load(game_id).new_session(setup)
    assert isinstance(session, kind)
    return session


def board_variant(shipped: Path, folder: Path, old: str, new: str) -> Path:
    """``folder/board.toml``: the ``shipped`` board file with its first ``old`` (which must be
    there) replaced by ``new``."""
    text = shipped.read_text(encoding="utf-8")
    assert old in text, old
    path = folder / "board.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def read_lazily_and_push(state: Any, rng: random.Random) -> None:
    """Check a listing that makes its actions when asked (games.turnkit.engine.LazyListing)
    and play on: some of its places read by index in a random order (the rest are made when
    it is gone over), from the end and in order, each read gives the one object made for its
    place; it equals a fresh state's listing from the same JSON; after a caller's sort (now
    and then) the action pushed is the listed object itself."""
    legal = state.legal_actions()
    order = list(range(len(legal)))
    rng.shuffle(order)
    order = order[:rng.randint(1, len(order))]
    picked = [legal[i] for i in order]
    assert all(legal[i] is action for i, action in zip(order, picked, strict=True))
    assert all(legal[i - len(legal)] is legal[i] for i in order)
    whole = list(legal)
    assert whole == list(type(state).from_json(state.to_json()).legal_actions())
    assert all(whole[i] is action for i, action in zip(order, picked, strict=True))
    assert all(a is b for a, b in zip(legal, [legal[i] for i in range(len(legal))], strict=True))
    if rng.random() < 0.3:
        legal.sort(key=str)  # a caller's sort: the actions are still the listed ones
    action = rng.choice(legal)
    state.push(action)
    assert state.history[-1][0] is action
