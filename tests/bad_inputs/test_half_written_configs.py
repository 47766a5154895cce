"""Live reload's half-written files: the watcher applies only a complete, valid file and never
loses a good edit, however an editor writes it.

An editor saves in steps (empties the file, then writes; writes half, then the rest; moves the
old file away, then writes a new one), and the watcher may look at any moment, even between its
look and the moment it parses (the race that let a half file in and left the whole one
"already seen"). :class:`Editor` plays such saves against a :class:`ConfigWatcher` on a fake
clock and can land a step right after a look (its ``snapshot`` hook). What is checked, for
every case written here by hand, for every cut point of a few real files (generated), and for
edit sequences drawn by hypothesis:

* every config the watcher hands over is what its looks saw unchanged for the quiet period
  when it hands it over (checked at each hand-over): so one of the *complete* versions saved,
  never a half, but for a half that did stand so long (two saves back to back with the same
  half, the whole between them never looked at, are one half that stood, as far as any look
  can tell: same bytes, same modification time);
* once the editor is done and the quiet period has passed, the last complete version is in
  force (``last_good`` and ``in_force`` name it), whatever came before: quick successive edits,
  edits of the same size and the same modification time, a save of unchanged content.

The quiet period is 0.5 s; an editor's two steps come less than that apart (an editor that
stops for longer in the middle of a save leaves a file that *is* what it wrote then).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from datafiles.sha import sha256
from datafiles.userfile import Snapshot
from physics import live
from physics.config import ConfigError, LoadedConfig
from physics.live import ConfigWatcher

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

INTERVAL, QUIET = 0.1, 0.5  # the editor's clock ticks by INTERVAL; the watcher looks each tick
STAMP = 1_700_000_000_000_000_000  # one modification time for every write (a coarse clock)
REAL_SNAPSHOT = live.snapshot  # before any test wraps it
# After a write, the watcher sees it at the next look and takes it up QUIET later: the looks
# before the one after which it parses the file.
SETTLING: list[Callable[[], None]] = [lambda: None] * round(QUIET / INTERVAL)


class Editor:
    """A config file, a watcher on it with a fake clock, and what the watcher handed over."""

    def __init__(self, folder: Path, first: str, monkeypatch: pytest.MonkeyPatch) -> None:
        self.path = folder / "live.toml"
        self.write(first)
        self.now = 0.0
        self.after_look: list[Callable[[], None]] = []  # steps that land right after a look
        self.handed: list[LoadedConfig | ConfigError] = []
        self.looks: list[tuple[float, bytes | None]] = []  # (when, what) the watcher saw
        def snapshot_then_step(path: Path, max_bytes: int) -> Snapshot:
            shot = REAL_SNAPSHOT(path, max_bytes)
            if path == self.path:
                self.looks.append((self.now, shot.content))
                if self.after_look:
                    self.after_look.pop(0)()
            return shot

        monkeypatch.setattr(live, "snapshot", snapshot_then_step)
        # interval a little under a tick: a look at every tick, whatever the float rounding
        self.watcher = ConfigWatcher(
            self.path, interval=INTERVAL * 0.9, quiet=QUIET, clock=self.clock
        )

    def clock(self) -> float:
        return self.now

    def write(self, text: str) -> None:
        self.path.write_text(text, encoding="utf-8")
        os.utime(self.path, ns=(STAMP, STAMP))

    def wait(self, seconds: float) -> None:
        """Let ``seconds`` pass, the watcher looking every ``INTERVAL``."""
        end = self.now + seconds
        while self.now < end - 1e-9:
            self.now = min(self.now + INTERVAL, end)
            result = self.watcher.poll()
            if result is not None:
                self.assert_stood(result)
                self.handed.append(result)

    def settle(self) -> None:
        self.after_look.clear()
        self.wait(3 * QUIET)

    def assert_stood(self, result: LoadedConfig | ConfigError) -> None:
        """What the watcher hands over is what its looks saw unchanged for the quiet period,
        at the moment it hands it over: a file that stood so long *is* what the editor wrote
        then, even a half (two saves back to back with the same half, the whole between them
        never looked at, stand as one)."""
        when, content = self.looks[-1]
        since = when
        for seen_at, seen in reversed(self.looks):
            if seen != content:
                break
            since = seen_at
        assert when - since >= QUIET - 1e-9, (since, when, content)
        gravity = gravity_of(content) if content is not None else None
        if isinstance(result, LoadedConfig) and gravity is not None:
            assert result.config.world.gravity == gravity, (content, result)

    def gravities(self) -> list[float]:
        return [r.config.world.gravity for r in self.handed if isinstance(r, LoadedConfig)]

    def assert_in_force(self, text: str, gravity: float) -> None:
        assert self.watcher.last_good.config.world.gravity == gravity
        assert self.watcher.in_force.digest == sha256(text.encode()).hexdigest()
        assert self.watcher.error is None


def config(gravity: float) -> str:
    return f"[world]\ngravity = {gravity:.1f}\n"


# Saves written by hand: each is a list of steps, (seconds before the step, the file's text, or
# None to remove the file). The whole file at the end is G2.
G1, G2 = config(9810.0), config(1635.0)
BY_HAND = {
    "emptied then written": [(0.0, ""), (0.2, G2)],
    "half then the rest": [(0.0, G2[:12]), (0.3, G2)],
    "a number cut short (a valid, wrong value)": [(0.0, G2[:-4] + "\n"), (0.2, G2)],
    "moved away, then a new file": [(0.0, None), (0.3, G2)],
    "in three pieces": [(0.0, G2[:5]), (0.1, G2[:15]), (0.1, G2)],
    "twice quickly, the first one wrong": [(0.0, config(5000.0)), (0.1, ""), (0.1, G2)],
}


@pytest.mark.parametrize("after_look", [False, True], ids=["between looks", "right after a look"])
@pytest.mark.parametrize("name", list(BY_HAND))
def test_a_save_in_steps_applies_only_the_whole_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, after_look: bool
) -> None:
    editor = Editor(tmp_path, G1, monkeypatch)
    editor.wait(1.0)
    for delay, text in BY_HAND[name]:
        editor.wait(delay)

        def step(text: str | None = text) -> None:
            if text is None:
                editor.path.unlink()
            else:
                editor.write(text)

        if after_look:
            editor.after_look.append(step)
            editor.wait(INTERVAL)  # the step lands right after this look
            assert not editor.after_look
        else:
            step()
    editor.settle()
    assert editor.gravities() == [1635.0], editor.handed
    editor.assert_in_force(G2, 1635.0)


def test_the_same_content_saved_again_with_an_empty_moment_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A look that reads the old content just before the editor empties the file to save it
    again: the whole file was seen and the empty moment is never parsed."""
    editor = Editor(tmp_path, G1, monkeypatch)
    editor.write(G2)
    editor.after_look = [*SETTLING, lambda: editor.write("")]  # emptied after it settled
    editor.wait(INTERVAL + QUIET)
    assert not editor.after_look
    editor.wait(0.2)
    editor.write(G2)
    editor.settle()
    assert editor.gravities() == [1635.0]
    editor.assert_in_force(G2, 1635.0)


def test_an_edit_of_the_same_size_and_time_is_seen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    editor = Editor(tmp_path, config(1000.0), monkeypatch)
    for gravity in (2000.0, 3000.0, 4000.0):
        editor.write(config(gravity))  # the same size and modification time each time
        editor.settle()
    assert editor.gravities() == [2000.0, 3000.0, 4000.0]
    editor.assert_in_force(config(4000.0), 4000.0)


def test_a_refused_file_names_the_version_still_in_force(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    editor = Editor(tmp_path, G1, monkeypatch)
    editor.write("[world]\ngravity = -1.0\n")
    editor.settle()
    assert len(editor.handed) == 1 and isinstance(editor.handed[0], ConfigError)
    assert "world.gravity" in str(editor.handed[0])
    assert editor.watcher.last_good.config.world.gravity == 9810.0
    assert editor.watcher.in_force.digest == sha256(G1.encode()).hexdigest()
    assert editor.watcher.in_force.describe().startswith("live.toml of ")


# Generated: every cut point of a few real files, the cut landing right after the look that
# sees the whole file settled (the look after which the watcher parses it).
REAL_FILES = [
    config(1635.0),
    "[world]\ngravity = 4905.0\nsubsteps = 8\n[friction]\nwood-wood = 0.45\n",
    "# the Moon, and slower hands\n[world]\ngravity = 1635.0\n[grab]\nmax_speed = 1500.0\n",
]


@pytest.mark.parametrize("whole", REAL_FILES, ids=["gravity", "three keys", "with a comment"])
def test_every_cut_point_of_a_real_file_is_waited_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, whole: str
) -> None:
    for cut in range(len(whole)):
        editor = Editor(tmp_path, G1, monkeypatch)
        editor.write(whole)
        # The whole file settles; right after the look that sees it settled, the next save
        # of it starts (the file is cut), and ends 0.2 s later.
        editor.after_look = [*SETTLING, lambda e=editor, c=cut: e.write(whole[:c])]
        editor.wait(INTERVAL + QUIET)
        assert not editor.after_look
        editor.wait(0.2)
        editor.write(whole)
        editor.settle()
        applied = [r for r in editor.handed if not isinstance(r, ConfigError)]
        assert applied and all(r.files[-1] == editor.path for r in applied)
        assert not [r for r in editor.handed if isinstance(r, ConfigError)], (cut, editor.handed)
        assert editor.watcher.in_force.digest == sha256(whole.encode()).hexdigest(), cut


# Drawn: a sequence of complete versions, each saved in two steps (a cut, then the whole) with
# gaps shorter than the quiet period inside a save and any gap between saves; each step may land
# right after a look.
GRAVITIES = st.integers(1000, 9999).map(float)  # same width: same-size edits


@settings(max_examples=60)
@given(
    st.lists(
        st.tuples(GRAVITIES, st.integers(0, 22), st.sampled_from([0.0, 0.1, 0.2, 0.3, 0.4]),
                  st.sampled_from([0.0, 0.1, 0.3, 0.6, 1.2]), st.booleans()),
        min_size=1,
        max_size=6,
    )
)
def test_drawn_saves_apply_only_what_stood_and_the_last_one_wins(
    tmp_path_factory: pytest.TempPathFactory, saves: list[tuple[float, int, float, float, bool]]
) -> None:
    with pytest.MonkeyPatch.context() as monkeypatch:
        editor = Editor(tmp_path_factory.mktemp("drawn"), G1, monkeypatch)
        for gravity, cut, inside, between, after_look in saves:
            whole = config(gravity)
            if after_look:
                editor.after_look.append(lambda text=whole[:cut]: editor.write(text))
                editor.wait(INTERVAL)
                assert not editor.after_look  # it landed
            else:
                editor.write(whole[:cut])
            editor.wait(inside)
            editor.write(whole)
            editor.wait(between)
        editor.settle()  # every hand-over was checked: of what stood (Editor.assert_stood)
        editor.assert_in_force(config(saves[-1][0]), saves[-1][0])


def gravity_of(text: bytes) -> float | None:
    """The gravity a config text sets, if it is a whole config."""
    try:
        return float(tomllib.loads(text.decode())["world"]["gravity"])
    except (tomllib.TOMLDecodeError, UnicodeDecodeError, KeyError, TypeError, ValueError):
        return None


def test_a_half_that_stood_for_the_quiet_period_is_taken_and_the_whole_after_it_wins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two saves back to back with the same half (a valid, wrong value), the whole between
    them never looked at: the half stood for the quiet period as far as any look can tell
    (same bytes, same modification time), so it is applied; the whole after it wins."""
    editor = Editor(tmp_path, G1, monkeypatch)
    whole = config(1000.0)
    half = whole[:19]  # "... gravity = 1": a whole config of gravity 1.0
    editor.write(half)
    editor.wait(0.3)
    editor.write(whole)
    editor.write(half)  # no look between: the watcher sees the half from 0.1 s to 0.6 s
    editor.wait(0.2)
    assert editor.gravities() == []  # at 0.5 s: not yet
    editor.wait(0.1)
    assert editor.gravities() == [1.0]  # at 0.6 s, the quiet period after the first look
    editor.write(whole)
    editor.settle()
    assert editor.gravities() == [1.0, 1000.0]
    editor.assert_in_force(whole, 1000.0)
