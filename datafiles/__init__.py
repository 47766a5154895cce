"""The ground floor under ``physics/`` and ``games/``: the files Wobbletop reads and their digests.

- :mod:`datafiles.assets`: where the shipped data lives (the default ``physics.toml``, board
  maps, scenario and sweep files) and reading each board once;
- :mod:`datafiles.userfile`: reading a TOML file a user hands us without trusting it (sizes,
  depth, one-line errors naming the file);
- :mod:`datafiles.sha`: SHA-256 for the digests of runs, worlds and files.

Pure Python on the standard library (and ``tomli`` before 3.11). May import nothing else of
the project: both the physics layer and the rule engines stand on it.
"""
