"""Resolving the top object of the stack (405, 608): abilities, spells, permanents entering,
Sets and seals, and the Pit-marked casts a seal declared (407.6)."""

from __future__ import annotations

from judge.cards.model import Cost
from judge.engine.choosing import arranging
from judge.engine.core import keywords
from judge.engine.core.errors import Refused
from judge.engine.core.events import event
from judge.engine.core.state import GameState, StackItem
from judge.engine.instructions import effects
from judge.engine.mechanics import counting, debts, feasts, reckoning, sleepers, suspicion
from judge.engine.performing import costs, perform
from judge.engine.performing.zones import move
from judge.engine.play import sealing, wards
from judge.engine.procedures import faces, processions
from judge.engine.reading import layers
from judge.engine.reading.targeting import is_legal, target_name
from judge.engine.triggered import conditions, triggers

SIEGE = keywords.implements("Siege", "702.29", "number")
MANDATE = keywords.implements("Mandate", "702.35")
SCATTER = keywords.implements("Scatter", "702.45", "number")
BIND = keywords.implements("Bind", "702.19", "object")
EVIDENCE = keywords.implements("Evidence", "702.33", "number")
SHROUD = keywords.implements("Shroud", "702.34", "number")
WIELD = keywords.implements("Wield", "702.18", "cost")  # a Weapon that prints it enters to be wielded (301.5)


def resolve_top(s: GameState, log: list) -> None:
    """608: the top object resolves. It waits on the stack while its instructions run (608.7a),
    so a choice they ask for finds it there."""
    item = s.stack[-1]
    if item.kind == "seal":
        s.stack.pop()
        _resolve_seal(s, item, log)
        return
    if item.kind == wards.TRAP_SET:
        wards.resolve_set(s, item, log)
        return
    if item.kind == debts.CALL:
        debts.resolve_call(s, item, log)
        return
    if item.kind == processions.DEPARTURE:
        processions.resolve_departure(s, item, log)
        return
    if item.kind == "set":
        assert item.obj is not None, "a set announcement is its Power's card object (408.4)"
        move(s, item.obj, "slot")
        log.append(
            event(
                f"{item.controller}'s Set resolves: the Power rests face down in the Master's Power slot",
                "408.4",
                "304.3",
            )
        )
        return
    ctx = effects.Context(item.controller, item.obj or item.source, [], item.x, cites=item.cites)
    if item.kind == "ability":
        _resolve_ability(s, item, ctx, log)
        return
    assert item.obj is not None, f"a {item.kind} on the stack is a card object"
    obj = s.objects[item.obj]
    card = s.known_card(obj)
    specs = list(card.targets)
    if item.targets:
        slots = [
            t if is_legal(s, item.controller, t, spec["kind"], item.obj or item.source) else None
            for t, spec in zip(item.targets, specs or [{"kind": "Entity"}] * len(item.targets))
        ]
        legal = [t for t in slots if t is not None]
        if not legal:
            dest = perform.move(s, obj.id, "void" if item.recalled else "spoils", log)
            log.append(
                event(
                    f"{card.name} tries to resolve, but every target is now illegal: it does not resolve "
                    f"and goes to its owner's {dest.title()}; nothing is refunded",
                    "608.3",
                    "115.6",
                    "608.7a",
                    "118.5",
                    *(("601.11d",) if item.fired else ()),
                    *(("601.9", "404.5") if item.recalled else ()),
                )
            )
            return
        _some_illegal(s, card.name or "the face-down spell", item.targets, slots, log)
        ctx.targets = slots
        ctx.declared = list(item.targets)
    log.append(event(f"{card.name or 'the face-down spell'} resolves", "608.1", "405.2"))
    _lay_evidence(s, item.controller, card, log)
    if not card.is_permanent:
        ctx.mandate, ctx.decree = card.has(MANDATE), item.decree
        if ctx.mandate:
            log.append(
                event(
                    f"{card.name} has Mandate: {item.controller} makes the choices its instructions give an opponent",
                    "702.35a",
                    "723.4",
                )
            )
        # The card waits on the stack while its instructions run, then goes to the Spoils (608.7a).
        effects.run(s, card.spell_effects + _chosen_modes(s, card, item, log), ctx, log)
        for oid in item.batch:  # a brewed Formula: the Base's text, then each modifier's as announced (710.3)
            effects.run(s, s.known_card(oid).spell_effects, ctx, log)
        for t in [t for t in ctx.targets if t is not None] if card.has(SCATTER) else ():
            counting.scatter(s, card, t, log)  # its effect confronts an attacking Entity (702.45a)
        _riders(s, item, card, ctx, log)
        if s.objects[obj.id].zone == "stack":  # unless its own instructions moved it
            if item.recalled:
                move(s, obj.id, "void")
                log.append(
                    event(f"{card.name} was cast by Recall: it is banished to the Void", "601.9", "404.5", "702.20a")
                )
            else:
                dest = perform.move(s, obj.id, "spoils", log)
                log.append(
                    event(
                        f"{card.name} goes to its owner's {dest.title()}",
                        "608.7a",
                        *(("601.11d",) if item.fired else ()),
                    )
                )
        for oid in item.batch:  # the brew's Components travel with their Base (710.3)
            dest = perform.move(s, oid, "spoils", log)
            log.append(event(f"{s.known_card(oid).name} goes with its Base to its owner's {dest.title()}", "710.3"))
        arranging.into_spoils(s, log, (obj.id, *item.batch), "the brew's cards, put into the Spoils at once")
        return
    fed = feasts.before_entering(s, obj.id, item.controller, log)
    dormant = not obj.face_down and sleepers.enters_dormant(s, obj.id)
    if dormant:  # 702.39b: turned down before it enters, so nothing of its face enters with it (708.4)
        faces.lay_face_down(s, obj.id, sleepers.DORMANT)
    move(s, obj.id, "battlefield", controller=item.controller)
    # A Ritual enters bound to its target (608.7c, Bind 702.19a); a Weapon enters unattached (301.5).
    attach = item.targets[0] if card.type == "Ritual" and item.targets else None
    if attach:
        s.edit(obj.id).attached_to = attach
    weapon = card.type == "Weapon"
    wieldable = weapon and card.has(WIELD)
    bound = (attach if s.player(attach) is not None else s.objects[attach].card) if attach else ""
    log.append(
        event(
            f"{card.name or 'A face-down permanent'} enters the battlefield under {item.controller}'s control"
            + (f", attached to {bound}" if attach else "")
            + ((", unattached" + (": Wield attaches it" if wieldable else "")) if weapon else ""),
            "608.7b",
            *(("608.7c",) if attach else ()),
            *(("702.19a",) if attach and card.has(BIND) else ()),
            *(("301.5",) if weapon else ()),
            *(("702.18a",) if wieldable else ()),
        )
    )
    if dormant:
        log.append(
            event(
                f"{card.name} is a dormant {sleepers.SLEEPER}: it enters face down, a nameless 2/2 every "
                f"player sees that much of, and its face's enter abilities neither trigger nor apply",
                "702.39b",
                "708.2b",
                "708.4",
                "613.2",
            )
        )
    effects.enter(s, obj.id, log)
    feasts.fed(s, obj.id, fed, log)
    if "Mortal" in s.known_card(obj.id).supertypes:  # 309.3: Mortal tongues wag (not a guise's: it has none, 708.2)
        suspicion.raise_(s, item.controller, 1, f"{card.name} entering", log, ("309.3", "123.2"))
    ctx.source = obj.id
    _riders(s, item, card, ctx, log)
    triggers.fire(s, "enters", obj.id)
    reckoning.entered(s, obj.id)


def _some_illegal(s: GameState, name: str, declared, slots: list, log: list) -> None:
    """608.3: some targets illegal, some legal — it resolves, does nothing to the illegal ones,
    and never re-aims: each legal target keeps its slot (115.1)."""
    if all(t is not None for t in slots) or not any(t is not None for t in slots):
        return
    gone = [f"target {n} ({target_name(s, t)})" for n, (t, now) in enumerate(zip(declared, slots), 1) if now is None]
    log.append(
        event(
            f"{name}: {', '.join(gone)} is now illegal: it does nothing to {'it' if len(gone) == 1 else 'them'}, "
            f"and every other target keeps its place — nothing is re-aimed",
            "608.3",
            "115.1",
        )
    )


def _resolve_ability(s: GameState, item: StackItem, ctx, log: list) -> None:
    """An ability resolves: its intervening "if" and its targets are checked again first."""
    if item.condition and not conditions.holds(s, item.condition, item.controller):
        _leave(s, item)
        log.append(
            event(
                f"{item.label}: its condition ({conditions.describe(item.condition)}) no longer holds — it "
                f"is removed from the stack and does nothing",
                "608.2",
                "603.4",
                *conditions.rules(item.condition),
                *item.cites,
            )
        )
        return
    ctx.targets = list(item.targets)
    ctx.declared = list(item.targets)
    if item.target_kinds:
        ctx.targets = [
            t if is_legal(s, item.controller, t, kind, item.source) else None
            for t, kind in zip(item.targets, item.target_kinds)
        ] + list(item.targets[len(item.target_kinds) :])
        _some_illegal(s, item.label, item.targets, ctx.targets, log)
        if not any(t is not None for t in ctx.targets):
            _leave(s, item)
            log.append(
                event(
                    f"{item.label} tries to resolve, but its target is now illegal: it does nothing",
                    "608.3",
                    "115.6",
                    *item.cites,
                )
            )
            return
    log.append(event(f"{item.label} resolves", "608.1", "405.2", *item.cites))
    effects.run(s, item.effects, ctx, log)
    _leave(s, item)
    log.append(event(f"{item.label} leaves the stack", "608.7a", *item.cites))


def _riders(s: GameState, item: StackItem, card, ctx: effects.Context, log: list) -> None:
    """The card's riders, as its spell resolves: a paid Tribute's (702.25a, 601.7), and the Siege
    rider while its controller's Siege condition is met (702.29a)."""
    for key, rider in card.riders:
        if key == "tribute":
            if not item.tribute:
                continue
            log.append(event(f"{card.name}'s Tribute was paid: its rider happens now", "702.25a", "601.7", "608.5"))
        else:
            n = keywords.number(SIEGE, card.keyword_value(SIEGE) or "")
            count = s.known_player(item.controller).siege_count
            if not layers.siege_met(s, item.controller, n):
                log.append(
                    event(
                        f"{card.name}'s Siege {n} is not met ({count} of {item.controller}'s Entities have "
                        f"attacked a Haven this turn): no rider",
                        "702.29a",
                    )
                )
                continue
            log.append(
                event(
                    f"{card.name}'s Siege {n} is met ({count} of {item.controller}'s Entities have attacked "
                    f"a Haven this turn): its rider applies",
                    "702.29a",
                    "608.5",
                )
            )
        effects.run(s, rider, ctx, log)


def _leave(s: GameState, item: StackItem) -> None:
    s.stack = [i for i in s.stack if i.uid != item.uid]


def _chosen_modes(s: GameState, card, item: StackItem, log: list) -> tuple:
    """The instructions of the modes announced at casting, in printed order (601.2b, 702.35b)."""
    if not card.modes:
        return ()
    chosen = sorted(item.modes)
    if len(chosen) == len(card.modes) and len(chosen) > card.mode_count:
        log.append(event(f"{card.name}'s Entwine was paid: every mode resolves, in printed order", "702.35b", "601.2b"))
    return tuple(e for i in chosen for e in card.modes[i])


def _lay_evidence(s: GameState, player: str, card, log: list) -> None:
    """702.33a, 702.34a: Evidence N / Shroud N lay the top N cards of the Domain face down."""
    for keyword, guise in ((EVIDENCE, "evidence"), (SHROUD, "shroud")):
        value = card.keyword_value(keyword)
        if value is not None:
            faces.lay_from_domain(s, player, keywords.number(keyword, value), guise, log)


def _resolve_seal(s: GameState, item: StackItem, log: list) -> None:
    p = s.known_player(item.controller)
    total = 0
    sealed = [o for o in item.batch if o not in item.marked]  # the marked cards are cast instead (407.6)
    for oid in sealed:
        obj = s.objects[oid]
        card = s.card(obj)
        move(s, oid, "pit")
        value = sealing.drop_value(s, card)
        if value:
            source = card.race if card else None
            if perform.add_to_pool(s, p.name, value, source, log):
                total += value
    high = sealing.above_the_curve(s, sealed)
    log.append(
        event(
            f"the seal resolves: {len(sealed)} card(s) enter {p.name}'s Pit and yield {total} Vitae "
            f"(pool {p.pool_total}); the drop is untaxed"
            + (f"; {', '.join(high)}: a Blood Seal printed above 3 {s.policies.note('C11')}" if high else ""),
            "601.12b",
            "505.4b",
            "407.2",
            "106.5a",
            *(s.policies.rules("C11") if high else ()),
            policy="C11" if high else None,
        )
    )
    triggers.fire_for_permanents(s, "drop", p.name, log)
    if item.marked:
        _marked_casts(s, item, log)


def _marked_casts(s: GameState, item: StackItem, log: list) -> None:
    """407.6, 601.12d, 614.6e: the marked cards are cast from the seal for their Pit-marked cost,
    after the Drop-rites trigger. Policy C20 decides which is announced above the other."""
    rites_first = s.policies.reading("C20") == "603.14b"
    if rites_first:
        triggers.stack_waiting(s, log)  # the rites are announced first, the casts above them
    p = s.known_player(item.controller)
    for oid in item.marked:
        name = s.objects[oid].card
        try:
            costs.pay(
                s, p, Cost(vitae=costs.marked_cost(s, oid)), log, what=f"{name}'s Pit-marked cast", cites=("702.24a",)
            )
        except Refused as refusal:
            move(s, oid, "hand")
            log.append(
                event(
                    f"{name}'s Pit-marked cast cannot be funded ({refusal.text}); it returns to hand",
                    "702.24a",
                    *refusal.rules,
                )
            )
            continue
        move(s, oid, "stack")
        s.stack.append(StackItem("spell", p.name, obj=oid, label=name, uid=s.next_uid, pit_marked=True))
        s.next_uid += 1
        log.append(
            event(
                f"{p.name} casts {name} from the seal for its Pit-marked cost; it never rests in the Pit "
                f"and yields nothing {s.policies.note('C20')}",
                "407.6",
                "614.6e",
                "702.24a",
                "601.12d",
                *s.policies.rules("C20"),
                policy="C20",
            )
        )
        triggers.cast_watchers(s, p.name, s.card(oid))
