"""Undo for physics sandboxes by deterministic replay.

A physics world cannot step backwards, but it can be rebuilt: the same starting setup and the
same inputs at the same frames give the same world, bit for bit. Taking back the last drag is
therefore a fresh session from ``session.initial_setup`` fed every recorded input before that
drag's grab, run up to the grab's frame. The cost is a replay of the game so far (a few
milliseconds per simulated second for a settled table).
"""

from __future__ import annotations

from games.core.protocol import GameSpec, Session
from games.runs.headless import drive


class NothingToUndo(LookupError):
    """No drag to take back; ``str()`` is for the player."""


def take_back_last_drag(spec: GameSpec, session: Session) -> Session:
    """A new session that is ``session`` as it was just before its last grab."""
    grabs = [index for index, event in enumerate(session.recorded) if event.action == "grab"]
    if not grabs:
        raise NothingToUndo("nothing to undo: no piece has been moved yet")
    cut = grabs[-1]
    rewound = spec.new_session(session.initial_setup)
    drive(rewound, session.recorded[cut].frame, session.recorded[:cut], stop_at_outcome=False)
    return rewound
