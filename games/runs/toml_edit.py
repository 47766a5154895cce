"""Editing a TOML file in place with ``tomlkit``: a value replaced keeps its line's comment.

No pygame. Used where Wobbletop writes into a file a person keeps (the constants panel's Save
into the user's config file, ``regress --update`` into a scenario file): the rest of the file,
comments, blank lines and the order of keys and tables, is left as it was.
"""

from __future__ import annotations

from typing import Any

import tomlkit.items


def set_value(table: Any, key: str, value: Any) -> None:
    """``table[key] = value``; a key already there keeps its indent and trailing comment
    (``gravity = 1635.0   # the Moon``), a new key is added at the table's end."""
    old = table.get(key) if key in table else None
    item = tomlkit.item(value)
    old_trivia = getattr(old, "trivia", None)
    if old_trivia is not None and isinstance(item, tomlkit.items.Item):
        item.trivia.indent = old_trivia.indent
        item.trivia.comment_ws = old_trivia.comment_ws
        item.trivia.comment = old_trivia.comment
        item.trivia.trail = old_trivia.trail
    table[key] = item


def plain(value: Any) -> Any:
    """A tomlkit item as the plain Python value it holds."""
    unwrap = getattr(value, "unwrap", None)
    return unwrap() if unwrap is not None else value
