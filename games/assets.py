"""Where the shipped data lives: the default config, board maps and scenario files.

Pure Python: rule engines find their board files here without importing ``physics``, and the
physics config finds its defaults here too.

Looked for in this order:

1. ``WOBBLETOP_ASSETS`` (a test or a user that ships its own maps);
2. the repository's ``assets/`` folder next to the code (a checkout or an editable install:
   recognised by the ``pyproject.toml`` beside it, so a stray ``assets`` folder in
   site-packages is never taken for ours);
3. the installed package ``wobbletop_assets`` (a wheel ships ``assets/`` under that name).
"""

from __future__ import annotations

import os
from pathlib import Path

ASSETS_PACKAGE = "wobbletop_assets"
_CODE_ROOT = Path(__file__).resolve().parent.parent


def assets_dir() -> Path:
    """The folder holding the default config, board maps and scenario files."""
    override = os.environ.get("WOBBLETOP_ASSETS")
    if override:
        return Path(override)
    repository = _CODE_ROOT / "assets"
    if (_CODE_ROOT / "pyproject.toml").is_file() and repository.is_dir():
        return repository
    return installed_assets() or repository


def installed_assets() -> Path | None:
    """The folder of the installed ``wobbletop_assets`` package, if there is one on disk."""
    from importlib import resources  # ≈ 3 ms (tempfile, shutil, random): only when installed

    try:
        folder = resources.files(ASSETS_PACKAGE)
    except ModuleNotFoundError:
        return None
    path = Path(str(folder))
    return path if path.is_dir() else None


def default_config_path() -> Path:
    """The default physics config, ``physics.toml`` in the assets folder."""
    return assets_dir() / "physics.toml"
