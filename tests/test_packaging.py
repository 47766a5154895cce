"""A built wheel carries the shipped data, and an installed wobbletop (not the checkout) finds it.

The wheel is built with ``pip wheel`` from a copy of the project (so the build never writes
into the checkout other tests run from), then installed into a fresh virtual environment and run
from a folder outside the repository. That environment borrows nothing from the machine's own
Python (no ``--system-site-packages``): its dependencies come from the environment the tests run
in (a ``.pth`` line naming that environment's site folders, so nothing is downloaded and the
test environment's own editable wobbletop is not activated), and every dependency the wheel
declares must be found there, so a dependency missing from ``pyproject.toml`` fails here as it
would on a newcomer's machine.

The build goes as a packager's does (``python -m build``: the sdist first, then the wheel built
from the unpacked sdist), so the sdist must hold everything the wheel needs; it also holds the
tests and their ``conftest.py`` files, and a test file run from the unpacked sdist passes.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from datafiles import assets as paths

REPO_ROOT = Path(__file__).resolve().parent.parent
PROJECT_FILES = (
    "pyproject.toml",
    "setup.py",
    "MANIFEST.in",
    "README.md",
    "LICENSE",
    "CHANGELOG.md",
)
PROJECT_FOLDERS = ("datafiles", "games", "physics", "assets", "tests", "scripts", "docs")
UNTRACKED = shutil.ignore_patterns("__pycache__", ".pytest_cache", "*.pyc", ".hypothesis")


@dataclass(frozen=True)
class Built:
    wheel: Path
    sdist: Path
    log: str  # everything the build printed


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    source = tmp_path_factory.mktemp("source")
    for name in PROJECT_FILES:
        shutil.copy2(REPO_ROOT / name, source / name)
    for name in PROJECT_FOLDERS:
        shutil.copytree(REPO_ROOT / name, source / name, ignore=UNTRACKED)
    out = tmp_path_factory.mktemp("dist")
    # PYTHONDONTWRITEBYTECODE (set on some machines) makes setuptools warn that it will not
    # byte-compile; a packager's build does not have it.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    done = subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(out), str(source)],
        capture_output=True,
        text=True,
        timeout=600,
        env=env,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr
    (wheel,) = out.glob("wobbletop-*.whl")
    (sdist,) = out.glob("wobbletop-*.tar.gz")
    return Built(wheel, sdist, done.stdout + done.stderr)


@pytest.fixture(scope="module")
def wheel(built: Built) -> Path:
    return built.wheel


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
    assert "wobbletop_assets/sweeps/smoke.toml" in names
    assert "games/freeplay/session.py" in names and "physics/world.py" in names
    assert "datafiles/userfile.py" in names
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


def test_an_installed_wobbletop_finds_its_shipped_sweeps_and_scenarios_by_name(
    installed: Path, tmp_path: Path
) -> None:
    dry = run_installed(installed, tmp_path, "sweep", "smoke", "--out", "smoke.csv", "--dry-run")
    assert dry.returncode == 0, dry.stderr
    smoke = f"wobbletop_assets{os.sep}sweeps{os.sep}smoke.toml"
    assert f"{smoke}: 16 stonewall games to run" in dry.stdout  # not the checkout's file
    assert str(REPO_ROOT / "assets") not in dry.stdout
    assert list(tmp_path.iterdir()) == []

    regress = run_installed(installed, tmp_path, "regress", "malloppo")
    assert regress.returncode == 0, regress.stdout + regress.stderr
    assert regress.stdout.splitlines()[-1].endswith(" ok, 0 mismatched, 0 broken")

    shown = run_installed(installed, tmp_path, "sweep", "--help")
    assert "smoke, stonewall_bots" in " ".join(shown.stdout.split())


def test_the_environment_variable_overrides_where_assets_are(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("WOBBLETOP_ASSETS", str(tmp_path))
    assert paths.default_config_path() == tmp_path / "physics.toml"
    monkeypatch.delenv("WOBBLETOP_ASSETS")
    assert paths.default_config_path() == REPO_ROOT / "assets" / "physics.toml"


def wheel_metadata(wheel: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as archive:
        (metadata,) = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
        return archive.read(metadata).decode().splitlines()


def test_the_build_prints_no_warning(built: Built) -> None:
    warnings = [line for line in built.log.splitlines() if "warn" in line.lower()]
    assert warnings == []


def test_the_wheel_says_its_version_license_and_pythons(wheel: Path) -> None:
    from games import __version__

    lines = wheel_metadata(wheel)
    assert f"Version: {__version__}" in lines
    assert "License-Expression: MIT" in lines
    assert "Requires-Python: >=3.10" in lines
    for minor in (10, 11, 12, 13):
        assert f"Classifier: Programming Language :: Python :: 3.{minor}" in lines
    names = zipfile.ZipFile(wheel).namelist()
    assert any(name.endswith(".dist-info/licenses/LICENSE") for name in names)


def test_the_sdist_holds_the_tests_their_conftest_files_and_the_license(built: Built) -> None:
    with tarfile.open(built.sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    tests_in_repo = {
        path.relative_to(REPO_ROOT).as_posix()
        for path in (REPO_ROOT / "tests").rglob("*")
        if path.suffix in (".py", ".toml") and "__pycache__" not in path.parts
    }
    assert "tests/conftest.py" in names and "tests/ui/conftest.py" in names
    assert tests_in_repo <= names
    assert {"LICENSE", "CHANGELOG.md", "README.md", "MANIFEST.in"} <= names
    assert not [name for name in names if "__pycache__" in name or name.endswith(".pyc")]


def test_a_packager_runs_a_test_file_from_the_unpacked_sdist(
    built: Built, installed: Path, tmp_path: Path
) -> None:
    with tarfile.open(built.sdist) as archive:
        if hasattr(tarfile, "data_filter"):  # 3.10.12+: refuse links and paths out of tmp
            archive.extractall(tmp_path, filter="data")
        else:  # pragma: no cover - older 3.10 patch releases
            archive.extractall(tmp_path)
    (unpacked,) = tmp_path.glob("wobbletop-*")
    done = subprocess.run(
        [str(installed / "python"), "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider",
         "tests/test_rng.py"],
        cwd=unpacked,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr
    assert " passed" in done.stdout


def test_the_installed_command_says_its_version(installed: Path, tmp_path: Path) -> None:
    from games import __version__

    done = run_installed(installed, tmp_path, "--version")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"wobbletop {__version__}"
