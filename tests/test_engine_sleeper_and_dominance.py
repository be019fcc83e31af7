"""Sleeper (702.39) and Dominance (702.42): the upkeep triggers of the Shadows' and the Beast-blood's
flagship keywords — each choice they give asked, each outcome the rules text's."""

from __future__ import annotations

import pytest

from judge.engine.core.errors import ScenarioError
from judge.engine.play.actions import apply, waiting_choice
from judge.engine.scenarios.scenario import load_string

BOARD = """
title: upkeep keywords
game: nodawn
POLICIES
cards:
  - {name: Silent Maren, type: Master, lineage: Liamite, initial_vitae: 20, enlightenment: 1, text: "Liamite Master."}
  - {name: Warg, type: Entity, subtypes: [Beast], cost: {vitae: 3}, attack: 4, vigor: 4, blood_seal: 1,
     keywords: [Dominance], text: "Dominance.", dominance: TERMS}
  - {name: Lurker, type: Entity, subtypes: [Vampire], cost: {vitae: 2}, attack: 3, vigor: 3, blood_seal: 1,
     keywords: [Sleeper], text: "Sleeper.", sleeper: {wakes: [{draw: 1}], targets: [{kind: Haven}]}}
turn: {active: Ben, round: The Hunt, phase: main1}
players:
  - name: Ana
    master: {card: Aurelio Torretti, vitae: 20}
    pool: POOL
    domain: 10
    battlefield:
      - {card: Gilded Haven}
      - {card: Warg, id: warg}
OTHERS
  - name: Ben
    master: {card: Silent Maren, vitae: 20}
    domain: 10
    battlefield: [{card: The Counting-House Dark}]
actions: []
expect: []
"""


def board(terms="{pay: 2}", pool=0, others="", policies=""):
    text = (
        BOARD.replace("TERMS", terms)
        .replace("POOL", str(pool))
        .replace("POLICIES", policies)
        .replace("OTHERS\n", others)
    )
    return load_string(text).state


def run(state, *actions):
    events = []
    for action in actions:
        state, more = apply(state, action)
        assert not any(e.refused or e.engine_error for e in more), [e.text for e in more]
        events += more
    return state, events


TO_UPKEEP = ({"until": {"phase": "beginning", "step": "upkeep"}}, "pass")


def test_a_paid_dominance_keeps_control():
    s, _ = run(board(pool=0), *TO_UPKEEP)
    choice = waiting_choice(s)
    assert (choice.kind, choice.options, choice.cites) == ("unless-payment", ("pay", "decline"), ("702.42a",))
    s, _ = run(s, {"player": "Ana", "choose": "pay"})
    assert s.objects["warg"].controller == "Ana" and s.player("Ana").vitae == 18 and waiting_choice(s) is None


def test_an_unpaid_dominance_offers_the_challenge_that_can_be_taken():
    s, _ = run(board(), *TO_UPKEEP, {"player": "Ana", "choose": "decline"})
    choice = waiting_choice(s)
    assert (choice.kind, choice.rule, choice.options) == ("dominance", "702.42b", ("appease", "face", "decline"))


def test_appeasing_pays_the_price_plus_one():
    s, _ = run(board(), *TO_UPKEEP, {"player": "Ana", "choose": "decline"}, {"player": "Ana", "choose": "appease"})
    assert s.objects["warg"].controller == "Ana" and s.player("Ana").vitae == 17


def test_feeding_sacrifices_the_other_entity_chosen():
    others = "      - {card: Scriptorium Drudge, id: drudge}\n      - {card: Iron Column, id: column}\n"
    s, _ = run(
        board(others=others), *TO_UPKEEP, {"player": "Ana", "choose": "decline"}, {"player": "Ana", "choose": "feed"}
    )
    choice = waiting_choice(s)
    assert (choice.kind, choice.options, choice.cites) == ("sacrifice-choice", ("drudge", "column"), ("702.42b",))
    s, _ = run(s, {"player": "Ana", "choose": "column"})
    assert s.objects["column"].zone == "spoils" and s.objects["drudge"].zone == "battlefield"
    assert s.objects["warg"].controller == "Ana"


def test_facing_it_costs_its_attack_and_it_dies_unbowed():
    s, events = run(board(), *TO_UPKEEP, {"player": "Ana", "choose": "decline"}, {"player": "Ana", "choose": "face"})
    assert s.player("Ana").vitae == 16 and s.objects["warg"].zone == "spoils"
    assert any("nd:702.42b" in e.rules and "dies unbowed" in e.text for e in events)


def test_any_other_action_declines_the_challenge_and_control_passes_as_c45_reads():
    s, events = run(board(), *TO_UPKEEP, {"player": "Ana", "choose": "decline"}, "pass")
    assert waiting_choice(s) is None
    assert (s.objects["warg"].controller, s.objects["warg"].owner) == ("Ben", "Ana")
    assert any(e.policy == "C45" and "nd:723.2d" in e.rules for e in events)


def test_under_c45s_other_reading_an_owner_who_controls_it_still_loses_it_to_the_next_player():
    s, _ = run(
        board(policies="policies: {C45: '702.42a'}"),
        *TO_UPKEEP,
        {"player": "Ana", "choose": "decline"},
        {"player": "Ana", "choose": "decline"},
    )
    assert s.objects["warg"].controller == "Ben"


def test_a_met_condition_does_nothing_and_an_unmet_one_uses_the_cards_own_consequence():
    hound = "      - {card: Kennel Hound, id: hound}\n"
    cards = (
        "  - {name: Kennel Hound, type: Entity, subtypes: [Beast], cost: {vitae: 1}, attack: 1, vigor: 1, "
        'blood_seal: 1, text: "A hound."}\n'
    )
    terms = "{if: {controls: {subtype: Beast, at_least: 2}}, fails: [{lose_vitae: {amount: 5, who: controller}}]}"
    text = BOARD.replace("TERMS", terms).replace("POOL", "0").replace("POLICIES", "").replace("OTHERS\n", hound)
    met = load_string(text.replace("cards:\n", "cards:\n" + cards)).state
    s, events = run(met, *TO_UPKEEP)
    assert waiting_choice(s) is None and s.player("Ana").vitae == 20
    assert any("is met: nothing happens" in e.text for e in events)
    unmet = load_string(text.replace("cards:\n", "cards:\n" + cards).replace(hound, "")).state
    s, _ = run(unmet, *TO_UPKEEP)
    assert waiting_choice(s) is None and s.player("Ana").vitae == 15 and s.objects["warg"].controller == "Ana"


LURKER = "      - {card: Lurker, id: lurker, face_down: true}\n"


def test_a_dormant_sleeper_on_the_board_is_known_by_its_keyword():
    s = board(others=LURKER)
    assert s.objects["lurker"].guise == "sleeper" and s.card(s.objects["lurker"]).name == ""


def test_waking_asks_its_strike_among_the_legal_targets_and_turns_it_face_up():
    s, _ = run(board(terms="{pay: 0}", others=LURKER), {"until": {"phase": "beginning", "step": "upkeep"}})
    asked = []
    # the Burden (a payment of 0, so nothing to ask) and the Sleeper trigger wait together
    while waiting_choice(s) is not None or s.stack:
        choice = waiting_choice(s)
        if choice is None:
            s, _ = run(s, "pass")
            continue
        asked.append((choice.kind, choice.options))
        if choice.kind == "sleeper-wake":
            s, events = run(s, {"player": "Ana", "choose": "wake"})
        elif choice.kind == "trigger-order":
            s, _ = run(s, {"player": "Ana", "order": list(choice.options)})
        else:
            s, _ = run(s, {"player": "Ana", "choose": choice.options[0]})
    assert ("sleeper-wake", ("wake", "sleep")) in asked
    assert ("trigger-targets", ("gilded-haven", "the-counting-house-dark")) in asked  # its two legal Havens
    assert not s.objects["lurker"].face_down and len(s.player("Ana").hand) == 1


@pytest.mark.parametrize(
    "cards, message",
    [
        (
            '{name: X, type: Entity, keywords: [Sleeper], text: ".", sleeper: {wakes: [{draw: 1}], gathers: omen}}',
            "X: sleeper is dormant (wakes: what waking does) or gathering",
        ),
        (
            '{name: X, type: Entity, keywords: [Sleeper], text: ".", sleeper: {gathers: omen}}',
            "X: a gathering Sleeper's text says what a number of its counters arms",
        ),
        (
            '{name: X, type: Entity, text: ".", sleeper: {wakes: [{draw: 1}]}}',
            "X: sleeper: belongs to a card with the Sleeper keyword (702.39a)",
        ),
        (
            '{name: X, type: Entity, keywords: [Dominance], text: ".", dominance: {price: 2}}',
            "X: dominance prints one condition",
        ),
        (
            '{name: X, type: Entity, keywords: [Dominance], text: ".", dominance: {pay: 2, price: 3}}',
            "X: a dominance paid in Vitae has that payment as its price (702.42b)",
        ),
    ],
)
def test_a_malformed_form_or_condition_is_refused_by_the_card_reader(cards, message):
    from judge.cards.reader import parse_cards
    from judge.yamlio import load_text

    with pytest.raises(ScenarioError) as info:
        parse_cards(load_text(f"- {cards}\n", "cards.yaml"), "cards.yaml")
    assert info.value.message.startswith(message) and info.value.line == 1
