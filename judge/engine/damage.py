"""Dealing damage (120): counters on Entities and Havens, Vitae loss for a Master, after the
replacement and prevention effects watching the event (614–616, judge/engine/replacement.py);
Venom and Feed noted for later checks (702.5a, 702.6a)."""
from __future__ import annotations

from judge.engine import characteristics as ch
from judge.engine import replacement
from judge.engine.events import event
from judge.engine.state import GameState


def deal(s: GameState, source: str | None, recipient: str, amount: int, log: list, combat: bool = False,
         unpreventable: bool = False) -> tuple[str, int]:
    """Deal `amount` damage from object `source` to an object id or a player name. Returns
    (the recipient it was finally dealt to, the amount dealt)."""
    hit = replacement.damage(s, replacement.Hit(source, recipient, amount, combat, unpreventable), log)
    recipient, amount = hit.recipient, hit.amount
    if amount <= 0:
        return recipient, 0  # a 0-damage event does not happen (120.6)
    src = s.objects.get(source) if source else None
    src_name = s.card(src).name if src else "an effect"
    player = s.player(recipient)
    extra = ("510.3",) if combat else ()
    if player is not None:
        player.vitae -= amount
        log.append(event(f"{src_name} deals {amount} damage to {player.name}'s Master: Vitae {player.vitae} "
                         f"(damage is not spending: no tax)", "120.3a", "119.4c",
                         *(("510.3b",) if combat else ()), *extra))
    else:
        obj = s.objects[recipient]
        kind = ch.ctype(s, obj)
        obj.damage += amount
        name = s.card(obj).name
        if kind == "Haven":
            log.append(event(f"{src_name} deals {amount} damage to {name}: {obj.damage} damage counter(s), "
                             f"Defense {ch.defense(s, obj)}", "120.3d", *(("510.3c",) if combat else ())))
        elif kind == "Companion":
            log.append(event(f"{src_name} deals {amount} damage to {name}: it loses {amount} Vigor",
                             "120.3c", *(("510.3d",) if combat else ())))
        else:
            log.append(event(f"{src_name} deals {amount} damage to {name}: {obj.damage} damage counter(s) "
                             f"against Vigor {ch.vigor(s, obj)}", "120.3b", *(("510.3a",) if combat else ())))
            if src is not None and ch.has(s, src, "Venom"):
                obj.venom_hit = True
    if src is not None and ch.has(s, src, "Feed"):
        owner = s.player(src.controller)
        gained = max(0, min(amount, owner.cap - owner.vitae))
        owner.vitae += gained
        log.append(event(f"Feed: {owner.name}'s Master recovers {gained} Vitae ({owner.vitae})", "702.5a", "510.5"))
    return recipient, amount
