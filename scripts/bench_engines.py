"""Benchmark: random play of every dice engine, in actions per CPU second, against a bare loop.

Each engine (Stonewall with 4 players, Dammi il malloppo with 4, Whacky Wit) plays seeded
random games: a chance node is rolled (``State.roll_with``), any other node lists its FULL
legal actions (``State.legal_actions``) and pushes one chosen uniformly. Every action pushed,
chance or choice, counts one. Two paths are timed:

* ``play``: list, choose, push, to the end of each game;
* ``undo``: the same, and at every choice node also push and pop one other random legal action
  first (the apply/undo path a search walks); counted are the actions of the game itself.

Beside them, in the same process, a bare random tic-tac-toe loop in plain Python (a list of
nine cells, legal moves listed, one chosen uniformly, the eight lines checked) gives the
baseline: the issue's bar is an engine at least 1/16 of that loop (the loop runs about 16x
OpenSpiel's pure-Python tic-tac-toe). CPU time is ``time.process_time``; every figure is
best of ``--repeats`` runs of about ``--seconds`` each, and the ratio to the baseline is the
figure that travels between machines.

When OpenSpiel is installed (``pip install open_spiel``: a heavy optional measurement, not a
dependency of the project; a wheel exists for Linux x86_64 CPython), the reference the issue
names is measured in the same run too: OpenSpiel's pure-Python tic-tac-toe
(``pyspiel.load_game("python_tic_tac_toe")``) and liar's poker (``python_liars_poker``),
played the same way (chance outcomes sampled by their probabilities, one legal action chosen
uniformly), and every row also prints its ratio to OpenSpiel's Python tic-tac-toe (the bare
loop's ratio to it says how far the 1/16 bar is from "as fast as OpenSpiel's Python games").

Then Stonewall's full legal listing (``State.legal_actions``) in the wall and change phases is
timed on positions from random games, in ms (the bar: at most 0.2 ms): in play (the layout of
walls kept as they went down) and cold (caches emptied, untimed; the layout worked out from the
placed walls), beside the listing the engine had before (``scripts/stonewall_reference.py``);
every listing is checked to equal that one, and to be listed again the same after one of its
actions is pushed and popped. The Change-a-Wall listing alone (every placed wall removed or
moved, the longest listing) is timed on ``--changes`` Change-a-Wall positions as random games
reach them: its first listing in play (the layout as play left it) and one of its actions
picked, what random play pays (the listing makes each action when asked for, as Malloppo's
does); the same listing with every action made (what a search going over them all pays);
listed again; and cold with every action made; beside the reference and checked equal to it
after the timed play. Malloppo's full
listing is checked the same way on ``--checks`` positions (the same turns, order and witness
paths as the listing it had before, ``scripts/malloppo_reference.py``) and timed beside it,
and Whacky Wit's (the moves its previous searches give, run afresh:
``scripts/whacky_reference.py``).

    python scripts/bench_engines.py [--seconds 2] [--repeats 3] [--games stonewall,malloppo]
                                    [--positions 200] [--changes 200] [--checks 3000]
                                    [--no-open-spiel] [--reference-between]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.core.rng import Chance

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def tic_tac_toe_loop(seconds: float, seed: int) -> float:
    """Random tic-tac-toe games in plain Python: actions per CPU second."""
    rng = random.Random(seed)
    choice = rng.choice
    actions = 0
    started = time.process_time()
    deadline = started + seconds
    while time.process_time() < deadline:
        for _ in range(200):
            board = [0] * 9
            player = 1
            while True:
                legal = [i for i in range(9) if board[i] == 0]
                if not legal:
                    break
                board[choice(legal)] = player
                actions += 1
                if any(board[a] == board[b] == board[c] == player for a, b, c in LINES):
                    break
                player = 3 - player
    return actions / (time.process_time() - started)


def open_spiel_rate(game_name: str, seconds: float, seed: int) -> float:
    """Random games of one of OpenSpiel's pure-Python games: actions per CPU second (each
    chance outcome sampled by its probability and each choice uniform, all counted)."""
    import pyspiel
    from open_spiel.python import games as _registers_python_games  # noqa: F401

    game = pyspiel.load_game(game_name)
    rng = random.Random(seed)
    choice, choices = rng.choice, rng.choices
    actions = 0
    started = time.process_time()
    deadline = started + seconds
    while time.process_time() < deadline:
        for _ in range(50):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(choices(outcomes, weights)[0])
                else:
                    state.apply_action(choice(state.legal_actions()))
                actions += 1
    return actions / (time.process_time() - started)


def has_open_spiel() -> bool:
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return False
    return True


def new_state(game: str) -> Any:
    if game == "stonewall":
        from games.stonewall.rules import State as Stonewall

        return Stonewall(4)
    if game == "malloppo":
        from games.malloppo.rules import State as Malloppo

        return Malloppo(4)
    from games.whacky.rules import State as Whacky

    return Whacky()


def play_one(state: Any, rng: random.Random, chance: Chance, undo: bool, cap: int) -> int:
    """One random game (at most ``cap`` actions); the number of actions pushed."""
    choice = rng.choice
    actions = 0
    while not state.is_over() and actions < cap:
        if state.is_chance():
            state.roll_with(chance)
        else:
            legal = state.legal_actions()
            if undo:
                state.push(choice(legal))
                state.pop()
            state.push(choice(legal))
        actions += 1
    return actions


def warm_malloppo_walks() -> None:
    """Work out Malloppo's walk index for the whole board (every start square and roll): a
    table of the board alone, like Stonewall's geometry, built once per process (about half a
    second) and then only read; the timed runs should not pay it in their first games."""
    from games.malloppo.basics import DIE_SIDES, default_board
    from games.malloppo.walks import walk_index

    board = default_board()
    index = walk_index(board)
    for start in range(board.size * board.size):
        for steps in range(1, DIE_SIDES + 1):
            index.destinations(start, steps)


def warm_stonewall_tables() -> None:
    """Build Stonewall's per-board tables of the all-walls Change-a-Wall check
    (``games.stonewall.joins``: a table of the board alone, like its geometry, about 2 ms once
    per process); the first Change-a-Wall listing timed should not pay it. (An older engine
    has none.)"""
    from games.stonewall.geometry import geometry
    from games.stonewall.rules import default_board
    from games.stonewall.walls import empty_layout

    try:
        from games.stonewall.joins import tables
    except ImportError:
        return
    geo = geometry(default_board())
    tables(geo, geo.all_mask & ~empty_layout(geo).legal)


def forget_caches() -> None:
    """Empty Stonewall's caches of wall layouts, refusal witnesses and Change-a-Wall actions (and
    each wall's run of them) and Malloppo's moves kept per position (kept per board for the
    whole process), so each timed run starts as a fresh process would."""
    from games.stonewall import walls
    from games.stonewall.geometry import geometry
    from games.stonewall.rules import default_board

    geo = geometry(default_board())
    # (an older engine, timed for comparison, has no caches or keeps its layouts on the geometry)
    layouts = walls.layout_cache(geo) if hasattr(walls, "layout_cache") else geo
    for cache in (getattr(layouts, "layouts", {}), getattr(geo, "witnesses", {}),
                  getattr(layouts, "changes", {}), getattr(layouts, "runs", {})):
        cache.clear()
    if hasattr(layouts, "last_escapes"):
        layouts.last_escapes = None
    if hasattr(layouts, "last_joins"):  # the Joins the next are derived from
        layouts.last_joins = None
    from games.malloppo.basics import default_board as malloppo_board
    from games.malloppo.walks import walk_index

    index = walk_index(malloppo_board())  # the moves it keeps per position (not its walks)
    if hasattr(index, "forget"):
        index.forget()


def engine_rate(game: str, seconds: float, seed: int, undo: bool) -> tuple[float, int]:
    """Actions per CPU second of random games (caches emptied first), and the games played."""
    forget_caches()
    rng, chance = random.Random(seed), Chance(seed)
    actions = games = 0
    started = time.process_time()
    deadline = started + seconds
    while time.process_time() < deadline:
        state = new_state(game)
        actions += play_one(state, rng, chance, undo, cap=5000)
        games += 1
    return actions / (time.process_time() - started), games


def best(func: Callable[[int], float], repeats: int) -> float:
    """The best of ``repeats`` runs, each with its own seed (so no run replays another's
    games from a warm cache)."""
    return max(func(seed) for seed in range(1, repeats + 1))


def fastest_ms(func: Callable[[], object], repeats: int,
               prepare: Callable[[], object] = lambda: None) -> float:
    """The least CPU ms of ``repeats`` calls of ``func``, each after an untimed ``prepare``."""
    times = []
    for _ in range(repeats):
        prepare()
        started = time.process_time()
        func()
        times.append((time.process_time() - started) * 1000)
    return min(times)


def stonewall_listing(positions: int, repeats: int) -> int:
    """Stonewall's full wall-phase listing on mid-game positions, against the reference."""
    from scripts.stonewall_reference import reference_wall_listing, stonewall_positions

    in_play_ms: list[float] = []
    cold_ms: list[float] = []
    reference_ms: list[float] = []
    rng = random.Random(positions)
    for state in stonewall_positions(positions, seed=1):
        listing = state.legal_actions()
        if listing != reference_wall_listing(state):
            print("Stonewall: the listing differs from the reference", file=sys.stderr)
            return 1
        state.push(rng.choice(listing))  # and again after an undo (snapshots, kept listing)
        state.pop()
        if state.legal_actions() != listing:
            print("Stonewall: the listing after a push and a pop differs", file=sys.stderr)
            return 1

        def forget(state: Any = state) -> None:
            forget_caches()
            state._layout = None  # worked out again from the placed walls (not timed)

        in_play_ms.append(fastest_ms(state.legal_actions, repeats))
        cold_ms.append(fastest_ms(state.legal_actions, repeats, forget))
        reference_ms.append(fastest_ms(partial(reference_wall_listing, state), repeats))
    print(f"Stonewall full listing in the wall and change phases, {positions} positions from "
          f"random games (the same actions as the reference on every one, and again after a push "
          f"and a pop), median ms:")
    against_the_reference(reference_ms, (
        ("in play (the layout kept as walls go down)  ", in_play_ms),
        ("cold (the layout built from the placed walls)", cold_ms)))
    return 0


def against_the_reference(
    reference_ms: list[float], rows: tuple[tuple[str, list[float]], ...]
) -> None:
    """Print the reference's listing times (ms), then each row's median and worst, how many
    times faster than the reference and whether it meets the issue's 0.2 ms bar."""
    med = statistics.median
    print(f"  the previous engine's listing (scripts/stonewall_reference.py)  "
          f"{med(reference_ms):8.3f}  (max {max(reference_ms):.3f})")
    for label, times in rows:
        verdict = "meets" if med(times) <= 0.2 else "MISSES"
        print(f"  {label}                  {med(times):8.3f}  (max {max(times):.3f}, "
              f"{med(reference_ms) / med(times):.0f}x faster; {verdict} the 0.2 ms bar)")


def stonewall_change_listing(positions: int, repeats: int, reference_between: bool = False) -> int:
    """Stonewall's Change-a-Wall listing alone (every placed wall removed or moved: the
    longest of its listings), on Change-a-Wall positions as random games reach them, against
    the reference (checked equal on every one, after the timed play: the reference's 20 ms a
    position in between would leave the CPU's caches as play never does; ``reference_between``
    runs it there all the same, as this script did before, for comparison)."""
    from games.stonewall.rules import State
    from scripts.stonewall_reference import change_positions, reference_wall_listing

    first_ms: list[float] = []
    again_ms: list[float] = []
    saved: list[tuple[dict[str, Any], list[Any]]] = []  # each position, its actions all made
    forget_caches()
    pick = random.Random(positions)
    for state in change_positions(positions, seed=2):
        started = time.process_time()  # the first listing, the layout as play left it, and
        listing = state.legal_actions()  # one of its actions picked, as random play does
        listing[pick.randrange(len(listing))]
        first_ms.append((time.process_time() - started) * 1000)
        again_ms.append(fastest_ms(state.legal_actions, repeats))  # kept with the layout
        saved.append((state.to_json(), list(listing)))
        if reference_between:
            reference_wall_listing(state)
    whole_ms: list[float] = []
    forget_caches()
    for state in change_positions(positions, seed=2):  # the same games again (the same seed)
        started = time.process_time()  # the first listing with every action made
        list(state.legal_actions())
        whole_ms.append((time.process_time() - started) * 1000)
        if reference_between:
            reference_wall_listing(state)
    reference_ms: list[float] = []
    walls = actions = 0
    for data, listing in saved:
        state = State.from_json(data)
        started = time.process_time()
        reference = reference_wall_listing(state)
        reference_ms.append((time.process_time() - started) * 1000)
        if listing != reference:
            print("Stonewall: the Change-a-Wall listing differs from the reference",
                  file=sys.stderr)
            return 1
        walls += len(state.placed)
        actions += len(listing)
    cold_ms: list[float] = []
    for data, _ in saved:  # cold: a state loaded in a fresh process (caches emptied, untimed)
        loaded: list[State] = []

        def load(data: dict[str, Any] = data, loaded: list[State] = loaded) -> None:
            loaded[:] = [State.from_json(data)]
            forget_caches()
            loaded[0]._layout = None

        def list_all(loaded: list[State] = loaded) -> list[Any]:
            return list(loaded[0].legal_actions())

        cold_ms.append(fastest_ms(list_all, repeats, load))
    print(f"Stonewall Change-a-Wall listing alone, {positions} positions of random games as play "
          f"reaches them (mean {walls / positions:.1f} walls placed, {actions / positions:.0f} "
          f"actions; the same actions as the reference on every one), median ms:")
    against_the_reference(reference_ms, (
        ("in play, first, one action picked (random)  ", first_ms),
        ("in play, first, every action made (search)  ", whole_ms),
        ("in play, again (kept with the layout)       ", again_ms),
        ("cold, every action made (from the walls)    ", cold_ms)))
    return 0


def malloppo_listing(positions: int) -> int:
    """Malloppo's full listing on positions from random games, against the reference (the
    engine's listing before the walk index, ``scripts/malloppo_reference.py``): the same turns
    in the same order with the same witness paths on every one, and both timed."""
    from scripts.malloppo_reference import malloppo_positions, reference_turns, same_listing

    listing_us: list[float] = []
    reference_us: list[float] = []
    for count, state in enumerate(malloppo_positions(positions, seed=1)):
        if count == positions:
            break
        if not same_listing(state):
            print(f"Malloppo: position {count}: the listing differs from the reference",
                  file=sys.stderr)
            return 1
        for sink, func in ((listing_us, state.legal_actions),
                           (reference_us, partial(reference_turns, state))):
            started = time.process_time()
            func()
            sink.append((time.process_time() - started) * 1e6)
    med = statistics.median
    print(f"Malloppo full listing, {len(listing_us)} positions from random games (the same turns, "
          f"order and witness paths as the reference on every one), median us: "
          f"{med(listing_us):.0f} (reference, scripts/malloppo_reference.py: "
          f"{med(reference_us):.0f}; {med(reference_us) / med(listing_us):.1f}x)")
    return 0


def whacky_listing(positions: int) -> int:
    """Whacky Wit's listing (the roll's search remembered) on positions from random games,
    against the searches it had before its steps were precomputed, run afresh
    (``scripts/whacky_reference.py``)."""
    from scripts.whacky_reference import same_listing, whacky_positions

    checked = 0
    for checked, state in enumerate(whacky_positions(positions, seed=1)):
        if checked == positions:
            break
        if not same_listing(state):
            print(f"Whacky Wit: position {checked}: the listing differs from the reference",
                  file=sys.stderr)
            return 1
    print(f"Whacky Wit listing, {checked} positions from random games: the same moves, order "
          f"and witness paths as the previous searches run afresh on every one")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--games", default="stonewall,malloppo,whacky")
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--changes", type=int, default=200,
                        help="Stonewall Change-a-Wall positions whose listing is timed alone")
    parser.add_argument("--reference-between", action="store_true",
                        help="run the reference Change-a-Wall listing between the timed ones, "
                             "in both timed passes (as this script did before: its 20 ms leave "
                             "the CPU's caches cold)")
    parser.add_argument("--checks", type=int, default=3000,
                        help="positions whose Malloppo and Whacky listings are checked")
    parser.add_argument("--no-open-spiel", action="store_true",
                        help="skip the OpenSpiel rows even when pyspiel is installed")
    args = parser.parse_args()
    games = [g for g in args.games.split(",") if g]
    for game in games:  # warm the board caches before timing
        play_one(new_state(game), random.Random(0), Chance(0), False, cap=50)
    if "malloppo" in games:
        warm_malloppo_walks()
    if "stonewall" in games:
        warm_stonewall_tables()
    baseline = best(lambda seed: tic_tac_toe_loop(args.seconds, seed), args.repeats)
    engines: list[tuple[str, float]] = []
    for game in games:
        for undo in (False, True):
            def timed(seed: int, game: str = game, undo: bool = undo) -> float:
                return engine_rate(game, args.seconds, seed, undo)[0]

            rate = best(timed, args.repeats)
            engines.append((f"{game} {'play+undo' if undo else 'play'}", rate))
    # OpenSpiel last: importing it (numpy, scipy, ...) grows the heap every garbage collection
    # walks, which would slow the engines timed after it
    spiel: dict[str, float] = {}
    if has_open_spiel() and not args.no_open_spiel:
        for name in ("python_tic_tac_toe", "python_liars_poker"):
            spiel[name] = best(partial(open_spiel_rate, name, args.seconds), args.repeats)
    spiel_ttt = spiel.get("python_tic_tac_toe")

    def row(label: str, rate: float, verdict: str = "") -> None:
        versus = f" {rate / spiel_ttt:>9.2f}" if spiel_ttt else ""
        print(f"{label:<26} {rate:>13,.0f} {rate / baseline:>7.3f} {verdict:>9}{versus}")

    print(f"{'engine':<26} {'actions/CPU s':>13} {'x loop':>7} {'bar 1/16':>9}"
          + (f" {'x OS ttt':>9}" if spiel_ttt else ""))
    row("tic-tac-toe loop", baseline)
    for name, rate in spiel.items():
        row(f"OpenSpiel {name.replace('_', ' ')[len('python '):]} (Py)", rate)
    for label, rate in engines:
        row(label, rate, "meets" if rate / baseline >= 1 / 16 else "MISSES")
    if spiel_ttt:
        print(f"x OS ttt: the row's rate over OpenSpiel's Python tic-tac-toe in this run (the "
              f"bare loop is {baseline / spiel_ttt:.1f}x it, so the 1/16 bar is "
              f"{baseline / spiel_ttt / 16:.2f}x it)")
    elif not args.no_open_spiel:
        print("(OpenSpiel not installed: pip install open_spiel adds its Python tic-tac-toe and "
              "liar's poker rows)")
    failed = 0
    if "malloppo" in games and args.checks:
        failed |= malloppo_listing(args.checks)
    if "whacky" in games and args.checks:
        failed |= whacky_listing(args.checks)
    if "stonewall" in games and args.positions:
        failed |= stonewall_listing(args.positions, args.repeats)
    if "stonewall" in games and args.changes:
        failed |= stonewall_change_listing(args.changes, args.repeats, args.reference_between)
    return failed


if __name__ == "__main__":
    raise SystemExit(main())
