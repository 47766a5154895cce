"""The physics-game kit Free play, Wallamoppi and Animal upon Animal are built from.

- :mod:`~games.physicskit.physics_session`: a session around a pymunk world (the player's and
  the computers' hands, settling, skipping idle frames);
- :mod:`~games.physicskit.hand`: the computer's hand (a computer seat's plan of inputs, played
  one frame at a time through the person's route);
- :mod:`~games.physicskit.idle`: telling when a world is at rest;
- :mod:`~games.physicskit.narration`: the status line's account of what was placed where.

May import: ``datafiles``, ``physics``, ``games.core``. No pygame.
"""
