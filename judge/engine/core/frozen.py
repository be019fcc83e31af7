"""Sharing between states: what one `apply` changes is copied, the rest is shared, and nothing
shared can be written to.

A committed state's lists and maps are FrozenList / FrozenDict, and its records (objects,
players) are instances of a frozen twin of their class: every write raises SharedStateMutation,
an engine defect (so a state in a replay's history can never change behind the judge's back).
A working state copies a record or a container the first time it writes to it (state.py:
GameState.edit, Player.own, GameState.own) and freezes what it copied when `apply` commits it —
by swapping the class, which costs nothing however large the container.
"""

from __future__ import annotations

from typing import TypeVar, cast


class SharedStateMutation(RuntimeError):
    """A write to a state that was already committed: a defect in the engine."""


def _refuse(self, *args, **kwargs):
    raise SharedStateMutation(f"a committed {type(self).__name__} cannot be changed")


_writes = 0  # writes to any WorkList or WorkDict so far


def work_writes() -> int:
    """How many writes to working lists and maps were counted so far (unchanged.py: one it saw
    is unchanged while this count is)."""
    return _writes


def _counted(method):
    def write(self, *args, **kwargs):
        global _writes
        _writes += 1
        return method(self, *args, **kwargs)

    write.__name__ = method.__name__
    return write


_VALUES = frozenset({int, bool, str, type(None), tuple, frozenset})  # compared by content, as unchanged.py does
_NOTHING = object()


def counted_setattr(self, name, value):
    """A record's attribute write, counted as work_writes counts a working list's (state.Player:
    a player is thawed anew by each fork, so only a count tells that none was written since).
    Writing the value already there is not a change (cleanup resets its tallies each turn); a
    list or map put in place of another always counts, equal or not: it is a new one to watch."""
    global _writes
    old = self.__dict__.get(name, _NOTHING)
    if old is not value and not (type(value) in _VALUES and type(old) is type(value) and old == value):
        _writes += 1
    object.__setattr__(self, name, value)


class WorkList(list):
    """A list private to one working state (it becomes a FrozenList, in place, on commit). Every
    write to one is counted (work_writes): the writes a FrozenList refuses, all of them."""

    __slots__ = ()
    append, extend, insert, remove, pop, clear, sort, reverse = map(
        _counted, (list.append, list.extend, list.insert, list.remove, list.pop, list.clear, list.sort, list.reverse)
    )
    __setitem__, __delitem__, __iadd__, __imul__ = map(
        _counted, (list.__setitem__, list.__delitem__, list.__iadd__, list.__imul__)
    )


class FrozenList(list):
    __slots__ = ()
    append = extend = insert = remove = pop = clear = sort = reverse = _refuse
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse


class WorkDict(dict):
    """A map private to one working state (it becomes a FrozenDict, in place, on commit). Every
    write to one is counted (work_writes): the writes a FrozenDict refuses, all of them."""

    __slots__ = ()
    __setitem__ = _counted(dict.__setitem__)
    __delitem__ = _counted(dict.__delitem__)
    pop = _counted(dict.pop)
    popitem = _counted(dict.popitem)
    clear = _counted(dict.clear)
    update = _counted(dict.update)
    setdefault = _counted(dict.setdefault)
    __ior__ = _counted(dict.__ior__)


class FrozenDict(dict):
    __slots__ = ()
    __setitem__ = __delitem__ = pop = popitem = clear = update = setdefault = __ior__ = _refuse


def freeze_list(value: list) -> FrozenList:
    if type(value) is FrozenList:
        return value
    if type(value) is WorkList:
        object.__setattr__(value, "__class__", FrozenList)
        return cast(FrozenList, value)  # the same list, a FrozenList now
    return FrozenList(value)


def freeze_dict(value: dict) -> FrozenDict:
    if type(value) is FrozenDict:
        return value
    if type(value) is WorkDict:
        object.__setattr__(value, "__class__", FrozenDict)
        return cast(FrozenDict, value)  # the same map, a FrozenDict now
    return FrozenDict(value)


def frozen_twin(cls: type) -> type:
    """A subclass of the record class `cls` whose instances refuse every write; a record is
    frozen by assigning this class to it (and thawed by copying it into `cls`)."""

    def refuse_set(self, name, value):
        raise SharedStateMutation(f"{cls.__name__}.{name} of a committed state cannot be changed")

    def refuse_del(self, name):
        raise SharedStateMutation(f"{cls.__name__}.{name} of a committed state cannot be deleted")

    return type(
        f"Frozen{cls.__name__}",
        (cls,),
        {"__slots__": (), "__setattr__": refuse_set, "__delattr__": refuse_del, "__module__": cls.__module__},
    )


R = TypeVar("R")


def thawed_copy(record: R, cls: type[R]) -> R:
    """A private, writable copy of a (frozen) record, sharing its field values."""
    new: R = object.__new__(cls)
    new.__dict__.update(record.__dict__)
    return new
