"""Physics through the session API: whatever is thrown at a physics game through
``Session.handle`` (grabs, drags and releases at huge, tiny, NaN or infinite points, flicks
between the world's far ends, the game's own actions with odd data, live config inputs at the
edges of every range), every body stays finite and inside the world's bounds.

An input the world cannot take is refused at the boundary with a one-line reason
(:class:`~games.core.protocol.InputRefused`: NaN, infinity, a point past 1,000 km); a point outside
the world is clamped to its bounds; a piece that still leaves (a flick, a tunnel through the
table) is caught and laid back with a message (``World.escapes``). Checked after every input
and every frame, for Free play, Wallamoppi and Animal upon Animal, with hypothesis drawing the
inputs (seeded, so a failure replays).
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core import registry
from games.core.protocol import InputEvent, InputRefused, SeatKind, Session, SessionSetup
from physics.config import PhysicsConfig, load_config, waits_for_restart

DEFAULTS: PhysicsConfig = load_config().config
GAME_ACTIONS = {
    "freeplay": ("put_back",),
    "wallamoppi": ("put_back", "place", "start_timer", "ready", "marble"),
    "animals": ("put_back", "draw", "roll", "stop", "accept"),
}
MAX_SPEED_MM_S = 1e6  # far above anything a hand or a fall gives (grab.max_speed is <= 20,000)

EXTREME = st.sampled_from(
    [0.0, -0.0, 1e-300, 5e-324, 1.0, -1.0, 500.0, 1e4, -1e4, 1e5, 999_999.0, -999_999.0,
     1e6, -1e6, 1e7, 1e300, -1e300, math.inf, -math.inf, math.nan]
)
COORDINATE = st.one_of(EXTREME, st.floats(-2e6, 2e6, allow_nan=False))
DATA = st.one_of(
    st.just({}),
    st.fixed_dictionaries({"nudge": st.booleans()}),
    st.fixed_dictionaries({"lock": st.booleans()}),
    st.fixed_dictionaries({"slot": st.one_of(st.integers(-10, 40), st.just(10**6), EXTREME)}),
)
# Live config inputs: every number a running world takes (friction, restitution, gravity, the
# hand's grip...) set to an extreme; the validator refuses what is out of range, the rest must
# leave the world sound.
LIVE_KEYS = sorted(
    (section, key)
    for section, table in DEFAULTS.model_dump().items()
    if isinstance(table, dict)
    for key, value in table.items()
    if isinstance(value, float) and not waits_for_restart(f"{section}.{key}")
)
CONFIG_EDITS = st.tuples(
    st.sampled_from(LIVE_KEYS),
    st.sampled_from([0.0, 1e-9, 0.5, 1.0, 2.0, 10.0, 1e3, 1e5, 1e6, 1e9, -1.0, math.nan]),
)

def check_world(session: Session, what: str) -> None:
    """Every body finite; every movable one inside the world's bounds and not absurdly fast."""
    world = session.world
    assert world is not None
    left, bottom, right, top = world.bounds()
    for name, piece in world.pieces.items():
        body = piece.body
        numbers = (*body.position, *body.velocity, body.angle, body.angular_velocity)
        assert all(math.isfinite(n) for n in numbers), f"{name} not finite after {what}"
        if piece.is_static:
            continue
        x, y = body.position
        assert left <= x <= right and bottom <= y <= top, f"{name} at {(x, y)} after {what}"
        assert body.velocity.length <= MAX_SPEED_MM_S, f"{name} at {body.velocity} after {what}"


def config_input(session: Session, section: str, key: str, value: float) -> InputEvent:
    data: dict[str, Any] = DEFAULTS.model_dump()
    data[section] = {**data[section], key: value}
    return InputEvent(session.frame, "config", data={"config": data})


@st.composite
def inputs(draw: st.DrawFn, game: str) -> list[tuple[str, Any, int]]:
    """(kind, payload, frames to run after) steps: a point input, a game action or a config."""
    steps = []
    for _ in range(draw(st.integers(1, 12))):
        kind = draw(st.sampled_from(["piece", "point", "action", "config"]))
        if kind == "piece":  # a grab on a real piece, then anywhere
            payload: Any = (draw(st.integers(0, 10_000)), draw(COORDINATE), draw(COORDINATE),
                            draw(DATA))
        elif kind == "point":
            payload = (draw(st.sampled_from(["grab", "move", "release"])), draw(COORDINATE),
                       draw(COORDINATE), draw(DATA))
        elif kind == "action":
            payload = (draw(st.sampled_from(GAME_ACTIONS[game])), draw(DATA))
        else:
            (section, key), value = draw(CONFIG_EDITS)
            payload = (section, key, value)
        steps.append((kind, payload, draw(st.sampled_from([0, 1, 2, 10, 40]))))
    return steps


def play(game: str, seed: int, steps: list[tuple[str, Any, int]]) -> None:
    spec = registry.load(game)
    seats = (SeatKind.HUMAN,) * spec.min_seats if spec.min_seats else ()
    session = spec.new_session(SessionSetup(DEFAULTS, seed, seats, {}))
    check_world(session, "the start")
    for number, (kind, payload, frames) in enumerate(steps):
        events: list[InputEvent]
        if kind == "piece":
            index, x, y, data = payload
            pieces = list(session.world.pieces.values())  # a static one is refused
            piece = pieces[index % len(pieces)]
            px, py = piece.body.position
            events = [InputEvent(session.frame, "grab", px, py, data),
                      InputEvent(session.frame, "move", x, y, {}),
                      InputEvent(session.frame, "release", x, y, {})]
        elif kind == "point":
            action, x, y, data = payload
            events = [InputEvent(session.frame, action, x, y, data)]
        elif kind == "action":
            action, data = payload
            events = [InputEvent(session.frame, action, 0.0, 0.0, data)]
        else:
            events = [config_input(session, *payload)]
        for event in events:
            try:
                session.handle(event)
            except InputRefused as refused:
                assert "\n" not in str(refused) and str(refused)  # one line, saying why
            check_world(session, f"step {number}: {event}")
        for frame in range(frames):
            session.tick()
            check_world(session, f"step {number}, frame {frame + 1} after {events[-1]}")


@pytest.mark.parametrize("game", list(GAME_ACTIONS))
@settings(max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_extreme_inputs_leave_every_body_finite_and_in_bounds(
    game: str, data: st.DataObject
) -> None:
    seed = data.draw(st.integers(0, 3), label="seed")
    play(game, seed, data.draw(inputs(game), label="steps"))


@pytest.mark.parametrize("game", list(GAME_ACTIONS))
def test_a_flick_between_the_world_s_far_ends_is_caught_and_laid_back(game: str) -> None:
    """Every movable piece grabbed, flung from one far corner to the other in one frame and let
    go, then 120 frames: all finite and inside, and any escape was laid back with a message."""
    spec = registry.load(game)
    seats = (SeatKind.HUMAN,) * spec.min_seats if spec.min_seats else ()
    session = spec.new_session(SessionSetup(DEFAULTS, 1, seats, {}))
    for piece in list(session.world.pieces.values()):
        x, y = piece.body.position
        for action, point in (("grab", (x, y)), ("move", (-1e6, 1e6)), ("release", (1e6, -1e6))):
            try:
                session.handle(InputEvent(session.frame, action, *point))
            except InputRefused:
                break
        session.tick()
        check_world(session, f"the flick of {piece.name}")
    for _ in range(120):
        session.tick()
        check_world(session, "the flicks")
    for escape in session.world.escapes:
        assert escape.why and escape.name in session.world.pieces
