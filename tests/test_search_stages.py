"""Each ranking stage alone (judge/search/ranking.py, STAGES): a fixed input gives its known
factor, and the pipeline run with `explain` says what each stage did to each hit."""

from __future__ import annotations

import pytest

from judge.corpus.model import Entry
from judge.search import ranking, word_scoring
from judge.search.analysis import analyze
from judge.search.query import parse
from judge.search.ranking import Hit


def _ranking(text: str, **fields) -> ranking.Ranking:
    parsed = parse(text)
    return ranking.Ranking(parsed, analyze(parsed.words.lower()), True, fields.pop("limit", 10), **fields)


def _hit_in(searcher, game: str, score: float = 1.0) -> Hit:
    docnum = searcher.lexicon.games.index(game)
    return Hit(searcher.lexicon.ids[docnum], score, docnum=docnum)


def _saved(number: int, text: str, game: str = "nodawn") -> Entry:
    return Entry(f"saved:{number}", "saved", game, "ruling", text, extra={"event": "", "table": "", "judge": ""})


def test_the_table_names_each_stage_once_with_its_rule_of_thumb():
    names = [stage.name for stage in ranking.STAGES]
    assert len(set(names)) == len(names) and names[0] == "found"
    assert all(stage.rule and callable(stage.run) for stage in ranking.STAGES)


def test_found_gives_the_candidates_and_their_first_score(session_searcher):
    asked = _ranking("drained entity block")
    hits = ranking.found(session_searcher, asked, [])
    candidates = session_searcher._words.candidates(
        asked.terms, {t: {t} for t in asked.terms}, None, session_searcher._allowed_docs(asked.parsed)
    )
    assert [(h.docnum, h.score) for h in hits] == list(candidates)
    assert set(asked.terms) <= asked.words and asked.highlight == frozenset(asked.words)
    assert all(h.terms == asked.highlight for h in hits)


def test_game_prior_weighs_a_hit_by_how_likely_its_game_is(session_searcher):
    nodawn, shadowfist = _hit_in(session_searcher, "nodawn"), _hit_in(session_searcher, "shadowfist")
    ranking.game_prior(session_searcher, _ranking("x", posterior={"nodawn": 0.5}), [nodawn, shadowfist])
    assert nodawn.score == pytest.approx(ranking.GAME_FLOOR + (1 - ranking.GAME_FLOOR) * 0.5)
    assert shadowfist.score == 1.0  # a game the prior does not name keeps its score


def test_coverage_weighs_a_hit_by_the_share_of_the_question_it_has(session_searcher):
    hit, other = _hit_in(session_searcher, "nodawn", 2.0), _hit_in(session_searcher, "shadowfist", 2.0)
    asked = _ranking(
        "drain block",
        concepts={"drain": {"drain"}, "block": {"block"}},
        concept_idf={"drain": 1.0, "block": 1.0},
        containing={"drain": {hit.docnum, other.docnum}, "block": {other.docnum}},
    )
    ranking.coverage(session_searcher, asked, [hit, other])
    assert hit.score == pytest.approx(2.0 * 0.5**word_scoring.COVERAGE_POWER)  # one word of two
    assert other.score == pytest.approx(2.0)  # both


def test_a_rule_is_lifted_just_above_its_example(session_searcher, corpus):
    example = next(e for e in corpus.entries.values() if e.kind == "example" and e.parent)
    hits = ranking.rules_above_examples(session_searcher, _ranking("x"), [Hit(example.id, 2.0)])
    lead = next(h for h in hits if h.id == example.parent)
    assert lead.score == pytest.approx(2.0 * ranking.RULE_ABOVE_EXAMPLE)
    low = Hit(example.parent, 1.0)  # found by itself, below its example: raised to just above it
    ranking.rules_above_examples(session_searcher, _ranking("x"), [Hit(example.id, 2.0), low])
    assert low.score == pytest.approx(2.0 * ranking.RULE_ABOVE_EXAMPLE)


def test_a_saved_ruling_scores_the_best_hit_times_its_coverage(session_searcher):
    asked = _ranking(
        "drain block",
        concepts={"drain": {"drain"}, "block": {"block"}},
        concept_idf={"drain": 1.0, "block": 3.0},
        saved_rulings=lambda: [_saved(1, "It can block."), _saved(2, "Drain it."), _saved(3, "Nothing alike.")],
    )
    hits = ranking.saved_rulings(session_searcher, asked, [Hit("nd:1", 4.0)])
    assert [h.id for h in hits] == ["nd:1", "saved:1"]  # "drain" is only a quarter of the question
    assert hits[1].score == pytest.approx(4.0 * 0.75**word_scoring.COVERAGE_POWER)
    assert hits[1].entry.id == "saved:1"


def test_saved_rulings_are_not_asked_for_when_a_filter_rules_them_out(session_searcher):
    def refused():
        raise AssertionError("the saved rulings were read")

    for text in ('card:"charmed life" block', "302.5 block", "kind:rule block", "doc:nd block"):
        asked = _ranking(text, saved_rulings=refused)
        assert ranking.saved_rulings(session_searcher, asked, []) == []
    assert ranking.saved_rulings(session_searcher, _ranking("block"), []) == []  # no source: none


def test_by_score_puts_the_best_first_keeping_ties_in_order(session_searcher):
    hits = [Hit("a", 1.0), Hit("b", 3.0), Hit("c", 1.0)]
    assert [h.id for h in ranking.by_score(session_searcher, _ranking("x"), hits)] == ["b", "a", "c"]


def test_a_repeated_text_is_listed_once_naming_its_copy(session_searcher):
    hits = [
        Hit("saved:1", 3.0, entry=_saved(1, "Same words.")),
        Hit("saved:2", 2.0, entry=_saved(2, "Other words.")),
        Hit("saved:3", 1.0, entry=_saved(3, "same  WORDS")),
    ]
    kept = ranking.without_repeats(session_searcher, _ranking("x"), hits)
    assert [h.id for h in kept] == ["saved:1", "saved:2"] and kept[0].same_text == ["saved:3"]
    many = [Hit(f"saved:{n}", 1.0, entry=_saved(n, f"text {n}")) for n in range(1, 30)]
    assert len(ranking.without_repeats(session_searcher, _ranking("x", limit=3), many)) == 3 + ranking.FIRST_PAGE


def test_the_other_document_of_a_game_joins_the_first_page(session_searcher, corpus):
    docs: dict[str, list[str]] = {}
    for key in corpus.documents:
        docs.setdefault(corpus.game_of(key), []).append(key)
    one, other = next(keys for keys in docs.values() if len(keys) > 1)[:2]
    of = {doc: [e.id for e in corpus.entries.values() if e.doc == doc][:10] for doc in (one, other)}
    page = [Hit(i, 10.0 - n) for n, i in enumerate(of[one][:8])]
    joining = Hit(of[other][0], 5.0)  # half the best score: it joins the page's last place
    hits = ranking.every_document_of_the_game(session_searcher, _ranking("x"), page + [joining])
    assert hits.index(joining) == ranking.FIRST_PAGE - 1
    too_low = Hit(of[other][0], 4.0)
    hits = ranking.every_document_of_the_game(session_searcher, _ranking("x", limit=3), page + [too_low])
    assert too_low not in hits and len(hits) == 3  # cut to the limit


def test_explain_names_every_stage_in_order_and_its_factor(session_searcher):
    result = session_searcher.search("drained entity block", explain=True)
    names = [stage.name for stage in ranking.STAGES]
    for hit in result.hits:
        stages = [step.stage for step in hit.steps]
        assert stages == names[names.index(stages[0]) :]  # from the stage that brought it in
        assert hit.steps[0].factor is None and hit.steps[-1].score == hit.score
        for before, step in zip(hit.steps, hit.steps[1:]):
            assert step.score == pytest.approx(before.score * step.factor)
    assert result.hits[0].steps[0].stage == "found"
    plain = session_searcher.search("drained entity block")
    assert [(h.id, h.score) for h in plain.hits] == [(h.id, h.score) for h in result.hits]
    assert all(h.steps == [] for h in plain.hits)


def test_search_reads_saved_rulings_only_through_the_source_it_is_handed():
    """judge/search imports nothing of judge/rulings, at the top of a module or inside a function."""
    import ast
    from pathlib import Path

    import judge.search

    named = []
    for path in sorted(Path(judge.search.__file__).parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                named += [(path.name, node.module)]
            elif isinstance(node, ast.Import):
                named += [(path.name, alias.name) for alias in node.names]
    assert named and [(f, m) for f, m in named if m.startswith("judge.rulings")] == []


@pytest.mark.usefixtures("session_context")
def test_judge_search_explain_prints_and_lists_each_stage(capsys, tmp_path, monkeypatch):
    import json

    from judge.cli import main

    monkeypatch.setenv("JUDGE_RULINGS_DB", str(tmp_path / "none.sqlite3"))
    monkeypatch.delenv("COLUMNS", raising=False)  # lines unwrapped: one "ranked:" line a result
    names = [stage.name for stage in ranking.STAGES]
    assert main(["search", "--json", "--explain", "--limit", "3", "drained entity block"]) == 0
    results = json.loads(capsys.readouterr().out)
    assert [step["stage"] for step in results[0]["stages"]] == names
    assert results[0]["stages"][-1]["score"] == results[0]["score"]
    assert main(["search", "--json", "--limit", "3", "drained entity block"]) == 0
    assert all("stages" not in r for r in json.loads(capsys.readouterr().out))  # only when asked
    assert main(["search", "--explain", "--limit", "2", "drained entity block"]) == 0
    ranked = [line for line in capsys.readouterr().out.splitlines() if line.startswith("    ranked: found: ")]
    assert len(ranked) == 2 and all(f" · {names[-1]} x" in line for line in ranked)


def test_what_a_game_filter_hid_is_looked_for_in_the_saved_rulings_this_search_was_handed(session_searcher):
    """A station reading another log (`judge serve --db`) hands each search its own source: the
    "hidden by the filter" look over every game reads that log too, not the searcher's default."""
    words = "feng shui site zyzzogeton"  # Shadowfist's words: nothing of No Dawn answers them
    handed = lambda: [_saved(7, f"A {words} ruling.", game="shadowfist")]  # noqa: E731
    result = session_searcher.search(words, game="nodawn", saved_rulings=handed)
    assert result.hits == [] and "saved:7" in [h.id for h in result.elsewhere]
    assert "saved:7" not in [h.id for h in session_searcher.search(words, game="nodawn").elsewhere]
