"""Wallamoppi's window: the wall and tower on the table, the marble box beside it.

- Always: a turn card top left says whose turn it is, who plays it (you or the computer) and,
  in gold, what to do next; under it the disks left to stack (or placed / in the bag).
- Wall step: framed close up. The finished wall's 36 slots show faintly and the legal ones
  glow; click one (or drag the drawn disk, shown above the wall, onto one) to place. A click on
  a slot that is not allowed is refused with the rules' reason.
- Tower step, your turn: your colour's wall disks are outlined (fallen ones brighter); while
  you hold the disk, a glowing ghost on the tower's top shows where to set it down.
- Tower step: the marble box stands in its own panel to the right. The player off turn starts
  the timer with the "Release marble" button or a click on the box. The player on turn drags
  a disk of their colour out of the wall (left button; right button or Shift nudges a wall
  disk instead) onto the tower, then clicks the marble to stop the timer. The marble's place
  in the box shows the time left, and so do the number and the bar under it.
- A disk that falls off the table lands on the floor below; the camera eases out to show it,
  and B lays every disk on the floor back beside the wall (see the session's ``put_back``).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from games.core.protocol import SeatKind, Session
from games.core.words import display_name
from games.ui.physics_view import PhysicsView
from games.ui.render import (
    ACCENT,
    GOOD,
    INK,
    INK_DIM,
    TAG_COLOURS,
    Camera,
    Point,
    Renderer,
    WorldRect,
    shade,
)
from games.wallamoppi.marks import draw_last_moves
from games.wallamoppi.rules import SEATS, Phase, Slot, all_slots, other
from games.wallamoppi.scene import MarbleTimer, slot_position
from games.wallamoppi.session import WallamoppiSession
from physics.world import Piece

if TYPE_CHECKING:  # pragma: no cover
    from games.ui.view import Window

TIMER_PANEL_SHARE = 0.27  # of the play area's width, on the right
SLOT_PICK_MM = (22.0, 6.0)  # how far from a slot's centre a click still picks it
# Half the width framed in the tower step: the wall and the first fallen disk laid beside it
# on each side (a disk further out makes the camera ease out to it).
TOWER_FRAME_MM = 240.0
SMALL_WINDOW_PX = 900  # narrower: the wall step gives the marble box's panel to the table
TURN_CARD_PX = 72  # the turn card's three lines at the table's top left
BAG_MM = (-130.0, 125.0)  # where the drawn disk is shown during the wall step


class WallamoppiView(PhysicsView):
    """The table (wall, tower, fallen disks) plus the marble box panel."""

    keys = (
        ("Left drag", "pull out a disk you may take, stack it on the tower"),
        ("Right drag / Shift", "nudge a disk (a gentle push)"),
        ("Click", "a lit slot while building the wall; the marble box to catch it"),
        ("Space / Enter", "start the computer's count-in now; catch the marble"),
        ("Wheel / middle drag", "zoom at the mouse / move the view"),
        ("B", "disks on the floor back beside the wall, still fallen disks"),
    )
    pan_buttons = (2,)  # the right button nudges

    MARBLE_KEYS = frozenset({pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER})

    @property  # shell keys owned only during the marble step
    def own_keys(self) -> frozenset[int]:  # type: ignore[override]
        """Space and Enter start the count-in or catch the marble while a person may do so;
        otherwise Space is the shell's pause key again."""
        return self.MARBLE_KEYS if self.marble_key_action() else frozenset()

    def marble_key_action(self) -> str | None:
        """What Space/Enter does now: "ready" (start the computer's count-in at once),
        "marble" (catch the marble), or None (the key is the shell's)."""
        game = self.game
        rules = game.rules
        if rules.phase is not Phase.TOWER or game.outcome is not None:
            return None
        seat = rules.turn.seat
        if game.kinds[seat] is not SeatKind.HUMAN:
            return None
        if rules.turn.timer_running:
            return "marble"
        if game.count_in_left() is not None:
            return "ready"
        return None

    def __init__(self, app: Window, session: Session) -> None:
        if not isinstance(session, WallamoppiSession):
            raise TypeError("WallamoppiView needs a WallamoppiSession")
        self.game = session
        self.idle_timer = MarbleTimer(session.scene.config)
        self.timer_camera = Camera()
        self.button = pygame.Rect(0, 0, 1, 1)
        self.placing = False  # dragging the drawn disk in the wall step
        self._step_lines: tuple[tuple[str, int], list[str]] | None = None  # wrapped, kept
        self.clock = 0.0
        super().__init__(app, session)

    # -- layout ----------------------------------------------------------------------

    def table_rect(self) -> pygame.Rect:
        """The table's part of the play area: all of it while a small window's wall is built
        (the marble box has nothing to show yet and the slots need the room), else all but
        the marble box's panel."""
        area = self.app.play_rect
        if self.game.rules.phase is Phase.WALL and area.width < SMALL_WINDOW_PX:
            return area.copy()
        return pygame.Rect(
            area.left, area.top, round(area.width * (1 - TIMER_PANEL_SHARE)), area.height
        )

    def visible_rect(self) -> pygame.Rect:
        return self.table_rect()

    def painted_rect(self) -> pygame.Rect:
        """The table and the side panel (kept with the background under it)."""
        return self.app.play_rect

    def fit_rect(self) -> pygame.Rect:
        """The table, less the turn card's lines at its top (the scene is framed under them)."""
        table = self.table_rect()
        extra = (len(self._next_step_lines(self.app.renderer)) - 1) * 22
        card = min(TURN_CARD_PX + extra, table.height // 4)
        return pygame.Rect(table.left, table.top + card, table.width, table.height - card)

    def timer_rect(self) -> pygame.Rect:
        area = self.app.play_rect
        table = self.table_rect()
        return pygame.Rect(table.right, area.top, area.right - table.right, area.height)

    def frame_rect(self) -> WorldRect:
        """The wall close up while it is built; then room for the tower and fallen disks."""
        if self.game.rules.phase is Phase.WALL:
            return WorldRect(-205.0, -20.0, 205.0, 170.0)
        top = self.game.scene.top()
        height = (top.body.position.y if top else 64.0) + 90.0
        return WorldRect(-TOWER_FRAME_MM, -30.0, TOWER_FRAME_MM, max(height, 240.0))

    def refit(self) -> None:
        super().refit()
        layout = self.timer_world().layout if self.game.timer else self.idle_timer.layout
        box = WorldRect(-200.0, -20.0, 130.0, layout.height + 20.0)
        panel = self.timer_rect().inflate(-16, -90)
        panel.top = self.timer_rect().top + 40
        self.timer_camera = Camera.fit(box, panel, 8, align_y=0.5)
        self.button = pygame.Rect(0, 0, min(panel.width - 10, 190), 40)
        self.button.midbottom = (self.timer_rect().centerx, self.timer_rect().bottom - 14)

    def timer_world(self) -> MarbleTimer:
        return self.game.timer or self.idle_timer

    # -- input -----------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in self.MARBLE_KEYS:
            action = self.marble_key_action()
            if action is not None:
                self.send(action)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            self.refit()
            if self._press_outside_table(event.pos):
                return
            if self.game.rules.phase is Phase.WALL:
                self._press_wall_step(event.pos)
                return
            if event.button == 3:
                self.mouse = event.pos
                self.on_press(self.to_world(event.pos), True)
                return
        if event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            if self.placing:
                self.placing = False
                self._place_at(self.to_world(event.pos), quiet=False)
                return
            if event.button == 3 and self.dragging:
                self.on_drop(self.to_world(event.pos))
                return
        super().handle_event(event)

    def grab_data(self, lock: bool) -> dict[str, bool] | None:
        """A grab pulls out what is under the mouse; right button or Shift only nudges."""
        return {"nudge": True} if lock else None

    def play_area_contains(self, point: Point) -> bool:
        return bool(self.table_rect().collidepoint(self.camera.to_screen(point)))

    def _press_outside_table(self, pixel: tuple[int, int]) -> bool:
        """Clicks in the marble panel: the button, the box, the marble."""
        if not self.timer_rect().collidepoint(pixel):
            return False
        rules = self.game.rules
        if rules.phase is not Phase.TOWER:
            return True
        if rules.turn.timer_running:  # the whole panel catches the marble: a large target
            self.send("marble")
        elif self.marble_key_action() == "ready":
            self.send("ready")
        else:
            self.send("start_timer")
        return True

    def _press_wall_step(self, pixel: tuple[int, int]) -> None:
        point = self.to_world(pixel)
        if math.dist(point, BAG_MM) < 30.0:
            self.placing = True
            return
        self._place_at(point, quiet=True)

    def _place_at(self, point: Point, *, quiet: bool) -> None:
        slot = self.slot_at(point)
        if slot is None:
            if not quiet:
                self.refuse("drop the disk on one of the lit slots")
            return
        self.send("place", data={"slot": slot.to_json()})

    def busy_rect(self) -> pygame.Rect | None:
        """The pieces and, while the wall is built, its slots (a card keeps off them)."""
        busy = super().busy_rect()
        if self.game.rules.phase is not Phase.WALL:
            return busy
        config = self.game.scene.config
        half = config.pieces.disk_diameter / 2
        xs, ys = zip(*(slot_position(config, slot) for slot in all_slots()), strict=True)
        left, top = self.camera.to_screen((min(xs) - half, max(ys) + half))
        right, bottom = self.camera.to_screen((max(xs) + half, min(ys) - half))
        wall = pygame.Rect(round(left), round(top), round(right - left), round(bottom - top))
        wall = wall.clip(self.visible_rect())
        return wall if busy is None else wall.union(busy)

    def slot_at(self, point: Point) -> Slot | None:
        """The wall slot nearest ``point`` (mm), if close enough."""
        config = self.game.scene.config
        best = None
        for slot in all_slots():
            x, y = slot_position(config, slot)
            dx, dy = abs(point[0] - x), abs(point[1] - y)
            if dx <= SLOT_PICK_MM[0] and dy <= SLOT_PICK_MM[1]:
                distance = dx + 3 * dy
                if best is None or distance < best[0]:
                    best = (distance, slot)
        return best[1] if best else None

    def update(self, seconds: float) -> None:
        self.clock += seconds
        if self.game.notice:
            self.app.notify(self.game.notice, kind="refused")
            self.game.notice = None
        super().update(seconds)

    # -- drawing ---------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, renderer: Renderer) -> None:
        # refitted (the cameras, the button) by PhysicsView.draw, before the panel is drawn
        clip = surface.get_clip()
        surface.set_clip(self.table_rect())
        super().draw(surface, renderer)
        surface.set_clip(clip)
        if self.timer_rect().width > 0:
            self._draw_timer_panel(surface, renderer)
        self._draw_turn_card(surface, renderer)

    def draw_overlay(self, surface: pygame.Surface, renderer: Renderer) -> None:
        draw_last_moves(self.game, self.camera, surface, renderer)  # games/wallamoppi/marks.py
        if self.game.rules.phase is Phase.WALL:
            self._draw_wall_step(surface, renderer)
        else:
            self._draw_tower_marks(surface, renderer)
            self._draw_nudge(surface, renderer)

    def _draw_nudge(self, surface: pygame.Surface, renderer: Renderer) -> None:
        """While a nudge is held: the word "nudge" by the disk and how hard the gentle hand
        pushes (a gauge of its limited force), so a nudge never passes for a pull."""
        held = self.physics.hand.held
        if held is None or self.game.nudging != held.name:
            return
        x, y = self.camera.to_screen(held.body.position)
        hand = self.camera.to_screen(self.physics.hand.position)
        pygame.draw.line(surface, ACCENT, (round(x), round(y)), (round(hand[0]), round(hand[1])), 2)
        share = self.physics.hand.push_share()
        label = pygame.Rect(0, 0, 120, 34)
        label.midbottom = (round(hand[0]), round(min(hand[1], y) - self.camera.px(12)))
        renderer.panel(surface, label, alpha=200)
        renderer.text(
            surface, "nudge (gentle)", (label.centerx, label.top + 3), size=13, anchor="midtop"
        )
        bar = pygame.Rect(label.left + 8, label.bottom - 10, label.width - 16, 5)
        pygame.draw.rect(surface, shade(INK_DIM, 0.5), bar, border_radius=2)
        filled = bar.copy()
        filled.width = round(bar.width * share)
        colour = (236, 104, 88) if share > 0.95 else ACCENT
        pygame.draw.rect(surface, colour, filled, border_radius=2)

    def _disk_rect(self, centre: Point) -> pygame.Rect:
        pieces = self.game.scene.config.pieces
        x, y = self.camera.to_screen(centre)
        width, height = self.camera.px(pieces.disk_diameter), self.camera.px(pieces.disk_thickness)
        return pygame.Rect(round(x - width / 2), round(y - height / 2), round(width), round(height))

    def _draw_wall_step(self, surface: pygame.Surface, renderer: Renderer) -> None:
        rules = self.game.rules
        config = self.game.scene.config
        pulse = 0.5 + 0.5 * math.sin(self.clock * 5.0)
        hover = self.slot_at(self.camera.to_world(self.mouse)) if self.mouse else None
        legal = rules.legal_slots()
        for slot in all_slots():  # the finished wall's shape, faintly: 8, 7, ... 1
            if slot not in rules.wall and slot not in legal:
                rect = self._disk_rect(slot_position(config, slot))
                pygame.draw.rect(surface, shade(INK_DIM, 0.7), rect, width=1, border_radius=3)
        for slot in legal:
            rect = self._disk_rect(slot_position(config, slot))
            glow = pygame.Surface(rect.size, pygame.SRCALPHA)
            alpha = 200 if slot == hover else round(70 + 70 * pulse)
            pygame.draw.rect(glow, (*GOOD, alpha), glow.get_rect(), border_radius=3)
            surface.blit(glow, rect.topleft)
            pygame.draw.rect(surface, shade(GOOD, 1.2), rect, width=1, border_radius=3)
        disk = rules.disk_in_hand
        if disk is None:
            return
        centre = BAG_MM
        if self.placing and self.mouse:
            centre = self.camera.to_world(self.mouse)
        rect = self._disk_rect(centre)
        colour = TAG_COLOURS[disk.colour]
        pygame.draw.rect(surface, shade(colour, 0.5), rect.move(0, 3), border_radius=3)
        pygame.draw.rect(surface, colour, rect, border_radius=3)
        pygame.draw.rect(surface, ACCENT, rect.inflate(6, 6), width=2, border_radius=5)
        label = f"{display_name(rules.placer)} drew a {disk.colour} disk"
        bag = self.camera.to_screen(BAG_MM)
        above = (self._inside(renderer, label, 16, bag[0]), bag[1] - self.camera.px(14))
        renderer.text(surface, label, above, size=16, anchor="midbottom")
        kind = self.game.kinds[rules.placer]
        hint = (
            "computer is placing…"
            if kind is SeatKind.COMPUTER
            else "click a lit slot, or drag the disk"
        )
        renderer.text(
            surface,
            hint,
            (self._inside(renderer, hint, 14, bag[0]), bag[1] + self.camera.px(12)),
            size=14,
            colour=INK_DIM,
            anchor="midtop",
        )

    def _draw_tower_marks(self, surface: pygame.Surface, renderer: Renderer) -> None:
        scene = self.game.scene
        top = scene.top()
        if top is None or self.game.outcome is not None:
            return
        x, y = self.camera.to_screen(top.body.position)
        height = len(self.game.rules.tower)
        renderer.text(
            surface,
            f"tower {height}",
            (x + self.camera.px(28), y),
            size=15,
            colour=INK_DIM,
            anchor="midleft",
        )
        turn = self.game.rules.turn
        if not turn.timer_running or turn.stacked:
            return
        held = self.physics.hand.held
        if held is not None and held.name == turn.taken:
            self._draw_drop_target(surface, renderer, top)
            return
        if self.game.kinds[turn.seat] is SeatKind.HUMAN and turn.taken is None:
            for piece in scene.disks_of(turn.seat, "wall"):  # what you may pull
                renderer.outline(surface, self.camera, piece, shade(ACCENT, 0.75), width=1)
        for piece in scene.disks_of(turn.seat, "fallen") + scene.disks_of(turn.seat, "loose"):
            renderer.outline(surface, self.camera, piece, ACCENT, width=2)

    def _draw_drop_target(self, surface: pygame.Surface, renderer: Renderer, top: Piece) -> None:
        """Where the disk in hand goes: a glowing ghost centred on the tower's top."""
        pieces = self.game.scene.config.pieces
        seat = (top.body.position.x, top.body.position.y + pieces.disk_thickness)
        rect = self._disk_rect(seat)
        pulse = 0.5 + 0.5 * math.sin(self.clock * 5.0)
        glow = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(glow, (*GOOD, round(50 + 60 * pulse)), glow.get_rect(), border_radius=3)
        surface.blit(glow, rect.topleft)
        pygame.draw.rect(surface, shade(GOOD, 1.2), rect, width=1, border_radius=3)
        renderer.text(
            surface,
            "stack here, centred",
            (rect.left - 8, rect.centery),
            size=14,
            colour=shade(GOOD, 1.3),
            anchor="midright",
        )

    def _inside(self, renderer: Renderer, text: str, size: int, x: float) -> float:
        """``x`` for a line centred there, moved so the whole line stays on the table."""
        area = self.table_rect()
        half = renderer.font(size).size(text)[0] / 2 + 6
        return min(max(x, area.left + half), area.right - half)

    def _draw_timer_panel(self, surface: pygame.Surface, renderer: Renderer) -> None:
        rect = self.timer_rect().inflate(-10, -10)
        timer = self.timer_world()
        box = timer.layout
        camera = self.timer_camera
        wood = pygame.Rect(0, 0, 1, 1)
        left, top = camera.to_screen((0.0, box.height))
        right, bottom = camera.to_screen((110.0, 0.0))
        wood.update(round(left), round(top), round(right - left), round(bottom - top))
        # the panel, its title and the box's wood never change at a size: kept, one blit
        renderer.kept_area(
            surface,
            self.timer_rect(),
            "wallamoppi timer panel",
            (tuple(rect), tuple(wood)),
            lambda: self._draw_timer_box(surface, renderer, rect, wood),
        )
        renderer.draw_world(surface, camera, timer.world)
        hole = camera.to_screen(box.hole)
        pygame.draw.circle(
            surface,
            (16, 12, 10),
            (round(hole[0]), round(hole[1] + camera.px(6))),
            max(round(camera.px(9)), 4),
        )
        renderer.text(
            surface,
            "end",
            (hole[0], hole[1] + camera.px(18)),
            size=13,
            colour=INK_DIM,
            anchor="midtop",
        )
        self._draw_timer_controls(surface, renderer, rect)

    def _draw_timer_box(
        self, surface: pygame.Surface, renderer: Renderer, rect: pygame.Rect, wood: pygame.Rect
    ) -> None:
        """The marble box's panel, its title and the box's wooden frame (under the marble)."""
        renderer.panel(surface, rect, alpha=150)
        title_size = 18
        while title_size > 12 and renderer.font(title_size, bold=True, serif=True).size(
            "Marble timer"
        )[0] > rect.width - 12:
            title_size -= 1
        renderer.text(
            surface,
            "Marble timer",
            (rect.centerx, rect.top + 10),
            size=title_size,
            bold=True,
            serif=True,
            anchor="midtop",
        )
        pygame.draw.rect(surface, (86, 56, 34), wood.inflate(8, 8), border_radius=6)
        pygame.draw.rect(surface, (58, 38, 24), wood, border_radius=4)

    def _draw_timer_controls(
        self, surface: pygame.Surface, renderer: Renderer, rect: pygame.Rect
    ) -> None:
        rules = self.game.rules
        if rules.phase is not Phase.TOWER:
            renderer.text(
                surface,
                "game over" if self.game.outcome else "waits for the wall",
                (rect.centerx, self.button.centery),
                size=15,
                colour=INK_DIM,
                anchor="center",
            )
            return
        left = self.game.time_left()
        if left is not None and rules.turn.timer_running and self.game.outcome is None:
            marble = self.timer_camera.to_screen(self.timer_world().marble_at())
            ring = max(round(self.timer_camera.px(8) + 6 + 3 * math.sin(self.clock * 8)), 8)
            if not rules.turn.stacked:
                pygame.draw.circle(
                    surface, shade(ACCENT, 0.9), (round(marble[0]), round(marble[1])), ring, 2
                )
            else:
                pygame.draw.circle(surface, GOOD, (round(marble[0]), round(marble[1])), ring + 2, 3)
            colour = ACCENT if left > 3 else (236, 104, 88)
            renderer.text(
                surface,
                f"{left:4.1f} s",
                (rect.centerx, self.button.top - 16),
                size=26,
                bold=True,
                colour=colour,
                anchor="midbottom",
            )
            bar = pygame.Rect(0, 0, self.button.width, 6)
            bar.midbottom = (rect.centerx, self.button.top - 4)
            pygame.draw.rect(surface, shade(INK_DIM, 0.5), bar, border_radius=3)
            share = left / self.game.timer_seconds if self.game.timer_seconds else 0.0
            filled = bar.copy()
            filled.width = max(round(bar.width * min(share, 1.0)), 0)
            pygame.draw.rect(surface, colour, filled, border_radius=3)
            person = self.game.kinds[rules.turn.seat] is SeatKind.HUMAN
            if rules.turn.stacked:
                hint = "Space / click here: catch!" if person else "click the marble!"
            else:
                hint = f"{display_name(rules.turn.seat)} is racing it"
            renderer.text(
                surface,
                hint,
                (rect.centerx, self.button.centery),
                size=16,
                colour=INK,
                anchor="center",
            )
            return
        count_in = self.game.count_in_left()
        if self.game.outcome is None and count_in is not None:
            renderer.text(
                surface,
                f"{math.ceil(count_in)}" if count_in > 0 else "go",
                (rect.centerx, self.button.top - 12),
                size=40,
                bold=True,
                colour=ACCENT,
                anchor="midbottom",
            )
            renderer.text(
                surface,
                f"the computer releases the marble for {rules.turn.seat}",
                (rect.centerx, self.button.top - 64),
                size=13,
                colour=INK_DIM,
                anchor="midbottom",
            )
            renderer.button(surface, self.button, "Space: start now", hot=True)
            return
        if self.game.outcome is None and not rules.turn.timer_running:
            starter = other(rules.turn.seat)
            human = self.game.kinds[starter] is SeatKind.HUMAN
            hot = self.mouse is not None and self.button.collidepoint(self.mouse)
            renderer.button(
                surface,
                self.button,
                "Release marble" if human else f"{starter} releases…",
                hot=hot,
                enabled=human,
            )
            renderer.text(
                surface,
                f"{starter} starts {rules.turn.seat}'s timer",
                (rect.centerx, self.button.top - 8),
                size=14,
                colour=INK_DIM,
                anchor="midbottom",
            )

    def _draw_turn_card(self, surface: pygame.Surface, renderer: Renderer) -> None:
        rules = self.game.rules
        table = self.table_rect()
        seat = rules.placer if rules.phase is Phase.WALL else rules.turn.seat
        if self.game.outcome is not None:
            return  # the winner panel beside the table says who won and why
        chip = pygame.Rect(table.left + 16, table.top + 14, 36, 12)
        pygame.draw.rect(surface, TAG_COLOURS[seat], chip, border_radius=4)
        pygame.draw.rect(surface, ACCENT, chip.inflate(4, 4), width=1, border_radius=5)
        step = "building the wall" if rules.phase is Phase.WALL else "tower"
        who = self.seat_label(SEATS.index(seat), seat, self.game.kinds[seat] is SeatKind.HUMAN)
        renderer.text(
            surface,
            f"{who} · {step}",
            (chip.right + 10, chip.centery),
            size=18,
            bold=True,
            anchor="midleft",
        )
        lines = self._next_step_lines(renderer)
        for n, line in enumerate(lines):  # wrapped to the table's width: never over the box
            renderer.text(
                surface, line, (chip.left, chip.bottom + 12 + n * 22), size=17, colour=ACCENT
            )
        below = chip.bottom + 38 + (len(lines) - 1) * 22
        if rules.phase is Phase.TOWER:
            counts = "   ".join(
                f"{display_name(s)}: {len(rules.available(s))} to stack" for s in ("dark", "light")
            )
            renderer.text(surface, counts, (chip.left, below), size=14, colour=INK_DIM)
        else:
            bag = len(rules.bag) - min(len(rules.history), len(rules.bag))
            renderer.text(
                surface,
                f"{len(rules.wall)}/36 placed · {bag} in the bag",
                (chip.left, below),
                size=14,
                colour=INK_DIM,
            )

    def _next_step_lines(self, renderer: Renderer) -> list[str]:
        """:meth:`next_step` wrapped to the table's width (at most two lines)."""
        width = max(self.table_rect().width - 40, 60)
        text = self.next_step()
        kept = self._step_lines
        if kept is not None and kept[0] == (text, width):
            return kept[1]
        lines = renderer.wrap(text, width, 17)
        if len(lines) > 2:
            lines = [lines[0], renderer.ellipsize(" ".join(lines[1:]), width, 17)]
        self._step_lines = ((text, width), lines)
        return lines

    def next_step(self) -> str:
        """What the player who must act now should do, in words for them."""
        rules = self.game.rules
        if rules.phase is Phase.WALL:
            seat = rules.placer
            if self.game.kinds[seat] is SeatKind.COMPUTER:
                return f"The computer ({display_name(seat)}) is placing a disk…"
            return "Place the drawn disk on a lit slot"
        turn = rules.turn
        actor = turn.seat if turn.timer_running else other(turn.seat)
        if self.game.kinds[actor] is SeatKind.COMPUTER:
            if actor != turn.seat:  # the computer starts the other seat's timer
                left = self.game.count_in_left()
                if left is not None and self.game.kinds[turn.seat] is SeatKind.HUMAN:
                    return (
                        f"The computer releases the marble in {math.ceil(left)} s"
                        " (Space: start now)"
                    )
                return (f"The computer ({display_name(actor)}) is releasing the marble for "
                        f"{display_name(turn.seat)}…")
            return f"The computer ({display_name(actor)}) is playing…"
        if not turn.timer_running:
            return (f"{display_name(actor)}: release the marble to start "
                    f"{display_name(turn.seat)}'s timer →")
        if turn.stacked:
            return "Stacked! Now catch the marble: Space, Enter or a click on its panel →"
        if turn.taken:
            return "Set the disk down centred on the tower, then let go"
        return f"Pull a {turn.seat} disk out of the wall and stack it on the tower"

    def end_reason(self) -> str:
        """Why the game ended, in words, for the shell's winner panel (games/ui/winner.py),
        which stands beside the table so the fallen tower stays in sight."""
        outcome = self.game.outcome
        assert outcome is not None
        winner = str(outcome.winner)
        loser = other(winner)
        return {
            "tower fell": f"The tower fell: {display_name(loser)} touched a disk last",
            "timer": f"The marble reached the end hole before {display_name(loser)} caught it",
            "no disks left": f"{display_name(loser)} has no disk left; {display_name(winner)} "
            "stacked last",
        }.get(outcome.reason, outcome.reason)


def make_view(app: Window, session: Session) -> WallamoppiView:
    return WallamoppiView(app, session)
