"""Using an Entity or permanent a player controls on the battlefield: draining or sacrificing an
Entity as a field source (106.5c–d), and activating an ability (602) — both bound by what a newly
turned Entity may not be drained for (106.5c, 602.4c, policy C2). Casting a spell is casting.py's;
what may be targeted, and a target's name, targeting.py's."""

from __future__ import annotations

from judge.engine.checks import priority
from judge.engine.core import keywords
from judge.engine.core.errors import Refused
from judge.engine.core.events import event
from judge.engine.core.state import GameState, StackItem
from judge.engine.instructions import effects
from judge.engine.performing import costs, perform
from judge.engine.procedures import zone_abilities
from judge.engine.reading import characteristics as ch
from judge.engine.reading.targeting import is_legal, protection, target_name, threshold_rule
from judge.engine.triggered import triggers

BLOODLUST = keywords.implements("Bloodlust", "702.9")


def _field_check(s: GameState, player: str, oid: str, what: str) -> None:
    priority.require(s, player)
    obj = s.objects[oid]
    name = s.known_card(obj).name
    if obj.zone != "battlefield" or obj.controller != player or not ch.is_entity(s, obj):
        raise Refused(f"{name} is not an Entity {player} controls", "106.5c")
    if not (s.active == player and s.in_main_phase()) and s.policies.reading("C1") == "106.5c":
        raise Refused(
            f"field sources are special actions of the player's own main phase only {s.policies.note('C1')}",
            *s.policies.rules("C1"),
            policy="C1",
        )


def _newly_turned_for_vitae(s: GameState, obj, refusal: str) -> tuple:
    """106.5c's last sentence: a newly turned Entity can't be drained for Vitae — by the field
    drain or by a drain-this Vitae ability — unless it has Bloodlust (110.5d, 701.11c). Policy C2
    (drain costs) has no say here. Returns the rules an allowed drain cites for it."""
    if not (ch.is_entity(s, obj) and obj.newly_turned):
        return ()
    if ch.has(s, obj, BLOODLUST):
        return ("702.9a", "110.5d")  # Bloodlust lifts the restriction
    raise Refused(refusal, "106.5c", "110.5d", "701.11c")


def _newly_turned_drain_cost(s: GameState, obj, name: str) -> tuple:
    """A drain-this cost of an ability that is not a Vitae ability, on a newly turned Entity:
    policy C2 decides (602.4c forbids it, 701.11c allows it). Returns the rules an allowed drain
    cites for it."""
    if not (ch.is_entity(s, obj) and obj.newly_turned):
        return ()
    if ch.has(s, obj, BLOODLUST):
        return ("702.9a", "602.4c")
    if s.policies.reading("C2") == "602.4c":
        raise Refused(
            f"{name} is newly turned: its drain-this ability can't be activated {s.policies.note('C2')}",
            *s.policies.rules("C2"),
            policy="C2",
        )
    return ("701.11c", *s.policies.rules("C2"))


def field_drain(s: GameState, player: str, oid: str, log: list) -> None:
    _field_check(s, player, oid, "drain")
    obj = s.objects[oid]
    card = s.known_card(obj)
    if obj.drained:
        raise Refused(f"{card.name} is already drained", "106.5c", "701.11a")
    lifted = _newly_turned_for_vitae(s, obj, f"{card.name} is newly turned and can't be drained for Vitae")
    p = s.known_player(player)
    s.edit(oid).drained = True
    perform.add_to_pool(s, player, 1, card.race, log)
    p.wrath += 1
    log.append(
        event(
            f"{player} drains {card.name} as a field source: +1 {card.race or 'untagged'} Vitae "
            f"(pool {p.pool_total}); the blood-price adds 1 Wrath ({p.wrath})",
            "106.5c",
            "106.5d",
            "701.11b",
            "106.3",
            *lifted,
        )
    )
    priority.back(s, player, log, "116.3")


def field_sacrifice(s: GameState, player: str, oid: str, log: list) -> None:
    _field_check(s, player, oid, "sacrifice")
    obj = s.objects[oid]
    card = s.known_card(obj)
    p = s.known_player(player)
    if perform.leave(s, oid, "spoils", log)[1]:
        triggers.fire(s, "dies", oid, player)
    triggers.fire_for_permanents(s, "sacrifices", player)
    if card.cost.vitae:
        perform.add_to_pool(s, player, card.cost.vitae, card.race, log)
    p.corruption += 1
    log.append(
        event(
            f"{player} sacrifices {card.name} as a field source: +{card.cost.vitae} "
            f"{card.race or 'untagged'} Vitae (pool {p.pool_total}); the blood-price adds 1 Corruption "
            f"({p.corruption})",
            "106.5c",
            "106.5d",
            "701.12a",
            "700.6",
        )
    )
    priority.back(s, player, log, "116.3")


def activate(s: GameState, player: str, oid: str, n: int, targets: list, log: list) -> None:
    priority.require(s, player)
    obj = s.objects[oid]
    card = s.known_card(obj)
    if obj.zone == "shelter":
        raise Refused(f"{card.name} is sheltered: a sheltered unit takes no actions", "408.2b", "514.4g", "500.16")
    if obj.zone != "battlefield":
        found = zone_abilities.from_zone(s, oid)
        if len(found) == 1 and n == 1 and not targets:
            keyword, rule, take = found[0]
            log.append(
                event(
                    f"{card.name} is in {obj.owner}'s {obj.zone.title()}: the ability activated is its "
                    f"{keyword}, which works from there",
                    "113.5",
                    rule,
                )
            )
            take(s, player, oid, log)
            return
        if found:
            raise Refused(
                f"{card.name} is in the {obj.zone.title()}: only its "
                f"{', '.join(k for k, _, _ in found)} works from there (113.5) — it takes no "
                f"ability number nor targets",
                "113.5",
                *(r for _, r, _ in found),
            )
    if obj.zone != "battlefield" or obj.controller != player:
        raise Refused(f"{player} does not control {card.name} on the battlefield", "602.3")
    abilities = card.activated
    if not 1 <= n <= len(abilities):
        raise Refused(f"{card.name} has no activated ability {n}", "602.1")
    ability = abilities[n - 1]
    cost = ability.cost
    assert cost is not None, f"{card.name}'s activated ability {n} has a cost (602.1: the reader requires one)"
    if not ch.can_act_now(s, obj):
        raise Refused(f"{card.name}'s binding forbids activating it in {s.round_name}", "731.4a", "601.3d")
    if cost.drain:
        if obj.drained:
            raise Refused(f"{card.name} is already drained", "602.2", "701.11a")
        if ability.produces_vitae:
            lifted = _newly_turned_for_vitae(
                s, obj, f"{card.name} is newly turned and can't be drained for Vitae by its Vitae ability"
            )
        else:
            lifted = _newly_turned_drain_cost(s, obj, card.name)
    else:
        lifted = ()
    if len(targets) != len(ability.targets):
        raise Refused(f"the ability needs {len(ability.targets)} target(s)", "601.2c", "115.1")
    for t, spec in zip(targets, ability.targets):
        if not is_legal(s, player, t, spec["kind"], oid):
            raise Refused(
                f"{target_name(s, t)} is not a legal target",
                "601.2c",
                "115.1",
                *protection(s, player, t, oid),
                *threshold_rule(s, t),
            )
    costs.pay(s, s.known_player(player), cost, log, what=f"{card.name}'s ability") if (
        cost.vitae or cost.master or cost.corruption or cost.wrath
    ) else None
    if cost.drain:
        s.edit(oid).drained = True
    controller = obj.controller
    if cost.sacrifice:
        was_entity = ch.is_entity(s, obj)
        if perform.leave(s, oid, "spoils", log)[1] and was_entity:
            triggers.fire(s, "dies", oid, controller)
        if was_entity:
            triggers.fire_for_permanents(s, "sacrifices", controller)
    if ability.produces_vitae:
        # A Vitae ability: no stack, no answer (106.7, 605.3); no blood-price (106.5c).
        log.append(event(f"{player} uses {card.name}'s Vitae ability", "106.7", "605.3", *lifted))
        effects.run(s, ability.effects, effects.Context(player, oid, list(targets)), log)
        if s.priority == player:
            # 117.3a: activated with priority, they receive it again, the checks and triggers first (117.5)
            priority.give_priority(s, player, log)
            return
    else:
        s.stack.append(
            StackItem(
                "ability",
                player,
                source=oid,
                effects=ability.effects,
                targets=tuple(targets),
                label=f"{card.name}'s ability {n}",
                uid=s.next_uid,
                target_kinds=tuple(spec["kind"] for spec in ability.targets),
            )
        )
        s.next_uid += 1
        log.append(
            event(
                f"{player} activates {card.name}'s ability {n}",
                "602.3",
                "602.1",
                *lifted,
                policy="C2" if "701.11c" in lifted else None,
            )
        )
        triggers.toll(s, s.stack[-1])
    priority.back(s, player, log, "117.3a")
