"""Search: every query form, the vocabulary bridge, filters, "did you mean", and ranking on
questions written for these tests (not the shared benchmark's)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from judge.search import query as qlang
from judge.search.analysis import analyze, fold
from judge.search.index import open_searcher
from judge.search.synonyms import curated_groups, expansions, load_groups


@pytest.fixture(scope="module")
def searcher(corpus):
    return open_searcher(corpus)


def ids(result, n=10):
    return [h.id for h in result.hits[:n]]


# -- query language ------------------------------------------------------------------------
def test_parse_forms():
    p = qlang.parse('game:lcg kind:topic,paragraph "declare blockers" drained 704.5j 704.5. 116.2b–c')
    assert p.games == ["l5r-lcg"] and p.kinds == ["topic", "paragraph"]
    assert [type(t).__name__ for t in p.numbers] == ["NumberTerm", "NumberTerm", "RangeTerm"]
    assert p.numbers[1].alone and not p.numbers[0].alone
    assert '"declare blockers"' in p.words and "drained" in p.words


def test_card_filter_takes_the_rest_unless_quoted():
    assert qlang.parse("card:charmed life").card == "charmed life"
    p = qlang.parse('card:"charmed life" protect')
    assert p.card == "charmed life" and p.words == "protect"


def test_bare_three_digit_number_among_words_is_a_word():
    p = qlang.parse("I have 100 cards")
    assert p.numbers == [] and "100" in p.words


def test_number_exact_and_family(searcher):
    assert ids(searcher.search("702.6."), 5) == ["nd:702.6"]
    family = ids(searcher.search("702.6", limit=50), 50)
    assert family[0] == "nd:702.6" and all(i.startswith("nd:702.6") for i in family)
    assert not any(i.startswith("nd:702.60") for i in family)


def test_number_with_words_filters_to_the_family(searcher):
    hits = ids(searcher.search("704.5 wrath"))
    assert hits and all(h.startswith("nd:704.5") for h in hits)
    assert "nd:704.5e" in hits[:3]


def test_phrase_and_boolean_operators(searcher, corpus):
    def searched_text(entry_id):  # what the index holds for an entry: its text and its examples
        entry = corpus.get(entry_id)
        return " ".join([entry.title, entry.text] + [c.text for c in corpus.children(entry, "example")]).lower()

    phrase = searcher.search('"lethal damage"').hits
    # adjacent as indexed words ("lethal (damage" counts: punctuation is not a word)
    assert phrase and all(" lethal damag " in " " + " ".join(analyze(searched_text(h.id))) + " " for h in phrase)
    both = searcher.search("overrun AND venom").hits
    assert both and all("overrun" in searched_text(h.id) and "venom" in searched_text(h.id) for h in both)
    without = searcher.search("flying NOT reach").hits
    assert without and all("reach" not in searched_text(h.id) for h in without)
    either = {h.id for h in searcher.search("celerity OR frenzy", limit=50).hits}
    assert "nd:glossary/celerity" in either and "nd:glossary/frenzy" in either


def test_game_and_kind_filters(searcher, corpus):
    for game, word in (("nodawn", "damage"), ("l5r-lcg", "honor"), ("l5r-ccg", "honor"), ("shadowfist", "damage")):
        hits = searcher.search(f"game:{game} {word}").hits
        assert hits and {corpus.get(h.id).game for h in hits} == {game}
    hits = searcher.search("kind:glossary honor").hits
    assert hits and all(corpus.get(h.id).kind == "glossary" for h in hits)
    hits = searcher.search("honor", game="l5r-lcg", kind="paragraph").hits
    assert hits and all(corpus.get(h.id).doc == "lcg" and corpus.get(h.id).kind == "paragraph" for h in hits)


def test_card_filter_finds_the_card_and_its_rulings(searcher, corpus):
    hits = searcher.search("card:charmed lyfe").hits
    assert hits and all(h.id.startswith("sf:card/charmed-life") for h in hits)
    hits = searcher.search('card:"charmed life" smoke').hits
    assert hits and all(h.id.startswith("sf:card/charmed-life/") for h in hits)


# (what the judge typed, the plain words it must be searched as)
UNPARSEABLE = [
    ("block (", "block"),
    ('a "b', "a b"),
    ("NOT", "not"),
    ("704.5j)", "704.5j"),
    ("field:value", "field value"),
    ("~2", "2"),
    ('drained "block', "drained block"),
    ("AND AND damage", "and and damage"),
    ("(vigor", "vigor"),
    ("damage)", "damage"),
    ('"declare blockers', "declare blockers"),
    ("block NOT", "block not"),
    ("game:", "game"),
    ("kind:", "kind"),
    ("card:", "card"),  # a filter with nothing after it is its word
]
NO_WORDS = ['"', "AND AND", "(", "OR OR", "**", "––", "\\", "^"]


@pytest.mark.parametrize("query, words", UNPARSEABLE)
def test_unparseable_queries_are_plain_words(searcher, query, words):
    hits = [h.id for h in searcher.search(query).hits]
    assert hits, f"{words!r} finds entries, so {query!r} must too"
    assert hits == [h.id for h in searcher.search(words).hits]


@pytest.mark.parametrize("query", NO_WORDS)
def test_a_query_of_no_words_finds_nothing(searcher, query):
    result = searcher.search(query)
    assert result.hits == []  # never the first entries of the corpus
    if not result.query.words.strip():
        assert result.notes == ["nothing to search for"]


def test_unknown_game_filter_is_refused(searcher):
    from judge.search.query import UnknownFilter

    with pytest.raises(UnknownFilter, match="unknown game 'chess'"):
        searcher.search("game:chess damage")


# -- analysis --------------------------------------------------------------------------------
def test_analysis_keeps_rules_words_and_numbers():
    terms = analyze("A player may not block unless 704.5j says instead; can't")
    for kept in ("may", "not", "unless", "instead", "can't", "704.5j"):
        assert analyze(kept)[0] in terms
    assert "a" not in terms


def test_quotes_and_dashes_fold():
    assert analyze("can’t") == analyze("can't") == analyze("cannot") == ["cannot"]
    assert fold("116.2b–c") == "116.2b-c"


def test_contractions_read_as_words():
    # A pronoun's contraction is a function word: "I've" must not become the rare term "iv".
    assert analyze("I've got they're you'll") == analyze("got")
    # A negative one keeps its negation: "doesn't" finds "does not".
    assert analyze("doesn't") == analyze("not") and analyze("won't") == ["not"]
    # Possessives only lose the apostrophe; a word typed without one is left alone.
    assert analyze("player's") == analyze("players") and analyze("ill") == ["ill"]


def test_stemming_meets_the_rules_forms():
    # Snowball, not Porter's original: "tapped" is "tap", "dying" is "die", "one" is not "on".
    assert analyze("tapped tapping") == analyze("tap tap") and analyze("dying") == analyze("dies")
    assert analyze("one") != analyze("on")
    # Irregular forms (rules/english-words.yaml) before stemming, derived words to their root after.
    assert analyze("stole stolen dealt halves") == analyze("steal steal deal half")
    assert analyze("owners ownership blockers death") == analyze("own own block die")
    # The common irregular verbs and agent nouns: "a broken province" meets "break a province".
    assert analyze("broken broke chosen withdrawn forbidden") == analyze("break break choose withdraw forbid")
    assert analyze("winner loser choice defense defence") == analyze("win lose choose defend defend")


def test_rule_listed_above_its_example(searcher, corpus):
    """An example found by the judge's story brings the rule it illustrates in just above it."""
    hits = ids(
        searcher.search(
            "a response destroys one of the Scholars reducing the cost — does the price of the spell go back up?"
        )
    )
    example = next(i for i in hits if corpus.get(i).kind == "example")
    rule = corpus.get(example).parent
    assert rule in hits and hits.index(rule) < hits.index(example)
    kinds = {corpus.get(i).kind for i in ids(searcher.search("kind:example Scholars cost response"))}
    assert kinds == {"example"}  # a kind filter is kept: no rule is brought in


def test_symbols_are_searchable_by_name(searcher, corpus):
    for query in ("◇", "master-blood"):
        assert "nd:glossary/master-blood" in ids(searcher.search(query), 5), query
    hits = ids(searcher.search("diamond cost"), 10)
    # the first hit prints the symbol; the Master-Blood rules that never print it (202.3) are
    # found through the judge's index, whose questions name it in words
    assert "◇" in corpus.get(hits[0]).text and "nd:glossary/master-blood" in hits
    assert any(h.startswith("nd:") for h in ids(searcher.search("✚ corruption cost"), 3))


def test_l5r_icons_searchable_as_words(searcher, corpus):
    hits = searcher.search("game:l5r-lcg military political icon", limit=20).hits
    assert any("military" in corpus.get(h.id).text.lower() for h in hits)


# -- the vocabulary bridge ---------------------------------------------------------------------
def test_reskins_come_from_the_glossary(corpus):
    groups = [g for g in load_groups(corpus) if g.origin.startswith("nd:glossary/")]
    by_origin = {g.origin: g for g in groups}
    assert ("trampl",) in by_origin["nd:glossary/overrun"].phrases
    assert ("flash",) in by_origin["nd:glossary/ambush"].phrases
    assert len([g for g in groups if g.origin != "nd:glossary/tome"]) >= 30


def test_curated_synonyms_are_data_with_games():
    groups = curated_groups()
    games = {g.game for g in groups}
    assert {None, "nodawn", "l5r-lcg", "l5r-ccg", "shadowfist"} <= games
    nd = [g for g in groups if g.game == "nodawn"]
    assert any(("tap",) in g.phrases and ("drain",) in g.phrases for g in nd)


def test_expansions_respect_the_game_filter(corpus):
    groups = load_groups(corpus)
    added = {p for p, _, _ in expansions(analyze("tapped creature"), groups, ["l5r-lcg"])}
    assert ("bow",) in added and ("drain",) not in added


@pytest.mark.parametrize(
    "query,expected",
    [
        ("is there trample", "nd:glossary/overrun"),
        ("is there flash in this game", "nd:glossary/ambush"),
        ("creature with haste", "nd:glossary/bloodlust"),
        ("exile zone", "nd:glossary/void"),
    ],
)
def test_magic_words_find_no_dawn_rules(searcher, query, expected):
    assert expected in ids(searcher.search(query), 5)


# -- did you mean ----------------------------------------------------------------------------
def test_did_you_mean_from_the_index_vocabulary(searcher):
    result = searcher.search("sherlterred overrunn")
    assert result.hits == [] or result.suggestions == []  # suggestions only when nothing matches
    result = searcher.search("xqzt sheltred")
    assert result.hits == [] and result.suggestions
    assert "shelter" in result.suggestions[0]


def test_did_you_mean_in_the_cli(capsys):
    from judge import cli, context

    context.corpus.cache_clear()
    context.searcher.cache_clear()
    assert cli.main(["search", "xqzt sheltred"]) == 1
    assert "Did you mean" in capsys.readouterr().out


# -- ranking, one question set per document ------------------------------------------------------
RANKING = [
    # (question, the entries that answer it (any one), within the top N). Where the rules state
    # the answer in several places, each is named: the glossary's Blocker and rule 302.5 say
    # "a drained Entity may still block" as plainly as 509.1c does.
    ("can a drained entity still block", ("nd:509.1c", "nd:302.5", "nd:glossary/blocker"), 3),
    ("do damage counters go away at the end of the turn", ("nd:120.4", "nd:302.7", "nd:510.3a"), 5),
    ("what does the reskin of deathtouch do", "nd:glossary/venom", 3),
    ("how many copies of one card can my domain and sideboard hold", "nd:100.2b", 5),
    ("when does a player with 12 wrath gain corruption", "nd:704.5e", 5),
    ("can I play a second restricted attachment on the same character", "lcg:restricted/1", 5),
    ("what happens when a province is broken", "lcg:breaking-a-province-broken-province/1", 5),
    ("how much honor do I need to win", "ccg:how-to-win/2", 5),
    # Two questions of no game: every game states its own answer (No Dawn's hand size leads,
    # "seven"); the L5R CCG one stands within the first ten, and first with the game given.
    ("what is the maximum hand size", "ccg:sequence-of-play-in-detail/end-phase/1", 10),
    ("who owns a card after control changes", "ce:card-ownership/1", 10),
    ("does a personality that enters play bowed count as bowing", "ce:bowed-and-unbowed/5", 5),
    ("charmed life end of turn damage", "sf:card/charmed-life/1", 5),
    ("when must damage redirection be played", "sf:topic/damage-redirection/1", 5),
]


@pytest.mark.parametrize("question,expected,within", RANKING)
def test_ranking(searcher, corpus, question, expected, within):
    answers = (expected,) if isinstance(expected, str) else expected
    assert all(corpus.get(a) is not None for a in answers), answers
    assert set(answers) & set(ids(searcher.search(question, limit=within), within))


@pytest.mark.parametrize(
    "question, game, expected",
    [
        (
            "what is the maximum hand size",
            "l5r-ccg",
            {"ccg:sequence-of-play-in-detail/end-phase/1", "ccg:setup/preparing-the-field/8"},
        ),  # both say "eight"
        ("who owns a card after control changes", "l5r-ccg", {"ce:card-ownership/1"}),
    ],
)
def test_a_question_of_no_game_is_answered_first_in_its_game(searcher, question, game, expected):
    assert ids(searcher.search(question, game=game), 1)[0] in expected


# Regression floors per document, a little below today's figures so the test catches regressions,
# not noise (docs/development/search-quality.md reports the exact figures). The held-out set is scored once a method is
# frozen; its floors are added here then. Until it lands, only the tuning set is checked.
QUESTION_SETS = [
    ("judge_questions_tuning.json", {"nd": 0.5, "lcg": 0.45, "ccg": 0.5, "ce": 0.45, "sf": 0.7}),
]
SET_FILES = ["judge_questions_tuning.json", "judge_questions_heldout.json", "judge_questions_heldout2.json"]


def _normalised(text: str) -> str:
    return " ".join(re.findall(r"[\w'%-]+", fold(text).lower()))


def _answers(text: str, passage: str) -> bool:
    """As the shared scorer reads it: the entry holds the passage, or is most of it (an entry
    cut smaller than the passage). Both are normalised already."""
    return bool(text and passage) and (passage in text or (text in passage and len(text) >= 0.5 * len(passage)))


@pytest.mark.slow
@pytest.mark.parametrize("name,floors", QUESTION_SETS)
def test_own_questions_recall(searcher, corpus, name, floors):
    """Our own judge questions (tests/data/, written from the sources alone; none paraphrases a
    shared-bench question, bench/evaluation/dedup_questions.py checks): the answer passage, or one of its
    `also` equivalents, must be in the top 5 for most of them, per document. The ranking
    constants are fitted on the tuning set only (bench/evaluation/tune_search.py refuses the held-out one)."""
    questions = json.loads((Path(__file__).parent / "data" / name).read_text())
    per_doc: dict[str, list[bool]] = {}
    for q in questions:
        hits = searcher.search(q["question"], limit=5).hits
        passages = [_normalised(p) for p in [q["answer"], *q.get("also", [])]]
        found = any(_answers(_normalised(corpus.get(h.id).text), p) for h in hits for p in passages)
        per_doc.setdefault(q["doc"], []).append(found)
    assert set(per_doc) == set(floors), per_doc.keys()
    recall = {d: sum(v) / len(v) for d, v in per_doc.items()}
    assert all(recall[d] >= floors[d] for d in floors), recall


@pytest.mark.parametrize("name", SET_FILES)
def test_question_sets_are_well_formed(corpus, name):
    """Every question names a known document, has a unique id, and each answer or `also` passage
    stands verbatim in some entry — one that did not could never be found, and a typo in a set
    would read as a search failure."""
    questions = json.loads((Path(__file__).parent / "data" / name).read_text())
    assert questions and len({q["id"] for q in questions}) == len(questions)
    assert {q["doc"] for q in questions} <= set(corpus.documents)
    texts = [_normalised(e.text) for e in corpus.entries.values()]
    for q in questions:
        for passage in [q["answer"], *q.get("also", [])]:
            p = _normalised(passage)
            assert any(_answers(t, p) for t in texts), (name, q["id"], passage)


@pytest.mark.slow
def test_any_text_searches_without_raising(searcher):
    """Whatever a judge types — operators, brackets, quotes, symbols, field syntax — searches."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    pieces = st.sampled_from(
        [
            '"',
            "(",
            ")",
            "AND",
            "OR",
            "NOT",
            "*",
            "?",
            "~",
            "^",
            ":",
            "game:",
            "kind:",
            "card:",
            "704.5",
            "704.5.",
            "116.2b–c",
            "–",
            "◇",
            "'",
            "\\",
            "[",
            "]",
            "{",
            "}",
            "block",
            "drained",
            "honor",
            "-",
            "+",
            "/",
            "<",
            ">",
            "=",
        ]
    )
    queries = st.lists(st.one_of(pieces, st.text(max_size=6)), max_size=8).map(" ".join)

    @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(queries)
    def check(query):
        result = searcher.search(query, limit=5)
        assert isinstance(result.hits, list)

    check()


def test_doc_filter(searcher, corpus):
    hits = searcher.search("doc:ce control").hits
    assert hits and all(corpus.get(h.id).doc == "ce" for h in hits)
    assert qlang.parse("doc:ce,lcg honor").docs == ["ce", "lcg"]
