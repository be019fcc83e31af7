"""The vocabulary beyond the index: the Magic-to-No-Dawn concept map, the table talk, and how a
bridged word is read (in its own game only, and never adding up with the word it translates)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from judge import paths
from judge.search.analysis import analyze
from judge.search.synonyms import CONCEPT_FILES, SYNONYMS_FILE, TABLE_TALK_FILE, bridges, curated_groups, table_talk


@pytest.fixture(scope="module")
def searcher(corpus):
    from judge.search.index import open_searcher

    return open_searcher(corpus)


def test_concept_map_is_no_dawn_only():
    groups = [g for g in curated_groups() if "magic-concepts" in g.origin]
    assert len(groups) >= 30 and {g.game for g in groups} == {"nodawn"}
    by_word = {p: g for g in groups for p in g.phrases}
    assert tuple(analyze("spoils")) in by_word[tuple(analyze("graveyard"))].phrases
    assert tuple(analyze("corruption")) in by_word[tuple(analyze("poison"))].phrases
    assert tuple(analyze("companion vigor")) in by_word[tuple(analyze("loyalty"))].phrases


def test_table_talk_is_analysed_words():
    talk = table_talk()
    assert {analyze(w)[0] for w in ("put", "getting", "guys", "just")} <= talk
    assert not talk & {analyze(w)[0] for w in ("play", "block", "control", "deal", "take")}


@pytest.mark.parametrize(
    "relative,content,message",
    [
        (SYNONYMS_FILE, "chess: [[pawn, soldier]]\n", "unknown game 'chess'"),
        (SYNONYMS_FILE, "all: [[lonely]]\n", "fewer than two phrases"),
        (SYNONYMS_FILE, "all: [kill, destroy]\n", "must be a list of"),
        (next(iter(CONCEPT_FILES)), "zones: [[graveyard, spoils], 7]\n", "must be a list of"),
        (TABLE_TALK_FILE, "word: [just]\n", "expected one key"),
        (SYNONYMS_FILE, "all: [[kill, destroy\n", "cannot be read"),
    ],
)
def test_a_malformed_vocabulary_file_is_refused_by_name(tmp_path, relative, content, message):
    root = tmp_path / "data"
    shutil.copytree(paths.data_root() / "rules", root / "rules")
    (root / relative).write_text(content, encoding="utf-8")
    loader = table_talk if relative == TABLE_TALK_FILE else curated_groups
    with pytest.raises(ValueError, match=message) as failure:
        loader(root)
    assert Path(relative).name in str(failure.value)


def test_a_bridged_word_is_read_in_its_own_games_documents(searcher):
    found = bridges(analyze("tapped"), searcher.synonyms)
    games = {b.game for b in found if b.phrase == ("turn",)}
    assert games == {"shadowfist"}  # "turn" stands for tapped in Shadowfist alone
    hits = searcher.search("tapped graveyard", limit=10).hits
    spoils_hits = [h for h in hits if "spoil" in analyze(searcher.corpus.get(h.id).text)]
    assert spoils_hits and all(searcher.corpus.get(h.id).game == "nodawn" for h in spoils_hits)


def test_a_translation_outranks_an_unrelated_literal_word(searcher):
    """ "exile" is No Dawn's Void; "banish" is its verb: the Void's rule beats entries that merely
    share the question's other words."""
    hits = [h.id for h in searcher.search("where do exiled cards go", game="nodawn", limit=5).hits]
    assert any(h.startswith("nd:406") or h == "nd:glossary/void" or h.startswith("nd:701.6") for h in hits), hits


def test_a_translation_counts_as_the_word_typed(searcher):
    """ "tapped" is read as No Dawn's "drained" at the full weight of the word: an entry found
    through the bridge scores what it scores when the judge types "drained" — all but the
    entries whose name the judge typed ("Drain"), which gain their title's idf."""
    tapped = {h.id: h.score for h in searcher.search("tapped", game="nodawn", limit=30).hits}
    drained = {h.id: h.score for h in searcher.search("drained", game="nodawn", limit=30).hits}
    named = {i for _, ids in searcher.titles.named_in(analyze("drained")) for i in ids}
    common = [i for i in tapped if i in drained and i not in named]
    assert len(common) >= 20
    assert all(tapped[i] == pytest.approx(drained[i]) for i in common)
    assert all(drained[i] > tapped[i] for i in named if i in tapped and i in drained)
