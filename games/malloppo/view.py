"""The Dammi il malloppo window: the board by the shared grid renderer, a side panel, mouse play.

Layout: the board fills the left of the play area, with column letters (A-I) and row numbers
(1-9 from the top) on its frame, as the rules' messages name squares; each colour's start
squares are tinted in its colour. Every hand is a token in its colour with its coin count
written on it (large, readable at a glance). The right panel
(:func:`games.ui.widgets.split_play_area`) shows whose turn and what to do, a cue (a computer
at work, the undo grace), the last roll on a die with a dot in the roller's colour (click it,
Roll or Enter to roll), Undo, the turn's action button (Take / No move), a hint for the mouse,
every player's hands and coins, and the latest events. In a short window the log goes first,
then the hint is cut (with an ellipsis); nothing is drawn past the panel.

A turn is built with clicks, then sent to the rules whole (:class:`~games.malloppo.rules.Turn`):

1. Odd roll: click the hand that pays the coin (ringed gold; skipped when only one hand could).
   A hand paying its last coin is shown leaving.
2. Click one of your hands (ringed): the squares it can reach with exactly the roll are ringed,
   green, or gold where an opponent's hand stands beside (coins to take); hovering one shows
   the path a move takes there. Click another hand to switch.
3. Click a ringed square. With hands beside it, a gold coin appears on each: click a coin (or
   its hand) to take it or leave it (every opponent's coin is chosen at first, your own are
   not; a chosen coin's badge reads "take", one left "leave", the roll's coin "paid", and
   the landing hand shows what it will hold), then Take (or Enter). With no hand beside it,
   the move is made at once.

Undo (U, Backspace or the right button) steps back through the clicks of a turn being built;
once a turn is sent it takes the whole turn back, until the next roll. A computer that follows
a human waits a grace of 1.75 s before rolling. Moves slide along their path and the die
tumbles (:class:`games.ui.animation.Animator`); the rules have already applied them, and a
computer waits for the animation before its next action (the session's ``hold``); the last move
stays marked in the mover's colour until the next, and the log reads one line per turn
(``session.turn_log()``). Every action goes through ``session.handle``, so the rules check it
and the recording keeps it.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from games.core.protocol import Session
from games.malloppo.rules import Phase, Roll, State, Turn, action_to_json
from games.malloppo.session import MalloppoSession
from games.turnkit.grid import Square
from games.ui.animation import Mark
from games.ui.dice_view import GAP, PAD, DiceBoardView, fit_lines
from games.ui.palette import draw_seat_mark, draw_seat_token, draw_square_mark, seat_colour
from games.ui.render import (
    ACCENT,
    GOOD,
    INK,
    INK_DIM,
    Colour,
    GridGeometry,
    Renderer,
    mix,
    shade,
)
from games.ui.view import View
from games.ui.widgets import whole_entries

if TYPE_CHECKING:  # pragma: no cover
    from games.ui.view import Window

PANEL_WIDTH = 310
HEADLINE_SIZE = 18
CUE_SIZE = 15
HINT_SIZE = 14
LINE_SIZE = 13  # the player list and the log
BUTTON_HEIGHT = 36
WOOD: Colour = (214, 166, 104)
COIN: Colour = (238, 196, 72)
COIN_DIM: Colour = (120, 108, 84)
DARK_TEXT: Colour = (30, 24, 20)
# A coin badge's fill and ink by what happens to the coin (see MalloppoView.draw_badge).
BADGES: dict[str, tuple[Colour, Colour]] = {
    "take": (COIN, DARK_TEXT),
    "leave": (COIN_DIM, (230, 224, 210)),
    "paid": ((176, 62, 54), (250, 240, 230)),
}


@dataclass
class Draft:
    """The turn a human is building with clicks (hand indices of the rules' state)."""

    pay: int | None = None
    paid: bool = False  # the pay step is done (an even roll needs none)
    hand: int | None = None
    to: Square | None = None
    path: tuple[Square, ...] = ()
    steals: set[int] = field(default_factory=set)


class MalloppoView(DiceBoardView):
    panel_width = PANEL_WIDTH
    own_keys = frozenset()
    keys = (
        ("Click", "the die or Roll; a hand, then a ringed square; coins to take"),
        ("Enter", "roll, or Take the chosen coins"),
        ("U / Backspace / right button", "a step back, or undo the turn (until the next roll)"),
    )

    def __init__(self, app: Window, session: Session) -> None:
        super().__init__(app, session)
        assert isinstance(session, MalloppoSession)
        self.game: MalloppoSession = session
        self.geometry: GridGeometry | None = None
        self.hover: tuple[int, int] | None = None
        self.draft = Draft()
        self.draft_key: tuple[int, int] = (-1, -1)  # (records, frame-independent) it belongs to
        self.seen_records = len(session.records)
        self.buttons: dict[str, pygame.Rect] = {}
        self.die_rect = pygame.Rect(0, 0, 0, 0)
        self.layout()

    @property
    def state(self) -> State:
        return self.game.state

    # --- layout -------------------------------------------------------------------------
    def board_rect(self) -> pygame.Rect:
        board, _ = self.areas()
        return board.inflate(-2 * GAP, -2 * GAP)

    def compact(self) -> bool:
        return self.panel_rect().height < 420

    def layout(self) -> None:
        """Where the board, die and buttons lie (every frame: the window may be resized)."""
        size = self.state.board.size
        self.geometry = GridGeometry.fit(self.board_rect(), size, size)
        panel = self.panel_rect()
        x, width = panel.left + PAD, panel.width - 2 * PAD
        compact = self.compact()
        headline, cue = (15, 13) if compact else (self.ts(HEADLINE_SIZE), self.ts(CUE_SIZE))
        y = panel.top + PAD + headline + 6 + 2 * (cue + 5) + (4 if compact else 10)
        die = 36 if compact else min(self.ts(60), max(width // 4, 40))
        button = 28 if compact else self.ts(BUTTON_HEIGHT)
        self.die_rect = pygame.Rect(x, y, die, die)
        button_width = (width - die - 12 - 8) // 2
        top = y + (die - button) // 2
        self.buttons = {
            "roll": pygame.Rect(x + die + 12, top, button_width, button),
            "undo": pygame.Rect(x + die + 20 + button_width, top, button_width, button),
        }
        y += die + (6 if compact else 12)
        self.buttons["act"] = pygame.Rect(x, y, width, button)
        self.hint_top = y + button + (6 if compact else 12)

    # --- the turn being built -----------------------------------------------------------
    def human_turn(self) -> bool:
        return self.game.human_to_act() and self.state.phase is Phase.MOVE

    def current_draft(self) -> Draft:
        """The draft, started afresh whenever the game has moved on since it was begun."""
        key = (len(self.game.records), self.game.state.current)
        if key != self.draft_key:
            self.draft_key, self.draft = key, Draft()
        draft = self.draft
        if self.human_turn() and not draft.paid:
            options = self.state.pay_options()
            if options == [None] or len(options) == 1:
                draft.pay, draft.paid = options[0], True
        return draft

    def stage(self) -> str:
        """"pay", "hand", "steal", "stuck" (no hand can move) or "" (not building a turn)."""
        if not self.human_turn():
            return ""
        draft = self.current_draft()
        if not draft.paid:
            return "pay"
        if draft.to is not None:
            return "steal"
        if not any(self.destinations(h) for h in self.movable()):
            return "stuck"
        return "hand"

    def movable(self) -> list[int]:
        """The current player's hands that may move after the payment."""
        draft = self.current_draft()
        state = self.state
        leaving = draft.pay if draft.pay is not None and state.coins[draft.pay] == 1 else None
        return [h for h in state.hands_of(state.current) if h != leaving]

    def destinations(self, hand: int | None) -> dict[Square, tuple[Square, ...]]:
        if hand is None:
            return {}
        return self.state.destinations(hand, paid=self.current_draft().pay)

    def robbable(self) -> list[int]:
        draft = self.current_draft()
        if draft.hand is None or draft.to is None:
            return []
        return self.state.neighbours_to_rob(draft.hand, draft.to, draft.pay)

    def hand_at_pixel(self, pixel: tuple[int, int]) -> int | None:
        geo = self.geometry
        if geo is None:
            return None
        cell = geo.cell_at(pixel)
        return self.state.hand_at(Square(*cell)) if cell is not None else None

    def click_board(self, pixel: tuple[int, int]) -> None:
        geo, state = self.geometry, self.state
        if geo is None:
            return
        cell = geo.cell_at(pixel)
        if cell is None:
            return
        square = Square(*cell)
        hand = state.hand_at(square)
        stage, draft = self.stage(), self.current_draft()
        mine = hand is not None and state.owner(hand) == state.current
        if stage == "pay":
            if not mine:
                self.refuse(f"click one of your hands to pay the coin for the {state.roll}")
                return
            draft.pay, draft.paid = hand, True
        elif stage in ("hand", "stuck"):
            if mine and hand in self.movable():
                draft.hand = hand
            elif draft.hand is not None and square in self.destinations(draft.hand):
                draft.to, draft.path = square, self.destinations(draft.hand)[square]
                draft.steals = {h for h in self.robbable() if state.owner(h) != state.current}
                if not self.robbable():
                    self.send_turn()
            elif draft.hand is None:
                self.refuse("click one of your hands first")
            else:
                self.send_turn_to(square)  # the rules say why not
        elif stage == "steal":
            if hand is not None and hand in self.robbable():
                draft.steals ^= {hand}
            else:
                self.refuse("click the coins to take or leave them, then Take")

    def send_turn_to(self, square: Square) -> None:
        """Send a move the view thinks illegal, so the player reads the rules' own reason."""
        draft, state = self.current_draft(), self.state
        pay = state.squares[draft.pay] if draft.pay is not None else None
        hand = state.squares[draft.hand] if draft.hand is not None else None
        self.send("move", data=action_to_json(Turn(pay, hand, square)))

    def send_turn(self) -> None:
        draft, state = self.current_draft(), self.state
        pay = state.squares[draft.pay] if draft.pay is not None else None
        if draft.hand is None or draft.to is None:
            turn = Turn(pay, None, None)
        else:
            steals = tuple(s for h in draft.steals if (s := state.squares[h]) is not None)
            turn = Turn(pay, state.squares[draft.hand], draft.to, steals, draft.path)
        self.send("move", data=action_to_json(turn))

    def act(self) -> None:
        """The action button: Take (confirm the steal choices) or No move."""
        stage = self.stage()
        if stage in ("steal", "stuck"):
            self.send_turn()

    def undo(self) -> None:
        """Step back through the turn being built, else take back the last turn."""
        draft = self.current_draft()
        if self.human_turn():
            if draft.to is not None:
                draft.to, draft.path, draft.steals = None, (), set()
                return
            if draft.hand is not None:
                draft.hand = None
                return
            if draft.paid and len(self.state.pay_options()) > 1:
                draft.pay, draft.paid = None, False
                return
        self.send("undo")

    # --- events -------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        self.layout()
        if event.type == pygame.MOUSEMOTION:
            self.hover = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.press(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.undo()
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.state.is_chance():
                    self.roll()
                else:
                    self.act()
            elif event.key in (pygame.K_u, pygame.K_BACKSPACE):
                self.undo()

    def press(self, pixel: tuple[int, int]) -> None:
        self.hover = pixel
        if self.die_rect.collidepoint(pixel) or self.buttons["roll"].collidepoint(pixel):
            self.roll()
        elif self.buttons["undo"].collidepoint(pixel):
            self.undo()
        elif self.buttons["act"].collidepoint(pixel):
            self.act()
        elif self.human_turn():
            self.click_board(pixel)

    def roll(self) -> None:
        if self.state.is_chance() and self.game.human_to_act():
            self.send("roll")

    def update(self, seconds: float) -> None:
        """Start the animations of actions applied since the last frame."""
        self.animator.advance(seconds)
        records = self.game.records
        if len(records) < self.seen_records:  # an undo
            self.animator.clear()
        for record in records[self.seen_records:]:
            action = record.action
            if isinstance(action, Roll):
                self.animator.roll()
            elif isinstance(action, Turn) and action.hand is not None and action.to is not None:
                hand = self.state.hand_at(action.to)
                path = action.path or (action.to,)
                points = [(float(s.x), float(s.y)) for s in (action.hand, *path)]
                if hand is not None:
                    self.animator.slide(hand, points)
                self.animator.mark(Mark("path", tuple(points), record.actor), new_move=True)
            elif isinstance(action, Turn):
                self.animator.marks.clear()
        self.seen_records = len(records)

    # --- words ------------------------------------------------------------------------
    def headline(self) -> str:
        state = self.state
        if state.is_over():
            return f"{state.name(state.winner or 0).title()} wins the loot!"
        name = state.name(state.current).title()
        if state.phase is not Phase.MOVE or not state.roll:
            return f"{name}: {self.game.need()}"
        odd = state.roll % 2 == 1
        stage = self.stage()
        if stage == "":  # a computer's turn: what it has to do
            return f"{name} rolled {state.roll}{', pays a coin' if odd else ''}"
        if stage == "pay":
            return f"{name} rolled {state.roll}: pay a coin"
        paid = f"{name} paid a coin" if odd else f"{name} rolled {state.roll}"
        if stage == "steal":
            return f"{name}: choose coins to take"
        if stage == "stuck":
            return f"{paid}: no move"
        return f"{paid}: move {state.roll}"

    def cue(self) -> tuple[str, ...]:
        """The line under the headline, longest wording first, then shorter ones for a
        narrow panel."""
        state, game = self.state, self.game
        if state.is_over():
            coins = f"{state.coins_of(state.winner or 0)} coin" + \
                "s" * (state.coins_of(state.winner or 0) != 1)
            return f"{coins} left. F5 plays again, Esc: menu", f"{coins} left"
        name = state.name(state.current).title()
        if game.in_undo_grace():
            return f"{name} thinks… (Undo still possible)", "Undo still possible"
        if not game.human_to_act():
            return f"{name} (computer) is playing…", f"{name} is playing…"
        if state.phase is Phase.OPENING:
            return "Highest roll begins; ties roll again", "Highest roll begins"
        return ("",)

    def hint(self) -> str:
        state = self.state
        if not self.game.human_to_act() or state.is_over():
            return ""
        if state.is_chance():
            return "Click the die or Roll (Enter)."
        stage, draft = self.stage(), self.current_draft()
        steps = f"{state.roll} step{'s' * (state.roll != 1)}"
        if stage == "pay":
            return (f"A {state.roll} is odd: click the hand that pays a coin to the bank "
                    "(with its last coin it leaves the board).")
        if stage == "stuck":
            return f"No hand can move {steps}: click No move."
        if stage == "hand" and draft.hand is None:
            return f"Click one of your hands to move it {steps}."
        if stage == "hand":
            return (f"Click a ringed square {steps} away (gold: coins to take there); no "
                    "going straight back, no passing hands. Hover shows the path; another of "
                    "your hands switches.")
        if stage == "steal":
            return "Click a coin to take it or leave it, then Take (Enter). Right button: back."
        return ""

    def action_label(self) -> tuple[str, bool]:
        stage = self.stage()
        if stage == "steal":
            count = len(self.current_draft().steals)
            return (f"Take {count} coin{'s' * (count != 1)}" if count else "Take none"), True
        if stage == "stuck":
            return "No move", True
        return "Take", False

    # --- drawing ------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, renderer: Renderer) -> None:
        self.layout()
        self.draw_panel_kept(surface, renderer)
        self.draw_board(surface, renderer)

    def colour(self, player: int) -> Colour:
        return seat_colour(self.state.name(player))

    def draw_board(self, surface: pygame.Surface, renderer: Renderer) -> None:
        state, board = self.state, self.state.board
        cells: dict[tuple[int, int], Colour] = {}
        for square, owner in board.start_colour(state.players).items():
            tint = seat_colour(board.colour_names[owner])
            cells[(square.x, square.y)] = mix(WOOD, tint, 0.35)
        stage, draft = self.stage(), self.current_draft()
        highlights: dict[tuple[int, int], Colour] = {}
        if stage == "pay":
            for h in state.hands_of(state.current):
                highlights[_cell(state.squares[h])] = ACCENT
        elif stage in ("hand", "stuck"):
            for h in self.movable():
                if self.destinations(h):
                    ring = INK if h == draft.hand else shade(ACCENT, 0.9)
                    highlights[_cell(state.squares[h])] = ring
            if draft.hand is not None:
                for square in self.destinations(draft.hand):
                    rich = any(state.owner(h) != state.current
                               for h in state.neighbours_to_rob(draft.hand, square, draft.pay))
                    highlights[_cell(square)] = COIN if rich else GOOD
        elif stage == "steal" and draft.to is not None:
            highlights[(draft.to.x, draft.to.y)] = GOOD
        self.geometry = renderer.draw_grid(
            surface, self.board_rect(), board.size, board.size, cells=cells,
            highlights=highlights,
        )
        renderer.draw_grid_labels(surface, self.geometry, shade(WOOD, 1.05))
        starts = board.start_colour(state.players)
        for square, owner in starts.items():  # each start square's seat shape, not only tint
            draw_square_mark(surface, self.geometry.cell_rect(square), board.colour_names[owner],
                             cells[(square.x, square.y)])
        for mark in self.animator.marks:  # the last move, until the next
            points = [self.geometry.point_center(p) for p in mark.points]
            renderer.draw_trail(surface, points, self.colour(mark.owner), self.geometry.cell / 8)
        self.draw_path(surface)
        self.draw_hands(surface, renderer)

    def shown_path(self) -> tuple[Square, tuple[Square, ...]] | None:
        """(start, path) to draw: the chosen move, or the one under the mouse."""
        draft, geo, state = self.current_draft(), self.geometry, self.state
        if draft.hand is None or geo is None:
            return None
        start = state.squares[draft.hand]
        assert start is not None
        if draft.to is not None:
            return start, draft.path
        cell = geo.cell_at(self.hover) if self.hover else None
        path = self.destinations(draft.hand).get(Square(*cell)) if cell else None
        return (start, path) if path else None

    def draw_path(self, surface: pygame.Surface) -> None:
        geo, shown = self.geometry, self.shown_path()
        if geo is None or shown is None:
            return
        start, path = shown
        points = [geo.cell_center(sq) for sq in (start, *path)]
        colour = self.colour(self.state.current)
        width = max(round(geo.cell / 9), 3)
        pygame.draw.lines(surface, shade(colour, 0.7), False, points, width)
        for k, point in enumerate(points[1:], start=1):
            radius = max(round(geo.cell / 12), 3) + (2 if k == len(points) - 1 else 0)
            pygame.draw.circle(surface, colour, (round(point[0]), round(point[1])), radius)

    def draw_hands(self, surface: pygame.Surface, renderer: Renderer) -> None:
        geo, state = self.geometry, self.state
        if geo is None:
            return
        draft, stage = self.current_draft(), self.stage()
        robbable = set(self.robbable()) if stage == "steal" else set()
        for hand, square in enumerate(state.squares):
            if square is None:
                continue
            owner = state.owner(hand)
            coins = state.coins[hand]
            rest = geo.cell_center(square)
            if stage == "steal" and hand == draft.hand and draft.to is not None:
                rest = geo.cell_center(draft.to)  # shown where it lands
            x, y = self.animator.position(hand, (float(square.x), float(square.y)))
            if (x, y) != (square.x, square.y):
                rest = (geo.left + (x + 0.5) * geo.cell, geo.top + (y + 0.5) * geo.cell)
            leaving = draft.paid and draft.pay == hand and coins == 1 and stage != ""
            colour = self.colour(owner)
            if leaving:
                colour = mix(colour, (90, 90, 90), 0.6)
            if draft.paid and draft.pay == hand and stage != "":
                coins -= 1
            if stage == "steal" and hand == draft.hand:
                coins += len(draft.steals)  # what it will hold
            ring = INK if owner == state.current and not state.is_over() else None
            if hand == draft.hand and stage != "":
                ring = ACCENT
            radius = geo.cell * 0.36
            name = state.name(owner)
            draw_seat_token(renderer, surface, rest, radius, name, colour=colour, ring=ring,
                            mark=0)
            draw_seat_mark(surface, (rest[0], rest[1] + radius * 0.62), radius * 0.4, name,
                           colour)
            text = DARK_TEXT if sum(colour) > 450 else INK
            renderer.text(surface, str(coins), (rest[0], rest[1] - radius * 0.12),
                          size=max(round(geo.cell * 0.38), 10), colour=text, bold=True,
                          anchor="center", shadow=text == INK)
            if hand in robbable:
                kind = "take" if hand in draft.steals else "leave"
                self.draw_badge(surface, renderer, rest, radius, kind)
            if draft.paid and draft.pay == hand and stage != "":
                self.draw_badge(surface, renderer, rest, radius, "paid")  # the roll's coin

    def draw_badge(self, surface: pygame.Surface, renderer: Renderer,
                   centre: tuple[float, float], radius: float, kind: str) -> None:
        """A coin badge at a hand's top right, worded by what happens to the coin: "take"
        (gold: the mover takes it), "leave" (dim: a coin that could be taken, left), "paid"
        (red: the roll's coin, gone to the bank)."""
        fill, ink = BADGES[kind]
        size = max(round(radius * 0.5), 10)
        image = renderer.render_text(kind, size, ink, bold=True)
        pill = image.get_rect().inflate(size * 0.7, size * 0.3)
        pill.center = (round(centre[0] + radius * 0.7), round(centre[1] - radius * 0.85))
        pygame.draw.rect(surface, (0, 0, 0), pill.move(1, 2), border_radius=pill.height // 2)
        pygame.draw.rect(surface, fill, pill, border_radius=pill.height // 2)
        pygame.draw.rect(surface, shade(fill, 0.6), pill, 2, border_radius=pill.height // 2)
        surface.blit(image, image.get_rect(center=pill.center))

    def draw_panel(self, surface: pygame.Surface, renderer: Renderer) -> None:
        state, game = self.state, self.game
        panel = self.panel_rect()
        x, width = panel.left + PAD, panel.width - 2 * PAD
        compact = self.compact()
        headline_size, cue_size = (15, 13) if compact else (self.ts(HEADLINE_SIZE),
                                                            self.ts(CUE_SIZE))
        hint_size, line_size, step = self.ts(HINT_SIZE), self.ts(LINE_SIZE), self.ts(17)
        mover = state.current if not state.is_over() else (state.winner or 0)
        token = headline_size // 2 + 2
        draw_seat_token(renderer, surface, (x + token, panel.top + PAD + token), token,
                        state.name(mover))
        # the headline and the cue share three lines (the layout keeps their room)
        headline = fit_lines(renderer, [self.headline()], width - self.ts(30), headline_size, 2,
                             bold=True)
        for i, line in enumerate(headline):
            renderer.text(surface, line, (x + self.ts(30),
                                          panel.top + PAD + (headline_size + 3) * i),
                          size=headline_size, colour=INK, bold=True)
        cue_top = panel.top + PAD + len(headline) * (headline_size + 3) + 2
        cue = fit_lines(renderer, self.cue(), width, cue_size, 3 - len(headline), bold=True)
        for i, line in enumerate(cue):
            renderer.text(surface, line, (x, cue_top + (cue_size + 5) * i), size=cue_size,
                          colour=ACCENT, bold=True)
        self.draw_shown_roll(surface, renderer, self.die_rect)
        mouse = self.hover or (-1, -1)
        can_roll = state.is_chance() and game.human_to_act()
        renderer.button(surface, self.buttons["roll"], "Roll", enabled=can_roll,
                        hot=self.buttons["roll"].collidepoint(mouse))
        can_undo = game.can_undo() or (self.human_turn() and self.draft_started())
        renderer.button(surface, self.buttons["undo"], "Undo", enabled=can_undo,
                        hot=self.buttons["undo"].collidepoint(mouse))
        label, enabled = self.action_label()
        renderer.button(surface, self.buttons["act"], label, enabled=enabled,
                        hot=self.buttons["act"].collidepoint(mouse))
        bottom = panel.bottom - PAD
        y = self.hint_top
        room_for_hint = (bottom - y - state.players * step - 8) // (hint_size + 4)
        hint = renderer.wrap(self.hint(), width, hint_size)
        shown = hint[: max(0, room_for_hint)]
        if 0 < len(shown) < len(hint):  # the cut is marked, not silent
            shown[-1] = renderer.ellipsize(f"{shown[-1]} {hint[len(shown)]}", width, hint_size)
        for line in shown:
            renderer.text(surface, line, (x, y), size=hint_size, colour=INK)
            y += hint_size + 4
        y += 8
        players = self.player_lines(renderer, width - self.ts(22), wrap=True)
        if y + len(players) * step > bottom:  # no room to wrap: one line each, cut marked
            players = self.player_lines(renderer, width - self.ts(22), wrap=False)
        owner = 0
        for player, line in players:
            if y + step > bottom:
                break
            if player >= 0:
                owner = player
                draw_seat_token(renderer, surface, (x + self.ts(7), y + step // 2 + 1),
                                self.ts(7), state.name(player))
            renderer.text(surface, line, (x + self.ts(22), y + 1), size=line_size,
                          colour=INK if not state.is_out(owner) else INK_DIM)
            y += step
        self.draw_log(surface, renderer, y + 8, bottom)

    def panel_key(self) -> Hashable:
        state, game = self.state, self.game
        mouse = self.hover or (-1, -1)
        return (
            self.compact(), self.headline(), self.cue(), self.shown_roll(),
            tuple(r.collidepoint(mouse) for r in self.buttons.values()),
            state.is_chance() and game.human_to_act(), game.can_undo(),
            self.human_turn() and self.draft_started(), self.action_label(), self.hint(),
            state.current, state.is_over(), state.winner, self.hint_top,
            tuple((state.is_out(p), len(state.hands_of(p)), state.coins_of(p), game.is_human(p))
                  for p in range(state.players)),
            tuple(game.turn_log()[-6:]),
        )

    def draft_started(self) -> bool:
        draft = self.current_draft()
        chose_pay = draft.paid and len(self.state.pay_options()) > 1
        return draft.hand is not None or draft.to is not None or chose_pay

    def player_lines(self, renderer: Renderer, width: int, *, wrap: bool
                     ) -> list[tuple[int, str]]:
        """Each player's line: "Red (you): 12 coins, 3 hands" (or ": out"), wrapped to
        ``width`` (a wrapped line's continuation has player -1) or cut with "…"."""
        state, game = self.state, self.game
        line_size = self.ts(LINE_SIZE)
        lines = []
        for player in range(state.players):
            seat = self.seat_label(player, state.name(player), game.is_human(player))
            if state.is_out(player):
                text = f"{seat}: out"
            else:
                hands = len(state.hands_of(player))
                coins = state.coins_of(player)
                text = (f"{seat}: {coins} coin{'s' * (coins != 1)}, "
                        f"{hands} hand{'s' * (hands != 1)}")
            if not wrap:
                lines.append((player, renderer.ellipsize(text, width, line_size)))
                continue
            for k, line in enumerate(renderer.wrap(text, width, line_size)[:2]):
                lines.append((player if k == 0 else -1, line))
        return lines

    def draw_log(self, surface: pygame.Surface, renderer: Renderer, top: int, bottom: int) -> None:
        """The latest log lines that fit between ``top`` and ``bottom`` (none if none do)."""
        panel = self.panel_rect()
        line_size, step = self.ts(LINE_SIZE), self.ts(17)
        x, width = panel.left + PAD, panel.width - 2 * PAD
        room = (bottom - top) // step
        lines = whole_entries(renderer, self.game.turn_log()[-6:], width, line_size, room)
        for i, line in enumerate(lines):
            renderer.text(surface, line, (x, top + step * i), size=line_size, colour=INK_DIM)


def _cell(square: Square | None) -> tuple[int, int]:
    assert square is not None
    return square.x, square.y


def make_view(app: Window, session: Session) -> View:
    return MalloppoView(app, session)
