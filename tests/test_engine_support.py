"""Nothing silent (issue 15, item 1): a card the engine does not model in full loads as reference
but is not playable, and a scenario that uses it — on the board, in a hand, a Domain, the
Spoils, on the stack, or defined in its `cards:` — is refused at load, naming the scenario's file
and line, the card's file and line, and the rule."""

from __future__ import annotations

from pathlib import Path

import pytest
from bundled import SCENARIOS

from judge.cards import reader
from judge.cards.reader import database, parse_cards
from judge.engine.core import keywords
from judge.engine.core.errors import ScenarioError
from judge.engine.coverage import support
from judge.engine.scenarios.scenario import load
from judge.yamlio import load_text

BOARD = """\
title: support fixture
game: nodawn
cards:
  - {name: Silent Maren, type: Master, lineage: Liamite, initial_vitae: 20, enlightenment: 1, text: "Liamite Master."}
EXTRA
turn: {active: Ana, round: The Hunt, phase: main1}
players:
  - name: Ana
    master: {card: Aurelio Torretti, vitae: 20}
    hand: [HAND]
    battlefield:
      - {card: Gilded Haven}
  - name: Ben
    master: {card: Silent Maren, vitae: 20}
    battlefield:
      - {card: The Counting-House Dark}
actions: []
expect: []
"""


def scenario(tmp_path: Path, hand: str = "Sell the Bones", extra: str = "") -> Path:
    path = tmp_path / "case.yaml"
    path.write_text(BOARD.replace("EXTRA\n", extra).replace("HAND", hand), encoding="utf-8")
    return path


def refusal(tmp_path: Path, **kw) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        load(scenario(tmp_path, **kw))
    return info.value


def test_the_fixture_loads(tmp_path):
    assert load(scenario(tmp_path)).state.player("Ana").hand


# Every card of cards/nodawn/ is playable, and every keyword of the card format is modelled now, so
# the database cases add card files whose keywords the engine is made not to model: the fixture takes
# Dominance (702.42) and Sleeper (702.39) out of the registry, as if no module declared them.
UNPLAYABLE = """\
# fixture card files: keywords the engine does not model
- name: Burdened Hound
  type: Entity
  subtypes: [Beast]
  cost: {vitae: 3}
  attack: 4
  vigor: 4
  keywords: [Dominance]
  text: "Dominance — control another Beast."
- name: Sleeping Agent
  type: Entity
  subtypes: [Innocent]
  cost: {vitae: 2}
  attack: 1
  vigor: 1
  keywords: [Sleeper]
  text: "Sleeper."
"""


@pytest.fixture
def with_unplayable(tmp_path, monkeypatch) -> str:
    """The card database with UNPLAYABLE's cards added, their keywords out of the registry; returns
    their card file's path."""
    for name in ("Dominance", "Sleeper"):
        monkeypatch.delitem(keywords.MODELLED, name)
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "unplayable.yaml").write_text(UNPLAYABLE, encoding="utf-8")
    monkeypatch.setattr(reader, "_DATABASE", {**database(), **reader.load_card_files(folder)})
    return str(folder / "unplayable.yaml")


def test_the_database_loads_every_card_and_marks_those_the_engine_cannot_play(with_unplayable):
    db = database()
    unplayable = sorted(name for name, card in db.items() if not support.playable(card))
    assert unplayable == ["Burdened Hound", "Sleeping Agent"]
    hound = db["Burdened Hound"]
    assert [(g.what, g.rule, g.where(hound)) for g in support.gaps(hound)] == [
        ("not modelled by the engine: Dominance (702.42)", "702.42", f"{with_unplayable}:8")
    ]
    # the cards that were refused before the other branches' keywords were merged are played now
    for name in (
        "Bishop of Coin",
        "Chains of the Old Debt",
        "Edict of Coin and Blade",
        "Nachzehrer",
        "Pallbearer's Maul",
        "Risen Pallbearer",
    ):
        assert support.gaps(db[name]) == (), name


def test_every_card_of_the_card_files_is_playable():
    assert sorted(name for name, card in reader.load_card_files().items() if not support.playable(card)) == []


@pytest.mark.parametrize("zone", ["hand", "domain", "spoils", "void", "pit"])
def test_a_database_card_with_an_unmodelled_keyword_is_refused_in_any_zone(tmp_path, with_unplayable, zone):
    text = BOARD.replace("EXTRA\n", "").replace("    hand: [HAND]\n", f"    {zone}: [Burdened Hound]\n")
    path = tmp_path / "case.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load(path)
    err = info.value
    assert err.path == str(path) and err.line == 9
    assert err.message == (
        f"the scenario uses Burdened Hound ({with_unplayable}:8), which the engine cannot play: "
        f"not modelled by the engine: Dominance (702.42)"
    )


def test_a_card_on_the_battlefield_is_refused_at_its_line(tmp_path, with_unplayable):
    text = (
        BOARD.replace("EXTRA\n", "")
        .replace("HAND", "Sell the Bones")
        .replace("      - {card: Gilded Haven}\n", "      - {card: Gilded Haven}\n      - {card: Burdened Hound}\n")
    )
    path = tmp_path / "case.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load(path)
    assert info.value.line == 12
    assert info.value.message.endswith(
        f"Burdened Hound ({with_unplayable}:8), which the engine cannot play: not "
        f"modelled by the engine: Dominance (702.42)"
    )


def test_a_card_on_the_stack_is_refused(tmp_path, with_unplayable):
    text = (
        BOARD.replace("EXTRA\n", "")
        .replace("HAND", "Sell the Bones")
        .replace("actions: []", "stack:\n  - {spell: Sleeping Agent, controller: Ana}\nactions: []")
    )
    path = tmp_path / "case.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load(path)
    assert info.value.path == str(path) and info.value.line == 17
    assert info.value.message == (
        f"the scenario uses Sleeping Agent ({with_unplayable}:16), which the engine cannot "
        f"play: not modelled by the engine: Sleeper (702.39)"
    )


def test_a_card_defined_in_the_scenario_is_refused_at_its_line_even_unused(tmp_path, monkeypatch):
    monkeypatch.delitem(keywords.MODELLED, "Debt")  # as if no module declared it
    extra = '  - {name: Debt Broker, type: Entity, cost: {vitae: 2}, attack: 1, vigor: 1, keywords: [Debt], text: "Debt."}\n'
    err = refusal(tmp_path, extra=extra)
    assert err.line == 5
    assert err.message == (
        "the scenario uses Debt Broker, which the engine cannot play: not modelled by the engine: Debt (702.48)"
    )


ENTITY = '  - {{name: Probe, type: Entity, cost: {{vitae: 2}}, attack: 1, vigor: 1, text: "Probe.", {}}}\n'


@pytest.mark.parametrize(
    "fields, words",
    [
        (
            "keywords: [Sleeper 3]",
            "Reckoning: the effect it telegraphs (`reckoning:`) is not written in the card file, "
            "so the engine would play the keyword as doing nothing (printed Sleeper 3, read as "
            "Reckoning 3: 702.39d)",
        ),
        (
            "keywords: [Sleeper]",
            "Sleeper: how it lies in wait (`sleeper:` — dormant, what waking does; or gathering, "
            "its counter and what it arms) is not written in the card file",
        ),
        ("keywords: [Dominance]", "Dominance: its printed dominance condition (`dominance:`) is not written"),
        ("keywords: [Debt]", "Debt: the rider that creates the Debt (a `take_debt` effect) is not written"),
        ("keywords: [Siege]", "Siege needs a whole number (\"Siege 3\"), not '' (702.29)"),
        ("keywords: [Recall X]", "Recall needs a cost in Vitae, a whole number (\"Recall 2\"), not 'X' (702.20)"),
        ("keywords: [Flying 2]", "Flying takes no parameter, not '2' (702.10)"),
        ("keywords: [Sanctity]", "Sanctity needs a quality"),
        ("keywords: [Elusive Kaelite]", 'Elusive takes nothing, or "from [quality]"'),
        ("keywords: [Tribute 2]", "Tribute: the rider a paid Tribute earns (`tribute:`) is not written"),
        (
            "keywords: [Backlash 2]",
            "Backlash: the backfire an unpaid synthesis cost incurs (`backfire:`) is not written",
        ),
        ("keywords: [Entwine 2]", "Entwine: the modes it entwines (`modes:`) is not written"),
        (
            "keywords: [Reckoning 2]",
            "Reckoning: the effect it telegraphs (`reckoning:`) is not written in the card file, "
            "so the engine would play the keyword as doing nothing",
        ),
        ("keywords: [Siege 2]", "Siege: its Siege rider (a `while: siege` static or a `siege:` rider) is not written"),
        (
            "keywords: [Pack 2]",
            "Pack: what it gets while it attacks with the pack (a `while: pack` static) is not written",
        ),
        ("keywords: [Command]", "Command: its anthem (a static with `affects: other_own_entities`) is not written"),
        ("keywords: [Drop-rites]", "Drop-rites: what it does (a triggered ability `when: drop`) is not written"),
        (
            "statics: [{modify: {attack: 1}, while: siege}]",
            "a `while: siege` static needs the card's own Siege keyword",
        ),
        (
            "statics: [{grant: [Dominance]}]",
            "it grants Dominance, whose terms are printed on the card that has it "
            "(`dominance:`); a granted Dominance carries none: not modelled by the "
            "engine (702.42a)",
        ),
        (
            "abilities: [{activated: {cost: {drain: true}, effects: [{grant: {keywords: [Debt], to: self}}]}}]",
            "it grants Debt, whose terms are printed on the card that has it (a `take_debt` effect)",
        ),
        ("statics: [{grant: [Sleeper]}]", "it grants Sleeper, whose terms are printed on the card that has it"),
        (
            "statics: [{grant: [Toll X]}]",
            "it grants Toll needs a cost in Vitae, a whole number (\"Recall 2\"), not 'X' (702.14)",
        ),
        ("abilities: [{spell: [{destroy: {to: each_player}}]}]", "destroy to: each_player — the effect reaches only"),
        ("abilities: [{spell: [{draw: {n: 1, who: self}}]}]", "draw who: self — the effect reaches only"),
        (
            "abilities: [{spell: [{counter: self}]}]",
            "counter to: self — the effect reaches only each_target, first_target, second_target, target, third_target",
        ),
        (
            "abilities: [{spell: [{sacrifice: {who: controller, what: Wolf}}]}]",
            "sacrifice what: 'Wolf' is not a card type",
        ),
        (
            "statics: [{spoils_to_void: true, affects: own_entities}]",
            "a spoils_to_void static always watches every card",
        ),
        (
            "statics: [{reduce_damage: 1, subtype: Wolf}]",
            "a reduce_damage static reads no subtype or with_keyword filter",
        ),
    ],
)
def test_what_the_engine_cannot_play_is_refused_naming_the_rule(tmp_path, fields, words):
    err = refusal(tmp_path, extra=ENTITY.format(fields))
    assert err.line == 5 and err.path.endswith("case.yaml")
    assert err.message.startswith("the scenario uses Probe, which the engine cannot play: ")
    assert words in err.message


@pytest.mark.parametrize(
    "fields",
    [
        "keywords: [Sanctity from Kaelite]",
        "keywords: [Sanctity Kaelite]",
        "keywords: [Elusive]",
        "keywords: [Elusive from Kaelite]",
        "keywords: [Siege 2], siege: [{draw: 1}]",
        "keywords: [Pack 1], statics: [{cant_be_blocked_alone: true, while: pack}]",
        "keywords: [Tribute 1], tribute: [{draw: 1}]",
        # modelled since the merge: Toll, a granted Muster, Reckoning (printed as Sleeper N), trigger targets
        "keywords: [Toll 2]",
        "statics: [{grant: [Toll 2]}]",
        "abilities: [{activated: {cost: {drain: true}, effects: [{grant: {keywords: [Muster 2], to: self}}]}}]",
        "keywords: [Sleeper 3], reckoning: [{destroy: target}]",
        # modelled by F5a: the dormant and gathering Sleeper, Dominance, Debt — each with its own terms
        "keywords: [Sleeper], sleeper: {wakes: [{draw: 1}]}",
        "keywords: [Sleeper], sleeper: {gathers: whisper, arms: {at: 2, effects: [{draw: 1}]}}",
        "keywords: [Dominance], dominance: {pay: 1}",
        "keywords: [Dominance], dominance: {if: {controls: {subtype: Beast, at_least: 2}}, price: 2, fails: [{draw: 1}]}",
        "keywords: [Debt], abilities: [{spell: [{take_debt: {who: each_opponent, price: 2}}]}]",
        "abilities: [{triggered: {when: enters, effects: [{deal_damage: {amount: 1, to: target}}], "
        "targets: [{kind: Entity}]}}]",
    ],
)
def test_what_the_engine_models_loads(tmp_path, fields):
    assert load(scenario(tmp_path, hand="Probe", extra=ENTITY.format(fields)))


def test_the_rules_spelling_of_a_quality_reads_like_the_short_one(tmp_path):
    s = load(scenario(tmp_path, hand="Probe", extra=ENTITY.format("keywords: [Sanctity from Kaelite]"))).state
    assert keywords.value("Sanctity", "from Kaelite") == keywords.value("Sanctity", "Kaelite") == "Kaelite"
    assert s.card(s.player("Ana").hand[0]).keywords == ("Sanctity from Kaelite",)


def _cards(text: str):
    return parse_cards(load_text(text, "cards.yaml"), "cards.yaml")


def test_sleeper_n_is_read_as_reckoning_n():
    (card,) = _cards('- {name: Old Spy, type: Entity, keywords: [Sleeper 3, Flying], text: "Sleeper 3."}')
    assert card.keywords == ("Reckoning 3", "Flying")
    assert card.renamed == (("Sleeper 3", "Reckoning 3"),)
    (dormant,) = _cards('- {name: New Spy, type: Entity, keywords: [Sleeper], text: "Sleeper."}')
    assert dormant.keywords == ("Sleeper",) and dormant.renamed == ()


@pytest.mark.parametrize(
    "word, rule",
    [
        ("Regenerate", "702.49a"),
        ("Dredge 2", "702.49b"),
        ("Level up 1", "702.49c"),
        ("Banding", "702.49d"),
        ("Ante", "702.49e"),
    ],
)
def test_the_families_702_49_leaves_out_are_refused_with_their_sub_rule(word, rule):
    with pytest.raises(ScenarioError) as info:
        _cards(f'- name: Relic Hound\n  type: Entity\n  keywords: [{word}]\n  text: "."')
    assert info.value.line == 3
    assert info.value.message == f"Relic Hound: {word!r} is a family deliberately left out of No Dawn ({rule})"


def test_a_rider_needs_its_keyword():
    with pytest.raises(ScenarioError, match="a tribute: rider needs the Tribute keyword") as info:
        _cards('- name: Riderless\n  type: Caprice\n  text: "."\n  tribute: [{draw: 1}]')
    assert info.value.line == 4


def test_text_naming_a_keyword_the_card_lacks_is_noted():
    (card,) = _cards(
        "- {name: Hollow Sentinel, type: Entity, keywords: [Reach], "
        'text: "Flying. Reach. Can block Entities with Dread. Toll 2 (reminder)."}'
    )
    assert support.text_notes(card) == [
        (
            "Hollow Sentinel's text names Flying, which its card file's keywords: lack — the engine plays it "
            "without Flying",
            "702.10",
        ),
        (
            "Hollow Sentinel's text names Toll, which its card file's keywords: lack — the engine plays it "
            "without Toll",
            "702.14",
        ),
    ]


@pytest.mark.slow
def test_text_printing_an_ability_the_card_file_does_not_write_is_noted():
    (shaman,) = _cards(
        '- {name: Dusk Shaman, type: Entity, text: "When Night falls, create two 2/2 night-bound Wolf tokens."}'
    )
    assert support.text_notes(shaman) == [
        (
            "Dusk Shaman's text prints the triggered ability \"When Night falls, create two 2/2 night-bound Wolf "
            'tokens.", which its card file does not write — the engine plays the card without it',
            "603.1",
        )
    ]
    (watcher,) = _cards('- {name: Road Watcher, type: Entity, text: "Drain this: look at target Procession piece."}')
    assert support.text_notes(watcher) == [
        (
            'Road Watcher\'s text prints the activated ability "Drain this: look at target Procession piece.", which '
            "its card file does not write — the engine plays the card without it",
            "602.1",
        )
    ]
    # written out, or a Trap's own spring effect: nothing to say — and every card file writes its abilities now
    db = database()
    for name in (
        "Duskcaller Shaman",
        "The Dhampir of the Toll-Road",
        "Cask of the Old Vintage",
        "Blood token",
        "Sacramental Fire",
    ):
        assert support.text_notes(db[name]) == [], name
    assert [name for name, card in db.items() if support.text_notes(card)] == []
    (trap,) = _cards(
        '- {name: Thornward, type: Trap, text: "Ward — When sprung, deal 4 damage to the attacking '
        'Entity.", abilities: [{spell: [{deal_damage: {amount: 4, to: target}}]}]}'
    )
    assert support.text_notes(trap) == []
    # a spell whose effect makes a delayed trigger writes that trigger (603.7)
    (mark,) = _cards(
        '- {name: Dusk Mark, type: Caprice, text: "At the beginning of the next end step, banish target '
        'Entity.", abilities: [{spell: [{delayed: {at: end_step, effects: [{banish: target}]}}]}], '
        "targets: [{kind: Entity}]}"
    )
    assert support.text_notes(mark) == []
    # ...but a spell that does something else now writes no trigger
    (bolt,) = _cards(
        '- {name: Dusk Bolt, type: Caprice, text: "At the beginning of the next end step, banish target '
        'Entity.", abilities: [{spell: [{banish: target}]}], targets: [{kind: Entity}]}'
    )
    assert [rule for _, rule in support.text_notes(bolt)] == ["603.1"]
    # no scenario's cards print an ability their files do not write
    for path in sorted(SCENARIOS.glob("*.yaml")):
        if path.name != "examples.yaml":
            assert load(path).not_modelled == [], path.name
