"""The menu's *Network* screen: host the chosen game for friends, or join a friend's.

The menu shows it over itself (``Menu.network``) when its *Network…* button (or N) is pressed.

*Host* plays the game chosen in the menu: each seat is *Here* (played in this window),
*Remote* (a friend joins it) or *Computer*, cycled with a click; the first seat starts Here,
the others Remote. *This machine only* / *Open to the network* chooses where the host listens
(127.0.0.1, or 0.0.0.0 for friends on other machines: the README says what that opens).
*Host* opens the game at once, paused until every remote seat is taken; the status bar shows
the address and the join code to give the friends (:class:`games.ui.net_play.HostLink`).

*Join* takes the host's address (``HOST:PORT``) and the code, typed into two fields (Tab goes
from one to the other, Enter joins); the host's game opens when it arrives
(:class:`games.ui.net_play.JoinLink`), and a refusal (a wrong code) is one line in the window.
Esc or *Back* closes the screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from games.net.lockstep import COMPUTER, HERE, REMOTE, SeatsError
from games.ui.render import ACCENT, INK, INK_DIM, Renderer

if TYPE_CHECKING:  # pragma: no cover
    from games.core.protocol import GameSpec
    from games.ui.shell import Shell

ROW = 46
WORDS = (HERE, REMOTE, COMPUTER)
LISTEN = {False: "127.0.0.1", True: "0.0.0.0"}


class ChosenSeats(Protocol):
    """What the screen reads of the menu's seat set-up (:class:`games.ui.menu.SeatChoice`)."""

    @property
    def count(self) -> int: ...

    def options(self) -> dict[str, object]: ...


class Opener(Protocol):
    """What the screen reads of the menu that opened it (:class:`games.ui.menu.Menu`): the
    window, the game chosen and its seats; it closes itself by clearing ``network``."""

    network: NetScreen | None

    @property
    def app(self) -> Shell: ...

    @property
    def spec(self) -> GameSpec | None: ...

    def choice(self) -> ChosenSeats | None: ...


class NetScreen:
    """Host and Join, drawn over the menu."""

    def __init__(self, menu: Opener) -> None:
        self.menu, self.app = menu, menu.app
        spec = menu.spec
        count = menu.choice().count if menu.choice() is not None else 2  # type: ignore[union-attr]
        self.seats = [HERE] + [REMOTE] * (count - 1) if spec is not None else []
        if spec is not None and len(self.seats) == 1:
            self.seats = [REMOTE]  # one seat (Free play): a friend plays, this window watches
        self.open_to_network = False
        self.fields = {"address": "127.0.0.1:", "code": ""}
        self.focus = "address"
        self.mouse: tuple[int, int] = (0, 0)
        self.problem = ""

    # -- geometry ----------------------------------------------------------------------------

    def rects(self) -> dict[str, pygame.Rect]:
        """Every button and field by name (tests click them). A window under 600 px tall
        gets shorter rows and the seats two to a row, so four seats fit down to 480x360."""
        width, height = self.app.screen.get_size()
        small = height < 600
        row, tall, columns = (36, 30, 2) if small else (46, 36, 1)
        left = max(20, width // 2 - 300)
        rects = {"back": pygame.Rect(12, 10, 110, 32)}
        y = 56 + 34
        column_width = 230 if small else 0
        for index in range(len(self.seats)):
            x = left + (index % columns) * column_width + (90 if small else 170)
            rects[f"seat{index}"] = pygame.Rect(x, y + (index // columns) * row,
                                                130 if small else 160, tall)
        y += -(-max(len(self.seats), 1) // columns) * row + 4
        listen_width = min(330, width - left - 20 - 122)
        rects["listen"] = pygame.Rect(left, y, listen_width, tall)
        rects["host"] = pygame.Rect(left + listen_width + 12, y, 110, tall)
        y += row + (40 if small else 60)
        field = min(260, width - left - 120 - 12 - 100 - 20)
        rects["address"] = pygame.Rect(left + 120, y, field, tall)
        rects["code"] = pygame.Rect(left + 120, y + row, field, tall)
        rects["join"] = pygame.Rect(left + 120 + field + 12, y + row, 100, tall)
        return rects

    # -- input -------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            self._click(event.pos)
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _click(self, pos: tuple[int, int]) -> None:
        for name, rect in self.rects().items():
            if not rect.collidepoint(pos):
                continue
            if name == "back":
                self.close()
            elif name.startswith("seat"):
                index = int(name[4:])
                self.seats[index] = WORDS[(WORDS.index(self.seats[index]) + 1) % len(WORDS)]
            elif name == "listen":
                self.open_to_network = not self.open_to_network
            elif name == "host":
                self.host()
            elif name == "join":
                self.join()
            else:
                self.focus = name
            return

    def _key(self, event: pygame.event.Event) -> None:
        key = event.key
        if key == pygame.K_ESCAPE:
            self.close()
        elif key == pygame.K_TAB:
            self.focus = "code" if self.focus == "address" else "address"
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.join()
        elif key == pygame.K_BACKSPACE:
            self.fields[self.focus] = self.fields[self.focus][:-1]
        else:
            typed = getattr(event, "unicode", "")
            if typed and typed.isprintable() and len(self.fields[self.focus]) < 64:
                self.fields[self.focus] += typed.strip()

    def close(self) -> None:
        self.menu.network = None

    # -- actions -----------------------------------------------------------------------------

    def host(self) -> None:
        from games.net.host import Host
        from games.net.lockstep import parse_seats
        from games.net.messages import new_code
        from games.runs.headless import MAX_RUN_SECONDS
        from games.ui.net_play import HostLink

        spec, choice = self.menu.spec, self.menu.choice()
        if spec is None or choice is None:
            return
        try:
            words = parse_seats(spec, ",".join(self.seats), headless=False)
        except SeatsError as error:
            self.problem = str(error).split(": ", 1)[-1]
            return
        config = self.app.config
        host = Host(spec, words, config=config, seed=_seed(self.app), options=choice.options(),
                    code=new_code(), limit=MAX_RUN_SECONDS * config.world.step_hz, live=True)
        self._replace_link()
        self.close()
        self.app.net = HostLink(self.app, host, LISTEN[self.open_to_network], 0)

    def join(self) -> None:
        from games.ui.net_play import JoinLink

        address, code = self.fields["address"].strip(), self.fields["code"].strip()
        if not address.rsplit(":", 1)[-1].isdigit() or not code:
            self.problem = "type the host's address as HOST:PORT and the code it shows"
            return
        self._replace_link()
        self.close()
        self.app.net = JoinLink(self.app, address, code)

    def _replace_link(self) -> None:
        if self.app.net is not None:
            self.app.net.close()
            self.app.net = None

    def frame_key(self) -> tuple[object, ...]:
        return (tuple(self.seats), self.open_to_network, tuple(self.fields.values()),
                self.focus, self.mouse, self.problem)

    # -- drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, renderer: Renderer) -> None:
        renderer.background(surface)
        rects = self.rects()
        width, height = surface.get_size()
        renderer.panel(surface, pygame.Rect(8, 52, width - 16, height - 60), alpha=225)
        renderer.button(surface, rects["back"], "Back", hot=rects["back"].collidepoint(self.mouse))
        spec = self.menu.spec
        left = rects["listen"].left
        title = f"Host {spec.title}" if spec is not None else "Host"
        renderer.text(surface, title, (left, 56), size=24, bold=True, serif=True, colour=ACCENT)
        if spec is not None:
            label_gap = 90 if surface.get_height() < 600 else 170
            for index, word in enumerate(self.seats):
                rect = rects[f"seat{index}"]
                renderer.text(surface, spec.seat_names[index].capitalize(),
                              (rect.left - label_gap, rect.centery), size=18, anchor="midleft")
                renderer.button(surface, rect, word.capitalize(),
                                hot=rect.collidepoint(self.mouse))
        listen = "Open to the network" if self.open_to_network else "This machine only"
        renderer.button(surface, rects["listen"], listen,
                        hot=rects["listen"].collidepoint(self.mouse))
        renderer.button(surface, rects["host"], "Host", hot=rects["host"].collidepoint(self.mouse))
        renderer.text(surface, "Join a friend's game", (left, rects["address"].top - 36),
                      size=24, bold=True, serif=True, colour=ACCENT)
        for name, label in (("address", "Address"), ("code", "Code")):
            rect = rects[name]
            renderer.text(surface, label, (left, rect.centery), size=18, anchor="midleft")
            pygame.draw.rect(surface, (30, 26, 22), rect, border_radius=6)
            border = ACCENT if self.focus == name else INK_DIM
            pygame.draw.rect(surface, border, rect, width=2, border_radius=6)
            shown = self.fields[name] + ("|" if self.focus == name else "")
            renderer.text(surface, renderer.ellipsize(shown, rect.width - 16, 18),
                          (rect.left + 8, rect.centery), size=18, colour=INK, anchor="midleft")
        renderer.button(surface, rects["join"], "Join", hot=rects["join"].collidepoint(self.mouse))
        if self.problem:
            renderer.text(surface, self.problem, (left, rects["join"].bottom + 20), size=16,
                          colour=(230, 120, 100))


def _seed(app: object) -> int:
    import random

    seed = getattr(app, "seed", None)
    return seed if isinstance(seed, int) else random.randrange(1, 2**31)
