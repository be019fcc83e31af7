"""Coverage you can see (issue 32, item 5): the families the rules list, each read from its one
table, with the members the engine plays and refuses — generated into cards/nodawn/README.md
(`python -m judge.engine.coverage.families`). And the family of 113.5 played member by member: `activate:`
on a card whose keyword ability works from the zone it lies in plays that ability."""

from __future__ import annotations

import pytest
import yaml

from judge import paths
from judge.cards import vocabulary as V
from judge.engine.coverage import families
from judge.engine.play.actions import apply
from judge.engine.procedures import zone_abilities
from judge.engine.reading import announcements
from judge.engine.scenarios.scenario import load_string


@pytest.mark.slow
def test_the_readme_shows_the_generated_family_table():
    readme = families.readme_path().read_text(encoding="utf-8")
    assert families.current(readme) == readme
    assert families.main(["--check"]) == 0


def _rows(name: str) -> list:
    return yaml.safe_load((paths.data_root() / "rulings" / "nodawn" / name).read_text(encoding="utf-8"))


@pytest.mark.slow
def test_each_family_lists_every_member_of_its_table_once():
    by_name = {f.name: f for f in families.families()}
    names = {f.name: [m.name for m in f.members] for f in families.families()}
    assert names["No Dawn's announcements"] == [a.id for a in announcements.table()]
    assert names["keyword abilities"] == [str(r["keyword"]) for r in _rows("keywords.yaml")["keywords"]]
    assert names["keyword actions"] == [str(r["action"]) for r in _rows("keyword_actions.yaml")]
    assert names["player choices"] == [str(r["id"]) for r in _rows("choices.yaml") if isinstance(r, dict)]
    assert names["abilities that work outside the battlefield"] == list(zone_abilities.OUTSIDE_THE_BATTLEFIELD)
    assert names["target words"] == ["target", "first_target", "second_target", "third_target", "each_target"]
    assert set(names["target kinds"]) == set(V.TARGET_KINDS)
    for fam in by_name.values():
        assert len(set(m.name for m in fam.members)) == len(fam.members), fam.name
    refused = [m.name for m in by_name["player choices"].members if not m.played]
    assert len(refused) == 20  # the systems no card of the vocabulary produces (README: coin flips, dice…)


def test_the_table_says_how_many_are_played_and_refused():
    text = families.render()
    assert "* **No Dawn's announcements** (405.6; `rulings/nodawn/announcements.yaml`): 13 played, 0 refused." in text
    assert "* **keyword abilities** (702; `rulings/nodawn/keywords.yaml`): 49 played, 0 refused." in text
    assert "Sanctity (702.15, in part)" in text
    assert "* **keyword actions** (701; `rulings/nodawn/keyword_actions.yaml`): 10 played, 16 refused." in text
    assert "Counter (701.7, `counter` or `counter_unless_pays`)" in text and "Erode (701.24, no card effect)" in text


BOARD = """
title: an ability that works from {zone}
game: nodawn
cards:
  - {{name: Silent Maren, type: Master, lineage: Liamite, initial_vitae: 20, enlightenment: 1, text: "Liamite Master."}}
  - {{name: Zone Walker, type: {type}, subtypes: [Vampire], cost: {{vitae: 1}}, attack: 1, vigor: 1, blood_seal: 1,
     keywords: [{keyword} 1], text: "{keyword} 1 (fixture)."{spell}}}
turn: {{active: Ana, round: The Hunt, phase: main1}}
players:
  - name: Ana
    master: {{card: Aurelio Torretti, vitae: 20}}
    pool: 1
    {zone}: [{{card: Zone Walker, id: walker}}]
    battlefield: [{{card: Gilded Haven}}]
  - name: Ben
    master: {{card: Silent Maren, vitae: 20}}
    battlefield: [{{card: The Counting-House Dark}}]
"""
ACTIVATED = [(keyword, zone, rule) for zone, rows in zone_abilities.WORKS_FROM.items() for keyword, rule, _ in rows]


@pytest.mark.parametrize("keyword,zone,rule", ACTIVATED, ids=[k for k, _, _ in ACTIVATED])
def test_activate_on_a_card_in_the_zone_its_ability_works_from_plays_it(keyword, zone, rule):
    entity = zone == "spoils"  # Exhume returns an Entity card (702.22a)
    text = BOARD.format(
        zone=zone,
        keyword=keyword,
        type="Entity" if entity else "Caprice",
        spell="" if entity else ", abilities: [{spell: [{draw: 1}]}]",
    )
    state = load_string(text, f"{keyword}.yaml").state
    after, events = apply(state, {"player": "Ana", "activate": "walker"})
    assert not any(e.refused or e.engine_error for e in events), [e.text for e in events]
    assert (
        events[0].text == f"Zone Walker is in Ana's {zone.title()}: the ability activated is its {keyword}, which "
        f"works from there"
    )
    assert events[0].rules == ("nd:113.5", f"nd:{rule}")
    assert len(after.stack) == 1 and after.player("Ana").pool_total == 0
    refused_after, refusal = apply(state, {"player": "Ana", "activate": "walker", "ability": 2})
    assert refused_after is state and refusal[0].refused and f"nd:{rule}" in refusal[0].rules
