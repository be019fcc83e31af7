"""Which events of a replay decided its outcome, read from the replay contract's plain data.

The engine marks the events that changed the outcome — a loss, a win, a draw, a permanent's
death — with the kind "outcome". In a replay that has any, those and the refused actions (kind
"refusal") are decisive and lead, followed by the play of the steps where an outcome happened
(the damage dealt, the spell resolved): the payments and casts of earlier steps are not. A replay without a
loss, win or death is decided by what it did to the board: then an event is decisive when it
refused an action, or when it is a play event (kind "event") of a step that moved a card or
changed a meter (the boards before and after the step, `final`-shaped dicts, design.md, differ
in a zone or a meter). Priority passed or received has its own kind ("priority") and is never
decisive, nor are choices asked and notes of what is not modelled. Nothing here names a rule
or a card: it reads kinds and boards.
"""

from __future__ import annotations

REFUSAL = "refusal"
PLAY = "event"  # the kind of an ordinary event (the contract leaves the key out for it)
OUTCOME = "outcome"

# The fields of the contract's board that say where cards are (a count or a list of names) and
# those that are meters; a change in any of them is what makes a step decisive.
PLAYER_ZONES = ("hand", "domain", "spoils", "pit", "void", "shelter", "power_slot", "wards")
PLAYER_METERS = ("vitae", "corruption", "wrath", "pool")
OBJECT_METERS = ("damage", "counters")
MOVED, METER = "moved", "meter"


def what_changed(before: dict, after: dict) -> list[str]:
    """MOVED and/or METER, as the boards before and after a step show them (sorted). A board
    lacking a field the contract has is a KeyError: a changed contract must not go unnoticed."""
    changed: set[str] = set()
    players = {p["name"]: p for p in before["players"]}
    for player in after["players"]:
        old = players[player["name"]]
        if any(old[k] != player[k] for k in PLAYER_ZONES):
            changed.add(MOVED)
        if any(old[k] != player[k] for k in PLAYER_METERS):
            changed.add(METER)
    old_objects = {o["id"]: o for o in before["battlefield"]}
    new_objects = {o["id"]: o for o in after["battlefield"]}
    if old_objects.keys() != new_objects.keys() or _stack(before) != _stack(after):
        changed.add(MOVED)
    for oid in old_objects.keys() & new_objects.keys():
        # "counters" is left out of an object without any
        if any(old_objects[oid].get(k, 0) != new_objects[oid].get(k, 0) for k in OBJECT_METERS):
            changed.add(METER)
    return sorted(changed)


def _stack(board: dict) -> list:
    return [(item["controller"], item["label"]) for item in board["stack"]]


def decisive_rules(steps: list[dict], rule_id=str) -> tuple[list[list[bool]], tuple[str, ...]]:
    """For contract steps carrying `changed`: whether each event is decisive (one list per
    step) and the rules of the decisive events (as `rule_id` spells them). In a replay with an
    outcome, the rules of the outcome events and refusals come first, then those of the play
    that led to an outcome within its step; otherwise they are in citing order."""
    flags: list[list[bool]] = []
    first: dict[str, None] = {}
    then: dict[str, None] = {}
    settled = any(ev.get("kind") == OUTCOME for step in steps for ev in step.get("events") or [])
    for step in steps:
        events = step.get("events") or []
        decided_here = any(ev.get("kind") == OUTCOME for ev in events)
        marks = []
        for ev in events:
            kind = ev.get("kind", PLAY)
            if settled:
                decisive = kind in (OUTCOME, REFUSAL) or (kind == PLAY and decided_here)
            else:
                decisive = kind == REFUSAL or (kind == PLAY and bool(step.get("changed")))
            marks.append(decisive)
            if decisive:
                into = first if kind in (OUTCOME, REFUSAL) or not settled else then
                into.update(dict.fromkeys(rule_id(r) for r in ev.get("rules") or []))
        flags.append(marks)
    return flags, tuple(first) + tuple(r for r in then if r not in first)
