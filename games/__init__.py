"""Wobbletop's six games and the parts they are built from.

The layout (each part is a package whose ``__init__`` says what it is for and what it may
import)::

    games/
      core/        the core every game plugs into: protocol, registry, options, errors, dice
      turnkit/     the turn-based kit: turn session, turn order, grids, graph search, engine
      physicskit/  the physics-game kit: physics session, computer's hand, rest detection, narration
      runs/        runs without a player: headless, scenarios, regress, sweeps, saves, replay
      net/         network play: lockstep host and peers over websockets
      ui/          the window: app shell, menu, renderer, overlays, settings
      freeplay/ stonewall/ wallamoppi/ animals/ malloppo/ whacky/   the games
      cli.py, __main__.py   the ``wobbletop`` command

Below ``games/`` stand ``physics/`` (the 2D rigid-body layer on pymunk) and, under both,
``datafiles/`` (shipped data, reading user TOML files, digests).

The arrows point one way, each part importing only parts to its left (and never a part beside
it)::

    datafiles ← physics ← core ← turnkit, physicskit ← runs ← net ← ui ← the games ← cli

A game reaches the parts below it directly; the parts below reach a game only through the
registry, by name. ``tests/test_layout.py`` checks this.

Each game is one folder (``games/<id>/``) whose ``__init__`` exposes ``GAME``, a
:class:`games.core.protocol.GameSpec`, plus one line in :mod:`games.core.registry`. Inside a
game folder: ``rules.py`` (pure Python), ``scene.py`` (pymunk, optional) and ``view.py``
(pygame).
"""

__version__ = "0.1.0"  # the one place; pyproject.toml reads it (tool.setuptools.dynamic)
