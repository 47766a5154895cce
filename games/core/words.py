"""How the window words players: one voice in every game.

The rules and sessions name players by their lower-case ids ("red", "monsters", "whacky"),
which stay as they are in results, saves and sweeps. What a person reads goes through here:

- :func:`display_name`: the name capitalised ("Red", "Monsters", "Whacky");
- :func:`says`: a name and a verb that agrees with it: "Red wins", "Monsters win", "The
  monsters think…" (``the=True``); :func:`wins` is the winner's line;
- :func:`does`: present tense for what to do now, from the sessions' imperative
  ``need()``: "Red rolls", "The monsters move the blue monster 2 steps";
- :func:`seat_tag` / :func:`seat_label`: "Red (you)" or "Blue (computer)" (in a network game
  "Blue (remote)" for a friend's seat), the same in every game.

Plural names are the ones a side of several pieces carries (Whacky Wit's monsters). Pure
Python: no pygame, so sessions may word their status lines with it too.
"""

from __future__ import annotations

PLURAL_NAMES = frozenset({"monsters"})


def display_name(name: str) -> str:
    """``name`` as a person reads it: capitalised ("red" -> "Red", "monsters" -> "Monsters")."""
    return name[:1].upper() + name[1:]


def is_plural(name: str) -> bool:
    return name.strip().lower() in PLURAL_NAMES


def subject(name: str, *, the: bool = False) -> str:
    """The name as a sentence's subject: "Red", "Monsters", or with ``the`` "The monsters"."""
    if the and is_plural(name):
        return f"The {name.lower()}"
    return display_name(name)


def third_person(verb: str) -> str:
    """The he/she form of an English verb: roll -> rolls, pass -> passes, carry -> carries."""
    if verb.endswith(("s", "sh", "ch", "x", "z")):
        return verb + "es"
    if verb.endswith("y") and len(verb) > 1 and verb[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def says(name: str, verb: str, rest: str = "", *, the: bool = False) -> str:
    """``name`` then ``verb`` (given in its plural form, "win") agreeing with it, then ``rest``:
    "Red wins", "Monsters win", "The monsters think…"."""
    conjugated = verb if is_plural(name) else third_person(verb)
    return f"{subject(name, the=the)} {conjugated}{rest}"


def does(name: str, need: str, *, the: bool = False) -> str:
    """What ``name`` does now, from an imperative ``need`` ("roll", "place a wall or pass",
    "move the blue monster 2 steps"): "Red rolls", "Red places a wall or passes", "The
    monsters move the blue monster 2 steps". The verbs conjugated are the first one and any
    after "or" or "then" outside brackets."""
    plural = is_plural(name)
    words, depth, verb_next = [], 0, True
    for word in need.split(" "):
        if verb_next and depth == 0 and not plural and word[:1].isalpha():
            stem = word.rstrip(",;:")
            word = third_person(stem) + word[len(stem):]
        depth += word.count("(") - word.count(")")
        verb_next = word in ("or", "then")
        words.append(word)
    return f"{subject(name, the=the)} {' '.join(words)}"


def wins(name: str, *, the: bool = False) -> str:
    """The winner's line: "Red wins", "Monsters win"."""
    return says(name, "win", the=the)


def seat_tag(human: bool, *, remote: bool = False) -> str:
    """The word in brackets after a player's name: "you", "computer", or in a network game
    "remote" for a person playing on another machine."""
    if not human:
        return "computer"
    return "remote" if remote else "you"


def seat_label(name: str, human: bool, *, remote: bool = False) -> str:
    """"Red (you)", "Blue (computer)" or "Blue (remote)": how every game's panel names a
    seat."""
    return f"{display_name(name)} ({seat_tag(human, remote=remote)})"


def sentence(text: str) -> str:
    """``text`` with its first letter capitalised, as a line of the log or status bar."""
    return text[:1].upper() + text[1:]
