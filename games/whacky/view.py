"""The Whacky Wit window: the wooden maze, the three d12 dice, mouse and arrow-key play.

Layout: the maze fills the left of the play area (:func:`games.ui.widgets.split_play_area`):
a wooden board with grooves along the paths, dots still up as light pegs (power dots larger
and yellow), dots down as dark holes, Whacky's start point as a yellow ring, the cage as a box
under its exit, the aisle's handles as wooden bars at the two ends of the middle row. Column
letters and row numbers sit on the frame, as the rules' messages name points ("J9"). Whacky is
the yellow token, the monsters the coloured ones (in the cage they sit side by side). A move
slides the piece along its path and a roll tumbles the dice (:class:`games.ui.animation.
Animator`), on the view's clock; a computer waits for that before its next action (the
session's ``hold``), and the last move stays marked in the mover's colour until the next.

The right panel: whose turn and what to do, Whacky's lives and the dots left, the three dice
(Whacky's yellow number die, the monsters' grey number die and colour die) showing the last
roll, the Roll and Undo buttons (Use power when a scatty monster left one), a hint, the log
(one line per turn, ``session.turn_log()``).

Whacky's player: dots he can reach with the roll are ringed green; hovering one shows the path
a click takes (the one putting down most dots). Or step with the arrow keys: each key adds a
step (at a handle, the outward key goes through the aisle), Backspace takes one back, and the
move is made when the path has the roll's length. The monsters' player clicks the monster the
colour die chose (ringed), then one of its ringed destinations. Enter or the die rolls; U or
Backspace (with no steps pending) undoes. Every action goes through ``session.handle``.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from typing import TYPE_CHECKING

import pygame

from games.core.protocol import Session
from games.turnkit.grid import column_label
from games.ui.animation import Mark
from games.ui.dice_view import GAP, PAD, DiceBoardView, keep_layer
from games.ui.palette import draw_seat_mark, draw_seat_token, seat_colour
from games.ui.render import ACCENT, GOOD, INK, INK_DIM, Colour, Renderer, mix, shade
from games.ui.view import View
from games.ui.widgets import whole_entries
from games.whacky.rules import (
    MONSTERS,
    WHACKY,
    MonsterRoll,
    Move,
    Phase,
    Roll,
    State,
    action_to_json,
)
from games.whacky.session import WhackySession

if TYPE_CHECKING:  # pragma: no cover
    from games.ui.view import Window

PANEL_WIDTH = 280
WOOD: Colour = (206, 160, 100)
WOOD_DARK: Colour = (150, 104, 60)
GROOVE: Colour = (120, 80, 44)
DOT_UP: Colour = (250, 244, 228)
DOT_DOWN: Colour = (70, 46, 26)
POWER: Colour = (250, 212, 48)
DOT_UP_SHADOW: Colour = shade(DOT_UP, 0.6)
POWER_SHADOW: Colour = shade(POWER, 0.6)
WHACKY_YELLOW: Colour = (255, 204, 40)
GREY_DIE: Colour = (196, 198, 204)
MIN_CELL = 18.0  # px between points: below it dots and pieces are too small to read, so the
# maze is drawn at this size and the part round the piece to move is shown (wheel zooms, the
# right or middle button drags it)
MAX_ZOOM = 3.0
SHORT_PANEL = 330  # px: a panel shorter than this (a small window) shows the short hint
ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1),
          pygame.K_DOWN: (0, 1)}


def hex_colour(text: str) -> Colour:
    return (int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16))


class WhackyView(DiceBoardView):
    panel_width = PANEL_WIDTH
    own_keys = frozenset()
    keys = (
        ("Click", "a die or Roll; a ringed dot to move there"),
        ("Arrows", "step Whacky along his path"),
        ("Backspace", "take a step back"),
        ("Enter / U", "roll the dice / undo (until the next roll)"),
        ("Wheel / right drag", "zoom / move the maze"),
    )

    def __init__(self, app: Window, session: Session) -> None:
        super().__init__(app, session)
        assert isinstance(session, WhackySession)
        self.game: WhackySession = session
        self.seen = 0  # records already animated
        self.hover: int | None = None
        self.selected = False  # the monsters' player clicked the chosen monster
        self.steps: list[int] = []  # arrow-key path in progress
        self.cell = 20.0
        self.origin = (0.0, 0.0)
        self.buttons: dict[str, pygame.Rect] = {}
        self.dice_rects: list[pygame.Rect] = []
        # The last catch, shown until the next move: (catching monster, the point it caught
        # Whacky on); see draw_catch.
        self.catch: tuple[int, int] | None = None
        self.zoom = 1.0  # the wheel's zoom over the fitted maze
        self.look: tuple[float, float] | None = None  # dragged to; None: follow the mover
        self.drag_from: tuple[int, int] | None = None
        self._dot_places: tuple[object, list[tuple[int, tuple[float, float], bool]]] = (None, [])
        self.board_colours = [hex_colour(c) for c in self.state.board.monster_colours]

    @property
    def state(self) -> State:
        return self.game.state

    @property
    def colours(self) -> list[Colour]:
        """The monsters' colours under the current palette (:mod:`games.ui.palette`)."""
        names = self.state.board.monster_names
        return [seat_colour(n, default=c) for n, c in zip(names, self.board_colours, strict=True)]

    # --- geometry -----------------------------------------------------------------------
    def layout(self) -> None:
        """The maze's scale and place: fitted to the board area; never under
        :data:`MIN_CELL` nor past the wheel's zoom, when the part round :meth:`look_point`
        is shown, the maze kept covering the area."""
        board_area, _ = self.areas()
        b = self.state.board
        # room for the frame (coordinates) and the handles outside it: one cell each side
        cols, rows = b.columns + 2.6, b.rows + 1.6
        fit = max(min((board_area.width - 2 * GAP) / cols,
                      (board_area.height - 2 * GAP) / rows), 4.0)
        self.cell = max(fit * self.zoom, MIN_CELL)
        width, height = self.cell * (b.columns - 1), self.cell * (b.rows - 1)
        self.origin = (board_area.centerx - width / 2 + self.cell * 0.2,
                       board_area.centery - height / 2 + self.cell * 0.2)
        if self.cell <= fit:
            return
        look_x, look_y = self.look_point()
        # the maze's extent in points: the handles left and right, the frame above and below
        extent = ((-2.0, b.columns + 1.0), (-1.3, b.rows + 0.1))
        origin = []
        for axis, (low, high), look in ((0, (board_area.left, board_area.right), look_x),
                                        (1, (board_area.top, board_area.bottom), look_y)):
            first, last = extent[axis]
            if (last - first) * self.cell <= high - low:
                origin.append(self.origin[axis])  # fits this way: centred
                continue
            wanted = (low + high) / 2 - look * self.cell
            origin.append(min(max(wanted, high - last * self.cell), low - first * self.cell))
        self.origin = (origin[0], origin[1])

    def look_point(self) -> tuple[float, float]:
        """The maze point (in points) shown in the middle when the maze is larger than its
        area: where the player dragged it, else the piece to move (Whacky, or the monster
        the colour die chose)."""
        if self.look is not None:
            return self.look
        state = self.state
        node = self.mover_node()
        return state.board.coords[state.whacky if node is None else node]

    def zoomed(self) -> bool:
        """True when the maze is drawn larger than its area (panned and clipped)."""
        board_area, _ = self.areas()
        b = self.state.board
        return self.cell * (b.columns + 3.0) > board_area.width or \
            self.cell * (b.rows + 1.4) > board_area.height

    def pan_or_zoom(self, event: pygame.event.Event) -> bool:
        """The wheel zooms the maze, a drag with the right or middle button moves it; True if
        ``event`` was one of those."""
        board_area, _ = self.areas()
        if event.type == pygame.MOUSEWHEEL:
            if board_area.collidepoint(pygame.mouse.get_pos()) or self.zoomed():
                self.zoom = min(max(self.zoom * 1.25 ** event.y, 1.0), MAX_ZOOM)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (2, 3) \
                and board_area.collidepoint(event.pos):
            self.drag_from = event.pos
            self.look = self.look_point()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button in (2, 3):
            self.drag_from = None
            return True
        if event.type == pygame.MOUSEMOTION and self.drag_from is not None:
            look = self.look or self.look_point()
            dx, dy = event.pos[0] - self.drag_from[0], event.pos[1] - self.drag_from[1]
            self.look = (look[0] - dx / self.cell, look[1] - dy / self.cell)
            self.drag_from = event.pos
            return True
        return False

    def pixel(self, point: tuple[float, float]) -> tuple[float, float]:
        return (self.origin[0] + point[0] * self.cell, self.origin[1] + point[1] * self.cell)

    def node_pixel(self, node: int) -> tuple[float, float]:
        return self.pixel(self.state.board.coords[node])

    def node_at(self, pixel: tuple[int, int]) -> int | None:
        """The maze point (or the cage) under ``pixel``, within 0.45 cells."""
        best, best_d = None, (self.cell * 0.45) ** 2
        for node in range(self.state.board.node_count):
            x, y = self.node_pixel(node)
            d = (x - pixel[0]) ** 2 + (y - pixel[1]) ** 2
            if node == self.state.board.cage:
                d = min(d, ((x - pixel[0]) / 3) ** 2 + (y - pixel[1]) ** 2)  # the wide box
            if d <= best_d:
                best, best_d = node, d
        return best

    def monster_pixel(self, monster: int) -> tuple[float, float]:
        """Where a monster rests: its point, or its seat in the cage box."""
        state = self.state
        pos = state.monsters[monster]
        if pos == state.board.cage:
            x, y = state.board.coords[pos]
            return self.pixel((x - 0.9 + 0.6 * monster, y))
        return self.node_pixel(pos)

    # --- what the human may do ----------------------------------------------------------
    def human_turn(self) -> bool:
        return self.game.human_to_act()

    def options(self) -> dict[int, Move]:
        """Destination node -> the move a click makes (empty unless a human moves now)."""
        state = self.state
        if not self.human_turn() or state.phase not in (Phase.WHACKY_MOVE, Phase.MONSTER_MOVE):
            return {}
        if state.phase is Phase.MONSTER_MOVE and not self.selected:
            return {}
        board = state.board
        found: dict[int, Move] = {}
        for move in state.legal_moves():
            node = board.node(move.destination)
            if node is not None:
                found[node] = move
        return found

    def mover_node(self) -> int | None:
        state = self.state
        if state.phase is Phase.WHACKY_MOVE:
            return state.whacky
        if state.phase is Phase.MONSTER_MOVE and state.chosen is not None:
            return state.monsters[state.chosen]
        return None

    def click(self, pixel: tuple[int, int]) -> None:
        for name, rect in self.buttons.items():
            if rect.collidepoint(pixel):
                self.press_button(name)
                return
        if any(rect.collidepoint(pixel) for rect in self.dice_rects):
            self.roll()
            return
        state = self.state
        if not self.human_turn():
            return
        if state.phase is Phase.MONSTER_MOVE and state.chosen is not None:
            if self.hit_monster(pixel) == state.chosen:
                self.selected = True
                return
            other = self.hit_monster(pixel)
            if other is not None and not self.selected:
                self.refuse(f"the colour die chose the {state.monster_name(state.chosen)} "
                            f"monster, not the {state.monster_name(other)}")
                return
        node = self.node_at(pixel)
        if node is None:
            return
        move = self.options().get(node)
        if move is not None:
            self.steps = []
            self.send("move", data=action_to_json(move))
        elif state.phase is Phase.MONSTER_MOVE and not self.selected:
            self.refuse(f"click the {state.monster_name(state.chosen or 0)} monster first")
        elif state.phase in (Phase.WHACKY_MOVE, Phase.MONSTER_MOVE):
            self.refuse(f"{state.label(node)} cannot be reached with {state.roll}")

    def hit_monster(self, pixel: tuple[int, int]) -> int | None:
        for m in range(4):
            x, y = self.monster_pixel(m)
            if (x - pixel[0]) ** 2 + (y - pixel[1]) ** 2 <= (self.cell * 0.4) ** 2:
                return m
        return None

    def press_button(self, name: str) -> None:
        if name == "roll":
            self.roll()
        elif name == "undo":
            self.steps = []
            self.send("undo")
        elif name == "power":
            self.send("move", data={"type": "use_power"})

    def roll(self) -> None:
        if self.human_turn() and self.state.is_chance():
            self.send("roll")
        elif self.human_turn():
            self.refuse(f"no roll now: {self.game.need()}")

    def arrow(self, key: int) -> None:
        """One step of Whacky's path with an arrow key."""
        state = self.state
        if not self.human_turn() or state.phase is not Phase.WHACKY_MOVE:
            return
        board = state.board
        here = self.steps[-1] if self.steps else state.whacky
        dx, dy = ARROWS[key]
        hx, hy = board.coords[here]
        target = None
        for nxt in board.whacky_adjacency[here]:
            nx, ny = board.coords[nxt]
            if (nx - hx, ny - hy) == (dx, dy):
                target = nxt
            elif here in board.handles and nxt in board.handles and dy == 0 and (
                (nx - hx) * dx < 0
            ):
                target = nxt  # through the aisle: the key pointing out of the board
        if target is None:
            self.refuse(f"no path that way from {state.label(here)}")
            return
        if here != state.whacky and state.monster_at(here) is not None and not state.powered():
            self.refuse("Whacky cannot pass a monster")
            return
        self.steps.append(target)
        if len(self.steps) == state.roll:
            path = tuple(state.label(n) for n in self.steps)
            self.steps = []
            self.send("move", data=action_to_json(Move("whacky", path)))

    def handle_event(self, event: pygame.event.Event) -> None:
        self.layout()
        if self.pan_or_zoom(event):
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.node_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(event.pos)
        elif event.type == pygame.KEYDOWN:
            if event.key in ARROWS:
                self.arrow(event.key)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.roll()
            elif event.key == pygame.K_BACKSPACE and self.steps:
                self.steps.pop()
            elif event.key in (pygame.K_u, pygame.K_BACKSPACE):
                self.press_button("undo")

    # --- animation ----------------------------------------------------------------------
    def update(self, seconds: float) -> None:
        self.animator.advance(seconds)
        records = self.game.records
        if len(records) < self.seen:  # undone
            self.seen = len(records)
            self.animator.clear()
            self.catch = None
        state = self.state
        for index in range(self.seen, len(records)):
            action = records[index].action
            if isinstance(action, Roll | MonsterRoll):
                self.animator.roll()
            elif isinstance(action, Move):
                board = state.board
                nodes = [board.node(p) for p in action.path]
                key = action.piece
                start = self.last_position(index, key)
                points = [board.coords[start]] + [board.coords[n] for n in nodes if n is not None]
                self.animator.slide(key, points)
                owner = records[index].actor
                self.animator.mark(Mark(key, tuple(points), owner), new_move=True)
                self.catch = self.caught_by(index, action, nodes)
                self.look = None  # a move made: follow the next mover again
        self.seen = len(records)
        if state.phase is not Phase.MONSTER_MOVE:
            self.selected = False
        if state.phase is not Phase.WHACKY_MOVE:
            self.steps = []

    def draw_last_move(self, surface: pygame.Surface, renderer: Renderer) -> None:
        """The last move's path in the mover's colour, until the next (split at the aisle)."""
        board = self.state.board
        aisle = {board.coords[h] for h in board.handles}
        for mark in self.animator.marks:
            index = board.monster_index(mark.kind)
            colour = WHACKY_YELLOW if index is None else self.colours[index]
            runs: list[list[tuple[float, float]]] = [[]]
            for a, b in zip(mark.points, mark.points[1:], strict=False):
                if not runs[-1]:
                    runs[-1].append(a)
                if {a, b} == aisle:
                    runs.append([])
                    continue
                runs[-1].append(b)
            for k, run in enumerate(runs):
                points = [self.pixel(p) for p in run]
                renderer.draw_trail(surface, points, colour, self.cell * 0.16, ends=k == 0)

    def caught_by(self, index: int, move: Move, nodes: list[int | None]) -> tuple[int, int] | None:
        """(monster, point) when action ``index``, a monster's ``move`` along ``nodes``,
        passed over or landed on Whacky, or Whacky's move ran into a monster unpowered (the
        rules' log says so); else None."""
        state = self.state
        monster = state.board.monster_index(move.piece)
        if monster is None:
            end = nodes[-1] if nodes else None
            if end is None or "ran into" not in (self.game.records[index].text or ""):
                return None
            for m in range(len(state.monsters)):
                if self.last_position(index, state.monster_name(m)) == end:
                    return (m, end)
            return None
        whacky = self.last_position(index, "whacky")
        return (monster, whacky) if whacky in nodes else None

    def last_position(self, index: int, piece: str) -> int:
        """Where ``piece`` stood before action ``index`` (from that action's undo snapshot)."""
        state = self.state
        snapshot = state.history[index][1]
        whacky, monsters = snapshot[1], snapshot[2]
        if piece == "whacky":
            return int(whacky)
        m = state.board.monster_index(piece)
        return int(monsters[m or 0])

    # --- words --------------------------------------------------------------------------
    def hint(self, short: bool = False) -> str:
        """What to do with the mouse and keys now; ``short``: the few words a small panel
        has room for."""
        state = self.state
        if not self.human_turn():
            return ""
        if short:
            return self.short_hint()
        if state.phase is Phase.WHACKY_ROLL:
            extra = " Or use the power a scatty monster left." if state.can_use_power() else ""
            return f"Click a die or Roll (Enter).{extra}"
        if state.phase is Phase.MONSTER_ROLL:
            return "Click a die or Roll (Enter): colour and number together."
        if state.phase is Phase.WHACKY_MOVE:
            hunt = (" Pass over or land on a monster to send it to the cage."
                    if state.powered() else "")
            return (f"Click a ringed dot (the path shows on hover), or step with the arrow "
                    f"keys ({len(self.steps)}/{state.roll}); Backspace takes a step back.{hunt}")
        if state.phase is Phase.MONSTER_MOVE:
            name = state.monster_name(state.chosen or 0)
            if not self.selected:
                return f"Click the ringed {name} monster, then where it goes."
            return f"Click a ringed dot for the {name} monster (the path shows on hover)."
        return ""

    def short_hint(self) -> str:
        state = self.state
        if state.is_chance():
            power = " or Power" if self.buttons.get("power") else ""
            return f"Click Roll (Enter){power}."
        if state.phase is Phase.WHACKY_MOVE:
            return f"Click a ringed dot, or step with the arrows ({len(self.steps)}/{state.roll})."
        if state.phase is Phase.MONSTER_MOVE:
            name = state.monster_name(state.chosen or 0)
            return (f"Click the {name} monster, then a ringed dot." if not self.selected
                    else f"Click a ringed dot for the {name} monster.")
        return ""

    # --- drawing ------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, renderer: Renderer) -> None:
        self.layout()
        self.draw_panel_kept(surface, renderer)
        clip = surface.get_clip()
        surface.set_clip(self.areas()[0].clip(clip))  # a zoomed maze stays in its area
        self.draw_board(surface, renderer)
        self.draw_pieces(surface, renderer)
        surface.set_clip(clip)

    def draw_board(self, surface: pygame.Surface, renderer: Renderer) -> None:
        board, cell = self.state.board, self.cell
        left, top = self.pixel((-1.0, -1.0))
        right, bottom = self.pixel((board.columns - 0.2, board.rows - 0.2))
        frame = pygame.Rect(round(left), round(top), round(right - left), round(bottom - top))
        # the handles stick out 1.55 cells left and right of the frame's points
        reach = round(cell * 1.7)
        region = pygame.Rect(frame.left - reach, frame.top - 4, frame.width + 2 * reach,
                             frame.height + 8).union(frame.inflate(8, 8)).clip(self.areas()[0])
        keep_layer(renderer, surface, region, ("whacky maze", id(board), cell, self.origin),
                   lambda: self.draw_maze(surface, renderer, frame))
        self.draw_last_move(surface, renderer)
        self.draw_path(surface)
        self.draw_dots(surface)

    def draw_maze(self, surface: pygame.Surface, renderer: Renderer, frame: pygame.Rect) -> None:
        """What never changes in a game: handles, frame, grooves, cage and coordinates."""
        board, cell = self.state.board, self.cell
        for handle in board.handles:  # the handles outside the frame
            x, y = self.node_pixel(handle)
            side = -1 if board.coords[handle][0] == 0 else 1
            bar = pygame.Rect(0, 0, round(cell * 0.5), round(cell * 1.6))
            bar.center = (round(x + side * cell * 1.3), round(y))
            pygame.draw.rect(surface, WOOD_DARK, bar, border_radius=round(cell * 0.2))
        pygame.draw.rect(surface, shade(WOOD, 0.8), frame.inflate(6, 6),
                         border_radius=round(cell * 0.4))
        pygame.draw.rect(surface, WOOD, frame, border_radius=round(cell * 0.35))
        groove = max(round(cell * 0.5), 3)
        for node, near in enumerate(board.adjacency):
            for other in near:
                if other > node:
                    pygame.draw.line(surface, GROOVE, self.node_pixel(node),
                                     self.node_pixel(other), groove)
        for handle in board.handles:  # the aisle runs out under the handles
            x, y = self.node_pixel(handle)
            side = -1 if board.coords[handle][0] == 0 else 1
            pygame.draw.line(surface, GROOVE, (x, y), (x + side * cell * 1.0, y), groove)
        cx, cy = self.node_pixel(board.cage)
        ex, ey = self.node_pixel(board.exit)
        pygame.draw.line(surface, GROOVE, (cx, cy), (ex, ey), groove)
        cage = pygame.Rect(0, 0, round(cell * 2.6), round(cell * 0.9))
        cage.center = (round(cx), round(cy))
        pygame.draw.rect(surface, shade(GROOVE, 0.8), cage, border_radius=round(cell * 0.2))
        pygame.draw.rect(surface, WOOD_DARK, cage, 2, border_radius=round(cell * 0.2))
        self.draw_coordinates(surface, renderer, frame)

    def draw_dots(self, surface: pygame.Surface) -> None:
        """The dots (up or down), the rings of the points a click reaches, Whacky's start."""
        state, board, cell = self.state, self.state.board, self.cell
        options = self.options()
        radius = max(cell * 0.16, 3.0)
        circle = pygame.draw.circle
        for node, (x, y), power in self.dot_places():
            if state.is_up(node):
                r = radius * (1.7 if power else 1.0)
                circle(surface, POWER_SHADOW if power else DOT_UP_SHADOW, (x + 1, y + 2), r)
                circle(surface, POWER if power else DOT_UP, (x, y), r)
            else:
                circle(surface, DOT_DOWN, (x, y), radius * (1.3 if power else 0.8))
            if node in options:
                ring = ACCENT if node == self.hover else GOOD
                pygame.draw.circle(surface, ring, (x, y), cell * 0.38, 2)
        sx, sy = self.node_pixel(board.start)
        pygame.draw.circle(surface, WHACKY_YELLOW, (sx, sy), cell * 0.3, max(round(cell * 0.08), 2))
        if board.start in options:
            pygame.draw.circle(surface, ACCENT if board.start == self.hover else GOOD, (sx, sy),
                               cell * 0.38, 2)

    def dot_places(self) -> list[tuple[int, tuple[float, float], bool]]:
        """(node, pixel, power dot?) of every dot, worked out once per layout."""
        key = (self.cell, self.origin)
        if self._dot_places[0] != key:
            board = self.state.board
            self._dot_places = (key, [(node, self.node_pixel(node), node in board.power)
                                      for node in board.dots])
        return self._dot_places[1]

    def draw_coordinates(self, surface: pygame.Surface, renderer: Renderer,
                         frame: pygame.Rect) -> None:
        board = self.state.board
        size = max(min(round(self.cell * 0.4), 14), 7)
        for i in range(board.columns):
            x, _ = self.pixel((i, 0))
            renderer.text(surface, column_label(i), (x, frame.top + self.cell * 0.45),
                          size=size, colour=shade(WOOD_DARK, 0.7), anchor="center", shadow=False)
        aisle_rows = {board.coords[h][1] for h in board.handles}
        for j in range(board.rows):
            _, y = self.pixel((0, j))
            colour = INK if j in aisle_rows else shade(WOOD_DARK, 0.7)  # on the aisle's groove
            renderer.text(surface, str(j + 1), (frame.left + self.cell * 0.45, y), size=size,
                          colour=colour, anchor="center", shadow=False)

    def draw_path(self, surface: pygame.Surface) -> None:
        """The path a click would take (hover), or the arrow-key steps so far."""
        state = self.state
        start = self.mover_node()
        if start is None:
            return
        nodes: list[int] = []
        if self.steps:
            nodes = list(self.steps)
        elif self.hover is not None and self.hover in self.options():
            move = self.options()[self.hover]
            nodes = [state.board.node(p) or 0 for p in move.path]
        if not nodes:
            return
        colour = ACCENT if state.phase is Phase.WHACKY_MOVE else mix(GOOD, INK, 0.3)
        points = [self.node_pixel(n) for n in [start, *nodes]]
        width = max(round(self.cell * 0.14), 2)
        for a, b, na, nb in zip(points, points[1:], [start, *nodes], nodes, strict=False):
            if {na, nb} == set(state.board.handles):
                continue  # through the aisle: no line across the board
            pygame.draw.line(surface, colour, a, b, width)
        for point in points[1:]:
            pygame.draw.circle(surface, colour, point, width)

    def draw_pieces(self, surface: pygame.Surface, renderer: Renderer) -> None:
        """The monsters, then Whacky; a catch (see :meth:`draw_catch`) over both."""
        state, cell = self.state, self.cell
        chosen = state.chosen if state.phase is Phase.MONSTER_MOVE else None
        catch = self.catch
        if catch is not None and state.monster_name(catch[0]) in self.animator.slides:
            catch = None  # still on its way: shown once it arrives
        for m in range(4):
            if catch is not None and m == catch[0]:
                continue
            self.draw_monster(surface, renderer, m, ring=(ACCENT if self.selected else GOOD)
                              if m == chosen else None)
        resting = state.board.coords[state.whacky]
        x, y = self.pixel(self.animator.position("whacky", resting))
        ring = ACCENT if state.powered() else None
        if catch is not None:
            self.draw_catch(surface, renderer, catch)
        renderer.draw_token(surface, (x, y), cell * 0.32, WHACKY_YELLOW, label="W", ring=ring)
        if catch is not None:
            monster, node = catch
            where = self.monster_pixel(monster)
            if state.monsters[monster] == node and state.whacky == node:
                # caught for good on his own point: the monster sits on him, up and right
                where = (where[0] + cell * 0.3, where[1] - cell * 0.3)
            self.draw_monster(surface, renderer, monster, at=where,
                              ring=(ACCENT if self.selected else GOOD)
                              if monster == chosen else None)

    def draw_monster(self, surface: pygame.Surface, renderer: Renderer, monster: int, *,
                     ring: Colour | None = None, at: tuple[float, float] | None = None) -> None:
        name = self.state.monster_name(monster)
        where = self.monster_pixel(monster) if at is None else at
        if name in self.animator.slides:
            where = self.pixel(self.animator.position(name, (0.0, 0.0)))
        draw_seat_token(renderer, surface, where, self.cell * 0.3, name,
                        colour=self.colours[monster], ring=ring)

    def draw_catch(self, surface: pygame.Surface, renderer: Renderer,
                   catch: tuple[int, int]) -> None:
        """Where the last catch happened, until the next move: a burst in the catcher's
        colour round the point, Whacky's outline left there when he went back to his start,
        and "Caught!" above it. The catching monster is drawn over Whacky, never under."""
        monster, node = catch
        x, y = self.node_pixel(node)
        cell = self.cell
        colour = self.colours[monster]
        for k in range(12):
            angle = k * math.pi / 6
            inner, outer = cell * 0.42, cell * (0.62 if k % 2 else 0.78)
            pygame.draw.line(surface, colour,
                             (x + inner * math.cos(angle), y + inner * math.sin(angle)),
                             (x + outer * math.cos(angle), y + outer * math.sin(angle)),
                             max(round(cell * 0.08), 2))
        if self.state.whacky != node:  # he went back to his start: his outline stays here
            pygame.draw.circle(surface, WHACKY_YELLOW, (x, y), cell * 0.32,
                               max(round(cell * 0.06), 2))
        renderer.text(surface, "Caught!", (x, y - cell * 0.8), size=max(round(cell * 0.45), 11),
                      colour=colour, bold=True, anchor="midbottom")

    def panel_key(self) -> Hashable:
        state, game = self.state, self.game
        return (
            game.status(), state.current, state.lives, state.dots_up(), self.dice_faces(),
            self.human_turn() and state.is_chance(), game.can_undo(),
            self.human_turn() and state.can_use_power(), self.hint(), self.hint(True),
            tuple(game.is_human(p) for p in (WHACKY, MONSTERS)), tuple(game.turn_log()[-5:]),
        )

    def draw_panel(self, surface: pygame.Surface, renderer: Renderer) -> None:
        _, panel = self.areas()
        state, game = self.state, self.game
        ts = self.ts
        x, width = panel.left + PAD, panel.width - 2 * PAD
        y = panel.top + PAD
        # A short panel (a small window) leaves the headline to the status bar, which says
        # the same, and the seats out: the hint, what to do, keeps its room.
        short = panel.height < SHORT_PANEL
        head = self.ts(17) if panel.height > 420 else 14
        if not short:
            for line in renderer.wrap(self.game.status(), width, head, bold=True)[:2]:
                renderer.text(surface, line, (x, y), size=head, bold=True,
                              colour=WHACKY_YELLOW if state.current == WHACKY else INK)
                y += head + 6
            seats = (f"{self.seat_label(WHACKY, 'whacky', game.is_human(WHACKY))} · "
                     f"{self.seat_label(MONSTERS, 'monsters', game.is_human(MONSTERS))}")
            renderer.text(surface, renderer.ellipsize(seats, width, ts(12)), (x, y), size=ts(12),
                          colour=INK_DIM)
            y += ts(20)
        lives_r = ts(8)
        for i in range(3):
            colour = WHACKY_YELLOW if i < state.lives else shade(INK_DIM, 0.5)
            renderer.draw_token(surface, (x + lives_r + i * (2 * lives_r + ts(6)), y + lives_r),
                                lives_r, colour)
        renderer.text(surface, f"{state.dots_up()} dots up", (x + ts(80), y + 1), size=ts(14))
        y += 2 * lives_r + ts(12)
        die = max(min((width - 24) // 3, 40 if short else ts(64)), 28)
        self.dice_rects = [pygame.Rect(x + i * (die + ts(12)), y, die, die) for i in range(3)]
        self.draw_dice(surface, renderer)
        y += die + (6 if short else ts(12))
        button_h = ts(34) if panel.height > 420 else 26
        can_roll = self.human_turn() and state.is_chance()
        third = (width - 16) // 3
        self.buttons = {"roll": pygame.Rect(x, y, third, button_h),
                        "undo": pygame.Rect(x + third + 8, y, third, button_h)}
        if state.can_use_power() and self.human_turn():
            self.buttons["power"] = pygame.Rect(x + 2 * third + 16, y, third, button_h)
        renderer.button(surface, self.buttons["roll"], "Roll", enabled=can_roll)
        renderer.button(surface, self.buttons["undo"], "Undo", enabled=game.can_undo())
        if "power" in self.buttons:
            renderer.button(surface, self.buttons["power"], "Power", enabled=True)
        y += button_h + (8 if short else ts(12))
        bottom = panel.bottom - PAD
        hint = renderer.wrap(self.hint(short), width, ts(13))
        shown = hint[: max(0, min(5, (bottom - y) // ts(17)))]
        if 0 < len(shown) < len(hint):  # the cut is marked, not silent
            shown[-1] = renderer.ellipsize(f"{shown[-1]} {hint[len(shown)]}", width, ts(13))
        for line in shown:
            renderer.text(surface, line, (x, y), size=ts(13), colour=INK)
            y += ts(17)
        y += 6
        room = max((bottom - y) // ts(15), 0)
        for line in whole_entries(renderer, game.turn_log()[-5:], width, ts(12), room):
            renderer.text(surface, line, (x, y), size=ts(12), colour=INK_DIM)
            y += ts(15)

    def dice_faces(self) -> tuple[int | None, int | None, int | None]:
        """What the three dice show: Whacky's number, the monsters' number and the colour
        die's monster (index), from the last rolls, or tumbling faces while they roll."""
        board = self.state.board
        last_whacky: int | None = None
        last_monster: MonsterRoll | None = None
        for record in reversed(self.game.records):
            action = record.action
            if isinstance(action, Roll) and last_whacky is None:
                last_whacky = action.value
            if isinstance(action, MonsterRoll) and last_monster is None:
                last_monster = action
            if last_whacky is not None and last_monster is not None:
                break
        rolling = self.animator.rolling()
        tumble = self.animator.tumbling_face(12) - 1
        whacky_face = board.whacky_die[tumble] if rolling else last_whacky
        number = last_monster.value if last_monster else None
        colour_m = board.monster_index(last_monster.monster) if last_monster else None
        if rolling:
            number, colour_m = board.monster_die[tumble], board.colour_die[tumble]
        return whacky_face, number, colour_m

    def draw_dice(self, surface: pygame.Surface, renderer: Renderer) -> None:
        """Whacky's die, the monsters' number die and colour die, with the last roll."""
        state, board = self.state, self.state.board
        whacky_face, number, colour_m = self.dice_faces()
        rects = self.dice_rects
        d12(surface, renderer, rects[0], WHACKY_YELLOW, whacky_face, state.current == WHACKY)
        d12(surface, renderer, rects[1], GREY_DIE, number, state.current == MONSTERS)
        face = self.colours[colour_m] if colour_m is not None else (120, 120, 120)
        d12(surface, renderer, rects[2], face, None, state.current == MONSTERS)
        if colour_m is not None:  # the colour die's face shows the monster's shape too
            draw_seat_mark(surface, rects[2].center, rects[2].width * 0.3,
                           board.monster_name(colour_m), face)


def d12(surface: pygame.Surface, renderer: Renderer, rect: pygame.Rect, colour: Colour,
        value: int | None, lit: bool) -> None:
    """A twelve-sided die seen from above: a pentagon face with its number (or blank)."""
    cx, cy, r = rect.centerx, rect.centery, rect.width / 2
    outline = [(cx + r * math.sin(a * math.pi / 5), cy - r * math.cos(a * math.pi / 5))
               for a in range(10)]
    face = [(cx + r * 0.62 * math.sin(a * 2 * math.pi / 5),
             cy - r * 0.62 * math.cos(a * 2 * math.pi / 5)) for a in range(5)]
    pygame.draw.polygon(surface, shade(colour, 0.7), outline)
    pygame.draw.polygon(surface, colour, face)
    for p, q in zip(face, outline[::2], strict=True):
        pygame.draw.line(surface, shade(colour, 0.55), p, q, 1)
    if lit:
        pygame.draw.polygon(surface, ACCENT, outline, 2)
    if value is not None:
        renderer.text(surface, str(value), (cx, cy), size=max(round(r * 0.6), 9),
                      colour=(30, 26, 22), bold=True, anchor="center", shadow=False)


def make_view(app: Window, session: Session) -> View:
    return WhackyView(app, session)
