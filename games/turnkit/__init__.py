"""The turn-based kit the dice games (Stonewall, Dammi il malloppo, Whacky Wit) are built from.

- :mod:`~games.turnkit.turn_session`: a turn-based session: seats, computers, undo, pacing;
- :mod:`~games.turnkit.turns`: turn order; :mod:`~games.turnkit.grid` and
  :mod:`~games.turnkit.graph`: board grids and graph search;
- :mod:`~games.turnkit.engine`: the snapshot engine (apply, undo by snapshot, legal moves);
- :mod:`~games.turnkit.bot_luck`: how a computer meets chance.

May import: ``datafiles``, ``games.core``. Pure Python: no pymunk, no pygame.
"""
