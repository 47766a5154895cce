"""The ``wobbletop`` command (also ``python -m games``).

    wobbletop                         open the window on the menu
    wobbletop play GAME [--record F]  open the window straight into a game
    wobbletop run GAME --headless     play computer seats with no display, print JSON
    wobbletop regress [FOLDER]        replay scenario files and compare with their goldens
    wobbletop config                  print the effective physics config and its sources

Every user error (bad config, unknown game, unreadable scenario) is one line on stderr and
exit code 2; no traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from games.registry import KNOWN_IDS
from physics.config import ConfigError, load_config, user_config_path

EXIT_USAGE = 2


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="wobbletop", description="Tabletop physics sandbox.")
    parser.add_argument("--config", metavar="PATH", help="physics config overriding assets/physics.toml")
    commands = parser.add_subparsers(dest="command")

    play = commands.add_parser("play", help="open the window (on a game, or the menu)")
    play.add_argument("game", nargs="?", choices=KNOWN_IDS)
    play.add_argument("--seed", type=int, default=None, help="seed for all of the game's luck")
    play.add_argument("--record", metavar="FILE", help="save what you did as a scenario file")

    run = commands.add_parser("run", help="play a game with computer seats")
    run.add_argument("game", choices=KNOWN_IDS)
    run.add_argument("--headless", action="store_true", help="no window (the only mode for now)")
    run.add_argument("--seed", type=int, default=0)

    commands.add_parser("config", help="print the effective config and where each value came from")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return _dispatch(args)
    except ConfigError as error:
        print(f"wobbletop: {error}", file=sys.stderr)
        return EXIT_USAGE


def _dispatch(args: argparse.Namespace) -> int:
    config_path = user_config_path(args.config)
    if args.command == "config":
        loaded = load_config(config_path)
        for line in loaded.describe():
            print(line)
        return 0
    if args.command == "run":
        from games.headless import run_headless

        return run_headless(args.game, config_path, args.seed)
    from games.ui.app import run_app

    game = getattr(args, "game", None)
    return run_app(game, config_path, seed=getattr(args, "seed", None), record=getattr(args, "record", None))
