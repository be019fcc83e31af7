"""What a judge reads when the first guess is wrong: names typed whole open their entry, an
unknown number is offered its neighbours in the same rule, a game filter that hid the answer
says where it is, and a bridged word never matches inside a card's name (issue 16)."""

from __future__ import annotations

import json

import pytest

from judge import cli
from judge.lookup import resolve
from judge.search.lexicon import Lexicon

pytestmark = pytest.mark.usefixtures("session_context")


def run(capsys, *argv):
    code = cli.main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


# -- names typed whole -------------------------------------------------------------------------
def test_a_glossary_term_typed_whole_opens_the_glossary_entry(capsys):
    code, out, err = run(capsys, "show", "overrun", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["entry"]["id"] == "nd:glossary/overrun"
    assert data["lookup"] == {"note": "", "also": ["nd:702.7"]}  # the keyword rule is named too


@pytest.mark.parametrize(
    "typed, expected",
    [
        ("Charmed Life", "sf:card/charmed-life"),  # a card
        ("charmed life", "sf:card/charmed-life"),
        ("bow, bowed", "lcg:bow-bowed"),  # an L5R LCG topic
        ("Damage Redirection", "sf:topic/damage-redirection"),  # a Shadowfist topic
    ],
)
def test_names_typed_whole(corpus, typed, expected):
    assert resolve(corpus, typed).entry.id == expected


def test_a_name_of_another_game_is_not_opened_under_a_filter(corpus):
    found = resolve(corpus, "charmed life", "nodawn")
    assert found.entry is None


# -- nearest numbers ---------------------------------------------------------------------------
def test_a_letter_past_the_rules_end_offers_its_last_sub_rules(capsys):
    code, _, err = run(capsys, "show", "704.5z")
    assert code == 1  # nothing found
    assert err.strip() == (
        "judge: no entry '704.5z' (No Dawn Comprehensive Rules has no rule 704.5z; "
        "rule 704.5 ends at 704.5v); nearest: 704.5u, 704.5v"
    )


def test_a_number_past_the_documents_end_offers_its_last_rules_only(capsys):
    code, _, err = run(capsys, "show", "999")
    assert code == 1
    assert err.strip() == (
        "judge: no entry '999' (No Dawn Comprehensive Rules has no rule 999; "
        "the document ends at 905); nearest: 904 Campaign / Story, 905 Reserved"
    )


def test_a_number_of_any_length_is_compared_as_a_number(capsys):
    """issue 29: `judge show 704.<5,000 nines>` was exit 3 (int() refuses past 4,300 digits);
    numbers are ordered by their digits now, and a lookup longer than any id is refused."""
    nines = "9" * 150
    code, _, err = run(capsys, "show", f"704.{nines}")
    assert code == 1
    assert err.strip() == (
        f"judge: no entry '704.{nines}' (No Dawn Comprehensive Rules has no rule 704.{nines}; "
        "rule 704 ends at 704.7); nearest: 704.6, 704.7"
    )
    code, _, err = run(capsys, "show", "704." + "9" * 5000)
    assert code == 2
    assert err.strip() == (
        "judge: '704.999999999999999999999999999999999999'… is 5,004 characters long; an id, "
        "number or range is at most 200 (to look for words, use judge search)"
    )


def test_number_order_needs_no_conversion():
    from judge.corpus.ranges import number_key

    written = ["704.10", "704.9", "704.5k", "704.5m", "704.0010", "704." + "9" * 5000, "704.5", "702"]
    assert sorted(written, key=number_key) == [
        "702",
        "704.5",
        "704.5k",
        "704.5m",
        "704.9",
        "704.10",
        "704.0010",
        "704." + "9" * 5000,
    ]


def test_a_missing_number_between_two_offers_both(corpus):
    found = resolve(corpus, "704.5l")
    assert [e.number for e in found.suggestions] == ["704.5k", "704.5m"]


def test_a_missing_rule_climbs_to_the_rule_above(corpus):
    found = resolve(corpus, "704.9b")
    assert [e.number for e in found.suggestions] == ["704.6", "704.7"]
    assert found.note == "No Dawn Comprehensive Rules has no rule 704.9b; rule 704 ends at 704.7"


def test_the_l5r_ccg_numbering_has_its_own_neighbours(corpus):
    found = resolve(corpus, "4.9")
    assert [e.id for e in found.suggestions] == [
        "ccg:sequence-of-play-in-detail/attack-phase-optional/battle-action-segment",
        "ccg:sequence-of-play-in-detail/attack-phase-optional/resolution-segment",
    ]


def test_a_number_no_document_writes_so_offers_nothing(corpus):
    found = resolve(corpus, "10")
    assert found.entry is None and found.suggestions == []
    assert found.note == "no document searched numbers its rules like 10"


def test_a_paragraph_past_a_topics_end_offers_its_last_paragraphs(corpus):
    found = resolve(corpus, "sf:card/charmed-life/40")
    assert [e.id for e in found.suggestions] == ["sf:card/charmed-life/2", "sf:card/charmed-life/3"]
    assert found.note == "sf:card/charmed-life has no paragraph 40; it ends at /3"


# -- filters that explain themselves ----------------------------------------------------------
def test_a_rule_number_resolves_whatever_the_game_filter(capsys, corpus):
    assert resolve(corpus, "704.5j", "shadowfist").entry.id == "nd:704.5j"
    assert resolve(corpus, "nd:glossary/drain", "l5r-lcg").entry.id == "nd:glossary/drain"
    code, out, err = run(capsys, "search", "704.5j", "--game", "shadowfist", "--json")
    assert code == 0, err
    assert [r["id"] for r in json.loads(out)] == ["nd:704.5j"]


def test_search_says_where_the_filter_hid_the_answer(capsys):
    code, out, err = run(capsys, "search", "charmed", "life", "--game", "l5r-lcg", "--limit", "3")
    assert code == 0, err
    assert " ".join(out.split()).startswith(
        "Best outside L5R LCG; in Shadowfist: Charmed Life: “If an effect that would smoke…” (--game all)"
    )


def test_search_json_names_the_hidden_answers_on_every_result(capsys):
    code, out, err = run(capsys, "search", "game:lcg", "charmed", "life", "--json", "--limit", "3")
    assert code == 0, err
    results = json.loads(out)
    assert [r["game"] for r in results] == ["l5r-lcg"] * 3  # the filter's results only
    assert [r["elsewhere"] for r in results] == [["sf:card/charmed-life/3"]] * 3
    assert [r["outside_filter"] for r in results] == [False] * 3


def test_search_json_lists_the_hidden_answers_when_the_filter_found_nothing(capsys):
    # ("charmed" itself is no longer such a word: the judge's index gives No Dawn's modal spells
    # the other game's name for them, "charm")
    code, out, err = run(capsys, "search", "--game", "nodawn", "arcanowave", "--json")
    assert code == 0, err
    results = json.loads(out)
    assert len(results) == 3  # ELSEWHERE
    assert all(r["id"].startswith(("sf:card/arcanowave", "sf:errata/arcanowave")) for r in results)
    assert all(r["outside_filter"] and r["elsewhere"] == [] for r in results)
    code, out, err = run(capsys, "search", "--game", "nodawn", "arcanowave")
    assert code == 1
    said = " ".join(out.split())
    names = ", ".join(r["citation"].split(" — ")[1] for r in results)
    assert said == f"Nothing in No Dawn; in Shadowfist: {names} (--game all) No matches."


def test_an_unfiltered_search_names_nothing_outside(capsys):
    code, out, err = run(capsys, "search", "charmed", "life", "--json", "--limit", "3")
    assert [(r["outside_filter"], r["elsewhere"]) for r in json.loads(out)] == [(False, [])] * 3


# -- synonyms and card names -------------------------------------------------------------------
def test_a_bridged_word_is_not_read_in_a_card_name(session_searcher):
    """ "kill" bridges to "destroy" in Shadowfist; the card Destroyer is not about killing."""
    found = [h.id for h in session_searcher.search("kill", game="shadowfist", limit=10).hits]
    assert not [i for i in found if i.startswith("sf:card/destroyer")], found


def test_a_typed_word_still_finds_a_card_name(session_searcher):
    found = [h.id for h in session_searcher.search("destroyer", game="shadowfist", limit=3).hits]
    assert "sf:card/destroyer" in found


def test_the_lexicon_keeps_a_second_row_without_card_names():
    docs = [
        {"id": "c:1", "game": "g", "text": "brain tap rifle see weapons", "around": ""},
        {"id": "c:2", "game": "g", "text": "tap the rifle to tap a card", "around": "brain tap rifle"},
        {"id": "c:3", "game": "g", "text": "tap it", "around": ""},
    ]
    names = {"c:1": {"text": "brain tap rifle"}, "c:2": {"around": "brain tap rifle"}}
    lexicon = Lexicon.from_documents(docs, names)
    assert list(lexicon.weights("text", "tap")[0]) == [0, 1, 2]
    assert list(lexicon.weights("text", "tap", names=False)[0]) == [1, 2]
    assert list(lexicon.weights("around", "tap", names=False)[0]) == []
    assert list(lexicon.weights("text", "rifl", names=False)[0]) == [1]
    assert lexicon.docs_with("tap", names=False) == frozenset({1, 2})
    # the same length norm: c:2's "tap" outside names weighs as it does in the full row
    assert lexicon.weights("text", "tap", names=False)[1][0] == lexicon.weights("text", "tap")[1][1]


# -- card views ----------------------------------------------------------------------------------
def test_card_see_topics_by_name_and_count_and_see_expands(capsys, corpus):
    topic = corpus.get("sf:topic/not-affected-by")
    first = corpus.children(topic, "ruling")[0].text
    code, out, err = run(capsys, "card", "Charmed Life")
    assert code == 0, err
    lines = out.splitlines()
    see = lines.index("See")
    assert lines[see + 1].startswith("  Not Affected By  (7 rulings)  Shadowfist OmniFAQ")
    assert "--see prints their rulings" in out
    assert " ".join(first.split()[:6]) not in " ".join(out.split())
    code, out, err = run(capsys, "card", "Charmed Life", "--see")
    assert " ".join(first.split()[:6]) in " ".join(out.split())


def test_an_empty_card_name_lists_every_card(capsys, corpus):
    every = sorted(corpus.of_kind("card"), key=lambda c: (c.title.lower(), c.doc))
    code, out, err = run(capsys, "card", "", "--json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["count"] == len(every) == len(doc["cards"]) and len(every) > 200
    assert [c["id"] for c in doc["cards"]] == [c.id for c in every]
    code, out, err = run(capsys, "card", "--game", "shadowfist")
    sf = [c for c in every if c.game == "shadowfist"]
    assert out.splitlines()[0] == f"{len(sf)} cards (Shadowfist); judge card NAME shows one"
    assert len(out.splitlines()) == len(sf) + 1


# -- issue 31: show is no stricter than search --------------------------------------------------
@pytest.mark.parametrize(
    "typed, expected", [("704.5J", "nd:704.5j"), ("nd:704.5J", "nd:704.5j"), ("704.5J.", "nd:704.5j")]
)
def test_a_number_typed_in_capitals_is_the_number(corpus, typed, expected):
    found = resolve(corpus, typed)
    assert found.entry.id == expected
    assert found.alone == typed.endswith(".")


def test_a_range_typed_in_capitals_is_the_range(corpus):
    found = resolve(corpus, "nd:116.2B–C")
    assert [e.id for e in found.members] == ["nd:116.2b", "nd:116.2c"]


def test_another_games_word_opens_what_the_bridge_names(corpus, capsys):
    found = resolve(corpus, "trample")
    assert found.entry.id == "nd:glossary/overrun"
    assert found.note == "'trample' is another game's word: No Dawn Comprehensive Rules calls it Overrun"
    code, out, err = run(capsys, "show", "trample")
    assert code == 0 and "Overrun" in out and "calls it Overrun" in out + err
    assert resolve(corpus, "trample overrun rules lawyer").entry is None  # only a whole name is bridged
