"""The ``wobbletop`` command: headless runs, one-line errors, the config table, play wiring."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import types
from collections.abc import Callable
from pathlib import Path

import pytest

from games.cli import main
from games.core import registry
from tests.waiting import Spawn, finish

RunWobbletop = Callable[..., subprocess.CompletedProcess[str]]
BAD_CONFIG = Path(__file__).parent / "bad_configs" / "nan_gravity.toml"


def reserve_unbuilt_game(monkeypatch: pytest.MonkeyPatch) -> str:
    """A game id the registry knows of but has not built (every shipped game is built now)."""
    monkeypatch.setattr(registry, "KNOWN_IDS", (*registry.KNOWN_IDS, "chess"))
    return "chess"


def assert_one_line_error(stderr: str, *fragments: str) -> None:
    assert "Traceback" not in stderr
    lines = stderr.strip().splitlines()
    assert len(lines) == 1, stderr
    for fragment in fragments:
        assert fragment in lines[0]


def test_headless_freeplay_prints_one_json_line_with_a_settled_outcome(
    run_wobbletop: RunWobbletop,
) -> None:
    done = run_wobbletop("run", "freeplay", "--headless", "--seed", "3")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1
    result = json.loads(lines[0])
    assert result["game"] == "freeplay" and result["seed"] == 3
    assert result["reason"] == "settled"
    assert len(result["digest"]) == 64
    assert done.stderr == ""  # no progress bar when stderr is not a terminal


def test_headless_run_imports_no_pygame(repo_root: Path) -> None:
    code = (
        "import sys\n"
        "from games.cli import main\n"
        "assert main(['run', 'freeplay', '--headless', '--frames', '30']) == 0\n"
        "print('pygame' in sys.modules, [m for m in sys.modules if m.startswith('games.ui')])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=repo_root, capture_output=True, text=True, check=True,
        timeout=120,
    )
    assert done.stdout.strip().splitlines()[-1] == "False []"


def test_frames_limit_stops_the_run(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "freeplay", "--headless", "--frames", "12"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["frames"] == 12 and result["reason"] == "unfinished"


def test_config_flag_changes_the_headless_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    low = tmp_path / "moon.toml"
    low.write_text("[world]\ngravity = 1635.0\n", encoding="utf-8")
    main(["run", "freeplay", "--headless", "--frames", "240"])
    earth = json.loads(capsys.readouterr().out)
    main(["run", "freeplay", "--headless", "--frames", "240", "--config", str(low)])
    moon = json.loads(capsys.readouterr().out)
    assert earth["digest"] != moon["digest"]


def test_unknown_game_is_one_line_exit_2(run_wobbletop: RunWobbletop) -> None:
    done = run_wobbletop("run", "chess", "--headless")
    assert done.returncode == 2
    assert_one_line_error(done.stderr, "unknown game 'chess'", "available: freeplay")


def test_bad_config_is_one_line_exit_2_in_a_real_process(run_wobbletop: RunWobbletop) -> None:
    done = run_wobbletop("--config", str(BAD_CONFIG), "run", "freeplay", "--headless")
    assert done.returncode == 2
    assert_one_line_error(done.stderr, str(BAD_CONFIG), "world.gravity")
    assert done.stdout == ""


def test_config_from_environment_and_the_flag_wins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    env_file = tmp_path / "env.toml"
    env_file.write_text("[world]\ngravity = 2000.0\n", encoding="utf-8")
    flag_file = tmp_path / "flag.toml"
    flag_file.write_text("[world]\ngravity = 3000.0\n", encoding="utf-8")
    monkeypatch.setenv("WOBBLETOP_CONFIG", str(env_file))

    assert main(["config"]) == 0
    gravity = [line for line in capsys.readouterr().out.splitlines() if "gravity" in line]
    assert "2000" in gravity[0] and gravity[0].endswith(str(env_file))

    assert main(["config", "--config", str(flag_file)]) == 0
    gravity = [line for line in capsys.readouterr().out.splitlines() if "gravity" in line]
    assert "3000" in gravity[0] and gravity[0].endswith(str(flag_file))


def test_config_command_prints_sections_with_units(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["config"]) == 0
    out = capsys.readouterr().out
    for section in ("[world]", "[materials]", "[friction]", "[restitution]", "[pieces]", "[grab]"):
        assert section in out
    assert "mm/s²" in out and "physics.toml" in out


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["run", "chess", "--headless"], "unknown game 'chess'"),
        (["run", "freeplay", "--players", "7"], "--players 7"),
        (["run", "freeplay", "--frames", "0"], "--frames 0"),
        (
            ["run", "freeplay", "--seed", "abc"],
            "--seed: 'abc'; allowed: a whole number of at least 0",
        ),
        (["fly"], "invalid choice: 'fly'"),
        (["config", "--config", "/no/such/file.toml"], "/no/such/file.toml: no such config file"),
        (["regress", "/no/such/folder"], "no such scenario file or folder"),
        (["regress", "-j", "0"], "-j 0"),
    ],
)
def test_user_errors_are_one_line_and_exit_2(
    argv: list[str], fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert_one_line_error(captured.err, fragment)
    assert captured.err.startswith("wobbletop: ")


def fake_app(monkeypatch: pytest.MonkeyPatch) -> list[tuple[object, ...]]:
    calls: list[tuple[object, ...]] = []
    module = types.ModuleType("games.ui.app")

    def run_app(
        game: str | None, config_path: Path | None, *, seed: int | None, record: str | None,
        **_: object,
    ) -> int:
        calls.append((game, config_path, seed, record))
        return 0

    module.run_app = run_app  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "games.ui.app", module)
    return calls


def test_play_hands_game_config_seed_and_record_to_the_window(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    calls = fake_app(monkeypatch)
    user = tmp_path / "mine.toml"
    user.write_text("[world]\ngravity = 5000.0\n", encoding="utf-8")
    out = str(tmp_path / "case.toml")
    assert main(["play", "freeplay", "--seed", "4", "--record", out, "--config", str(user)]) == 0
    assert calls == [("freeplay", user, 4, out)]
    assert main(["play"]) == 0
    assert calls[-1] == (None, None, None, None)


def test_play_refuses_unbuilt_games_and_bad_configs_before_any_window(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    calls = fake_app(monkeypatch)
    assert main(["play", reserve_unbuilt_game(monkeypatch)]) == 2
    assert main(["play", "freeplay", "--config", str(BAD_CONFIG)]) == 2
    assert calls == []
    assert len(capsys.readouterr().err.strip().splitlines()) == 2


def test_play_without_a_window_module_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "games.ui.app", None)  # import fails like a missing module
    assert main(["play", "freeplay"]) == 2
    assert_one_line_error(capsys.readouterr().err, "the window is not available")


def test_output_piped_into_a_reader_that_quits_early_gives_no_traceback(
    repo_root: Path, spawn: Spawn
) -> None:
    env = {**os.environ, "PYTHONPATH": str(repo_root)}
    env.pop("WOBBLETOP_CONFIG", None)
    process = spawn([sys.executable, "-m", "games", "config"], env=env)
    assert process.stdout is not None
    first = process.stdout.readline()
    process.stdout.close()  # like `wobbletop config | head -1`
    _, errors = finish(process, "the command ending once its reader has gone")
    assert first.startswith("# every value is from")
    assert "Traceback" not in errors
