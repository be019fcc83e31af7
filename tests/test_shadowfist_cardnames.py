"""Card-name lookup (judge.search.cardnames) over the Shadowfist cards and a small made-up corpus."""

from __future__ import annotations

import pytest

from judge.corpus.model import Corpus, DocumentInfo, Entry, ParsedDocument
from judge.corpus.slug import normalize_name
from judge.search.cardnames import card_table, lookup

SF = "shadowfist"


@pytest.mark.parametrize(
    "typed,card_id",
    [
        ("10000 man", "sf:card/10000-man"),
        ("$10,000 MAN", "sf:card/10000-man"),
        ("eastern king", "sf:card/the-eastern-king"),
        ("The Eastern King", "sf:card/the-eastern-king"),
        ("chins criminal network", "sf:card/chins-criminal-network"),
        ("battle matic", "sf:card/battle-matic"),
        ("battlematic", "sf:card/battle-matic"),
        ("do you feel lucky punk", "sf:card/do-you-feel-lucky-punk"),
        ("dr. jean-marc ngubane", "sf:card/dr-jean-marc-ngubane"),
        ("bzzzzzt", "sf:card/bzzzzzt"),
    ],
)
def test_exact_names_ignore_case_punctuation_and_the(corpus, typed, card_id):
    result = lookup(corpus, typed, SF)
    assert result.status == "exact"
    assert [e.id for e in result.cards] == [card_id]


@pytest.mark.parametrize(
    "typed,card_id",
    [
        ("charmed lyfe", "sf:card/charmed-life"),
        ("chrmd lfe", "sf:card/charmed-life"),
        ("eastern kng", "sf:card/the-eastern-king"),
        ("dirk wisley gambit", "sf:card/dirk-wiselys-gambit"),
        ("cop on vaction", "sf:card/cop-on-vacation"),
    ],
)
def test_typos_find_the_card(corpus, typed, card_id):
    result = lookup(corpus, typed, SF)
    assert result.status == "fuzzy"
    assert result.cards[0].id == card_id


def test_pap_versions_come_back_together(corpus):
    result = lookup(corpus, "big bruiser", SF)
    assert result.status == "exact"
    assert [e.id for e in result.cards] == ["sf:card/big-bruiser", "sf:card/big-bruiser-2"]


def test_ambiguous_names_list_ranked_candidates(corpus):
    result = lookup(corpus, "arcanowave", SF)
    assert result.status == "ambiguous" and not result.cards
    names = [c.group.name for c in result.candidates]
    assert names[:3] == ["Arcanowave Pulse", "Arcanowave Reinforcer", "Arcanowave Researcher"]
    scores = [c.score for c in result.candidates]
    assert scores == sorted(scores, reverse=True)


def test_names_beyond_the_end_of_the_truncated_faq(corpus):
    for typed in ("pocket demon", "Pocket Deamon"):
        result = lookup(corpus, typed, SF)
        assert result.status == "beyond_end"
        assert result.beyond.name == "Pocket Demon"
        assert "sf:card/commander-corliss/2" in result.beyond.mentioned_by
    assert lookup(corpus, "phlogiston mine", SF).beyond.mentioned_by == ["sf:card/disco"]


def test_mentioned_name_without_an_entry(corpus):
    result = lookup(corpus, "blue monk", SF)
    assert result.status == "no_entry"
    assert result.beyond.mentioned_by == ["sf:topic/copying/6"]


def test_unknown_names(corpus):
    assert lookup(corpus, "xyzzy plugh", SF).status == "not_found"
    assert lookup(corpus, "   ", SF).status == "not_found"
    assert lookup(corpus, "!!!", SF).status == "not_found"
    # a game filter keeps other games' cards out
    assert not lookup(corpus, "charmed life", "l5r-lcg").found


def test_the_table_is_built_once_per_corpus(corpus):
    assert card_table(corpus) is card_table(corpus)


def test_normalize_name():
    assert normalize_name("The $10,000 Man!") == "10000 man"
    assert normalize_name("Chin's Criminal Network") == "chins criminal network"
    assert normalize_name("Theatre") == "theatre"
    assert normalize_name("The") == "the"


def _made_up_corpus() -> Corpus:
    corpus = Corpus()

    def card(doc, game, slug, title):
        return Entry(id=f"{doc}:card/{slug}", doc=doc, game=game, kind="card", title=title, text=title)

    corpus.add_document(
        DocumentInfo("nd", "nodawn", "No Dawn", "-"),
        ParsedDocument(
            [card("nd", "nodawn", "iron-column", "Iron Column"), card("nd", "nodawn", "ashen-bell", "Ashen Bell")]
        ),
    )
    corpus.add_document(
        DocumentInfo("sf", SF, "Shadowfist OmniFAQ", "-"),
        ParsedDocument(
            [card("sf", SF, "iron-column", "Iron Column")],
            facts={"beyond_end": {"Zephyr Gate": ["sf:card/iron-column"]}},
        ),
    )
    corpus.finish()
    return corpus


def test_the_same_name_in_two_games_is_ambiguous_until_a_game_is_given():
    corpus = _made_up_corpus()
    both = lookup(corpus, "iron column")
    assert both.status == "ambiguous"
    assert sorted(c.group.game for c in both.candidates) == ["nodawn", SF]
    assert [e.id for e in lookup(corpus, "iron column", "nodawn").cards] == ["nd:card/iron-column"]
    assert lookup(corpus, "ashen bel").cards[0].id == "nd:card/ashen-bell"
    assert lookup(corpus, "zephyr gate").status == "beyond_end"
    assert lookup(corpus, "zephyr gate", "nodawn").status == "not_found"
