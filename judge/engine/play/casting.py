"""Casting spells (601): from hand, the Spoils by Recall, or face down (708.3); brewing a Formula
(710.2); Setting a Power and Firing it (304.3, 601.11). Every check runs before anything is paid, so
a refusal leaves the state as it was (the caller also discards the working copy). Whether a card
may be cast, Set or Fired now, and whether what a cast announces is legal (timing, the Master a
Power needs, modes, decree, targets), is cast_checks.py's.

The other actions a player takes with priority live elsewhere: the drop in sealing.py, field sources
and activated abilities in activating.py; what may be targeted, and a target's name, in targeting.py."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from judge.cards import vocabulary as V
from judge.cards.model import Cost
from judge.engine.checks import priority
from judge.engine.core import keywords
from judge.engine.core.errors import Refused
from judge.engine.core.events import event
from judge.engine.core.state import GameState, StackItem
from judge.engine.mechanics import suspicion
from judge.engine.performing import costs, perform
from judge.engine.performing.zones import move
from judge.engine.play import cast_checks
from judge.engine.procedures import faces
from judge.engine.reading import calendar
from judge.engine.reading import characteristics as ch
from judge.engine.reading.seats import is_estate
from judge.engine.reading.targeting import target_name
from judge.engine.triggered import triggers

RECALL = keywords.implements("Recall", "702.20", "cost")
TRIBUTE = keywords.implements("Tribute", "702.25", "number")
BACKLASH = keywords.implements("Backlash", "702.36", "cost")
ENTWINE = keywords.implements("Entwine", "702.35", "cost")
DESPOIL = keywords.implements("Despoil", "702.23", "number")
MUSTER = keywords.implements("Muster", "702.26", "number")


def cast(
    s: GameState,
    player: str,
    card_oid: str,
    targets: list,
    x: int | None,
    split: dict | None,
    tribute: bool,
    log: list,
    recall: bool = False,
    *,
    modes: list | None = None,
    entwine: bool = False,
    decree: tuple = (),
    synthesis: bool = False,
    face_down: str | None = None,
    despoil: Sequence[str] = (),
    muster: Sequence[str] = (),
) -> None:
    """601.2: propose, announce, target, check, determine and pay the cost, then priority.
    `face_down` names the keyword's guise for a face-down cast (708.3): from then on everything
    that examines the spell sees only the guise. `despoil` and `muster` name what the cost preps
    take (601.2g)."""
    priority.require(s, player)
    p = s.known_player(player)
    card = s.card(card_oid)
    if card is None:
        raise Refused("an unknown card cannot be cast", "601.1")
    if face_down is not None:
        faces.check_face_down_cast(s, card_oid, face_down)
        if recall:
            raise Refused("a card cast by Recall is cast face up, for its Recall cost", "601.9", "708.3")
        faces.lay_face_down(s, card_oid, face_down)
        card = s.known_card(card_oid)
    recall_cost = card.keyword_value(RECALL)
    if recall:
        if recall_cost is None:
            raise Refused(f"{card.name} has no Recall", "702.20a")
        if card_oid not in p.spoils:
            raise Refused(f"{card.name} is not in {player}'s Spoils", "702.20a", "601.9")
    elif card_oid not in p.hand:
        raise Refused(f"{card.name} is not in {player}'s hand", "601.1")
    power_speed = cast_checks.check_timing(s, player, card)
    if x is not None and card.type != "Caprice":
        raise Refused(
            "only a Caprice may have X in its cost", *(("304.7",) if card.type == "Power" else ("107.3",)), "112.5"
        )
    # 601.2b, the announcements — modes, the decree, optional and additional costs — then 601.2c, targets
    chosen = cast_checks.check_modes(card, modes, entwine)
    synthesis_cost = card.keyword_value(BACKLASH)
    if synthesis and synthesis_cost is None:
        raise Refused(f"{card.name} has no Backlash synthesis cost", "702.36a", "601.8")
    cast_checks.check_decree(s, player, card, decree)
    cast_checks.check_targets(s, player, card, card_oid, targets)
    extra_vitae = x or 0
    if tribute:
        n = card.keyword_value(TRIBUTE)
        if n is None:
            raise Refused(f"{card.name} has no Tribute", "702.25a")
        extra_vitae += keywords.number(TRIBUTE, n)
    if entwine:
        extra_vitae += keywords.number(ENTWINE, card.keyword_value(ENTWINE) or "")
    if synthesis:
        assert synthesis_cost is not None, "a synthesis without a Backlash cost was refused above"
        extra_vitae += keywords.number(BACKLASH, synthesis_cost)
    watch = suspicion.watch_surcharge(s, card)
    extra_vitae += watch
    # 601.2f: the total cost — the printed or alternative block, plus surcharges, minus reductions
    # (never below zero) — is determined now and locked; 601.2g: the cost preps pay part of it.
    # A face-down spell costs what its guise's rule says, and has no text to prep with (708.2).
    if recall:
        assert recall_cost is not None, "a Recall cast of a card without Recall was refused above"
        base = Cost(vitae=keywords.number(RECALL, recall_cost))
    else:
        base = card.cost
    if face_down is not None and (despoil or muster):
        raise Refused("a face-down spell has no text: no Despoil or Muster to pay with", "708.2", "601.2g")
    vitae = 0
    if face_down is None:
        vitae = costs.determine(s, player, card, card_oid, base.vitae + extra_vitae, log)
        vitae -= _cost_preps(s, player, card, card_oid, list(despoil), list(muster), vitae, log)
    # Payment (601.2h): pay() raises before it changes anything, so a refusal rewinds cleanly.
    if recall:
        # Recall replaces the whole four-part block and is paid from the pool, untaxed (601.9, 702.20a).
        costs.pay(
            s,
            p,
            replace(base, vitae=vitae),
            log,
            split=split,
            what=f"{card.name} by Recall",
            recall_only=True,
            cites=("702.20a", "601.9"),
        )
        log.append(
            event(
                f"{card.name} is cast from the Spoils by Recall: its printed cost block is replaced entirely",
                "601.9",
                "702.20a",
            )
        )
    elif face_down is not None:
        costs.pay(s, p, faces.FACE_DOWN_CAST_COST, log, split=split, what="a face-down spell")
    else:
        costs.pay(
            s,
            p,
            replace(base, vitae=vitae),
            log,
            split=split,
            what=f"{card.name}" + (" and the Watch's surcharge" if watch else ""),
        )
    if watch:
        log.append(
            event(
                f"Suspicion is {s.suspicion}: the town is watching, and {card.name}, which raises it, "
                f"costs {watch} more",
                "123.4a",
            )
        )
    move(s, card_oid, "stack")
    item = StackItem(
        "spell",
        player,
        obj=card_oid,
        targets=tuple(targets),
        x=x or 0,
        tribute=tribute,
        recalled=recall,
        label=card.name,
        uid=s.next_uid,
        modes=chosen,
        decree=tuple(decree),
    )
    s.stack.append(item)
    s.next_uid += 1
    speed = (
        ("601.3a",)
        if card.type == "Caprice"
        else ("601.3b",)
        if card.type == "Power"
        else ("601.3e", "702.16a")
        if power_speed
        else ("601.3c",)
    )
    tdesc = f" targeting {', '.join(target_name(s, t) for t in targets)}" if targets else ""
    what = card.name
    guise_words, guise_rules = faces.carried(card.keywords, "and") if face_down is not None else ("", ())
    if face_down is not None:  # `card` is the guise
        what = (
            f"a face-down spell by {face_down.title()}: a nameless 2/2 Entity with no text and no cost"
            f"{guise_words}, for 3 Vitae"
        )
    log.append(
        event(
            f"{player} casts {what}{tdesc}"
            + (f" with X={x}" if x else "")
            + (" paying its Tribute" if tribute else ""),
            "601.2",
            *speed,
            *(("601.7", "702.25a") if tribute else ()),
            *(("117.6",) if len(s.stack) > 1 else ()),
            *_target_rules(s, targets),
            *((faces.CAST_FACE_DOWN[face_down], "708.3", "708.2", *guise_rules) if face_down is not None else ()),
            *(("210.7", "310.1") if is_estate(card) else ()),
        )
    )
    _announce(s, player, card, item, entwine, synthesis, log)
    triggers.fire(s, "cast", card_oid, player)
    triggers.cast_watchers(s, player, card)
    triggers.toll(s, item)
    priority.back(s, player, log, "601.2i")


def _cost_preps(
    s: GameState, player: str, card, card_oid: str, despoil: list, muster: list, owed: int, log: list
) -> int:
    """601.2g: Despoil N banishes cards from the caster's Spoils (702.23a), Muster N drains
    undrained Entities they control, newly turned ones too (702.26a); each pays 1 of the Vitae
    component, up to N and never more than it. Returns the Vitae they paid."""
    paid = 0
    for keyword, chosen, rule in ((DESPOIL, despoil, "702.23a"), (MUSTER, muster, "702.26a")):
        if not chosen:
            continue
        n = card.keyword_value(keyword)
        if n is None:
            raise Refused(f"{card.name} has no {keyword} N", rule)
        n = keywords.number(keyword, n)
        if len(set(chosen)) != len(chosen):
            raise Refused(f"{keyword} names a card twice", rule)
        if len(chosen) > n:
            raise Refused(f"{keyword} {n} is capped at {n}: {len(chosen)} named", rule, "601.2g")
        if paid + len(chosen) > owed:
            raise Refused(f"{keyword} pays Vitae of the cost, and only {owed - paid} is owed", rule, "601.2g")
        for oid in chosen:
            obj = s.objects[oid]
            name = s.known_card(obj).name if s.card(obj) else oid
            if keyword == DESPOIL and (oid not in s.known_player(player).spoils or oid == card_oid):
                raise Refused(f"{name} is not a card in {player}'s Spoils", rule)
            if keyword == MUSTER and (
                obj.zone != "battlefield" or obj.controller != player or not ch.is_entity(s, obj)
            ):
                raise Refused(f"{name} is not an Entity {player} controls", rule)
            if keyword == MUSTER and obj.drained:
                raise Refused(f"{name} is drained: only an undrained Entity answers the Muster", rule, "701.11a")
        for oid in chosen:
            if keyword == DESPOIL:
                perform.move(s, oid, "void", log)
            else:
                s.edit(oid).drained = True
        paid += len(chosen)
        names = ", ".join(s.objects[o].card for o in chosen)
        log.append(
            event(
                f"{card.name}'s {keyword}: {player} "
                + ("banishes " if keyword == DESPOIL else "drains ")
                + f"{names} to pay {len(chosen)} of its Vitae"
                + (" (they stay drained; answering a Muster is not attacking)" if keyword == MUSTER else ""),
                rule,
                "601.2g",
                *(("406.6", "404.4") if keyword == DESPOIL else ()),
            )
        )
    return paid


def _announce(s: GameState, player: str, card, item: StackItem, entwine: bool, synthesis: bool, log: list) -> None:
    """What the announcement fixed (601.2b): the modes, the decree, the Backlash synthesis."""
    if item.modes and not entwine:
        log.append(
            event(
                f"{player} announces mode{'s' if len(item.modes) > 1 else ''} "
                + ", ".join(str(m + 1) for m in item.modes)
                + f" of {card.name}",
                "601.2b",
                "700.4a",
            )
        )
    if entwine:
        log.append(
            event(
                f"{player} pays {card.name}'s Entwine: every mode is chosen, to resolve in printed order",
                "702.35b",
                "601.2b",
            )
        )
    if item.decree:
        log.append(
            event(
                f"{player} announces the Mandate's decree: "
                + ", ".join(s.objects[o].card or o for o in item.decree)
                + " — fixed now, carried out only if it resolves",
                "702.35a",
                "601.2b",
            )
        )
    if card.has(BACKLASH):
        if synthesis:
            log.append(event(f"{player} pays {card.name}'s synthesis cost: no backfire", "601.8", "702.36a"))
            return
        p = s.known_player(player)
        for what, n in card.backfire:
            if what == "corruption":
                p.corruption += n
                log.append(
                    event(
                        f"{player} does not pay {card.name}'s synthesis cost: the backfire of {n} "
                        f"Corruption is incurred as part of the cast ({p.corruption}); it stands even if "
                        f"the spell is countered",
                        "601.8",
                        "702.36a",
                        "601.2h",
                        "601.10",
                    )
                )
            else:
                perform.deal_damage(s, item.obj, player, n, log)
                log.append(
                    event(
                        f"{player} does not pay {card.name}'s synthesis cost: the backfire deals {n} damage "
                        f"to their Master as part of the cast",
                        "601.8",
                        "702.36a",
                        "601.2h",
                        "601.10",
                    )
                )


def _target_rules(s: GameState, targets: list) -> tuple:
    """Targets chosen at announcement (601.2c, 115.1); one bearing two types is legal as either (300.2)."""
    if not targets:
        return ()
    objs = [s.objects[t] for t in targets if t in s.objects]
    dual = any(s.card(o) is not None and len(s.known_card(o).types) > 1 for o in objs)
    sheltered = [o for o in objs if o.zone == "shelter"]
    feast = calendar.law_holds(s, "thresholds_fail") if sheltered else None
    return (
        "601.2c",
        "115.1",
        *(("300.2",) if dual else ()),
        *(("310.10", "408.2b") if sheltered else ()),
        *(feast.rules if feast else ()),
    )


def set_power(s: GameState, player: str, oid: str, log: list) -> None:
    """Set a Power face down into the Master's Power slot, paying its full cost (304.3, 505.5b)."""
    priority.require(s, player)
    p = s.known_player(player)
    card = s.card(oid)
    if card is None or oid not in p.hand or card.type != "Power":
        raise Refused(f"{s.objects[oid].card or 'that card'} is not a Power in {player}'s hand", "304.3", "505.5b")
    own_main = s.active == player and s.in_main_phase()
    if not own_main or (s.stack and s.policies.reading("C7") == "505.3c"):
        raise Refused(
            f"a Power is Set in its owner's own main phase {s.policies.note('C7')}",
            *s.policies.rules("C7"),
            policy="C7",
        )
    cast_checks.check_binding(s, card, "Set", "304.3")
    cast_checks.check_master_present(s, player, card, "Set")
    pending = [i for i in s.stack if i.kind == "set" and i.controller == player]
    if p.slot or pending:
        raise Refused(f"{player}'s Master has one Power slot and it is taken", "408.4", "403.5a")
    costs.pay(s, p, card.cost, log, what=f"setting {card.name}")
    if s.policies.reading("C4") == "701.23a":
        move(s, oid, "slot")
        log.append(
            event(
                f"{player} sets a Power face down into the Master's Power slot (no stack) {s.policies.note('C4')}",
                "304.3",
                "505.5b",
                *s.policies.rules("C4"),
                policy="C4",
            )
        )
    else:
        move(s, oid, "stack")
        s.stack.append(StackItem("set", player, obj=oid, label="set Power", uid=s.next_uid))
        s.next_uid += 1
        log.append(
            event(
                f"{player} announces the Set of a Power (face down) onto the stack {s.policies.note('C4')}",
                "304.3",
                "505.5b",
                "405.6",
                *s.policies.rules("C4"),
                policy="C4",
            )
        )
    priority.back(s, player, log, "116.3")


def fire_power(s: GameState, player: str, oid: str, targets: list, log: list) -> None:
    """Fire a set Power: any priority, no new cost, the slot frees at announcement (601.11)."""
    priority.require(s, player)
    p = s.known_player(player)
    card = s.known_card(oid)
    if oid not in p.slot:
        raise Refused(f"{card.name} is not set in {player}'s Power slot", "601.11", "304.4")
    cast_checks.check_power_does_not_counter(s, card)
    sheltered = not cast_checks.master_present(s, player, card)  # where C8's readings part
    if sheltered and s.policies.reading("C8") == "112.6":
        raise Refused(
            f"{player}'s Master shelters by Day: {card.name} cannot be Fired without it {s.policies.note('C8')}",
            *s.policies.rules("C8"),
            "304.6",
            policy="C8",
        )
    cast_checks.check_targets(s, player, card, oid, targets)
    move(s, oid, "stack")
    s.stack.append(
        StackItem("spell", player, obj=oid, targets=tuple(targets), fired=True, label=card.name, uid=s.next_uid)
    )
    s.next_uid += 1
    triggers.toll(s, s.stack[-1])
    tdesc = f" at {', '.join(target_name(s, t) for t in targets)}" if targets else ""
    log.append(
        event(
            f"{player} Fires {card.name}{tdesc}: it is revealed, the slot frees and the Fire is "
            f"committed; no cost is paid, and no Master is needed"
            + (f" ({player}'s Master shelters) {s.policies.note('C8')}" if sheltered else ""),
            "601.11",
            "601.11a",
            "601.11b",
            "601.11c",
            "405.6b",
            "304.4",
            *(s.policies.rules("C8") if sheltered else ()),
            policy="C8" if sheltered else None,
        )
    )
    priority.back(s, player, log, "117.3a")


def brew(s: GameState, player: str, oids: list, log: list) -> None:
    """710.2: one Base and up to three modifiers (one each of Vector, Selector, Amplifier), from
    hand and a Laboratory the player controls, cast as one spell; its cost is the sum of the
    hand Components' costs (a stored one was paid at storage). The first named is the Base."""
    priority.require(s, player)
    p = s.known_player(player)
    if not oids or len(set(oids)) != len(oids) or len(oids) > 4:
        raise Refused("a brew announces one Base and up to three modifiers, each once", "710.2")
    for n, oid in enumerate(oids):
        card = s.card(oid)
        if card is None or "Component" not in card.subtypes:
            raise Refused(f"{s.objects[oid].card or 'that card'} is not a Component", "710.1", "710.2")
        if oid not in p.hand and oid not in p.laboratory:
            raise Refused(
                f"{card.name} is neither in {player}'s hand nor stored in a Laboratory {player} controls",
                "710.2",
                "312.4",
            )
        crafts = [c for c in V.COMPONENT_CRAFTS if c in card.subtypes]
        if crafts and (crafts[0] == "Base") != (n == 0):
            raise Refused(f"{card.name} is a {crafts[0]}: the Base is named first, then the modifiers", "710.2")
        if card.targets:
            raise Refused(f"{card.name} has targets: a targeted Component is not modelled by the engine", "710.2")
    named = [c for o in oids[1:] for c in V.COMPONENT_CRAFTS if c in s.known_card(o).subtypes]
    if len(set(named)) != len(named):
        raise Refused("at most one modifier of each craft", "710.2")
    base = s.known_card(oids[0])
    if base.is_permanent:
        raise Refused(f"a brew whose Base is a {base.type} is not modelled by the engine", "710.3")
    cast_checks.check_timing(s, player, base)  # refuses what may not be cast now; the brew goes at its Base's speed
    paid = [s.known_card(o).cost for o in oids if o in p.hand]
    sources = {c.source for c in paid if c.source}
    if len(sources) > 1:
        raise Refused(
            "the Components demand Vitae of different sources: one payment cannot meet both", "710.2", "106.4"
        )
    total = Cost(
        vitae=sum(c.vitae for c in paid),
        master=sum(c.master for c in paid),
        corruption=sum(c.corruption for c in paid),
        wrath=sum(c.wrath for c in paid),
        source=next(iter(sources), None),
    )
    costs.pay(s, p, total, log, what=f"the brew of {', '.join(s.known_card(o).name for o in oids)}")
    for oid in oids:
        move(s, oid, "stack")
    s.stack.append(
        StackItem(
            "spell", player, obj=oids[0], batch=tuple(oids[1:]), label=f"the Formula of {base.name}", uid=s.next_uid
        )
    )
    s.next_uid += 1
    log.append(
        event(
            f"{player} brews a Formula: {', '.join(s.known_card(o).name for o in oids)} — one announcement, "
            f"one spell on the stack ({len(oids)} cards)",
            "710.2",
            "601.2",
            "312.4",
        )
    )
    priority.back(s, player, log, "601.2i")
