"""The replay's timeline (games/runs/replay.py), without a window: every frame it shows, after any
jump forward or back, is the frame a re-simulation from the start reaches; the last is the
file's golden; jumps back start from checkpoints; markers are where a player looks."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from datafiles.assets import assets_dir
from games.cli import main
from games.runs.replay import (
    Cursor,
    ReplayError,
    Timeline,
    load_replay,
    replay_entries,
    simulate_to,
)

SCENARIOS = sorted((assets_dir() / "scenarios").glob("*/*.toml"))


def headless_save(folder: Path, game: str, seed: int, frames: int | None = None) -> Path:
    """A save of a headless game of computers (to its end, or to ``frames``)."""
    path = folder / f"{game}-{seed}.toml"
    limit = ["--frames", str(frames)] if frames else []
    assert main(["run", game, "--seed", str(seed), *limit, "--save", str(path)]) == 0
    return path


def arrive(timeline: Timeline) -> None:
    """Let a jump finish (each slice is bounded; there are at most a few thousand)."""
    for _ in range(100_000):
        if not timeline.seeking:
            return
        timeline.work(0.05)
    raise AssertionError("the jump never arrived")


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_shipped_scenario_replays_to_its_golden(path: Path) -> None:
    file = load_replay(path)
    cursor = Cursor.start(file)
    while not cursor.ended:
        cursor.step()
    assert cursor.session.digest() == file.golden
    assert cursor.refused is None


def test_a_physics_replay_jumps_back_and_forth_onto_the_resimulated_frames(
    tmp_path: Path,
) -> None:
    file = load_replay(headless_save(tmp_path, "wallamoppi", 3, frames=1200))
    timeline = Timeline(file, gap_frames=300)
    assert not timeline.copies  # a physics session is never copied: copies drift
    timeline.finish()  # the scout to the end, the builder's checkpoints
    assert timeline.end == 1200
    assert max(b - a for a, b in zip([0, *sorted(timeline.points)], sorted(timeline.points),
                                     strict=False)) <= 300
    for target in (1100, 250, 900, 901, 10, 1199, 600, 0):
        timeline.seek_to(target)
        arrive(timeline)
        assert timeline.frame == target
        assert timeline.session.digest() == simulate_to(file, target).digest()
        if target:
            assert timeline.stats.seek_ticks[-1] <= 300  # from a checkpoint, not frame 0
    timeline.seek_to(timeline.length)
    arrive(timeline)
    assert timeline.session.digest() == file.golden


def test_a_jump_back_before_the_checkpoints_are_built_still_lands_exactly(
    tmp_path: Path,
) -> None:
    file = load_replay(headless_save(tmp_path, "animals", 2, frames=900))
    timeline = Timeline(file, gap_frames=100)
    timeline.step(700)  # played forward: the present is at 700, nothing behind it yet
    timeline.seek_to(650)
    arrive(timeline)
    assert timeline.frame == 650
    assert timeline.session.digest() == simulate_to(file, 650).digest()
    timeline.seek_to(700)  # forward again: from the session the jump back left at 700
    arrive(timeline)
    assert timeline.stats.seek_ticks[-1] == 0
    assert timeline.session.digest() == simulate_to(file, 700).digest()


@pytest.mark.parametrize("game", ["stonewall", "malloppo", "whacky"])
def test_dice_snapshots_play_on_to_the_same_digests(game: str, tmp_path: Path) -> None:
    file = load_replay(headless_save(tmp_path, game, 3))
    timeline = Timeline(file, snapshot_every=20)
    assert timeline.copies
    timeline.finish()
    end = timeline.length
    assert timeline.session.frame == 0 and len(timeline.points) >= end // 20 - 1
    for target in (end - 1, 30, end // 2, 31, 1, end):
        timeline.seek_to(target)
        arrive(timeline)
        assert timeline.frame == target
        assert timeline.session.digest() == simulate_to(file, target).digest()
        assert timeline.stats.seek_ticks[-1] <= 20  # from the snapshot before it
    assert timeline.session.digest() == file.golden


def test_dice_turn_markers_are_the_moments_before_each_turn_of_the_log(tmp_path: Path) -> None:
    file = load_replay(headless_save(tmp_path, "stonewall", 5, frames=60))
    timeline = Timeline(file)
    timeline.scout_all()
    turns = timeline.turns()
    cursor = Cursor.start(file)
    lengths = {0: len(cursor.session.turn_log())}  # type: ignore[attr-defined]
    while not cursor.ended:
        cursor.step()
        lengths[cursor.frame] = len(cursor.session.turn_log())  # type: ignore[attr-defined]
    log = cursor.session.turn_log()  # type: ignore[attr-defined]
    assert [marker.label for marker in turns] == log
    for number, marker in enumerate(turns):
        if marker.frame > 0:  # at frame 0 the inputs of frame 0 are in already
            assert lengths[marker.frame] == number  # the turn has not begun there
        assert lengths[marker.frame + 1] == number + 1  # and has one frame on


def test_physics_markers_are_each_turns_start_and_the_fall() -> None:
    path = assets_dir() / "scenarios" / "wallamoppi" / "off_centre_topples.toml"
    file = load_replay(path)
    timeline = Timeline(file)
    timeline.scout_all()
    cursor = Cursor.start(file)
    starts = [(0, cursor.session.result()["turns"])]
    while not cursor.ended:
        cursor.step()
        turns = cursor.session.result()["turns"]
        if turns != starts[-1][1]:
            starts.append((cursor.frame, turns))
    assert [m.frame for m in timeline.turns()] == [frame for frame, _ in starts]
    end = [m for m in timeline.markers if m.kind == "end"]
    outcome = cursor.session.outcome
    assert outcome is not None and len(end) == 1
    assert end[0].frame == timeline.end == cursor.frame
    assert outcome.reason in end[0].label and str(outcome.winner) in end[0].label


def test_an_input_the_game_refuses_ends_the_replay_there(tmp_path: Path) -> None:
    path = tmp_path / "refused.toml"
    path.write_text(
        'game = "freeplay"\nseed = 0\nframes = 300\nstop_at_outcome = false\n'
        'seats = ["human"]\n'
        'input = [{ frame = 100, action = "grab", x = 0.0, y = 900.0 }]\n',
        encoding="utf-8",
    )
    timeline = Timeline(load_replay(path))
    timeline.scout_all()
    assert timeline.end == 100
    assert timeline.refused is not None
    assert "frame 100" in timeline.refused and "nothing to pick up" in timeline.refused
    assert timeline.markers[-1].kind == "refused"


def test_playback_stops_at_the_end_and_the_present_hands_over(tmp_path: Path) -> None:
    file = load_replay(headless_save(tmp_path, "malloppo", 1, frames=30))
    timeline = Timeline(file)
    timeline.step(1000)
    assert timeline.frame == 30 and timeline.current.ended
    session = timeline.take_session()
    assert session.frame == 30 and [e.frame for e in session.recorded] == [
        e.frame for e in file.events
    ]
    assert not timeline.points and timeline.scout is None


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (None, "no such scenario file"),
        ("game = [", "TOML"),
        ('game = "chess"', "unknown game"),
        ('game = "freeplay"\nfps = 3', "fps: unknown key"),
    ],
)
def test_a_file_that_cannot_be_replayed_is_one_line_naming_it(
    text: str | None, words: str, tmp_path: Path
) -> None:
    path = tmp_path / "bad.toml"
    if text is not None:
        path.write_text(text, encoding="utf-8")
    with pytest.raises(ReplayError) as caught:
        load_replay(path)
    message = str(caught.value)
    assert "\n" not in message and str(path) in message and words in message


def test_a_save_of_a_changed_board_is_refused_before_replaying(tmp_path: Path) -> None:
    path = headless_save(tmp_path, "stonewall", 2, frames=20)
    text = path.read_text(encoding="utf-8")
    digest = text.split('"stonewall/board.toml" = "')[1][:64]
    path.write_text(text.replace(digest, "0" * 64), encoding="utf-8")
    with pytest.raises(ReplayError, match=r"save\.files: stonewall/board\.toml has changed"):
        load_replay(path)


def test_the_command_refuses_a_bad_file_in_one_line_before_any_window(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import games.ui.app

    def no_window(*args: object, **kwargs: object) -> int:
        raise AssertionError("a window was opened for a bad file")

    monkeypatch.setattr(games.ui.app, "run_app", no_window)
    path = tmp_path / "bad.toml"
    path.write_text('game = "stonewall"\nseats = ["human", "robot"]\n', encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and str(path) in err[0] and "robot" in err[0]


def test_the_list_offers_the_saves_newest_first_then_the_scenarios(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    monkeypatch.setenv("WOBBLETOP_SAVES", str(saves))
    older = headless_save(saves, "malloppo", 1, frames=10)
    newer = headless_save(saves, "stonewall", 1, frames=10)
    broken = saves / "broken.toml"
    broken.write_text("game = [", encoding="utf-8")
    os.utime(older, (1, 1))
    os.utime(broken, (2, 2))
    entries = replay_entries(["wallamoppi"])
    assert [e.path for e in entries[:3]] == [newer, broken, older]
    assert entries[0].game == "Stonewall" and entries[0].detail.startswith("turn ")
    assert entries[1].problem and str(broken) in entries[1].problem
    shipped = sorted((assets_dir() / "scenarios" / "wallamoppi").glob("*.toml"))
    assert [e.path for e in entries[3:]] == shipped
    assert all(e.section == "Scenarios" and not e.problem for e in entries[3:])
