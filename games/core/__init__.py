"""The core every game plugs into: the game protocol, the registry, options and errors.

- :mod:`~games.core.protocol`: ``Session``, ``GameSpec``, inputs and outcomes, the contract
  between a game and whatever runs it (the window, a headless run, a network peer);
- :mod:`~games.core.registry`: the list of games (a new game is one line there);
- :mod:`~games.core.options`, :mod:`~games.core.option_models`: the options a session takes
  and their one-line errors; :mod:`~games.core.checks`, :mod:`~games.core.errors`: shared
  checks of user data and the user-facing error base;
- :mod:`~games.core.rng`: dice and the seeded luck of a game; :mod:`~games.core.skill`: the
  computer's skill words;
- :mod:`~games.core.words`, :mod:`~games.core.pacing`: how seats and moves are named, how fast
  a computer plays; :mod:`~games.core.userdirs`: where a player's files live.

May import: ``datafiles``, ``physics`` (types and the config), and itself. Nothing here imports
a kit, a game, the runs, network play or the window.
"""
