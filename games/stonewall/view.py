"""The Stonewall window: the board by the shared grid renderer, a side panel, mouse play.

Layout: the board fills the left of the play area; the right panel shows whose turn it is and
what to do, the last roll as a die (click it, the Roll button or Enter to roll), the current
player's wall stock (three wall pieces to drag), Pass and Undo buttons, every player's state
and the last few events.

Mouse:

* Move: reachable squares are ringed green. Click one to move there. Where two different
  paths lead to the same square and only one goes through the Change-a-Wall corner, the ring
  is gold; the path shown while hovering is the one a click takes, and the right button (or
  Tab) switches between "through the corner" and "around it".
* Place: drag a wall from the stock onto the board. It snaps to the nearest guide line; the
  preview is green when legal, red when not, with the reason written under the board. R or the
  right button rotates it. Let go to place; Pass skips.
* Change a Wall: drag a placed wall to a new place, or drop it off the board to remove it.

Undo takes back your last move or wall until someone rolls. Every action goes through
``session.handle`` so the rules check it and the recording keeps it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from games.protocol import Session
from games.stonewall.board import Square, Wall
from games.stonewall.rules import (
    MovePiece,
    NoWallInStock,
    Phase,
    Roll,
    State,
    action_to_json,
)
from games.stonewall.session import StonewallSession
from games.ui.render import (
    ACCENT,
    GOOD,
    INK,
    INK_DIM,
    REFUSED,
    TAG_COLOURS,
    Colour,
    GridGeometry,
    GridWall,
    Renderer,
    mix,
    shade,
)
from games.ui.view import View

if TYPE_CHECKING:  # pragma: no cover
    from games.ui.app import App

PANEL_WIDTH = 300
ARROW_LABELS = {"N": "↑", "E": "→", "S": "↓", "W": "←"}
PLACED_WALL: Colour = (128, 84, 48)


@dataclass
class WallDrag:
    """A wall in the hand: from the stock (``old`` None) or a placed wall being changed."""

    length: int
    orientation: str
    old: Wall | None = None
    pixel: tuple[int, int] = (0, 0)
    wall: Wall | None = None  # where it would go now
    problem: str | None = None  # why not, or None if legal


class StonewallView(View):
    own_keys = frozenset()

    def __init__(self, app: App, session: Session) -> None:
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

    @property
    def state(self) -> State:
        return self.game.state

    # --- layout -------------------------------------------------------------------------
    def board_rect(self) -> pygame.Rect:
        area = self.app.play_rect
        return pygame.Rect(area.left, area.top, max(area.width - PANEL_WIDTH, 100), area.height)

    def panel_rect(self) -> pygame.Rect:
        area = self.app.play_rect
        board = self.board_rect()
        return pygame.Rect(board.right, area.top + 12, area.right - board.right - 12,
                           area.height - 24)

    def layout(self) -> None:
        """Where the board, die, stock and buttons lie (also before the first draw)."""
        board = self.board_rect()
        size = self.state.board.size
        self.geometry = GridGeometry.fit(board.inflate(-30, -50).move(0, -12), size, size)
        panel = self.panel_rect()
        x, y = panel.left + 16, panel.top + 52
        self.die_rect = pygame.Rect(x, y, 64, 64)
        self.buttons = {
            "roll": pygame.Rect(x + 80, y + 12, 90, 40),
            "undo": pygame.Rect(x + 180, y + 12, 90, 40),
        }
        y += 100
        self.stock_rects = {
            length: pygame.Rect(x, y + 34 * (length - 1), 24 + 36 * length, 22)
            for length in (1, 2, 3)
        }
        y += 110
        self.buttons["pass"] = pygame.Rect(x, y, 120, 38)

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
            if self.state.phase is Phase.WALL and self.human_turn():
                self.send("move", data={"type": "pass"})
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

    # --- status -------------------------------------------------------------------------
    def status(self) -> str:
        text = self.game.status()
        if self.drag is not None and self.drag.problem:
            return f"{text} — {self.drag.problem}"
        return text

    # --- drawing ------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, renderer: Renderer) -> None:
        self.layout()
        self.draw_board(surface, renderer)
        self.draw_panel(surface, renderer)

    def player_colour(self, player: int) -> Colour:
        return TAG_COLOURS.get(self.state.name(player), (200, 200, 200))

    def draw_board(self, surface: pygame.Surface, renderer: Renderer) -> None:
        state, board = self.state, self.state.board
        wood = (214, 166, 104)
        cells: dict[tuple[int, int], Colour] = {}
        for player, corner in enumerate(board.corners):
            colour = TAG_COLOURS.get(board.corner_names[player], (200, 200, 200))
            cells[tuple(corner)] = mix(wood, colour, 0.55)  # type: ignore[index]
        cells[tuple(board.roll_again)] = mix(wood, ACCENT, 0.6)  # type: ignore[index]
        labels = {tuple(sq): ARROW_LABELS[d] for sq, d in board.arrows}
        labels[tuple(board.roll_again)] = "↻"
        options = self.move_options()
        highlights: dict[tuple[int, int], Colour] = {}
        for square, moves in options.items():
            far = board.square(state.far_corner(state.current))
            differs = len({far in m.path for m in moves}) > 1
            highlights[tuple(square)] = ACCENT if differs else GOOD  # type: ignore[index]
        walls = [self.grid_wall(board.edge_squares(e), "permanent") for e in board.permanent_edges]
        dragged_old = self.drag.old if self.drag else None
        walls += [
            GridWall(tuple(w.points()[0]), tuple(w.points()[-1]),  # type: ignore[arg-type]
                     colour=PLACED_WALL if w != dragged_old else shade(PLACED_WALL, 1.6))
            for w in state.placed
        ]
        self.geometry = renderer.draw_grid(
            surface, self.board_rect().inflate(-30, -50).move(0, -12), board.size, board.size,
            cells=cells, highlights=highlights, labels=labels,  # type: ignore[arg-type]
            walls=walls,
        )
        self.draw_path_preview(surface, options)
        self.draw_pieces(surface, renderer)
        self.draw_drag(surface, renderer)

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
            x, y = geo.cell_center(state.board.square(index))
            shift = geo.cell * 0.18 * offset
            ring = INK if player == state.current and not state.is_over() else None
            renderer.draw_token(surface, (x + shift, y - shift), geo.cell * 0.32,
                                self.player_colour(player), ring=ring)

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
            board = geo.rect
            lines = renderer.wrap(drag.problem, board.width, 16)
            for i, line in enumerate(lines[:2]):
                renderer.text(surface, line, (board.centerx, board.bottom + 22 + 18 * i),
                              size=16, colour=REFUSED, bold=True, anchor="midtop")

    def draw_panel(self, surface: pygame.Surface, renderer: Renderer) -> None:
        state, game = self.state, self.game
        panel = self.panel_rect()
        renderer.panel(surface, panel)
        x = panel.left + 16
        mover = state.current if not state.is_over() else (state.winner or 0)
        colour = self.player_colour(mover)
        renderer.draw_token(surface, (x + 12, panel.top + 26), 11, colour)
        headline = (f"{state.name(mover).title()} wins!" if state.is_over()
                    else f"{state.name(mover).title()}: {game.need()}")
        renderer.text(surface, headline, (x + 32, panel.top + 15), size=17, colour=INK, bold=True)
        renderer.draw_die(surface, self.die_rect, state.roll)
        mouse = self.hover or (-1, -1)
        can_roll = state.is_chance() and self.human_turn()
        renderer.button(surface, self.buttons["roll"], "Roll", enabled=can_roll,
                        hot=self.buttons["roll"].collidepoint(mouse))
        can_undo = (
            bool(state.history)
            and not isinstance(state.history[-1][0], Roll)
            and game.is_human(game.actors[-1])
        )
        renderer.button(surface, self.buttons["undo"], "Undo", enabled=can_undo,
                        hot=self.buttons["undo"].collidepoint(mouse))
        self.draw_stock(surface, renderer)
        wall_turn = state.phase is Phase.WALL and self.human_turn()
        renderer.button(surface, self.buttons["pass"], "Pass", enabled=wall_turn,
                        hot=self.buttons["pass"].collidepoint(mouse))
        hint = {
            Phase.WALL: "drag a wall; R / right button rotates",
            Phase.CHANGE: "drag a placed wall; off the board removes it",
            Phase.MOVE: "click a ringed square (gold: right button picks the path)",
        }.get(state.phase, "")
        hint_top = self.buttons["pass"].bottom + 10
        if self.human_turn() and hint:
            for i, line in enumerate(renderer.wrap(hint, panel.width - 32, 14)[:2]):
                renderer.text(surface, line, (x, hint_top + 18 * i), size=14, colour=ACCENT)
        self.draw_players(surface, renderer, hint_top + 46)

    def draw_stock(self, surface: pygame.Surface, renderer: Renderer) -> None:
        state = self.state
        stock = state.stocks[state.current]
        renderer.text(surface, f"{state.name(state.current).title()}'s walls",
                      (self.stock_rects[1].left, self.stock_rects[1].top - 22), size=15,
                      colour=INK_DIM)
        for length, rect in self.stock_rects.items():
            count = stock[length - 1]
            colour = PLACED_WALL if count else (90, 84, 80)
            bar = pygame.Rect(rect.left, rect.centery - 5, rect.width, 10)
            pygame.draw.rect(surface, (0, 0, 0), bar.move(1, 2), border_radius=4)
            pygame.draw.rect(surface, colour, bar, border_radius=4)
            renderer.text(surface, f"× {count}", (rect.right + 12, rect.centery), size=16,
                          colour=INK, anchor="midleft")

    def draw_players(self, surface: pygame.Surface, renderer: Renderer, top: int) -> None:
        state, game = self.state, self.game
        x = self.panel_rect().left + 16
        for player in range(state.players):
            y = top + 30 * player
            renderer.draw_token(surface, (x + 10, y + 10), 9, self.player_colour(player))
            heading = "home" if state.reached_far[player] else "far corner"
            seat = "human" if game.is_human(player) else "computer"
            walls = sum(state.stocks[player])
            renderer.text(surface, f"{state.name(player)} · {seat} → {heading} · {walls} walls",
                          (x + 26, y + 2), size=13, colour=INK)
        log_top = top + 30 * state.players + 10
        for i, line in enumerate(game.log[-6:]):
            renderer.text(surface, line, (x, log_top + 18 * i), size=13, colour=INK_DIM)


def make_view(app: App, session: Session) -> View:
    return StonewallView(app, session)

