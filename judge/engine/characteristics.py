"""Computed characteristics: Attack, Vigor, keywords and subtypes through the layers
(613, judge/engine/layers.py), Defense, binding."""
from __future__ import annotations

from judge.engine import layers
from judge.engine.state import GameState, Obj


def attack(s: GameState, obj: Obj) -> int:
    return layers.compute(s, obj).attack


def vigor(s: GameState, obj: Obj) -> int:
    return layers.compute(s, obj).vigor


def keywords(s: GameState, obj: Obj) -> list[str]:
    return layers.compute(s, obj).keywords


def subtypes(s: GameState, obj: Obj) -> list[str]:
    return layers.compute(s, obj).subtypes


def keyword_value(s: GameState, obj: Obj, keyword: str) -> str | None:
    """"" for a bare keyword, its parameter ("Kaelite" of "Sanctity Kaelite"), None when absent."""
    for kw in keywords(s, obj):
        head, _, rest = kw.partition(" ")
        if head == keyword:
            return rest
    return None


def defense(s: GameState, obj: Obj) -> int:
    """A Haven's remaining Defense: printed Defense less its damage counters (120.3d, 310.4)."""
    card = s.card(obj)
    return (card.defense or 0) - obj.damage


def has(s: GameState, obj: Obj, keyword: str) -> bool:
    return keyword_value(s, obj, keyword) is not None


def qualities(s: GameState, obj: Obj) -> set[str]:
    """What a "from [quality]" keyword can name (702.15a): lineage, type, subtypes, name."""
    card = s.card(obj)
    if card is None:
        return set()
    return {q for q in (card.lineage, card.type, card.name, *subtypes(s, obj)) if q}


def ctype(s: GameState, obj: Obj) -> str:
    card = s.card(obj)
    return card.type if card else ""


def is_entity(s: GameState, obj: Obj) -> bool:
    card = s.card(obj)
    return card is not None and "Entity" in card.types  # an Entity that is also a Relic too (300.2)


def lethal(s: GameState, obj: Obj, venom: bool = False) -> int:
    """Damage that is lethal to a blocker now: counts its damage counters; Venom makes 1 enough (510.2c)."""
    remaining = max(0, vigor(s, obj) - obj.damage)
    return min(1, remaining) if venom else remaining


def can_act_now(s: GameState, obj: Obj) -> bool:
    """Binding (601.3d, 731.4a): night-bound cards act only at Night, day-bound only by Day."""
    card = s.card(obj)
    binding = card.binding if card else "unbound"
    if binding == "night":
        return not s.is_day
    if binding == "day":
        return s.is_day
    return True
