"""Continuous effects, replacement and prevention, Wards and the world cycle in isolation:
the card-format additions are validated with file and line, the layers order effects as 613
says, refusals keep the state, and extra turns and shifts move the cycle as 500.11–500.12 say."""

from __future__ import annotations

import pytest
from engine_boards import MAIN_PHASE, card_error, two_player_board

from judge.engine.core.errors import ScenarioError
from judge.engine.play.actions import apply
from judge.engine.reading import characteristics as ch
from judge.engine.scenarios.replay import final_dict, run
from judge.engine.scenarios.scenario import load_string


def board(cards: str = "", ana: str = "", ben: str = "", turn: str = MAIN_PHASE, actions: str = "[]") -> str:
    return two_player_board("effects fixture", 5, cards, ana, ben, turn, actions)


@pytest.mark.parametrize(
    "body, words, line",
    [
        ("  statics: [{glow: true}]", "unknown key 'glow'", 4),
        ("  statics: [{grant: [Flying], remove: [Flying]}]", "exactly one of", 4),
        ("  statics: [{modify: {attack: 1}, affects: everyone}]", "unknown affects 'everyone'", 4),
        ("  statics: [{modify: {attack: 1}, while: dusk}]", "unknown condition 'dusk'", 4),
        ("  statics: [{grant: [Wings]}]", "unknown keyword 'Wings'", 4),
        ("  statics: [{define: {attack: graves}}]", "must be a number or one of", 4),
        ("  enters: {counters: {growth: -1}}", "enters counters", 4),
        ("  enters: {tapped: true}", "unknown key 'tapped'", 4),
        ("  abilities: [{spell: [{shift: {type: dusk}}]}]", "type must be night or day", 4),
        ("  abilities: [{spell: [{prevent_damage: {amount: most, to: target}}]}]", "number or X", 4),
        ("  abilities: [{spell: [{grant: {to: target}}]}]", "needs keywords", 4),
        ("  abilities: [{spell: [{destroy: {to: target, instead: exile}}]}]", "instead must be one of", 4),
        ("  abilities: [{spell: [{redirect_damage: {to: target, onto: nowhere}}]}]", "unknown recipient", 4),
    ],
)
def test_card_additions_are_validated_with_file_and_line(body, words, line):
    err = card_error(f"- name: Test Card\n  type: Relic\n  text: t\n{body}\n")
    assert words in err.message
    assert err.path == "cards.yaml" and err.line is not None and err.line <= line


def test_a_later_timestamp_wins_an_independent_contradiction():
    """613.9: "has Venom" and "loses Venom" fall to timestamps, the later wins."""
    cards = """  - {name: Grant, type: Relic, text: g, statics: [{grant: [Venom], affects: each_entity}]}
  - {name: Strip, type: Relic, text: s, statics: [{remove: [Venom], affects: each_entity}]}"""
    first = load_string(
        board(cards, ana="    battlefield: [{card: Grant}, {card: Strip}, {card: Scriptorium Drudge, id: d}]")
    ).state
    assert not ch.has(first, first.objects["d"], "Venom")
    second = load_string(
        board(cards, ana="    battlefield: [{card: Strip}, {card: Grant}, {card: Scriptorium Drudge, id: d}]")
    ).state
    assert ch.has(second, second.objects["d"], "Venom")


def test_a_dependency_loop_falls_back_to_timestamps():
    """613.8: A strips Flying from those with Reach, B strips Reach from those with Flying: each
    depends on the other, so timestamps decide (A first strips Flying; B then finds no Flying)."""
    cards = """  - {name: A, type: Relic, text: a, statics: [{remove: [Flying], affects: each_entity, with_keyword: Reach}]}
  - {name: B, type: Relic, text: b, statics: [{remove: [Reach], affects: each_entity, with_keyword: Flying}]}
  - {name: Bird, type: Entity, subtypes: [Beast], attack: 1, vigor: 1, keywords: [Flying, Reach], text: b}"""
    s = load_string(board(cards, ana="    battlefield: [{card: A}, {card: B}, {card: Bird, id: bird}]")).state
    assert ch.keywords(s, s.objects["bird"]) == ["Reach"]


def test_a_defining_ability_applies_in_layer_7a_before_modifications():
    cards = """  - {name: Grave Tally, type: Entity, subtypes: [Vampire], attack: 0, vigor: 1, text: "Attack = Spoils",
     statics: [{define: {attack: spoils}}, {modify: {attack: 1, vigor: 0}}]}"""
    s = load_string(
        board(cards, ana="    spoils: [Wolf, Wolf, Wolf]\n    battlefield: [{card: Grave Tally, id: t}]")
    ).state
    assert (ch.attack(s, s.objects["t"]), ch.vigor(s, s.objects["t"])) == (4, 1)


WARD_CARDS = """  - {name: Thornward, type: Trap, cost: {vitae: 1}, blood_seal: 1, text: t,
     abilities: [{spell: [{deal_damage: {amount: 1, to: target}}]}]}"""


@pytest.mark.parametrize(
    "action, rule",
    [
        ({"player": "Ben", "spring": "ward", "attacker": "drudge"}, "nd:509.2"),  # not attacking yet
        ({"player": "Ana", "spring": "ward", "attacker": "drudge"}, "nd:307.4"),  # not Ana's Ward
        ({"player": "Ben", "spring": "drudge", "attacker": "drudge"}, "nd:307.4"),  # not a Trap
    ],
)
def test_bad_springs_are_refused_and_keep_the_state(action, rule):
    s = load_string(
        board(
            WARD_CARDS,
            ana="    battlefield: [{card: Gilded Haven}, {card: Scriptorium Drudge, id: drudge}]",
            ben="    battlefield: [{card: The Counting-House Dark, id: dark}]\n    wards: [{card: Thornward, id: ward}]",
            turn="{active: Ana, round: The Hunt, phase: combat, step: declare_attackers}",
        )
    ).state
    after, events = apply(s, action)
    assert after is s
    assert events[0].refused and rule in events[0].rules


def test_a_ward_must_arm_a_haven_its_player_owns():
    with pytest.raises(ScenarioError) as info:
        load_string(board(WARD_CARDS, ben="    wards: [{card: Thornward}]"))
    assert "must arm a Haven" in info.value.message


def test_wards_appear_in_the_final_state():
    scenario = load_string(
        board(WARD_CARDS, ben="    battlefield: [{card: The Counting-House Dark}]\n    wards: [{card: Thornward}]")
    )
    final = final_dict(run(scenario).final)
    assert final["players"][1]["wards"] == ["Thornward"]


def test_the_most_recent_extra_turn_is_taken_first():
    """500.11: Ana's grant resolves first, Ben's second: Ben's extra turn comes first, then Ana's,
    then the lap resumes with Ben; each extra turn advances the cycle (500.11a)."""
    cards = """  - {name: Stolen Hour, type: Caprice, cost: {vitae: 1}, blood_seal: 1, text: x,
     abilities: [{spell: [{extra_turn: controller}]}]}"""
    actions = """
  - {player: Ana, cast: Stolen Hour}
  - pass
  - {player: Ana, pass: true}
  - {player: Ben, cast: Stolen Hour}
  - pass
  - {until: {phase: beginning, step: upkeep}}
  - {until: {phase: beginning, step: upkeep}}
  - {until: {phase: beginning, step: upkeep}}
  - {until: {phase: beginning, step: upkeep}}"""
    replay = run(
        load_string(
            board(
                cards,
                ana="    hand: [Stolen Hour]\n    battlefield: [{card: Gilded Haven}]",
                ben="    hand: [Stolen Hour]\n    battlefield: [{card: The Counting-House Dark}]",
                actions=actions,
            )
        )
    )
    turns = [(st.state.active, st.state.round_name) for st in replay.steps[5:]]
    assert turns == [("Ben", "The Arise"), ("Ana", "The Vanish"), ("Ben", "The Vanish"), ("Ana", "The Preparation")]


def test_prefer_is_recorded_and_changes_nothing_else():
    s = load_string(board()).state
    after, events = apply(s, {"player": "Ben", "prefer": ["Veil of Ash"]})
    assert after.prefer == {"Ben": ["Veil of Ash"]} and s.prefer == {}
    assert "nd:616.1" in events[0].rules and after.priority == s.priority


def test_unpreventable_damage_spends_no_shield():
    cards = """  - {name: Brand, type: Caprice, cost: {vitae: 1}, blood_seal: 1, text: x,
     abilities: [{spell: [{deal_damage: {amount: 2, to: target, unpreventable: true}}]}], targets: [{kind: Entity}]}
  - {name: Veil, type: Caprice, cost: {vitae: 1}, blood_seal: 1, text: x,
     abilities: [{spell: [{prevent_damage: {amount: 2, to: target}}]}], targets: [{kind: Entity}]}"""
    actions = """
  - {player: Ana, cast: Veil, targets: [column]}
  - pass
  - {player: Ana, cast: Brand, targets: [column]}
  - pass"""
    replay = run(
        load_string(
            board(
                cards,
                ana="    hand: [Veil, Brand]\n    battlefield: [{card: Gilded Haven}]",
                ben="    battlefield: [{card: Iron Column, id: column}]",
                actions=actions,
            )
        )
    )
    final = replay.final
    assert final.objects["column"].damage == 2
    assert [sh.amount for sh in final.shields] == [2]


def test_a_haven_holds_no_more_wards_than_it_prints():
    """116.2b: Traps are set up to the Haven's printed Wards (the Chapel prints 1)."""
    with pytest.raises(ScenarioError) as info:
        load_string(
            board(
                WARD_CARDS,
                ben="    battlefield: [{card: Bricked-Up Chapel}]\n"
                "    wards: [{card: Thornward, id: w1}, {card: Thornward, id: w2}]",
            )
        )
    assert "1 Ward slot(s), not 2" in info.value.message
