"""701's keyword actions, one table (rulings/nodawn/keyword_actions.yaml), each member played
through the same situation (issue 32, item 1): Ana casts Probe, a Caprice whose one effect is the
member's (as the table writes it), aimed where it needs a target — Ben's Entity (then Ana's, for a
second), Ben himself, or Ana's own Spark on the stack — and both players pass. The events the
effect produces as Probe resolves cite the member's 701 rule. A member no card effect performs is
refused at load, naming its rule, for every effect name the table lists for it. And the table is
701's list: every nd:701.N the rules text titles is a row, with that title."""

from __future__ import annotations

import json
import re

import pytest

from judge.cards import keyword_actions
from judge.engine.play.action_kinds import ACTIONS
from judge.engine.scenarios.replay import run
from judge.engine.scenarios.scenario import load_string
from judge.yamlio import ScenarioError

TABLE = keyword_actions.table()
PLAYED = [a for a in TABLE if a.played]
EFFECTS = [(a, effect) for a in PLAYED for effect in a.effects]
REFUSED = [(a, word) for a in TABLE if not a.played for word in a.words]

BOARD = """
title: the keyword action {rule}
game: nodawn
cards:
  - {{name: Silent Maren, type: Master, lineage: Liamite, initial_vitae: 20, enlightenment: 1, text: "Liamite Master."}}
  - {{name: Probe, type: Caprice, cost: {{vitae: 0}}, blood_seal: 1, text: "fixture"{targets},
     abilities: [{{spell: [{effect}]}}]}}
  - {{name: Spark, type: Caprice, cost: {{vitae: 0}}, blood_seal: 1, text: "Deal 1 damage to target Entity.",
     abilities: [{{spell: [{{deal_damage: {{amount: 1, to: target}}}}]}}], targets: [{{kind: Entity}}]}}
turn: {{active: Ana, round: The Hunt, phase: main1}}
players:
  - name: Ana
    master: {{card: Aurelio Torretti, vitae: 20}}
    hand: [{{card: Probe, id: probe}}, {{card: Spark, id: spark}}]
    domain: [{{card: Iron Column}}, {{card: Iron Column}}]
    battlefield: [{{card: Gilded Haven}}, {{card: Iron Column, id: column}}]
  - name: Ben
    master: {{card: Silent Maren, vitae: 20}}
    hand: [{{card: Iron Column}}]
    battlefield: [{{card: The Counting-House Dark}}, {{card: Iron Column, id: mark}}]
actions:
{actions}expect: []
"""
# a target kind -> the objects aimed at, slot by slot
AIMS = {"Entity": ["mark", "column"], "player": ["Ben"], "spell": ["spark"]}


def _flow(value) -> str:
    return json.dumps(value)  # JSON is YAML's flow style


def scenario(member: keyword_actions.KeywordAction, effect: dict) -> str:
    taken = {kind: iter(objects) for kind, objects in AIMS.items()}
    aims = [next(taken[kind]) for kind in member.targets]
    actions = "  - {player: Ana, cast: spark, targets: [mark]}\n" if "spell" in member.targets else ""
    actions += "  - {player: Ana, cast: probe" + (f", targets: [{', '.join(aims)}]" if aims else "") + "}\n"
    actions += "  - pass\n  - pass\n"
    targets = f", targets: [{', '.join(_flow({'kind': k}) for k in member.targets)}]" if member.targets else ""
    return BOARD.format(rule=member.rule, targets=targets, effect=_flow(effect), actions=actions)


def _cites(rules, rule: str) -> bool:
    return any(re.fullmatch(rf"nd:{re.escape(rule)}[a-z]?", r) for r in rules)


@pytest.mark.parametrize("member,effect", EFFECTS, ids=[f"{a.rule}-{next(iter(e))}" for a, e in EFFECTS])
def test_a_spell_whose_one_effect_is_the_keyword_action_cites_its_rule(member, effect):
    replay = run(load_string(scenario(member, effect), f"{member.rule}.yaml"))
    events = [e for step in replay.steps for e in step.events]
    assert not [e.text for e in events if e.refused or e.engine_error]
    texts = [e.text for e in events]
    start = texts.index("Probe resolves")
    end = texts.index("Probe goes to its owner's Spoils") if "Probe goes to its owner's Spoils" in texts else len(texts)
    effect_events = events[start + 1 : end]
    assert effect_events, texts
    assert any(_cites(e.rules, member.rule) for e in effect_events), [(e.text, e.rules) for e in effect_events]


@pytest.mark.parametrize("member,word", REFUSED, ids=[f"{a.rule}-{w}" for a, w in REFUSED])
def test_a_card_naming_a_refused_keyword_action_is_refused_naming_its_rule(member, word):
    text = scenario(member, {word: "target"})
    with pytest.raises(ScenarioError) as refused:
        load_string(text, f"{word}.yaml")
    assert refused.value.message == member.refusal(word)
    assert f"({member.rule})" in refused.value.message and member.refused in refused.value.message
    assert refused.value.path == f"{word}.yaml"
    assert refused.value.line == next(n for n, line in enumerate(text.splitlines(), 1) if "abilities: [{spell:" in line)


def test_an_unknown_effect_that_is_no_keyword_action_is_still_refused_as_unknown():
    member = REFUSED[0][0]
    with pytest.raises(ScenarioError) as refused:
        load_string(scenario(member, {"transmogrify": "target"}), "x.yaml")
    assert refused.value.message.startswith("unknown effect 'transmogrify' (known: ")


def test_the_table_is_701s_list_of_keyword_actions(corpus):
    """Every 701.N the rules text titles (701.1 is the preamble, untitled) is a row, in order and
    under its title: a keyword action a new edition adds cannot be missed silently."""
    listed = [
        (entry.number, entry.title)
        for entry in (corpus.get(child) for child in corpus.get("nd:701").children)
        if entry is not None and entry.title
    ]
    assert listed == [(a.rule, a.action) for a in TABLE]
    assert len(listed) == 26


def test_counts_played_and_refused():
    assert [a.rule for a in PLAYED] == [
        "701.4",
        "701.6",
        "701.7",
        "701.8",
        "701.9",
        "701.10",
        "701.12",
        "701.16",
        "701.17",
        "701.27",
    ]
    assert len(TABLE) - len(PLAYED) == 16
    assert [k for a in PLAYED for k in a.kinds] == [
        "attach",
        "banish",
        "counter",
        "counter_unless_pays",
        "create_token",
        "destroy",
        "discard",
        "sacrifice",
        "foresee",
        "challenge",
        "gain_control",
    ]


def test_a_spell_that_says_attach_is_no_weapon_or_ritual_and_nothing_moves():
    """701.4a: only a Weapon or Ritual (or a Power, 701.4b) attaches; the spell's attach does nothing."""
    attach = next(a for a in TABLE if a.rule == "701.4")
    replay = run(load_string(scenario(attach, attach.effects[0]), "attach.yaml"))
    said = [(e.text, e.rules) for step in replay.steps for e in step.events if "attach" in e.text]
    assert said == [("Probe is a Caprice, not a Weapon or Ritual: nothing is attached", ("nd:701.4a",))]
    assert replay.final.objects["mark"].attached_to is None


@pytest.mark.parametrize(
    "row,message",
    [
        (
            '{rule: "701.9", action: Destroy, effects: [{destroy: target}], refused: "no", words: [wreck]}',
            "701.9: a row has `effects` (played), or `refused` with `words` (the effect names it refuses)",
        ),
        (
            '{rule: "701.9", action: Destroy, effects: [{wreck: target}]}',
            "701.9: `effects` are effects of the card vocabulary",
        ),
        (
            '{rule: "701.24", action: Erode, refused: "no", words: [draw]}',
            "701.24: draw is an effect the vocabulary has",
        ),
        (
            '{rule: "701.9", action: Destroy, effects: [{destroy: target}], targets: [Castle]}',
            "701.9: `targets` are target kinds of the vocabulary",
        ),
    ],
)
def test_a_malformed_row_is_refused_naming_the_file_and_line(tmp_path, row, message):
    path = tmp_path / "keyword_actions.yaml"
    path.write_text(f'# a table\n- {{rule: "701.6", action: Banish, effects: [{{banish: target}}]}}\n- {row}\n')
    with pytest.raises(ScenarioError) as refused:
        keyword_actions._read(path)
    assert (refused.value.message, refused.value.path, refused.value.line) == (message, str(path), 3)


def test_every_scenario_action_a_refused_member_points_to_exists():
    """A refused member's `by` names the scenario actions that do it instead: each is one."""
    named = {word for a in TABLE for word in re.findall(r"`(\w+):`", a.by)}
    assert named == {"activate", "cast", "drain", "seal", "turn_face_up", "spring", "set", "fire"}
    assert named <= set(ACTIONS)
