"""Animal upon Animal's window: the board on the table, the side panel with the template.

- The table (right): the board with its stacking spot and set-aside spot, the pouch on the
  table beside it. Every animal is drawn as the same plain wooden cylinder: nothing about a
  face-down animal is drawn anywhere (no picture, colour, label or tooltip). Only what the
  rulebook shows to everyone is drawn face up: the opening three until the first draw, the
  drawn animal until it is in the tower, a drawn crocodile, and at the end the tower taken
  down in order. A face shown is the animal's painted head (:mod:`games.animals.faces`).
- Drag an animal with the left button (the grip always keeps it upright); what rests on it
  rides along. The crocodile's animal is let go over the pouch.
- An animal that falls off the table lands on the floor below, in view (the camera eases
  out); B stands every animal on the floor back on the table left of the board (the session's
  ``put_back``: the game was over already, the fall stands).
- The side panel (left): whose turn and who plays it, in gold what to do next, the buttons
  (Draw, Roll, Stop stacking!, Accept), the die, and the template every player has (the
  lighthouse, its top marked, top animal first).
- What a placement shows (games/animals/memory_view.py): the opening laid one by one, the
  drawn animal's card, the arrow where the last one went in, the record of what went where.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from games.animals import memory_view
from games.animals.faces import FaceImages
from games.animals.rules import Animal, Phase
from games.animals.session import AnimalsSession
from games.core.protocol import SeatKind, Session
from games.ui import overlays
from games.ui.physics_view import PhysicsView
from games.ui.render import (
    ACCENT,
    GOOD,
    INK,
    INK_DIM,
    PLAYER_COLOURS,
    REFUSED,
    Point,
    Renderer,
    WorldRect,
    shade,
)
from physics.world import Piece

if TYPE_CHECKING:  # pragma: no cover
    from games.ui.view import Window

PANEL_SHARE = 0.3  # of the play area's width, on the left
BUTTONS = ("draw", "roll", "stop", "accept")
MIN_TEMPLATE_TYPE = 9  # px: the template's names are never drawn smaller (a shorter word first)
NARROW_TEMPLATE_COLUMN = 70  # px: a template column narrower than this gets a thin swatch
LABELS = {"draw": "Draw", "roll": "Roll", "stop": "Stop stacking!", "accept": "Accept"}
SHORT_LABELS = {"stop": "Stop!"}  # a button too narrow for its label (a small window)


def hex_colour(text: str) -> tuple[int, int, int]:
    value = int(text[1:], 16)
    return ((value >> 16) & 255, (value >> 8) & 255, value & 255)


class AnimalsView(PhysicsView):
    """The table and the side panel."""

    keys = (
        ("Left drag", "move an animal (it stays upright)"),
        ("Click", "the panel's buttons: Draw, Roll, Stop stacking!, Accept"),
        ("Wheel", "zoom in and out at the mouse"),
        ("Middle / right drag, arrows", "move the view (a small window shows part of it)"),
        ("B", "animals on the floor back on the table (the game stays over)"),
    )

    draws_outcome = True

    def __init__(self, app: Window, session: Session) -> None:
        if not isinstance(session, AnimalsSession):
            raise TypeError("AnimalsView needs an AnimalsSession")
        self.game = session
        self.buttons: dict[str, pygame.Rect] = {}
        self.faces = FaceImages()  # the painted faces shown this game, per size
        self._layout_key: tuple[int, ...] | None = None  # the play area _layout_rects are for
        self._layout_rects = (pygame.Rect(0, 0, 0, 0), pygame.Rect(0, 0, 0, 0))
        super().__init__(app, session)

    # -- layout ----------------------------------------------------------------------------

    def panel_rect(self) -> pygame.Rect:
        return self._layout()[0].copy()

    def _layout(self) -> tuple[pygame.Rect, pygame.Rect]:
        """(panel, table) for the present play area, worked out once per size: a frame asks
        for them a dozen times (copies are handed out)."""
        area = self.app.play_rect
        key = tuple(area)
        if self._layout_key != key:
            width = max(round(area.width * PANEL_SHARE), min(210, round(area.width * 0.42)))
            panel = pygame.Rect(area.left, area.top, width, area.height)
            table = pygame.Rect(panel.right, area.top, area.right - panel.right, area.height)
            self._layout_key, self._layout_rects = key, (panel, table)
        return self._layout_rects

    def compact(self) -> bool:
        """A short panel: two lines of words, the buttons two by two, smaller."""
        return self.panel_rect().height < 460

    def table_rect(self) -> pygame.Rect:
        return self._layout()[1].copy()

    def frame_rect(self) -> WorldRect:
        board = self.game.file.board
        tops = [p.shape.cache_bb().top for p in self.game.scene.animals()]
        height = max([*tops, 200.0]) + 60.0
        return WorldRect(
            -board.half_width - 6.0, -30.0, board.pouch_x + board.pouch_width / 2 + 8.0, height
        )

    def visible_rect(self) -> pygame.Rect:
        return self.table_rect()

    def focus_point(self) -> Point:
        """A small window's close view looks at the tower (the board's middle) from the
        table's edge up."""
        return (self.game.file.board.stack_x, self.frame_rect().bottom)

    def action_point(self) -> Point:
        """An animal carried (by anyone), else one fallen to the floor, and the tower, both in
        a close view where they fit: their middle; else the tower (an animal once put down is
        on it or by it)."""
        tower = self.focus_point()
        piece = self.physics.hand.held
        if piece is None:
            piece = next(iter(self.physics.on_floor()), None)
        if piece is None:
            return tower
        x, y = piece.body.position
        return ((x + tower[0]) / 2, (y + tower[1]) / 2)

    def painted_rect(self) -> pygame.Rect:
        """The table and the side panel (kept with the background under it)."""
        return self.app.play_rect

    def refit(self) -> None:
        super().refit()
        panel = self.panel_rect().inflate(-16, -16)
        width = panel.width - 20
        self.buttons = {}
        if self.compact():
            y = panel.top + 70
            half = (width - 6) // 2
            for n, name in enumerate(BUTTONS):
                row, column = divmod(n, 2)
                x = panel.left + 10 + column * (half + 6)
                self.buttons[name] = pygame.Rect(x, y + row * 34, half, 28)
            return
        y = panel.top + 96
        for name in BUTTONS:
            self.buttons[name] = pygame.Rect(panel.left + 10, y, width, 34)
            y += 42

    def play_area_contains(self, point: Point) -> bool:
        return bool(self.table_rect().collidepoint(self.camera.to_screen(point)))

    # -- input -----------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.refit()
            if self.panel_rect().collidepoint(event.pos):
                for name in self.enabled_buttons():
                    if self.buttons[name].collidepoint(event.pos):
                        self.send(name)
                return
        super().handle_event(event)

    def enabled_buttons(self) -> list[str]:
        """The buttons the player on turn may press now (none for the computer's seat)."""
        rules = self.game.rules
        if self.game.outcome is not None or self.game.kinds[rules.seat] is SeatKind.COMPUTER:
            return []
        if memory_view.opening_unfinished(self):
            return []  # the opening is still being laid: watch it
        return {
            Phase.DRAW: ["draw", "stop"],
            Phase.ROLL: ["roll"],
            Phase.DOUBT: ["stop", "accept"],
        }.get(rules.phase, [])

    # -- drawing ---------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, renderer: Renderer) -> None:
        # refitted (the camera, the buttons) by PhysicsView.draw, before the panel is drawn
        clip = surface.get_clip()
        surface.set_clip(self.table_rect())
        super().draw(surface, renderer)
        surface.set_clip(clip)
        renderer.kept_area(
            surface,
            self.panel_rect(),
            "animals panel",
            self._panel_key(renderer),
            lambda: self._draw_panel(surface, renderer),
        )
        if self.game.outcome is not None:
            self._draw_end(surface, renderer)

    def draw_overlay(self, surface: pygame.Surface, renderer: Renderer) -> None:
        board = self.game.file.board
        scene = self.game.scene
        camera = self.camera
        base = camera.to_screen((0.0, scene.board_top))[1] + camera.px(4)
        record = memory_view.record_box(self)  # the labels keep off it
        for x, label in ((board.stack_x, "tower"), (board.aside_x, "set aside")):
            self._label(surface, renderer, label, (camera.to_screen((x, 0.0))[0], base),
                        record, size=13, colour=INK_DIM, anchor="midtop")
        left, top = camera.to_screen((board.pouch_x - board.pouch_width / 2, 45.0))
        right, bottom = camera.to_screen((board.pouch_x + board.pouch_width / 2, 0.0))
        pouch = pygame.Rect(round(left), round(top), round(right - left), round(bottom - top))
        pygame.draw.ellipse(surface, (96, 60, 110), pouch)
        pygame.draw.ellipse(surface, shade((96, 60, 110), 0.6), pouch, width=2)
        self._label(surface, renderer, "pouch", pouch.center, record, size=14, anchor="center")
        self._names: list[pygame.Rect] = []  # where shown names are this frame
        # the opening three, shown to all as they are laid and until the first draw
        for name in memory_view.opening_names(self):
            piece = scene.piece_of[name]
            self._draw_face(surface, renderer, piece, self.game.file.catalogue.pieces[name])
        drawn = self.game.drawn_piece
        animal = self.game.rules.in_hand
        if drawn is not None and animal is not None and self.game.rules.phase is Phase.PLACE:
            self._draw_face(surface, renderer, drawn, self.game.file.catalogue.pieces[animal])
        target = self.game.target
        removing = self.game.rules.phase is Phase.REMOVE
        if target is not None and removing and target.name in scene.animal_of:
            # marked by its place in the tower, never by its picture
            renderer.outline(surface, camera, target, REFUSED, width=2)
        memory_view.draw_insert_mark(self, surface, renderer)
        memory_view.draw_drawn_card(self, surface, renderer)
        memory_view.draw_record(self, surface, renderer, record)

    def _label(self, surface: pygame.Surface, renderer: Renderer, text: str,
               at: tuple[float, float], record: pygame.Rect | None, *, size: int, anchor: str,
               colour: tuple[int, int, int] = INK) -> None:
        """A label on the table, drawn only when it is whole in view and off ``record``, the
        box of the record of what went where (a small window's close view shows part of the
        table: a label half out of it or under the record is left out)."""
        box = pygame.Rect((0, 0), renderer.font(size).size(text))
        setattr(box, anchor, (round(at[0]), round(at[1])))
        if self.visible_rect().contains(box) and not (record and record.colliderect(box)):
            renderer.text(surface, text, at, size=size, colour=colour, anchor=anchor)

    def _draw_face(
        self, surface: pygame.Surface, renderer: Renderer, piece: Piece, animal: Animal
    ) -> None:
        """The shown picture on a drawn animal: its painted face (:mod:`games.animals.faces`),
        its name."""
        colour = hex_colour(animal.colour)
        centre = self.camera.to_screen(piece.position)
        width = self.camera.px(piece.size[0])
        rect = pygame.Rect(0, 0, round(width), round(self.camera.px(piece.size[1])))
        rect.center = (round(centre[0]), round(centre[1]))
        surface.blit(self.faces.get(animal.name, colour, rect.size), rect)
        pygame.draw.rect(surface, ACCENT, rect.inflate(6, 6), width=2, border_radius=6)
        # The name above the animal, else beside it: never over another shown name or face.
        self._names.append(rect.inflate(6, 6))
        image = renderer.render_text(animal.name, 15, bold=True)
        places = [
            image.get_rect(midbottom=(rect.centerx, rect.top - 6)),
            image.get_rect(midleft=(rect.right + 8, rect.centery)),
            image.get_rect(midright=(rect.left - 8, rect.centery)),
        ]
        for place in places:
            if place.collidelist(self._names) < 0:
                self._names.append(place)
                renderer.text(surface, animal.name, place.topleft, size=15, bold=True)
                break

    def _panel_key(self, renderer: Renderer) -> tuple[object, ...]:
        """Everything :meth:`_draw_panel` shows: while it stays the same, the kept picture of
        the panel is blitted (one blit, not dozens). Whatever the panel draws must be here."""
        rules = self.game.rules
        hot = next(
            (name for name, rect in self.buttons.items()
             if self.mouse is not None and rect.collidepoint(self.mouse)),
            None,
        )
        return (
            tuple(self.panel_rect()),
            rules.seat,
            tuple(self.game.kinds.items()),
            self.next_step(),
            tuple(self.enabled_buttons()),
            hot,
            self.game.last_roll,
            rules.in_hand,
            len(rules.pouch),
            len(rules.tower),
            rules.turns,
            id(self.game.file),
            id(renderer),
        )

    def _draw_panel(self, surface: pygame.Surface, renderer: Renderer) -> None:
        rules = self.game.rules
        panel = self.panel_rect().inflate(-10, -10)
        renderer.panel(surface, panel, alpha=170)
        seat = rules.seat
        index = rules.seats.index(seat)
        chip = pygame.Rect(panel.left + 12, panel.top + 14, 30, 12)
        pygame.draw.rect(surface, PLAYER_COLOURS[index], chip, border_radius=4)
        human = self.game.kinds[seat] is SeatKind.HUMAN
        renderer.text(
            surface,
            self.seat_label(index, seat, human),  # "Red (you)" as in every game (core/words.py)
            (chip.right + 8, chip.centery),
            size=17,
            bold=True,
            anchor="midleft",
        )
        lines = renderer.wrap(self.next_step(), panel.width - 24, 15)
        shown = 2 if self.compact() else 3
        if len(lines) > shown:  # the cut is marked, not silent
            lines[shown - 1] = renderer.ellipsize(f"{lines[shown - 1]} {lines[shown]}",
                                                  panel.width - 24, 15)
        for n, line in enumerate(lines[:shown]):
            renderer.text(
                surface, line, (panel.left + 12, chip.bottom + 10 + 18 * n), size=15, colour=ACCENT
            )
        enabled = self.enabled_buttons()
        for name in BUTTONS:
            rect = self.buttons[name]
            hot = self.mouse is not None and rect.collidepoint(self.mouse)
            label = LABELS[name]  # the short word where the long one would be cut
            if renderer.font(14, bold=True).size(label)[0] > rect.width - 10:
                label = SHORT_LABELS.get(name, label)
            renderer.button(surface, rect, label, hot=hot, enabled=name in enabled)
        y = self.buttons[BUTTONS[-1]].bottom + (8 if self.compact() else 12)
        die = pygame.Rect(panel.left + 12, y, 36, 36)
        renderer.draw_die(surface, die, self.game.last_roll)
        drawn = rules.in_hand
        if drawn is not None and self.game.file.catalogue.is_crocodile(drawn):
            animal = self.game.file.catalogue.pieces[drawn]  # shown face up to all
            face = pygame.Rect(die.right + 10, die.top, 36, 36)
            pygame.draw.rect(surface, hex_colour(animal.colour), face, border_radius=4)
            pygame.draw.rect(surface, ACCENT, face.inflate(4, 4), width=2, border_radius=6)
            renderer.text(surface, animal.mark, face.center, size=11, anchor="center")
            die = face
        counts = [f"pouch {len(rules.pouch)}", f"tower {len(rules.tower)}",
                  f"turn {rules.turns + 1}"]
        room = panel.right - die.right - 18
        lines = [" · ".join(counts)]  # one line where it fits, else as many as the die is tall
        if renderer.font(14).size(lines[0])[0] > room:
            lines = [" · ".join(counts[:2]), counts[2]]
        for n, line in enumerate(lines):
            renderer.text(
                surface,
                renderer.ellipsize(line, room, 14),
                (die.right + 10, die.centery + (n - (len(lines) - 1) / 2) * 17),
                size=14,
                colour=INK_DIM,
                anchor="midleft",
            )
        self._draw_template(
            surface,
            renderer,
            pygame.Rect(panel.left, die.bottom + 10, panel.width, panel.bottom - die.bottom - 14),
        )

    def _draw_template(
        self, surface: pygame.Surface, renderer: Renderer, area: pygame.Rect
    ) -> None:
        """Every player's template: the lighthouse, top animal first, its top marked."""
        template = list(reversed(self.game.file.catalogue.template))
        roomy = area.height - 35 >= len(template) * 12  # a line of its own for the top's mark
        font = renderer.font(14, bold=True)
        words = "Template (every player's)" if roomy else next(
            (w for w in ("Template (▲ top of the tower)", "Template (▲ top)")
             if font.size(w)[0] <= area.width - 20),
            "▲ top",
        )
        title = renderer.ellipsize(words, area.width - 20, 14, bold=True)
        renderer.text(surface, title, (area.left + 12, area.top), size=14, bold=True)
        if roomy:
            top = renderer.ellipsize("▲ top of the tower", area.width - 20, 12)
            renderer.text(surface, top, (area.left + 12, area.top + 17), size=12, colour=ACCENT)
            area = pygame.Rect(area.left, area.top + 15, area.width, area.height - 15)
        room = max(area.height - 20, 1)
        # one column while rows stay readable (12 px), else more columns side by side
        columns = max(min(math.ceil(len(template) * 12 / room), 3), 1)
        per_column = math.ceil(len(template) / columns)
        row = min(room / per_column, 22.0)
        size = max(min(round(row * 0.7), 15), 8)
        width = (area.width - 14) // columns
        for n, animal in enumerate(template):
            column, place = divmod(n, per_column)
            y = area.top + 20 + place * row
            if y + row > area.bottom + 2:
                break  # never past the panel
            x = area.left + 14 + column * width
            narrow = width < NARROW_TEMPLATE_COLUMN  # a small window: a thin swatch, more words
            swatch = pygame.Rect(x, round(y + 2), 8 if narrow else 14, max(round(row - 4), 4))
            pygame.draw.rect(surface, hex_colour(animal.colour), swatch, border_radius=3)
            gap = 4 if narrow else 8
            room = width - swatch.width - gap - 6
            name = template_name(renderer, animal.name, room, size)
            if name is not None:
                renderer.text(
                    surface, name[0], (swatch.right + gap, swatch.centery), size=name[1],
                    anchor="midleft",
                )

    def next_step(self) -> str:
        """What the player on turn should do now, in words for them."""
        rules = self.game.rules
        seat = rules.seat
        if self.game.outcome is not None:
            return self.game.status()
        if memory_view.opening_unfinished(self):
            return "Remember the opening animals as they are laid, bottom first"
        if self.game.kinds[seat] is SeatKind.COMPUTER:
            return f"The computer ({seat}) is playing…"
        phase = rules.phase
        if phase is Phase.DRAW:
            return "Draw an animal, or call Stop stacking! if the order is wrong"
        if phase is Phase.PLACE:
            if self.game.aside_columns():
                return f"Put the {rules.in_hand} on the lower part, then the portion back on top"
            return (
                f"Insert the {rules.in_hand}: drag the animal where you split the tower to the "
                "set-aside spot (or set it on top)"
            )
        if phase is Phase.ROLL:
            return "A crocodile! Roll the die"
        if phase is Phase.REMOVE:
            return (
                f"Take animal {rules.rolled} from the bottom out: lift what is above it aside, "
                "drop it into the pouch, put the rest back"
            )
        if phase is Phase.DOUBT:
            return "The tower is finished: doubt it (Stop stacking!) or accept it"
        return rules.expecting()

    def _draw_end(self, surface: pygame.Surface, renderer: Renderer) -> None:
        """The tower taken down face up, in order, the right places green, wrong ones red."""
        outcome = self.game.rules.outcome
        assert outcome is not None
        table = self.table_rect()
        box = pygame.Rect(0, 0, min(table.width - 30, 640), 230)
        box.midtop = (table.centerx, table.top + 20)
        renderer.panel(surface, box, alpha=230)
        winners = " and ".join(s.capitalize() for s in outcome.winners)
        headline = (
            "Everyone wins"
            if not outcome.losers
            else f"{winners} win" + ("s" if len(outcome.winners) == 1 else "")
        )
        overlays.card_title(surface, renderer, box, headline, top=12, size=30, colour=ACCENT)
        why = {
            "tower fell": f"the tower fell ({self.game.fall_reason or 'an animal fell'}) — "
            f"{', '.join(outcome.losers)} was handling it",
            "stop stacking: wrong order": f"{outcome.caller} called stop stacking: the order "
            "was wrong",
            "stop stacking: right order": f"{outcome.caller} called stop stacking, but the "
            "order was right",
            "tower finished": "the tower is finished and nobody doubted it",
        }.get(outcome.reason, outcome.reason)
        renderer.text(
            surface,
            renderer.ellipsize(why, box.width - 20, 16),
            (box.centerx, box.top + 56),
            size=16,
            anchor="midtop",
        )
        shown = list(outcome.revealed)
        right = self.game.file.catalogue.sorted(shown)
        if shown:
            cell = min((box.width - 20) / len(shown), 60.0)
            left = box.centerx - cell * len(shown) / 2
            for n, name in enumerate(shown):
                animal = self.game.file.catalogue.pieces[name]
                rect = pygame.Rect(round(left + n * cell + 2), box.top + 96, round(cell - 4), 60)
                surface.blit(self.faces.get(name, hex_colour(animal.colour), rect.size), rect)
                ok = name == right[n]
                pygame.draw.rect(surface, GOOD if ok else REFUSED, rect, width=3, border_radius=4)
                renderer.text(
                    surface,
                    renderer.ellipsize(name, round(cell) + 6, 11),
                    (rect.centerx, rect.bottom + 4),
                    size=11,
                    anchor="midtop",
                )
            renderer.text(
                surface,
                "the tower taken down, bottom → top",
                (box.centerx, box.top + 80),
                size=13,
                colour=INK_DIM,
                anchor="midtop",
            )
        overlays.card_hint(surface, renderer, box, overlays.PLAY_AGAIN_HINT, inset=10, size=14,
                           colour=INK)


def template_name(
    renderer: Renderer, name: str, room: int, size: int
) -> tuple[str, int] | None:
    """A template entry's name and type size within ``room`` px: smaller type down to
    :data:`MIN_TEMPLATE_TYPE` (still readable), then the last word of a name of several
    ("glow-worm" → "worm", the word a player knows it by), then cut with "…"; None when only
    "…" would be left."""
    while size > MIN_TEMPLATE_TYPE and renderer.font(size).size(name)[0] > room:
        size -= 1
    if renderer.font(size).size(name)[0] > room:
        name = name.replace("-", " ").split()[-1] if name.strip() else name
    shown = renderer.ellipsize(name, room, size)
    return None if shown == "…" else (shown, size)


def make_view(app: Window, session: Session) -> AnimalsView:
    return AnimalsView(app, session)
