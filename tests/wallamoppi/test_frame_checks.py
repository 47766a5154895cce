"""The per-frame checks a Wallamoppi game runs after every stepped frame give, frame by frame,
what the plain versions they replaced give: the thaw check (``World._thaw_beside_moving``, which
asks Chipmunk only about the pieces touching a frozen one) thaws the same pieces in the same
order as asking every awake piece, and ``WallScene.tower_fall`` gives the same answer as the
walk over every tower disk's contacts. Both are checked over a whole computer game (and the
frames that skip the thaw check, a disk stepped alone, would have thawed nothing)."""

from __future__ import annotations

import math

from games.runs.headless import drive
from games.wallamoppi.rules import DARK, LIGHT, ordinal
from games.wallamoppi.scene import WallScene
from physics.piece import Piece
from physics.stepper import BodyWatch
from physics.world import World
from tests.wallamoppi.test_idle_frames import computer_game


def pressed_by_every_awake_piece(world: World) -> list[Piece]:
    """The frozen pieces touching an awake piece that moves, asking every awake body (the
    check as it was before it kept the pieces touching a frozen one)."""
    idle = world.config.world.idle_speed**2
    watch = world._bodies_watch()[1]
    by_body = {piece.body: piece for piece in world._movable}
    pressed: list[Piece] = []
    for body in watch.bodies:
        piece = by_body.get(body)
        if piece is None or body.is_sleeping:
            continue
        frozen = [other for other in world.in_contact(piece) if other.frozen]
        if frozen and not body.kinetic_energy <= body.mass * idle:
            pressed.extend(frozen)
    return pressed


def fall_over_every_contact(scene: WallScene) -> str | None:
    """``WallScene.tower_fall`` as a plain walk over the tower's disks and their contacts."""
    wall, sizes = scene.config.wallamoppi, scene.config.pieces
    below: float | None = None
    for level, disk_id in enumerate(scene.tower):
        piece = scene.disks[disk_id]
        x, y = piece.body.position
        why: str | None = None
        tilt = math.degrees(piece.body.angle) % 180.0
        if tilt > wall.fall_tilt_deg and 180.0 - tilt > wall.fall_tilt_deg:
            why = f"tilted past {wall.fall_tilt_deg:g}°"
        elif below is not None and y < below + sizes.disk_thickness - sizes.lay_overlap - (
            wall.fall_drop_mm
        ):
            why = "slid off the disk below"
        elif abs(x - scene.apex_home[0]) > wall.footprint_mm:
            why = "left the tower"
        else:
            for other in scene.world.touching(piece):
                if other.kind == "table":
                    why = "touched the table"
                    break
                if level > 0 and "wall" in other.tags:
                    why = "touched the wall"
                    break
        if why is not None:
            colour = DARK if DARK in piece.tags else LIGHT
            return f"the tower's {ordinal(level + 1)} disk ({colour}) {why}"
        below = y
    return None


def test_the_thaw_check_and_the_fall_check_answer_as_the_plain_walks_every_frame() -> None:
    session = computer_game(0)
    world, scene = session.world, session.scene
    thaw_check, thaw, fall = world._thaw_beside_moving, world.thaw, scene.tower_fall
    thawed: list[list[Piece]] = []
    checks: list[tuple[list[Piece], list[Piece]]] = []
    falls: list[tuple[str | None, str | None]] = []

    def thaw_recorded(pieces: list[Piece] | None = None) -> None:
        thawed.append(list(pieces) if pieces is not None else list(world._frozen))
        thaw(pieces)

    def checked() -> None:
        expected = pressed_by_every_awake_piece(world)
        del thawed[:]
        world.thaw = thaw_recorded  # type: ignore[method-assign]
        try:
            thaw_check()
        finally:
            del world.thaw
        checks.append((expected, thawed[0] if thawed else []))

    def fall_checked() -> str | None:
        answer = fall()
        falls.append((answer, fall_over_every_contact(scene)))
        return answer

    alone: list[list[Piece]] = []  # what a frame stepped alone (no thaw check) would thaw
    after_step = session.after_step

    def after_alone_checked() -> None:
        if world.stepped_alone:  # (World.step's ``alone``: a disk carried alone)
            alone.append(pressed_by_every_awake_piece(world))
        after_step()

    world._thaw_beside_moving = checked  # type: ignore[method-assign]
    scene.tower_fall = fall_checked  # type: ignore[method-assign]
    session.after_step = after_alone_checked  # type: ignore[method-assign]
    drive(session, 30_000)
    assert session.outcome is not None and session.outcome.reason == "tower fell"
    assert len(checks) > 500 and any(pressed for pressed, _ in checks), "nothing pressed"
    assert len(alone) > 1000 and not any(alone)
    assert all(pressed == thawed for pressed, thawed in checks)
    assert len(falls) > 100 and falls[-1][0] is not None
    assert all(answer == plain for answer, plain in falls)


def test_a_body_watch_answers_as_pymunk_asks_each_body() -> None:
    session = computer_game(1)
    drive(session, 2400)  # the wall built, the tower begun
    while True:  # on to a frame with some bodies asleep and some awake
        bodies = [body for body in session.world.space.bodies if body.body_type == body.DYNAMIC]
        flags = [body.is_sleeping for body in bodies]
        if any(flags) and not all(flags):
            break
        assert session.outcome is None
        session.tick()
    watch = BodyWatch(bodies)
    assert [watch.sleeps(index) for index in range(len(bodies))] == flags
    assert watch.awake() == [body for body, asleep in zip(bodies, flags, strict=True) if not asleep]
    assert watch.first_awake() is bodies[flags.index(False)]
    assert watch.all_asleep() is False
    asleep = BodyWatch([body for body, flag in zip(bodies, flags, strict=True) if flag])
    assert asleep.all_asleep() is True and asleep.first_awake() is None
