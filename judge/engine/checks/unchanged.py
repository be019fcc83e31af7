"""Whether a state still holds what it held when the state-based checks last found nothing.

117.5 and 704.3 ask for the checks whenever a player would receive priority, and a turn gives
priority many times with nothing but its position changed (all pass: the step ends, the next
begins). The checks are a function of what they read; so a check on a state whose content is
what it was at the last check that found nothing finds nothing again, and writes nothing — it
may be skipped, and the game goes exactly as if it had run (sba.check_once).

The invariant, precisely: `take(s)` is called right after `sba.check_once(s)` found nothing and
wrote nothing; `holds(s)` is true only if nothing the checks can read changed since:

- the state's every field but the turn's position (state.POSITION: the phase, the step, who
  holds priority, the passes — which no check reads; tests/test_engine_recheck.py hides them
  while every bundled scenario's checks look: a read fails it) is compared with the value it
  had, == (a value is immutable; a list or map is the very one it was, or equal to a copy);
- every write to a player's field is counted too (state.Player's __setattr__): a fork thaws
  each player anew, as a copy of what it was, so while the count stands no player changed;
- every write is counted (frozen.work_writes) to every working list and map (WorkList,
  WorkDict: the objects map, the battlefield, a player's zone once owned, the short lists a
  fork copies, the preferences); a frozen one cannot be written at all (frozen.py). So while
  the count is what it was at `take`, none of those changed;
- a plain list or map (one an effect assigned, `s.attacks = [...]`, `p.pool = []`) and the
  answers an action is replayed with are not counted: `take` keeps a copy of each, compared
  by content;
- an object is written only once thawed for this action (GameState.edit, add_object: each a
  new object in the objects map, a counted write) and the thawed ones are `_edited`: `take`
  keeps a copy of their fields and counters, compared by content. A committed object never
  changes.

The card definitions and policies are the game's, shared and never written; `_memo` holds only
what is derived from the rest. The count is one for the whole process: a write to another
state only makes a skip less likely, never wrong.
"""

from __future__ import annotations

from dataclasses import fields
from itertools import repeat
from operator import itemgetter

from judge.engine.core import frozen
from judge.engine.core.frozen import FrozenDict, FrozenList, WorkDict, WorkList, work_writes
from judge.engine.core.state import PLAYER_LISTS, POSITION, GameState

__all__ = ["POSITION", "take", "holds", "ENABLED"]

ENABLED = True  # tests switch skipping off to compare a game with and without it

_CONTAINER_FIELDS = tuple(
    f.name for f in fields(GameState) if f.type.startswith(("list", "dict")) and f.name != "players"
)
_VALUE_FIELDS = tuple(
    f.name
    for f in fields(GameState)
    if f.name not in POSITION and f.name != "players" and f.name not in _CONTAINER_FIELDS
)
_values = itemgetter(*_VALUE_FIELDS)
_containers = itemgetter(*_CONTAINER_FIELDS)
_zones = itemgetter(*PLAYER_LISTS)
_TRACKED = (FrozenList, WorkList, FrozenDict, WorkDict)  # (none has a subclass: isinstance is the exact class)
_ALWAYS_TRACKED = repeat(_TRACKED)


def _kept(value):
    """A list or map as `take` keeps it: a frozen or working one itself, a plain one a copy."""
    if isinstance(value, _TRACKED):
        return value
    return dict(value) if isinstance(value, dict) else list(value)


def _kept_all(values: tuple) -> tuple:
    """Lists and maps as `take` keeps them: most often all frozen or working, so themselves."""
    if all(map(isinstance, values, _ALWAYS_TRACKED)):
        return values
    return tuple([x if isinstance(x, _TRACKED) else _kept(x) for x in values])  # (_kept called for the plain ones only)


def _plain(values) -> list:
    """(list, its copy) for each list here that is neither frozen nor working: most often none."""
    if all(map(isinstance, values, _ALWAYS_TRACKED)):
        return []
    return [(x, _kept(x)) for x in values if not isinstance(x, _TRACKED)]


class Snapshot:
    """The state's values and containers at `take`, the count of writes then, and copies of
    what the count does not cover."""

    __slots__ = ("writes", "values", "containers", "plain", "edited")

    def __init__(self, s: GameState) -> None:
        d = s.__dict__
        self.writes = work_writes()
        self.values = _values(d)
        self.containers = _kept_all(_containers(d))
        plain = []
        for record in map(vars, d["players"]):
            plain += _plain(_zones(record))
        prefer = d["prefer"]
        if prefer:
            plain += _plain(prefer.values())
        answers = d.get("_answers")
        if answers:
            plain.append((answers, [list(a) for a in answers]))
        self.plain = plain
        self.edited = [(o, dict(o.__dict__), dict(o.counters)) for o in d.get("_edited", ())]


def take(s: GameState) -> None:
    """Remember what `s` holds now: the checks just found nothing on it and wrote nothing."""
    if ENABLED:
        s.__dict__["_clean"] = Snapshot(s)


def holds(s: GameState) -> bool:
    """Whether nothing the checks read changed in `s` since its last `take`."""
    snap = s.__dict__.get("_clean")
    if snap is None or snap.writes != frozen._writes or not ENABLED:  # (work_writes(), without the call)
        return False
    d = s.__dict__
    if _values(d) != snap.values or _containers(d) != snap.containers:
        return False
    if snap.plain and any(x != then for x, then in snap.plain):
        return False
    answers = d.get("_answers")
    if answers and not any(x is answers for x, _ in snap.plain):  # answers given since, or a new list of them
        return False
    return not snap.edited or all(o.__dict__ == then and o.counters == counters for o, then, counters in snap.edited)
