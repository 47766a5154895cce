"""Fuzz the rule engines and the physics: seeded random games with invariants after every action.

Part 1, turn-based engines: ``--games`` (default 10,000) seeded games per engine, each played
by a policy that *finishes* games (so the end of a game is fuzzed too, not only its opening),
with the engine's invariants checked after every action: the JSON round trip gives an equal
state, undo (pop) restores the exact state before the action and redo is legal again, the
legal actions are legal, and the engine's own rules (for Stonewall: every square reachable from
every square, every player's path to the goal open, 60 walls in all, stocks never negative).

Part 2, physics: ``--physics`` (default 200) headless games of each physics game in the
registry (Free play's scripted scene, Wallamoppi's computer seats...) with random seeds (and
random flings in Free play), up to ``--frames`` frames each, checking after every frame that
every body is finite and inside the world's bounds.

Engines are a small table (:data:`ENGINES`) of :class:`Engine` adapters: a new turn-based game
plugs in with its ``new``/``policy``/``check`` functions (a few lines, see
:func:`stonewall_engine`; :func:`rules_engine` fills in the methods the rules states share).
Run ``python scripts/fuzz_engines.py`` (progress on stderr; minutes on two cores) or
``--games 200 --physics 10`` for a quick look. Exit code 1 if anything broke, with the seed to
replay it.

The long versions of the test suite's own fuzz tests, with the tests' own checks, are
``scripts/fuzz_stonewall.py``, ``fuzz_malloppo.py`` and ``fuzz_whacky.py``: they use
:func:`fuzz_seeds` and this table's rows (:func:`print_row`, :func:`print_failures`).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tqdm import tqdm

from games.core.rng import Chance

MAX_ACTIONS = 5000


@dataclass(frozen=True)
class Engine:
    """How the fuzzer drives one turn-based rule engine."""

    name: str
    new: Callable[[int], Any]  # seed -> a fresh state
    is_over: Callable[[Any], bool]
    # One action by the finishing policy: (state, rng, chance) -> the action pushed.
    policy: Callable[[Any, random.Random, Chance], Any]
    check: Callable[[Any], None]  # the engine's own invariants (raise AssertionError)
    to_json: Callable[[Any], Any]
    from_json: Callable[[Any], Any]
    push: Callable[[Any, Any], None]
    pop: Callable[[Any], Any]
    chance: Callable[[Any], bool] = lambda state: False  # a chance node: the policy rolls
    max_actions: int = MAX_ACTIONS  # a game longer than this counts as not finished


def rules_engine(
    name: str,
    new: Callable[[int], Any],
    from_json: Callable[[Any], Any],
    policy: Callable[[Any, random.Random, Chance], Any],
    check: Callable[[Any], None],
    max_actions: int = MAX_ACTIONS,
) -> Engine:
    """The :class:`Engine` of a rules ``State`` with the methods the dice and wall games share
    (``is_over``, ``to_json``, ``push``, ``pop``, ``is_chance``)."""
    return Engine(
        name=name,
        new=new,
        is_over=lambda state: state.is_over(),
        policy=policy,
        check=check,
        to_json=lambda state: state.to_json(),
        from_json=from_json,
        push=lambda state, action: state.push(action),
        pop=lambda state: state.pop(),
        chance=lambda state: state.is_chance(),
        max_actions=max_actions,
    )


@dataclass
class Tally:
    games: int = 0
    finished: int = 0
    actions: int = 0
    failures: list[str] = field(default_factory=list)
    seconds: float = 0.0


def fuzz_engine(engine: Engine, games: int, seed0: int, progress: bool) -> Tally:
    return fuzz_seeds(
        engine.name, range(seed0, seed0 + games), lambda seed: play_checked(engine, seed), progress
    )


def fuzz_seeds(
    name: str, seeds: range, play: Callable[[int], tuple[int, bool]], progress: bool
) -> Tally:
    """``play(seed)`` (the actions played, whether the game ended) for every seed, a progress
    bar on stderr if ``progress``; a broken invariant or a crash is noted with its seed."""
    tally = Tally()
    started = time.perf_counter()
    bar = tqdm(total=len(seeds), desc=name, unit="game", file=sys.stderr, disable=not progress)
    for seed in seeds:
        try:
            actions, finished = play(seed)
        except Exception as error:  # a broken invariant or a crash: note the seed, go on
            tally.failures.append(f"{name} seed {seed}: {type(error).__name__}: {error}")
            actions, finished = 0, False
        tally.games += 1
        tally.actions += actions
        tally.finished += finished
        bar.update(1)
    bar.close()
    tally.seconds = time.perf_counter() - started
    return tally


HEADER = ("engine", "games", "finished", "actions", "failures", "seconds")


def print_header(first: str = HEADER[0]) -> None:
    print(f"{first:<12} " + " ".join(f"{h:>9}" for h in HEADER[1:]), flush=True)


def print_row(name: str, tally: Tally) -> None:
    """One line of the table, as soon as its games are done."""
    print(
        f"{name:<12} {tally.games:>9} {tally.finished:>9} {tally.actions:>9} "
        f"{len(tally.failures):>9} {tally.seconds:>9.1f}",
        flush=True,
    )


def print_failures(tallies: list[Tally], shown: int = 20) -> int:
    """The first ``shown`` failures, each with its seed; the exit code (1 if any failed)."""
    failures = [failure for tally in tallies for failure in tally.failures]
    for failure in failures[:shown]:
        print(failure)
    if len(failures) > shown:
        print(f"... and {len(failures) - shown} more")
    return 1 if failures else 0


def play_checked(engine: Engine, seed: int) -> tuple[int, bool]:
    """One game: the policy plays until the end; the invariants hold after every action."""
    rng, chance = random.Random(seed), Chance(seed)
    state = engine.new(seed)
    for count in range(1, engine.max_actions + 1):
        if engine.is_over(state):
            return count - 1, True
        before = json.dumps(engine.to_json(state), sort_keys=True)
        action = engine.policy(state, rng, chance)
        after = engine.to_json(state)
        if not engine.chance(state) and rng.random() < 0.2:  # undo and redo
            assert engine.pop(state) == action, "pop returned another action"
            assert json.dumps(engine.to_json(state), sort_keys=True) == before, "pop differs"
            engine.push(state, action)
            assert engine.to_json(state) == after, "redo differs"
        again = engine.from_json(json.loads(json.dumps(after)))
        assert engine.to_json(again) == after, "the JSON round trip changed the state"
        engine.check(state)
    return engine.max_actions, engine.is_over(state)


# --------------------------------------------------------------------------------------------
# Stonewall


def stonewall_engine() -> Engine:
    from games.stonewall.bots import GreedyBot
    from games.stonewall.rules import (
        WALL_COUNT,
        ChangeWall,
        Pass,
        Phase,
        PlaceWall,
        State,
    )

    greedy = GreedyBot()

    def policy(state: State, rng: random.Random, chance: Chance) -> Any:
        if state.is_chance():
            return state.roll_with(chance)
        if state.phase is Phase.MOVE:
            # Mostly the greedy racer (games end), sometimes any legal move (odd paths).
            options = state.legal_actions()
            action = rng.choice(options) if rng.random() < 0.25 else greedy.choose_move(state)
        elif state.phase is Phase.WALL:
            walls = state.legal_wall_placements() if rng.random() < 0.4 else []
            action = PlaceWall(rng.choice(walls)) if walls else Pass()
        else:
            old = rng.choice(state.placed)
            moves = [w for w in state.legal_wall_placements([old.length], ignore=old) if w != old]
            action = ChangeWall(old, rng.choice(moves) if moves and rng.random() < 0.5 else None)
        state.push(action)
        return action

    def check(state: State) -> None:
        assert state.strongly_connected(), "a square is cut off"
        for player in range(state.players):
            assert state._cut_leg(player) is None, f"{state.name(player)} has no path"
        assert state.wall_total() == WALL_COUNT, "walls appeared or vanished"
        assert all(count >= 0 for stock in state.stocks for count in stock), "negative stock"
        assert state.is_over() == (state.winner is not None), "over without a winner"

    return rules_engine("stonewall", lambda seed: State(2 + seed % 3), State.from_json, policy,
                        check)


# --------------------------------------------------------------------------------------------
# Dammi il malloppo and Whacky Wit: their random policies and invariants are the ones the test
# suite's fuzz uses (games/malloppo/fuzz.py, games/whacky/fuzz.py); random play ends their games.


def malloppo_engine() -> Engine:
    from games.malloppo.fuzz import check_invariants, random_turn
    from games.malloppo.rules import State

    def policy(state: State, rng: random.Random, chance: Chance) -> Any:
        if state.is_chance():
            return state.roll_with(chance)
        action = random_turn(state, rng)
        state.push(action)
        return action

    return rules_engine(
        "malloppo", lambda seed: State(2 + seed % 3), State.from_json, policy, check_invariants
    )


def whacky_engine() -> Engine:
    from games.whacky.fuzz import check_step, random_step
    from games.whacky.rules import State

    # The game last checked and a copy of it then: dots and lives only ever go down. (The game
    # itself is kept, not its id: a new game may get the id of the last one.)
    last: list[State] = []

    def check(state: State) -> None:
        check_step(last[1] if last and last[0] is state else None, state)
        last[:] = [state, state.copy()]

    return rules_engine(
        "whacky",
        # Every other game with the accident rules (a 1-in-6 chance per dot a monster passes).
        lambda seed: State(accidents=6 if seed % 2 else 0),
        State.from_json,
        random_step,
        check,
        max_actions=20_000,
    )


# The engines fuzzed: a new turn-based game adds one line here and one adapter function.
ENGINES: dict[str, Callable[[], Engine]] = {
    "stonewall": stonewall_engine,
    "malloppo": malloppo_engine,
    "whacky": whacky_engine,
}


# --------------------------------------------------------------------------------------------
# Physics


def fuzz_physics(game: str, runs: int, seed0: int, frames: int, progress: bool) -> Tally:
    """Headless runs of ``game`` with random seeds and a random fling now and then: every body
    finite and inside the world's bounds after every frame."""
    from games.core import registry
    from games.core.protocol import InputEvent, InputRefused
    from games.runs.headless import new_session, seats_for
    from physics.config import load_config

    spec = registry.load(game)
    config = load_config().config
    tally = Tally()
    started = time.perf_counter()
    bar = tqdm(total=runs, desc=game, unit="game", file=sys.stderr, disable=not progress)
    for seed in range(seed0, seed0 + runs):
        rng = random.Random(seed)
        session = new_session(spec, config, seed, seats_for(spec, None), spec.headless_options)
        world = session.world
        assert world is not None
        try:
            for _ in range(frames):
                if session.outcome is not None:
                    tally.finished += 1
                    break
                if game == "freeplay" and rng.random() < 0.01:
                    fling(session, rng, InputEvent, InputRefused)
                session.tick()
                tally.actions += 1
                problem = out_of_bounds(world)
                if problem:
                    raise AssertionError(f"frame {session.frame}: {problem}")
        except Exception as error:
            tally.failures.append(f"{game} seed {seed}: {type(error).__name__}: {error}")
        tally.games += 1
        bar.update(1)
    bar.close()
    tally.seconds = time.perf_counter() - started
    return tally


def fling(session: Any, rng: random.Random, event: Any, refused: Any) -> None:
    """Grab a random piece and throw it hard in a random direction (a careless flick)."""
    world = session.world
    pieces = [p for p in world.dynamic_pieces() if p.kind != "hand"]
    if not pieces or session.hand.held is not None:
        return
    piece = rng.choice(pieces)
    x, y = piece.body.position
    speed = rng.uniform(1_000.0, 100_000.0)
    angle = rng.uniform(0.0, math.tau)
    try:
        session.handle(event(session.frame, "grab", x, y))
        target = (x + math.cos(angle) * speed, y + math.sin(angle) * speed)
        session.handle(event(session.frame, "release", *target))
    except refused:
        pass


def out_of_bounds(world: Any) -> str:
    left, bottom, right, top = world.bounds()
    for piece in world.dynamic_pieces():
        x, y = piece.body.position
        vx, vy = piece.body.velocity
        if not all(math.isfinite(v) for v in (x, y, vx, vy, piece.body.angle)):
            return f"{piece.name} is not finite"
        if not (left <= x <= right and bottom <= y <= top):
            return f"{piece.name} is outside the world at ({x:.0f}, {y:.0f})"
    return ""


# --------------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000, help="games per turn-based engine")
    parser.add_argument("--physics", type=int, default=200, help="headless games per physics game")
    parser.add_argument("--frames", type=int, default=3000, help="frames per physics game at most")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--engine", action="append", help="only these engines (repeatable)")
    args = parser.parse_args(argv)
    progress = sys.stderr.isatty()
    tallies: list[Tally] = []

    def report(name: str, tally: Tally) -> None:  # each row as soon as it is done
        tallies.append(tally)
        print_row(name, tally)

    print_header()
    for name, make in ENGINES.items():
        if args.engine and name not in args.engine:
            continue
        report(name, fuzz_engine(make(), args.games, args.seed, progress))
    if args.physics > 0:
        from games.core import registry

        for game in [g for g in registry.available() if registry.load(g).physics]:
            if args.engine and game not in args.engine:
                continue
            report(game, fuzz_physics(game, args.physics, args.seed, args.frames, progress))
    return print_failures(tallies)


if __name__ == "__main__":
    sys.exit(main())
