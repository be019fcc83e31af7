"""Shadowfist rulings are self-contained statements (issue 31): the OmniFAQ was cut one sentence
a ruling, so "It doesn't." stood alone as a ruling. A census of the re-cut, the ids of the old
cut still resolving, citations a judge can find in the FAQ, and the judge's index following."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from bundled import parsed_fixtures

from judge.corpus.shadowfist import omnifaq as shadowfist
from judge.corpus.shadowfist.text import dependence, vocabulary
from judge.lookup import resolve

parsed, entries = parsed_fixtures(shadowfist.parse, "sf", by_id_name="entries")

SELF_CONTAINED = 30  # characters: the line between a statement and a fragment


def _rulings(parsed):
    return [e for e in parsed.entries if e.kind == "ruling"]


def _siblings(entries, ruling):
    return [c for c in entries[ruling.parent].children if entries[c].kind == "ruling"]


# -- the census --------------------------------------------------------------------------------
def test_counts_of_the_recut(parsed):
    """981 one-sentence rulings (688 under cards, 293 under topics) are now 856 (615, 241);
    the 125 sentences that depend on the one before live inside the ruling they depend on."""
    counts = parsed.facts["counts"]
    assert (counts["card_rulings"], counts["topic_rulings"]) == (615, 241)
    assert len(_rulings(parsed)) == 856 and len(parsed.entries) == 1387
    assert len(parsed.former_ids) == 125
    assert Counter(len(r.extra.get("sentences", [r.id])) for r in _rulings(parsed)) == {
        1: 758,
        2: 83,
        3: 11,
        4: 1,
        6: 1,
        7: 2,
    }


def _points_back(text: str) -> bool:
    """Opens with a word or phrase of the table (rulings/shadowfist/omnifaq-parsing.yaml)."""
    joins = vocabulary().joins
    first = text.split()[0]
    return (
        first.rstrip(",") in joins.openers
        or first.rstrip(",.") in joins.answer_words
        and first[-1] in ",."
        or any(text.startswith(p) and not text[len(p) :][:1].isalnum() for p in joins.phrases)
    )


def test_no_ruling_is_a_fragment_without_its_antecedent(parsed, entries):
    """Under the self-contained length only when the ruling is its card's only one (the card's
    own text is then its antecedent); opening with a word or phrase that points back only when
    it is the first ruling under its card or topic (which it points back to)."""
    short = [r.id for r in _rulings(parsed) if len(r.text) < SELF_CONTAINED]
    assert short == [
        "sf:card/bridge-of-birds/1",
        "sf:card/captain-liu/1",
        "sf:card/charge-of-the-rhino/1",
        "sf:card/desdemona-deathangel-2/1",
    ]
    assert all(_siblings(entries, entries[i]) == [i] for i in short)
    pointing = [r.id for r in _rulings(parsed) if _points_back(r.text)]
    assert len(pointing) == 48
    assert [i for i in pointing if _siblings(entries, entries[i])[0] != i] == []


def test_every_sentence_of_the_old_cut_is_in_exactly_one_ruling(parsed):
    merged = [r for r in _rulings(parsed) if "sentences" in r.extra]
    assert len(merged) == 98
    old_ids = [i for r in _rulings(parsed) for i in r.extra.get("sentences", [r.id])]
    assert len(old_ids) == len(set(old_ids)) == 981


@pytest.mark.parametrize("word", sorted(vocabulary().joins.openers))
def test_each_word_that_points_back_joins_its_sentence_to_the_one_before(word):
    assert dependence(f"{word} the Character is smoked at once by the effect.") != ""
    assert dependence("The Character is smoked at once by the effect.") == ""


@pytest.mark.parametrize("phrase", vocabulary().joins.phrases)
def test_each_phrase_that_points_back_joins_its_sentence(phrase):
    assert dependence(f"{phrase}, the Character is smoked at once by the effect.") != ""


@pytest.mark.parametrize("word", sorted(vocabulary().joins.answer_words))
def test_a_one_word_answer_joins_only_as_an_answer(word):
    assert dependence(f"{word}, the Character is smoked at once by the effect.") != ""
    assert dependence(f"{word} Character is smoked at once by the effect.") == ""


@pytest.mark.parametrize("ending", sorted(vocabulary().joins.ellipsis_endings))
def test_an_elliptical_sentence_joins_the_one_it_leaves_its_verb_to(ending):
    assert dependence(f"Turning a Character to attack {ending}.") != ""


def test_a_gerund_is_a_list_item_only_after_a_colon_or_another_item():
    assert dependence("Healing a Character from all of its damage.", in_list=True) == "is an item of the list before"
    assert dependence("Healing a Character from all of its damage.") == ""
    assert dependence("Nothing stops a Character from turning in response.", in_list=True) == ""


# -- the rulings of the issue ------------------------------------------------------------------
def test_the_misconception_and_its_correction_are_one_ruling(entries):
    ruling = entries["sf:topic/not-affected-by/1"]
    assert ruling.text.startswith(
        'Item (h) in the example list caused a couple of people to think "not affected '
        'by Events" applied to Events like Iron and Silk (LS)'
    )
    assert "earlier in the turn. It doesn't. For example, let's say The Prof (NW)" in ruling.text
    assert ruling.text.endswith("the Student whacks the Prof and takes no damage in return.")
    assert ruling.extra["sentences"] == [f"sf:topic/not-affected-by/{n}" for n in range(1, 8)]
    assert [c for c in entries["sf:topic/not-affected-by"].children] == [
        f"sf:topic/not-affected-by/{n}" for n in (1, 8, 9, 10, 11, 14, 15)
    ]


def test_a_list_stays_with_its_lead_in(entries):
    ruling = entries["sf:card/dr-timbul-damiri/5"]
    assert ruling.text.startswith("Some uses for Dr. Damiri's ability: Re-triggering Characters")
    assert "Healing a Character. Making a Character stop attacking or intercepting." in ruling.text
    assert ruling.extra["sentences"][-1] == "sf:card/dr-timbul-damiri/11"


def test_a_worked_example_stays_whole(entries):
    ruling = entries["sf:topic/taking-control-of-cards/15"]
    assert "The cancel wears off." in ruling.text and "The Mentor is then smoked." in ruling.text
    assert ruling.text.endswith("Ting Ting (NW) will revert to her previous controller.")


def test_citations_name_the_card_or_topic_and_the_first_words(entries):
    assert (
        entries["sf:topic/not-affected-by/1"].citation
        == "Shadowfist OmniFAQ — Not Affected By: “Item (h) in the example list…”"
    )
    assert (
        entries["sf:card/blue-mandarin/2"].citation
        == "Shadowfist OmniFAQ — Blue Mandarin: “Turning to heal and turning to…”"
    )
    assert not [e.id for e in entries.values() if e.kind == "ruling" and re.search(r"ruling \d", e.citation)]


# -- old ids -----------------------------------------------------------------------------------
def test_every_old_id_resolves_to_the_ruling_that_holds_its_sentence(corpus):
    assert corpus.get("sf:topic/not-affected-by/2").id == "sf:topic/not-affected-by/1"
    found = resolve(corpus, "sf:topic/not-affected-by/2")
    assert found.entry.id == "sf:topic/not-affected-by/1"
    assert found.note == "sf:topic/not-affected-by/2 is now part of sf:topic/not-affected-by/1"
    for old, new in corpus.former_ids.items():
        assert old not in corpus.entries and old in corpus.get(new).extra["sentences"]
        assert resolve(corpus, old).entry.id == new


def test_a_saved_ruling_citing_an_old_id_links_to_the_new_ruling(tmp_path, corpus):
    from judge.corpus.model import Corpus
    from judge.rulings.searchable import saved_ruling_entries
    from judge.rulings.store import RulingStore

    db = tmp_path / "rulings.sqlite"
    RulingStore(db).save("Not against an Event resolved earlier.", cites=["sf:topic/not-affected-by/2"])
    [saved] = saved_ruling_entries(db)
    both = Corpus()
    both.entries = dict(corpus.entries)
    both.former_ids = dict(corpus.former_ids)
    both.entries[saved.id] = saved
    both.finish()
    [ref] = saved.refs
    assert (ref.surface, ref.target, ref.status) == (
        "sf:topic/not-affected-by/2",
        "sf:topic/not-affected-by/1",
        "resolved",
    )
    assert ref.note == "sf:topic/not-affected-by/2 is now part of sf:topic/not-affected-by/1"
    assert both.problems == []


def test_show_names_the_ruling_an_old_id_now_lies_in(capsys):
    from judge import cli

    assert cli.main(["show", "sf:topic/not-affected-by/2"]) == 0
    out = capsys.readouterr().out
    assert "It doesn't." in out and "Item (h) in the example list" in out
    assert "sf:topic/not-affected-by/2 is now part of sf:topic/not-affected-by/1" in " ".join(out.split())


# -- search --------------------------------------------------------------------------------------
def test_search_finds_the_correction_with_the_misconception(session_searcher):
    result = session_searcher.search(
        'does "not affected by Events" apply to Events that resolved earlier in the turn',
        game="shadowfist",
        kind="ruling",
    )
    top = result.hits[0]
    assert top.id == "sf:topic/not-affected-by/1"
    assert "It doesn't." in session_searcher.corpus.get(top.id).text


def test_a_cards_rulings_are_listed_by_the_number_their_id_ends_in(capsys):
    """Dr. Timbul Damiri's seven rulings are sentences 1–5, 12 and 14 of the old cut: listed by
    position, the sixth read "6." while `sf:card/dr-timbul-damiri/6` opens the fifth (the old
    sixth sentence lies in it). What a judge reads is what they type."""
    import json

    from judge import cli

    assert cli.main(["card", "--json", "dr. timbul damiri"]) == 0
    card = json.loads(capsys.readouterr().out)
    listed = [(r["n"], r["id"].rsplit("/", 1)[1]) for r in card["rulings"]]
    assert listed == [(1, "1"), (2, "2"), (3, "3"), (4, "4"), (5, "5"), (12, "12"), (14, "14")]
    assert cli.main(["card", "dr. timbul damiri"]) == 0
    out = capsys.readouterr().out
    assert "\n  12. If you use Dr. Damiri on" in out and "\n  6. " not in out
