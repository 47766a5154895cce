"""Running games without a player: headless runs, scenarios, regress, sweeps, saves and replays.

- :mod:`~games.runs.headless`: one game to its end without a window;
- :mod:`~games.runs.scenario`, :mod:`~games.runs.goldens`, :mod:`~games.runs.regress`:
  scenario files, their expected digests and the regression run;
- :mod:`~games.runs.sweep`, :mod:`~games.runs.sweep_results`, :mod:`~games.runs.pool`,
  :mod:`~games.runs.report`: sweeps of the constants over a job pool and their report;
- :mod:`~games.runs.saves`, :mod:`~games.runs.replay`, :mod:`~games.runs.undo`,
  :mod:`~games.runs.side_by_side`: keeping a game, replaying and rewinding it;
- :mod:`~games.runs.tuning`, :mod:`~games.runs.toml_edit`: the constants panel's rules and
  editing a TOML file in place; :mod:`~games.runs.console`, :mod:`~games.runs.interrupts`:
  progress lines and Ctrl+C.

May import: ``datafiles``, ``physics``, ``games.core`` and the two kits. Games are reached
only through the registry (by name), never imported; no pygame.
"""
