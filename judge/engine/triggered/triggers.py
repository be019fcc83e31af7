"""Triggered abilities (603): they wait when their event happens and are stacked, in APNAP
order, the next time a player would receive priority (117.5, 603.3). Each player puts their own
on the stack in the order they choose, choosing each one's targets as it goes on (603.3); an
intervening "if" is checked as the ability triggers and again as it resolves (603.4)."""

from __future__ import annotations

from dataclasses import replace

from judge.cards.model import Effect
from judge.engine.choosing.asking import ask
from judge.engine.core import keywords
from judge.engine.core.events import event
from judge.engine.core.state import Delayed, GameState, StackItem, Trigger
from judge.engine.reading import characteristics as ch
from judge.engine.reading.targeting import legal_targets
from judge.engine.triggered import conditions
from judge.replay_words import counted

DROP_RITES = keywords.implements("Drop-rites", "702.30")
# A trigger event whose ability the rules name as a keyword ("Drop-rites is a triggered ability,
# written 'Whenever you seal the Pit, [effect]'", 702.30a): its triggers are that keyword, printed
# or not, and cite its rule too.
NAMED_BY = {"drop": (DROP_RITES, "702.30a")}
TOLL = keywords.implements("Toll", "702.14", "cost")
SCHOLARSHIP = keywords.implements("Scholarship", "702.27")

# The trigger-event table: every `when:` the card format accepts (judge/cards/vocabulary.py
# TRIGGER_EVENTS), and the engine's own keyword triggers, -> the rule a stacked trigger cites.
# To add a trigger event: the word in the vocabulary, its rule here, and a `fire(s, WORD, ...)`
# (or `fire_for_permanents`) where the event happens; tests/test_engine_structure.py checks all three.
TRIGGER_RULES = {
    "dies": "603.6c",
    "enters": "603.6a",
    "drop": "603.14b",
    "upkeep": "503.1",
    "end_step": "513.1",
    "attacks": "508.3a",
    "blocks": "509.3a",
    "cast": "601.2i",
    "becomes_blocked": "509.3a",
    "blocked_by_entity": "700.1",
    "deals_damage": "603.2e",
    "sacrifices": "701.12a",
    "night_falls": "603.14a",
    "day_breaks": "603.14a",
    "bled": "702.21a",
    "champion": "702.28a",
    "contagion": "702.40a",
    "toll": "702.14a",
    "reckoning": "702.50a",
    "clause": "714.2",  # a Contract's clause ability, awakened by Lore counters (contracts.py)
    "delayed": "603.7",
    "revenant": "702.46a",
    "scholarship": "702.27a",
    "decay": "702.41a",
    "sleeper": "702.39a",
    "dominance": "702.42a",
}


def fire(s: GameState, when: str, oid: str, controller: str | None = None, log: list | None = None) -> None:
    """Queue every `when` trigger of the object `oid` (looked at as it is now, or as it
    last was: a dies-trigger looks back, 603.6c). An ability whose intervening "if" is false
    now never triggers (603.4); `log`, when given, is told so."""
    obj = s.objects.get(oid)
    card = s.card(obj) if obj else None
    if obj is None or card is None or not card.abilities:
        return
    abilities = card.triggers(when)
    if not abilities:  # most permanents have nothing to say at most moments
        return
    named = NAMED_BY.get(when)
    rules = (named[1],) if named else ()
    label = f"{card.name}'s {named[0]} trigger" if named else f"{card.name}'s '{when}' trigger"
    for ability in abilities:
        who = controller or obj.controller
        if ability.condition and not conditions.holds(s, ability.condition, who):
            # 603.4: an intervening "if" false as the event happens: the ability does not trigger
            if log is not None:
                log.append(
                    event(
                        f"{card.name}'s '{when}' ability does not trigger: its condition "
                        f"({conditions.describe(ability.condition)}) is not met",
                        "603.4",
                        *conditions.rules(ability.condition),
                    )
                )
            continue
        s.waiting.append(
            Trigger(
                who,
                oid,
                ability.effects,
                label,
                when,
                target_kinds=tuple(spec["kind"] for spec in ability.targets),
                condition=ability.condition,
                cites=rules,
            )
        )


def fire_for_permanents(s: GameState, when: str, controller: str, log: list | None = None) -> None:
    for oid in list(s.battlefield):
        if s.objects[oid].controller == controller:
            fire(s, when, oid, log=log)


def toll(s: GameState, item: StackItem) -> None:
    """702.14a, 603.14c: each permanent with Toll that a spell or ability an opponent controls
    targets triggers: counter it unless that player pays the Toll."""
    ref = f"stack:{item.uid}"
    for target in dict.fromkeys(item.targets):
        obj = s.objects.get(target)
        if obj is None or obj.zone != "battlefield" or obj.controller == item.controller:
            continue
        price = ch.keyword_value(s, obj, TOLL)
        if price is None:
            continue
        effects = (Effect("counter_unless_pays", {"amount": keywords.number(TOLL, price), "to": "target"}),)
        name = s.known_card(obj).name or "a face-down permanent"  # a guise has no name (708.2)
        s.waiting.append(
            Trigger(
                obj.controller,
                target,
                effects,
                f"{name}'s Toll {price} trigger",
                "toll",
                (ref,),
                cites=("702.14a", "603.14c"),
            )
        )


def stack_waiting(s: GameState, log: list) -> bool:
    """Put waiting triggers on the stack in APNAP order: the active player's first, so the
    last player's resolve first (603.3); each player orders their own and chooses their targets.
    Returns whether anything was stacked."""
    if not s.waiting:
        return False
    order = {p.name: i for i, p in enumerate(s.apnap())}
    waiting = [t for t in s.waiting if t.controller in order]
    s.waiting = []
    waiting.sort(key=lambda t: order[t.controller])  # stable: trigger order within a player
    stacked = False
    group = s.next_uid
    for player in [p.name for p in s.apnap()]:
        mine = [t for t in [_with_targets(s, t, log) for t in waiting if t.controller == player] if t is not None]
        if not mine:
            continue
        items = []
        for trig in mine:
            cites = keyword_rules(trig)
            items.append(
                StackItem(
                    "ability",
                    trig.controller,
                    source=trig.source,
                    effects=trig.effects,
                    targets=tuple(trig.targets),
                    label=trig.label,
                    uid=s.next_uid,
                    group=group,
                    target_kinds=trig.target_kinds,
                    condition=trig.condition,
                    cites=cites,
                    when=trig.when,
                )
            )
            s.next_uid += 1
            s.stack.append(items[-1])
            log.append(
                event(
                    f"{trig.label} ({trig.controller}) is put on the stack",
                    "603.3",
                    "117.5",
                    TRIGGER_RULES[trig.when],
                    *trig.cites,
                )
            )
        _order(s, player, items, log)
        for item in s.stack[len(s.stack) - len(items) :]:
            toll(s, item)  # a triggered ability that targets a Toll permanent is taxed too
        stacked = True
    return stacked or bool(s.waiting)


def keyword_rules(trig: Trigger) -> tuple:
    """The rules of the keyword a trigger comes from — its own cites and, for a keyword's trigger
    event, that keyword's rule (702.28a, 702.30a) — cited as it is put on the stack, as its targets
    and order are chosen, and as it resolves."""
    keyword_rule = (TRIGGER_RULES[trig.when],) if TRIGGER_RULES[trig.when].startswith("702.") else ()
    return tuple(dict.fromkeys((*trig.cites, *keyword_rule)))


def _with_targets(s: GameState, trig: Trigger, log: list) -> Trigger | None:
    """603.3: the controller chooses the targets as it is put on the stack; with no legal
    choice it is removed."""
    if not trig.target_kinds:
        return trig
    chosen = []
    for n, kind in enumerate(trig.target_kinds, 1):
        options = legal_targets(s, trig.controller, kind, trig.source)
        if not options:
            log.append(
                event(
                    f"{trig.label} has no legal target ({kind}): it is removed from the stack",
                    "603.3",
                    "115.1",
                    *keyword_rules(trig),
                )
            )
            return None
        which = f" ({n} of {len(trig.target_kinds)})" if len(trig.target_kinds) > 1 else ""
        chosen += ask(
            s,
            log,
            "trigger-targets",
            trig.controller,
            options,
            f"a target ({kind}) for {trig.label}{which}",
            cites=keyword_rules(trig),
        )
    return replace(trig, targets=tuple(chosen))


def _signature(item: StackItem) -> tuple:
    """What tells two triggers apart: the ability (its label names its card and event), what it
    does and what it names. Which object "this" is does not — two copies of a card trigger alike,
    and so does a delayed trigger whose source has since become a new object (603.7)."""
    return (item.label, item.effects, item.targets)  # compared, never hashed


def _order(s: GameState, player: str, items: list, log: list) -> None:
    """603.3: the player puts their simultaneous triggers on the stack in the order they choose;
    they are stacked in the order they triggered, then rearranged as the answer says."""
    first = _signature(items[0])
    if all(_signature(i) == first for i in items):
        return  # alike in every respect: their order changes nothing
    sources = tuple(dict.fromkeys(i.source for i in items))
    default = tuple(reversed(sources))  # the last triggered sits on top and resolves first
    keyword_cites = tuple(dict.fromkeys(rule for i in items for rule in i.cites))  # the keywords they come from
    answer = ask(
        s,
        log,
        "trigger-order",
        player,
        sources,
        f"the order of {player}'s simultaneous triggers: " + ", ".join(i.label for i in items),
        default=default,
        cites=keyword_cites,
    )
    by_source: dict = {}
    for item in items:
        by_source.setdefault(item.source, []).append(item)
    ordered = [i for src in answer for i in by_source[src]]  # resolution order: the first listed on top
    k = len(s.stack) - len(items)
    uids = sorted(i.uid for i in items)
    s.stack[k:] = [replace(item, uid=uid) for item, uid in zip(reversed(ordered), uids)]
    if answer != default:
        log.append(
            event(
                f"{player} orders their simultaneous triggers: "
                + ", ".join(i.label for i in ordered)
                + " (resolving in that order)",
                "603.3",
                *keyword_cites,
            )
        )


DELAY_POINTS = ("cleanup", "end_step")  # what a delayed trigger may wait for (the next one of the turn)


def delay(
    s: GameState, controller: str, source: str | None, at: str, effects: tuple, targets: list, label: str
) -> None:
    """603.7: a resolving effect creates a delayed trigger; it remembers the objects it names."""
    remembered = tuple((t, s.objects[t].zone, s.objects[t].timestamp) for t in targets if t in s.objects)
    src = s.objects.get(source) if source else None
    s.delayed = s.delayed + (
        Delayed(
            controller,
            source,
            at,
            tuple(effects),
            remembered,
            (src.zone, src.timestamp) if src is not None else None,
            label,
        ),
    )


def fire_delayed(s: GameState, at: str, log: list) -> None:
    """The delayed triggers waiting for `at` trigger, once each (603.7). An object they name is
    followed while it is the same object — it has not changed zones (400.7) — whatever qualities
    it has lost since (700.7)."""
    due = [d for d in s.delayed if d.at == at]
    if not due:
        return
    s.delayed = tuple(d for d in s.delayed if d.at != at)
    for d in due:
        same = [oid for oid, zone, ts in d.remembered if s.objects[oid].zone == zone and s.objects[oid].timestamp == ts]
        src = s.objects.get(d.source) if d.source else None
        source = d.source if src is not None and d.source_seen == (src.zone, src.timestamp) else None
        s.waiting.append(Trigger(d.controller, source, d.effects, d.label, "delayed", tuple(same)))
        lost = len(same) < len(d.remembered)
        log.append(
            event(
                f"{d.label} triggers at the {at.replace('_', ' ')}"
                + (
                    "; what it names has changed zones since, a new object it does not follow"
                    if lost
                    else "; it names the same objects as when it was made"
                ),
                "603.7",
                "700.7",
                *(("400.7",) if lost else ()),
            )
        )


_SCHOLARSHIP = (Effect("modify", {"attack": 1, "vigor": 0, "until": "end_of_turn", "to": "self"}),)


def cast_watchers(s: GameState, player: str, card) -> None:
    """702.27a: whenever a player casts a non-Entity spell, each Entity with Scholarship they
    control triggers (+1 Attack until end of turn)."""
    if card is None or card.type == "Entity":
        return
    for oid in s.battlefield:
        obj = s.objects[oid]
        if obj.controller == player and ch.is_entity(s, obj) and ch.has(s, obj, SCHOLARSHIP):
            s.waiting.append(
                Trigger(player, oid, _SCHOLARSHIP, f"{s.known_card(obj).name}'s Scholarship", "scholarship")
            )


def decay(s: GameState, player: str, log: list) -> None:
    """122.2f, 702.41a: at the beginning of its controller's upkeep, an Entity loses 1 Vigor for
    each decay counter on it — cumulatively, for as long as it stays (the rules say nothing of
    the lost Vigor coming back)."""
    objects = s.objects
    for oid in s.battlefield:
        obj = objects[oid]
        n = obj.counters.get("decay", 0) if obj.counters else 0  # most permanents carry no counters
        if n and obj.controller == player and ch.is_entity(s, obj):
            rot = (Effect("modify", {"attack": 0, "vigor": -n, "until": "permanent", "to": "self"}),)
            s.waiting.append(
                Trigger(player, oid, rot, f"{s.known_card(obj).name}'s decay ({counted(n, 'counter')})", "decay")
            )
