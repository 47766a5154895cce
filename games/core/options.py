"""Game options: each game declares the options its sessions take, and they are checked here.

A game's spec names its declaration (``GameSpec(options=StonewallOptions, ...)``, declared in
the game's ``__init__.py`` beside the spec): a pydantic model, a subclass of
:class:`games.core.option_models.GameOptions`, or, for options that are each one of a few fixed
words, a :class:`WordOptions`, checked here without pydantic (so Free play's headless process
does not pay pydantic's ≈ 40 ms import; pydantic is imported only when a model is used).
:func:`check_options` validates a session's options against it, so an unknown key, a wrong
type, NaN or infinity, an out-of-range number or an unknown bot is one line
(``options.bots[0]: 'nope'; allowed: 'greedy', 'expectimax'``) before any session is built,
from a scenario file, a headless run or the API. A game whose spec names no model has its
options passed on unchecked (declare them: ``tests/bad_inputs`` checks that every game listed
in its test does).

The validated options are handed to the session as the plain dict that was given (only the
keys given, so digests and recordings do not change).

Also here: :func:`check_input_values`, the check every :class:`~games.core.protocol.InputEvent`
passes before a game sees it (finite coordinates of sane size, no huge numbers or strings in
its data), so no game has to guard against ``1e300`` or ``inf`` on its own.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from games.core.errors import UserError

if TYPE_CHECKING:
    from pydantic import BaseModel, ValidationError

# No coordinate of a table is anywhere near a kilometre (world units are mm).
MAX_COORDINATE = 1_000_000.0
MAX_DATA_NUMBER = 1_000_000
MAX_DATA_STRING = 1000
MAX_DATA_DEPTH = 8
MAX_DATA_ITEMS = 1000


class OptionsError(UserError):
    """Options a game does not take; ``str()`` is one line: ``options.KEY: problem``."""


class WordOptions:
    """Options each of which, when given, is one of a few fixed words (or None).

    ``WordOptions({"script": ("drop",)})`` takes what a pydantic model with
    ``script: Literal["drop"] | None = None`` takes, and refuses the rest with the same
    one-line messages (``options.script: 'x'; allowed: 'drop'``), without importing pydantic.
    """

    def __init__(self, words: Mapping[str, tuple[str, ...]]) -> None:
        self.words = dict(words)

    def __repr__(self) -> str:
        return f"WordOptions({self.words!r})"

    @property
    def model_fields(self) -> Mapping[str, tuple[str, ...]]:
        """The option names, as a pydantic model's ``model_fields`` lists them."""
        return self.words

    def problem(self, options: Mapping[Any, Any]) -> str | None:
        """The first problem with ``options`` as one line, or None: keys that are not text,
        then each declared option in order, then unknown options (pydantic's order)."""
        from datafiles.userfile import shown

        for key in options:
            if not isinstance(key, str):
                where = f"[{key}]" if isinstance(key, int) else f".{shown(str(key))[1:-1]}"
                return f"options{where}: {shown(key)}; allowed: keys should be strings"
        for name, words in self.words.items():
            value = options.get(name)
            if value is not None and not (isinstance(value, str) and value in words):
                return f"options.{name}: {shown(value)}; allowed: {_either(words)}"
        for key in options:
            if key not in self.words:
                return (
                    f"options.{shown(str(key))[1:-1]}: unknown option; allowed: "
                    f"{', '.join(self.words)}"
                )
        return None


def _either(words: tuple[str, ...]) -> str:
    """``'a'``, ``'a' or 'b'``, ``'a', 'b' or 'c'``: pydantic's words for a literal's values."""
    quoted = [repr(word) for word in words]
    return quoted[0] if len(quoted) == 1 else f"{', '.join(quoted[:-1])} or {quoted[-1]}"


def check_options(spec: Any, options: Mapping[str, Any]) -> dict[str, Any]:
    """``options`` validated against ``spec.options`` (a :class:`WordOptions`, or a
    :class:`games.core.option_models.GameOptions` subclass)."""

    options = dict(options)
    model = getattr(spec, "options", None)
    if model is None:  # a game that has not declared its options yet: not checked
        return options
    if isinstance(model, WordOptions):
        problem = model.problem(options)
        if problem is not None:
            raise OptionsError(problem)
        return options
    from pydantic import ValidationError

    try:
        model.model_validate(options)
    except ValidationError as error:
        raise OptionsError(_describe(error, model)) from None
    return options


def _describe(error: ValidationError, model: type[BaseModel]) -> str:
    from datafiles.userfile import shown

    first = error.errors(include_url=False)[0]
    key = "options" + "".join(
        f"[{part}]" if isinstance(part, int) else f".{shown(str(part))[1:-1]}"
        for part in first["loc"]
        if not _union_tag(part)
    )
    kind = first["type"]
    if kind == "extra_forbidden":
        return f"{key}: unknown option; allowed: {', '.join(model.model_fields)}"
    message = str(first["msg"]).replace("\n", " ")
    if kind == "value_error":
        message = str(first["ctx"]["error"])
    given = first.get("input")
    message = _lower_first(message).removeprefix("input should be ")
    return f"{key}: {shown(given)}; allowed: {message}"


_TYPE_TAGS = {"float", "int", "str", "bool", "list", "dict", "none", "function-after"}


def _union_tag(part: Any) -> bool:
    """True for the member names pydantic puts in the location of a union's error."""
    return isinstance(part, str) and (
        part in _TYPE_TAGS or "-" in part or "[" in part or part.startswith("literal")
    )


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def check_input_values(x: float, y: float, data: Mapping[str, Any]) -> str | None:
    """Why an input's point or data cannot be used (one line), or None if it can."""
    from datafiles.userfile import shown

    for name, value in (("x", x), ("y", y)):
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            return f"{name}: {shown(value)}; allowed: a number of mm"
        if not math.isfinite(value) or abs(value) > MAX_COORDINATE:
            most = f"{MAX_COORDINATE:,.0f}"
            return f"{name}: {shown(value)}; allowed: a finite number of mm up to {most}"
    return _data_problem(data, "data", 0)


def _data_problem(value: Any, key: str, depth: int) -> str | None:
    from datafiles.userfile import shown

    if depth > MAX_DATA_DEPTH:
        return f"{key}: nested too deeply"
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (int, float)):
        if isinstance(value, float) and not math.isfinite(value):
            return f"{key}: {shown(value)}; allowed: a finite number"
        if abs(value) > MAX_DATA_NUMBER:
            return f"{key}: {shown(value)}; allowed: a number up to {MAX_DATA_NUMBER:,}"
        return None
    if isinstance(value, str):
        if len(value) > MAX_DATA_STRING:
            return f"{key}: {shown(value)}; allowed: at most {MAX_DATA_STRING} characters"
        return None
    if isinstance(value, Mapping):
        if len(value) > MAX_DATA_ITEMS:
            return f"{key}: {len(value):,} keys; allowed: at most {MAX_DATA_ITEMS}"
        for child, item in value.items():
            if not isinstance(child, str) or len(child) > 100:
                return f"{key}: key {shown(child)}; allowed: a short name"
            problem = _data_problem(item, f"{key}.{child}", depth + 1)
            if problem:
                return problem
        return None
    if isinstance(value, (list, tuple)):
        if len(value) > MAX_DATA_ITEMS:
            return f"{key}: {len(value):,} items; allowed: at most {MAX_DATA_ITEMS}"
        for index, item in enumerate(value):
            problem = _data_problem(item, f"{key}[{index}]", depth + 1)
            if problem:
                return problem
        return None
    return f"{key}: {shown(value)}; allowed: numbers, text, lists and tables"
