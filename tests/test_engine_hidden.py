"""Face-down play, Processions, rites, Suspicion and the calendar: bad input is refused at load
with file and line, and the refusals the rules give leave the state exactly as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.cards.reader import parse_cards
from judge.engine.core.errors import ScenarioError
from judge.engine.play.actions import apply
from judge.engine.reading.seats import holds_seat
from judge.engine.scenarios.scenario import load, load_string
from judge.yamlio import load_text

BOARD = """\
title: hidden fixture
game: nodawn
cards:
  - {name: Masked Courtier, type: Entity, subtypes: [Vampire], cost: {vitae: 5}, attack: 3, vigor: 1, blood_seal: 1,
     keywords: [Masquerade 2], text: "Masquerade 2."}
turn: {active: Ana, round: The Hunt, phase: main1}
players:
  - name: Ana
    master: {card: Aurelio Torretti, vitae: 20}
    pool: 1
    battlefield:
      - {card: Gilded Haven}
      - {card: Masked Courtier, id: guise, face_down: true}
  - name: Ben
    master: {card: Aurelio Torretti, vitae: 20}
    battlefield: [{card: Gilded Haven, id: ben-haven}]
actions: []
expect: []
"""


def _cards(text: str):
    return parse_cards(load_text(text, "cards.yaml"), "cards.yaml")


@pytest.mark.parametrize(
    "text, words",
    [
        ("- {name: X, type: Entity, types: [Entity, Relic], text: ''}", "type or types, not both"),
        ("- {name: X, types: [Entity], text: ''}", "two or more different card types"),
        ("- {name: X, types: [Entity, Spell], text: ''}", "unknown card type 'Spell'"),
        ("- {name: X, type: Caprice, castable_with: Mage, text: ''}", "only a Power has it"),
        ("- {name: X, type: Caprice, clauses: [[{draw: 1}]], text: ''}", "clauses belong to a Contract"),
        ("- {name: X, type: Haven, rooms: 1, room_functions: [Laboratory, Forge], text: ''}", "at most one each"),
        ("- {name: X, type: Haven, rooms: 2, room_functions: [Brewery], text: ''}", "unknown Room function"),
        (
            "- {name: X, type: Caprice, text: '', abilities: [{spell: [{gain_vitae: {amount: 1, invites: giver}}]}]}",
            "invites needs may: true",
        ),
        (
            "- {name: X, type: Caprice, text: '', abilities: [{spell: [{gain_vitae: {amount: 1, may: true}}, {draw: 1}]}]}",
            "must be the last",
        ),
        (
            "- {name: X, type: Relic, text: '', abilities: [{triggered: {when: upkeep, if: {names: 2}, effects: [{draw: 1}]}}]}",
            "unknown key 'names'",
        ),
        (
            "- {name: X, type: Haven, text: '', statics: [{reduce_cost: {vitae: 1, of: Spell}}]}",
            "must name a card type",
        ),
    ],
)
def test_a_card_the_new_vocabulary_cannot_read_is_refused_with_its_line(text, words):
    with pytest.raises(ScenarioError) as err:
        _cards(text)
    assert words in str(err.value) and "cards.yaml:1" in str(err.value)


@pytest.mark.parametrize(
    "old, new, words",
    [
        ("actions: []", "feasts: [{name: Blood Moon, cycle: 2, round: The Vanish}]\nactions: []", "not modelled"),
        ("actions: []", "suspicion: 11\nactions: []", "bounded 0..10"),
        (
            "{card: Masked Courtier, id: guise, face_down: true}",
            "{card: Gilded Haven, id: guise, face_down: true}",
            "prints no single face-down keyword",
        ),
        ("face_down: true}", "face_down: true, guise: veil}", "unknown guise"),
        ("face_down: true}", "face_down: true, guise: sleeper}", "is a dormant Sleeper's, and Masked Courtier is none"),
        ("    pool: 1\n", "    pool: 1\n    laboratory: [Slip the Knife]\n", "no Haven with a Laboratory Room"),
    ],
)
def test_a_scenario_the_new_format_cannot_read_is_refused_at_load(tmp_path: Path, old, new, words):
    path = tmp_path / "case.yaml"
    path.write_text(BOARD.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ScenarioError) as err:
        load(path)
    assert words in str(err.value) and str(path) in str(err.value)


def test_a_face_down_permanent_wears_its_guise():
    state = load_string(BOARD).state
    guise = state.objects["guise"]
    assert state.card(guise).name == "" and state.card(guise).keywords == ("Toll 2",)
    assert (state.card(guise).attack, state.card(guise).vigor) == (2, 2)
    assert state.true_card(guise).name == "Masked Courtier"


@pytest.mark.parametrize(
    "action, rule",
    [
        ({"player": "Ana", "turn_face_up": "ben-haven"}, "nd:708.8"),  # not a face-down permanent
        ({"player": "Ben", "turn_face_up": "guise"}, "nd:701.21a"),  # Ben holds no priority
        ({"player": "Ana", "depart": {"to": "ben-haven", "pieces": ["master"]}}, "nd:408.5"),  # a Night round
    ],
)
def test_a_refused_hidden_action_changes_nothing(action, rule):
    state = load_string(BOARD).state
    after, events = apply(state, action)
    assert after is state and len(events) == 1 and events[0].refused
    assert rule in events[0].rules


def test_turning_the_guise_face_up_pays_its_masquerade_cost_and_keeps_priority():
    state = load_string(BOARD.replace("pool: 1", "pool: 2")).state
    after, events = apply(state, {"player": "Ana", "turn_face_up": "guise"})
    guise = after.objects["guise"]
    assert not guise.face_down and after.card(guise).name == "Masked Courtier"
    assert after.player("Ana").pool_total == 0 and after.priority == "Ana"
    assert state.objects["guise"].face_down  # the state before is untouched
    assert any("nd:702.32a" in e.rules and "nd:708.8a" in e.rules for e in events)


SEAT_BOARD = """\
title: seat fixture
game: nodawn
cards:
  - {name: Gilded Counting-House, type: Haven, subtypes: [Estate], lineage: Kaelite, cost: {vitae: 5}, blood_seal: 2,
     defense: 8, rooms: 2, wards: 2, text: "Haven — Estate (Kaelite)."}
turn: {active: Ana, round: The Hunt, phase: main1}
players:
  - name: Ana
    master: {card: Aurelio Torretti, vitae: 20}
    battlefield:
      - {card: Gilded Haven, id: haven}
      - {card: Gilded Counting-House, id: counting}
  - name: Ben
    master: {card: Aurelio Torretti, vitae: 20}
    battlefield: [{card: Gilded Haven, id: ben-haven}]
actions: []
expect: []
"""


def test_an_estate_of_the_masters_lineage_holds_no_seat_until_an_arrival_brings_it():
    """310.8a and its 310.8b example: the lineage Haven always holds the seat; a Kaelite Estate
    is an additional Haven (100.2c) and holds it only once a Passage has arrived (408.5i)."""
    state = load_string(SEAT_BOARD).state
    assert holds_seat(state, "Ana", "haven") and not holds_seat(state, "Ana", "counting")
    arrived = load_string(
        SEAT_BOARD.replace("vitae: 20}\n    battlefield:", "vitae: 20}\n    seats: [counting]\n    battlefield:", 1)
    ).state
    assert holds_seat(arrived, "Ana", "counting")


def test_every_guise_is_cast_or_laid_face_down_and_so_has_its_door_named():
    # faces._price names the price of turning a guise face up from the rule that laid it down (708.8);
    # a dormant Sleeper has none: it turns up only by waking (702.39b, faces.turn_face_up refuses)
    from judge.engine.core.guise import GUISES
    from judge.engine.mechanics import sleepers
    from judge.engine.procedures import faces

    assert set(faces.CAST_FACE_DOWN) | set(faces.LAID_FACE_DOWN) | {sleepers.DORMANT} == set(GUISES)
    assert not set(faces.CAST_FACE_DOWN) & set(faces.LAID_FACE_DOWN)
