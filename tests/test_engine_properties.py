"""Property tests: random action sequences (mostly legal, some not) never put a card in two
zones, never break the stack's last-in-first-out order, and never make the engine fail."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.engine.core.state import PHASES, STEPS
from judge.engine.play.actions import apply, waiting_choice
from judge.engine.scenarios.scenario import load_string

BOARD = """
title: property board
game: nodawn
cards:
  - {name: Silent Maren, type: Master, lineage: Liamite, initial_vitae: 20, enlightenment: 1, text: "Liamite Master."}
  - {name: Plague Leech, type: Entity, subtypes: [Vampire], cost: {vitae: 1}, attack: 1, vigor: 1,
     blood_seal: 1, keywords: [Venom, Feed, Overrun], text: "Venom, Feed, Overrun.",
     abilities: [{triggered: {when: dies, effects: [{draw: 1}]}}]}
  # a night-bound 2/3 like the Risen Pallbearer, whose Exhume the engine does not model yet
  - {name: Grave Porter, type: Entity, subtypes: [Vampire, Servant], cost: {vitae: 3}, attack: 2, vigor: 3,
     blood_seal: 2, binding: night, text: "A night-bound 2/3."}
turn: {active: Ana, round: The Vanish, phase: main1}
players:
  - name: Ana
    master: {card: Aurelio Torretti, vitae: 20}
    pool: [{amount: 4, source: Sacred}, 4]
    hand: [Sacramental Fire, Slip the Knife, Black Company Pikeman, Not Tonight, Deluge of Ink, Sell the Bones]
    domain: 12
    battlefield:
      - {card: Gilded Haven}
      - {card: Scriptorium Drudge, id: drudge}
      - {card: Plague Leech, id: leech}
      - {card: Grave Porter, id: porter}
      - {card: Duskcaller Shaman, id: shaman}
      - {card: Cask of the Old Vintage, id: cask}
  - name: Ben
    master: {card: Silent Maren, vitae: 20}
    pool: 3
    hand: ["Apostate's Bargain", Slip the Knife, Marginalia, Not Tonight]
    domain: 12
    battlefield:
      - {card: The Counting-House Dark, id: dark}
      - {card: Iron Column, id: column, damage: 2}
      - {card: Alpha of the Hunt, id: alpha}
      - {card: Blood token, id: blood, token: true}
actions: []
expect: []
"""
START = load_string(BOARD).state


def zone_membership(s) -> dict:
    seen: dict[str, list[str]] = {}

    def add(oid, zone):
        if oid is not None:
            seen.setdefault(oid, []).append(zone)

    for oid in s.battlefield:
        add(oid, "battlefield")
    for p in s.players:
        for zone in ("hand", "domain", "spoils", "void", "pit", "shelter", "slot", "wards"):
            for oid in getattr(p, zone):
                add(oid, zone)
    for item in s.stack:
        add(item.obj, "stack")
        for oid in item.batch:
            add(oid, "stack")
    return seen


def check_invariants(s) -> None:
    seen = zone_membership(s)
    for oid, zones in seen.items():
        assert len(zones) == 1, f"{oid} is in {zones}"
        assert s.objects[oid].zone == zones[0], f"{oid} says {s.objects[oid].zone}, lives in {zones[0]}"
    for oid, obj in s.objects.items():
        if oid not in seen:
            assert obj.zone in ("gone", "left"), f"{oid} ({obj.zone}) is in no zone"
    uids = [i.uid for i in s.stack]
    assert uids == sorted(uids) and len(set(uids)) == len(uids), "the stack is not last-in-first-out"


def candidates(s) -> list:
    """Actions worth trying in this state: every hand card, field source, attack and block, passes."""
    out: list = ["pass", {"until": {"phase": "main1", "step": None}}]
    ids = list(s.battlefield) + [f"stack:{i.uid}" for i in s.stack] + [p.name for p in s.players]
    for p in s.living:
        out.append({"player": p.name, "pass": True})
        for oid in p.hand:
            card = s.card(oid)
            if card is None:
                continue
            n = len(card.targets)
            out.append({"player": p.name, "cast": oid, "targets": ids[:0] if n == 0 else None, "_n": n})
        out.append({"player": p.name, "seal": list(p.hand[:2])} if p.hand else "pass")
        for oid in s.battlefield:
            if s.objects[oid].controller == p.name:
                out += [
                    {"player": p.name, "drain": oid},
                    {"player": p.name, "sacrifice": oid},
                    {"player": p.name, "activate": oid, "ability": 1},
                ]
    mine = [o for o in s.battlefield if s.objects[o].controller == s.active]
    theirs = [o for o in s.battlefield if s.objects[o].controller != s.active]
    for a in mine:
        for t in theirs[:3]:
            out.append({"player": s.active, "attack": [{"attacker": a, "target": t}]})
    for att in s.attacks:
        for b in theirs:
            out.append({"player": att.defender, "block": [{"blocker": b, "attacker": att.attacker}]})
    out += [{"until": {"phase": ph, "step": st_}} for ph in PHASES for st_ in STEPS[ph] if st_ != "replenish"]
    choice = waiting_choice(s)
    if choice is not None:  # the choice play waits for: a fitting answer, the options whole, none, and the words
        least = choice.count[0]
        out += [
            {"player": choice.player, "choose": list(choice.options[: max(least, 1)])},
            {"player": choice.player, "choose": list(choice.options)},
            {"player": choice.player, "choose": []},
        ]
        out += [{"player": choice.player, "choose": word} for word in choice.options[:2]]
        if choice.keys:
            out.append({"player": choice.player, "choose": {choice.keys[0]: list(choice.options[:1])}})
    return out


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_action_sequences_keep_the_invariants(data):
    state = START
    check_invariants(state)
    for _ in range(data.draw(st.integers(min_value=1, max_value=25), label="length")):
        action = data.draw(st.sampled_from(candidates(state)), label="action")
        if isinstance(action, dict) and "_n" in action:
            n = action.pop("_n")
            pool = list(state.battlefield) + [i.obj or f"stack:{i.uid}" for i in state.stack]
            action["targets"] = [data.draw(st.sampled_from(pool), label="target") for _ in range(n)] if pool else []
            if data.draw(st.booleans(), label="x") and action["cast"] in state.objects:
                action["x"] = data.draw(st.integers(0, 3), label="x value")
        before = state
        state, events = apply(state, action)
        assert not [e for e in events if e.engine_error], [e.detail for e in events]
        if any(e.refused for e in events):
            assert state is before
        check_invariants(state)
        if state.game_over:
            break
