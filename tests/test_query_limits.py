"""The bound on a query (issue 20 item 10: a 100 KB query took 5-7 s): refused past
1,000 characters or 100 terms with exit 2; "did you mean" looks up at most 3 unknown words."""

from __future__ import annotations

import pytest

from judge.cli import main
from judge.search import operators as operators_module
from judge.search import query as qlang


def test_the_bounds_are_the_documented_ones():
    assert (qlang.MAX_QUERY_CHARS, qlang.MAX_QUERY_TERMS) == (1000, 100)
    assert (operators_module.MAX_CORRECTIONS, operators_module.MAX_CORRECTED_LENGTH) == (3, 30)


def test_a_100_kb_query_is_refused_with_exit_2(session_context, capsys):
    assert main(["search", "drained " * 12_500]) == 2
    assert capsys.readouterr().err == (
        "judge: the query is 100,000 characters long; at most 1,000 are "
        "searched (shorten it to the words that matter)\n"
    )


def test_too_many_terms_are_refused(session_context, capsys):
    assert main(["search", *(["a"] * 101)]) == 2
    assert capsys.readouterr().err == (
        "judge: the query has 101 terms; at most 100 are searched (shorten it to the words that matter)\n"
    )


def test_a_query_at_the_bounds_is_searched(session_context, capsys):
    words = ("drained entity block " * 34).split()[:100]
    text = " ".join(words)
    assert len(text) <= 1000 and len(words) == 100
    assert main(["search", text]) == 0
    assert "No Dawn CR" in capsys.readouterr().out


def test_the_search_layer_refuses_too(session_searcher):
    with pytest.raises(qlang.QueryTooLarge):
        session_searcher.search("x" * 1001)


def test_did_you_mean_looks_up_at_most_three_words(session_searcher, monkeypatch):
    from whoosh import spelling

    looked_up = []
    real = spelling.Corrector.suggest
    monkeypatch.setattr(
        spelling.Corrector, "suggest", lambda self, text, *a, **k: looked_up.append(text) or real(self, text, *a, **k)
    )
    result = session_searcher.search("blokc drainde entiyt havne " + "q" * 31)
    assert looked_up == ["blokc", "drainde", "entiyt"]
    assert result.suggestions[0].split()[3:] == ["havne", "q" * 31]


def test_the_tui_says_it_where_the_results_would_be(session_searcher, corpus):
    from judge.library import Library

    found = Library(corpus, session_searcher).find("x" * 1001)
    assert found.hits == [] and found.notes == [
        "the query is 1,001 characters long; at most 1,000 are searched (shorten it to the words that matter)"
    ]
