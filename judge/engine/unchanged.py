"""Whether a state still holds what it held when the state-based checks last found nothing.

117.5 and 704.3 ask for the checks whenever a player would receive priority, and a turn gives
priority many times with nothing but its position changed (all pass: the step ends, the next
begins). The checks are a function of what they read; so a check on a state whose content is
what it was at the last check that found nothing finds nothing again, and writes nothing — it
may be skipped, and the game goes exactly as if it had run (sba.check_once).

The invariant, precisely: `take(s)` is called right after `sba.check_once(s)` found nothing and
wrote nothing; `holds(s, snap)` is true only if every value the checks can read is equal (==)
to what it was at `take`. Compared are:

- every field of the GameState but the turn's position — `POSITION`: the phase, the step, who
  holds priority and the passes. The checks never read those (704 has no check that depends
  on the step; tests/test_engine_recheck.py runs every bundled scenario's checks with those
  fields hidden: a read fails it) — and the working keys an action adds (`_answers`, which
  a check reads only through asking, is compared too);
- each player's every field, the zone lists by content;
- the objects map by identity of its objects (a committed object never changes: a write makes
  a new one), and each object written during this action (`_edited`: the only objects that can
  change in place) by content, its counters too.

Lists that can change in place (a working state's, or a plain list an effect assigned) are
copied by `take`; frozen ones (frozen.py) are kept as they are, since they cannot change. The
card definitions and policies are the game's, shared and never written; they are compared by
identity. `_memo` holds only what is derived from the rest. A value equal to the one taken
cannot make a check find anything it did not: nothing in the checks depends on which object
holds a value, only on the value (the layers' cache, layers.Sweep, answers exactly what its
computation would).
"""
from __future__ import annotations

from dataclasses import fields
from operator import itemgetter

from judge.engine.frozen import FrozenDict
from judge.engine.state import PLAYER_LISTS, GameState

# The turn's position: what a step change writes, and what no state-based check reads.
POSITION = frozenset({"phase", "step", "priority", "passes", "checked"})
# Kept apart: the players (records compared field by field), the objects (by identity, and the
# written ones by content), the derived memo and the list of written objects.
_APART = frozenset({"players", "objects", "_memo", "_edited", "_answers"})

_LIST_FIELDS = tuple(f.name for f in fields(GameState) if f.type.startswith("list") and f.name not in _APART)
_DICT_FIELDS = tuple(f.name for f in fields(GameState) if f.type.startswith("dict") and f.name not in _APART)
_VALUE_FIELDS = tuple(f.name for f in fields(GameState)
                      if f.name not in POSITION | _APART and f.name not in _LIST_FIELDS + _DICT_FIELDS)


def _getter(names: tuple):
    """The values of these keys of a state's __dict__, as a tuple (even of one)."""
    if len(names) == 1:
        name = names[0]
        return lambda d: (d[name],)
    return itemgetter(*names)


_values, _lists, _dicts = _getter(_VALUE_FIELDS), _getter(_LIST_FIELDS), _getter(_DICT_FIELDS)

ENABLED = True  # tests switch skipping off to compare a game with and without it


_zones = itemgetter(*PLAYER_LISTS)


def _kept_dict(value: dict) -> dict:
    """A map as `take` keeps it: a copy, with copies of the lists it holds."""
    return {k: list(v) if isinstance(v, list) else v for k, v in value.items()}


class Snapshot:
    """What a state held, in the forms `holds` compares: the values as they are (they cannot
    change), every list copied (a copy of a frozen one is equal to it: == compares content), each
    player's fields and zones, the objects map (itself when frozen, else a copy) and the written
    objects' fields and counters."""

    __slots__ = ("values", "lists", "dicts", "players", "zones", "objects", "edited", "answers")

    def __init__(self, s: GameState) -> None:
        d = s.__dict__
        self.values = _values(d)
        self.lists = tuple(map(list, _lists(d)))
        self.dicts = tuple(map(_kept_dict, _dicts(d)))
        records = list(map(vars, d["players"]))
        self.players = list(map(dict, records))  # a zone list in it may change in place: `zones` has its content
        self.zones = [tuple(map(list, _zones(r))) for r in records]
        objects = d["objects"]
        self.objects = objects if objects.__class__ is FrozenDict else dict(objects)
        self.edited = [(o, dict(o.__dict__), dict(o.counters)) for o in d.get("_edited", ())]
        self.answers = [list(a) for a in d.get("_answers") or ()]  # none given and none left are alike


def take(s: GameState) -> None:
    """Remember what `s` holds now: the checks just found nothing on it and wrote nothing."""
    if ENABLED:
        s.__dict__["_clean"] = Snapshot(s)


def committed(s: GameState) -> GameState:
    """A state just committed keeps its snapshot only in the form that copies nothing: each part
    it copied (a working list, the objects map) is now frozen in place, so a snapshot taken again
    keeps references — or none, if the state changed since. (A replay's history keeps states.)"""
    if "_clean" in s.__dict__:
        if holds(s):
            take(s)
        else:
            del s.__dict__["_clean"]
    return s


def holds(s: GameState) -> bool:
    """Whether `s` holds, in everything the checks read, what it held at its last `take`."""
    snap = s.__dict__.get("_clean")
    if snap is None or not ENABLED:
        return False
    d = s.__dict__
    objects = d["objects"]
    if _values(d) != snap.values or (objects is not snap.objects and objects != snap.objects):
        return False
    records = list(map(vars, d["players"]))
    if records != snap.players or [_zones(r) for r in records] != snap.zones:
        return False
    if _lists(d) != snap.lists or _dicts(d) != snap.dicts:
        return False
    if any(o.__dict__ != fields_then or o.counters != counters for o, fields_then, counters in snap.edited):
        return False
    return (d.get("_answers") or []) == snap.answers
