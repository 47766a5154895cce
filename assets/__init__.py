"""Wobbletop's shipped data: the default physics config, the board maps and the scenarios.

In the repository this folder is ``assets/``; an installed wobbletop has it as the package
``wobbletop_assets`` (see setup.py). Code finds it with :func:`datafiles.assets.assets_dir`.
"""
