"""Wobbletop's games and what they share: the game protocol, registry, dice, CLI and app shell.

Each game is one folder (``games/<id>/``) whose ``__init__`` exposes ``GAME``, a
:class:`games.protocol.GameSpec`, plus one line in :mod:`games.registry`. Inside a game folder:
``rules.py`` (pure Python), ``scene.py`` (pymunk, optional) and ``view.py`` (pygame).
"""

__version__ = "0.1.0"  # the one place; pyproject.toml reads it (tool.setuptools.dynamic)
