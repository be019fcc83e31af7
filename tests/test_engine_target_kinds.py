"""The target kinds, member by member (issue 32, item 1: "targeted and made illegal"): for every
kind a card may target (judge/cards/vocabulary.py TARGET_KINDS), a spell targets a legal object
of that kind, the object is made illegal before the spell resolves, and the spell does not
resolve: "If every target of the spell or ability is illegal, it does not resolve ... a spell
among them goes to its owner's Spoils" (608.3).

A permanent is made illegal by being returned to its owner's hand (it left the zone it was chosen
in); a spell by being countered first; a player by conceding (a three-player game goes on)."""

from __future__ import annotations

import pytest

from judge.cards.vocabulary import TARGET_KINDS
from judge.engine.scenarios.replay import run
from judge.engine.scenarios.scenario import load_string

HEAD = """
title: a {kind} target made illegal
game: nodawn
cards:
  - {{name: Silent Maren, type: Master, lineage: Liamite, initial_vitae: 20, enlightenment: 1, text: "Liamite Master."}}
  - {{name: Probe, type: Caprice, cost: {{vitae: 0}}, blood_seal: 1, text: "fixture", targets: [{{kind: {kind}}}],
     abilities: [{{spell: [{effect}]}}]}}
  - {{name: Homeward, type: Caprice, cost: {{vitae: 0}}, blood_seal: 1, text: "Return target permanent to its owner's hand.",
     abilities: [{{spell: [{{return_to_hand: {{to: target}}}}]}}], targets: [{{kind: permanent}}]}}
  - {{name: Hush, type: Caprice, cost: {{vitae: 0}}, blood_seal: 1, text: "Counter target spell.",
     abilities: [{{spell: [{{counter: target}}]}}], targets: [{{kind: spell}}]}}
  - {{name: Spark, type: Caprice, cost: {{vitae: 0}}, blood_seal: 1, text: "Deal 1 damage to target Entity.",
     abilities: [{{spell: [{{deal_damage: {{amount: 1, to: target}}}}]}}], targets: [{{kind: Entity}}]}}
turn: {{active: Ana, round: The Hunt, phase: main1}}
"""
PLAYERS = """players:
  - name: Ana
    master: {{card: Aurelio Torretti, vitae: 20}}
    hand: [{{card: Probe, id: probe}}, {{card: Hush, id: hush}}, {{card: Spark, id: spark}}]
    battlefield: [{{card: Gilded Haven}}, {{card: Iron Column, id: column}}]
  - name: Ben
    master: {{card: Silent Maren, vitae: 20}}
    hand: [{{card: Homeward, id: homeward}}]
    battlefield:
      - {{card: The Counting-House Dark}}
      - {{card: {card}, id: mark{extra}}}
"""
THIRD = """  - name: Cara
    master: {card: Silent Maren, vitae: 20}
    battlefield: [{card: Bricked-Up Chapel}]
"""
# kind -> (the card of Ben's object it targets, extra object fields)
PERMANENTS = {
    "Entity": ("Iron Column", ""),
    "permanent": ("Iron Column", ""),
    "Haven": ("Bricked-Up Chapel", ""),
    "Relic": ("Relic of Twins", ""),
    "Ritual": ("Chains of the Old Debt", ", attached_to: column"),
    "Weapon": ("Pallbearer's Maul", ""),
    "Companion": ("Sister Perpetua", ""),
    "Terrain": ("Field of Broken Stakes", ""),
    "Blood": ("Cask of the Old Vintage", ""),
}
LEAVES = "  - {player: Ana, pass: true}\n  - {player: Ben, cast: homeward, targets: [mark]}\n  - pass\n  - pass\n"


def scenario(kind: str) -> str:
    effect = {
        "player": "{lose_vitae: {amount: 1, who: target_player}}",
        "spell": "{counter: target}",
        "spell or ability": "{counter: target}",
    }.get(kind, "{look: target}")
    if kind == "Entity":
        effect = "{deal_damage: {amount: 1, to: target}}"
    head = HEAD.format(kind=f'"{kind}"' if " " in kind else kind, effect=effect)
    if kind in PERMANENTS:
        card, extra = PERMANENTS[kind]
        actions = f"  - {{player: Ana, cast: probe, targets: [mark]}}\n{LEAVES}"
        return head + PLAYERS.format(card=card, extra=extra) + "actions:\n" + actions + "expect: []\n"
    if kind in ("spell", "spell or ability"):
        actions = (
            "  - {player: Ana, cast: spark, targets: [mark]}\n  - {player: Ana, cast: probe, targets: [spark]}\n"
            "  - {player: Ana, cast: hush, targets: [spark]}\n  - pass\n  - pass\n"
        )
        return head + PLAYERS.format(card="Iron Column", extra="") + "actions:\n" + actions + "expect: []\n"
    if kind == "player":
        actions = "  - {player: Ana, cast: probe, targets: [Cara]}\n  - {player: Cara, concede: true}\n  - pass\n"
        return head + PLAYERS.format(card="Iron Column", extra="") + THIRD + "actions:\n" + actions + "expect: []\n"
    raise KeyError(kind)


COVERED = sorted(set(PERMANENTS) | {"spell", "spell or ability", "player"})


def test_every_target_kind_but_the_procession_piece_is_played_here():
    # a hidden Procession piece is made illegal only by its convoy's arrival or fall (408.5):
    # tests/test_engine_hidden.py and the r408.5 scenarios replay those
    assert set(COVERED) == set(TARGET_KINDS) - {"Procession piece"}


@pytest.mark.parametrize("kind", COVERED)
def test_a_spell_whose_only_target_became_illegal_does_not_resolve(kind):
    replay = run(load_string(scenario(kind), f"{kind}.yaml"))
    events = [e for step in replay.steps for e in step.events]
    assert not [e.text for e in events if e.refused or e.engine_error]
    fizzled = [e for e in events if e.text.startswith("Probe tries to resolve, but every target is now illegal")]
    assert len(fizzled) == 1, [e.text for e in events]
    assert "nd:608.3" in fizzled[0].rules
    assert replay.final.objects["probe"].zone == "spoils"
