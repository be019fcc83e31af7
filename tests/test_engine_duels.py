"""An Entity attacked by several unblocked attackers (510.2f; policy C46): under the default each
attack is its own duel, answered in full; under the "510.2e" reading its controller divides its
damage among them (choice duel-division), an answer that does not fit refused citing 510.2e."""

from __future__ import annotations

import pytest

from judge.engine.play.actions import apply, waiting_choice
from judge.engine.scenarios.scenario import load_string

BOARD = """
title: two attackers at one Entity
game: nodawn
TOP
cards:
  - {name: Silent Maren, type: Master, lineage: Liamite, initial_vitae: 20, enlightenment: 1, text: "Liamite Master."}
  - {name: Tollgate Warden, type: Entity, subtypes: [Soldier], cost: {vitae: 4}, attack: 4, vigor: 7, blood_seal: 1,
     KEYWORDS text: "A 4/7."}
  - {name: Road Raider, type: Entity, subtypes: [Vampire], cost: {vitae: 2}, attack: 2, vigor: 3, blood_seal: 1,
     text: "A 2/3."}
  - {name: Hill Brute, type: Entity, subtypes: [Beast], cost: {vitae: 2}, attack: 2, vigor: 4, blood_seal: 1,
     text: "A 2/4."}
turn: {active: Ana, round: The Hunt, phase: combat, step: declare_attackers}
players:
  - name: Ana
    master: {card: Aurelio Torretti, vitae: 20}
    battlefield:
      - {card: Gilded Haven}
      - {card: Road Raider, id: raider}
      - {card: Hill Brute, id: brute}
  - name: Ben
    master: {card: Silent Maren, vitae: 20}
    battlefield:
      - {card: The Counting-House Dark}
      - {card: Tollgate Warden, id: warden}
actions: []
expect: [{stack: 0}]
"""
BOTH = {
    "player": "Ana",
    "attack": [{"attacker": "raider", "target": "warden"}, {"attacker": "brute", "target": "warden"}],
}
TO_BLOCKS = {"until": {"phase": "combat", "step": "declare_blockers"}}
TO_END = {"until": {"phase": "combat", "step": "end_of_combat"}}
DIVIDED = "policies: {C46: '510.2e'}"


def fight(top: str = "", attack=BOTH, keywords: str = ""):
    """The state at the end of combat (or waiting at the division), and every event on the way."""
    state = load_string(BOARD.replace("TOP", top).replace("KEYWORDS", keywords)).state
    log = []
    for action in (attack, TO_BLOCKS, TO_END):
        state, events = apply(state, action)
        assert not any(e.refused or e.engine_error for e in events), [e.text for e in events]
        log += events
    return state, log


def damage(state) -> dict:
    """Each combatant's damage counters, or "dead" once it is in the Spoils (counters do not follow it)."""

    def one(obj):
        return obj.damage if obj.zone == "battlefield" else "dead" if obj.zone == "spoils" else obj.zone

    return {oid: one(state.objects[oid]) for oid in ("warden", "raider", "brute")}


def test_by_default_each_attack_is_its_own_duel_in_full():
    state, log = fight()
    assert damage(state) == {"warden": 4, "raider": "dead", "brute": "dead"}
    duel = [e for e in log if e.policy == "C46"]
    assert len(duel) == 1
    assert {"nd:510.2f", "nd:510.2e", "nd:509.1b"} <= set(duel[0].rules)


def test_one_attacker_is_a_plain_duel_and_no_policy_applies():
    state, log = fight(DIVIDED, attack={"player": "Ana", "attack": [{"attacker": "raider", "target": "warden"}]})
    assert waiting_choice(state) is None
    assert damage(state) == {"warden": 2, "raider": "dead", "brute": 0}
    assert not any(e.policy == "C46" for e in log)
    assert any("nd:510.2f" in e.rules and "strikes back" in e.text for e in log)


def test_divided_the_step_waits_for_the_defending_player():
    state, log = fight(DIVIDED)
    choice = waiting_choice(state)
    assert (choice.kind, choice.player, choice.options, choice.count) == (
        "duel-division",
        "Ben",
        ("raider", "brute"),
        (4, 4),
    )
    assert log[-1].asks and log[-1].rules[0] == "nd:510.2e"
    assert damage(state) == {"warden": 0, "raider": 0, "brute": 0}


@pytest.mark.parametrize(
    "answer",
    [
        {"raider": 2, "brute": 1},  # 3, not its Attack 4 (510.2a)
        {"raider": 5, "brute": -1},  # a negative share
        {"raider": 2.5, "brute": 1.5},  # not whole numbers
        {"raider": True, "brute": 3},  # a flag is not a number
        {"raider": 2, "warden": 2},  # the Warden is not attacking it
        {"raider": 2, "Road Raider": 2},  # the same attacker named twice
        ["raider", "brute"],  # not a division
    ],
    ids=["short", "negative", "fraction", "flag", "not-an-attacker", "twice", "a-list"],
)
def test_a_division_that_does_not_fit_is_refused_citing_510_2e_and_changes_nothing(answer):
    waiting, _ = fight(DIVIDED)
    after, events = apply(waiting, {"player": "Ben", "choose": answer})
    assert after is waiting and waiting_choice(after) is not None
    assert len(events) == 1 and events[0].refused and events[0].rules[0] == "nd:510.2e", [e.text for e in events]


def test_the_division_is_the_defending_players():
    waiting, _ = fight(DIVIDED)
    after, events = apply(waiting, {"player": "Ana", "choose": {"raider": 4}})
    assert after is waiting and events[0].refused and "nd:510.2e" in events[0].rules


def test_all_to_one_is_a_division():
    waiting, _ = fight(DIVIDED)
    state, events = apply(waiting, {"player": "Ben", "choose": {"brute": 4}})
    assert damage(state) == {"warden": 4, "raider": 0, "brute": "dead"}
    struck = [e for e in events if e.policy == "C46"]
    assert len(struck) == 1 and "4 to Hill Brute" in struck[0].text and "0 to Road Raider" in struck[0].text
    assert {"nd:510.2e", "nd:510.2f"} <= set(struck[0].rules)


def test_frenzy_divides_afresh_in_each_damage_step():
    """510.1, 702.3a: a Frenzy Entity assigns alone in the first damage step, then again in the
    second; each time its controller divides among the attackers still in combat."""
    waiting, _ = fight(DIVIDED, keywords="keywords: [Frenzy],")
    state, _ = apply(waiting, {"player": "Ben", "choose": {"raider": 1, "brute": 3}})
    assert damage(state) == {"warden": 0, "raider": 1, "brute": 3}
    choice = waiting_choice(state)
    assert (choice.kind, choice.options, choice.count) == ("duel-division", ("raider", "brute"), (4, 4))
    state, _ = apply(state, {"player": "Ben", "choose": {"raider": 2, "brute": 2}})
    assert waiting_choice(state) is None and state.step == "end_of_combat"
    assert damage(state) == {"warden": 4, "raider": "dead", "brute": "dead"}


def test_the_stated_default_is_lethal_in_order_and_venom_makes_one_lethal():
    state, log = fight(f"{DIVIDED}\ndefaults: [duel-division]")
    assert damage(state) == {"warden": 4, "raider": "dead", "brute": 1}
    assert any("a default is taken for Ben" in e.text for e in log)
    state, _ = fight(f"{DIVIDED}\ndefaults: engine", keywords="keywords: [Venom],")
    assert damage(state) == {"warden": 4, "raider": "dead", "brute": "dead"}
