"""Triggered abilities (603): they wait when their event happens and are stacked, in APNAP
order, the next time a player would receive priority (117.5, 603.3)."""
from __future__ import annotations

from dataclasses import replace

from judge.engine.events import event
from judge.engine.state import GameState, StackItem, Trigger

# The trigger-event table: every `when:` the card format accepts (judge/cards/vocabulary.py
# TRIGGER_EVENTS), and the engine's own keyword triggers, -> the rule a stacked trigger cites.
# To add a trigger event: the word in the vocabulary, its rule here, and a `fire(s, WORD, ...)`
# (or `fire_for_permanents`) where the event happens; tests/test_engine_structure.py checks all three.
TRIGGER_RULES = {"dies": "603.6c", "enters": "603.6a", "drop": "603.14b", "upkeep": "503.1",
                 "end_step": "513.1", "attacks": "508.3a", "blocks": "509.3a", "cast": "601.2i",
                 "champion": "702.28a", "contagion": "702.40a",
                 "clause": "714.2"}  # a Contract's clause ability, awakened by Lore counters (contracts.py)


def _different_names(s: GameState, controller: str, n: int) -> bool:
    """201.3b: N or more Entities the controller controls, each with a name, no two sharing one —
    a nameless object (a face-down guise, 708.2) never counts."""
    names = {s.card(o).name for o in s.battlefield if s.objects[o].controller == controller
             and s.card(o) is not None and s.card(o).is_a("Entity") and s.card(o).name}
    return len(names) >= n


# A triggered ability's intervening if (603.4; the card vocabulary's TRIGGER_CONDITIONS) ->
# (whether it holds for the ability's controller, the rules it cites).
CONDITIONS = {"different_names": (_different_names, ("201.3b",))}


def condition_holds(s: GameState, controller: str, condition: tuple) -> bool:
    return all(CONDITIONS[kind][0](s, controller, n) for kind, n in condition)


def condition_rules(condition: tuple) -> tuple:
    return tuple(r for kind, _ in condition for r in CONDITIONS[kind][1])


def fire(s: GameState, when: str, oid: str, controller: str | None = None, log: list | None = None) -> None:
    """Queue every `when` trigger of the object `oid` (looked at as it is now, or as it
    last was: a dies-trigger looks back, 603.6c). An ability whose intervening "if" is false
    does not trigger (603.4); `log`, when given, is told so."""
    obj = s.objects.get(oid)
    card = s.card(obj) if obj else None
    if card is None:
        return
    for ability in card.triggers(when):
        who = controller or obj.controller
        if ability.condition and not condition_holds(s, who, ability.condition):
            # 603.4: an intervening "if" false as the event happens: the ability does not trigger
            if log is not None:
                log.append(event(f"{card.name}'s '{when}' ability does not trigger: its condition "
                                 f"({', '.join(f'{k} {n}' for k, n in ability.condition)}) is not met",
                                 "603.4", *condition_rules(ability.condition)))
            continue
        s.waiting.append(Trigger(who, oid, ability.effects, f"{card.name}'s '{when}' trigger", when,
                                 condition=ability.condition))


def fire_for_permanents(s: GameState, when: str, controller: str, log: list | None = None) -> None:
    for oid in list(s.battlefield):
        if s.objects[oid].controller == controller:
            fire(s, when, oid, log=log)


def reorder(s: GameState, player: str, sources: list, log: list) -> bool:
    """Reorder the player's simultaneous triggers at the top of the stack so that they resolve in
    the order `sources` lists them (603.3: the controller chooses their relative order).
    Returns False when `sources` does not name exactly such a group."""
    top = s.stack[-1] if s.stack else None
    if top is None or top.kind != "ability" or not top.group:
        return False
    mine = [i for i in s.stack if i.group == top.group and i.controller == player]
    k = len(s.stack) - len(mine)
    if s.stack[k:] != mine or sorted(i.source for i in mine) != sorted(sources):
        return False
    by_source: dict = {}
    for item in mine:
        by_source.setdefault(item.source, []).append(item)
    ordered = [by_source[src].pop(0) for src in sources]  # resolution order: first listed on top
    uids = sorted(i.uid for i in mine)
    # the stack's ids stay increasing bottom to top
    s.stack[k:] = [replace(item, uid=uid) for item, uid in zip(reversed(ordered), uids)]
    log.append(event(f"{player} orders their simultaneous triggers: " + ", ".join(i.label for i in ordered)
                     + " (resolving in that order)", "603.3"))
    return True


def stack_waiting(s: GameState, log: list) -> bool:
    """Put waiting triggers on the stack in APNAP order: the active player's first, so the
    last player's resolve first (603.3). Returns whether anything was stacked."""
    if not s.waiting:
        return False
    order = {p.name: i for i, p in enumerate(s.apnap())}
    waiting = [t for t in s.waiting if t.controller in order]
    s.waiting = []
    waiting.sort(key=lambda t: order[t.controller])  # stable: trigger order within a player
    group = s.next_uid
    for trig in waiting:
        s.stack.append(StackItem("ability", trig.controller, source=trig.source, effects=trig.effects,
                                 targets=tuple(trig.targets), label=trig.label, uid=s.next_uid, group=group,
                                 condition=trig.condition))
        s.next_uid += 1
        log.append(event(f"{trig.label} ({trig.controller}) is put on the stack", "603.3", "117.5",
                         TRIGGER_RULES[trig.when]))
    return bool(waiting)
