"""Where the shipped data lives: the repository's ``assets/`` folder.

``WOBBLETOP_ASSETS`` overrides it, for a packaged install or a test that ships its own maps.
"""

from __future__ import annotations

import os
from pathlib import Path


def assets_dir() -> Path:
    """The folder holding the default config, board maps and scenario files."""
    override = os.environ.get("WOBBLETOP_ASSETS")
    if override:
        return Path(override)
    return Path(__file__).resolve().parent.parent / "assets"


def default_config_path() -> Path:
    """The default physics config, ``assets/physics.toml``."""
    return assets_dir() / "physics.toml"
