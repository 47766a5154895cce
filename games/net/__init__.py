"""Network play: ``wobbletop host`` and ``wobbletop join``, exact by lockstep on inputs.

How it stays exact: every game already replays to the bit from its seed, its config and the
players' inputs at their frames (that is what saves and ``regress`` rely on). So the host keeps
the one true session and is the only one who decides at which frame an input takes effect; every
peer applies the same inputs at the same frames and reaches the same digest. A computer seat's
moves are never sent: they follow from the seed and the inputs on every machine, as in a save.

* :mod:`games.net.messages`: the versioned JSON messages, checked by a pydantic schema and a
  size limit; a bad, oversized, replayed (old ``seq``) or out-of-turn message is dropped with a
  log line, never pickled, never a crash.
* :mod:`games.net.lockstep`: the pure part (no asyncio, no pygame): the seats, the host's
  gate (a frame is ticked only once every peer has declared its inputs up to it), the stamping
  of inputs, whose turn an input may be played in, and the follower that applies the stream.
  In a physics game where one human seat alone may act (``leader``), that seat's machine runs
  ahead of the stream and applies its inputs at once at its own frames; the host takes nobody
  else's input meanwhile, so every table still applies the same inputs at the same frames,
  but forwards another seat's input the rules let it make (``FORWARDED``: Wallamoppi's marble
  release) to the leading machine, which plays it at its own frame and declares it as its own.
* :mod:`games.net.snapshot`: a game as the save text a joining or resynchronising peer loads,
  with the host's data files (boards, physics config) it is built on, checked as user files
  (:mod:`games.runs.saves`: a scenario of the game so far plus ``[save]``; loading it replays to the
  saved frame and checks the digest).
* :mod:`games.net.host` and :mod:`games.net.client`: the asyncio peers on ``websockets``.
* :mod:`games.net.commands`: the ``host`` and ``join`` subcommands.

No pygame is imported here: a headless host or a ``--computer`` peer runs without a display.

May import: ``datafiles``, ``physics``, ``games.core``, the two kits and ``games.runs``. The
window sits above: it imports this part, never the other way (the CLI hands ``commands`` the
windows to open).
"""
