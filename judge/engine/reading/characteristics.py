"""Computed characteristics: Attack, Vigor, keywords and subtypes through the layers
(613, judge/engine/reading/layers.py), Defense, binding."""

from __future__ import annotations

from judge.engine.core.keywords import value as parameter_value
from judge.engine.core.state import GameState, Obj
from judge.engine.reading import layers


def attack(s: GameState, obj: Obj) -> int:
    return layers.compute(s, obj).attack


def vigor(s: GameState, obj: Obj) -> int:
    return layers.compute(s, obj).vigor


def keywords(s: GameState, obj: Obj) -> list[str]:
    return layers.compute(s, obj).keywords


def subtypes(s: GameState, obj: Obj) -> list[str]:
    return layers.compute(s, obj).subtypes


def keyword_value(s: GameState, obj: Obj, keyword: str) -> str | None:
    """ "" for a bare keyword, its parameter as the code reads it ("Kaelite" of "Sanctity from
    Kaelite", "3" of "Siege 3"), None when absent."""
    return value_among(layers.Sweep(s).values(obj)[2], keyword)  # keywords(), without copying them into a list


def value_among(keywords_borne, keyword: str) -> str | None:
    """keyword_value on an object's computed keywords (layers.compute's, read once)."""
    for kw in keywords_borne:
        head, _, rest = kw.partition(" ")
        if head == keyword:
            return parameter_value(head, rest.strip())
    return None


def defense(s: GameState, obj: Obj) -> int:
    """A Haven's remaining Defense: printed Defense less its damage counters (120.3d, 310.4), plus
    2 for each immured Entity still on the battlefield whose shadow it holds (702.47b)."""
    card = s.known_card(obj)
    held = sum(2 for m in obj.marks if m.startswith("holds:") and _immured(s, m[6:], obj.id)) if obj.marks else 0
    return (card.defense or 0) - obj.damage + held


def _immured(s: GameState, entity: str, haven: str) -> bool:
    body = s.objects.get(entity)
    return body is not None and body.zone == "battlefield" and f"immured:{haven}" in body.marks


def has(s: GameState, obj: Obj, keyword: str) -> bool:
    return keyword_value(s, obj, keyword) is not None


def qualities(s: GameState, obj: Obj) -> set[str]:
    """What a "from [quality]" keyword can name (702.15a): lineage, type, subtypes, name."""
    card = s.card(obj)
    if card is None:
        return set()
    return {q for q in (card.lineage, ctype(s, obj), card.name, *subtypes(s, obj)) if q}


def ctype(s: GameState, obj: Obj) -> str:
    """The card type, after type-changing effects (613.1d; layers.card_type, inlined: it is read
    for every permanent at every check)."""
    if obj.card_type is not None:
        return obj.card_type
    card = s.card(obj)  # a face-down permanent's guise (708.2)
    return card.type if card else ""


def is_entity(s: GameState, obj: Obj) -> bool:
    if obj.card_type is not None:  # a type-changing effect replaced every type it bore (613.1d)
        return obj.card_type == "Entity"
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


def can_arm(s: GameState, weapon: Obj, host: Obj | None, controller: str | None = None) -> bool:
    """A Weapon arms an Entity on the battlefield, never itself (301.5b–c); Wield's target is one
    its controller controls (702.18a)."""
    return (
        host is not None
        and host.id != weapon.id
        and host.zone == "battlefield"
        and is_entity(s, host)
        and (controller is None or host.controller == controller)
    )


def legal_host(s: GameState, item: Obj, host: Obj | None) -> bool:
    """Whether the Weapon or Ritual `item` may be (or stay) attached to `host` (701.4a, 301.5b,
    702.19a: a Ritual to what its target names, an Entity unless it says otherwise)."""
    card = s.card(item)
    if host is None or host.zone != "battlefield":
        return False
    if card is not None and ctype(s, item) == "Weapon":
        return can_arm(s, item, host)
    kind = card.targets[0]["kind"] if card is not None and card.targets else "Entity"
    return kind == "permanent" or ctype(s, host) == kind
