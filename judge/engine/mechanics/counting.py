"""Count counters (702.45, 122.2j): Scatter N puts N on the attacking Entity its Trap is sprung at
(or its spell confronts) and removes that Entity from combat; while it bears any it can neither
attack nor block; one comes off each Entity at every advance of the world cycle (703.4s)."""

from __future__ import annotations

from judge.engine.core import keywords
from judge.engine.core.events import event
from judge.engine.core.state import GameState
from judge.engine.performing import control
from judge.engine.reading import characteristics as ch
from judge.replay_words import counted

SCATTER = keywords.implements("Scatter", "702.45", "number")


def scatter(s: GameState, card, oid: str, log: list) -> None:
    """The source `card` with Scatter N confronts the Entity `oid` (702.45a)."""
    value = card.keyword_value(SCATTER) if card is not None else None
    obj = s.objects.get(oid)
    if value is None or obj is None or obj.zone != "battlefield" or not ch.is_entity(s, obj):
        return
    fighting = any(a.attacker == oid or oid in a.blockers for a in s.attacks)
    if not fighting:
        return
    n = keywords.number(SCATTER, value)
    edited = s.edit(oid)
    edited.counters["count"] = edited.counters.get("count", 0) + n
    control.remove_from_combat(s, oid)
    log.append(
        event(
            f"{card.name}'s Scatter {n}: {s.known_card(obj).name} must count — {counted(n, 'count counter')}, and it is "
            f"removed from combat (its attack ends; it deals no damage)",
            "702.45a",
            "122.2j",
            "506.6",
        )
    )


def counting(s: GameState, obj) -> bool:
    return obj.counters.get("count", 0) > 0


def ebb(s: GameState, log: list) -> None:
    """703.4s, 702.45c: as the world cycle advances, one count counter leaves each Entity with any."""
    eased = []
    objects = s.objects
    for oid in s.battlefield:
        obj = objects[oid]
        if obj.counters and obj.counters.get("count", 0):
            edited = s.edit(oid)
            edited.counters["count"] -= 1
            if not edited.counters["count"]:
                del edited.counters["count"]
            eased.append(s.known_card(obj).name)
    if eased:
        log.append(
            event(
                f"the counting ebbs with the turning sky: one count counter leaves {', '.join(eased)}",
                "703.4s",
                "702.45c",
            )
        )
