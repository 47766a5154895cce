"""Packaging glue that pyproject.toml cannot say: ship the repository's ``assets/`` folder.

Everything else (name, dependencies, the ``wobbletop`` command, package data) is in
pyproject.toml. The code packages are found, so a new game folder needs no line here; the data
folder ``assets/`` is installed as the package ``wobbletop_assets`` (a top-level ``assets``
would clash with other projects in site-packages), found at run time by
:func:`games.assets.assets_dir`.
"""

from setuptools import find_packages, setup

CODE = find_packages(include=["games", "games.*", "physics", "physics.*"])

setup(
    packages=[*CODE, "wobbletop_assets"],
    package_dir={"wobbletop_assets": "assets"},
)
