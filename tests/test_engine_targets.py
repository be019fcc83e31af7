"""Targets by slot (issue 32, item 2): 115.1 — targets are chosen as the spell is cast and "can't
be changed"; 608.3 — with some targets illegal, the spell "does nothing to the illegal ones" and
"never re-aims". An effect names its slot (first_target, second_target, third_target) or every
target (each_target); `target` on a card with several targets is refused at load until the card
says which. Bad input: a cast naming a target slot the card lacks, and an answer to a choice no
one asked, are refused naming the scenario's file, line and rule, with the state unchanged."""

from __future__ import annotations

import re
from itertools import product

import pytest
from test_engine_recheck import content

from judge.engine.play.actions import apply
from judge.engine.scenarios.replay import run
from judge.engine.scenarios.scenario import load_string
from judge.yamlio import ScenarioError

BOARD = """
title: a two-target spell
game: nodawn
cards:
  - {{name: Silent Maren, type: Master, lineage: Liamite, initial_vitae: 20, enlightenment: 1, text: "Liamite Master."}}
  - {{name: Split Spell, type: Caprice, cost: {{vitae: 0}}, blood_seal: 1, text: "fixture",
     abilities: [{{spell: [{effects}]}}], targets: [{{kind: Entity}}, {{kind: Entity}}]}}
  - {{name: Homeward, type: Caprice, cost: {{vitae: 0}}, blood_seal: 1, text: "Return target Entity to its owner's hand.",
     abilities: [{{spell: [{{return_to_hand: {{to: target}}}}]}}], targets: [{{kind: Entity}}]}}
turn: {{active: Ana, round: The Hunt, phase: main1}}
players:
  - name: Ana
    master: {{card: Aurelio Torretti, vitae: 20}}
    hand: [Split Spell]
    battlefield: [{{card: Gilded Haven}}]
  - name: Ben
    master: {{card: Silent Maren, vitae: 20}}
    hand: [Homeward]
    battlefield:
      - {{card: The Counting-House Dark}}
      - {{card: Iron Column, id: one}}
      - {{card: Black Company Pikeman, id: two}}
actions:
  - {{player: Ana, cast: Split Spell, targets: {targets}}}
  - {{player: Ana, pass: true}}
{response}
  - pass
expect: [{{stack: 0}}]
"""
DAMAGE = {
    "first_target": "{deal_damage: {amount: 1, to: first_target}}",
    "second_target": "{deal_damage: {amount: 1, to: second_target}}",
    "each_target": "{deal_damage: {amount: 1, to: each_target}}",
}


def board(effects: str, targets: str = "[one, two]", leaves: str | None = None) -> str:
    response = (
        f"  - {{player: Ben, cast: Homeward, targets: [{leaves}]}}\n  - pass"
        if leaves
        else "  - {player: Ben, pass: true}"
    )
    return BOARD.format(effects=effects, targets=targets, response=response)


@pytest.mark.parametrize("slot,leaves", list(product(DAMAGE, [None, "one", "two"])))
def test_each_slot_reaches_its_own_target_and_no_other(slot, leaves):
    """Every slot word against every target made illegal (or none): the damage lands on the
    slot's own target while it is legal, and on nothing else."""
    final = run(load_string(board(DAMAGE[slot], leaves=leaves), "slots.yaml")).final
    reached = {"first_target": {"one"}, "second_target": {"two"}, "each_target": {"one", "two"}}[slot] - {leaves}
    for oid in ("one", "two"):
        obj = final.objects[oid]
        if oid == leaves:
            assert obj.zone == "hand"
        else:
            assert (obj.zone, obj.damage) == ("battlefield", 1 if oid in reached else 0), (slot, leaves, oid)


def test_an_illegal_slot_is_named_and_nothing_is_re_aimed():
    replay = run(load_string(board(DAMAGE["first_target"], leaves="one"), "slots.yaml"))
    said = [e for step in replay.steps for e in step.events if "re-aimed" in e.text]
    assert [e.text for e in said] == [
        "Split Spell: target 1 (Iron Column) is now illegal: it does nothing to it, "
        "and every other target keeps its place — nothing is re-aimed"
    ]
    assert said[0].rules == ("nd:608.3", "nd:115.1")
    assert replay.final.objects["two"].damage == 0


@pytest.mark.parametrize(
    "key,effect",
    [
        ("to", "{deal_damage: {amount: 1, to: target}}"),
        ("to", "{destroy: {to: target}}"),
        ("who", "{draw: {n: 1, who: target}}"),
    ],
)
def test_target_on_a_card_with_two_targets_is_refused_at_load(key, effect):
    with pytest.raises(ScenarioError) as refused:
        load_string(board(effect), "two.yaml")
    text = str(refused.value)
    assert text.startswith("two.yaml:")
    assert (
        f"{key}: target — this card has 2 targets, and `target` could mean each of them or the first: write "
        "first_target, second_target or each_target" in text
    )


def test_a_slot_the_card_lacks_is_refused_at_load():
    with pytest.raises(ScenarioError) as refused:
        load_string(board("{deal_damage: {amount: 1, to: third_target}}"), "three.yaml")
    assert "deal_damage to: third_target — the card has 2 targets: no such slot" in str(refused.value)


def test_a_cast_naming_a_third_target_is_refused_with_file_line_and_rule():
    text = board(DAMAGE["first_target"], targets="[one, two, one]")
    line = next(n for n, row in enumerate(text.splitlines(), 1) if "cast: Split Spell" in row)
    with pytest.raises(ScenarioError) as refused:
        load_string(text, "bad-slot.yaml")
    assert str(refused.value) == (
        f"bad-slot.yaml:{line}: Split Spell has 2 target slots: `targets:` names 3, and "
        f"target 3 is no slot of the card (115.1, 601.2c)"
    )


def test_an_answer_to_a_choice_not_asked_is_refused_with_file_line_and_rule():
    text = board(DAMAGE["first_target"]).replace(
        "  - {player: Ana, pass: true}\n", "  - {player: Ana, choose: one}\n  - {player: Ana, pass: true}\n", 1
    )
    line = next(n for n, row in enumerate(text.splitlines(), 1) if "choose: one" in row)
    replay = run(load_string(text, "unasked.yaml"))
    step = replay.steps[1]
    assert [e.text for e in step.events] == [
        f"refused: unasked.yaml:{line}: no choice is waiting to be answered: "
        "the rules give none here (an answer comes only where play asks)"
    ]
    assert step.events[0].rules == ("nd:608.4",)
    assert content(replay.state_after(2)) == content(replay.state_after(1))  # the state is unchanged


def test_a_refused_answer_leaves_the_state_as_it_was_when_applied_directly():
    scenario = load_string(board(DAMAGE["first_target"]), "direct.yaml")
    after, events = apply(scenario.state, {"player": "Ana", "choose": "one"})
    assert after is scenario.state and [e.refused for e in events] == [True]
    assert re.search(r"no choice is waiting", events[0].text)
