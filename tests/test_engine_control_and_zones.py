"""Control changes, tokens, delayed triggers, the abilities that work outside the battlefield,
cost preps and reductions, in isolation: the card-format additions are validated with file and
line, each refusal cites the rule that forbids the action and keeps the state, and a pending
choice answered outside its options is refused citing the rule that gives it."""

from __future__ import annotations

from pathlib import Path

import pytest
from engine_boards import MAIN_PHASE, card_error, two_player_board

from judge.engine.core.errors import ScenarioError
from judge.engine.core.events import rule_id
from judge.engine.play.actions import apply
from judge.engine.reading import characteristics as ch
from judge.engine.scenarios.replay import run, run_file
from judge.engine.scenarios.scenario import load_string


def board(cards: str = "", ana: str = "", ben: str = "", turn: str = MAIN_PHASE, actions: str = "[]") -> str:
    return two_player_board("control and zones fixture", 6, cards, ana, ben, turn, actions)


@pytest.mark.parametrize(
    "body, words",
    [
        ("  abilities: [{spell: [{create_token: {card: Wolf, copy_of: target}}]}]", "either a card"),
        ("  abilities: [{spell: [{create_token: {copy_of: target, n: 2}}]}]", "a copy is one token"),
        ("  abilities: [{spell: [{create_token: {copy_of: everyone}}]}]", "unknown copy_of"),
        ("  abilities: [{spell: [{delayed: {at: dusk, effects: [{draw: 1}]}}]}]", "at must be one of"),
        ("  abilities: [{spell: [{delayed: {at: cleanup, effects: [{glow: 1}]}}]}]", "unknown effect 'glow'"),
        ("  abilities: [{spell: [{set_type: {type: Dragon, to: target}}]}]", "unknown card type 'Dragon'"),
        ("  abilities: [{spell: [{return_to_battlefield: {to: self, by: Recall}}]}]", "by must be one of"),
        ("  abilities: [{spell: [{gain_control: {to: target, bloodlust: 2}}]}]", "bloodlust must be true or false"),
        ("  abilities: [{spell: [{challenge: {to: target, with: everyone}}]}]", "unknown with"),
        ("  abilities: [{spell: [{may_pay: {cost: {vitae: 1, blood: 2}, effects: []}}]}]", "unknown key 'blood'"),
        ("  statics: [{reduce_cost: {vitae: 1, per: {type: Scholar}}}]", "unknown key 'type'"),
        ("  statics: [{reduce_cost: {vitae: 1, of: Dragon}}]", "of must name a card type"),
        ("  statics: [{approach_tax: {lose_vitae: -1}}]", "cannot be negative"),
        ("  statics: [{trap_bonus: {vitae: 1}}]", "unknown key 'vitae'"),
        ("  statics: [{modify: {attack: -1}, affects: attacking_everyone}]", "unknown affects"),
        ("  co_opt: {until: end_of_turn}", "needs the cost"),
        ("  co_opt: {cost: {vitae: 3}, until: forever}", "co_opt until must be one of"),
    ],
)
def test_a_bad_card_addition_names_file_and_line(body, words):
    err = card_error(f"- name: Bad Card\n  type: Caprice\n  text: x\n{body}\n")
    assert words in str(err) and err.path == "cards.yaml" and err.line in (1, 4)


@pytest.mark.parametrize(
    "keyword, words",
    [
        ("Exhume", "Exhume needs a cost in Vitae, a whole number (\"Recall 2\"), not '' (702.22)"),
        ("Wield two", "Wield needs a cost in Vitae, a whole number (\"Recall 2\"), not 'two' (702.18)"),
    ],
)
def test_a_keyword_written_without_its_cost_is_refused_at_the_card_line(keyword, words):
    # the card loads (as reference) but a scenario using it is refused (judge/engine/coverage/support.py)
    cards = f'  - {{name: Bad Card, type: Caprice, text: "x", keywords: [{keyword}]}}'
    with pytest.raises(ScenarioError) as info:
        load_string(board(cards), "scenario.yaml")
    assert info.value.path == "scenario.yaml" and info.value.line == 6
    assert info.value.message == f"the scenario uses Bad Card, which the engine cannot play: {words}"


def test_a_token_of_an_unknown_card_is_refused_at_load_with_the_card_line():
    cards = '  - {name: Whelping, type: Caprice, text: "x", abilities: [{spell: [{create_token: {card: Jackal}}]}]}'
    with pytest.raises(ScenarioError) as info:
        load_string(board(cards), "scenario.yaml")
    assert "unknown card 'Jackal'" in str(info.value) and info.value.path == "scenario.yaml"
    assert info.value.line == 6


def _refused(state, action, rule: str):
    after, events = apply(state, action)
    assert after is state and len(events) == 1 and events[0].refused, events
    assert rule_id(rule) in events[0].rules, events[0]
    return events[0]


def _state(text: str):
    return load_string(text).state


def _step(state, *actions):
    for action in actions:
        state, events = apply(state, action)
        assert not any(e.refused or e.engine_error for e in events), [e.text for e in events]
    return state


EMISSARY = (
    "  - {name: Gilded Emissary, type: Entity, subtypes: [Noble, Influencer], cost: {vitae: 3}, attack: 3, "
    'vigor: 3, co_opt: {cost: {vitae: 3}, until: end_of_combat}, text: "co-opt"}'
)


def test_co_opt_refusals_cite_the_rule_and_keep_the_state():
    s = _state(
        board(
            EMISSARY,
            ana="    battlefield: [{card: Gilded Haven}, {card: Scriptorium Drudge, id: drudge}]",
            ben="    battlefield: [{card: The Counting-House Dark}, {card: Gilded Emissary, id: em}]",
        )
    )
    _refused(s, {"player": "Ana", "co_opt": "drudge"}, "302.10")  # her own, and no Influencer
    _refused(s, {"player": "Ben", "co_opt": "em"}, "117.1")  # Ana holds priority
    after = _step(s, {"player": "Ana", "co_opt": "em"})
    assert after.objects["em"].controller == "Ana" and after.player("Ana").pool_total == 3
    assert after.objects["em"].newly_turned  # 723.3: no Bloodlust under policy C34's default
    _refused(after, {"player": "Ana", "co_opt": "em"}, "302.10")  # already hers


def test_control_ends_with_its_duration_and_the_latest_effect_wins():
    cards = (
        EMISSARY + '\n  - {name: Seize, type: Caprice, cost: {vitae: 1}, text: "x", targets: [{kind: Entity}], '
        "abilities: [{spell: [{gain_control: {to: target, until: end_of_turn}}]}]}"
    )
    s = _state(
        board(
            cards,
            ana="    hand: [Seize]\n    battlefield: [{card: Gilded Haven}]",
            ben="    hand: [Seize]\n    battlefield: [{card: The Counting-House Dark}, {card: Gilded Emissary, id: em}]",
        )
    )
    s = _step(s, {"player": "Ana", "co_opt": "em"})  # until end of combat
    s = _step(s, {"player": "Ana", "cast": "Seize", "targets": ["em"]}, "pass")  # Ana again, until end of turn
    assert s.objects["em"].controller == "Ana"
    s = _step(s, {"until": {"phase": "main2", "step": None}})
    assert s.objects["em"].controller == "Ana"  # the co-opt ended; the later effect still applies
    s = _step(s, {"until": {"phase": "beginning", "step": "upkeep"}})
    assert s.objects["em"].controller == "Ben"  # both ended: it reverts to the controller before them (723.3)


def test_conscript_must_take_an_enemy_entity():
    cards = (
        '  - {name: Press-Gang, type: Caprice, cost: {vitae: 2}, keywords: [Conscript], text: "x", '
        "targets: [{kind: Entity}], abilities: [{spell: [{gain_control: {to: target}}]}]}"
    )
    s = _state(
        board(
            cards,
            ana="    hand: [Press-Gang]\n    battlefield: [{card: Gilded Haven}, "
            "{card: Scriptorium Drudge, id: drudge}]",
        )
    )
    _refused(s, {"player": "Ana", "cast": "Press-Gang", "targets": ["drudge"]}, "702.38a")


def test_wield_refusals():
    s = _state(
        board(
            ana="    battlefield: [{card: Gilded Haven}, {card: Scriptorium Drudge, id: drudge}, "
            '{card: "Pallbearer\'s Maul", id: maul}]',
            ben="    battlefield: [{card: The Counting-House Dark}, {card: Iron Column, id: column}]",
        )
    )
    _refused(s, {"player": "Ana", "wield": "maul", "to": "column"}, "702.18a")  # not an Entity she controls
    _refused(s, {"player": "Ana", "wield": "drudge", "to": "drudge"}, "702.18a")  # no Weapon
    after = _step(s, {"player": "Ana", "wield": "maul", "to": "drudge"})
    _refused(after, {"player": "Ana", "wield": "maul", "to": "drudge"}, "702.18a")  # the stack is not empty
    after = _step(after, "pass")
    assert after.objects["maul"].attached_to == "drudge" and after.player("Ana").pool_total == 5


def test_a_weapon_spell_is_cast_without_a_target():
    s = _state(
        board(
            ana='    hand: ["Pallbearer\'s Maul"]\n    battlefield: [{card: Gilded Haven}, '
            "{card: Scriptorium Drudge, id: drudge}]"
        )
    )
    _refused(s, {"player": "Ana", "cast": "Pallbearer's Maul", "targets": ["drudge"]}, "301.5")
    after = _step(s, {"player": "Ana", "cast": "Pallbearer's Maul"}, "pass")
    assert after.objects["pallbearers-maul"].zone == "battlefield"
    assert after.objects["pallbearers-maul"].attached_to is None


PALLBEARER = (
    "  - {name: Risen Pallbearer, type: Entity, subtypes: [Vampire, Servant], cost: {vitae: 3}, attack: 2, "
    'vigor: 3, binding: night, keywords: [Exhume 2], text: "Exhume 2."}'
)


@pytest.mark.parametrize(
    "turn, action, rule",
    [
        ("{active: Ana, round: The Hunt, phase: combat, step: beginning_of_combat}", {"exhume": "p"}, "702.22a"),
        ("{active: Ana, round: The Assault, phase: main1}", {"exhume": "p"}, "731.4a"),
        ("{active: Ana, round: The Hunt, phase: main1}", {"exhume": "m"}, "702.22a"),
    ],
)
def test_exhume_refusals(turn, action, rule):
    s = _state(
        board(
            PALLBEARER,
            turn=turn,
            ana="    spoils: [{card: Risen Pallbearer, id: p}, "
            "{card: Marginalia, id: m}]\n    battlefield: [{card: Gilded Haven}]",
            ben="    battlefield: [{card: The Counting-House Dark}]",
        )
    )
    _refused(s, {"player": "Ana", **action}, rule)


def _dying_drudge():
    cards = (
        '  - {name: Scald, type: Caprice, cost: {vitae: 1}, text: "x", targets: [{kind: Entity}], '
        "abilities: [{spell: [{deal_damage: {amount: 3, to: target}}]}]}"
    )
    s = _state(
        board(
            cards,
            ana="    hand: [Scald]\n    battlefield: [{card: Gilded Haven}]",
            ben="    battlefield: [{card: The Counting-House Dark}, {card: Scriptorium Drudge, id: drudge}]",
        )
    )
    return _step(s, {"player": "Ana", "cast": "Scald", "targets": ["drudge"]}, "pass")


def test_laying_to_rest_is_the_undertakers_choice():
    s = _dying_drudge()
    assert s.objects["drudge"].zone == "spoils" and [c.kind for c in s.pending] == ["lay-to-rest"]
    _refused(s, {"player": "Ana", "choose": "yes"}, "709.2")
    _refused(s, {"player": "Ben", "choose": "pay"}, "709.2")  # the rites are the undertaker's (709.2 gives them)
    paid = _step(s, {"player": "Ana", "choose": "pay"})
    assert paid.objects["drudge"].zone == "void" and paid.player("Ana").pool_total == 4 and not paid.pending
    declined = _step(s, {"player": "Ana", "pass": True})  # any other action declines
    assert declined.objects["drudge"].zone == "spoils" and not declined.pending


def test_the_revenant_offer_is_answered_pay_or_decline():
    s = _state(
        board(
            turn="{active: Ana, round: The Hunt, phase: main2}",
            ana="    battlefield: [{card: Gilded Haven}]",
            ben="    spoils: [{card: Nachzehrer, id: n}]\n    battlefield: [{card: The Counting-House Dark}]",
        )
    )
    s = _step(s, {"until": {"phase": "beginning", "step": "upkeep"}}, "pass")
    assert s.active == "Ben" and [c.kind for c in s.pending] == ["revenant-return"]
    _refused(s, {"player": "Ben", "choose": "later"}, "702.46a")
    back = _step(s, {"player": "Ben", "choose": "pay"})
    assert back.objects["n"].zone == "battlefield" and "restless" in back.objects["n"].marks
    assert back.player("Ben").vitae == s.player("Ben").vitae - 2  # from the vein: the pool emptied at cleanup
    stays = _step(s, {"player": "Ben", "choose": "decline"})
    assert stays.objects["n"].zone == "spoils"


def test_tokens_with_an_id_are_numbered_when_it_is_taken():
    cards = (
        '  - {name: Whelping, type: Caprice, cost: {vitae: 1}, text: "x", '
        "abilities: [{spell: [{create_token: {card: Wolf, n: 2, id: pup}}]}]}"
    )
    s = _state(
        board(
            cards,
            ana="    hand: [{card: Whelping, id: w1}, {card: Whelping, id: w2}]\n"
            "    battlefield: [{card: Gilded Haven}]",
        )
    )
    s = _step(s, {"player": "Ana", "cast": "w1"}, "pass", {"player": "Ana", "cast": "w2"}, "pass")
    wolves = sorted(o.id for o in s.objects.values() if o.token)
    assert wolves == ["pup", "pup-2", "pup-3", "pup-4"]
    assert all(s.objects[w].owner == "Ana" and s.objects[w].zone == "battlefield" for w in wolves)


def test_a_delayed_trigger_does_not_follow_an_object_that_changed_zones():
    cards = (
        '  - {name: Later, type: Caprice, cost: {vitae: 1}, text: "x", targets: [{kind: Entity}], '
        "abilities: [{spell: [{delayed: {at: cleanup, effects: [{banish: target}]}}]}]}"
    )
    s = _state(
        board(
            cards,
            ana="    hand: [Later, Slip the Knife]\n    battlefield: [{card: Gilded Haven}, "
            "{card: Scriptorium Drudge, id: drudge}]",
        )
    )
    s = _step(
        s,
        {"player": "Ana", "cast": "Later", "targets": ["drudge"]},
        "pass",
        {"player": "Ana", "cast": "Slip the Knife", "targets": ["drudge"]},
        "pass",
        {"player": "Ana", "cast": "drudge"},
        "pass",
        {"until": {"phase": "beginning", "step": "upkeep"}},
    )
    assert s.objects["drudge"].zone == "battlefield"  # a new object since it went to the hand (400.7)


def test_cost_preps_refusals():
    cards = (
        '  - {name: Bone Auction, type: Caprice, cost: {vitae: 2}, keywords: [Despoil 3, Muster 2], text: "x", '
        "abilities: [{spell: [{draw: 1}]}]}"
    )
    s = _state(
        board(
            cards,
            ana="    hand: [Bone Auction]\n    spoils: [{card: Marginalia, id: c1}, "
            "{card: Marginalia, id: c2}, {card: Marginalia, id: c3}]\n"
            "    battlefield: [{card: Gilded Haven}, {card: Scriptorium Drudge, id: d, drained: true}]",
            ben="    spoils: [{card: Marginalia, id: theirs}]",
        )
    )
    _refused(s, {"player": "Ana", "cast": "Bone Auction", "despoil": ["theirs"]}, "702.23a")  # not her Spoils
    _refused(s, {"player": "Ana", "cast": "Bone Auction", "despoil": ["c1", "c2", "c3"]}, "702.23a")  # only 2 owed
    _refused(s, {"player": "Ana", "cast": "Bone Auction", "muster": ["d"]}, "702.26a")  # drained
    after = _step(s, {"player": "Ana", "cast": "Bone Auction", "despoil": ["c1", "c2"]})
    assert after.player("Ana").pool_total == 6 and after.objects["c2"].zone == "void"


def test_a_reduction_by_card_type_never_refunds():
    cards = (
        '  - {name: Cheap Rites, type: Relic, cost: {vitae: 1}, text: "x", '
        "statics: [{reduce_cost: {vitae: 3, of: Caprice}}]}"
    )
    s = _state(
        board(cards, ana="    hand: [Deluge of Ink]\n    battlefield: [{card: Gilded Haven}, {card: Cheap Rites}]")
    )
    after, events = apply(s, {"player": "Ana", "cast": "Deluge of Ink", "x": 1})
    assert after.player("Ana").pool_total == 6  # 1 + X=1, less 3: 0, never below (601.2f)
    assert any(rule_id("601.2f") in e.rules and "never refunds" in e.text for e in events)


def test_a_type_change_ends_with_its_duration():
    cards = (
        '  - {name: Petrify, type: Caprice, cost: {vitae: 1}, text: "x", targets: [{kind: Entity}], '
        "abilities: [{spell: [{set_type: {type: Relic, to: target, until: end_of_turn}}]}]}"
    )
    text = board(
        cards, ana="    hand: [Petrify]\n    battlefield: [{card: Gilded Haven}, {card: Scriptorium Drudge, id: d}]"
    )
    s = _step(_state(text), {"player": "Ana", "cast": "Petrify", "targets": ["d"]}, "pass")
    assert ch.ctype(s, s.objects["d"]) == "Relic"
    s = _step(s, {"until": {"phase": "beginning", "step": "upkeep"}})
    assert ch.ctype(s, s.objects["d"]) == "Entity"


def test_the_fixture_replays():
    replay = run(load_string(board(ana="    battlefield: [{card: Gilded Haven}]")))
    assert replay.ok


def test_a_static_control_change_lasts_while_its_source_is_bound():
    cards = (
        '  - {name: Unbind, type: Caprice, cost: {vitae: 1}, text: "x", targets: [{kind: Ritual}], '
        "abilities: [{spell: [{destroy: target}]}]}"
    )
    s = _state(
        board(
            cards,
            ana="    hand: [Chains of the Old Debt]\n    battlefield: [{card: Gilded Haven}]",
            ben="    hand: [Unbind]\n    battlefield: [{card: The Counting-House Dark}, "
            "{card: Black Company Pikeman, id: pikeman}]",
        )
    )
    s = _step(s, {"player": "Ana", "cast": "Chains of the Old Debt", "targets": ["pikeman"]}, "pass")
    assert s.objects["pikeman"].controller == "Ana" and s.objects["pikeman"].owner == "Ben"
    s = _step(s, {"until": {"phase": "beginning", "step": "upkeep"}})
    assert s.objects["pikeman"].controller == "Ana"  # no duration: it outlasts the cleanup (611.3)
    s = _step(s, {"player": "Ben", "cast": "Unbind", "targets": ["chains-of-the-old-debt"]}, "pass")
    assert s.objects["chains-of-the-old-debt"].zone == "spoils" and s.objects["pikeman"].controller == "Ben"


def test_no_rites_for_an_undertaker_who_leaves_in_the_same_sweep():
    # v01: Ana's Sacramental Fire kills the Column in the sweep that liquidates her (704.5c)
    replay = run_file(Path(__file__).parent / "scenarios" / "shared" / "v01-simultaneous-sba-sweep.yaml")
    assert replay.ok and replay.final.game_over and replay.final.pending == []
    assert replay.final.objects["column"].zone == "spoils"


def test_a_seized_attack_target_stops_being_attacked():
    cards = (
        '  - {name: Turncoat, type: Caprice, cost: {vitae: 1}, text: "x", targets: [{kind: Entity}], '
        "abilities: [{spell: [{gain_control: {to: target}}]}]}"
    )
    s = _state(
        board(
            cards,
            turn="{active: Ben, round: The Hunt, phase: combat, step: declare_attackers}",
            ana="    hand: [Turncoat]\n    battlefield: [{card: Gilded Haven}, {card: Iron Column, id: column}]",
            ben="    battlefield: [{card: The Counting-House Dark}, {card: Alpha of the Hunt, id: alpha}]",
        )
    )
    s = _step(
        s,
        {"player": "Ben", "attack": [{"attacker": "alpha", "target": "column"}]},
        {"player": "Ben", "pass": True},
        {"player": "Ana", "cast": "Turncoat", "targets": ["alpha"]},
        "pass",
    )
    assert s.objects["alpha"].controller == "Ana" and s.attacks == []  # the attacker left combat (506.6)
    s = _step(s, {"until": {"phase": "combat", "step": "end_of_combat"}})
    assert s.objects["column"].damage == 0


def test_an_attack_on_a_seized_target_deals_nothing():
    cards = (
        '  - {name: Turncoat, type: Caprice, cost: {vitae: 1}, text: "x", targets: [{kind: Entity}], '
        "abilities: [{spell: [{gain_control: {to: target}}]}]}"
    )
    s = _state(
        board(
            cards,
            turn="{active: Ben, round: The Hunt, phase: combat, step: declare_attackers}",
            ana="    battlefield: [{card: Gilded Haven}, {card: Iron Column, id: column}]",
            ben="    hand: [Turncoat]\n    battlefield: [{card: The Counting-House Dark}, "
            "{card: Alpha of the Hunt, id: alpha}]",
        )
    )
    s = _step(
        s,
        {"player": "Ben", "attack": [{"attacker": "alpha", "target": "column"}]},
        {"player": "Ben", "cast": "Turncoat", "targets": ["column"]},
        "pass",
    )
    assert s.objects["column"].controller == "Ben" and [a.target for a in s.attacks] == [""]
    s = _step(s, {"until": {"phase": "combat", "step": "end_of_combat"}})
    assert s.objects["column"].damage == 0 and s.objects["alpha"].damage == 0
