"""What the dice games' rule engines share: push/pop by snapshot, roll_with, copy.

A rule engine's ``State`` (Stonewall, Dammi il malloppo, Whacky Wit) subclasses
:class:`SnapshotState` and supplies four things: ``_check(action)`` (raise an ``IllegalMove``
with a player-readable reason, or return a function that applies the action), ``_snapshot()``
and ``_restore(snapshot)`` (the mutable fields as fresh copies, and back), and
``draw(chance)`` (the current chance node's outcome). Everything else here is the one
pattern: push = check, snapshot, apply; pop = restore; roll_with = draw, push.

The engines keep the actions they listed last (``_listed``: push takes those very objects
without checking them again) in the snapshot too, so a pop gives a state back its own
listing: a search that lists, pushes, pops and pushes another checks nothing twice. Every
push starts a new listing, so a listing is never taken for another position. Every engine's
snapshots (Stonewall, Dammi il malloppo, Whacky Wit) hold their listing weakly
(:class:`Listing`): back after a pop while the search still holds it, and not kept by the
history of a game played on. Dammi il malloppo's and Whacky Wit's move listings and
Stonewall's Change-a-Wall listing make their actions only when asked for, on
:class:`LazyListing`.

Pure Python: no pygame, no pymunk.
"""

from __future__ import annotations

import operator
import weakref
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Generic, SupportsIndex, TypeVar, overload

if TYPE_CHECKING:
    from typing_extensions import Self  # typing.Self is 3.11+; annotations only

ActionT = TypeVar("ActionT")


class Listing(list[ActionT]):
    """The actions a state listed, as the very list its caller gets: ``by_id`` maps each
    action's ``id`` to a tuple of the action and what the game keeps with it (the points of a
    move's path, say), for push to take those objects unchecked (it keeps them alive, so no
    other object can have their ids, whatever the caller does to the list).

    A snapshot holds a listing weakly (:func:`listing_ref`, :func:`listed_again`): popping
    back gives the state its listing again while its caller (a search looping over it) still
    holds it, and a game played on without popping keeps none of its old listings alive (the
    history would otherwise hold every action ever listed, and the garbage collector would
    walk them all again and again)."""

    __slots__ = ("__weakref__", "by_id")

    def __init__(self, actions: Iterable[ActionT] = ()) -> None:
        """A listing of ``actions``, each kept alone (a game that keeps more with its actions
        builds ``by_id`` as it makes them: :meth:`keyed`)."""
        super().__init__(actions)
        self.by_id: dict[int, tuple[Any, ...]] = dict(zip(map(id, self), zip(self), strict=True))

    @classmethod
    def keyed(cls, actions: list[ActionT], by_id: dict[int, tuple[Any, ...]]) -> Listing[ActionT]:
        """A listing of ``actions`` whose ``by_id`` the caller built as it made them (each
        action's ``id`` -> the action and what is kept with it): no second pass over them."""
        listing = cls.__new__(cls)
        list.__init__(listing, actions)
        listing.by_id = by_id
        return listing

    def entry(self, action: object) -> tuple[Any, ...] | None:
        """(the action, what was kept with it) if ``action`` is one of these very objects."""
        found = self.by_id.get(id(action))
        return found if found is not None and found[0] is action else None

    def holds(self, action: object) -> bool:
        """Whether ``action`` is one of these very objects."""
        found = self.by_id.get(id(action))
        return found is not None and found[0] is action


NOTHING_LISTED: Listing[Any] = Listing()  # never changed


class LazyListing(Sequence[ActionT]):
    """A listing that makes its actions only when asked for (Dammi il malloppo's turns, Whacky
    Wit's moves, Stonewall's Change-a-Wall: random play takes one of some fifty to two
    hundred, a search a few). A subclass sets ``_all`` to None and gives :meth:`_size` (how
    many), :meth:`_at` (one by index: the same object every time) and :meth:`_every` (every
    action in order, each made once). Not a ``list`` but it acts as one: equal to a list (or
    tuple) of the same actions, a list's changes (append, sort, clear, ...) make every action
    and change that list (the listing still holds only the actions it made: one the caller
    adds is checked in full when pushed), and a copy, deep copy or pickle of it is a plain list
    of its actions."""

    __slots__ = ("_all",)

    _all: list[ActionT] | None  # every action, once made (then the listing is this list)

    def _size(self) -> int:
        """How many actions, none made."""
        raise NotImplementedError

    def _at(self, index: int) -> ActionT:
        """The action at ``index`` (negative from the end; IndexError past either end)."""
        raise NotImplementedError

    def _every(self) -> list[ActionT]:
        """Every action, in order (the same objects as by index)."""
        raise NotImplementedError

    def actions(self) -> list[ActionT]:
        """Every action, in order (each made once: the same objects as by index)."""
        found = self._all
        if found is None:
            found = self._all = self._every()
        return found

    def __len__(self) -> int:
        return self._size() if self._all is None else len(self._all)

    @overload
    def __getitem__(self, index: int) -> ActionT: ...

    @overload
    def __getitem__(self, index: slice) -> list[ActionT]: ...

    def __getitem__(self, index: int | slice) -> ActionT | list[ActionT]:
        if self._all is not None or isinstance(index, slice):
            return self.actions()[index]
        return self._at(index)

    @staticmethod
    def _place(index: SupportsIndex, count: int) -> int:
        """``index`` of a listing of ``count`` actions as 0 <= place < count (from the end
        when negative); IndexError past either end, as a list's."""
        at = operator.index(index)
        if at < 0:
            at += count
        if not 0 <= at < count:
            raise IndexError("listing index out of range")
        return at

    def append(self, action: ActionT) -> None:
        self.actions().append(action)

    def extend(self, actions: Iterable[ActionT]) -> None:
        self.actions().extend(actions)

    def insert(self, index: int, action: ActionT) -> None:
        self.actions().insert(index, action)

    def remove(self, action: ActionT) -> None:
        self.actions().remove(action)

    def pop(self, index: int = -1) -> ActionT:
        return self.actions().pop(index)

    def clear(self) -> None:
        self.actions().clear()

    def sort(self, *, key: Callable[[ActionT], Any] | None = None, reverse: bool = False) -> None:
        self.actions().sort(key=key, reverse=reverse)

    def reverse(self) -> None:
        self.actions().reverse()

    def copy(self) -> list[ActionT]:
        return self.actions()[:]

    def __setitem__(self, index: Any, value: Any) -> None:
        self.actions()[index] = value

    def __delitem__(self, index: int | slice) -> None:
        del self.actions()[index]

    def __add__(self, other: Iterable[ActionT]) -> list[ActionT]:
        return [*self.actions(), *other]

    def __radd__(self, other: Iterable[ActionT]) -> list[ActionT]:
        return [*other, *self.actions()]

    def __iadd__(self, other: Iterable[ActionT]) -> Self:
        self.actions().extend(other)
        return self

    def __iter__(self) -> Iterator[ActionT]:
        return iter(self.actions())

    def __reversed__(self) -> Iterator[ActionT]:
        return reversed(self.actions())

    def __contains__(self, value: object) -> bool:
        return value in self.actions()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LazyListing):
            return self.actions() == other.actions()
        if isinstance(other, (list, tuple)):
            return self.actions() == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(self.actions())

    def __reduce__(self) -> tuple[type[list[ActionT]], tuple[list[ActionT]]]:
        # copy, deepcopy and pickle: a list of the actions, not the game's tables behind them
        return list, (self.actions()[:],)


def listing_ref(listing: Listing[Any]) -> Callable[[], Listing[Any] | None]:
    """A weak reference to ``listing`` for a snapshot."""
    return weakref.ref(listing)


def listed_again(ref: Callable[[], Listing[Any] | None]) -> Listing[Any]:
    """The listing a snapshot refers to, if its caller still holds it; else nothing."""
    listing = ref()
    return NOTHING_LISTED if listing is None else listing


class SnapshotState(Generic[ActionT]):
    """Undo by snapshots: each pushed action is stored with the state from before it."""

    history: list[tuple[ActionT, Any]]

    # --- what a game supplies -----------------------------------------------------------
    def _check(self, action: ActionT) -> Callable[[], None]:
        """Validate ``action`` and return a function that applies it."""
        raise NotImplementedError

    def _snapshot(self) -> Any:
        raise NotImplementedError

    def _restore(self, snapshot: Any) -> None:
        raise NotImplementedError

    def draw(self, chance: Any) -> ActionT:
        """The current chance node's outcome drawn from a :class:`games.core.rng.Chance`."""
        raise NotImplementedError

    def _pushing(self) -> None:
        """Called after the snapshot and before the action applies (default: nothing)."""

    # --- the shared pattern -------------------------------------------------------------
    def push(self, action: ActionT) -> None:
        """Apply ``action``; raise an ``IllegalMove`` subclass (state unchanged) if illegal."""
        apply = self._check(action)
        self.history.append((action, self._snapshot()))
        self._pushing()
        apply()

    def pop(self) -> ActionT:
        """Undo the last action and return it."""
        if not self.history:
            raise IndexError("nothing to undo")
        action, snapshot = self.history.pop()
        self._restore(snapshot)
        return action

    def roll_with(self, chance: Any) -> ActionT:
        """Draw the current chance node's outcome (:meth:`draw`) and push it."""
        action = self.draw(chance)
        self.push(action)
        return action

    def copy(self) -> Self:
        """An independent copy without undo history (for bots)."""
        twin = type(self).__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin._restore(self._snapshot())
        twin.history = []
        return twin
