"""The ``wobbletop`` command (also ``python -m games``).

    wobbletop                         open the window on the menu
    wobbletop play GAME [--record F]  open the window straight into a game
        [--players N] [--seats human,computer,...] [--skill easy|normal|hard[,...]]
                                      the menu's choices: seats in order, the computers'
                                      strength (one word, or one per seat: games/core/skill.py)
        [--speed slow|normal|fast|instant]  how fast the computer plays (games/core/pacing.py)
    wobbletop play --resume FILE      open the window on a saved game, where it was left
    wobbletop run GAME                play computer seats with no display, print JSON
        [--skill easy|normal|hard[,...]]  the computers' strength, one or one per seat
    wobbletop replay FILE             watch a save, recording or scenario in the window, with a
                                      timeline to scrub back and forth (games.ui.replay_view)
    wobbletop regress [FOLDER]        replay scenario files and compare with their goldens
    wobbletop regress GAME            ... the shipped scenarios of one game (e.g. wallamoppi)
    wobbletop sweep FILE --out CSV    many headless games over a grid (games.runs.sweep)
    wobbletop sweep NAME --out CSV    ... a shipped sweep by name (e.g. smoke), from any folder
        [--dry-run]                   check the file and CSV, say how many games, run none
        [--scheduler ADDRESS [--worker-wait SECONDS]]   (sweep and regress) on Dask
    wobbletop report CSV --out DIR    tables and plots of a sweep's results (games.runs.report)
    wobbletop host GAME --seats here,remote,computer   host a game for friends (games.net)
    wobbletop join HOST:PORT CODE     join a hosted game
    wobbletop config                  print the effective physics config and its sources
    wobbletop completion SHELL        print a shell completion script (bash, zsh, tcsh; shtab)
    wobbletop --version               print the version

``--config PATH`` (before or after the subcommand) names a user config file laid over
``assets/physics.toml``; without it ``WOBBLETOP_CONFIG`` is used, and without either the window
and ``config`` use the file the constants panel saved (``physics.toml`` in the player's config
folder, :mod:`games.runs.tuning`), if there is one; a headless run never reads that file (its digest
depends only on what its command line names). Every user error (bad config,
unknown game, unreadable scenario, bad argument) is one line on stderr and exit code 2; no
traceback. ``regress`` exits 1 when a scenario does not reproduce its golden. Ctrl-C is one
line, ``wobbletop: interrupted``, and exit code 130 (a recording asked for is still saved);
SIGTERM and SIGHUP likewise save it and exit with 143 and 129.
``--seed`` is a whole number of at least 0 (what scenario files allow), and a ``--record``
file whose folder is missing or not writable is refused before anything is played.
``--saves DIR`` (on ``wobbletop`` and ``play``; else ``WOBBLETOP_SAVES``) is the folder the
window keeps saved games in (Ctrl+S, the autosave of an unfinished game, the menu's Resume).
``play --resume FILE`` reads the save before any window opens: a file that is not a save, or
cannot be resumed here, is one line and exit 2; the save keeps its own game, seats, skill and
seed, so GAME, ``--players``, ``--seats``, ``--skill`` and ``--seed`` are refused beside it.
``play``'s ``--seats`` is one seat kind per seat, comma-separated (``--players`` alone seats a
human first and computers after, as the menu does); a count or kind the game does not take, or
a ``--skill`` for a game without one, is one line and exit 2. ``run`` needs no ``--headless``
(it never opens a window; the flag is still accepted for old scripts) and shows a progress bar
on stderr, only on a terminal and only for a run longer than a second.
``sweep`` and ``regress`` take a path, or a bare name (no folder, no ``.toml``) of what the
installed wobbletop ships (``assets/sweeps/NAME.toml``, ``assets/scenarios/NAME/``): a file
or folder that exists wins, an unknown name is one line listing the shipped ones (as their
``--help`` does); ``regress`` alone replays every shipped scenario. With ``--scheduler``, a
scheduler that has no worker is said so on stderr within seconds and given up on after
``--worker-wait`` seconds (default 60): one line, exit code 2.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from datafiles.userfile import UserFileError, one_line
from games.core import registry
from games.core.errors import UserError
from games.core.protocol import GameSpec, SeatKind
from games.runs.interrupts import (
    ENDING_SIGNALS,
    Terminated,
    ignore_signals_from_now_on,
    interrupts_at_safe_points,
)
from physics.config import ConfigError, load_config, user_config_path

if TYPE_CHECKING:
    from games.net.host import Host

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130  # 128 + SIGINT, what shells report for Ctrl-C


class UsageError(Exception):
    """A bad command line; ``str()`` is one line for the user."""


def _terminal_columns() -> int:
    """``shutil.get_terminal_size().columns`` without importing shutil (≈ 2 ms of start-up,
    with the bz2 and lzma modules it pulls in): ``COLUMNS``, else the terminal's, else 80."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns if columns > 0 else 80


class _Formatter(argparse.HelpFormatter):
    """argparse's help formatter, as wide as the terminal (found without importing shutil)."""

    def __init__(
        self,
        prog: str,
        indent_increment: int = 2,
        max_help_position: int = 24,
        width: int | None = None,
    ) -> None:
        width = _terminal_columns() - 2 if width is None else width
        super().__init__(prog, indent_increment, max_help_position, width)

    def _get_help_string(self, action: argparse.Action) -> str | None:
        """The help, with the shipped names listed as they are now (read only for help)."""
        text = super()._get_help_string(action)
        for marker, names in _SHIPPED.items():
            if text and marker in text:
                text = text.replace(marker, ", ".join(names()).replace("%", "%%") or "none")
        return text


def _shipped_sweeps() -> list[str]:
    from datafiles.assets import shipped_sweeps

    return shipped_sweeps()


def _shipped_scenarios() -> list[str]:
    from datafiles.assets import shipped_scenario_folders

    return shipped_scenario_folders()


# Placeholders in help texts, filled in when the help is shown (not at every start-up).
_SHIPPED = {"{shipped sweeps}": _shipped_sweeps, "{shipped scenarios}": _shipped_scenarios}


class _TopFormatter(_Formatter, argparse.RawDescriptionHelpFormatter):
    """The top-level help: its description and examples are laid out by hand."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line (and an exception, so tests can catch it)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see `{self.prog} --help`)")


def _speed(text: str) -> str:
    """A ``--speed`` value: one of games.core.pacing.COMPUTER_SPEEDS."""
    from games.core.pacing import SpeedError, check_speed

    try:
        return check_speed(text)
    except SpeedError as error:
        raise UsageError(f"--speed: {error}") from None


def _seed(text: str) -> int:
    """A ``--seed`` value: a whole number of at least 0 (what scenario files allow)."""
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r}; allowed: a whole number of at least 0")
    return value


DESCRIPTION = """\
Wobbletop: a tabletop physics sandbox.
With no command, `wobbletop` opens the window on the menu."""
EPILOG = """\
examples:
  wobbletop                      the window, on the menu
  wobbletop play wallamoppi --seats human,computer --skill easy
  wobbletop run stonewall --seed 3
                                 a game between computers, no window; JSON out
  wobbletop regress              replay the shipped scenarios against their goldens
  wobbletop replay assets/scenarios/wallamoppi/off_centre_topples.toml
                                 watch a game again: scrub back and forth, play from any moment
  wobbletop completion bash > ~/.local/share/bash-completion/completions/wobbletop

`wobbletop COMMAND --help` tells more of each command."""
SHELLS = ("bash", "zsh", "tcsh")
SAVES_HELP = "the folder for saved games (default: saves in your data folder; WOBBLETOP_SAVES)"


class _VersionAction(argparse.Action):
    """``--version``: prints ``wobbletop X.Y.Z`` and exits (the number from games.__version__,
    so no package metadata is read at start-up)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        kwargs.update(nargs=0, default=argparse.SUPPRESS)
        super().__init__(option_strings, dest, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, *_: Any, **__: Any) -> NoReturn:
        from games import __version__

        print(f"wobbletop {__version__}")
        parser.exit()


def _worker_wait(text: str) -> float:
    """A ``--worker-wait`` value: a number of seconds greater than 0."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r}; allowed: a number of seconds greater than 0")
    return value


def _add_scheduler(parser: _Parser) -> None:
    """``--scheduler`` and ``--worker-wait``, shared by ``regress`` and ``sweep``."""
    parser.add_argument("--scheduler", metavar="ADDRESS", help="run on this Dask scheduler")
    parser.add_argument(
        "--worker-wait",
        type=_worker_wait,
        default=None,
        metavar="SECONDS",
        help="with --scheduler: how long to wait for a worker before giving up (default: 60)",
    )


def build_parser(*, for_completion: bool = False) -> _Parser:
    """The command line. ``for_completion`` gives the game arguments their names as
    ``choices``, so the completion script offers them; the real parser checks game names in
    the registry instead (its message lists them and says what was asked)."""
    parser = _Parser(
        prog="wobbletop", description=DESCRIPTION, epilog=EPILOG, formatter_class=_TopFormatter
    )
    parser.add_argument("--version", action=_VersionAction, help="print the version and exit")
    parser.add_argument("--saves", metavar="DIR", help=SAVES_HELP)
    _completes_files(
        parser.add_argument(
            "--config", metavar="PATH", help="physics config overriding assets/physics.toml"
        )
    )
    # The same option after the subcommand; SUPPRESS keeps a value given before it.
    common = _Parser(add_help=False)
    common.add_argument(
        "--config", metavar="PATH", default=argparse.SUPPRESS, help=argparse.SUPPRESS
    )
    commands = parser.add_subparsers(dest="command", parser_class=_Parser)
    games = ", ".join(registry.available())

    play = commands.add_parser(
        "play", parents=[common], help="open the window (on a game, or the menu)"
    )
    play_game = play.add_argument("game", nargs="?", help=f"one of {games}")
    play.add_argument("--seed", type=_seed, default=None, help="seed for all of the game's luck")
    _completes_files(
        play.add_argument("--record", metavar="FILE", help="save what you did as a scenario file")
    )
    play.add_argument("--players", type=int, default=None, help="number of seats")
    play.add_argument(
        "--seats",
        metavar="KINDS",
        help="who sits where, one per seat: e.g. human,computer,computer,human",
    )
    play.add_argument(
        "--skill", metavar="WORD", help=f"the computers' strength: {skill_help()}"
    )
    play.add_argument(
        "--speed", metavar="WORD", type=_speed, default=None,
        help="how fast the computer plays: slow, normal (default), fast, instant",
    )
    # As --config: after the subcommand too; SUPPRESS keeps a value given before it.
    play.add_argument("--saves", metavar="DIR", default=argparse.SUPPRESS, help=SAVES_HELP)
    _completes_files(
        play.add_argument(
            "--resume", metavar="FILE", help="open the window on a saved game (instead of GAME)"
        )
    )

    run = commands.add_parser("run", parents=[common], help="play a game with computer seats")
    run_game = run.add_argument("game", nargs="?", help=f"one of {games}")
    # Accepted for old scripts; a run never opens a window.
    run.add_argument("--headless", action="store_true", help=argparse.SUPPRESS)
    run.add_argument("--seed", type=_seed, default=0, help="seed for all of the game's luck")
    run.add_argument("--players", type=int, default=None, help="number of (computer) seats")
    run.add_argument("--frames", type=int, default=None, help="stop after this many physics frames")
    run.add_argument(
        "--skill", metavar="WORD", help=f"the computers' strength: {skill_help()}"
    )
    _completes_files(
        run.add_argument(
            "--save", metavar="FILE", help="then save the game as it stands (resume it later)"
        )
    )
    _completes_files(
        run.add_argument(
            "--resume", metavar="FILE", help="play on a save (instead of GAME) to the end"
        )
    )

    watch = commands.add_parser(
        "replay",
        parents=[common],
        help="watch a save, recording or scenario in the window",
        description="Open the window on FILE as a replay: the game as it was played, with a "
        "timeline to drag back and forth. Space plays and pauses, → and ← step a frame, with "
        "Shift a turn, + and − change the speed (¼× to 8×), T lists the turns, Enter plays on "
        "from the moment shown. A file that cannot be replayed is refused in one line before "
        "any window opens.",
    )
    _completes_files(
        watch.add_argument("file", help="a save, a --record recording or a scenario file")
    )

    regress = commands.add_parser("regress", parents=[common], help="replay scenario files")
    regress.add_argument(
        "folder",
        nargs="?",
        help="a scenario file, or a folder of them, or one game's shipped scenarios by name: "
        "{shipped scenarios} (default: every shipped scenario)",
    )
    regress.add_argument("-j", "--jobs", type=int, default=1, help="scenarios run in parallel")
    regress.add_argument("--update", action="store_true", help="rewrite the goldens to what ran")
    _add_scheduler(regress)
    _add_sweep_parsers(commands, common)

    commands.add_parser(
        "config", parents=[common], help="print the effective config and its sources"
    )
    completion = commands.add_parser(
        "completion",
        help="print a shell completion script",
        description="Print a completion script for SHELL on stdout (made by shtab). Bash: "
        "wobbletop completion bash > ~/.local/share/bash-completion/completions/wobbletop; "
        "zsh: wobbletop completion zsh > ~/.zfunc/_wobbletop (with ~/.zfunc in fpath).",
    )
    completion.add_argument("shell", choices=SHELLS, help="one of " + ", ".join(SHELLS))
    from games.net.commands import add_parsers as add_network_parsers

    add_network_parsers(commands, common, games)  # host and join (games/net/commands.py)
    if for_completion:
        for action in (play_game, run_game):
            action.choices = registry.available()
    return parser


def completion_script(shell: str) -> str:
    """The completion script for ``shell`` (shtab reads the parser; imported only here)."""
    import shtab

    script: str = shtab.complete(build_parser(for_completion=True), shell=shell)
    return script


def _completes_files(action: argparse.Action) -> argparse.Action:
    """Mark an argument that names a file, for the completion script (shtab reads
    ``complete``; the values are ``shtab.FILE``'s, written out so start-up imports no shtab)."""
    action.complete = {  # type: ignore[attr-defined]
        "bash": "_shtab_compgen_files",
        "zsh": "_files",
        "tcsh": "f",
    }
    return action


def _add_sweep_parsers(commands: Any, common: _Parser) -> None:
    """The ``sweep`` and ``report`` subcommands (their logic is in games.runs.sweep and
    games.runs.report, imported only when one of them runs)."""
    sweep = commands.add_parser("sweep", parents=[common], help="run many headless games")
    sweep.add_argument(
        "file", help="a sweep file (TOML), or a shipped sweep by name: {shipped sweeps}"
    )
    sweep.add_argument("--out", required=True, metavar="RESULTS", help="results file (.csv)")
    sweep.add_argument("--resume", action="store_true", help="run only the games not in RESULTS")
    sweep.add_argument(
        "--dry-run",
        action="store_true",
        help="check the sweep file and RESULTS and say how many games would run; run none",
    )
    sweep.add_argument(
        "-j",
        "--jobs",
        type=int,
        default=None,
        help="local worker processes (default: one per core)",
    )
    _add_scheduler(sweep)
    report = commands.add_parser("report", parents=[common], help="tables and plots of results")
    report.add_argument("results", help="a results file written by wobbletop sweep")
    report.add_argument("--out", required=True, metavar="FOLDER", help="folder for the report")


def main(argv: Sequence[str] | None = None) -> int:
    with interrupts_at_safe_points():
        return _main(argv)


def command() -> int:
    """The ``wobbletop`` program (and ``python -m games``): :func:`main`, then the process ends.

    ``gc.freeze()`` once the command is done: the interpreter's final collections then skip
    every object the run made (pymunk's bodies and shapes, the modules), which cost a headless
    Free play process about 8 ms of its ~95 (``scripts/bench_speed.py``). Only here, never in
    :func:`main`, which tests call many times in one process. Its stderr outlives a closed
    terminal (:func:`games.runs.console.lasting_stderr`).
    """
    from games.runs.console import lasting_stderr

    lasting_stderr()
    code = main()
    if code in (EXIT_INTERRUPTED, *(128 + signum for signum in ENDING_SIGNALS)):
        ignore_signals_from_now_on()  # a second Ctrl-C during the exit prints no traceback
    import gc

    gc.freeze()
    return code


def _main(argv: Sequence[str] | None) -> int:
    try:
        args = build_parser().parse_args(argv)
        return _dispatch(args)
    except (
        UsageError,
        UserError,
        UserFileError,
        ConfigError,
        registry.UnknownGame,
    ) as error:  # HeadlessError, ScenarioError, OptionsError ... are UserErrors
        print(f"wobbletop: {one_line(str(error))}", file=sys.stderr)
        return EXIT_USAGE
    except Terminated as stop:
        print(f"wobbletop: stopped by {signal.Signals(stop.signum).name}", file=sys.stderr)
        return 128 + stop.signum
    except KeyboardInterrupt:
        print("wobbletop: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader (head, less) went away: stop quietly, as other command-line tools do.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def _dispatch(args: argparse.Namespace) -> int:
    if args.config is not None and not args.config.strip():
        raise UsageError(f"--config {args.config!r}: empty; allowed: the path of a TOML file")
    if args.command == "completion":
        print(completion_script(args.shell), end="")
        return 0
    config_path = user_config_path(args.config)
    if getattr(args, "worker_wait", None) is not None and not args.scheduler:
        raise UsageError(
            f"--worker-wait {args.worker_wait:g}: only with --scheduler ADDRESS "
            "(local runs have their workers at once)"
        )
    if args.command in ("config", "play", None) and config_path is None:
        from games.runs.tuning import tuned_file_if_any

        config_path = tuned_file_if_any()  # what the constants panel saved, if anything
    if args.command == "config":
        for line in load_config(config_path).describe():
            print(line)
        return 0
    if args.command == "run":
        return _run(args, config_path)
    if args.command == "replay":
        return _replay(Path(args.file), args.config)
    if args.command == "regress":
        from games.runs.regress import folder_for, run_regress

        if args.config:
            print(
                f"wobbletop: note: regress ignores --config {args.config}; "
                "each scenario uses only its own [config]",
                file=sys.stderr,
            )
        folder = folder_for(args.folder) if args.folder else None
        return run_regress(
            folder,
            jobs=args.jobs,
            update=args.update,
            scheduler=args.scheduler,
            worker_wait=args.worker_wait,
        )
    if args.command == "sweep":
        from games.runs.sweep import sweep_command

        return sweep_command(args)
    if args.command in ("host", "join"):
        from games.net.commands import host_command, join_command

        if args.command == "host":
            return host_command(args, config_path, NetworkWindows())
        return join_command(args, NetworkWindows())
    if args.command == "report":
        from games.runs.report import report_command

        return report_command(args)
    return _play(getattr(args, "game", None), config_path, args)


def _run(args: argparse.Namespace, config_path: Path | None) -> int:
    from games.runs.headless import run_headless

    save = Path(args.save) if args.save is not None else None
    if save is not None:
        check_record_path(save, flag="--save")
    resume = Path(args.resume) if args.resume is not None else None
    if resume is not None:
        if args.game is not None:
            raise UsageError(
                f"--resume {resume}: the save names its game; give GAME or --resume, not both"
            )
        for flag in ("players", "config", "skill"):
            if getattr(args, flag, None) is not None:
                raise UsageError(f"--{flag} with --resume: the save keeps the game's own")
    elif args.game is None:
        raise UsageError("run needs GAME (one of " + ", ".join(registry.available()) + ")")
    options: dict[str, Any] = {}
    if resume is None and args.skill is not None:
        from games.runs.headless import seats_for

        spec = registry.load(str(args.game))
        options["skill"] = play_skill(spec, args.skill, seats_for(spec, args.players))
    after = None
    if save is not None:
        from games.runs.saves import save_when_done

        after = save_when_done(save, config_path)
    if resume is not None:
        from games.runs.saves import run_resumed

        return run_resumed(resume, frames=args.frames, after=after)
    game = str(args.game)  # given: checked above
    return run_headless(
        game, config_path, args.seed, players=args.players, frames=args.frames, after=after,
        options=options,
    )


def _replay(path: Path, config: str | None) -> int:
    """``wobbletop replay FILE``: the file read and checked (a bad one is one line, exit 2,
    before any window), then the window on its replay."""
    from games.runs.replay import load_replay

    if config:
        print(
            f"wobbletop: note: replay ignores --config {config}; the file keeps its own config",
            file=sys.stderr,
        )
    file = load_replay(path)
    try:
        from games.ui.app import run_app
    except ImportError as error:
        raise UsageError(f"the window is not available: {error}") from None
    result: int = run_app(None, None, replay=file)
    return result


class NetworkWindows:
    """The windows of ``wobbletop host`` and ``join`` (:class:`games.net.commands.Windows`):
    pygame is imported only when one opens."""

    def hosting(self, host: Host, listen: str, port: int, *, saves: str | None) -> int:
        from games.ui.net_window import run_hosting

        return run_hosting(host, listen, port, saves=saves)

    def joined(self, address: str, code: str, *, saves: str | None) -> int:
        from games.ui.net_window import run_joined

        return run_joined(address, code, saves=saves)


def _play(game: str | None, config_path: Path | None, args: argparse.Namespace) -> int:
    seats: tuple[SeatKind, ...] | None = None
    options: dict[str, Any] = {}
    saves = getattr(args, "saves", None)
    if saves is not None and not saves.strip():
        raise UsageError(f"--saves {saves!r}: empty; allowed: the path of a folder")
    resume = _resume_path(game, args)
    if game is not None:
        spec = registry.load(game)
        if spec.check_files is not None:
            spec.check_files()  # a bad board file is one line before any window opens
        seats = play_seats(spec, args.players, args.seats)
        if args.skill is not None:
            options["skill"] = play_skill(spec, args.skill, seats or menu_seats(spec))
    else:
        for flag in ("players", "seats", "skill"):
            if getattr(args, flag, None) is not None:
                raise UsageError(f"--{flag} needs a game: wobbletop play GAME --{flag} ...")
    record = getattr(args, "record", None)
    if record is not None:
        if not record.strip():
            raise UsageError(f"--record {record!r}: empty; allowed: the path of a file to write")
        check_record_path(Path(record))
    load_config(config_path)  # a bad config is a one-line error before any window opens
    try:
        from games.ui.app import run_app
    except ImportError as error:
        raise UsageError(f"the window is not available: {error}") from None
    result: int = run_app(
        game,
        config_path,
        seed=getattr(args, "seed", None),
        record=record,
        seats=seats,
        options=options,
        saves=saves,
        resume=resume,
        **({"computer_speed": args.speed} if getattr(args, "speed", None) else {}),
    )
    return result


def _resume_path(game: str | None, args: argparse.Namespace) -> Path | None:
    """``play --resume FILE``: the save, read and checked before any window opens (a bad one
    is a one-line :class:`~games.runs.saves.SaveError`); None without ``--resume``."""
    text = getattr(args, "resume", None)
    if text is None:
        return None
    if not text.strip():
        raise UsageError(f"--resume {text!r}: empty; allowed: the path of a saved game")
    path = Path(text)
    if game is not None:
        raise UsageError(
            f"--resume {path}: the save names its game; give GAME or --resume, not both"
        )
    for flag in ("players", "seats", "skill", "seed"):
        if getattr(args, flag, None) is not None:
            raise UsageError(f"--{flag} with --resume: the save keeps the game's own")
    from games.runs.saves import load_save

    load_save(path)  # one line and exit 2 for a file that is not a save or cannot be resumed
    return path


SEAT_WORDS = {kind.value: kind for kind in SeatKind}


def play_seats(
    spec: GameSpec, players: int | None, kinds: str | None
) -> tuple[SeatKind, ...] | None:
    """The seats ``--players`` and ``--seats`` ask for (None: the menu's default), checked
    against the game; a problem is a :class:`UsageError` naming what is allowed."""
    most = len(spec.seat_names)
    allowed = f"{spec.min_seats}" if spec.min_seats == most else f"{spec.min_seats} to {most}"
    if players is not None and not spec.min_seats <= players <= most:
        raise UsageError(f"--players {players}: {spec.id} seats {allowed} players")
    if kinds is None:
        if players is None:
            return None
        return (SeatKind.HUMAN,) + (SeatKind.COMPUTER,) * (players - 1)
    words = [word.strip().lower() for word in kinds.split(",")]
    for word in words:
        if word not in SEAT_WORDS:
            raise UsageError(
                f"--seats {kinds}: {word!r} is not a seat kind; allowed: "
                f"{', '.join(SEAT_WORDS)}, one per seat, comma-separated"
            )
    if players is not None and len(words) != players:
        raise UsageError(
            f"--seats {kinds}: {len(words)} seats for --players {players}; give one per seat"
        )
    if not spec.min_seats <= len(words) <= most:
        raise UsageError(f"--seats {kinds}: {spec.id} seats {allowed} players, not {len(words)}")
    return tuple(SEAT_WORDS[word] for word in words)


def menu_seats(spec: GameSpec) -> tuple[SeatKind, ...]:
    """The seats the menu starts a game with: a person, then computers (games.ui.menu)."""
    return (SeatKind.HUMAN,) + (SeatKind.COMPUTER,) * (spec.min_seats - 1)


def play_skill(spec: GameSpec, text: str, seats: Sequence[SeatKind]) -> Any:
    """``--skill WORD[,WORD...]``: the option ``skill`` (a strength, or one per seat), checked
    against the game's words (games/core/skill.py; the session reads it as the menu's choice)."""
    from games.core.skill import SKILL_GAMES, SkillError, parse_skill_words

    takes = [game for game in registry.available() if game in SKILL_GAMES]
    if spec.id not in takes:
        raise UsageError(
            f"--skill {text}: {spec.id} has no computer to set; games with one: {', '.join(takes)}"
        )
    computers = [i for i, kind in enumerate(seats) if kind is SeatKind.COMPUTER]
    try:
        return parse_skill_words(text, spec.id, len(seats), computers)
    except SkillError as error:
        raise UsageError(str(error)) from None


def skill_help() -> str:
    from games.core.skill import SKILL_HELP

    return SKILL_HELP


def check_record_path(path: Path, flag: str = "--record") -> None:
    """Refuse a ``--record`` (or ``--save``) file that could not be written, before anything
    is played."""
    folder = path.parent
    problem = ""
    if path.is_dir():
        problem = "is a folder"
    elif not folder.exists():
        problem = f"folder {folder} does not exist"
    elif not folder.is_dir():
        problem = f"{folder} is not a folder"
    elif not os.access(folder, os.W_OK | os.X_OK):
        problem = f"folder {folder} is not writable"
    if problem:
        raise UsageError(f"{flag} {path}: {problem}; allowed: a file in a writable folder")
