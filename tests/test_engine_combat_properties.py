"""Property tests for combat and the continuous-effect systems: random sequences of attacks,
blocks, Ward springs, pumps, shields and passes on a board full of statics never let an Entity
both attack and block, never make damage negative, never leave a standing Haven below 0 Defense
when a player holds priority, and keep every card in exactly one zone."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_engine_properties import check_invariants

from judge.engine.play.actions import apply
from judge.engine.reading import characteristics as ch
from judge.engine.scenarios.scenario import load_string

BOARD = """
title: combat property board
game: nodawn
cards:
  - {name: Silent Maren, type: Master, lineage: Liamite, initial_vitae: 20, enlightenment: 1, text: "Liamite Master."}
  - {name: Thornward, type: Trap, cost: {vitae: 1}, blood_seal: 1, text: "Deal 3 damage to the attacker.",
     abilities: [{spell: [{deal_damage: {amount: 3, to: target}}]}]}
  - {name: Wardlight, type: Trap, cost: {vitae: 1}, blood_seal: 1, text: "Prevent its combat damage.",
     abilities: [{spell: [{prevent_damage: {amount: all, from: target, combat: true}}]}]}
  - {name: Moon Totem, type: Relic, cost: {vitae: 2}, blood_seal: 1, text: "Night anthem.",
     statics: [{modify: {attack: 1, vigor: 1}, affects: own_entities, while: night}]}
  - {name: Furnace Idol, type: Relic, cost: {vitae: 2}, blood_seal: 1, text: "Doubler.",
     statics: [{double_damage: true, affects: own_sources}]}
  - {name: Carapace Knight, type: Entity, subtypes: [Noble], cost: {vitae: 3}, attack: 1, vigor: 4, blood_seal: 1,
     keywords: [Vigilance, Contagion], text: "Reduce 1.", statics: [{reduce_damage: 1}]}
  - {name: Plague Leech, type: Entity, subtypes: [Vampire], cost: {vitae: 1}, attack: 1, vigor: 1,
     blood_seal: 1, keywords: [Venom, Feed, Overrun, Celerity], text: "Venom, Feed, Overrun, Celerity."}
  - {name: Veil of Ash, type: Caprice, cost: {vitae: 1}, blood_seal: 1, text: "Shield 2.",
     abilities: [{spell: [{prevent_damage: {amount: 2, to: target}}]}], targets: [{kind: Entity}]}
  - {name: War Hymn, type: Caprice, cost: {vitae: 1}, blood_seal: 1, text: "Pump and switch.",
     abilities: [{spell: [{modify: {attack: 2, vigor: -1, to: target}}, {switch_stats: {to: target}}]}],
     targets: [{kind: Entity}]}
turn: {active: Ana, round: The Vanish, phase: combat, step: beginning_of_combat}
players:
  - name: Ana
    master: {card: Aurelio Torretti, vitae: 20}
    pool: 6
    hand: [Veil of Ash, War Hymn]
    battlefield:
      - {card: Bricked-Up Chapel, id: chapel}
      - {card: Moon Totem}
      - {card: Carapace Knight, id: knight}
      - {card: Plague Leech, id: leech}
      - {card: Siege-Ladder Serjeant, id: serjeant}
      - {card: Black Company Pikeman, id: pikeman}
      - {card: Duskcaller Shaman, id: shaman}
    wards: [{card: Wardlight, id: ana-ward}]
  - name: Ben
    master: {card: Silent Maren, vitae: 20}
    pool: 6
    hand: [{card: Veil of Ash, id: veil-b}, {card: War Hymn, id: hymn-b}]
    battlefield:
      - {card: Tollhouse of the Nine Gates, id: toll}
      - {card: Furnace Idol}
      - {card: Iron Column, id: column, damage: 2}
      - {card: Alpha of the Hunt, id: alpha}
      - {card: Sister Perpetua, id: perpetua}
      - {card: Gilded Emissary, id: emissary}
    wards: [{card: Thornward, id: ward1}, {card: Thornward, id: ward2}]
actions: []
expect: []
"""
START = load_string(BOARD).state


def candidates(s) -> list:
    out: list = [
        "pass",
        {"until": {"phase": "combat", "step": "declare_attackers"}},
        {"until": {"phase": "combat", "step": "combat_damage"}},
    ]
    mine = [o for o in s.battlefield if s.objects[o].controller == s.active and not s.objects[o].drained]
    theirs = [o for o in s.battlefield if s.objects[o].controller != s.active]
    defender = next((p.name for p in s.living if p.name != s.active), None)
    for a in mine:
        for t in theirs[:4] + ([defender] if defender else []):
            out.append({"player": s.active, "attack": [{"attacker": a, "target": t}]})
    if len(mine) > 2:
        out.append({"player": s.active, "attack": [{"attacker": a, "target": theirs[0]} for a in mine[:3]]})
    for att in s.attacks:
        defenders = [o for o in s.battlefield if s.objects[o].controller == att.defender]
        for b in defenders + mine[:1]:  # mostly the defender's own Entities, one illegal choice
            out.append({"player": att.defender, "block": [{"blocker": b, "attacker": att.attacker}]})
        if len(defenders) > 1:
            out.append(
                {"player": att.defender, "block": [{"blocker": b, "attacker": att.attacker} for b in defenders[:2]]}
            )
        for p in s.players:
            for w in p.wards:
                out.append({"player": p.name, "spring": w, "attacker": att.attacker})
    for p in s.living:
        out.append({"player": p.name, "pass": True})
        for oid in p.hand:
            for t in mine[:2] + theirs[:2]:
                out.append({"player": p.name, "cast": oid, "targets": [t]})
    return out


def check_combat(s) -> None:
    attackers = {a.attacker for a in s.attacks}
    blockers = {b for a in s.attacks for b in a.blockers}
    assert not attackers & blockers, f"both attacking and blocking: {attackers & blockers}"
    for oid, obj in s.objects.items():
        assert obj.damage >= 0, f"{oid} has negative damage {obj.damage}"
    if s.priority is not None:
        for oid in s.battlefield:
            obj = s.objects[oid]
            if ch.ctype(s, obj) == "Haven":
                assert ch.defense(s, obj) > 0, f"{oid} stands at Defense {ch.defense(s, obj)}"


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_combats_keep_the_invariants(data):
    state = START
    check_invariants(state)
    for _ in range(data.draw(st.integers(min_value=1, max_value=20), label="length")):
        action = data.draw(st.sampled_from(candidates(state)), label="action")
        before = state
        state, events = apply(state, action)
        assert not [e for e in events if e.engine_error], [e.detail for e in events]
        if any(e.refused for e in events):
            assert state is before
        check_invariants(state)
        check_combat(state)
        if state.game_over:
            break
