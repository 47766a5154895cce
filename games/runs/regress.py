"""``wobbletop regress [FOLDER]``: replay every scenario file and compare with its goldens.

Every ``*.toml`` under the folder (recursively; default: the shipped ``assets/scenarios``, found
from any folder) is a scenario; a single file may be named instead (``wobbletop regress
bug.toml``), or a shipped game's folder by name (``wobbletop regress wallamoppi``): a file or
folder that exists is taken as given, a bare name (no folder, no ``.toml``) is looked up among
the shipped scenario folders, and an unknown one is one line listing them (:func:`folder_for`).
They run in parallel with ``-j N`` (separate processes, each building its sessions fresh),
with a progress bar on stderr (when it is a terminal), and a table is printed at the end.
On a Dask scheduler (``--scheduler ADDRESS``) each file is read here and its contents are sent
(:class:`SentScenario`), so the workers need not see the files (another machine, another
working folder); ``--worker-wait SECONDS`` is how long a scheduler with no worker is waited on.
Exit code: 0 when every scenario reproduced its goldens, 1 on any mismatch, 2 when a file is
broken (bad TOML, bad key, game not built, refused input, a crash, goldens that could not be
written). A broken file is one row and one detail line; the rest still run. A mismatch is
said field by field: the outcome, the reason, the tower's height and the other result fields
that moved, and which bodies moved and by how many millimetres (:mod:`games.runs.goldens`); the
table's outcome column says where a scenario that stops before the game ends stopped.
``--update`` rewrites only the values under ``[expect]`` of the files that ran (outcome,
digest, the bodies' positions) with ``tomlkit``, keeping every comment and the layout of the
rest of each file, through symlinks, keeping each file's permissions; a file that cannot
be written is reported in its row and left intact, with no temporary file left behind.
``-j`` is capped at the number of scenarios (and twice the cores).
"""

from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from datafiles.assets import assets_dir, bare_name, shipped_scenario_folders
from datafiles.userfile import one_line
from games.runs.goldens import outcome_words
from games.runs.pool import PoolError, run_jobs
from games.runs.scenario import (
    Replay,
    ScenarioError,
    parse_scenario,
    read_scenario_data,
    replay,
    run_scenario_file,
    update_goldens,
)

EXIT_MISMATCH = 1
EXIT_BROKEN = 2
MAX_JOBS = 2 * (os.cpu_count() or 1)


def default_folder() -> Path:
    """The shipped scenarios (every game's folder)."""
    return assets_dir() / "scenarios"


def folder_for(text: str) -> Path:
    """What ``wobbletop regress FOLDER`` names: an existing file or folder as given, else a
    bare name looked up among the shipped scenario folders (``wallamoppi``); an unknown name is
    a one-line :class:`ScenarioError` listing them."""
    path = Path(text)
    if path.exists():
        return path
    if not bare_name(text):
        shipped = shipped_scenario_folders()
        if path.name in [*shipped, "scenarios"]:  # assets/scenarios/... outside the checkout
            command = "wobbletop regress" + ("" if path.name == "scenarios" else f" {path.name}")
            raise ScenarioError(
                f"{text}: no such scenario file or folder; the shipped scenarios of that name "
                f"run from any folder as `{command}`"
            )
        return path  # a missing path is refused by scenario_files, naming it
    if text in shipped_scenario_folders():
        return default_folder() / text
    raise ScenarioError(
        f"{text}: no such scenario file or folder, nor a shipped scenario folder of that name; "
        f"allowed: a path, or a shipped folder: {', '.join(shipped_scenario_folders())}"
    )


@dataclass(frozen=True)
class Report:
    """One scenario's run: what it was, what happened, how long it took."""

    path: Path
    game: str = "?"
    replay: Replay | None = None
    error: str = ""
    seconds: float = 0.0
    updated: bool = field(default=False, compare=False)

    @property
    def ok(self) -> bool:
        return self.replay is not None and self.replay.ok

    @property
    def result_text(self) -> str:
        """The outcome column: the game's end, or where a scenario stopped before it."""
        if self.replay is None:
            return "ERROR"
        return outcome_words(self.replay.outcome)


@dataclass(frozen=True)
class SentScenario:
    """A scenario file's contents, read where the command runs, for a worker that may not see
    the file: ``path`` only names it in messages and in the table."""

    path: Path
    data: dict[str, Any]


def check_file(path: Path, progress: bool = False) -> Report:
    """Replay one scenario file (in whatever process runs this) and report."""
    return _check(path, None, progress)


def check_sent(sent: SentScenario) -> Report:
    """Replay a scenario from the contents sent with it (on a Dask worker) and report."""
    return _check(sent.path, sent.data, False)


def _check(path: Path, data: dict[str, Any] | None, progress: bool) -> Report:
    started = time.perf_counter()
    try:
        if data is None:
            scenario, replayed = run_scenario_file(path, progress=progress)
        else:
            scenario = parse_scenario(data, path)
            replayed = replay(scenario, path, progress=progress)
    except ScenarioError as error:
        return Report(path, error=str(error), seconds=time.perf_counter() - started)
    except Exception as error:  # a bug met by this file: its row says so, the others run
        problem = one_line(f"crashed: {type(error).__name__}: {error}", 300)
        return Report(path, error=f"{path}: {problem}", seconds=time.perf_counter() - started)
    return Report(path, scenario.game, replayed, seconds=time.perf_counter() - started)


def scenario_files(folder: Path) -> list[Path]:
    """The scenario files to run: ``folder`` itself if it is one file, else its ``*.toml``."""
    if folder.is_file():
        return [folder]
    if not folder.is_dir():
        raise ScenarioError(f"{folder}: no such scenario file or folder")
    files = sorted(folder.rglob("*.toml"))
    if not files:
        raise ScenarioError(f"{folder}: no scenario files (*.toml) in it")
    return files


def run_all(
    files: list[Path],
    jobs: int = 1,
    progress: bool = True,
    scheduler: str | None = None,
    worker_wait: float | None = None,
) -> list[Report]:
    """Replay ``files`` with ``jobs`` worker processes (1: in this process), or on the Dask
    scheduler at ``scheduler`` (see :mod:`games.runs.pool`; the files are read here and their
    contents sent); reports in file order. Never more local workers than scenarios (or twice
    the cores)."""
    if jobs < 1:
        raise ScenarioError(f"-j {jobs}: allowed: a whole number of at least 1")
    jobs = min(jobs, len(files), MAX_JOBS)
    how: dict[str, Any] = {"progress": progress, "unit": "scenario"}
    try:
        if scheduler is None:
            done = run_jobs(check_file, files, lost=_lost, workers=jobs, **how)
            reports = [report for _, report in done]
        else:
            sent, reports = _read_for_workers(files)
            on_cluster = run_jobs(
                check_sent,
                sent,
                lost=_lost_sent,
                scheduler=scheduler,
                worker_wait=worker_wait,
                **how,
            )
            reports += [report for _, report in on_cluster]
    except PoolError as error:
        raise ScenarioError(str(error)) from None
    order = {path: index for index, path in enumerate(files)}
    return sorted(reports, key=lambda report: order[report.path])


def _read_for_workers(files: list[Path]) -> tuple[list[SentScenario], list[Report]]:
    """Each file's contents to send, and the reports of the files that cannot be read."""
    sent: list[SentScenario] = []
    unread: list[Report] = []
    for path in files:
        try:
            sent.append(SentScenario(path, read_scenario_data(path)))
        except ScenarioError as error:
            unread.append(Report(path, error=str(error)))
    return sent, unread


def _lost(path: Path, why: str) -> Report:
    return Report(path, error=f"{path}: {why}")


def _lost_sent(sent: SentScenario, why: str) -> Report:
    return _lost(sent.path, why)


def apply_updates(reports: list[Report]) -> list[Report]:
    """Rewrite the goldens of every scenario that ran but did not match them (or whose
    goldens do not keep the bodies' positions yet)."""
    updated = []
    for report in reports:
        if report.replay is not None and (not report.ok or report.replay.bodies_missing):
            try:
                update_goldens(report.path, report.replay)
            except (OSError, ValueError) as error:  # read-only, disk full, changed meanwhile
                why = error.strerror if isinstance(error, OSError) and error.strerror else error
                report = Report(
                    report.path,
                    report.game,
                    None,
                    error=f"{report.path}: could not update the goldens: {one_line(str(why))}",
                    seconds=report.seconds,
                )
            else:
                report = Report(
                    report.path, report.game, report.replay, seconds=report.seconds, updated=True
                )
        updated.append(report)
    return updated


def format_table(reports: list[Report], folder: Path) -> list[str]:
    """The summary table, then one indented line per difference or error."""
    header = ("scenario", "game", "outcome", "fields", "digest", "seconds")
    rows = [header]
    for report in reports:
        rows.append(
            (
                _relative(report.path, folder),
                report.game,
                report.result_text,
                _mark(report, "outcome"),
                _mark(report, "digest"),
                f"{report.seconds:.2f}",
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    lines = [
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in rows
    ]
    lines.insert(1, "  ".join("-" * width for width in widths))
    for report in reports:
        details = [report.error.removeprefix(f"{report.path}: ")] if report.error else []
        if report.replay is not None and not report.ok and not report.updated:
            details = report.replay.differences()
        elif report.updated and report.replay is not None and report.replay.ok:
            details = ["goldens updated: the bodies' positions added (outcome and digest kept)"]
        if report.replay is not None:
            details = [*details, *report.replay.notes]
        for detail in details:
            lines.append(f"{_relative(report.path, folder)}: {detail}")
    return lines


def _mark(report: Report, which: str) -> str:
    if report.replay is None:
        return "-"
    good = report.replay.outcome_ok if which == "outcome" else report.replay.digest_ok
    if good:
        return "ok"
    return "updated" if report.updated else "MISMATCH"


def _relative(path: Path, folder: Path) -> str:
    """The file's name in the table (control characters escaped: one row stays one line)."""
    if path == folder:
        return one_line(path.name, 200)
    try:
        return one_line(str(path.relative_to(folder)), 200)
    except ValueError:
        return one_line(str(path), 200)


def run_regress(
    folder: Path | None = None,
    *,
    jobs: int = 1,
    update: bool = False,
    scheduler: str | None = None,
    worker_wait: float | None = None,
) -> int:
    """The ``wobbletop regress`` command; returns the exit code."""
    folder = folder or default_folder()
    reports = run_all(
        scenario_files(folder),
        jobs=jobs,
        progress=sys.stderr.isatty(),
        scheduler=scheduler,
        worker_wait=worker_wait,
    )
    if update:
        reports = apply_updates(reports)
    for line in format_table(reports, folder):
        print(line)
    broken = sum(report.replay is None for report in reports)
    failed = sum(
        report.replay is not None and not report.ok and not report.updated for report in reports
    )
    updated = sum(report.updated for report in reports)
    print(
        f"{len(reports)} scenarios: {len(reports) - broken - failed - updated} ok, "
        f"{failed} mismatched, {broken} broken" + (f", {updated} goldens updated" if update else "")
    )
    if broken:
        return EXIT_BROKEN
    return EXIT_MISMATCH if failed else 0
