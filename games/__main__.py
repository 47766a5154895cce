"""``python -m games`` does what the ``wobbletop`` command does."""

from games.cli import main

raise SystemExit(main())
