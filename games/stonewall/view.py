"""The Stonewall window: the board by the shared grid renderer, a side panel, mouse play.

Layout: the board fills the left of the play area, with column letters (A-I) and row numbers
(1-9, from the top) on its frame, as the rules' messages name squares and walls ("the double
wall under C2-D2"); the mover's goal square (far corner, then home) has a dotted ring in their
colour. The right panel (:func:`games.ui.widgets.split_play_area`; everything laid out inside it
every frame and wrapped to its width; in a short window it degrades, down to the app's 480x360
minimum: the log goes first, then tighter spacing and smaller type, player lines cut to one
short line, then hint and players drop from the bottom; nothing drawn past it) shows: whose turn
and what to do; a cue (a computer at work, "Blue thinks… (Undo still possible)" during the undo
grace, extra turns); the last roll on a die, opening rolls included, with a dot in the roller's
colour (click it, the Roll button or Enter to roll); Undo; the current player's wall stock
(single, double, triple, with counts: drag one); Pass (or No move when no move exists); a hint
for the mouse; every player's state and the latest events. The view lays the panel out;
:mod:`games.stonewall.panel` paints it. Every piece carries its seat's shape as well as its
colour (:mod:`games.ui.palette`), the corners too.

Mouse:

* Move: reachable squares are ringed green. Click one to move there. Where two different
  paths lead to the same square and only one goes through the Change-a-Wall corner, the ring
  is gold; the path shown while hovering is the one a click takes, and the right button (or
  Tab) switches between "through the corner" and "around it".
* Place: drag a wall from the stock onto the board. It snaps to the nearest guide line; the
  preview is green when legal, red when not, with the reason written under the board. R or the
  right button rotates it. Let go to place; Pass skips.
* Change a Wall: drag a placed wall to a new place, or drop it off the board to remove it.

Undo takes back your last move or wall until someone rolls; a computer that follows a human
waits a grace of 1.75 s before rolling (see :mod:`games.stonewall.session`). Every action goes
through ``session.handle`` so the rules check it and the recording keeps it.

What happened is shown, not only applied (:class:`games.ui.animation.Animator`, shared with the
other dice games): the die tumbles, a piece slides along its path square by square, a placed
wall drops in; a computer waits for that before its next action (the session's ``hold``), and
the last move (its path and the wall placed) stays marked in the mover's colour until the next.
The log in the panel reads one line per turn (``session.turn_log()``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from games.core.protocol import Session
from games.stonewall import panel
from games.stonewall.board import Wall
from games.stonewall.panel import COMPACT, HINT_SIZE, PLACED_WALL, REGULAR, PanelSpacing
from games.stonewall.rules import (
    EXTRA_TURN_ROLL,
    ChangeWall,
    MovePiece,
    NoMove,
    NoWallInStock,
    Phase,
    PlaceWall,
    Roll,
    State,
    action_to_json,
)
from games.stonewall.session import StonewallSession
from games.turnkit.grid import Square
from games.ui.animation import Mark
from games.ui.dice_view import GAP, PAD, DiceBoardView, fit_lines
from games.ui.palette import draw_seat_token, draw_square_mark, seat_colour
from games.ui.render import (
    ACCENT,
    GOOD,
    INK,
    REFUSED,
    Colour,
    GridGeometry,
    GridWall,
    Renderer,
    mix,
    shade,
)
from games.ui.view import View

if TYPE_CHECKING:  # pragma: no cover
    from games.ui.view import Window

PANEL_WIDTH = 310
PROBLEM_ROOM = 44  # px under the board for why a dragged wall is refused
WOOD: Colour = (214, 166, 104)
ARROW_LABELS = {"N": "↑", "E": "→", "S": "↓", "W": "←"}


@dataclass
class WallDrag:
    """A wall in the hand: from the stock (``old`` None) or a placed wall being changed."""

    length: int
    orientation: str
    old: Wall | None = None
    pixel: tuple[int, int] = (0, 0)
    wall: Wall | None = None  # where it would go now
    problem: str | None = None  # why not, or None if legal


class StonewallView(DiceBoardView):
    panel_width = PANEL_WIDTH
    own_keys = frozenset()
    keys = (
        ("Click", "the die or Roll; a ringed square to move there"),
        ("Enter", "roll the die"),
        ("Drag", "a wall from your stock onto a guide line"),
        ("R / right button", "turn the wall in your hand"),
        ("Tab / right button", "move through your corner or around it"),
        ("U / Backspace", "undo your move or wall (until the next roll)"),
    )

    def __init__(self, app: Window, session: Session) -> None:
        super().__init__(app, session)
        assert isinstance(session, StonewallSession)
        self.game: StonewallSession = session
        self.geometry: GridGeometry | None = None
        self.hover: tuple[int, int] | None = None
        self.through_corner = True  # preferred variant where paths differ
        self.drag: WallDrag | None = None
        self.orientation = "h"
        self.buttons: dict[str, pygame.Rect] = {}
        self.stock_rects: dict[int, pygame.Rect] = {}
        self.die_rect = pygame.Rect(0, 0, 0, 0)
        self.headline_lines: list[str] = []
        self.cue_lines: list[str] = []
        self.cue_top = self.stock_title_top = self.hint_top = 0
        self.stock_unit = 30.0
        self.spacing = REGULAR
        self.seen = len(session.records)
        self.known = list(session.state.positions)  # where pieces stood at the last update
        self.layout()

    @property
    def state(self) -> State:
        return self.game.state

    # --- layout -------------------------------------------------------------------------
    def board_rect(self) -> pygame.Rect:
        """Where the squares are fitted: the board area less room for the coordinate frame
        and, below, two lines saying why a dragged wall is refused."""
        board, _ = self.areas()
        return pygame.Rect(board.left + GAP, board.top + GAP, board.width - 2 * GAP,
                           board.height - GAP - PROBLEM_ROOM)

    def layout(self) -> None:
        """Where the board, die, buttons and stock lie, fitted inside the panel (every frame:
        the window may have been resized); texts are wrapped to the panel's width."""
        renderer = self.app.renderer
        size = self.state.board.size
        self.geometry = GridGeometry.fit(self.board_rect(), size, size)
        panel = self.panel_rect()
        x, width = panel.left + PAD, panel.width - 2 * PAD
        scale = self.type_scale()
        regular = REGULAR if scale == 1.0 else PanelSpacing(
            *(round(getattr(REGULAR, f.name) * scale) if f.name != "top_lines"
              else REGULAR.top_lines for f in dataclasses.fields(PanelSpacing)))
        self.spacing = regular
        # Regular spacing only if it leaves room for a three-line hint and the short player
        # list, so the smaller layout is chosen by window size, not by the phase's words.
        wanted = 3 * (self.ts(HINT_SIZE) + 4) + 10 + self.state.players * self.ts(19)
        if self.fixed_height(regular, width) + wanted > panel.height - 2 * PAD:
            self.spacing = COMPACT
        sp = self.spacing
        y = panel.top + PAD
        # The words on top get a fixed height (one headline line, two cue lines) so the die
        # and the buttons below do not jump between phases; a wrapped headline takes cue room.
        self.headline_lines = renderer.wrap(self.headline(), width - self.ts(30), sp.headline,
                                            bold=True)[:2]
        cue_room = sp.top_lines - len(self.headline_lines)
        self.cue_lines = fit_lines(renderer, self.cue(), width, sp.cue, cue_room, bold=True)
        self.cue_top = y + len(self.headline_lines) * (sp.headline + 6) + 2
        y += (sp.headline + 6) + (sp.top_lines - 1) * (sp.cue + 5) + sp.gap
        die = self.die_size(sp, width)
        self.die_rect = pygame.Rect(x, y, die, die)
        button_width = (width - die - 12 - 8) // 2
        button_top = y + (die - sp.button) // 2
        self.buttons = {
            "roll": pygame.Rect(x + die + 12, button_top, button_width, sp.button),
            "undo": pygame.Rect(x + die + 20 + button_width, button_top, button_width,
                                sp.button),
        }
        y += die + sp.gap + 4
        self.stock_title_top = y
        y += sp.stock_title
        self.stock_unit = max(min(30.0 * scale, (width - 118 * scale) / 3), 12.0)
        self.stock_rects = {
            length: pygame.Rect(x, y + sp.stock_row * (length - 1), width, sp.stock_row - 4)
            for length in (1, 2, 3)
        }
        y += 3 * sp.stock_row + sp.gap - 4
        self.buttons["pass"] = pygame.Rect(x, y, min(self.ts(150), width), sp.button)
        self.hint_top = y + sp.button + sp.gap

    @staticmethod
    def die_size(spacing: PanelSpacing, width: int) -> int:
        return min(spacing.die, max(width // 4, spacing.die if spacing is COMPACT else 40))

    @staticmethod
    def fixed_height(sp: PanelSpacing, width: int) -> int:
        """Height of everything from the headline to the gap under the Pass button."""
        top = (sp.headline + 6) + (sp.top_lines - 1) * (sp.cue + 5) + sp.gap
        die_row = StonewallView.die_size(sp, width) + sp.gap + 4
        stock = sp.stock_title + 3 * sp.stock_row + sp.gap - 4
        return top + die_row + stock + sp.button + sp.gap

    # --- moves --------------------------------------------------------------------------
    def human_turn(self) -> bool:
        return self.game.human_to_act()

    def move_options(self) -> dict[Square, list[MovePiece]]:
        state = self.state
        if state.phase is not Phase.MOVE or not self.human_turn():
            return {}
        options: dict[Square, list[MovePiece]] = {}
        for move in state.legal_moves():
            options.setdefault(move.destination, []).append(move)
        return options

    def chosen_move(self, moves: list[MovePiece]) -> MovePiece:
        """Of the variants to one square, the one the player prefers (corner or not)."""
        far = self.state.board.square(self.state.far_corner(self.state.current))
        for move in moves:
            if (far in move.path) == self.through_corner:
                return move
        return moves[0]

    def click_square(self, square: Square) -> None:
        moves = self.move_options().get(square)
        if not moves:
            self.refuse(f"{square} cannot be reached with a {self.state.roll}")
            return
        self.send("move", data=action_to_json(self.chosen_move(moves)))

    # --- walls --------------------------------------------------------------------------
    def wall_at(self, pixel: tuple[int, int]) -> Wall | None:
        """The placed wall nearest the pixel (within a third of a square), if any."""
        geo = self.geometry
        if geo is None:
            return None
        best: tuple[float, Wall | None] = (geo.cell / 3, None)
        for wall in self.state.placed:
            points = wall.points()
            (ax, ay), (bx, by) = geo.corner(points[0]), geo.corner(points[-1])
            x = min(max(pixel[0], min(ax, bx)), max(ax, bx))
            y = min(max(pixel[1], min(ay, by)), max(ay, by))
            distance = ((pixel[0] - x) ** 2 + (pixel[1] - y) ** 2) ** 0.5
            if distance < best[0]:
                best = (distance, wall)
        return best[1]

    def snap(self, drag: WallDrag) -> None:
        """Put the dragged wall on the guide line nearest the pointer and judge it."""
        geo = self.geometry
        if geo is None:
            return
        fx = (drag.pixel[0] - geo.left) / geo.cell
        fy = (drag.pixel[1] - geo.top) / geo.cell
        if not geo.rect.inflate(geo.cell, geo.cell).collidepoint(drag.pixel):
            drag.wall, drag.problem = None, "off the board" if drag.old else None
            return
        if drag.orientation == "h":
            wall = Wall("h", round(fx - drag.length / 2), round(fy), drag.length)
        else:
            wall = Wall("v", round(fx), round(fy - drag.length / 2), drag.length)
        drag.wall = wall
        drag.problem = self.wall_problem(wall, drag.old)

    def wall_problem(self, wall: Wall, old: Wall | None) -> str | None:
        state = self.state
        if old is None and state.stocks[state.current][wall.length - 1] == 0:
            return str(NoWallInStock(f"no wall of length {wall.length} left"))
        if old is not None and wall == old:
            return "the wall has to move somewhere else"
        problem = state.wall_problem(wall, ignore=old)
        return str(problem) if problem else None

    def start_drag(self, pixel: tuple[int, int]) -> bool:
        state = self.state
        if not self.human_turn():
            return False
        if state.phase is Phase.WALL:
            for length, rect in self.stock_rects.items():
                if rect.collidepoint(pixel):
                    if state.stocks[state.current][length - 1] == 0:
                        self.refuse(f"no wall of length {length} left")
                        return True
                    self.drag = WallDrag(length, self.orientation, pixel=pixel)
                    return True
        if state.phase is Phase.CHANGE:
            wall = self.wall_at(pixel)
            if wall is not None:
                self.drag = WallDrag(wall.length, wall.orientation, old=wall, pixel=pixel)
                self.snap(self.drag)
                return True
        return False

    def drop(self) -> None:
        drag, self.drag = self.drag, None
        if drag is None:
            return
        if drag.old is not None and drag.wall is None:
            self.send("move", data={"type": "change", "old": drag.old.to_json(), "new": None})
            return
        if drag.wall is None:
            return  # dropped back beside the board: nothing happens
        if drag.problem:
            self.refuse(drag.problem)
            return
        if drag.old is None:
            self.send("move", data={"type": "place", "wall": drag.wall.to_json()})
        else:
            self.send("move", data={"type": "change", "old": drag.old.to_json(),
                                    "new": drag.wall.to_json()})

    def rotate(self) -> None:
        self.orientation = "v" if self.orientation == "h" else "h"
        if self.drag is not None:
            self.drag.orientation = "v" if self.drag.orientation == "h" else "h"
            self.snap(self.drag)

    # --- events -------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        self.layout()
        if event.type == pygame.MOUSEMOTION:
            self.hover = event.pos
            if self.drag is not None:
                self.drag.pixel = event.pos
                self.snap(self.drag)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.press(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.right_click()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.drop()
        elif event.type == pygame.KEYDOWN:
            self.key(event.key)

    def press(self, pixel: tuple[int, int]) -> None:
        self.hover = pixel
        if self.die_rect.collidepoint(pixel) or self.buttons["roll"].collidepoint(pixel):
            self.roll()
        elif self.buttons["undo"].collidepoint(pixel):
            self.send("undo")
        elif self.buttons["pass"].collidepoint(pixel):
            label, enabled = self.pass_button()
            if enabled:
                kind = "no_move" if label == "No move" else "pass"
                self.send("move", data={"type": kind})
        elif self.start_drag(pixel):
            return
        elif self.geometry is not None:
            cell = self.geometry.cell_at(pixel)
            if cell is not None and self.state.phase is Phase.MOVE and self.human_turn():
                self.click_square(Square(*cell))

    def right_click(self) -> None:
        if self.drag is not None or self.state.phase in (Phase.WALL, Phase.CHANGE):
            self.rotate()
        else:
            self.through_corner = not self.through_corner

    def key(self, key: int) -> None:
        if key == pygame.K_r:
            self.rotate()
        elif key == pygame.K_TAB:
            self.through_corner = not self.through_corner
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.roll()
        elif key == pygame.K_u or key == pygame.K_BACKSPACE:
            self.send("undo")

    def roll(self) -> None:
        if self.state.is_chance() and self.human_turn():
            self.send("roll")

    # --- animation --------------------------------------------------------------------
    def update(self, seconds: float) -> None:
        """Show the actions applied since the last frame: tumble, slide, drop, mark."""
        self.animator.advance(seconds)
        records, state = self.game.records, self.state
        if len(records) < self.seen:  # an undo: show the rules' state as it is
            self.animator.clear()
            self.seen = len(records)
        for record in records[self.seen:]:
            action, actor = record.action, record.actor
            if isinstance(action, Roll):
                self.animator.roll()
            elif isinstance(action, MovePiece):
                start = state.board.square(self.known[actor])
                points = [(float(sq.x), float(sq.y)) for sq in (start, *action.path)]
                self.animator.slide(("piece", actor), points)
                self.animator.mark(Mark("path", tuple(points), actor), new_move=True)
            elif isinstance(action, NoMove):
                self.animator.marks.clear()
            elif isinstance(action, PlaceWall | ChangeWall):
                wall = action.wall if isinstance(action, PlaceWall) else action.new
                if wall is not None:
                    self.animator.drop(("wall", wall))
                    ends = wall.points()
                    mark = Mark("wall", (ends[0], ends[-1]), actor)
                    self.animator.mark(mark, new_move=False)
        self.seen = len(records)
        self.known = list(state.positions)

    # --- words ------------------------------------------------------------------------
    def headline(self) -> str:
        """Whose turn and what they do, e.g. "Red: move 5 squares"."""
        state, game = self.state, self.game
        if state.is_over():
            return f"{state.name(state.winner or 0).title()} is home and wins!"
        name = state.name(state.current).title()
        if state.phase is Phase.MOVE and state.roll:
            return f"{name}: move {state.roll} square{'s' if state.roll > 1 else ''}"
        return f"{name}: {game.need()}"

    def cue(self) -> tuple[str, ...]:
        """The line under the headline: a computer at work, an undo chance, an extra turn;
        longest wording first, then shorter ones for a narrow panel."""
        state, game = self.state, self.game
        if state.is_over():
            return "F5 plays again, Esc goes to the menu", "F5: again · Esc: menu"
        name = state.name(state.current).title()
        if game.in_undo_grace():
            return f"{name} thinks… (Undo still possible)", "Undo still possible"
        if not self.human_turn():
            return f"{name} (computer) is playing…", f"{name} is playing…"
        if state.phase is Phase.OPENING:
            return "Highest roll starts; ties roll again", "Highest roll starts"
        four_to_come = state.phase is Phase.MOVE and state.roll == EXTRA_TURN_ROLL
        extra = state.extra_turns + four_to_come
        if extra and state.phase is not Phase.ROLL:
            more = f"{extra} more turn{'s' if extra > 1 else ''}"
            return f"{more} after this one", more
        if state.phase is Phase.ROLL and state.history and state.current == self.previous_actor():
            return ("Another turn!",)
        return ("",)

    def previous_actor(self) -> int | None:
        records = self.game.records
        return records[-1].actor if records else None

    def hint(self) -> str:
        """What to do with the mouse now (only on a human's turn)."""
        state = self.state
        if not self.human_turn():
            return ""
        goal = state.board.square(state.goal(state.current))
        goal_name = "home" if state.reached_far[state.current] else "your Change-a-Wall corner"
        return {
            Phase.OPENING: "Click the die or Roll (Enter) to roll for the start.",
            Phase.ROLL: "Click the die or Roll (Enter).",
            Phase.MOVE: self.move_hint(f"The dotted square {goal} is {goal_name}."),
            Phase.WALL: (
                "Drag a wall from your stock onto a guide line; R or the right button "
                "turns it. Pass places none."
            ),
            Phase.CHANGE: (
                "You reached your Change-a-Wall corner: drag a placed wall to another line, "
                "or off the board to remove it."
            ),
        }.get(state.phase, "")

    def move_hint(self, goal: str) -> str:
        options = self.move_options()
        if not options:
            return "No move is possible: click No move."
        far = self.state.board.square(self.state.far_corner(self.state.current))
        two_ways = any(len({far in m.path for m in moves}) > 1 for moves in options.values())
        choice = (
            " Gold ring: two ways there, through your Change-a-Wall corner or not; the right "
            f"button or Tab switches (now: {'through' if self.through_corner else 'around'} it)."
            if two_ways else ""
        )
        return f"Click a ringed square to move there. {goal}{choice}"

    def status(self) -> str:
        """The session's line; why a dragged wall is refused is written under the board
        (two lines there, where it is never cut), not added here."""
        return self.game.status()

    # --- drawing ------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, renderer: Renderer) -> None:
        self.layout()
        self.draw_panel_kept(surface, renderer)
        self.draw_board(surface, renderer)

    def player_colour(self, player: int) -> Colour:
        return seat_colour(self.state.name(player))

    def draw_board(self, surface: pygame.Surface, renderer: Renderer) -> None:
        state, board = self.state, self.state.board
        cells: dict[tuple[int, int], Colour] = {}
        for player, corner in enumerate(board.corners):
            colour = seat_colour(board.corner_names[player])
            cells[tuple(corner)] = mix(WOOD, colour, 0.55)  # type: ignore[index]
        cells[tuple(board.roll_again)] = mix(WOOD, ACCENT, 0.6)  # type: ignore[index]
        labels = {tuple(sq): ARROW_LABELS[d] for sq, d in board.arrows}
        labels[tuple(board.roll_again)] = "↻"
        options = self.move_options()
        highlights: dict[tuple[int, int], Colour] = {}
        far = board.square(state.far_corner(state.current))
        for square, moves in options.items():
            differs = len({far in m.path for m in moves}) > 1
            highlights[tuple(square)] = ACCENT if differs else GOOD  # type: ignore[index]
        walls = [self.grid_wall(board.edge_squares(e), "permanent") for e in board.permanent_edges]
        dragged_old = self.drag.old if self.drag else None
        dropping = [w for w in state.placed if self.animator.drop_height(("wall", w)) > 0]
        walls += [
            GridWall(tuple(w.points()[0]), tuple(w.points()[-1]),  # type: ignore[arg-type]
                     colour=PLACED_WALL if w != dragged_old else shade(PLACED_WALL, 1.6))
            for w in state.placed if w not in dropping
        ]
        self.geometry = renderer.draw_grid(
            surface, self.board_rect(), board.size, board.size,
            cells=cells, highlights=highlights, labels=labels,  # type: ignore[arg-type]
            walls=walls,
        )
        self.draw_coordinates(surface, renderer)
        self.draw_corner_marks(surface)
        self.draw_last_move(surface, renderer)
        self.draw_goal(surface)
        self.draw_path_preview(surface, options)
        self.draw_pieces(surface, renderer)
        self.draw_dropping(surface, renderer, dropping)
        self.draw_drag(surface, renderer)

    def draw_corner_marks(self, surface: pygame.Surface) -> None:
        """Each corner's owner's shape, small, so corners differ by more than their tint."""
        geo, board = self.geometry, self.state.board
        if geo is None:
            return
        for name, corner in zip(board.corner_names, board.corners, strict=True):
            draw_square_mark(surface, geo.cell_rect(corner), name,
                             mix(WOOD, seat_colour(name), 0.55))

    def draw_last_move(self, surface: pygame.Surface, renderer: Renderer) -> None:
        """The last move's path and wall, in the mover's colour, until the next move."""
        geo = self.geometry
        if geo is None:
            return
        for mark in self.animator.marks:
            colour = self.player_colour(mark.owner)
            if mark.kind == "path":
                points = [geo.point_center(p) for p in mark.points]
                renderer.draw_trail(surface, points, colour, geo.cell / 8)
            else:
                points = [geo.corner((round(p[0]), round(p[1]))) for p in mark.points]
                renderer.draw_trail(surface, points, colour, geo.cell * 0.4, ends=False)

    def draw_dropping(
        self, surface: pygame.Surface, renderer: Renderer, walls: list[Wall]
    ) -> None:
        """Walls just placed, still above the board: higher, with their shadow on it."""
        geo = self.geometry
        if geo is None:
            return
        for wall in walls:
            height = self.animator.drop_height(("wall", wall))
            lift = geo.cell * 1.2 * height
            ends = wall.points()
            shadow = GridWall(tuple(ends[0]), tuple(ends[-1]),  # type: ignore[arg-type]
                              colour=(40, 30, 22), style="legal")
            renderer.draw_grid_wall(surface, geo, shadow)
            raised = dataclasses.replace(geo, left=geo.left - lift * 0.3, top=geo.top - lift)
            bar = GridWall(tuple(ends[0]), tuple(ends[-1]),  # type: ignore[arg-type]
                           colour=PLACED_WALL)
            renderer.draw_grid_wall(surface, raised, bar)

    def draw_coordinates(self, surface: pygame.Surface, renderer: Renderer) -> None:
        """Column letters and row numbers on the board's frame, as the messages name squares."""
        if self.geometry is not None:
            renderer.draw_grid_labels(surface, self.geometry, shade(WOOD, 1.05))

    def draw_goal(self, surface: pygame.Surface) -> None:
        """A dotted ring in the mover's colour round the square they head for."""
        geo, state = self.geometry, self.state
        if geo is None or state.is_over() or state.phase is Phase.OPENING:
            return
        rect = geo.cell_rect(state.board.square(state.goal(state.current))).inflate(-6, -6)
        colour = self.player_colour(state.current)
        dot = max(round(geo.cell / 22), 2)
        steps = 10
        for side in range(4):
            for k in range(steps):
                t = k / steps
                point = {
                    0: (rect.left + t * rect.width, rect.top),
                    1: (rect.right, rect.top + t * rect.height),
                    2: (rect.right - t * rect.width, rect.bottom),
                    3: (rect.left, rect.bottom - t * rect.height),
                }[side]
                pygame.draw.circle(surface, shade(colour, 0.5), (round(point[0]) + 1,
                                                                 round(point[1]) + 1), dot)
                pygame.draw.circle(surface, colour, (round(point[0]), round(point[1])), dot)

    def grid_wall(self, squares: tuple[Square, Square], style: str) -> GridWall:
        a, b = squares
        if a.x == b.x:  # horizontal edge below a
            return GridWall((a.x, b.y), (a.x + 1, b.y), style=style)
        return GridWall((b.x, a.y), (b.x, a.y + 1), style=style)

    def draw_path_preview(
        self, surface: pygame.Surface, options: dict[Square, list[MovePiece]]
    ) -> None:
        geo = self.geometry
        if geo is None or self.hover is None:
            return
        cell = geo.cell_at(self.hover)
        moves = options.get(Square(*cell)) if cell else None
        if not moves:
            return
        move = self.chosen_move(moves)
        start = self.state.position(self.state.current)
        points = [geo.cell_center(sq) for sq in (start, *move.path)]
        colour = self.player_colour(self.state.current)
        pygame.draw.lines(surface, shade(colour, 0.7), False, points, max(round(geo.cell / 9), 3))
        for point in points[1:]:
            pygame.draw.circle(surface, colour, (round(point[0]), round(point[1])),
                               max(round(geo.cell / 12), 3))

    def draw_pieces(self, surface: pygame.Surface, renderer: Renderer) -> None:
        geo = self.geometry
        if geo is None:
            return
        state = self.state
        seen: dict[int, int] = {}
        for player in range(state.players):
            index = state.positions[player]
            offset = seen.get(index, 0)
            seen[index] = offset + 1
            square = state.board.square(index)
            shown = self.animator.position(("piece", player), (float(square.x), float(square.y)))
            x, y = geo.point_center(shown)
            shift = geo.cell * 0.18 * offset
            ring = INK if player == state.current and not state.is_over() else None
            draw_seat_token(renderer, surface, (x + shift, y - shift), geo.cell * 0.32,
                            state.name(player), ring=ring)

    def draw_drag(self, surface: pygame.Surface, renderer: Renderer) -> None:
        drag, geo = self.drag, self.geometry
        if drag is None or geo is None:
            return
        if drag.wall is not None and drag.wall.length > 0:
            points = drag.wall.points()
            style = "illegal" if drag.problem else "legal"
            renderer.draw_grid_wall(surface, geo, GridWall(points[0], points[-1], style=style))
        else:
            half = drag.length * geo.cell / 2
            x, y = drag.pixel
            end = (x + half, y) if drag.orientation == "h" else (x, y + half)
            start = (x - half, y) if drag.orientation == "h" else (x, y - half)
            pygame.draw.line(surface, shade(PLACED_WALL, 1.4), start, end,
                             max(round(geo.cell * 0.16), 4))
        if drag.problem:
            area, _ = self.areas()
            top = geo.rect.bottom + round(geo.cell * 0.25) + 6
            for i, line in enumerate(renderer.wrap(drag.problem, area.width - 2 * GAP, 16)[:2]):
                renderer.text(surface, line, (geo.rect.centerx, top + 19 * i),
                              size=16, colour=REFUSED, bold=True, anchor="midtop")

    def draw_panel(self, surface: pygame.Surface, renderer: Renderer) -> None:
        """The side panel (games/stonewall/panel.py)."""
        panel.draw_panel(self, surface, renderer)

    def panel_key(self) -> Hashable:
        state, game = self.state, self.game
        mouse = self.hover or (-1, -1)
        return (
            self.spacing, tuple(self.headline_lines), tuple(self.cue_lines), self.cue_top,
            self.shown_roll(), tuple(r.collidepoint(mouse) for r in self.buttons.values()),
            state.is_chance() and self.human_turn(), game.can_undo(), self.pass_button(),
            state.current, state.phase, state.is_over(), state.winner, self.stock_unit,
            tuple(tuple(stock) for stock in state.stocks), tuple(state.reached_far),
            tuple(game.is_human(p) for p in range(state.players)), self.hint(),
            tuple(game.turn_log()[-6:]),
        )

    def pass_button(self) -> tuple[str, bool]:
        """The Pass button's label and whether it works now ("No move" when stuck)."""
        state = self.state
        if state.phase is Phase.MOVE and self.human_turn() and not state.legal_moves():
            return "No move", True
        return "Pass", state.phase is Phase.WALL and self.human_turn()


def make_view(app: Window, session: Session) -> View:
    return StonewallView(app, session)

