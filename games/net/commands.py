"""``wobbletop host`` and ``wobbletop join``: the command line of network play.

    wobbletop host GAME [--seats here,remote,computer] [--seed S] [--port P] [--code C]
                        [--listen 127.0.0.1|0.0.0.0] [--frames N] [--headless]
    wobbletop join HOST:PORT CODE [--computer] [--inputs FILE] [--seat N]

The host listens on this machine only (127.0.0.1) unless ``--listen 0.0.0.0`` opens it to the
network; ``--port 0`` (the default) takes a free port, and the line on stderr says which, with
the join code (``--code``, else six random letters and digits). ``--headless`` plays with no
window: the host's seats are remote or computer seats. A joining peer's ``--computer`` has the
game's computer play its seat; ``--inputs FILE`` sends a scenario file's inputs at their frames
(a scripted player, for tests). Both print the JSON line ``wobbletop run`` prints when the game
ends; a wrong code, a host that cannot be reached, a bad ``--seats`` are one line and exit 2.
If the other side goes away, each keeps a save of the game (its saves folder, ``--saves``).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from games.core.errors import UserError

if TYPE_CHECKING:
    from games.net.host import Host

EXIT_HOST_LEFT = 1


class Windows(Protocol):
    """The windows on a network game, handed down by the CLI (network play sits below the
    window layer and never imports it): each opens pygame only when called."""

    def hosting(self, host: Host, listen: str, port: int, *, saves: str | None) -> int: ...

    def joined(self, address: str, code: str, *, saves: str | None) -> int: ...


def add_parsers(commands: Any, common: argparse.ArgumentParser, games: str) -> None:
    """The ``host`` and ``join`` subparsers (``commands`` is the cli's subparsers action)."""
    host = commands.add_parser(
        "host", parents=[common], help="host a game for friends on other machines"
    )
    host.add_argument("game", help=f"one of {games}")
    host.add_argument("--seats", metavar="KINDS",
                      help="one per seat: here, remote or computer (e.g. here,remote,computer)")
    host.add_argument("--seed", type=int, default=0, help="seed for all of the game's luck")
    host.add_argument("--port", type=int, default=0, help="port to listen on (0: a free one)")
    host.add_argument("--code", default=None, help="the join code (default: six random letters)")
    host.add_argument("--listen", default="127.0.0.1",
                      help="address to listen on: 127.0.0.1 (this machine only, the default) "
                      "or 0.0.0.0 (open to the network)")
    host.add_argument("--frames", type=int, default=None, help="stop after this many frames")
    host.add_argument("--headless", action="store_true", help="no window (remote/computer seats)")
    host.add_argument("--saves", metavar="DIR", default=argparse.SUPPRESS,
                      help="where a stopped game is saved")
    join = commands.add_parser("join", parents=[common], help="join a friend's hosted game")
    join.add_argument("address", metavar="HOST:PORT", help="the host's address")
    join.add_argument("code", help="the join code the host shows")
    join.add_argument("--computer", action="store_true",
                      help="the game's computer plays this seat (no window)")
    join.add_argument("--inputs", metavar="FILE",
                      help="send this scenario file's inputs at their frames (no window)")
    join.add_argument("--seat", type=int, default=None, help="the seat to take back (rejoin)")
    join.add_argument("--saves", metavar="DIR", default=argparse.SUPPRESS,
                      help="where the game is saved if the host goes away")


def _saves(args: argparse.Namespace) -> Path:
    from games.runs.saves import saves_folder

    return saves_folder(getattr(args, "saves", None))


def host_command(args: argparse.Namespace, config_path: Path | None, windows: Windows) -> int:
    """``wobbletop host``: serve the game to its end (in ``windows.hosting`` unless
    ``--headless``); print the summary line."""
    import re

    from games.core import registry
    from games.core.options import check_options
    from games.net.host import Host, write_host_save
    from games.net.lockstep import parse_seats
    from games.net.messages import CODE_PATTERN, new_code
    from games.runs.headless import MAX_RUN_SECONDS, HeadlessError, frame_limit
    from physics.config import load_config

    spec = registry.load(args.game)
    words = parse_seats(spec, args.seats, headless=args.headless)
    code = args.code or new_code()

    if not re.fullmatch(CODE_PATTERN, code):
        raise UserError(f"--code {code!r}: allowed: 1 to 32 letters, digits or '-'")
    if not 0 <= args.port <= 65535:
        raise UserError(f"--port {args.port}: allowed: 0 to 65535")
    if args.seed < 0:
        raise UserError(f"--seed {args.seed}: allowed: a whole number of at least 0")
    config = load_config(config_path).config
    try:
        limit = frame_limit(spec, config, args.frames)
    except HeadlessError as error:
        raise UserError(str(error)) from None
    # Headless: the options `wobbletop run` plays with (the same line at the end); the window:
    # the game's own defaults, as the menu starts it.
    options = check_options(spec, dict(spec.headless_options) if args.headless else {})
    if not args.headless and args.frames is None:
        limit = MAX_RUN_SECONDS * config.world.step_hz  # a game in the window ends by itself
    host = Host(spec, words, config=config, seed=args.seed, options=dict(options), code=code,
                limit=limit, live=not args.headless)
    if not args.headless:
        return windows.hosting(host, args.listen, args.port, saves=getattr(args, "saves", None))
    try:
        result = asyncio.run(host.serve(args.listen, args.port))
    except OSError as error:
        raise UserError(f"host: cannot listen on {args.listen}:{args.port} ({error})") from None
    except KeyboardInterrupt:
        path = write_host_save(host, _saves(args))
        if path is not None:
            print(f"wobbletop: saved the game to {path}", file=sys.stderr)
        raise
    import json

    print(json.dumps(result), flush=True)
    return 0


def join_command(args: argparse.Namespace, windows: Windows) -> int:
    """``wobbletop join``: follow the host's game to its end (in ``windows.joined`` unless a
    computer or a script plays); print the summary line."""
    import json

    from games.net.client import HostLeft, Peer
    from games.runs.scenario import load_scenario

    if not (args.computer or args.inputs):
        return windows.joined(args.address, args.code, saves=getattr(args, "saves", None))
    script = load_scenario(Path(args.inputs)).events() if args.inputs else []
    peer = Peer(args.address, args.code, computer=args.computer, script=script, seat=args.seat)
    try:
        result = asyncio.run(peer.run())
    except (HostLeft, KeyboardInterrupt) as stop:
        path = peer.save(_saves(args))
        frame = peer.session.frame if peer.session is not None else 0
        if path is not None:
            what = "the host left" if isinstance(stop, HostLeft) else "stopped"
            print(f"wobbletop: {what} at frame {frame}; saved the game to {path} (resume it: "
                  f"wobbletop run --resume {path})", file=sys.stderr)
        if isinstance(stop, KeyboardInterrupt):
            raise
        return EXIT_HOST_LEFT
    print(json.dumps(result), flush=True)
    return 0
