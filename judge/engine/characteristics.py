"""Computed characteristics: Attack and Vigor through layer 7 (613.4), keywords, Defense."""
from __future__ import annotations

from judge.engine.state import GameState, Obj


def attack(s: GameState, obj: Obj) -> int:
    card = s.card(obj)
    base = card.attack if card and card.attack is not None else 0
    return base + obj.counters.get("growth", 0) + sum(m.attack for m in s.modifiers if m.obj == obj.id)


def vigor(s: GameState, obj: Obj) -> int:
    card = s.card(obj)
    base = card.vigor if card and card.vigor is not None else 0
    return base + obj.counters.get("growth", 0) + sum(m.vigor for m in s.modifiers if m.obj == obj.id)


def defense(s: GameState, obj: Obj) -> int:
    """A Haven's remaining Defense: printed Defense less its damage counters (120.3d, 310.4)."""
    card = s.card(obj)
    return (card.defense or 0) - obj.damage


def has(s: GameState, obj: Obj, keyword: str) -> bool:
    card = s.card(obj)
    return bool(card and card.has(keyword))


def ctype(s: GameState, obj: Obj) -> str:
    card = s.card(obj)
    return card.type if card else ""


def is_entity(s: GameState, obj: Obj) -> bool:
    return ctype(s, obj) == "Entity"


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
