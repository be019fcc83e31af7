"""Attaching (701.4): Wield, the activated attaching of a Weapon (702.18a, 505.6), and the
attach instruction it and other effects carry out. A Weapon spell enters unattached (301.5);
its controller wields it onto an Entity they control at non-Power speed by paying its Wield
cost. Only the Weapon's controller may activate it, whoever controls its wielder (301.5d).
"""

from __future__ import annotations

from judge.cards.model import Cost, Effect
from judge.engine.checks import priority
from judge.engine.core import keywords
from judge.engine.core.errors import Refused
from judge.engine.core.events import event
from judge.engine.core.state import GameState, StackItem
from judge.engine.performing import costs
from judge.engine.reading import characteristics as ch

WIELD = keywords.implements("Wield", "702.18", "cost")

_ATTACH = (Effect("attach", {"to": "target"}),)


def wield(s: GameState, player: str, weapon: str, entity: str, log: list) -> None:
    priority.require(s, player)
    obj = s.objects[weapon]
    card = s.card(obj)
    name = card.name if card else weapon
    if obj.zone != "battlefield" or card is None or card.type != "Weapon" or not ch.has(s, obj, WIELD):
        raise Refused(f"{name} is not a Weapon with Wield on the battlefield", "702.18a", "301.5")
    if obj.controller != player:
        raise Refused(
            f"{name} is {obj.controller}'s: only a Weapon's controller may activate its Wield, whoever "
            f"controls its wielder",
            "301.5d",
            "702.18a",
            "602.3",
        )
    if not (s.active == player and s.in_main_phase() and not s.stack):
        raise Refused(
            "Wield is activated only at non-Power speed: its controller's main phase, empty stack", "702.18a", "505.6"
        )
    if not ch.can_act_now(s, obj):
        raise Refused(f"{name}'s binding forbids activating it in {s.round_name}", "731.4a")
    host = s.objects.get(entity)
    if not ch.can_arm(s, obj, host, player):
        raise Refused(
            f"{s.known_card(host).name if host else entity} is not an Entity {player} controls",
            "702.18a",
            "301.5b",
            "601.2c",
        )
    assert host is not None, "can_arm found the host on the battlefield"
    # the card was checked at load: Wield carries its cost (207.3, support.py)
    wield = ch.keyword_value(s, obj, WIELD)
    assert wield is not None, "a Weapon without Wield was refused above"
    price = keywords.number(WIELD, wield)
    costs.pay(s, s.known_player(player), Cost(vitae=price), log, what=f"{name}'s Wield", cites=("702.18a",))
    s.stack.append(
        StackItem(
            "ability",
            player,
            source=weapon,
            effects=_ATTACH,
            targets=(entity,),
            label=f"{name}'s Wield",
            uid=s.next_uid,
            cites=("702.18a",),
        )
    )
    s.next_uid += 1
    log.append(
        event(f"{player} activates {name}'s Wield targeting {s.known_card(host).name}", "702.18a", "602.3", "505.6")
    )
    priority.back(s, player, log, "117.3a")


def attach(s: GameState, oid: str | None, host: str, controller: str, log: list) -> None:
    """Attach the Weapon or Ritual `oid` to `host` (701.4a): it does not move if it may not."""
    obj = s.objects.get(oid) if oid is not None else None
    target = s.objects.get(host)
    card = s.card(obj) if obj else None
    if card is not None and card.type not in ("Weapon", "Ritual", "Power"):  # 701.4a-b: only these attach
        log.append(event(f"{card.name} is a {card.type}, not a Weapon or Ritual: nothing is attached", "701.4a"))
        return
    if oid is None or obj is None or obj.zone != "battlefield" or card is None:
        log.append(event("the object to attach has left the battlefield: nothing is attached", "701.4a"))
        return
    wielding = card.type == "Weapon"
    if target is None or not ch.legal_host(s, obj, target) or (wielding and target.controller != controller):
        log.append(
            event(
                f"{card.name} cannot be attached to {s.known_card(target).name if target else host}: it does not move",
                "701.4a",
                *(("702.18a",) if wielding else ()),
            )
        )
        return
    moved = obj.attached_to not in (None, host)
    edited = s.edit(oid)
    edited.attached_to = host
    if moved:  # attaching an attached object elsewhere gives it a new timestamp (701.4c)
        edited.timestamp = s.next_ts
        s.next_ts += 1
    log.append(
        event(
            f"{card.name} is attached to {s.known_card(target).name}" + (" (it wields it)" if wielding else ""),
            "701.4a",
            *(("701.4b", "702.18a", "301.5a") if wielding else ()),
            *(("701.4c",) if moved else ()),
        )
    )
