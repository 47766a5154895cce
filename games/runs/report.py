"""``wobbletop report RESULTS --out FOLDER``: a sweep's results as tables, plots and one HTML page.

Reads a results file written by :mod:`games.runs.sweep` (any game) and writes into FOLDER:

* ``report.html``: one self-contained page (the plots are embedded, no other file is needed);
* ``points.csv``: the table per grid point, one row per point (what the page's first table shows);
* PNG plots (matplotlib, imported only here): ``win_rate.png`` (win rate per seat at each point,
  with its 95 % interval: the first seat's advantage at a glance), ``bot_win_rate.png`` (when
  the seats' bots are an axis: each bot's win rate), ``game_length.png`` (the
  distribution of game lengths per point), and for every numeric axis of the grid
  ``outcomes_vs_AXIS.png`` (the share of each outcome reason, such as "tower fell", against the
  axis) and, when towers were measured, ``tower_height_vs_AXIS.png``.

Readings: the seats of a point are those its rows name (the ``seats`` column), else the game's
first names. A win rate counts only the games that ran (``status = ok``); a game with no winner (a
sandbox, a draw, an unfinished game) counts as a game nobody won. Intervals are Wilson score
intervals at 95 % (they stay inside 0..1 and are honest at 0 or n wins); a mean's interval is
mean ± 1.96 standard errors. Against an axis, the points that share the axis value are pooled
(the other axes averaged over). When the seats' bots are an axis (``options.bots``), a table
gives each bot's win rate over every game it played, whichever seat it sat in.
"""

from __future__ import annotations

import base64
import csv
import errno
import html
import importlib.util
import json
import math
import os
import re
import statistics
import sys
from collections import Counter, defaultdict
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from datafiles.userfile import one_line, open_regular_file, shown, shown_path
from games.core import registry
from games.runs.sweep import INPUT_COLUMNS, MOST_POINTS, OK, SEATS_COLUMN, STATUS_COLUMNS
from games.runs.sweep_results import STATUSES

Z95 = 1.959964  # the normal quantile of a two-sided 95 % interval
REASONS_PLOTTED = 5
MAX_RESULTS_BYTES = 512 << 20  # 512 MiB: some three million games of a few columns
ALLOWED = "allowed: a results file written by wobbletop sweep"


class ReportError(ValueError):
    """A results file that cannot be reported on; ``str()`` is one line."""


@dataclass
class Point:
    """The games of one grid point."""

    number: int
    inputs: dict[str, str]
    seats: tuple[str, ...]  # the game's first names until a row says which seats played
    rows: list[dict[str, str]] = field(default_factory=list)
    seats_seen: bool = False

    @property
    def label(self) -> str:
        values = "\n".join(
            f"{key.split('.')[-1]}={_compact(value)}" for key, value in self.inputs.items()
        )
        return f"{self.number}: {values}" if values else str(self.number)

    @property
    def ok(self) -> list[dict[str, str]]:
        return [row for row in self.rows if row["status"] == OK]

    def numbers(self, column: str) -> list[float]:
        return [value for row in self.ok if (value := _number(row.get(column, ""))) is not None]


@dataclass
class Results:
    """A results file, grouped by point."""

    path: Path
    game: str
    axes: list[str]
    columns: list[str]
    points: list[Point]
    seat_order: tuple[str, ...] = ()  # the game's seat names, in its order

    def all_seats(self) -> list[str]:
        """Every seat that played at some point, in the game's order."""
        seen = dict.fromkeys(seat for point in self.points for seat in point.seats)
        order = {name: index for index, name in enumerate(self.seat_order)}
        return sorted(seen, key=lambda seat: order.get(seat, len(order)))


def read_results(path: Path) -> Results:
    """Read a sweep's results file, or raise a one-line :class:`ReportError` (module doc)."""
    name = shown_path(path)
    columns: list[str] = []
    rows: list[dict[str, str]] = []
    for number, line, complete in _lines(path, name):
        cells = next(csv.reader([line]), [])
        if number == 1:
            columns = cells
            missing = [c for c in (*INPUT_COLUMNS, *STATUS_COLUMNS) if c not in columns]
            if not complete or missing:
                what = f"no column {missing[0]!r}" if missing else "its header line is cut off"
                raise ReportError(
                    f"{name}: not a results file of wobbletop sweep ({what}); {ALLOWED}"
                )
            if len(set(columns)) != len(columns) or not all(columns):
                raise ReportError(f"{name}: line 1: empty or repeated column names; {ALLOWED}")
            continue
        if not complete and len(cells) != len(columns):
            break  # the last line of a sweep still running (or cut off): not a game yet
        if len(cells) != len(columns):
            raise ReportError(
                f"{name}: line {number}: {len(cells)} cells where the header has "
                f"{len(columns)}; {ALLOWED}"
            )
        row = dict(zip(columns, cells, strict=True))
        problem = _row_problem(row)
        if problem:
            raise ReportError(f"{name}: line {number}: {problem}; {ALLOWED}")
        rows.append(row)
    if not rows:
        raise ReportError(f"{name}: no games in it yet")
    games = sorted({row["game"] for row in rows})
    if len(games) != 1:
        shown_games = shown(", ".join(games))
        raise ReportError(f"{name}: games {shown_games}; allowed: one game per results file")
    axes = columns[len(INPUT_COLUMNS) : columns.index("status")]
    try:
        seat_names = registry.load(games[0]).seat_names
    except registry.UnknownGame:
        seat_names = ()
    players_vary = len({row["players"] for row in rows}) > 1
    points: dict[int, Point] = {}
    for row in rows:
        number = int(row["point"])
        if number not in points and len(points) >= MOST_POINTS:
            raise ReportError(
                f"{name}: more than {MOST_POINTS:,} points; allowed: at most {MOST_POINTS:,} "
                "points in one report (as in one sweep)"
            )
        if number not in points:
            inputs = {key: row[key] for key in axes}
            if players_vary:
                inputs = {"players": row["players"], **inputs}
            count = int(row["players"])
            points[number] = Point(number, inputs, tuple(seat_names[:count]))
        point = points[number]
        point.rows.append(row)
        if not point.seats_seen and row["status"] == OK and row.get(SEATS_COLUMN):
            point.seats = _seat_list(row[SEATS_COLUMN], point.seats)
            point.seats_seen = True
    ordered = [points[number] for number in sorted(points)]
    axes = ["players", *axes] if players_vary else axes
    return Results(path, games[0], axes, columns, ordered, tuple(seat_names))


def _lines(path: Path, name: str) -> Iterator[tuple[int, str, bool]]:
    """``(line number, text, complete)`` for each line of a results file, after checking it is
    a regular file of sane size (a FIFO must not hang the report, nor ``/dev/zero`` fill memory)
    holding UTF-8 text."""
    fd = open_regular_file(
        path,
        name,
        what="results file",
        allowed="a results file (.csv)",
        max_bytes=MAX_RESULTS_BYTES,
        too_big_hint=" (report on a part of the sweep)",
        error=ReportError,
    )
    with os.fdopen(fd, "rb") as file:
        try:
            for number, raw in enumerate(file, start=1):
                if b"\0" in raw or b"\r" in raw:
                    raise ReportError(f"{name}: line {number}: not a line of text; {ALLOWED}")
                try:
                    text = raw.decode("utf-8")
                except UnicodeDecodeError:
                    raise ReportError(
                        f"{name}: line {number}: not UTF-8 text; {ALLOWED}"
                    ) from None
                yield number, text, text.endswith("\n")
        except OSError as error:
            raise ReportError(f"{name}: cannot read: {error.strerror or error}") from None


def _row_problem(row: Mapping[str, str]) -> str | None:
    """Why a row is not a row of a sweep, or None."""
    for column in ("point", "seed", "players"):
        value = row[column]
        if not (value.isascii() and value.isdigit() and len(value) <= 12):
            return f"{column}: {shown(value)}; allowed: a whole number of at least 0"
    if not row["game"]:
        return "game: empty; allowed: the game's name"
    if row["status"] not in STATUSES:
        return f"status: {shown(row['status'])}; allowed: {', '.join(STATUSES)}"
    return None


def _seat_list(text: str, fallback: tuple[str, ...]) -> tuple[str, ...]:
    try:
        names = json.loads(text)
    except json.JSONDecodeError:
        return fallback
    if isinstance(names, list) and names and all(isinstance(n, str) for n in names):
        return tuple(names)
    return fallback


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a rate ``wins / games`` (NaN, NaN for no games)."""
    if games == 0:
        return math.nan, math.nan
    rate = wins / games
    spread = z * z / games
    centre = (rate + spread / 2) / (1 + spread)
    half = z * math.sqrt(rate * (1 - rate) / games + spread / (4 * games)) / (1 + spread)
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and its 95 % interval (mean ± 1.96 standard errors); NaNs for no values."""
    if not values:
        return math.nan, math.nan, math.nan
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.nan, math.nan
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


# --------------------------------------------------------------------------------------------
# Tables


def point_table(results: Results) -> tuple[list[str], list[list[str]]]:
    """One row per point: games, failures, win rate per seat, reasons, lengths, tower heights."""
    seats = results.all_seats()
    length = _length_column(results)
    header = ["point", *results.axes, "games", "failed"]
    header += [f"{seat} wins (95 % interval)" for seat in seats] + ["outcome reasons"]
    header += [f"{length} mean (95 %)", f"{length} median"] if length else []
    towers = "tower_height" in results.columns
    header += ["tower height mean (95 %)", "tower height max"] if towers else []
    table = []
    for point in results.points:
        ok = point.ok
        row = [str(point.number), *(point.inputs.get(axis, "") for axis in results.axes)]
        row += [str(len(ok)), str(len(point.rows) - len(ok))]
        for seat in seats:
            wins = sum(game.get("winner") == seat for game in ok)
            row.append(_rate_text(wins, len(ok)) if seat in point.seats else "")
        reasons = Counter(game.get("reason", "") or "?" for game in ok)
        row.append("; ".join(f"{reason} {count}" for reason, count in reasons.most_common()))
        if length:
            values = point.numbers(length)
            row += [_mean_text(values), _fmt(statistics.median(values)) if values else ""]
        if towers:
            heights = point.numbers("tower_height")
            row += [_mean_text(heights), _fmt(max(heights)) if heights else ""]
        table.append(row)
    return header, table


def bot_table(results: Results) -> tuple[list[str], list[list[str]]] | None:
    """Each bot's win rate over the games it played (when ``options.bots`` is an axis)."""
    counts = _bot_counts(results)
    if len(counts) < 2:
        return None
    rows = [
        [bot, str(played), _rate_text(won, played)] for bot, (won, played) in sorted(counts.items())
    ]
    return ["bot", "seat-games", "wins (95 % interval)"], rows


def _bot_counts(results: Results) -> dict[str, tuple[int, int]]:
    """``{bot: (games won, games played)}`` from the ``options.bots`` axis, or {}."""
    if "options.bots" not in results.axes:
        return {}
    played: Counter[str] = Counter()
    won: Counter[str] = Counter()
    for point in results.points:
        for game in point.ok:
            try:
                bots = json.loads(game["options.bots"])
            except (json.JSONDecodeError, TypeError):
                return {}
            if not isinstance(bots, list):
                return {}
            for seat, bot in zip(point.seats, bots, strict=False):
                played[str(bot)] += 1
                won[str(bot)] += game.get("winner") == seat
    return {bot: (won[bot], played[bot]) for bot in played}


def _length_column(results: Results) -> str:
    for name in ("turns", "frames", "sim_seconds"):
        if name in results.columns and any(point.numbers(name) for point in results.points):
            return name
    return ""


def _rate_text(wins: int, games: int) -> str:
    if games == 0:
        return "-"
    low, high = wilson(wins, games)
    return f"{100 * wins / games:.0f} % ({100 * low:.0f}–{100 * high:.0f})"


def _mean_text(values: Sequence[float]) -> str:
    mean, low, high = mean_interval(values)
    if math.isnan(mean):
        return ""
    return _fmt(mean) if math.isnan(low) else f"{_fmt(mean)} ({_fmt(low)}–{_fmt(high)})"


def _fmt(value: float) -> str:
    return f"{value:.3g}" if abs(value) < 1000 else f"{value:.0f}"


def _number(text: str) -> float | None:
    try:
        value = float(text)
    except (TypeError, ValueError):
        return None
    return value if math.isfinite(value) else None


# --------------------------------------------------------------------------------------------
# Plots


PLOTS_MISSING = (
    "wobbletop report draws its plots with matplotlib, which is not installed; install the "
    "report extra: pip install 'wobbletop[report]' (from a checkout: pip install -e '.[report]')"
)


def require_plots() -> None:
    """Refuse in one line, before anything is read or written, when matplotlib (the ``report``
    extra: a player's install does not pull it) is missing."""
    if importlib.util.find_spec("matplotlib") is None:
        raise ReportError(PLOTS_MISSING)


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def plot_win_rates(results: Results, out: Path) -> Path | None:
    seats = results.all_seats()
    if not any(game.get("winner") for point in results.points for game in point.ok):
        return None
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(max(5.0, 1.2 * len(results.points) + 2), 3.6))
    width = 0.8 / max(1, len(seats))
    for index, seat in enumerate(seats):
        xs: list[float] = []
        rates: list[float] = []
        below: list[float] = []
        above: list[float] = []
        for x, point in enumerate(results.points):
            ok = point.ok
            if seat not in point.seats or not ok:
                continue
            wins = sum(game.get("winner") == seat for game in ok)
            xs.append(x + (index - (len(seats) - 1) / 2) * width)
            _add_rate(wins, len(ok), rates, below, above)
        axes.bar(xs, rates, width, yerr=[below, above], capsize=3, label=seat)
    axes.set_xticks(
        range(len(results.points)), [_short(p.label) for p in results.points], fontsize="small"
    )
    axes.set_ylim(0, 1)
    axes.set_ylabel("win rate (95 % interval)")
    axes.set_xlabel("point")
    axes.set_title(f"{results.game}: win rate per seat")
    axes.legend(fontsize="small")
    return _save(plt, figure, out / "win_rate.png")


def plot_bot_win_rates(results: Results, out: Path) -> Path | None:
    """Each bot's win rate over all its games (when the seats' bots are an axis)."""
    table = bot_table(results)
    if table is None:
        return None
    counts = _bot_counts(results)
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(max(4.0, 1.3 * len(counts) + 1.5), 3.6))
    names = sorted(counts)
    rates: list[float] = []
    below: list[float] = []
    above: list[float] = []
    for name in names:
        won, played = counts[name]
        _add_rate(won, played, rates, below, above)
    axes.bar(names, rates, 0.6, yerr=[below, above], capsize=4, color="tab:green")
    axes.axhline(0.5, color="grey", linewidth=0.8, linestyle="--")
    axes.set_ylim(0, 1)
    axes.set_ylabel("win rate (95 % interval)")
    games = sum(len(point.ok) for point in results.points)
    axes.set_title(f"{results.game}: win rate per bot, {games} games")
    return _save(plt, figure, out / "bot_win_rate.png")


def plot_game_lengths(results: Results, out: Path) -> Path | None:
    length = _length_column(results)
    if not length:
        return None
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(6.4, 3.6))
    samples = [(point.label, point.numbers(length)) for point in results.points]
    samples = [(label, values) for label, values in samples if values]
    if len(samples) <= 6:
        bins = _bins([v for _, values in samples for v in values])
        for label, values in samples:
            axes.hist(values, bins=bins, histtype="step", linewidth=1.5, label=_short(label))
        axes.set_xlabel(length)
        axes.set_ylabel("games")
        if len(samples) > 1:
            axes.legend(fontsize="small")
    else:
        axes.boxplot([values for _, values in samples])
        axes.set_xticks(
            range(1, len(samples) + 1), [_short(label) for label, _ in samples], fontsize="small"
        )
        axes.set_ylabel(length)
        axes.set_xlabel("point")
    axes.set_title(f"{results.game}: game length ({length})")
    return _save(plt, figure, out / "game_length.png")


def numeric_axes(results: Results) -> list[str]:
    """Axes whose values are all numbers, with at least two different values."""
    found = []
    for axis in results.axes:
        values = {point.inputs.get(axis, "") for point in results.points}
        numbers = {_number(value) for value in values}
        if len(values) > 1 and None not in numbers:
            found.append(axis)
    return found


def plot_outcomes_against(results: Results, axis: str, out: Path) -> Path | None:
    pooled = _pooled(results, axis)
    reasons = Counter(game.get("reason", "") or "?" for games in pooled.values() for game in games)
    if not reasons:
        return None
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(6.4, 3.6))
    xs = sorted(pooled)
    for reason, _ in reasons.most_common(REASONS_PLOTTED):
        rates: list[float] = []
        below: list[float] = []
        above: list[float] = []
        for x in xs:
            games = pooled[x]
            count = sum((game.get("reason", "") or "?") == reason for game in games)
            _add_rate(count, len(games), rates, below, above)
        axes.errorbar(xs, rates, yerr=[below, above], marker="o", capsize=3, label=reason)
    axes.set_ylim(0, 1)
    axes.set_xlabel(axis)
    axes.set_ylabel("share of games (95 % interval)")
    axes.set_title(f"{results.game}: outcomes against {axis.split('.')[-1]}")
    axes.legend(fontsize="small")
    return _save(plt, figure, out / f"outcomes_vs_{_file_part(axis)}.png")


def plot_towers_against(results: Results, axis: str, out: Path) -> Path | None:
    if "tower_height" not in results.columns:
        return None
    pooled = _pooled(results, axis)
    xs, means, below, above = [], [], [], []
    for x in sorted(pooled):
        heights = [v for g in pooled[x] if (v := _number(g.get("tower_height", ""))) is not None]
        mean, low, high = mean_interval(heights)
        if math.isnan(mean):
            continue
        xs.append(x)
        means.append(mean)
        below.append(0.0 if math.isnan(low) else mean - low)
        above.append(0.0 if math.isnan(high) else high - mean)
    if not xs:
        return None
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(6.4, 3.6))
    axes.errorbar(xs, means, yerr=[below, above], marker="o", capsize=3)
    axes.set_xlabel(axis)
    axes.set_ylabel("tower height, disks (mean, 95 %)")
    axes.set_title(f"{results.game}: tower height against {axis.split('.')[-1]}")
    return _save(plt, figure, out / f"tower_height_vs_{_file_part(axis)}.png")


def _add_rate(
    count: int, games: int, rates: list[float], below: list[float], above: list[float]
) -> None:
    """Append a rate and its error-bar lengths (never negative, as matplotlib requires)."""
    low, high = wilson(count, games)
    rate = count / games
    rates.append(rate)
    below.append(max(0.0, rate - low))
    above.append(max(0.0, high - rate))


def _pooled(results: Results, axis: str) -> dict[float, list[dict[str, str]]]:
    pooled: dict[float, list[dict[str, str]]] = defaultdict(list)
    for point in results.points:
        value = _number(point.inputs.get(axis, ""))
        if value is not None and point.ok:
            pooled[value].extend(point.ok)
    return pooled


def _bins(values: Sequence[float]) -> Any:
    import numpy as np

    if not values:
        return 10
    low, high = min(values), max(values)
    return np.linspace(low, high if high > low else low + 1, 21)


def _short(label: str, most: int = 28) -> str:
    return "\n".join(
        line if len(line) <= most else line[: most - 1] + "…" for line in label.splitlines()
    )


def _compact(value: str) -> str:
    """A cell for a plot label: a JSON list as ``a/b``, anything else as it is."""
    try:
        items = json.loads(value)
    except (json.JSONDecodeError, TypeError):
        return value
    return "/".join(str(item) for item in items) if isinstance(items, list) else value


def _file_part(axis: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", axis)


def _save(plt: Any, figure: Any, path: Path) -> Path:
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)
    return path


# --------------------------------------------------------------------------------------------
# The report


def write_report(results_path: Path, out: Path) -> list[Path]:
    """Write the tables, plots and page into ``out``; return the files written.

    The results file and ``out`` are checked before anything is written: ``out`` is a folder,
    or made (with its parents) when missing; a file, FIFO or device there is refused. A write
    that fails on the way (a full disk) is one :class:`ReportError` line."""
    require_plots()
    results = read_results(results_path)
    shown_out = shown_path(out)
    if out.exists() and not out.is_dir():
        raise ReportError(
            f"--out {shown_out}: is a file, not a folder; allowed: a folder for the report "
            "(made if missing)"
        )
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise ReportError(
            f"--out {shown_out}: cannot make the folder: {error.strerror or error}"
        ) from None
    try:
        return _write_all(results, out)
    except OSError as error:
        reason = error.strerror or type(error).__name__
        if error.errno in (errno.ENOSPC, errno.EDQUOT):
            reason = f"the disk is full ({reason})"
        raise ReportError(
            f"--out {shown_out}: cannot write the report: {reason}; what was written is "
            "incomplete: run the report again once there is room"
        ) from None


def _write_all(results: Results, out: Path) -> list[Path]:
    header, table = point_table(results)
    written = [_write_csv(out / "points.csv", header, table)]
    plots = [
        plot_bot_win_rates(results, out),
        plot_win_rates(results, out),
        plot_game_lengths(results, out),
    ]
    for axis in numeric_axes(results):
        plots += [
            plot_outcomes_against(results, axis, out),
            plot_towers_against(results, axis, out),
        ]
    images = [plot for plot in plots if plot is not None]
    page = out / "report.html"
    page.write_text(_html(results, (header, table), bot_table(results), images), encoding="utf-8")
    return [*written, *images, page]


def _write_csv(path: Path, header: list[str], table: list[list[str]]) -> Path:
    with open(path, "w", encoding="utf-8", newline="") as file:
        writer = csv.writer(file, lineterminator="\n")
        writer.writerow(header)
        writer.writerows(table)
    return path


def _html(
    results: Results,
    points: tuple[list[str], list[list[str]]],
    bots: tuple[list[str], list[list[str]]] | None,
    images: Sequence[Path],
) -> str:
    games = sum(len(point.rows) for point in results.points)
    failed = sum(len(point.rows) - len(point.ok) for point in results.points)
    parts = [
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{html.escape(results.game)} sweep report</title>",
        "<style>body{font-family:sans-serif;margin:2em;max-width:70em}"
        "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;"
        "padding:.3em .6em;text-align:left;font-size:90%}th{background:#eee}"
        "img{max-width:100%;margin:.5em 0}</style></head><body>",
        f"<h1>{html.escape(results.game)}: {games} games</h1>",
        f"<p>From <code>{html.escape(str(results.path))}</code>: {len(results.points)} "
        f"point(s), {failed} failed game(s). Intervals are 95 % (Wilson for rates, "
        "mean ± 1.96 standard errors for means).</p>",
        "<h2>Per point</h2>",
        _html_table(*points),
    ]
    if bots is not None:
        parts += ["<h2>Per bot</h2>", _html_table(*bots)]
    parts.append("<h2>Plots</h2>")
    for image in images:
        data = base64.b64encode(image.read_bytes()).decode("ascii")
        parts.append(f'<p><img alt="{html.escape(image.stem)}" src="data:image/png;base64,{data}">')
    parts += _failures_html(results)
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def _html_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    head = "".join(f"<th>{html.escape(cell)}</th>" for cell in header)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>" for row in rows
    )
    return f"<table><tr>{head}</tr>{body}</table>"


def _failures_html(results: Results, most: int = 20) -> list[str]:
    failed = [(point, row) for point in results.points for row in point.rows if row["status"] != OK]
    if not failed:
        return []
    rows = [[str(p.number), row["seed"], row["status"], row["error"]] for p, row in failed[:most]]
    more = f"<p>… and {len(failed) - most} more.</p>" if len(failed) > most else ""
    return ["<h2>Failed games</h2>", _html_table(["point", "seed", "status", "error"], rows), more]


def text_summary(results_path: Path, written: Sequence[Path]) -> list[str]:
    """What the command prints: the per-point table in plain text and the files written."""
    results = read_results(results_path)
    header, table = point_table(results)
    keep = [i for i, name in enumerate(header) if name != "outcome reasons"]
    rows = [[header[i] for i in keep], *([row[i] for i in keep] for row in table)]
    widths = [max(len(row[i]) for row in rows) for i in range(len(keep))]
    lines = [
        "  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip() for row in rows
    ]
    bots = bot_table(results)
    if bots is not None:
        rows = [bots[0], *bots[1]]
        widths = [max(len(row[i]) for row in rows) for i in range(len(bots[0]))]
        lines.append("")
        lines += [
            "  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows
        ]
    return [*lines, f"report: {written[-1]} ({len(written) - 1} more files beside it)"]


def report_command(args: Any) -> int:
    """``wobbletop report``: errors are one line on stderr and exit code 2."""
    results, out = Path(args.results), Path(args.out)
    try:
        written = write_report(results, out)
    except ReportError as error:
        print(f"wobbletop: {one_line(str(error))}", file=sys.stderr)
        return 2
    for line in text_summary(results, written):
        print(line)
    return 0
