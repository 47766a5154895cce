"""Turn order of the dice games: who begins (an opening roll) and who plays next. Pure Python.

Both rule engines decide the first player the same way and pass the turn round the table the
same way, so the steps live here once:

* :func:`opening_step`: every contender rolls once, in seat order; the highest roll begins; the
  players tied for the highest roll again among themselves until one is highest.
* :func:`next_player`: the next seat round the table that is still in the game.
"""

from __future__ import annotations

from collections.abc import Container, Sequence


def opening_step(
    contenders: Sequence[int], rolls: Sequence[int], value: int
) -> tuple[list[int], list[int], int]:
    """One opening roll of ``value`` by the next contender.

    Returns (contenders, rolls so far, who acts next). When the opening is decided the
    contenders come back empty and "who acts next" is the player who begins.
    """
    rolls = [*rolls, value]
    if len(rolls) < len(contenders):
        return list(contenders), rolls, contenders[len(rolls)]
    best = max(rolls)
    tied = [p for p, v in zip(contenders, rolls, strict=True) if v == best]
    if len(tied) > 1:
        return tied, [], tied[0]
    return [], [], tied[0]


def next_player(current: int, players: int, playing: Container[int] | None = None) -> int:
    """The next seat after ``current`` (round the table) that is in ``playing`` (all if None);
    ``current`` itself if nobody else is."""
    for step in range(1, players + 1):
        seat = (current + step) % players
        if playing is None or seat in playing:
            return seat
    return current
