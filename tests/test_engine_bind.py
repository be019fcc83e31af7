"""Bind to [object] (702.19, 303.3): the object the keyword names is the target its Ritual
requires (303.3a); a Ritual may be laid upon a player, and falls when that player leaves (303.3b,
704.5r)."""

from __future__ import annotations

import pytest

from judge.cards.reader import parse_cards
from judge.engine.coverage import support
from judge.engine.play.actions import apply
from judge.engine.scenarios.scenario import load_string
from judge.yamlio import load_text

HEX = (
    '{name: Hex, type: Ritual, cost: {vitae: 1}, keywords: [Bind to target player], text: "Hex.", '
    "targets: [{kind: player}], abilities: [{triggered: {when: upkeep, effects: [EFFECT]}}]}"
)


def gaps(card_text: str) -> list[tuple[str, str]]:
    (card,) = parse_cards(load_text(f"- {card_text}\n", "cards.yaml"), "cards.yaml")
    return [(g.what, g.rule) for g in support.gaps(card)]


@pytest.mark.parametrize(
    "card, rule, words",
    [
        (
            '{name: Chain, type: Ritual, keywords: [Bind to target Entity], text: ".", targets: [{kind: player}]}',
            "303.3a",
            "its first target must be {kind: Entity}, not player",
        ),
        (
            '{name: Chain, type: Ritual, keywords: [Bind to target Entity], text: "."}',
            "303.3a",
            "its first target must be {kind: Entity}, not none",
        ),
        (
            '{name: Chain, type: Ritual, keywords: [Bind to target Shadow], text: ".", targets: [{kind: Entity}]}',
            "702.19a",
            "'Shadow' is no kind of object or player a card can target",
        ),
        (
            '{name: Chain, type: Relic, keywords: [Bind to target Entity], text: ".", targets: [{kind: Entity}]}',
            "702.19a",
            "only a Ritual is played as bound",
        ),
        (HEX.replace("EFFECT", "{destroy: attached}"), "303.3b", "not a bound player (name it `who: attached`)"),
    ],
)
def test_a_bind_the_engine_cannot_play_is_refused_at_load(card, rule, words):
    found = gaps(card)
    assert len(found) == 1 and found[0][1] == rule and words in found[0][0], found


def test_a_ritual_bound_to_a_player_reaches_that_player_as_who_attached():
    assert gaps(HEX.replace("EFFECT", "{lose_vitae: {amount: 1, who: attached}}")) == []
    assert (
        gaps(
            '{name: Chains, type: Ritual, keywords: [Bind to target Entity], text: ".", '
            "targets: [{kind: Entity}], statics: [{control: true, affects: attached}]}"
        )
        == []
    )


BOARD = """
title: a hex on a player who leaves
game: nodawn
cards:
  - {name: Silent Maren, type: Master, lineage: Liamite, initial_vitae: 20, enlightenment: 1, text: "Liamite Master."}
  - HEX
turn: {active: Ana, round: The Hunt, phase: main1}
players:
  - name: Ana
    master: {card: Aurelio Torretti, vitae: 20}
    battlefield: [{card: Gilded Haven}, {card: Hex, id: hex, attached_to: Cara}]
  - name: Ben
    master: {card: Silent Maren, vitae: 20}
    battlefield: [{card: The Counting-House Dark}]
  - name: Cara
    master: {card: Silent Maren, vitae: 20}
    battlefield: [{card: The Counting-House Dark, id: dark-2}]
actions: []
expect: []
"""


def test_the_ritual_falls_when_the_bound_player_leaves_the_game():
    s = load_string(BOARD.replace("HEX", HEX.replace("EFFECT", "{lose_vitae: {amount: 1, who: attached}}"))).state
    assert s.objects["hex"].attached_to == "Cara" and s.objects["hex"].zone == "battlefield"
    after, events = apply(s, {"player": "Cara", "concede": True})
    after, more = apply(after, "pass")  # the state-based actions, as a player next receives priority (704.3)
    events += more
    assert after.objects["hex"].zone == "spoils"
    assert any("nd:704.5r" in e.rules and "nd:702.19a" in e.rules and "who has left the game" in e.text for e in events)


def test_attached_to_names_a_player_only_for_a_ritual():
    from judge.engine.core.errors import ScenarioError

    text = BOARD.replace("HEX", HEX.replace("EFFECT", "{draw: 1}")).replace(
        "{card: Gilded Haven}, {card: Hex", "{card: Gilded Haven, attached_to: Cara}, {card: Hex"
    )
    with pytest.raises(ScenarioError, match="attached_to 'Cara' names no object"):
        load_string(text)
