"""The lexicon behind plain-word search: BM25 weights as whoosh computes them, one game's postings
as a slice, adjacency as a whole-term match; and the list items' introducing paragraphs."""

from __future__ import annotations

import math

import pytest

from judge.search.leads import introductions
from judge.search.lexicon import K1, B, Lexicon

DOCS = [  # as index.documents yields them: fields already folded
    {"id": "a:1", "game": "alpha", "text": "drained entity may block", "around": "blockers"},
    {"id": "b:1", "game": "beta", "text": "a bowed personality cannot block block", "around": ""},
    {"id": "a:2", "game": "alpha", "text": "block drained", "around": "entity"},
]


@pytest.fixture(scope="module")
def lexicon():
    return Lexicon.from_documents(DOCS)


def test_entries_are_numbered_by_game(lexicon):
    assert lexicon.ids == ["a:1", "a:2", "b:1"]
    assert lexicon.ranges == {"alpha": (0, 2), "beta": (2, 3)}


def test_weights_are_bm25_term_frequency_parts(lexicon):
    docs, weights = lexicon.weights("text", "block")
    assert list(docs) == [0, 1, 2]
    lengths = [
        4,
        2,
        5,
    ]  # analysed words: drained entity may block / block drained / bowed personality cannot block block
    average = sum(lengths) / 3
    for n, (tf, length) in enumerate(zip([1, 1, 2], lengths)):
        expected = tf * (K1 + 1) / (tf + K1 * (1 - B + B * length / average))
        assert weights[n] == pytest.approx(expected, rel=1e-6)
    assert lexicon.idf("text", "block") == pytest.approx(math.log(3 / 4) + 1)


def test_one_games_postings_are_its_slice(lexicon):
    docs, _ = lexicon.weights("text", "block", "beta")
    assert list(docs) == [2]
    assert list(lexicon.weights("text", "block", "gamma")[0]) == []


def test_adjacency_is_a_whole_term_match(lexicon):
    everyone = range(lexicon.count)
    assert lexicon.adjacent("drain", "entiti", everyone) == {0}
    assert lexicon.adjacent("entiti", "drain", everyone) == set()
    # "blockers" is the first field's neighbour only across the field boundary: no pair there
    assert lexicon.adjacent("block", "block", everyone) == {2}
    assert lexicon.docs_with("entiti") == frozenset({0, 1})


def test_saved_and_loaded_alike(lexicon):
    again = Lexicon.from_bytes(lexicon.to_bytes())
    assert again.ids == lexicon.ids and again.postings == lexicon.postings


def test_list_items_are_introduced_by_their_colon_paragraph(corpus):
    leads = introductions(corpus)
    assert leads, "the L5R CCG documents have introduced lists"
    for item, lead in leads.items():
        assert corpus.get(item).kind == "bullet"
        paragraph = corpus.get(lead)
        assert paragraph.kind == "paragraph" and paragraph.text.rstrip().endswith(":")
        assert paragraph.parent == corpus.get(item).parent
