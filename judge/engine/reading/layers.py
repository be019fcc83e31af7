"""Continuous effects (611, 613): an object's characteristics computed through the layers.

Two kinds of continuous effect feed the layers:
* statics of permanents on the battlefield (611.3): never locked in, they apply at every moment
  to whatever matches their `affects` and filters, while their `while` condition holds (611.3a);
  their timestamp is their source's (613.7a);
* `Modifier`s from resolutions (611.2): locked to one object (611.2a), stamped when created.

Layers handled (613.1): 2 control (control.py keeps each object's controller as layer 2's
result), 4 card type and subtypes, 6 keyword abilities (with dependency, 613.8), 7a defining
abilities, 7b set values, 7c modifications and Growth counters, 7d switches (613.4). Layers 1, 3
and 5 have nothing in this engine to apply (a token copy takes its original's card, 707.2; text
change is not modelled).
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter, is_
from typing import Any, NamedTuple

from judge.engine.core import keywords
from judge.engine.core.state import FrozenObj, GameState, Obj

# The static conditions that are a keyword's threshold: `while: siege` is the card's own Siege {n},
# `while: pack` its Pack N.
SIEGE = keywords.implements("Siege", "702.29", "number")
PACK = keywords.implements("Pack", "702.44", "number")
THRESHOLDS = {"siege": SIEGE, "pack": PACK}
# A keyword whose whole effect is a static the card writes out: Command's anthem, "your other
# Entities get the printed bonus" (702.37a), is a static reaching `other_own_entities`.
COMMAND = keywords.implements("Command", "702.37")
ANTHEMS = {COMMAND: ("other_own_entities", "702.37a")}


@dataclass
class Chars:
    attack: int
    vigor: int
    keywords: list  # "Flying", "Siege 3", ...
    subtypes: list


class _Layered(NamedTuple):
    """One continuous effect as seen by one object: where it applies and what it does (a tuple:
    many are made at every state-based check)."""

    layer: str
    timestamp: int
    key: str  # what it does: add_subtypes, grant, remove, define, set, modify or switch
    value: Any  # its operand: the subtypes, keywords, definition, values or modification
    filters: dict  # subtype / with_keyword, checked on the object as the layer reaches it
    source: Obj | None = None  # a definition's source: what it counts from (613.4a)


def condition_holds(s: GameState, source: Obj, when: str | None) -> bool:
    """611.3a: `night`/`day` statics wake and sleep with the flip; `siege` is the source's own
    Siege {n} threshold, met while its controller's siege count is n or more (702.29a); `pack`
    its Pack N, met while it attacks alongside N or more other attacking Entities (702.44a)."""
    if when is None:
        return True
    if when == "night":
        return not s.is_day
    if when == "day":
        return s.is_day
    if when in THRESHOLDS:
        keyword = THRESHOLDS[when]
        card = s.card(source)
        value = card.keyword_value(keyword) if card else None
        if value is None:
            return False  # a card without the keyword is refused at load (support.py)
        n = keywords.number(keyword, value)
        if keyword == SIEGE:
            return siege_met(s, source.controller, n)
        return pack_met(s, source, n)
    return False


def siege_met(s: GameState, player: str, n: int) -> bool:
    """702.29a: n or more Entities the player controls have attacked a Haven this turn."""
    return s.known_player(player).siege_count >= n


def pack_met(s: GameState, source: Obj, n: int) -> bool:
    """702.44a: it is attacking alongside n or more other attacking Entities."""
    attacking = [a.attacker for a in s.attacks if s.objects[a.attacker].zone == "battlefield"]
    return source.id in attacking and len(attacking) - 1 >= n


def besiegers_of(s: GameState, player: str) -> set:
    """The Entities attacking a Haven `player` controls (303.5a: what a Terrain's approach reaches)."""
    out = set()
    for a in s.attacks:
        haven = s.objects.get(a.target)
        if haven is not None and haven.controller == player and card_type(s, haven) == "Haven":
            out.add(a.attacker)
    return out


def card_type(s: GameState, obj: Obj, card=None) -> str:
    """The object's card type after layer 4's type-changing effects (613.1d): the latest
    "becomes a [type]" (it replaces the printed type; kept on the object as it begins and ends,
    `retype`), else the printed one."""
    if obj.card_type is not None:
        return obj.card_type
    card = card or s.card(obj)
    return card.type if card else ""


def retype(s: GameState, oid: str) -> None:
    """Layer 4's card type for `oid` after its type-changing effects began or ended: the latest
    one's (modifiers are kept in timestamp order, 613.7), or the printed type when none is left."""
    kind = None
    for m in s.modifiers:
        if m.card_type is not None and m.obj == oid:
            kind = m.card_type
    if s.objects[oid].card_type != kind:
        s.edit(oid).card_type = kind


def covers(s: GameState, source: Obj, target: Obj, affects: str, card=None) -> bool:
    if affects == "self":
        return source.id == target.id
    if affects == "attached":
        return source.attached_to == target.id
    if affects == "own_sources":
        return target.controller == source.controller
    card = card or s.card(target)
    if card is None or "Entity" not in ((target.card_type,) if target.card_type else card.types):
        return False  # layer 4's result (613.1d); an Entity that bears another type too (300.2)
    if affects == "own_entities":
        return target.controller == source.controller
    if affects == "other_own_entities":
        return target.controller == source.controller and target.id != source.id
    if affects == "opponent_entities":
        return target.controller != source.controller
    if affects == "attacking_own_havens":
        return target.id in besiegers_of(s, source.controller)
    return affects == "each_entity"


_LAYER_OF = (
    ("add_subtypes", "4"),
    ("grant", "6"),
    ("remove", "6"),
    ("define", "7a"),
    ("set", "7b"),
    ("modify", "7c"),
    ("switch", "7d"),
)


def _plan(st: dict) -> tuple:
    """A static ability read once: (the static, its condition, what it affects, its filters,
    the (layer, key) pairs it acts in)."""
    filters = {k: st[k] for k in ("subtype", "with_keyword") if k in st}
    return st, st.get("while"), st.get("affects", "self"), filters, tuple((l, k) for k, l in _LAYER_OF if k in st)


def acting_layers(card) -> frozenset:
    """The layers the card's static abilities act in (613.1; a `control` static acts in layer 2)."""
    return frozenset(layer for st in card.statics for key, layer in (*_LAYER_OF, ("control", "2")) if key in st)


def static_sources(s: GameState) -> list[tuple[str, tuple]]:
    """(permanent, its static abilities read once) for each permanent whose card carries static
    abilities, in battlefield order (611.3). Derived once per battlefield: an object's card never
    changes, so only entering and leaving matter."""

    def find() -> list:
        return [
            (oid, tuple(_plan(st) for st in card.statics))
            for oid, card in s.permanents()
            if card is not None and card.statics
        ]

    return s.memo("static_sources", find)


def _layered_sources(s: GameState) -> list[tuple[str, tuple]]:
    """static_sources less the statics that act in no layer (a damage reduction, a cost change):
    the layers skip those, so they are dropped once per battlefield, as static_sources is derived."""

    def find() -> list:
        out = []
        for oid, plans in static_sources(s):
            layered = tuple(plan for plan in plans if plan[4])
            if layered:
                out.append((oid, layered))
        return out

    return s.memo("layered_sources", find)


def statics_of(s: GameState, kind: str):
    """(source object, static) for every functioning static of this kind (the key it carries)."""
    for oid, plans in static_sources(s):
        src = s.objects[oid]
        for st, when, *_ in plans:
            if kind in st and condition_holds(s, src, when):
                yield src, st


def defines_itself(st: dict) -> bool:
    """A characteristic-defining ability (604.3): a `define` that is the card's own, defines only
    it and is unconditional — it functions in every zone."""
    return "define" in st and st.get("affects", "self") == "self" and "while" not in st


def functioning(s: GameState) -> list[tuple[Obj, tuple, tuple]]:
    """(source, its layered statics whose condition holds now, their places among its statics)
    for each layered source: what every object's layers share (611.3a: a condition is the
    source's and the state's, never the affected object's)."""
    out = []
    objects = s.objects
    for oid, plans in _layered_sources(s):
        src = objects[oid]
        places = tuple(i for i, plan in enumerate(plans) if plan[1] is None or condition_holds(s, src, plan[1]))
        if places:
            out.append((src, tuple(plans[i] for i in places), places))
    return out


def modifiers_by_object(s: GameState) -> dict[str, tuple]:
    """The resolution effects on each object, in the state's order (613.7: timestamp order),
    less layer 2's, which is read as the object's controller (control.py)."""
    out: dict[str, list] = {}
    for m in s.modifiers:
        if m.layer != "2":
            out.setdefault(m.obj, []).append(m)
    return {oid: tuple(ms) for oid, ms in out.items()}


# What the layers make of an object, by everything they read, for as long as the battlefield
# stays (it lives in the state's memo, which forks share and a battlefield change drops). Sound
# because its key holds all that the result depends on, as values that cannot change: what the
# layers read of the object itself (_LAYER_READS and its Growth counters, read at each lookup:
# so a working object written in place, or drained and committed anew, is keyed by what it holds
# now), each functioning source, committed (a FrozenObj never changes: a write makes a new
# object, and the key keeps the old one alive), with the places of its statics whose condition
# holds now, and the object's resolution effects (frozen values, by identity: the entry keeps
# them). The card definitions are the game's, shared and frozen. Statics that read more of the
# state than their source and the object — a Terrain's besiegers (the attacks), a definition's
# count (the zones) — and an object off the battlefield (its own definition counts) are
# computed, never looked up.
_CACHE_LIMIT = 4096  # entries the cache may hold: dropped whole beyond it
# Every field of an object the layers read (s.card: card, face_down, guise; covers: id,
# controller, card_type; _effects_for: zone, timestamp), besides its Growth counters.
# tests/test_engine_layers_cache.py checks that no other field changes an answer.
_LAYER_READS = attrgetter("id", "card", "face_down", "guise", "controller", "card_type", "zone", "timestamp")
_READS_THE_STATE = frozenset({"attacking_own_havens"})


def _cache_key_part(sources: list) -> tuple | None:
    """The sources' part of a cache key, or None when some source is not committed or a
    functioning static reads more than its source and the object it affects."""
    part = []
    for src, plans, places in sources:
        if type(src) is not FrozenObj:
            return None
        for _, _, affects, _, acts in plans:
            if affects in _READS_THE_STATE or any(key == "define" for _, key in acts):
                return None
        part.append((src, places))
    return tuple(part)


_BY_THE_ROUND = frozenset({None, "night", "day"})  # conditions that read only the round (condition_holds)


def _functioning_keyed(s: GameState) -> tuple[list, tuple | None]:
    """(functioning(s), its cache key part), the last answer kept in the state's memo.

    Safe because the answer is a function of what the key holds, when every layered static's
    condition is none, Night or Day: the layered sources and their statics (the memo is the
    battlefield's: entering or leaving drops it, this entry with the rest), each source object
    (by identity: the answer holds the object itself, and a condition by the round reads nothing
    of it), and the round (condition_holds reads only s.round_index for these). Only an answer
    whose sources are all committed is kept (a FrozenObj never changes, nor becomes working
    again), so its key part is the one _cache_key_part makes. A static with another condition
    (Siege, Pack: a player's tally, the attacks) is computed every time.
    tests/test_engine_layers_cache.py checks the kept answer against a fresh one over random play."""
    memo = s._memo
    kept = memo.get("functioning")
    objects = s.objects
    if kept is not None:
        round_index, ids, srcs, answer = kept
        if round_index == s.round_index and all(map(is_, map(objects.__getitem__, ids), srcs)):
            return answer
    layered = _layered_sources(s)
    sources = functioning(s)
    key = _cache_key_part(sources)
    if key is not None and all(when in _BY_THE_ROUND for _, plans in layered for _, when, *_ in plans):
        ids = tuple(oid for oid, _ in layered)
        srcs = tuple(objects[oid] for oid in ids)
        if all(type(src) is FrozenObj for src in srcs):
            memo["functioning"] = (s.round_index, ids, srcs, (sources, key))
    return sources, key


class Sweep:
    """compute() for many objects of one state that does not change while they are read (a
    state-based check reads every permanent, 704.3): the functioning statics and the resolution
    effects by object are read once, at the first object, instead of once per object; a
    committed object's result is looked up when the same inputs were computed before. Use one
    only while nothing writes to the state; the results are exactly compute()'s."""

    __slots__ = ("s", "_sources", "_modifiers", "_key", "_cache")
    _modifiers: dict  # set by shared(), as _key and _cache are
    _key: tuple | None
    _cache: dict[tuple, tuple] | None  # (the object's reads, the key part, ...) -> (values, modifiers)

    def __init__(self, s: GameState) -> None:
        self.s = s
        self._sources: list | None = None

    def compute(self, obj: Obj) -> Chars:
        attack, vigor, keywords_borne, subtypes = self.values(obj)
        return Chars(attack, vigor, list(keywords_borne), list(subtypes))  # the caller's own lists

    def shared(self) -> tuple[tuple | None, dict]:
        """What every object's layers share, read once: (the functioning statics as a cache key
        part, None when they cannot be keyed; the resolution effects by object)."""
        if self._sources is None:
            s = self.s
            self._sources, self._key = _functioning_keyed(s)
            self._modifiers = modifiers_by_object(s) if s.modifiers else {}
            self._cache = s.memo("layered_chars", dict) if self._key is not None else None
        return self._key, self._modifiers

    def values(self, obj: Obj) -> tuple[int, int, tuple, tuple]:
        """compute()'s result as values: (attack, vigor, keywords, subtypes)."""
        s = self.s
        sources = self._sources
        if sources is None:
            self.shared()
            sources = self._sources
            assert sources is not None, "shared() read the functioning statics"
        modifiers = self._modifiers.get(obj.id, ())
        if self._cache is None or obj.zone != "battlefield":
            return _as_values(_through_layers(s, obj, sources, modifiers))
        # the object by what the layers read of it; the modifiers by identity: the entry keeps
        # them, so no id is reused while it stands
        reads = (_LAYER_READS(obj), obj.counters.get("growth", 0))
        key = (reads, self._key, *map(id, modifiers)) if modifiers else (reads, self._key)
        found = self._cache.get(key)
        if found is None:
            if len(self._cache) >= _CACHE_LIMIT:
                self._cache.clear()
            found = self._cache[key] = (_as_values(_through_layers(s, obj, sources, modifiers)), modifiers)
        return found[0]


def _as_values(chars: Chars) -> tuple[int, int, tuple, tuple]:
    return chars.attack, chars.vigor, tuple(chars.keywords), tuple(chars.subtypes)


def _effects_for(s: GameState, obj: Obj, card, sources: list, modifiers) -> list[_Layered]:
    out: list[_Layered] = []
    if obj.zone != "battlefield" and card is not None and card.statics:  # on the battlefield it is a source below
        out += [
            _Layered("7a", obj.timestamp, "define", st["define"], {}, obj) for st in card.statics if defines_itself(st)
        ]
    for src, plans, _ in sources:
        for st, _, affects, filters, layers in plans:
            if not covers(s, src, obj, affects, card):
                continue
            for layer, key in layers:
                out.append(_Layered(layer, src.timestamp, key, st[key], filters, src))
    for m in modifiers:
        if m.layer == "4":
            out.append(_Layered("4", m.timestamp, "add_subtypes", list(m.subtypes), {}))
        elif m.layer == "6":
            if m.keywords:
                out.append(_Layered("6", m.timestamp, "grant", list(m.keywords), {}))
            if m.loses:
                out.append(_Layered("6", m.timestamp, "remove", list(m.loses), {}))
        elif m.layer == "7b":
            out.append(_Layered("7b", m.timestamp, "set", {"attack": m.attack, "vigor": m.vigor}, {}))
        elif m.layer == "7d":
            out.append(_Layered("7d", m.timestamp, "switch", True, {}))
        else:
            out.append(_Layered("7c", m.timestamp, "modify", {"attack": m.attack or 0, "vigor": m.vigor or 0}, {}))
    return out


def _matches(e: _Layered, chars: Chars) -> bool:
    if "subtype" in e.filters and e.filters["subtype"] not in chars.subtypes:
        return False
    if "with_keyword" in e.filters and not any(k.split(" ")[0] == e.filters["with_keyword"] for k in chars.keywords):
        return False
    return True


def _touches(e: _Layered) -> set:
    return {k.split(" ")[0] for k in e.value} if e.key in ("grant", "remove") else set()


def _layer6_order(effects: list[_Layered]) -> list[_Layered]:
    """613.8: an effect whose reach depends on a keyword waits for the effects that grant or
    remove that keyword; otherwise (and in a loop) timestamp order, 613.7."""
    left = sorted(effects, key=lambda e: e.timestamp)
    ordered = []
    while left:

        def blocked(e):
            kw = e.filters.get("with_keyword")
            return kw is not None and any(
                o is not e and kw in _touches(o) and (o.filters.get("with_keyword") not in _touches(e)) for o in left
            )

        free = [e for e in left if not blocked(e)]
        pick = free[0] if free else left[0]
        ordered.append(pick)
        left.remove(pick)
    return ordered


def _count(s: GameState, src: Obj, what) -> int:
    if isinstance(what, int):
        return what
    p = s.known_player(src.controller)
    if what == "spoils":
        return len(p.spoils)
    if what == "hand":
        return len(p.hand)
    if what == "entities":
        return sum(
            1
            for o in s.battlefield
            if s.objects[o].controller == p.name and getattr(s.card(s.objects[o]), "type", "") == "Entity"
        )
    return 0


def _timestamp(e: _Layered) -> int:
    return e.timestamp


def compute(s: GameState, obj: Obj) -> Chars:
    """The object's characteristics now, through the layers (613.1)."""
    return Sweep(s).compute(obj)


def _through_layers(s: GameState, obj: Obj, sources: list, modifiers) -> Chars:
    card = s.card(obj)
    if card is None:
        chars = Chars(0, 0, [], [])
    else:
        chars = Chars(
            card.attack if card.attack is not None else 0,
            card.vigor if card.vigor is not None else 0,
            list(card.keywords),
            list(card.subtypes),
        )
    effects = _effects_for(s, obj, card, sources, modifiers)
    growth = obj.counters.get("growth", 0)  # counters are 7c modifications (613.4c)
    if not effects and not growth:
        return chars
    by_layer: dict[str, list] = {}
    for e in effects:
        by_layer.setdefault(e.layer, []).append(e)
    for group in by_layer.values():
        if len(group) > 1:
            group.sort(key=_timestamp)  # 613.7: within a layer, in timestamp order (stable, as one sort of all)
    for e in by_layer.get("4", ()):
        if not e.filters or _matches(e, chars):
            chars.subtypes += [t for t in e.value if t not in chars.subtypes]
    if "6" in by_layer:
        for e in _layer6_order(by_layer["6"]):
            if e.filters and not _matches(e, chars):
                continue
            if e.key == "grant":
                for kw in e.value:
                    if kw not in chars.keywords:
                        chars.keywords.append(kw)
            else:
                for kw in e.value:
                    chars.keywords = [k for k in chars.keywords if k.split(" ")[0] != kw]
    for e in by_layer.get("7a", ()):
        d = e.value
        if "attack" in d:
            chars.attack = _count(s, e.source, d["attack"])
        if "vigor" in d:
            chars.vigor = _count(s, e.source, d["vigor"])
    for e in by_layer.get("7b", ()):
        if not e.filters or _matches(e, chars):
            if e.value.get("attack") is not None:
                chars.attack = e.value["attack"]
            if e.value.get("vigor") is not None:
                chars.vigor = e.value["vigor"]
    chars.attack += growth
    chars.vigor += growth
    for e in by_layer.get("7c", ()):
        if not e.filters or _matches(e, chars):
            chars.attack += e.value.get("attack", 0) or 0
            chars.vigor += e.value.get("vigor", 0) or 0
    for e in by_layer.get("7d", ()):
        if not e.filters or _matches(e, chars):
            chars.attack, chars.vigor = chars.vigor, chars.attack
    return chars
