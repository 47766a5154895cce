"""A built wheel carries the shipped data, and an installed wobbletop (not the checkout) finds it.

The wheel is built with ``pip wheel`` from a copy of the project (so the build never writes
into the checkout other tests run from), then installed into a fresh virtual environment and run
from a folder outside the repository. That environment borrows nothing from the machine's own
Python (no ``--system-site-packages``): its dependencies come from the environment the tests run
in (a ``.pth`` line naming that environment's site folders, so nothing is downloaded and the
test environment's own editable wobbletop is not activated), and every dependency the wheel
declares must be found there, so a dependency missing from ``pyproject.toml`` fails here as it
would on a newcomer's machine.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from games import assets as paths

REPO_ROOT = Path(__file__).resolve().parent.parent
PROJECT_FILES = ("pyproject.toml", "setup.py", "README.md")
PROJECT_FOLDERS = ("games", "physics", "assets")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    source = tmp_path_factory.mktemp("source")
    for name in PROJECT_FILES:
        shutil.copy2(REPO_ROOT / name, source / name)
    for name in PROJECT_FOLDERS:
        shutil.copytree(
            REPO_ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__")
        )
    out = tmp_path_factory.mktemp("wheel")
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(source)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    (built,) = out.glob("wobbletop-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A venv with the wheel installed; yields its ``bin`` folder."""
    venv = tmp_path_factory.mktemp("venv") / "env"
    subprocess.run(
        [sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120
    )
    bin_dir = venv / "bin"
    site = subprocess.run(
        [bin_dir / "python", "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout.strip()
    borrowed = dict.fromkeys(sysconfig.get_paths()[key] for key in ("purelib", "platlib"))
    (Path(site) / "test-environment.pth").write_text("".join(f"{p}\n" for p in borrowed))
    done = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", site, str(wheel)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    yield bin_dir


def declared_dependencies(wheel: Path) -> list[str]:
    """The distributions the wheel requires on this Python (markers evaluated)."""
    from packaging.requirements import Requirement

    with zipfile.ZipFile(wheel) as archive:
        (metadata,) = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
        lines = archive.read(metadata).decode().splitlines()
    needed = []
    for line in lines:
        if line.startswith("Requires-Dist:"):
            requirement = Requirement(line.split(":", 1)[1].strip())
            if requirement.marker is None or requirement.marker.evaluate({"extra": ""}):
                needed.append(requirement.name)
    return needed


def run_installed(bin_dir: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("PYTHONPATH", "WOBBLETOP_ASSETS", "WOBBLETOP_CONFIG")
    }
    return subprocess.run(
        [str(bin_dir / "python"), "-m", "games", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_the_wheel_carries_the_config_the_board_and_the_scenarios(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "wobbletop_assets/physics.toml" in names
    assert "wobbletop_assets/stonewall/board.toml" in names
    shipped = {name for name in names if name.startswith("wobbletop_assets/scenarios/")}
    in_repo = {
        "wobbletop_assets/" + path.relative_to(REPO_ROOT / "assets").as_posix()
        for path in (REPO_ROOT / "assets" / "scenarios").rglob("*.toml")
    }
    assert shipped == in_repo
    assert "games/freeplay/session.py" in names and "physics/world.py" in names
    assert not any(name.startswith(("tests/", "assets/")) for name in names)


def test_the_installed_environment_borrows_nothing_from_the_system_python(
    installed: Path, wheel: Path, tmp_path: Path
) -> None:
    probe = (
        "import sys, json, importlib.metadata as m; "
        "print(json.dumps([sys.prefix != sys.base_prefix, "
        "[p for p in sys.path if p.startswith(sys.base_prefix)], "
        "{n: bool(m.distribution(n)) for n in sys.argv[1:]}]))"
    )
    needed = declared_dependencies(wheel)
    assert {"pymunk", "pygame-ce", "pydantic", "tomli-w"} <= set(needed)
    done = subprocess.run(
        [str(installed / "python"), "-c", probe, *needed],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr  # a missing dependency raises PackageNotFoundError
    in_venv, system_site, found = json.loads(done.stdout)
    assert in_venv
    assert not [p for p in system_site if "site-packages" in p or "dist-packages" in p]
    assert all(found.values())


def test_an_installed_wobbletop_reads_its_own_config_and_board(
    installed: Path, tmp_path: Path
) -> None:
    config = run_installed(installed, tmp_path, "config")
    assert config.returncode == 0, config.stderr
    assert "no such config file" not in config.stderr
    assert "gravity" in config.stdout
    assert f"wobbletop_assets{os.sep}physics.toml" in config.stdout  # not the checkout's file
    assert str(REPO_ROOT / "assets") not in config.stdout

    game = run_installed(installed, tmp_path, "run", "stonewall", "--headless", "--seed", "2")
    assert game.returncode == 0, game.stderr
    assert json.loads(game.stdout)["winner"] in ("red", "blue")


def test_the_environment_variable_overrides_where_assets_are(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("WOBBLETOP_ASSETS", str(tmp_path))
    assert paths.default_config_path() == tmp_path / "physics.toml"
    monkeypatch.delenv("WOBBLETOP_ASSETS")
    assert paths.default_config_path() == REPO_ROOT / "assets" / "physics.toml"
