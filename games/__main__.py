"""``python -m games`` does what the ``wobbletop`` command does."""

from games.cli import command

raise SystemExit(command())
