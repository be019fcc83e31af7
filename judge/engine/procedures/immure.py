"""Immure (702.47): a Haven's activated ability — pay its cost and choose an Entity you control:
its shadow is sealed into the Haven. The Entity becomes shadowless (a designation, the mark
"shadowless"); while it stays on the battlefield the Haven has +2 Defense (characteristics.defense
reads the Haven's mark "holds:ID"); at the beginning of each Day round every shadowless Entity
gets a decay counter (702.47c), and decay counters rot its Vigor at each upkeep (122.2f)."""

from __future__ import annotations

from judge.cards.model import Cost, Effect
from judge.engine.checks import priority
from judge.engine.core import keywords
from judge.engine.core.errors import Refused
from judge.engine.core.events import event
from judge.engine.core.state import GameState, StackItem
from judge.engine.performing import costs
from judge.engine.reading import characteristics as ch

IMMURE = keywords.implements("Immure", "702.47", "cost")

_SEAL = (Effect("immure", {"to": "target"}),)


def activate(s: GameState, player: str, haven: str, entity: str, log: list) -> None:
    priority.require(s, player)
    wall = s.objects[haven]
    card = s.card(wall)
    if wall.zone != "battlefield" or wall.controller != player or ch.ctype(s, wall) != "Haven":
        raise Refused(f"{card.name if card else haven} is not a Haven {player} controls", "702.47a", "602.3")
    assert card is not None, "a Haven on the battlefield is a known card"
    price = ch.keyword_value(s, wall, IMMURE)
    if price is None:
        raise Refused(f"{card.name} has no Immure", "702.47a")
    if not ch.can_act_now(s, wall):
        raise Refused(f"{card.name}'s binding forbids activating it in {s.round_name}", "731.4a")
    body = s.objects.get(entity)
    if body is None or body.zone != "battlefield" or body.controller != player or not ch.is_entity(s, body):
        raise Refused(f"{s.known_card(body).name if body else entity} is not an Entity {player} controls", "702.47a")
    if "shadowless" in body.marks:
        raise Refused(f"{s.known_card(body).name} is already shadowless", "702.47a")
    costs.pay(
        s,
        s.known_player(player),
        Cost(vitae=keywords.number(IMMURE, price)),
        log,
        what=f"{card.name}'s Immure",
        cites=("702.47a",),
    )
    s.stack.append(
        StackItem(
            "ability",
            player,
            source=haven,
            effects=_SEAL,
            targets=(entity,),
            label=f"{card.name}'s Immure",
            uid=s.next_uid,
            cites=("702.47a",),
        )
    )
    s.next_uid += 1
    log.append(
        event(
            f"{player} activates {card.name}'s Immure, choosing {s.known_card(body).name} (part of the cost)",
            "702.47a",
            "602.3",
        )
    )
    priority.back(s, player, log, "117.3a")


def seal(s: GameState, haven: str | None, entity: str, log: list) -> None:
    """The shadow of `entity` is sealed into `haven` (702.47a): both must still be on the battlefield."""
    wall, body = s.objects.get(haven) if haven else None, s.objects.get(entity)
    if (
        haven is None
        or wall is None
        or body is None
        or wall.zone != "battlefield"
        or body.zone != "battlefield"
        or ch.ctype(s, wall) != "Haven"
        or not ch.is_entity(s, body)
    ):
        log.append(event("the Haven or the Entity has left the battlefield: no shadow is sealed", "702.47a", "608.3"))
        return
    s.edit(entity).marks = body.marks + ("shadowless", f"immured:{haven}")
    s.edit(haven).marks = wall.marks + (f"holds:{entity}",)
    log.append(
        event(
            f"{s.known_card(body).name}'s shadow is sealed into {s.known_card(wall).name}: it is shadowless, and the "
            f"Haven has +2 Defense while it remains ({ch.defense(s, s.objects[haven])})",
            "702.47a",
            "702.47b",
        )
    )


def wither(s: GameState, log: list) -> None:
    """702.47c: at the beginning of each Day round, a decay counter on each shadowless Entity."""
    withered = []
    for oid in s.battlefield:
        obj = s.objects[oid]
        if "shadowless" in obj.marks and ch.is_entity(s, obj):
            edited = s.edit(oid)
            edited.counters["decay"] = edited.counters.get("decay", 0) + 1
            withered.append(s.known_card(obj).name)
    if withered:
        log.append(event(f"the shadowless wither: a decay counter on {', '.join(withered)}", "702.47c", "122.2f"))
