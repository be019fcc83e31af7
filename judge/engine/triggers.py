"""Triggered abilities (603): they wait when their event happens and are stacked, in APNAP
order, the next time a player would receive priority (117.5, 603.3)."""
from __future__ import annotations

from dataclasses import replace

from judge.cards.model import Effect
from judge.engine import characteristics as ch
from judge.engine.events import event
from judge.engine.state import Delayed, GameState, StackItem, Trigger

# The trigger-event table: every `when:` the card format accepts (judge/cards/vocabulary.py
# TRIGGER_EVENTS), and the engine's own keyword triggers, -> the rule a stacked trigger cites.
# To add a trigger event: the word in the vocabulary, its rule here, and a `fire(s, WORD, ...)`
# (or `fire_for_permanents`) where the event happens; tests/test_engine_structure.py checks all three.
TRIGGER_RULES = {"dies": "603.6c", "enters": "603.6a", "drop": "603.14b", "upkeep": "503.1",
                 "end_step": "513.1", "attacks": "508.3a", "blocks": "509.3a", "cast": "601.2i",
                 "champion": "702.28a", "contagion": "702.40a", "night_falls": "603.14a", "day_breaks": "603.14a",
                 "delayed": "603.7", "revenant": "702.46a", "bled": "702.21a", "scholarship": "702.27a",
                 "decay": "702.41a"}


def fire(s: GameState, when: str, oid: str, controller: str | None = None) -> None:
    """Queue every `when` trigger of the object `oid` (looked at as it is now, or as it
    last was: a dies-trigger looks back, 603.6c)."""
    obj = s.objects.get(oid)
    card = s.card(obj) if obj else None
    if card is None or not card.abilities:
        return
    for ability in card.triggers(when):
        s.waiting.append(Trigger(controller or obj.controller, oid, ability.effects,
                                 f"{card.name}'s '{when}' trigger", when))


def fire_for_permanents(s: GameState, when: str, controller: str) -> None:
    for oid in list(s.battlefield):
        if s.objects[oid].controller == controller:
            fire(s, when, oid)


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
                                 when=trig.when))
        s.next_uid += 1
        log.append(event(f"{trig.label} ({trig.controller}) is put on the stack", "603.3", "117.5",
                         TRIGGER_RULES[trig.when]))
    return bool(waiting)


DELAY_POINTS = ("cleanup", "end_step")  # what a delayed trigger may wait for (the next one of the turn)


def delay(s: GameState, controller: str, source: str | None, at: str, effects: tuple, targets: list,
          label: str) -> None:
    """603.7: a resolving effect creates a delayed trigger; it remembers the objects it names."""
    remembered = tuple((t, s.objects[t].zone, s.objects[t].timestamp) for t in targets if t in s.objects)
    src = s.objects.get(source) if source else None
    s.delayed = s.delayed + (Delayed(controller, source, at, tuple(effects), remembered,
                                     (src.zone, src.timestamp) if src is not None else None, label),)


def fire_delayed(s: GameState, at: str, log: list) -> None:
    """The delayed triggers waiting for `at` trigger, once each (603.7). An object they name is
    followed while it is the same object — it has not changed zones (400.7) — whatever qualities
    it has lost since (700.7)."""
    due = [d for d in s.delayed if d.at == at]
    if not due:
        return
    s.delayed = tuple(d for d in s.delayed if d.at != at)
    for d in due:
        same = [oid for oid, zone, ts in d.remembered
                if s.objects[oid].zone == zone and s.objects[oid].timestamp == ts]
        src = s.objects.get(d.source) if d.source else None
        source = d.source if src is not None and d.source_seen == (src.zone, src.timestamp) else None
        s.waiting.append(Trigger(d.controller, source, d.effects, d.label, "delayed", tuple(same)))
        lost = len(same) < len(d.remembered)
        log.append(event(f"{d.label} triggers at the {at.replace('_', ' ')}"
                         + ("; what it names has changed zones since, a new object it does not follow" if lost else
                            "; it names the same objects as when it was made") , "603.7", "700.7",
                         *(("400.7",) if lost else ())))


_SCHOLARSHIP = (Effect("modify", {"attack": 1, "vigor": 0, "until": "end_of_turn", "to": "self"}),)


def cast_watchers(s: GameState, player: str, card) -> None:
    """702.27a: whenever a player casts a non-Entity spell, each Entity with Scholarship they
    control triggers (+1 Attack until end of turn)."""
    if card is None or card.type == "Entity":
        return
    for oid in s.battlefield:
        obj = s.objects[oid]
        if obj.controller == player and ch.is_entity(s, obj) and ch.has(s, obj, "Scholarship"):
            s.waiting.append(Trigger(player, oid, _SCHOLARSHIP, f"{s.card(obj).name}'s Scholarship", "scholarship"))


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
            s.waiting.append(Trigger(player, oid, rot, f"{s.card(obj).name}'s decay ({n} counter(s))", "decay"))
