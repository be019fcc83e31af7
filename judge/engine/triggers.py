"""Triggered abilities (603): they wait when their event happens and are stacked, in APNAP
order, the next time a player would receive priority (117.5, 603.3). Each player puts their own
on the stack in the order they choose, choosing each one's targets as it goes on (603.3); an
intervening "if" is checked as the ability triggers and again as it resolves (603.4)."""
from __future__ import annotations

from dataclasses import replace

from judge.cards.model import Effect
from judge.engine import conditions
from judge.engine import characteristics as ch
from judge.engine.asking import ask
from judge.engine.events import event
from judge.engine.state import GameState, StackItem, Trigger
from judge.engine.targeting import legal_targets

# The trigger-event table: every `when:` the card format accepts (judge/cards/vocabulary.py
# TRIGGER_EVENTS), and the engine's own keyword triggers, -> the rule a stacked trigger cites.
# To add a trigger event: the word in the vocabulary, its rule here, and a `fire(s, WORD, ...)`
# (or `fire_for_permanents`) where the event happens; tests/test_engine_structure.py checks all three.
TRIGGER_RULES = {"dies": "603.6c", "enters": "603.6a", "drop": "603.14b", "upkeep": "503.1",
                 "end_step": "513.1", "attacks": "508.3a", "blocks": "509.3a", "cast": "601.2i",
                 "becomes_blocked": "509.3a", "blocked_by_entity": "700.1", "deals_damage": "603.2e",
                 "sacrifices": "701.12a",
                 "champion": "702.28a", "contagion": "702.40a", "toll": "702.14a", "reckoning": "702.50a",
                 "clause": "714.2"}  # a Contract's clause ability, awakened by Lore counters (contracts.py)


def fire(s: GameState, when: str, oid: str, controller: str | None = None, log: list | None = None) -> None:
    """Queue every `when` trigger of the object `oid` (looked at as it is now, or as it
    last was: a dies-trigger looks back, 603.6c). An ability whose intervening "if" is false
    now never triggers (603.4); `log`, when given, is told so."""
    obj = s.objects.get(oid)
    card = s.card(obj) if obj else None
    if card is None:
        return
    for ability in card.triggers(when):
        who = controller or obj.controller
        if ability.condition and not conditions.holds(s, ability.condition, who):
            # 603.4: an intervening "if" false as the event happens: the ability does not trigger
            if log is not None:
                log.append(event(f"{card.name}'s '{when}' ability does not trigger: its condition "
                                 f"({conditions.describe(ability.condition)}) is not met",
                                 "603.4", *conditions.rules(ability.condition)))
            continue
        s.waiting.append(Trigger(who, oid, ability.effects, f"{card.name}'s '{when}' trigger", when,
                                 target_kinds=tuple(spec["kind"] for spec in ability.targets),
                                 condition=ability.condition))


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
        price = ch.keyword_value(s, obj, "Toll")
        if price is None:
            continue
        effects = (Effect("counter_unless_pays", {"amount": int(price or 0), "to": "target"}),)
        s.waiting.append(Trigger(obj.controller, target, effects, f"{s.card(obj).name}'s Toll {price} trigger",
                                 "toll", (ref,), cites=("702.14a", "603.14c")))


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
        mine = [_with_targets(s, t, log) for t in waiting if t.controller == player]
        mine = [t for t in mine if t is not None]
        if not mine:
            continue
        items = []
        for trig in mine:
            items.append(StackItem("ability", trig.controller, source=trig.source, effects=trig.effects,
                                   targets=tuple(trig.targets), label=trig.label, uid=s.next_uid, group=group,
                                   target_kinds=trig.target_kinds, condition=trig.condition, cites=trig.cites))
            s.next_uid += 1
            s.stack.append(items[-1])
            log.append(event(f"{trig.label} ({trig.controller}) is put on the stack", "603.3", "117.5",
                             TRIGGER_RULES[trig.when]))
        _order(s, player, items, log)
        for item in s.stack[len(s.stack) - len(items):]:
            toll(s, item)  # a triggered ability that targets a Toll permanent is taxed too
        stacked = True
    return stacked or bool(s.waiting)


def _with_targets(s: GameState, trig: Trigger, log: list) -> Trigger | None:
    """603.3: the controller chooses the targets as it is put on the stack; with no legal
    choice it is removed."""
    if not trig.target_kinds:
        return trig
    chosen = []
    for n, kind in enumerate(trig.target_kinds, 1):
        options = legal_targets(s, trig.controller, kind, trig.source)
        if not options:
            log.append(event(f"{trig.label} has no legal target ({kind}): it is removed from the stack", "603.3",
                             "115.1"))
            return None
        which = f" ({n} of {len(trig.target_kinds)})" if len(trig.target_kinds) > 1 else ""
        chosen += ask(s, log, "trigger-targets", trig.controller, options, f"a target ({kind}) for {trig.label}{which}")
    return replace(trig, targets=tuple(chosen))


def _signature(s: GameState, item: StackItem) -> tuple:
    obj = s.objects.get(item.source)
    return (obj.card if obj else item.source, item.effects, item.targets)  # compared, never hashed


def _order(s: GameState, player: str, items: list, log: list) -> None:
    """603.3: the player puts their simultaneous triggers on the stack in the order they choose;
    they are stacked in the order they triggered, then rearranged as the answer says."""
    first = _signature(s, items[0])
    if all(_signature(s, i) == first for i in items):
        return  # alike in every respect: their order changes nothing
    sources = tuple(dict.fromkeys(i.source for i in items))
    default = tuple(reversed(sources))  # the last triggered sits on top and resolves first
    answer = ask(s, log, "trigger-order", player, sources,
                 f"the order of {player}'s simultaneous triggers: " + ", ".join(i.label for i in items),
                 default=default)
    by_source: dict = {}
    for item in items:
        by_source.setdefault(item.source, []).append(item)
    ordered = [i for src in answer for i in by_source[src]]  # resolution order: the first listed on top
    k = len(s.stack) - len(items)
    uids = sorted(i.uid for i in items)
    s.stack[k:] = [replace(item, uid=uid) for item, uid in zip(reversed(ordered), uids)]
    if answer != default:
        log.append(event(f"{player} orders their simultaneous triggers: " + ", ".join(i.label for i in ordered)
                         + " (resolving in that order)", "603.3"))

