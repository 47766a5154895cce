"""Headless runs: a game with computer seats and no display, advanced frame by frame.

``wobbletop run GAME --seed N`` builds the session from the registry with every seat
a computer, ticks it until the game ends (or the frame limit), and prints one JSON line: the
session's ``result()`` plus the digest of the final state. Each game's spec says what a headless
run needs (``GameSpec.headless_options``: Free play runs its scripted drop-and-settle scene) and
when to stop (``GameSpec.headless_seconds`` of simulated time, turned into frames here with the
config's ``step_hz``, so a limit means the same time at any frame rate).

The tick loop here (:func:`drive`) is also what replays scenario files, so a headless run and a
regression run advance a session the same way: inputs due at a frame are handled *before* that
frame's tick. This module and everything it imports must never import pygame.
"""

from __future__ import annotations

import json
import math
import sys
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from games.core import registry
from games.core.errors import UserError
from games.core.protocol import GameSpec, InputEvent, SeatKind, Session, SessionSetup
from physics.config import PhysicsConfig, load_config

# A game whose spec sets no frame limit must still stop: 10 simulated minutes.
SAFETY_LIMIT_SECONDS = 600
PROGRESS_DELAY = 1.0  # seconds a run takes before its progress bar (on a terminal) appears
# The longest run anyone may ask for (--frames, a scenario's frames): one simulated hour.
MAX_RUN_SECONDS = 3600


class HeadlessError(UserError):
    """A headless run that cannot start (bad --players, say); ``str()`` is one line."""


def seats_for(spec: GameSpec, players: int | None) -> tuple[SeatKind, ...]:
    """All-computer seats: ``players`` of them (checked against the game), else the minimum."""
    most = len(spec.seat_names)
    count = spec.min_seats if players is None else players
    if not spec.min_seats <= count <= most:
        allowed = f"{spec.min_seats}" if spec.min_seats == most else f"{spec.min_seats} to {most}"
        raise HeadlessError(
            f"--players {count}: not a number of seats of {spec.id}; allowed: {allowed}"
        )
    return (SeatKind.COMPUTER,) * count


def frame_limit(
    spec: GameSpec, config: PhysicsConfig, frames: int | None, key: str = "--frames"
) -> int:
    """The frames to run at most: ``--frames``, else the game's own limit, else a safety cap.

    An asked-for limit is at most :data:`MAX_RUN_SECONDS` of simulated time at the config's
    frame rate (a run of 100 million frames would never end); ``key`` names it in errors.
    """
    if frames is not None:
        most = MAX_RUN_SECONDS * config.world.step_hz
        if not 1 <= frames <= most:
            raise HeadlessError(
                f"{key} {frames}: allowed: a whole number from 1 to {most:,} (an hour of "
                f"simulated time at {config.world.step_hz} Hz)"
            )
        return frames
    seconds = spec.headless_seconds or SAFETY_LIMIT_SECONDS
    return math.ceil(seconds * config.world.step_hz)


def drive(
    session: Session,
    limit: int,
    inputs: Iterable[InputEvent] = (),
    *,
    stop_at_outcome: bool = True,
    progress: bool = False,
) -> list[InputEvent]:
    """Tick ``session`` up to frame ``limit``, handling each input just before its frame's tick.

    With ``stop_at_outcome`` the run ends as soon as the game has an outcome. Inputs due at the
    final frame are still handled (a recording saved between ticks holds such inputs). An input
    the game refuses raises :class:`~games.core.protocol.InputRefused`. Returns the inputs never
    handled (due after the game ended or after the limit), so a caller can say so.
    """
    pending = deque(sorted(inputs, key=lambda event: event.frame))
    bar = _progress_bar(limit - session.frame) if progress else None
    try:
        while session.frame < limit:
            if stop_at_outcome and session.outcome is not None:
                return list(pending)
            handled = bool(pending) and pending[0].frame <= session.frame
            while pending and pending[0].frame <= session.frame:
                session.handle(pending.popleft())
            # frames in which nothing moves and nobody acts are taken at once (event-driven),
            # never past the next input, never the frame an input was handled on
            due = pending[0].frame if pending else limit
            idle = 0 if handled else session.idle_frames(min(limit, due) - session.frame)
            if idle > 0:
                session.skip(idle)
            else:
                session.tick()
            if bar is not None:
                bar.update(max(idle, 1))
        if not (stop_at_outcome and session.outcome is not None):
            while pending and pending[0].frame <= session.frame:
                session.handle(pending.popleft())
        return list(pending)
    finally:
        if bar is not None:
            bar.close()


def _progress_bar(total: int) -> Any:
    from tqdm import tqdm

    # Shown only once the run has taken a second: a short run prints nothing.
    return tqdm(
        total=total, unit="frame", file=sys.stderr, leave=False, miniters=60, delay=PROGRESS_DELAY
    )


def new_session(
    spec: GameSpec,
    config: PhysicsConfig,
    seed: int,
    seats: Sequence[SeatKind],
    options: Mapping[str, Any],
) -> Session:
    """A fresh session of ``spec``, built from nothing but these values.

    The options are checked against the game's declared options first
    (:meth:`~games.core.protocol.GameSpec.new_session`: a one-line
    :class:`~games.core.options.OptionsError`).
    """
    setup = SessionSetup(config=config, seed=seed, seats=tuple(seats), options=dict(options))
    return spec.new_session(setup)


def summary(session: Session) -> dict[str, Any]:
    """What a headless run prints: ``session.result()`` plus the final digest."""
    return {**session.result(), "digest": session.digest()}


def play_headless(
    game_id: str,
    config_path: Path | None,
    seed: int,
    *,
    players: int | None = None,
    frames: int | None = None,
    progress: bool = False,
    after: Callable[[Session], None] | None = None,
    options: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Run ``game_id`` with computer seats to its end (or the limit) and return the summary;
    ``after`` is handed the session first (``run --save`` saves it: :mod:`games.runs.saves`);
    ``options`` are laid on the game's headless ones (``run --skill``)."""
    spec = registry.load(game_id)
    config = load_config(config_path).config
    seats = seats_for(spec, players)
    session = new_session(spec, config, seed, seats, {**spec.headless_options, **(options or {})})
    drive(session, frame_limit(spec, config, frames), progress=progress)
    if after is not None:
        after(session)
    return summary(session)


def run_headless(
    game_id: str,
    config_path: Path | None,
    seed: int,
    *,
    players: int | None = None,
    frames: int | None = None,
    after: Callable[[Session], None] | None = None,
    options: Mapping[str, Any] | None = None,
) -> int:
    """The ``wobbletop run`` command: print the summary as one JSON line; return exit code 0."""
    result = play_headless(
        game_id,
        config_path,
        seed,
        players=players,
        frames=frames,
        progress=sys.stderr.isatty(),
        after=after,
        options=options,
    )
    print(json.dumps(result))
    return 0
