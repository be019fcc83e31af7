"""What dealt damage does (120): counters on Entities and Havens, Vitae loss for a Master;
Venom and Feed noted for later checks (702.5a, 702.6a). The damage event reaches this module
already rewritten by the replacement and prevention effects watching it (perform.deal_damage)."""

from __future__ import annotations

from judge.engine.core import keywords
from judge.engine.core.events import event
from judge.engine.core.state import GameState
from judge.engine.performing.proposals import Hit
from judge.engine.reading import characteristics as ch
from judge.engine.triggered import triggers
from judge.replay_words import counted

VENOM = keywords.implements("Venom", "702.6")
FEED = keywords.implements("Feed", "702.5")
DEATHLESS = keywords.implements("Deathless", "702.12")


def carry_out(s: GameState, hit: Hit, log: list) -> None:
    recipient, amount, source, combat = hit.recipient, hit.amount, hit.source, hit.combat
    if amount <= 0:
        if hit.prevented:
            log.append(
                event(
                    f"all {hit.prevented} damage from {_name(s, source)} was prevented: it is never dealt, "
                    f"and nothing triggers on it",
                    "603.2e",
                    "615.1",
                )
            )
        return  # a 0-damage event does not happen (120.6)
    hit.dealt = amount
    if source in s.objects:
        triggers.fire(s, "deals_damage", source)  # it was dealt (603.2e: a prevented event triggers nothing)
    src = s.objects.get(source) if source else None
    src_name = s.known_card(src).name if src else "an effect"
    player = s.player(recipient)
    extra = ("510.3",) if combat else ()
    if player is not None:
        player.vitae -= amount
        log.append(
            event(
                f"{src_name} deals {amount} damage to {player.name}'s Master: Vitae {player.vitae} "
                f"(damage is not spending: no tax)",
                "120.3a",
                "119.4c",
                "311.5",
                *(("510.3b", "311.6") if combat else ()),
                *extra,
            )
        )
    else:
        obj = s.edit(recipient)
        kind = ch.ctype(s, obj)
        obj.damage += amount
        name = s.known_card(obj).name
        if kind == "Haven":
            log.append(
                event(
                    f"{src_name} deals {amount} damage to {name}: {counted(obj.damage, 'damage counter')}, "
                    f"Defense {ch.defense(s, obj)}",
                    "120.3d",
                    *(("510.3c",) if combat else ()),
                )
            )
        elif kind == "Companion":
            log.append(
                event(
                    f"{src_name} deals {amount} damage to {name}: it loses {amount} Vigor",
                    "120.3c",
                    *(("510.3d",) if combat else ()),
                )
            )
        else:
            vigor = ch.vigor(s, obj)
            venom = src is not None and ch.has(s, src, VENOM)
            lethal = venom or obj.damage >= vigor
            spared = lethal and ch.has(s, obj, DEATHLESS)
            log.append(
                event(
                    f"{src_name} deals {amount} damage to {name}: {counted(obj.damage, 'damage counter')} "
                    f"against Vigor {vigor}"
                    + (" from a Venom source" if venom else "")
                    + ("; it has Deathless and will not be destroyed" if spared else ""),
                    "120.3b",
                    *(("510.3a",) if combat else ()),
                    *(("702.6a",) if venom else ()),
                    *(("702.12a",) if spared else ()),
                )
            )
            if venom:
                obj.venom_hit = True
            if src is not None and (obj.venom_hit or obj.damage >= vigor):
                obj.undertaker = src.controller  # whose damage is lethal to it: the rites are theirs (709.2)
    if src is not None and ch.has(s, src, FEED):
        owner = s.known_player(src.controller)
        gained = max(0, min(amount, owner.cap - owner.vitae))
        owner.vitae += gained
        log.append(event(f"Feed: {owner.name}'s Master recovers {gained} Vitae ({owner.vitae})", "702.5a", "510.5"))


def _name(s: GameState, source: str | None) -> str:
    obj = s.objects.get(source) if source else None
    return s.known_card(obj).name if obj is not None and s.card(obj) else "an effect"
