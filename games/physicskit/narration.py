"""The physics games' status line in one voice (issue 21, point 8). Pure Python.

What happened last, in the past tense, then what happens now, in the present: "Light placed a
dark disk on row 2, 3rd from the left · Dark places a light disk on the wall (5/36)". Every
line starts with a capital (a seat's name included); a seat named inside a line is capitalised
by the caller with :func:`capital`.
"""

from __future__ import annotations


def capital(text: str) -> str:
    """``text`` with its first letter a capital ("red" → "Red")."""
    return text[:1].upper() + text[1:]


def narrate(last: str | None, now: str) -> str:
    """The status line: ``last`` (what happened, without a "Turn N: " prefix) then ``now``."""
    if last is None:
        return capital(now)
    if last.startswith("Turn "):
        last = last.split(": ", 1)[-1]
    return f"{capital(last)} · {capital(now)}"
