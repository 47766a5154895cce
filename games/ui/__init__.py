"""The desktop shell: pygame window, menu, renderer and the views that map input to moves.

How to write a game's window (``games/<game>/view.py``)
-------------------------------------------------------
Define ``make_view(app, session) -> View``; the spec's ``view_module`` names the module. The
app (:class:`games.ui.app.App`) gives a view what :class:`games.ui.view.Window` names (type
``app`` with it): ``app.play_rect`` (the screen area between the title and status bars; it
changes when the window is resized, so lay out every frame), ``app.notify(text, kind=...)``,
``app.renderer`` and ``app.computer_speed``. The view:

- ``handle_event(event)``: pygame events meant for the game (the shell keeps Esc, P, Space,
  F5, Ctrl+R, H, F1, M, O and T unless the view lists them in ``own_keys``, in a physics game
  also C, the constants panel (games/ui/tune_panel.py), and F11 always; while that panel is
  open, the mouse over it and the keys it reads are its own). Turn
  them into session inputs with ``self.send(action, x, y, data)``: it calls
  ``session.handle`` and, when the rules raise ``InputRefused``, shows the reason in red in
  the status bar and returns False.
- ``update(seconds)``: once per rendered frame before the fixed physics frames.
- ``draw(surface, renderer)``: paint ``app.play_rect``; the shell draws the bars and overlays.
- ``status()``: the status bar line (default ``session.status()``).
- ``animating()``: True while the view shows something moving that the session does not (a
  die tumbling, a slide; by default: its ``animator`` is busy). A game at rest (its session's
  ``rest_key()`` unchanged, nothing animating) is not drawn again and its loop sleeps until
  input comes (games/ui/rest.py): a view that moves by itself must say so here.
- When ``session.outcome`` is set the shell's winner panel (games/ui/winner.py) takes a strip
  on the right of the play area (``app.play_rect`` narrows: lay out every frame) and says who
  won and why; a view may word the why itself with ``end_reason() -> str``, and may still
  paint an end screen of its own on the board (``draws_outcome = True``: a replay then shows
  no card of the shell's either). Overlays (help, settings, pause, the guided turn:
  games/ui/screens.py) are the shell's; the steps of a game's guided first turn are a table
  in games/ui/tutorial_steps.py.

Physics games subclass :class:`games.ui.physics_view.PhysicsView` and pass the world rectangle
(mm) to keep framed, e.g. ``PhysicsView(app, session, WorldRect(-300, -30, 420, 190))``. Mouse
dragging ("grab"/"move"/"release" with world points, Shift = rotation-locked grip) is done;
override ``on_press(point, lock)`` / ``on_drop(point)`` to add clicks (a marble, a button),
``draw_overlay(surface, renderer)`` to draw extras over the table, and ``may_grab`` in the
session to refuse touches. Screen ↔ world: ``self.camera.to_world(pixel)`` and
``self.camera.to_screen(point_mm)``; ``self.camera.px(mm)`` for lengths. Several worlds (a
marble box beside the table) get their own ``Camera.fit(rect_mm, screen_rect)`` and
``renderer.draw_world(surface, camera, world)``. Colours follow tags ("dark", "light", "red",
"rgb:RRGGBB"…) then materials.

Board games subclass :class:`games.ui.view.View`; ``split_play_area`` (``games.ui.widgets``)
cuts a side panel off; ``renderer.draw_grid(surface, rect, cols, rows, cells=, walls=,
highlights=, labels=)`` draws the board and returns a ``GridGeometry`` whose ``cell_at(pixel)``,
``nearest_line(pixel)`` and ``cell_center(cell)`` map the mouse; ``GridWall(start, end, style=
"legal"|"illegal")`` previews a dragged wall; ``renderer.draw_token``, ``renderer.draw_die`` and
``widgets.Button`` draw pieces, dice and buttons; ``PLAYER_COLOURS`` gives seat colours.

Inside: only ``app.py`` imports the menu, the screens and the panels; they are typed with what
they ask of the window (:class:`games.ui.shell.Shell`), so none of them imports the app.

May import: everything below it (``datafiles``, ``physics``, ``games.core``, the kits,
``games.runs``, ``games.net``); never a game: a game's view module is found through the
registry by name (``GameSpec.view_module``). Its pure parts (the player's settings in
:mod:`games.ui.settings`, the guided turns' steps) import no pygame.
"""

import os

# pygame prints a greeting on import; the app has its own window title.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
