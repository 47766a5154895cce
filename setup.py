"""Packaging glue that pyproject.toml cannot say: ship the repository's ``assets/`` folder.

Everything else (name, dependencies, the ``wobbletop`` command, package data) is in
pyproject.toml. The code packages are found, so a new game folder needs no line here; the data
folder ``assets/`` is installed as the package ``wobbletop_assets`` (a top-level ``assets``
would clash with other projects in site-packages), found at run time by
:func:`datafiles.assets.assets_dir`.
"""

from setuptools import find_namespace_packages, find_packages, setup

CODE = find_packages(
    include=["datafiles", "datafiles.*", "games", "games.*", "physics", "physics.*"]
)
# Every data folder under assets/ is listed as a (namespace) package of its own, so setuptools
# ships its files and does not warn that Python could import it but it is not configured.
DATA_FOLDERS = find_namespace_packages(where="assets", exclude=["*__pycache__*"])
ASSETS = ["wobbletop_assets", *(f"wobbletop_assets.{name}" for name in DATA_FOLDERS)]

setup(
    packages=[*CODE, *ASSETS],
    package_dir={"wobbletop_assets": "assets"},
)
