"""The permanents a state-based check need not read again: an incremental check (704.3).

A check that finds nothing leaves a `Cleared` record on its state (sba.check_once): the
battlefield it read, each permanent's object, the layers' shared inputs (layers.Sweep.shared:
the functioning layered statics as a cache key, the resolution effects by object) and the
permanents whose verdict reads more than themselves ("wider"). The next check reads only the
permanents whose verdict may have changed since; for each other one it would find nothing again.

Why that is exact. The per-permanent part of the checks (sba._object_checks, the loop over
s.permanents()) reads, for a permanent that is "local" — attached to nothing, no clauses
(contracts.complete reads the stack), not a Haven with marks (ch.defense reads the immured) —
only: its object, its card (the game's, never written; a function of the object), and its
characteristics through the layers (layers.Sweep.values). The layers' result for a committed
object is a function of the object, the cache key of the functioning statics and the object's
resolution effects (the proof is layers.py's, for its cache; a key of None — a static reading
more of the state, or a source being written — is never reused here). So a permanent whose
object is the very committed object it was (a FrozenObj never changes), on the same battlefield
(the same ids, in the same order: same index, same card), under an equal key and equal effects,
gets the verdict it had: nothing. A working object (type Obj) may be written in place at any
time, so it is recorded as None and always read again; so is every "wider" permanent. What the
checks read beyond the loop (the players, the wards, the laboratories, the tokens, Eminent
duplicates) is read in full every time.

The record is a value (tuples, a fresh map, a copy of a working battlefield): states share it
through fork and nothing writes to it. tests/test_engine_cleared.py replays games with and
without it; tests/test_engine_recheck.py compares the bundled scenarios and random games with
every check in full (unchanged.ENABLED off turns this off too).
"""

from __future__ import annotations

from itertools import compress, count
from operator import is_not

from judge.engine.checks import unchanged
from judge.engine.core.frozen import FrozenList
from judge.engine.core.state import FrozenObj, GameState, Obj

__all__ = ["Cleared", "to_read", "is_local", "record"]


class Cleared:
    """What the last check that found nothing read, as needed to skip a permanent next time."""

    __slots__ = ("battlefield", "objects", "key", "modifiers", "wider")

    def __init__(self, battlefield, objects: tuple, key: tuple, modifiers: dict, wider: tuple) -> None:
        self.battlefield = battlefield  # a FrozenList, or a copy of a working list
        self.objects = objects  # each permanent's FrozenObj, or None for a working object
        self.key = key  # layers.Sweep.shared()'s cache key part (never None here)
        self.modifiers = modifiers  # layers.modifiers_by_object's map (a fresh one, never written)
        self.wider = wider  # indices of the permanents that are not local


def to_read(s: GameState, sweep) -> tuple[list[int], tuple[Obj, ...]] | None:
    """(the indices of the permanents the check must read, the objects now) — or None when
    every permanent must be read (no record, another battlefield, other shared inputs)."""
    prior = s.__dict__.get("_cleared")
    if prior is None or not unchanged.ENABLED:
        return None
    battlefield = s.battlefield
    if battlefield != prior.battlefield:
        return None
    key, modifiers = sweep.shared()
    if key is None or key != prior.key:
        return None
    now = tuple(map(s.objects.__getitem__, battlefield))
    if now == prior.objects and modifiers == prior.modifiers:  # (identity: Obj compares by it)
        return list(prior.wider), now
    read = set(prior.wider)
    read.update(compress(count(), map(is_not, now, prior.objects)))  # the objects written since
    if modifiers != prior.modifiers:
        before = prior.modifiers
        for oid in before.keys() | modifiers.keys():
            if before.get(oid) != modifiers.get(oid) and oid in battlefield:
                read.update(i for i, b in enumerate(battlefield) if b == oid)
    return sorted(read), now


def is_local(obj, card, kind: str) -> bool:
    """Whether the checks' verdict on this permanent reads only it, its card and its layers."""
    return (
        obj.attached_to is None
        and obj.zone == "battlefield"
        and (card is None or not card.clauses)
        and not (kind == "Haven" and obj.marks)
    )


def record(s: GameState, sweep, now: tuple, wider: list) -> Cleared | None:
    """The record of a check that read every permanent (or the ones `to_read` named), to keep if
    it finds nothing: None when the layers' inputs cannot be keyed."""
    key, modifiers = sweep.shared()
    if key is None:
        return None
    battlefield = s.battlefield
    if type(battlefield) is not FrozenList:
        battlefield = list(battlefield)  # a working list may still be written: a copy
    objects = now if Obj not in set(map(type, now)) else tuple(o if o.__class__ is FrozenObj else None for o in now)
    return Cleared(battlefield, objects, key, modifiers, tuple(wider))
