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
   not; a chosen coin reads -1 and the landing hand shows what it will hold), then Take (or
   Enter). With no hand beside it, the move is made at once.

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

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from games.grid import Square
from games.malloppo.rules import Phase, Roll, State, Turn, action_to_json
from games.malloppo.session import MalloppoSession
from games.protocol import Session
from games.ui.animation import Mark
from games.ui.dice_view import GAP, PAD, DiceBoardView
from games.ui.render import (
    ACCENT,
    GOOD,
    INK,
    INK_DIM,
    TAG_COLOURS,
    Colour,
    GridGeometry,
    Renderer,
    mix,
    shade,
)
from games.ui.view import View
from games.ui.widgets import whole_entries

if TYPE_CHECKING:  # pragma: no cover
    from games.ui.app import App

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

    def __init__(self, app: App, session: Session) -> None:
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
        headline, cue = (15, 13) if compact else (HEADLINE_SIZE, CUE_SIZE)
        y = panel.top + PAD + headline + 6 + 2 * (cue + 5) + (4 if compact else 10)
        die = 36 if compact else min(60, max(width // 4, 40))
        button = 28 if compact else BUTTON_HEIGHT
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
        if state.phase is Phase.MOVE and state.roll:
            cost = ", pay a coin" if state.roll % 2 else ""
            return f"{name} rolled {state.roll}{cost}"
        return f"{name}: {self.game.need()}"

    def cue(self) -> str:
        state, game = self.state, self.game
        if state.is_over():
            coins = state.coins_of(state.winner or 0)
            return f"{coins} coin{'s' * (coins != 1)} left. F5 plays again, Esc: menu"
        name = state.name(state.current).title()
        if game.in_undo_grace():
            return f"{name} thinks… (Undo still possible)"
        if not game.human_to_act():
            return f"{name} (computer) is playing…"
        if state.phase is Phase.OPENING:
            return "Highest roll begins; ties roll again"
        return ""

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
        self.draw_board(surface, renderer)
        self.draw_panel(surface, renderer)

    def colour(self, player: int) -> Colour:
        return TAG_COLOURS.get(self.state.name(player), (200, 200, 200))

    def draw_board(self, surface: pygame.Surface, renderer: Renderer) -> None:
        state, board = self.state, self.state.board
        cells: dict[tuple[int, int], Colour] = {}
        for square, owner in board.start_colour(state.players).items():
            tint = TAG_COLOURS.get(board.colour_names[owner], (200, 200, 200))
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
            renderer.draw_token(surface, rest, radius, colour, ring=ring)
            text = DARK_TEXT if sum(colour) > 450 else INK
            renderer.text(surface, str(coins), rest, size=max(round(geo.cell * 0.42), 10),
                          colour=text, bold=True, anchor="center", shadow=text == INK)
            if hand in robbable:
                self.draw_coin(surface, renderer, rest, radius, hand in draft.steals)
            if draft.paid and draft.pay == hand and stage != "":
                self.draw_coin(surface, renderer, rest, radius, True)  # the roll's coin

    def draw_coin(self, surface: pygame.Surface, renderer: Renderer,
                  centre: tuple[float, float], radius: float, chosen: bool) -> None:
        x, y = centre[0] + radius * 0.8, centre[1] - radius * 0.8
        r = max(round(radius * 0.55), 6)
        colour = COIN if chosen else COIN_DIM
        pygame.draw.circle(surface, (0, 0, 0), (round(x) + 1, round(y) + 2), r)
        pygame.draw.circle(surface, colour, (round(x), round(y)), r)
        pygame.draw.circle(surface, shade(colour, 0.6), (round(x), round(y)), r, 2)
        if chosen:
            renderer.text(surface, "−1", (x, y), size=max(r, 9), colour=DARK_TEXT, bold=True,
                          anchor="center", shadow=False)

    def draw_panel(self, surface: pygame.Surface, renderer: Renderer) -> None:
        state, game = self.state, self.game
        panel = self.panel_rect()
        renderer.panel(surface, panel)
        x, width = panel.left + PAD, panel.width - 2 * PAD
        compact = self.compact()
        headline_size, cue_size = (15, 13) if compact else (HEADLINE_SIZE, CUE_SIZE)
        mover = state.current if not state.is_over() else (state.winner or 0)
        token = headline_size // 2 + 2
        renderer.draw_token(surface, (x + token, panel.top + PAD + token), token,
                            self.colour(mover))
        headline = renderer.ellipsize(self.headline(), width - 30, headline_size, bold=True)
        renderer.text(surface, headline, (x + 30, panel.top + PAD), size=headline_size,
                      colour=INK, bold=True)
        cue_top = panel.top + PAD + headline_size + 8
        for i, line in enumerate(renderer.wrap(self.cue(), width, cue_size, bold=True)[:2]):
            renderer.text(surface, line, (x, cue_top + (cue_size + 5) * i), size=cue_size,
                          colour=ACCENT, bold=True)
        self.draw_die(surface, renderer)
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
        players = self.player_lines(renderer, width - 22)
        room_for_hint = (bottom - y - len(players) * 17 - 8) // (HINT_SIZE + 4)
        hint = renderer.wrap(self.hint(), width, HINT_SIZE)
        shown = hint[: max(0, room_for_hint)]
        if 0 < len(shown) < len(hint):  # the cut is marked, not silent
            shown[-1] = renderer.ellipsize(f"{shown[-1]} {hint[len(shown)]}", width, HINT_SIZE)
        for line in shown:
            renderer.text(surface, line, (x, y), size=HINT_SIZE, colour=INK)
            y += HINT_SIZE + 4
        y += 8
        for player, line in players:
            if y + 17 > bottom:
                break
            renderer.draw_token(surface, (x + 7, y + 9), 7, self.colour(player))
            renderer.text(surface, line, (x + 22, y + 1), size=LINE_SIZE,
                          colour=INK if not state.is_out(player) else INK_DIM)
            y += 17
        self.draw_log(surface, renderer, y + 8, bottom)

    def draft_started(self) -> bool:
        draft = self.current_draft()
        chose_pay = draft.paid and len(self.state.pay_options()) > 1
        return draft.hand is not None or draft.to is not None or chose_pay

    def player_lines(self, renderer: Renderer, width: int) -> list[tuple[int, str]]:
        state, game = self.state, self.game
        lines = []
        for player in range(state.players):
            seat = self.seat_word(player, computer=not game.is_human(player), alone="human")
            if state.is_out(player):
                text = f"{state.name(player)} ({seat}): out"
            else:
                hands = len(state.hands_of(player))
                coins = state.coins_of(player)
                text = (f"{state.name(player)} ({seat}): {coins} coin{'s' * (coins != 1)}, "
                        f"{hands} hand{'s' * (hands != 1)}")
            lines.append((player, renderer.ellipsize(text, width, LINE_SIZE)))
        return lines

    def draw_die(self, surface: pygame.Surface, renderer: Renderer) -> None:
        last = self.game.last_roll()
        roll = last[1] if last is not None else None
        value = roll.value if isinstance(roll, Roll) else None
        if self.animator.rolling():
            value = self.animator.tumbling_face()
        renderer.draw_die(surface, self.die_rect, value)
        if last is not None:
            corner = (self.die_rect.right - 4, self.die_rect.bottom - 4)
            renderer.draw_token(surface, corner, max(self.die_rect.width // 9, 5),
                                self.colour(last[0]))

    def draw_log(self, surface: pygame.Surface, renderer: Renderer, top: int, bottom: int) -> None:
        """The latest log lines that fit between ``top`` and ``bottom`` (none if none do)."""
        panel = self.panel_rect()
        x, width = panel.left + PAD, panel.width - 2 * PAD
        room = (bottom - top) // 17
        lines = whole_entries(renderer, self.game.turn_log()[-6:], width, LINE_SIZE, room)
        for i, line in enumerate(lines):
            renderer.text(surface, line, (x, top + 17 * i), size=LINE_SIZE, colour=INK_DIM)


def _cell(square: Square | None) -> tuple[int, int]:
    assert square is not None
    return square.x, square.y


def make_view(app: App, session: Session) -> View:
    return MalloppoView(app, session)
