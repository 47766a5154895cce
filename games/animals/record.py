"""Animal upon Animal's record of what went where, and the status bar's narration. Pure Python.

The rulebook shows every player each drawn animal ("show and tell the other players which
animal you drew") and where it goes into the tower, then the animals lie face down and the
game is memory: "players must then use their memory skills to remember which animal is in
which spot". So the record a player may consult keeps only what stays in plain sight on a real
table: who put an animal in at which place of how tall a tower, which place a crocodile took
out, how many animals the opening laid. The animals' names are in it only once the game is
over, when the tower is taken down face up for everyone (:meth:`Record.lines` with
``reveal``). The narration names an animal only while everyone sees it: the opening three
while they are laid and shown, the drawn animal until it is in the tower.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.physicskit.narration import capital


@dataclass(frozen=True)
class Entry:
    """One thing that happened to the tower: ``kind`` is "opening", "insert", "remove" or
    "miss" (a crocodile's roll above the tower); ``at`` counts from the bottom, 1 first."""

    turn: int
    seat: str
    kind: str
    animals: tuple[str, ...]  # named only when revealed (see the module text)
    at: int = 0
    height: int = 0  # the tower's height after it
    rolled: int = 0


NUMBERS = {3: "three"}


def _name(seat: str) -> str:
    return capital(seat)


@dataclass
class Record:
    """Every entry of one game, oldest first."""

    entries: list[Entry] = field(default_factory=list)

    def add(self, entry: Entry) -> None:
        self.entries.append(entry)

    def line(self, entry: Entry, *, reveal: bool) -> str:
        """One entry in words; the animals named only with ``reveal`` (the game is over)."""
        who = _name(entry.seat)
        if entry.kind == "opening":
            laid = f": {', '.join(entry.animals)} (bottom to top)" if reveal else ""
            count = NUMBERS.get(len(entry.animals), str(len(entry.animals)))
            return f"{who} laid the opening {count} animals{laid}"
        if entry.kind == "insert":
            animal = f"the {entry.animals[0]}" if reveal else "an animal"
            return (
                f"Turn {entry.turn}: {who} put {animal} in at place {entry.at} "
                f"of {entry.height} from the bottom"
            )
        if entry.kind == "remove":
            animal = f" (the {entry.animals[0]})" if reveal else ""
            return (
                f"Turn {entry.turn}: {who}'s crocodile rolled {entry.rolled}: animal "
                f"{entry.at}{animal} back into the pouch, {entry.height} left"
            )
        return (
            f"Turn {entry.turn}: {who}'s crocodile rolled {entry.rolled}: above the tower, "
            "nothing taken out"
        )

    def lines(self, *, reveal: bool) -> list[str]:
        return [self.line(entry, reveal=reveal) for entry in self.entries]

    def last_line(self) -> str | None:
        """The latest entry as the status bar says it (never naming a face-down animal)."""
        return self.line(self.entries[-1], reveal=False) if self.entries else None
